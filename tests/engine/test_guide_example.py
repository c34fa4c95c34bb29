"""The complete rule system in docs/architecture.md ("Writing a rule system") plays as the guide
says: a reader who copies it gets `new`, `legal`, `order`, `show`, `replay --text` and `verify`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import rules
from tui_wargame.cli import main

GUIDE = Path(__file__).parents[2] / "docs" / "architecture.md"


def test_the_guides_march_system_plays_through_the_cli(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code = re.search(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert code, "the guide's example is a ```python block"
    monkeypatch.setattr(rules, "_registry", dict(rules._registry))  # the guide registers "march"
    exec(compile(code.group(1), str(GUIDE), "exec"), {"__name__": "march_guide"})
    scenario = (TESTBED_DIR / "testbed.toml").read_text(encoding="utf-8")
    scenario = scenario.replace('id = "testbed"', 'id = "march"', 1).replace(
        'system = "testbed"', 'system = "march"', 1)
    (tmp_path / "march.toml").write_text(scenario, encoding="utf-8")
    save = str(tmp_path / "m.toml")

    def run(*argv: str) -> tuple[int, str]:
        status = main(["--scenarios", str(tmp_path), *argv])
        out, err = capsys.readouterr()
        return status, out + err

    assert run("new", "march", "--seed", "1", "--out", save)[0] == 0
    status, out = run("legal", save)
    assert status == 0 and "step r1 0201" in out, out
    status, out = run("order", save, "step r1 0201", "step b1 0403")
    assert status == 0 and "accepted [2] Blue: step b1 0403" in out, out
    status, out = run("show", save)
    assert status == 0 and "Active: Red" in out, out
    assert "Victory points" not in out  # the guide's system keeps none: no empty line for them
    assert run("replay", save, "--text")[0] == 0
    status, out = run("verify", save)
    assert status == 0 and "ok: 3 records" in out, out
