"""A rule system with nothing but the required core plays in the TUI: the testbed (tests/testbed)
offers no capability, and the screen falls back on the defaults (rules.capabilities) for
reach, moves, layers, notes, help and menus."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.testbed.system import SYSTEM
from tests.tui.helpers import press, screen_text, sync
from tui_wargame.engine import Game
from tui_wargame.rules.capabilities import Capabilities
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ConfirmScreen
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.glyphs import UNICODE
from tui_wargame.tui.help import HelpScreen
from tui_wargame.tui.info import Namer, victory_text
from tui_wargame.tui.title import TitleScreen


def test_the_testbed_has_only_the_required_core() -> None:
    assert not [name for name in Capabilities.NAMES if hasattr(SYSTEM, name)]


@sync
async def test_select_move_end_the_phase_and_read_the_help_with_the_core_alone(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.menus == {}
        footer = screen_text(pilot.app).splitlines()[-1]
        assert "Fire" not in footer and footer.rstrip().endswith("q Quit")  # no menu: no key for one
        await press(pilot, "tab")
        assert screen.selected == "r1" and "reach: " in screen_text(pilot.app)  # the default reach
        await press(pilot, "right", "m")  # to a hex next to it: the destination alone
        assert game.records[-1].order == "move r1 0201"
        await press(pilot, "u", "right", "m")  # two hexes (r1 still selected): by the fewest steps
        assert game.records[-1].order == "move r1 0201 0301"
        await press(pilot, "Z")
        assert "The rules draw nothing more on demand" in screen_text(pilot.app)
        await press(pilot, "e")
        assert isinstance(pilot.app.screen, ConfirmScreen)  # r2 could still move
        await press(pilot, "y")
        assert game.state.phase == "combat"
        await press(pilot, "question_mark")
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert [pid for pid, _ in help_screen.pages] == ["keys", "map", "rules", "results", "victory"]
        for key in ("2", "3", "5", "4"):
            await press(pilot, key)
            assert help_screen.page == help_screen.pages[int(key) - 1][0]
        assert "No results yet." in screen_text(pilot.app)  # the core headlines nothing
        await press(pilot, "q")
        assert pilot.app.screen is screen


@sync
async def test_a_new_core_only_game_starts_without_asking_options(tmp_path: Path) -> None:
    app = WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(pilot.app.screen, TitleScreen)
        assert "When the game starts" not in screen_text(pilot.app)
        await press(pilot, "n")
        assert isinstance(pilot.app.screen, GameScreen)
        pilot.app.screen.game.close()


def test_a_system_keeping_no_points_has_no_points_line(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.system, "victory_points", lambda scenario, state: {})
    assert "VP" not in victory_text(game, game.state, Namer(game, UNICODE)).plain
    monkeypatch.undo()
    assert victory_text(game, game.state, Namer(game, UNICODE)).plain.startswith("VP: Red 0, Blue 3")
