"""The title screen with hostile saves and saves folders (issue 18): text from a file is shown as
text, never markup; a folder that is a file, a dangling link or a FIFO is told, never a crash or a hang."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import burst, press, screen_text, sync
from tui_wargame import cli
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.title import TitleScreen


def title_app(saves: Path) -> WargameApp:
    return WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=saves)


def forged(testbed: Scenario, path: Path, scenario: str) -> Path:
    """A save of the testbed whose header names `scenario` instead."""
    with Game.new(testbed, path, seed=2):
        pass
    path.write_text(path.read_text().replace('scenario = "testbed"', f"scenario = {scenario!r}", 1))
    return path


def toasts(app: WargameApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


@sync
async def test_markup_in_a_saves_scenario_field_is_shown_as_text(testbed: Scenario, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    forged(testbed, saves / "a.toml", "[bold red]x[/][@click=app.quit]y[/]")
    async with title_app(saves).run_test(size=(100, 30)) as pilot:
        await press(pilot, "tab", "c")
        assert isinstance(pilot.app.screen, TitleScreen)  # refused, and the app still runs
        (toast,) = toasts(pilot.app)
        assert "header.scenario: '[bold red]x[/][@click=app.quit]y[/]' is not a scenario id" in toast
        assert "[@click=app.quit]" in screen_text(pilot.app)  # the brackets shown, not taken as markup


@sync
async def test_a_saves_folder_that_is_a_file_is_told_when_a_game_starts(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.write_text("not a folder")
    async with title_app(saves).run_test(size=(100, 30)) as pilot:
        await press(pilot, "n")
        assert isinstance(pilot.app.screen, TitleScreen)
        (toast,) = toasts(pilot.app)
        assert str(saves) in toast and "cannot be made" in toast
    assert saves.read_text() == "not a folder"


@sync
async def test_a_dangling_link_and_a_fifo_in_the_saves_folder(testbed: Scenario, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    with Game.new(testbed, saves / "good.toml", seed=2):
        pass
    (saves / "gone.toml").symlink_to(tmp_path / "nowhere.toml")
    os.mkfifo(saves / "a.toml")
    expected = {"good.toml": "seed 2", "gone.toml": "cannot be read (No such file or directory)",
                "a.toml": "not a save file: only a regular file is read (this is a FIFO)"}
    async with title_app(saves).run_test(size=(200, 30)) as pilot:
        await press(pilot, "tab")
        screen = pilot.app.screen
        assert sorted(p.name for p in screen.saves) == sorted(expected)
        for name, told in expected.items():  # each save described in turn: none hangs the screen
            screen.query_one("#saves", OptionList).highlighted = [p.name for p in screen.saves].index(name)
            await pilot.pause()
            await pilot.pause()
            about = screen.query_one("#about", Static).render().plain  # whole, however the width wraps it
            assert told in " ".join(about.split()), name
        await press(pilot, "c")  # the FIFO, highlighted last: refused, not opened
        assert isinstance(pilot.app.screen, TitleScreen)
        assert "this is a FIFO" in toasts(pilot.app)[-1]


def test_an_internal_error_in_the_app_exits_3_not_0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    def broken(self: TitleScreen) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(TitleScreen, "load", broken)
    monkeypatch.setattr(WargameApp, "run", functools.partialmethod(WargameApp.run, headless=True))
    monkeypatch.setenv("TUI_WARGAME_SAVES", str(tmp_path / "saves"))
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    assert main(["--scenarios", str(TESTBED_DIR)]) == 3
    assert "tui-wargame: internal error (its details are above); please report it" in capsys.readouterr().err


@sync
async def test_the_saves_list_tells_where_each_game_stands(testbed: Scenario, tmp_path: Path) -> None:
    """Issue 17: scenario, turn, side and phase; the verdict of a game over; a scenario unknown
    here by its id; and the highlighted save described in full."""
    saves = tmp_path / "saves"
    with Game.new(testbed, saves / "over.toml", seed=1) as game:
        while not game.state.over:
            legal = [o.text for o in game.legal_orders()]
            game.submit("end" if "end" in legal else legal[0])
    with Game.new(testbed, saves / "started.toml", seed=2) as game:
        game.submit("move r1 0201")
    forged(testbed, saves / "elsewhere.toml", "nowhere")
    os.utime(saves / "over.toml", (1, 1))  # the oldest: listed last
    async with title_app(saves).run_test(size=(100, 30)) as pilot:
        shown = screen_text(pilot.app)
        assert "Testbed T1/4 R: movement" in shown
        assert "Testbed over: B won" in shown
        assert "nowhere T1 red: movement" in shown
        await press(pilot, "tab")
        about = screen_text(pilot.app)
        assert "Turn 1 of 4: Day 1 Morning" in about or "a scenario not found here" in about
        await press(pilot, "end")
        about = screen_text(pilot.app)
        assert "Over: Blue won (victory)" in about and "records, seed 1" in about


@sync
async def test_keys_after_quit_are_not_acted_on(testbed: Scenario, tmp_path: Path) -> None:
    """Keys typed ahead after `q` (a paste, a slow link) reach an app that is closing: they are
    dropped, not run against screens being torn down (a replay opened while quitting crashed)."""
    saves = tmp_path / "saves"
    with Game.new(testbed, saves / "started.toml", seed=2) as game:
        game.submit("move r1 0201")
    app = title_app(saves)
    async with app.run_test(size=(100, 30)) as pilot:
        burst(pilot.app, "qrrrrn")
        await pilot.pause()
    assert app.return_code in (0, None) and len(app.screen_stack) <= 2
