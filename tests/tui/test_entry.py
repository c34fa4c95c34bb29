"""Entry points: the title screen's flows and the CLI commands that open the app."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, screen_text, sync
from tui_wargame import cli
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.replay import ReplayScreen
from tui_wargame.tui.title import TitleScreen


def title_app(tmp_path: Path) -> WargameApp:
    return WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path / "saves")


@sync
async def test_title_shows_the_scenario_and_starts_a_hot_seat_game(tmp_path: Path) -> None:
    async with title_app(tmp_path).run_test(size=(80, 24)) as pilot:
        assert isinstance(pilot.app.screen, TitleScreen)
        shown = screen_text(pilot.app)
        assert "Testbed: the River Crossing" in shown and "Red vs Blue" in shown
        assert "4 turns, Day 1 Morning to Day 2" in shown
        await press(pilot, "n")
        assert isinstance(pilot.app.screen, GameScreen)
        game = pilot.app.screen.game
        assert game.path == tmp_path / "saves" / "testbed-1.toml"
        assert f"seed {game.header.seed}" in screen_text(pilot.app)
        await press(pilot, "tab", "right", "m", "q")
        assert isinstance(pilot.app.screen, TitleScreen)
        assert not game.writable


@sync
async def test_title_continues_and_replays_a_save(testbed: Scenario, tmp_path: Path) -> None:
    with Game.new(testbed, tmp_path / "saves" / "old.toml", seed=2) as g:
        g.submit("move r1 0201")
    async with title_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab")
        assert "old.toml" in screen_text(pilot.app) and "seed 2" in screen_text(pilot.app)
        await press(pilot, "c")
        assert isinstance(pilot.app.screen, GameScreen)
        assert pilot.app.screen.game.state.units["r1"].location == "0201"
        await press(pilot, "q", "r")
        assert isinstance(pilot.app.screen, ReplayScreen) and pilot.app.screen.seq == 1


def test_no_command_opens_the_title_screen_and_play_replay_open_the_app(
        monkeypatch: pytest.MonkeyPatch, testbed: Scenario, tmp_path: Path) -> None:
    opened: list[tuple[object, ...]] = []

    def fake_run(args, start, game=None, greeting="", side=None, rival=None):  # noqa: ANN001, ANN202
        assert not gc.isenabled()  # start-up collects no garbage: the app turns it on after a frame
        opened.append((start, game and game.state.phase, args.ascii) + ((side,) if side else ()))
        if game:
            if start == "play" and game.seq == 0:
                game.submit(game.legal_orders()[0])  # played: a new game left unplayed leaves no save
            game.close()
        return 0

    monkeypatch.setattr(cli, "_run_app", fake_run)
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    monkeypatch.setenv("TUI_WARGAME_SAVES", str(tmp_path / "saves"))
    dirs = ["--scenarios", str(TESTBED_DIR)]
    assert cli.main([*dirs]) == 0
    assert cli.main([*dirs, "--ascii", "play", "testbed", "--seed", "4"]) == 0
    save = tmp_path / "saves" / "testbed-1.toml"
    assert save.exists()
    assert cli.main([*dirs, "play", str(save)]) == 0
    assert cli.main([*dirs, "replay", str(save)]) == 0
    assert cli.main([*dirs, "play", str(save), "--as", "BLUE"]) == 0  # live, one side, by any case
    assert cli.main([*dirs, "watch", str(save)]) == 0
    assert cli.main([*dirs, "play", str(save), "--as", "green"]) == 2  # no such side: the sides listed
    assert cli.main([*dirs, "play", str(TESTBED_DIR / "testbed.toml")]) == 0  # a scenario file: a new game
    assert (tmp_path / "saves" / "testbed-2.toml").exists()
    assert opened == [("title", None, False), ("play", "movement", True), ("play", "movement", False),
                      ("replay", "movement", False), ("play", "movement", False, "blue"),
                      ("watch", "movement", False), ("play", "movement", False)]
    assert cli.main([*dirs, "play", "nosuch"]) == 2
    assert gc.isenabled()  # whatever the command did


@sync
async def test_the_app_turns_garbage_collection_back_on_after_its_first_frame(game: Game) -> None:
    gc.disable()
    try:
        app = WargameApp(start="play", game=game, ascii_only=True, collect_after_first_frame=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert gc.isenabled() and isinstance(pilot.app.screen, GameScreen)
    finally:
        gc.enable()


def test_replay_text_still_prints_the_narrative(game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    game.close()
    assert cli.main(["--scenarios", str(TESTBED_DIR), "replay", str(game.path), "--text"]) == 0
    assert "== Day 1 Morning ==" in capsys.readouterr().out


def test_headless_commands_do_not_import_textual() -> None:
    import subprocess
    import sys

    code = ("import sys, tui_wargame.cli as c; c.parser(); "
            "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[2])
    assert out.stdout.strip() == "False"


@sync
async def test_a_new_game_asks_the_rule_systems_options_each_choice_with_its_line(tmp_path: Path) -> None:
    """Suez 11.1: the historical set-up, or the scenario's free deployment."""
    from tui_wargame import rules, scenario_file
    from tui_wargame.rules.capabilities import Capabilities
    from tui_wargame.tui.dialogs import ChoiceScreen

    scenario = scenario_file.find("suez1916")
    (option,) = Capabilities(rules.get(scenario.system)).options(scenario)
    app = WargameApp(ascii_only=True, saves_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        title = pilot.app.screen
        assert isinstance(title, TitleScreen)
        title.query_one("#scenarios").highlighted = [s.id for s in title.scenarios].index("suez1916")
        await pilot.pause()
        assert "When the game starts, choose" in screen_text(pilot.app)
        await press(pilot, "n")
        assert isinstance(pilot.app.screen, ChoiceScreen)
        first, second = list(option.choices)[:2]
        assert f"{first}: {option.choices[first]}"[:60] in screen_text(pilot.app)
        await press(pilot, "escape")  # cancelled: no game
        assert pilot.app.screen is title and not (tmp_path / "saves" / "suez1916-1.toml").exists()
        await press(pilot, "n", "down", "enter")
        assert isinstance(pilot.app.screen, GameScreen)
        game = pilot.app.screen.game
        assert game.header.options[option.name] == second
        await press(pilot, "q")
