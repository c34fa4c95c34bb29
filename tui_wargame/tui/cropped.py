"""Partial screen updates that send only the cells that changed.

Textual writes a partial update line by line, but for each widget on a line it
writes from the widget's left edge to the end of the changed span
(`ChopsUpdate.render_segments` leaves cropping to the x extents as a to-do; Textual issue
#5625). A cursor step that changes four characters at the right of the map
therefore resent the whole map row, every cell with its own SGR codes: most of
the bytes of a keystroke over SSH. The screens that play and replay a game use
a compositor whose partial updates are cut to the changed span on both sides.

Textual also writes every segment as `ESC[<all its codes>m text ESC[0m`, so
neighbouring cells that differ only in colour (a hex's edge and its terrain
glyph) each pay for a reset and a full style. The updates here are written with
a `Pen` that sends only the codes that change from one segment to the next.

This reaches into Textual's private compositor (`Screen._compositor`,
`textual._compositor`). Every part of it used here is checked (`problem`) before
a screen is given the cropping compositor; a Textual release that removed or
changed one leaves the screens with Textual's own compositor (correct, only more
bytes) and a note under `--debug`, never a failure. `tests/tui/test_cropped.py`
checks the bytes written and that the terminal ends up showing the same cells as
with Textual's own writer, and that the fallback starts and draws the same screen.
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Sequence
from functools import cache
from typing import Any

from rich.cells import cell_len
from rich.color import ColorSystem
from rich.console import Console
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.screen import Screen
from textual.strip import Strip

try:
    from textual import _compositor
except ImportError:  # a Textual without it: `problem` says so and no screen is cropped
    _compositor = None  # type: ignore[assignment]
# The classes extended below; `object` where one is missing (then `problem` says so).
ChopsUpdate: Any = getattr(_compositor, "ChopsUpdate", object)
LayoutUpdate: Any = getattr(_compositor, "LayoutUpdate", object)
Compositor: Any = getattr(_compositor, "Compositor", object)

#: What of `textual._compositor` is relied on: (class, method, its parameters after self).
NEEDED = (("ChopsUpdate", "__init__", ("chops", "spans", "chop_ends")),
          ("ChopsUpdate", "render_segments", ("console",)),
          ("LayoutUpdate", "__init__", ("strips", "region")),
          ("LayoutUpdate", "render_segments", ("console",)),
          ("Compositor", "__init__", ()),
          ("Compositor", "render_partial_update", ()),
          ("Compositor", "render_full_update", ("simplify",)))


@cache
def problem() -> str | None:
    """What of Textual's private compositor this module needs is missing or changed; None if all
    of it is there. Checked once, before the first screen is cropped (and by `--debug` at start)."""
    if _compositor is None:
        return "textual._compositor is missing"
    for cls_name, method, params in NEEDED:
        cls = getattr(_compositor, cls_name, None)
        if not isinstance(cls, type):
            return f"textual._compositor.{cls_name} is missing"
        where = f"textual._compositor.{cls_name}.{method}"
        function = getattr(cls, method, None)
        if function is None:
            return f"{where} is missing"
        try:
            found = tuple(inspect.signature(function).parameters)[1:]
        except (TypeError, ValueError):
            return f"{where} has no readable signature"
        if found != params:
            return f"{where} takes ({', '.join(found)}), not ({', '.join(params)})"
    if not callable(getattr(Strip, "render_style", None)):
        return "textual.strip.Strip.render_style is missing"
    display = getattr(App, "_display", None)
    if display is None or tuple(inspect.signature(display).parameters)[1:] != ("screen", "renderable"):
        return "textual.app.App._display is missing or takes other parameters"
    return None


def note() -> str | None:
    """The one line `--debug` prints when the screens fall back to Textual's own compositor."""
    found = problem()
    if found is None:
        return None
    return f"partial screen updates are not cropped ({found}): Textual's own compositor is used"


def changed_runs(a: Sequence[object], b: Sequence[object], gap: int = 2) -> list[tuple[int, int]]:
    """[first, last + 1) of each run of items that differ between two sequences of equal length.

    Runs fewer than `gap` items apart are joined: moving the terminal's cursor
    over unchanged cells costs about what resending one or two of them does.
    """
    runs: list[tuple[int, int]] = []
    for i, (p, q) in enumerate(zip(a, b)):
        if p != q:
            if runs and i - runs[-1][1] < gap:
                runs[-1] = (runs[-1][0], i + 1)
            else:
                runs.append((i, i + 1))
    return runs


