"""Every shell example in README.md and docs/ runs as written (issue 17).

The fenced blocks marked `sh`, `shell`, `bash` or `console` are run line by line, in order, each
document's in a fresh folder: each `tui-wargame` (or `python3 -m tui_wargame`) command through the
command line's `main`, which must exit 0. The game screen is not opened: a command that would
open it (no command, `play`, `replay` without `--text`) runs up to the point where the screen
would start. Installing and testing commands (pip, pytest) are the reader's own and are skipped;
any other command is an example this test cannot check, and fails it. A synopsis (`COMMAND
--option NAME [--other DIR]`) is no example: its fence is marked `text`.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tui_wargame import cli
from tui_wargame.engine import Game

ROOT = Path(__file__).parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(?:sh|shell|bash|console)[ \t]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
PROGRAM = (["tui-wargame"], ["python3", "-m", "tui_wargame"])
NOT_OURS = (["python3", "-m", "pip"], ["python3", "-m", "pytest"], ["pip"], ["pytest"])


def commands(document: Path) -> list[tuple[int, list[str]]]:
    """The commands of `document`'s shell blocks: (line number, words), `&&` chains split."""
    text = document.read_text()
    found = []
    for block in FENCE.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        for offset, line in enumerate(block.group(1).splitlines()):
            line = line.removeprefix("$ ")
            words = shlex.split(line, comments=True)
            while words:
                cut = words.index("&&") if "&&" in words else len(words)
                found.append((first + offset, words[:cut]))
                words = words[cut + 1:]
    return found


def test_the_documents_hold_examples_to_run() -> None:
    """The fences are found: the README's own examples and the scenarios' pages at least."""
    assert len(commands(ROOT / "README.md")) >= 10
    assert commands(ROOT / "docs" / "scenarios" / "suez1916.md")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scenario cache shared by the documents: each scenario is read and checked once, as a player's."""
    return tmp_path_factory.mktemp("cache")


@pytest.mark.parametrize("document", [d for d in DOCUMENTS if commands(d)], ids=lambda d: d.name)
def test_every_shell_example_runs_as_written(document: Path, tmp_path: Path, cache: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TUI_WARGAME_SAVES", raising=False)
    monkeypatch.delenv("TUI_WARGAME_SCENARIOS", raising=False)
    monkeypatch.setenv("TUI_WARGAME_CACHE", str(cache))

    def no_screen(args, start, game: Game | None = None, greeting: str = "",  # noqa: ANN001, ARG001
                  **more: object) -> int:
        if game is not None:
            game.close()
        return 0

    monkeypatch.setattr(cli, "_run_app", no_screen)
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    for line, words in commands(document):
        where = f"{document.relative_to(ROOT)}:{line}: {shlex.join(words)}"
        if any(words[: len(p)] == p for p in NOT_OURS):
            continue
        program = next((p for p in PROGRAM if words[: len(p)] == p), None)
        assert program is not None, f"{where}: not a tui-wargame command; this test cannot run it"
        code = cli.main(words[len(program):])
        out, err = capsys.readouterr()
        assert code == 0, f"{where}: exit status {code}\n{err}{out[-500:]}"
