"""Placed fire-support markers on the map and in the panel (Suez 18.1: face down until the reveal)."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp


def british_bombarding(tmp_path: Path) -> Game:
    """Suez, 4 a.m.: the British combat phase with one face-down marker on 2627."""
    game = Game.new(scenario_file.find("suez1916"), tmp_path / "suez.toml", seed=1)
    while game.state.phase != "combat" or game.state.active != "british" or game.state.turn != 1:
        game.submit("end")
    game.submit("bombard 2627")
    return game


@sync
async def test_a_placed_marker_is_drawn_over_its_hex_and_the_panel_says_whose(tmp_path: Path) -> None:
    game = british_bombarding(tmp_path)
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        screen.move_cursor("2627")
        await pilot.pause()
        shown = screen_text(pilot.app)
        assert "!1" in shown and "2627" in shown  # the label is covered on the map; the panel names the hex
        assert "! face-down markers: Br 1" in shown
        screen.move_cursor("2628")
        await pilot.pause()
        assert "face-down markers" not in screen_text(pilot.app)
        await press(pilot, "u")  # undone: the marker is back in the pool, and gone from the map
        assert "!1" not in screen_text(pilot.app)
    game.close()
