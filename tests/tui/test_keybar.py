"""The key bar: the screen's shown bindings on one line, kept current, and a click presses a key."""

from __future__ import annotations

from tests.tui.helpers import press, screen_text, sync
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ConfirmScreen
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.keybar import KeyBar


@sync
async def test_the_bar_follows_the_focus_and_a_click_presses_the_key(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        bar = pilot.app.screen.query_one(KeyBar)
        shown = [b.description for b in GameScreen.BINDINGS if b.show]
        line = screen_text(pilot.app).splitlines()[-1]
        assert all(d in line for d in shown) and "Deselect" not in line  # show=False stays out
        await press(pilot, "colon")
        assert "Cancel" in bar.text.plain and "Complete" in bar.text.plain and "Attack" not in bar.text.plain
        await press(pilot, "escape")
        assert "Attack" in bar.text.plain
        start, _, _ = next(k for k in bar._keys if k[2] == "e")  # End: ends the phase
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmScreen)  # units could still act: asked first
