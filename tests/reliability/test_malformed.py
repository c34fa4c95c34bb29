"""Malformed scenario and save files: a clear error that names the place, never a traceback,
never a half-loaded game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import TESTBED_DIR
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.model import IllegalOrder
from tui_wargame.scenario_file import ScenarioError

SCENARIO = (TESTBED_DIR / "testbed.toml").read_text()
ORDERS = ["move r1 0201 0301 0401", "move r2 0202", "end", "attack r1 0402", "end"]

odd_values = st.sampled_from([
    '"x"', "-1", "0", "99999999999999999999", "9223372036854775807", "true", "[]", "{}", '"9999"',
    '"0101"', '"eliminated"', '"\\u001b[2J"', '"[bold]x[/bold]"', '""', "1.5", '["a", 1]', '{x = 1}',
])


def mutate(text: str, data: st.DataObject) -> str:
    """One of: cut the text, replace a value, drop or repeat a line, or change one character."""
    lines = text.split("\n")
    kind = data.draw(st.sampled_from(["cut", "value", "drop", "repeat", "char"]))
    if kind == "cut":
        return text[: data.draw(st.integers(0, len(text)))]
    index = data.draw(st.integers(0, len(lines) - 1))
    if kind == "value":
        m = re.search(r" = ", lines[index])
        if m:
            lines[index] = lines[index][: m.end()] + data.draw(odd_values)
    elif kind == "drop":
        del lines[index]
    elif kind == "repeat":
        lines.insert(index, lines[index])
    else:
        line = lines[index]
        at = data.draw(st.integers(0, max(0, len(line) - 1)))
        lines[index] = line[:at] + data.draw(st.characters(codec="utf-8")) + line[at + 1:]
    return "\n".join(lines)


@given(st.data())
def test_a_malformed_scenario_is_refused_with_its_place(data: st.DataObject) -> None:
    text = mutate(SCENARIO, data)
    try:
        scenario = scenario_file.parse(text, "broken.toml")
    except ScenarioError as exc:
        assert exc.problems and all(p.strip() for p in exc.problems)
        assert str(exc).startswith("broken.toml: ")
    else:
        assert scenario.id and scenario.units  # a mutation that is still a good scenario


def test_invalid_utf8_in_a_scenario(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(SCENARIO.encode().replace(b"River", b"Ri\xc3\x28ver"))
    with pytest.raises(ScenarioError, match="not UTF-8"):
        scenario_file.load(path)


@pytest.fixture(scope="module")
def good_save(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("good") / "good.toml"
    with Game.new(scenario_file.find("testbed", [TESTBED_DIR]), path, seed=3) as game:
        for order in ORDERS:
            try:
                game.submit(order)
            except IllegalOrder:
                game.submit(game.legal_orders()[0])
    return path.read_bytes()


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_malformed_save_opens_whole_or_not_at_all(good_save: bytes, tmp_path: Path,
                                                     data: st.DataObject) -> None:
    path = tmp_path / "save.toml"
    if data.draw(st.booleans()):
        path.write_text(mutate(good_save.decode(), data))
    else:  # raw bytes: invalid UTF-8 and all
        at = data.draw(st.integers(0, len(good_save) - 1))
        path.write_bytes(good_save[:at] + data.draw(st.binary(min_size=1, max_size=4)) + good_save[at + 1:])
    try:
        game = Game.open(path, scenario_dirs=[TESTBED_DIR])
    except WargameError as exc:
        assert str(path) in str(exc) or "scenario" in str(exc)
        return
    with game:  # it opened: then it is whole, and every query works
        assert game.records[0].kind == "setup" and len(game.records) >= 1
        game.legal_orders()
        game.prompt()
        game.state_at(0)
        problems = game.verify()
        if game.chain_problems or game.warnings:
            assert problems or game.warnings
