"""Partial updates send only the changed cells: checked on the bytes Textual would write; and a
Textual whose private compositor is not the one `cropped` knows gets Textual's own, never a failure."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import textual._compositor
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widget import Widget

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, screen_text, sync
from tui_wargame import cli
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.tui import cropped
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.cropped import (
    CroppedChopsUpdate,
    CroppingCompositor,
    Pen,
    PenLayoutUpdate,
    cover,
    crop_updates,
)

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

TOKEN = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[([0-9;]*)m|\x1b\[(K)"
                   r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|([^\x1b]+)")
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
        for move_y, move_x, sgr, erase, text in TOKEN.findall(data):
            if move_y:
                self.y, self.x = int(move_y) - 1, int(move_x) - 1
            elif erase:  # EL: blank to the line's end in the current background (BCE), the cursor stays
                row = self.cells[self.y]
                row[self.x:] = [(" ", frozenset(), "", self.bg)] * (len(row) - self.x)
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
        await press(pilot, "right", "down", "tab", "right", "down", "m", "z", "left", "z", "n", "x", "e",
                    "y", "tab")  # a dialog pushed and popped, a new phase, a scroll
        assert len(sent) > 5
        diff = [(y, x, a, b) for y, (ra, rb) in enumerate(zip(ours.cells, stock.cells))
                for x, (a, b) in enumerate(zip(ra, rb)) if a != b]
        assert diff == []


# --- the shadow: only the cells the terminal does not show already ---------------------------------

class Note(ModalScreen[None]):
    """A small dialog over the lines, not dimming them (as the game's dialogs)."""

    DEFAULT_CSS = ("Note { align: center middle; background: transparent; } "
                   "Note Static { width: 6; height: 1; }")

    def __init__(self) -> None:
        super().__init__()
        crop_updates(self)

    def compose(self) -> ComposeResult:
        from textual.widgets import Static

        yield Static("NOTE")


class Painted(Lines):
    """`Lines` with a background of their own, as every widget of the game screen has."""

    def render_line(self, y: int) -> Strip:
        return Strip([Segment(s.text, s.style + Style(bgcolor="#101010")) for s in super().render_line(y)])


class PaintedScreen(LinesScreen):
    def compose(self) -> ComposeResult:
        yield Painted()


class PaintedApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(PaintedScreen())


@sync
async def test_a_dialog_over_the_screen_writes_its_own_cells_only_and_a_foreign_update_resets() -> None:
    app = PaintedApp()
    written: list[str] = []

    def display(screen: Screen[None], update: Any) -> None:  # noqa: ANN401 - Textual's renderables
        cropped.written(app.console, update)  # as WargameApp._display does
        if update is not None:
            written.append(update.render_segments(app.console))

    async with app.run_test(size=(40, 5)) as pilot:
        app._display = display  # type: ignore[method-assign] # headless apps write nothing: catch it
        await pilot.pause()
        first = "".join(written)
        assert len(SGR.sub("", MOVE.sub("", first))) >= 200  # the first frame: every cell
        written.clear()
        await app.push_screen(Note())
        await pilot.pause()
        out = "".join(written)
        assert SGR.sub("", MOVE.sub("", out)) == "NOTE  "  # a full update, and only the dialog's cells
        assert {m.group(1) for m in MOVE.finditer(out)} == {"3"}
        written.clear()
        app.pop_screen()
        await pilot.pause()
        out = "".join(written)
        assert SGR.sub("", MOVE.sub("", out)) == "." * 6  # only what the dialog covered
        assert {m.group(1) for m in MOVE.finditer(out)} == {"3"}
        cropped.written(app.console, object())  # something else wrote to the terminal
        written.clear()
        await app.push_screen(Note())
        await pilot.pause()
        assert len(SGR.sub("", MOVE.sub("", "".join(written)))) >= 200  # sent whole again


def test_the_shadow_sends_a_strip_it_cannot_follow_whole_and_forgets_its_cells() -> None:
    console = Console(color_system="truecolor", force_terminal=True)
    shadow, pen = cropped.Shadow(), Pen(console)
    shadow.size(10, 1)
    shadow.draw(pen, 0, 0, Strip([Segment("abcdefghij", RED)]))
    shadow.draw(pen, 0, 0, Strip([Segment("abcdefghij", RED)]))
    shadow.draw(pen, 2, 0, Strip([Segment("日本", RED)]))  # wide characters: as they are
    shadow.draw(pen, 0, 0, Strip([Segment("abXdefghij", RED)]))
    out = pen.close()
    assert SGR.sub("", MOVE.sub("", out)) == "abcdefghij" + "日本" + "Xdef"  # then the unknown cells again


def test_a_line_that_ends_blank_is_erased_not_written_in_spaces() -> None:
    """Text that grows shorter in a panel: the blanks after it go as one EL (3 bytes) in the
    default colours where the line is blank beyond them to the right edge; the terminal shows
    what writing every space would show. Not where something stands beyond them (EL would blank
    it), nor over blanks in a colour of their own (EL paints the current background)."""
    console = Console(color_system="truecolor", force_terminal=True)
    shadow, pen, term = cropped.Shadow(), Pen(console), Terminal(20, 4)
    shadow.size(20, 4)
    shadow.draw(pen, 8, 0, Strip([Segment("a long line!", RED)]))
    shadow.draw(pen, 0, 1, Strip([Segment("." * 14, RED), Segment("ends..", BLUE)]))
    shadow.draw(pen, 8, 2, Strip([Segment("painted line", RED)]))
    shadow.draw(pen, 4, 3, Strip([Segment("a long line", RED), Segment(" " * 5)]))
    term.feed(pen.close())
    pen = Pen(console)
    shadow.draw(pen, 8, 0, Strip([Segment("short", RED), Segment(" " * 7)]))
    shadow.draw(pen, 0, 1, Strip([Segment("." * 14, RED), Segment(" " * 5)]))  # a "." stays at 19
    shadow.draw(pen, 8, 2, Strip([Segment("paint", RED), Segment(" " * 7, Style(bgcolor="#101010"))]))
    shadow.draw(pen, 4, 3, Strip([Segment("a line", RED), Segment(" " * 5)]))  # blank beyond it
    out = pen.close()
    term.feed(out)
    assert out.count("\x1b[K") == 2 and " " * 5 in out and " " * 7 in out  # rows 1 and 2: spaces
    blank = (" ", frozenset(), "", "")
    assert "".join(c[0] for c in term.cells[0]) == " " * 8 + "short" + " " * 7
    assert term.cells[0][13:] == [blank] * 7
    assert "".join(c[0] for c in term.cells[1]) == "." * 14 + " " * 5 + "."
    assert term.cells[2][15][3] == "48;2;16;16;16"
    assert "".join(c[0] for c in term.cells[3]) == "    a line" + " " * 10
    assert term.cells[3][10:] == [blank] * 10


def test_an_erase_follows_a_coloured_run_in_the_default_colours_and_never_crosses_unknown_cells() -> None:
    """EL paints the current background (BCE): the pen resets before it, so a run in a colour of
    its own just before the blank end leaves no colour behind. A cell the shadow does not know (a
    wide character's, a hyperlink's) to the right keeps the spaces."""
    console = Console(color_system="truecolor", force_terminal=True)
    shadow, pen, term = cropped.Shadow(), Pen(console), Terminal(12, 3)
    shadow.size(12, 3)
    shadow.draw(pen, 0, 0, Strip([Segment("a long line!", RED)]))
    shadow.draw(pen, 0, 1, Strip([Segment("abcdefgh", RED), Segment("日本", RED)]))  # 2 wide: unknown cells
    link = Style(link="https://example.org")
    shadow.draw(pen, 0, 2, Strip([Segment("abcdefgh", RED), Segment("link", link)]))
    term.feed(pen.close())
    pen = Pen(console)
    blue = Style(color="white", bgcolor="blue")
    shadow.draw(pen, 0, 0, Strip([Segment("ab", blue), Segment(" " * 10)]))
    shadow.draw(pen, 0, 1, Strip([Segment("ab", RED), Segment(" " * 6)]))
    shadow.draw(pen, 0, 2, Strip([Segment("ab", RED), Segment(" " * 6)]))
    out = pen.close()
    term.feed(out)
    assert out.count("\x1b[K") == 1 and term.cells[0][2:] == [(" ", frozenset(), "", "")] * 10
    assert "".join(c[0] for c in term.cells[1])[:8] == "ab      "
    assert "".join(c[0] for c in term.cells[2]) == "ab      link"


# --- a Textual whose private compositor changed: Textual's own is used, and --debug says so ----------

@pytest.fixture
def checked_afresh() -> Iterator[None]:
    """`problem` looks at Textual once a run; these tests change Textual, so it looks again."""
    cropped.problem.cache_clear()
    yield
    cropped.problem.cache_clear()


def changed_signature(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full update that takes another parameter, still working (Textual's screens call it)."""
    full = textual._compositor.Compositor.render_full_update

    def render_full_update(self, simplify: bool = False, cursor: object = None):  # noqa: ANN001, ANN202
        return full(self, simplify)

    monkeypatch.setattr(textual._compositor.Compositor, "render_full_update", render_full_update)


def missing_class(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(textual._compositor, "ChopsUpdate")


def missing_method(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(textual._compositor.Compositor, "render_partial_update")


def missing_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cropped, "_compositor", None)


def test_this_textual_has_everything_the_cropping_needs(checked_afresh: None) -> None:
    assert cropped.problem() is None and cropped.note() is None


@pytest.mark.parametrize(("change", "said"), [
    (changed_signature, "Compositor.render_full_update takes (simplify, cursor), not (simplify)"),
    (missing_class, "textual._compositor.ChopsUpdate is missing"),
    (missing_method, "textual._compositor.Compositor.render_partial_update is missing"),
    (missing_module, "textual._compositor is missing"),
])
def test_a_changed_compositor_is_named_in_the_note(monkeypatch: pytest.MonkeyPatch, checked_afresh: None,
                                                    change: Any, said: str) -> None:  # noqa: ANN401
    change(monkeypatch)
    assert said in (cropped.problem() or "")
    assert cropped.note() == (f"partial screen updates are not cropped ({cropped.problem()}): "
                              "Textual's own compositor is used")


async def first_screen(game: Game) -> tuple[str, type]:
    """What the game screen shows at 80x24 after a cursor step, and its compositor's class."""
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "right", "down")
        return screen_text(pilot.app), type(pilot.app.screen._compositor)


@sync
async def test_without_the_internals_the_app_starts_and_draws_the_same_screen(
        monkeypatch: pytest.MonkeyPatch, checked_afresh: None, testbed: Scenario, tmp_path: Path) -> None:
    with Game.new(testbed, tmp_path / "a.toml", seed=7) as game:
        cropped_text, cropped_kind = await first_screen(game)
    changed_signature(monkeypatch)
    cropped.problem.cache_clear()
    with Game.new(testbed, tmp_path / "b.toml", seed=7) as game:
        stock_text, stock_kind = await first_screen(game)
    assert cropped_kind is CroppingCompositor and stock_kind is textual._compositor.Compositor
    assert stock_text == cropped_text.replace("a.toml", "b.toml")


def test_a_screen_without_a_compositor_is_left_alone() -> None:
    screen = Screen()
    del screen._compositor
    crop_updates(screen)  # no failure, and nothing put in its place
    assert not hasattr(screen, "_compositor")


@pytest.mark.parametrize("debug", [True, False])
def test_the_note_is_printed_at_start_under_debug_only(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], checked_afresh: None,
        game: Game, debug: bool) -> None:
    missing_module(monkeypatch)
    monkeypatch.setattr(WargameApp, "run", lambda self: None)  # started, not run: no terminal here
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    game.close()
    flags = ["--debug"] if debug else []
    assert cli.main([*flags, "--scenarios", str(TESTBED_DIR), "play", str(game.path)]) == 0
    err = capsys.readouterr().err
    if debug:
        assert err == "debug: partial screen updates are not cropped (textual._compositor is missing): " \
                      "Textual's own compositor is used\n"
    else:
        assert err == ""