def cover(strip: Strip, x: int, x1: int, x2: int) -> tuple[int, Strip]:
    """The part of `strip` (placed at column `x`) that covers columns [x1, x2), and where it starts.

    A segment of one-cell characters is cut at the exact column; a segment
    with a wide character is kept whole, so no character is ever split.
    """
    start: int | None = None
    parts: list[Segment] = []
    for text, style, control in strip:
        width = cell_len(text)
        if x + width > x1 and x < x2:
            if width == len(text):
                lo, hi = max(x1 - x, 0), min(x2 - x, width)
                text, at = text[lo:hi], x + lo
            else:
                at = x
            if start is None:
                start = at
            parts.append(Segment(text, style, control))
        x += width
        if x >= x2:
            break
    return (x1 if start is None else start), Strip(parts)


#: Rich's text attributes and the SGR code that turns each on (as Textual writes them).
ATTRIBUTES = (("bold", "1"), ("dim", "2"), ("italic", "3"), ("underline", "4"), ("blink", "5"),
              ("blink2", "6"), ("reverse", "7"), ("conceal", "8"), ("strike", "9"), ("underline2", "21"),
              ("frame", "51"), ("encircle", "52"), ("overline", "53"))

Sgr = tuple[frozenset[str], str, str]  # attribute codes, foreground codes, background codes ("" = default)
RESET: Sgr = (frozenset(), "", "")


class Pen:
    """Writes segments with only the SGR codes that change from one to the next.

    The terminal keeps its style across cursor moves, so the pen's state runs
    on from one piece of an update to the next; `close` resets it at the end.
    Turning an attribute off resets and sets the new style in one sequence.
    """

    def __init__(self, console: Console) -> None:
        # as Textual's Strip.render does
        self.color_system = getattr(console, "_color_system", None) or ColorSystem.TRUECOLOR
        self.state = RESET
        self.out: list[str] = []
        self._sgr: dict[Style, Sgr] = {}

    def sgr(self, style: Style) -> Sgr:
        found = self._sgr.get(style)
        if found is None:
            cs = self.color_system
            fg = ";".join(style.color.downgrade(cs).get_ansi_codes()) if style.color else ""
            bg = ";".join(style.bgcolor.downgrade(cs).get_ansi_codes(False)) if style.bgcolor else ""
            found = self._sgr[style] = (  # the default colours as no colour: the terminal's the same
                frozenset(code for name, code in ATTRIBUTES if getattr(style, name)),
                "" if fg == "39" else fg, "" if bg == "49" else bg)
        return found

    def move_to(self, x: int, y: int) -> None:
        self.out.append(Control.move_to(x, y).segment.text)

    def write(self, strip: Strip) -> None:
        for text, style, _ in strip:
            if style is not None and style.link:  # a hyperlink: Textual's own codes, after a reset
                self._set(RESET)
                self.out.append(Strip.render_style(style, text, self.color_system))
                continue
            self._set(RESET if style is None else self.sgr(style))
            self.out.append(text)

    def _set(self, new: Sgr) -> None:
        old = self.state
        if new == old:
            return
        self.state = new
        if new == RESET:
            self.out.append("\x1b[0m")
            return
        attrs, fg, bg = new
        if old[0] - attrs:  # an attribute goes off: start from nothing
            codes = ["0", *sorted(attrs, key=int), fg, bg]
        else:
            codes = [*sorted(attrs - old[0], key=int), (fg or "39") if fg != old[1] else "",
                     (bg or "49") if bg != old[2] else ""]
        self.out.append(f"\x1b[{';'.join(c for c in codes if c)}m")

    def erase_to_end(self) -> None:
        """Blank the line from the cursor to the right edge (EL), in the default colours."""
        self._set(RESET)
        self.out.append("\x1b[K")

    def close(self) -> str:
        self._set(RESET)
        return "".join(self.out)


#: A cell as the terminal shows it: the character, its SGR state and its hyperlink.
Cell = tuple[str, "Sgr", str]
#: Unchanged cells fewer than this between two changed runs are sent again rather than jumped over:
#: a cursor move costs about as many bytes.
GAP = 2
BLANK: Cell = (" ", RESET, "")
ERASE_FROM = 4  # blank cells at a line's end sent as one erase (EL, 3 bytes) from this many


