"""Partial updates send only the changed cells: checked on the bytes Textual would write."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, sync
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.compositor import CroppedChopsUpdate, PenLayoutUpdate
from tui_wargame.tui.cropped import Pen, cover, crop_updates, fallback

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


# --- the terminal's view: the same cells whoever writes them --------------------------------------

TOKEN = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[([0-9;]*)m|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|([^\x1b]+)")
OFF = {"22": {"1", "2"}, "23": {"3"}, "24": {"4", "21"}, "25": {"5", "6"}, "27": {"7"}, "28": {"8"},
       "29": {"9"}, "54": {"51", "52"}, "55": {"53"}}
Cell = tuple[str, frozenset[str], str, str]


class Terminal:
    """Just enough of a terminal to replay Textual's updates: cursor moves, SGR and text."""

    def __init__(self, width: int, height: int) -> None:
        self.cells: list[list[Cell]] = [[(" ", frozenset(), "", "")] * width for _ in range(height)]
        self.x = self.y = 0
        self.attrs: set[str] = set()
        self.fg = self.bg = ""

    def feed(self, data: str) -> None:
        for move_y, move_x, sgr, text in TOKEN.findall(data):
            if move_y:
                self.y, self.x = int(move_y) - 1, int(move_x) - 1
            elif text:
                for ch in text.replace("\r", "").replace("\n", ""):
                    self.cells[self.y][self.x] = (ch, frozenset(self.attrs), self.fg, self.bg)
                    self.x += 1
            elif sgr is not None:
                self._sgr(sgr.split(";"))

    def _sgr(self, codes: list[str]) -> None:
        while codes:
            code = codes.pop(0)
            if code in ("", "0"):
                self.attrs, self.fg, self.bg = set(), "", ""
            elif code in OFF:
                self.attrs -= OFF[code]
            elif code in ("38", "48"):
                n = 2 if codes[0] == "5" else 4
                value, codes = ";".join([code, *codes[:n]]), codes[n:]
                self.fg, self.bg = (value, self.bg) if code == "38" else (self.fg, value)
            elif code == "39":
                self.fg = ""
            elif code == "49":
                self.bg = ""
            elif 30 <= int(code) <= 37 or 90 <= int(code) <= 97:
                self.fg = code
            elif 40 <= int(code) <= 47 or 100 <= int(code) <= 107:
                self.bg = code
            else:
                self.attrs.add(code)


def synthetic_lines() -> list[Strip]:
    """Lines whose neighbouring segments turn attributes and colours on and off in every way."""
    styles = [Style(color="#102030", bgcolor="#405060"), Style(bgcolor="#405060"),
              Style(bold=True, dim=True, bgcolor="#405060"),
              Style(bold=True, reverse=True, bgcolor="#405061"),
              Style(underline=True, color="bright_red"), Style(italic=True, color="#a0b0c0"), Style(),
              Style(color="#a0b0c0", bgcolor="#010203", strike=True)]
    lines = []
    for shift in range(len(styles)):
        order = styles[shift:] + styles[:shift] + [None]  # type: ignore[operator]
        lines.append(Strip([Segment(f"{i}ab", style) for i, style in enumerate(order)]))
    return lines


@pytest.mark.parametrize("color_system", ["standard", "256", "truecolor"])
def test_the_pen_leaves_the_cells_textual_would(color_system: str) -> None:
    console = Console(color_system=color_system, force_terminal=True)  # type: ignore[arg-type]
    lines = synthetic_lines()
    ours, stock = Terminal(40, len(lines)), Terminal(40, len(lines))
    pen = Pen(console)
    for y, strip in enumerate(lines):
        pen.move_to(0, y)
        pen.write(strip)
        stock.feed(f"\x1b[{y + 1};1H" + strip.render(console))
    out = pen.close()
    ours.feed(out)
    assert ours.cells == stock.cells
    assert (ours.attrs, ours.fg, ours.bg) == (set(), "", "")  # the terminal is left reset
    assert len(out) < len("".join(s.render(console) for s in lines))


