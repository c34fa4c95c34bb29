"""A whole hot-seat game played by keys alone, start to verdict, then verified from the save."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ConfirmScreen, HandOverScreen, OrderChooser
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.linepanel import LinePanel
from tui_wargame.tui.replay import ReplayScreen


def short_testbed(turns: int, folder: Path) -> Path:
    """A copy of the testbed in `folder` that ends after its first `turns` turns."""
    head, *turn_tables = (TESTBED_DIR / "testbed.toml").read_text().split("[[turn]]")
    cut = [text.index("\n\n") + 2 for text in turn_tables]  # each turn's table, then the rest
    rest = turn_tables[-1][cut[-1]:]
    kept = "".join(f"[[turn]]{text[:end]}" for text, end in zip(turn_tables[:turns], cut))
    folder.mkdir()
    (folder / "testbed.toml").write_text(head + kept + rest)
    return folder


@pytest.mark.parametrize("turns", [2, pytest.param(4, marks=pytest.mark.slow)])
@sync
async def test_a_whole_hot_seat_game_by_keys_alone(turns: int, tmp_path: Path) -> None:
    """By default the testbed's first two turns (a reinforcement, moves, attacks, the verdict);
    under --runslow all four."""
    folder = short_testbed(turns, tmp_path / "scenario")
    game = Game.new(scenario_file.load(folder / "testbed.toml"), tmp_path / "game.toml", seed=7)
    assert len(game.scenario.turns) == turns
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        tried: set[tuple[int, str, str]] = set()  # (turn, side, phase) where an order was attempted
        for _ in range(300):
            state = game.state
            if state.over:
                break
            screen = pilot.app.screen
            if isinstance(screen, HandOverScreen):
                await press(pilot, "enter")
            elif isinstance(screen, ConfirmScreen):
                await press(pilot, "y")
            elif isinstance(screen, OrderChooser):
                await press(pilot, "enter")  # the first offered: an attack before a scout, a loss first
            elif state.pending:
                await press(pilot, "enter")  # opens the decision's choices
            else:
                assert isinstance(screen, GameScreen)
                key = (state.turn, state.active, state.phase)
                if key in tried:
                    await press(pilot, "e")
                else:
                    tried.add(key)
                    if state.phase == "movement":
                        toward = "right" if state.active == "red" else "left"
                        await press(pilot, "tab", toward, "m")
                    else:
                        await press(pilot, "tab", "a")
        assert game.state.over
        assert "The game is over" in pilot.app.screen.query_one("#prompt", LinePanel).text.plain
        await press(pilot, "r", "home", "right")  # the finished game in the replay viewer
        assert isinstance(pilot.app.screen, ReplayScreen) and pilot.app.screen.seq == 1
        assert "(finished)" in screen_text(pilot.app)
    orders = [r.order.split()[0] for r in game.records]
    assert {"move", "attack", "end"} <= set(orders)
    game.close()
    with Game.open(game.path, scenario_dirs=[folder]) as saved:
        assert saved.state == game.state and saved.verify() == []