class Shadow:
    """The cells the terminal shows, as the cropping compositors last wrote them (None: unknown).

    Textual repaints whole widgets: a scroll resends the whole map, a dialog pushed or
    popped the whole screen, a new phase the header, key bar and panels, though most of
    their cells are what the terminal already shows. Written through the shadow, an update
    sends only the runs of cells that differ, compared as the terminal sees them (the SGR
    codes, not Textual's styles, whose mouse metadata differs from screen to screen). It is
    one per console (one per app), and forgotten whenever anything else may have written to
    the terminal: an update of a screen that is not cropped, a resumed suspension (`forget`),
    a change of the screen's size.
    """

    def __init__(self) -> None:
        self.rows: list[list[Cell | None]] = []

    def size(self, width: int, height: int) -> None:
        """The screen's size; a new size forgets every cell (the terminal may have moved them)."""
        if len(self.rows) != height or (self.rows and len(self.rows[0]) != width):
            self.rows = [[None] * width for _ in range(height)]

    def draw(self, pen: Pen, x: int, y: int, strip: Strip) -> None:
        """Write `strip` at column `x` of line `y` with `pen`: only the cells that differ from
        the terminal's; the whole strip where the shadow cannot tell (a control code, a wide
        character, a place outside it)."""
        row = self.rows[y] if 0 <= y < len(self.rows) else None
        cells: list[Cell] = []
        styles: list[Style | None] = []
        for text, style, control in strip:
            if control or cell_len(text) != len(text):
                cells = []
                break
            shown = (RESET if style is None else pen.sgr(style), (style.link or "") if style else "")
            cells.extend((ch, *shown) for ch in text)
            styles.extend([style] * len(text))
        if row is None or not cells or x < 0 or x + len(cells) > len(row):
            pen.move_to(x, y)
            pen.write(strip)
            if row is not None:  # what the strip left there is not known cell by cell
                span = row[max(x, 0):x + strip.cell_length]
                row[max(x, 0):x + strip.cell_length] = [None] * len(span)
            return
        tail = len(cells)  # where the strip's blank end begins, if the line beyond it is blank too
        if all(cell == BLANK for cell in row[x + tail:]):
            while tail and cells[tail - 1] == BLANK:
                tail -= 1
        for a, b in changed_runs(row[x:x + len(cells)], cells, GAP):
            pen.move_to(x + a, y)
            if b - max(a, tail) >= ERASE_FROM:  # the rest of the line is blank: erase it, not spaces
                pen.write(_strip(cells[a:tail], styles[a:tail]))
                pen.erase_to_end()
                break
            pen.write(_strip(cells[a:b], styles[a:b]))
        row[x:x + len(cells)] = cells


def _strip(cells: list[Cell], styles: list[Style | None]) -> Strip:
    segments: list[Segment] = []
    for (ch, _, _), style in zip(cells, styles):
        if segments and segments[-1].style is style:
            segments[-1] = Segment(segments[-1].text + ch, style)
        else:
            segments.append(Segment(ch, style))
    return Strip(segments)


_shadows: weakref.WeakKeyDictionary[Console, Shadow] = weakref.WeakKeyDictionary()


def shadow(console: Console) -> Shadow:
    """The terminal's cells as this console's cropping compositors wrote them."""
    found = _shadows.get(console)
    if found is None:
        found = _shadows[console] = Shadow()
    return found


def forget(console: Console) -> None:
    """Something else wrote to the terminal: the next update of every cell is sent whole."""
    _shadows.pop(console, None)


def written(console: Console, update: object) -> None:
    """The app writes `update` to the terminal: unless a cropping compositor wrote it, through
    the shadow, the shadow no longer knows what the terminal shows."""
    if update is not None and not isinstance(update, CroppedChopsUpdate | PenLayoutUpdate):
        forget(console)


class CroppedChopsUpdate(ChopsUpdate):
    """A partial update that writes each changed span, nothing to its left or right, with a `Pen`,
    and of those only the cells the terminal does not show already (`Shadow`)."""

    def render_segments(self, console: Console) -> str:
        pen, seen = Pen(console), shadow(console)
        for y, x1, x2 in self.spans:
            for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items()):
                if strip is None or x >= x2 or end <= x1:
                    continue
                at, part = cover(strip, x, max(x1, x), min(x2, end))
                if part.cell_length:
                    seen.draw(pen, at, y, part)
        return pen.close()


class PenLayoutUpdate(LayoutUpdate):
    """A full update written with a `Pen` (pushing or popping a dialog repaints the whole screen),
    only the cells the terminal does not show already (`Shadow`)."""

    def render_segments(self, console: Console) -> str:
        pen, seen = Pen(console), shadow(console)
        region = self.region
        seen.size(region.right, region.bottom)
        for y, line in enumerate(self.strips, region.y):
            x = region.x
            for strip in line:
                seen.draw(pen, x, y, strip)
                x += strip.cell_length
        return pen.close()


class CroppingCompositor(Compositor):
    """Textual's compositor, with partial updates cut to the changed spans and all written with a Pen."""

    def render_partial_update(self) -> ChopsUpdate | None:
        update = super().render_partial_update()
        if not all(hasattr(update, name) for name in ("chops", "spans", "chop_ends")):
            return update  # None (nothing changed), or not the update `problem` checked: as it is
        return CroppedChopsUpdate(update.chops, update.spans, update.chop_ends)

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        update = super().render_full_update(simplify)
        if not all(hasattr(update, name) for name in ("strips", "region")):
            return update
        return PenLayoutUpdate(update.strips, update.region)


def crop_updates(screen: Screen[Any]) -> None:
    """Make `screen` (not yet mounted) send only the changed cells of each update, in few codes;
    if Textual's compositor is not the one this module knows, leave the screen with it."""
    if problem() is None and isinstance(getattr(screen, "_compositor", None), Compositor):
        screen._compositor = CroppingCompositor()
