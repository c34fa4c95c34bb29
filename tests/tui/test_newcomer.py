"""What a newcomer met playing Suez 1916 hot-seat at 80x24 (issue 17): words that read as English
on the hand-over screen, and the typed order line."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import HandOverScreen


def suez_game(path: Path) -> Game:
    return Game.new(scenario_file.find("suez1916"), path, seed=1)


@sync
async def test_the_hand_over_to_the_central_powers_reads_the_central_powers_turn(tmp_path: Path) -> None:
    """F&M 4.0: the British combat phase ends the game turn; the next belongs to the Central Powers."""
    with suez_game(tmp_path / "s.toml") as game:
        while not (game.state.active == "british" and game.state.phase == "combat"):
            game.submit("end")
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            await press(pilot, "e", "y")
            assert isinstance(pilot.app.screen, HandOverScreen)
            shown = " ".join(screen_text(pilot.app).split())
    assert "It is the Central Powers' turn." in shown and "Powers turn" not in shown