@sync
async def test_the_game_screen_leaves_the_cells_textual_would(big_game: Game) -> None:
    app = WargameApp(start="play", game=big_game)
    size = (80, 24)
    ours, stock = Terminal(*size), Terminal(*size)
    sent: list[int] = []

    def display(screen: Any, update: Any) -> None:  # noqa: ANN401 - Textual's renderables
        if isinstance(update, CroppedChopsUpdate):
            ours.feed(update.render_segments(app.console))
            stock.feed(ChopsUpdate.render_segments(update, app.console))
        elif isinstance(update, PenLayoutUpdate):
            ours.feed(update.render_segments(app.console))
            stock.feed(LayoutUpdate.render_segments(update, app.console))
        elif update is not None:  # another screen's compositor: both get Textual's bytes
            ours.feed(update.render_segments(app.console))
            stock.feed(update.render_segments(app.console))
        sent.append(1)

    async with app.run_test(size=size) as pilot:
        app._display = display  # type: ignore[method-assign] # a headless app writes nothing; catch it
        app.screen.refresh()
        await press(pilot, "right", "down", "tab", "right", "down", "m", "z", "left", "z", "n", "x", "e")
        assert len(sent) > 5
        diff = [(y, x, a, b) for y, (ra, rb) in enumerate(zip(ours.cells, stock.cells))
                for x, (a, b) in enumerate(zip(ra, rb)) if a != b]
        assert diff == []


@pytest.fixture
def fresh_fallback() -> Iterator[None]:
    """`fallback` looks at Textual afresh, before and after the test."""
    fallback.cache_clear()
    yield
    fallback.cache_clear()


class Renamed:
    """A compositor class of a release where a method was renamed and a constructor changed."""

    def __init__(self, lines: object, region: object) -> None: ...

    def render_segments(self) -> None: ...


def break_textual(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Textual's private compositor as a later release might have it, for `fallback` to find;
    the running Textual keeps its own (imported already)."""
    if how == "gone":
        monkeypatch.setitem(sys.modules, "textual._compositor", None)
        return
    parts: dict[str, type] = {"ChopsUpdate": ChopsUpdate, "LayoutUpdate": LayoutUpdate,
                              "Compositor": Compositor}
    if how == "method":  # no render_partial_update to override
        parts["Compositor"] = Renamed
    else:  # updates made from other fields
        parts["LayoutUpdate"] = Renamed
    changed = types.ModuleType("textual._compositor")
    vars(changed).update(parts)
    monkeypatch.setitem(sys.modules, "textual._compositor", changed)


def test_the_cropping_is_used_where_textual_is_as_expected(fresh_fallback: None) -> None:
    screen = Screen[None]()
    crop_updates(screen)
    assert fallback() == "" and type(screen._compositor).__name__ == "CroppingCompositor"


@pytest.mark.parametrize("how", ["gone", "method", "fields"])
@sync
async def test_without_textuals_private_compositor_the_game_plays_on_textuals_own(
        how: str, game: Game, monkeypatch: pytest.MonkeyPatch, fresh_fallback: None) -> None:
    break_textual(monkeypatch, how)
    assert fallback().startswith("textual._compositor")
    async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
        assert type(pilot.app.screen._compositor).__name__ == "Compositor"
        await press(pilot, "tab", "right", "m")
        assert game.records[-1].order == "move r1 0201"


@pytest.mark.parametrize("debug", ["", "1"])
def test_the_fallback_is_said_on_leaving_under_debug_only(
        debug: str, game: Game, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        fresh_fallback: None) -> None:
    break_textual(monkeypatch, "gone")
    monkeypatch.setattr(WargameApp, "run", lambda self: None)
    monkeypatch.setenv("TUI_WARGAME_DEBUG", debug)
    assert game.path is not None
    game.close()
    assert main(["--scenarios", str(TESTBED_DIR), "play", str(game.path)]) == 0
    err = capsys.readouterr().err
    assert ("Textual's own compositor" in err) == bool(debug) and err.count("\n") == bool(debug)
