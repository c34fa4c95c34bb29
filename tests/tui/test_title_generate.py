"""The title screen's "g": a scenario generated from a seed (issue 14; Foxhole R24.D), written beside
the saves, listed with the scenarios, and a game of it started; its save finds it again."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, sync
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ChoiceScreen
from tui_wargame.tui.generate import SeedScreen
from tui_wargame.tui.options import OptionsScreen
from tui_wargame.tui.title import TitleScreen


@sync
async def test_g_generates_the_seeds_scenario_and_starts_a_game_of_it(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TUI_WARGAME_CACHE", "")
    saves = tmp_path / "saves"
    app = WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        title = pilot.app.screen
        assert isinstance(title, TitleScreen)
        await press(pilot, "g")
        assert isinstance(pilot.app.screen, SeedScreen)
        seed = pilot.app.screen.query_one(Input)
        assert seed.value.isdigit()  # a random seed is offered
        seed.value = "5"
        await press(pilot, "enter")
        assert isinstance(pilot.app.screen, ChoiceScreen)  # the weather bids: on (the default)
        assert "Seed 5" in pilot.app.screen.title_text
        await press(pilot, "enter")
        assert isinstance(pilot.app.screen, OptionsScreen)  # the game's options, as for any new game
        await press(pilot, "s")
        assert type(pilot.app.screen).__name__ == "GameScreen"
        scenario = saves / "scenarios" / "competitive-5.toml"
        save = saves / "competitive-5-1.toml"
        assert scenario.is_file() and save.is_file()
        assert any(s.id == "competitive-5" for s in title.scenarios)  # listed with the others
        with Game.open(save, scenario_dirs=title.dirs()) as reopened:  # the save finds its scenario
            assert reopened.scenario.title.startswith("Last Stand")


@sync
async def test_escape_at_the_seed_makes_nothing(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    app = WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "g", "escape")
        assert isinstance(pilot.app.screen, TitleScreen)
    assert not saves.exists()
