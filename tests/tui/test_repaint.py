"""What a keystroke repaints: the cells that changed and no others (bytes over a slow link).

The spans are those of the screen update Textual would write, caught where it
is handed to the terminal, so a wider refresh anywhere (map, panel, prompt,
footer) fails here, without timing anything.
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Region

from tests.tui.helpers import press, sync
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.linepanel import LinePanel

Span = tuple[int, int, int]  # y, first x, last x + 1, on the screen


def label_span(hexmap: HexMap, label: str) -> Span:
    """Where the label line of hex `label` is on the screen."""
    x, y = hexmap.painter.origin[label]
    x0, width = hexmap.painter._interior(x)[0]
    sx, sy = hexmap.scroll_offset
    at = hexmap.region
    return at.y + y - sy, at.x + x0 - sx, at.x + x0 - sx + width


async def spans_of(app: WargameApp, pilot: Any, *keys: str) -> list[Span]:  # noqa: ANN401 - Pilot
    """The screen spans repainted after `keys` (the app settled before and after)."""
    spans: list[Span] = []

    def display(screen: Any, update: Any) -> None:  # noqa: ANN401 - Textual's renderables
        spans.extend(getattr(update, "spans", [(-1, 0, 0)]))  # a full repaint has none: fails below

    await pilot.pause()
    app._display = display  # type: ignore[method-assign] # a headless app writes nothing; catch it
    await press(pilot, *keys)
    await pilot.pause()
    return sorted(spans)


@sync
async def test_a_cursor_step_repaints_the_two_labels_and_the_changed_panel_cells(big_game: Game) -> None:
    app = WargameApp(start="play", game=big_game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hexmap, panel = screen.query_one(HexMap), screen.query_one("#panel", LinePanel)
        await press(pilot, "right")  # off the first hex, away from the map's edge
        old = screen.cursor
        spans = await spans_of(app, pilot, "down")
        new = screen.cursor
        assert new != old
        on_map = [s for s in spans if hexmap.region.contains(s[1], s[0])]
        assert on_map == sorted([label_span(hexmap, old), label_span(hexmap, new)])
        rest = [s for s in spans if s not in on_map]
        assert rest and all(panel.region.contains_region(Region(x0, y, x1 - x0, 1)) for y, x0, x1 in rest)
        # the hex number in the panel's first line: the digits that changed, not the line
        top = [s for s in rest if s[0] == panel.region.y]
        assert top and all(x1 - x0 <= 2 for _, x0, x1 in top)


@sync
async def test_an_unchanged_step_repaints_nothing(big_game: Game) -> None:
    app = WargameApp(start="play", game=big_game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await spans_of(app, pilot, "left") == []  # the first column: the cursor stays
