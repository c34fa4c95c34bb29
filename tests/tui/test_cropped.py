"""Partial updates send only the changed cells: checked on the bytes Textual would write."""

from __future__ import annotations

import re
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from tests.tui.helpers import sync
from tui_wargame.tui.cropped import cover, crop_updates

RED, BLUE = Style(color="red"), Style(color="blue")
MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")
SGR = re.compile(r"\x1b\[[0-9;]*m")


def test_cover_cuts_at_the_columns_and_keeps_wide_characters_whole() -> None:
    strip = Strip([Segment("abcd", RED), Segment("efgh", BLUE), Segment("日本", RED)])
    at, part = cover(strip, 10, 12, 15)
    assert at == 12 and part.text == "cde" and [s.style for s in part] == [RED, BLUE]
    at, part = cover(strip, 10, 19, 20)  # the second cell of 日: the whole segment
    assert at == 18 and part.text == "日本"


class Lines(Widget):
    """Forty characters a line; `letter` is what the columns 30-33 of line 2 show."""

    letter = "x"

    def render_line(self, y: int) -> Strip:
        middle = self.letter * 4 if y == 2 else "." * 4
        return Strip([Segment("." * 30, RED), Segment(middle, BLUE), Segment("." * 6, RED)])


class LinesScreen(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        crop_updates(self)

    def compose(self) -> ComposeResult:
        yield Lines()


class LinesApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(LinesScreen())


@sync
async def test_a_small_refresh_writes_only_its_cells() -> None:
    app = LinesApp()
    written: list[str] = []

    def display(screen: Screen[None], update: Any) -> None:  # noqa: ANN401 - Textual's renderables
        if update is not None:
            written.append(update.render_segments(app.console))

    async with app.run_test(size=(40, 5)) as pilot:
        app._display = display  # type: ignore[method-assign] # headless apps write nothing: catch it
        await pilot.pause()
        written.clear()  # the first, full frame
        widget = app.screen.query_one(Lines)
        widget.letter = "y"
        widget.refresh(Region(30, 2, 4, 1))
        await pilot.pause()
    assert len(written) == 1
    out = written[0]
    assert [m.groups() for m in MOVE.finditer(out)] == [("3", "31")]  # one cursor move, to the span
    assert SGR.sub("", MOVE.sub("", out)) == "yyyy"  # and its four characters, nothing else
