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
`textual._compositor`), in `tui/compositor.py` alone, which is imported only
once what it needs has been found there: if a Textual release removes or
changes it, the screens keep Textual's own compositor (more bytes, same
cells) and, under `TUI_WARGAME_DEBUG`, a line on leaving says why; never a
failure at import. `tests/tui/test_cropped.py` checks the bytes it writes, that
the terminal ends up showing the same cells as with Textual's own writer, and
the fallback.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Sequence
from functools import cache
from typing import Any

from rich.cells import cell_len
from rich.color import ColorSystem
from rich.console import Console
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from textual.screen import Screen
from textual.strip import Strip


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
        self.color_system = console._color_system or ColorSystem.TRUECOLOR  # as Textual's Strip.render
        self.state = RESET
        self.out: list[str] = []
        self._sgr: dict[Style, Sgr] = {}

    def sgr(self, style: Style) -> Sgr:
        found = self._sgr.get(style)
        if found is None:
            cs = self.color_system
            found = self._sgr[style] = (
                frozenset(code for name, code in ATTRIBUTES if getattr(style, name)),
                ";".join(style.color.downgrade(cs).get_ansi_codes()) if style.color else "",
                ";".join(style.bgcolor.downgrade(cs).get_ansi_codes(False)) if style.bgcolor else "")
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

    def close(self) -> str:
        self._set(RESET)
        return "".join(self.out)


#: What `tui/compositor.py` uses of `textual._compositor`: a class, a method it overrides or
#: calls, and the fields it builds the class from (in order).
PRIVATE_NEEDS = (("ChopsUpdate", "render_segments", ("chops", "spans", "chop_ends")),
                 ("LayoutUpdate", "render_segments", ("strips", "region")),
                 ("Compositor", "render_partial_update", ()),
                 ("Compositor", "render_full_update", ()))


@cache
def fallback() -> str:
    """Why the screens must keep Textual's own compositor; "" when the cropping one can be used."""
    try:
        private = importlib.import_module("textual._compositor")
    except ImportError as exc:
        return f"textual._compositor cannot be imported ({exc})"
    for name, method, fields in PRIVATE_NEEDS:
        cls = getattr(private, name, None)
        if not isinstance(cls, type) or not callable(getattr(cls, method, None)):
            return f"textual._compositor.{name}.{method} is missing"
        try:
            taken = tuple(inspect.signature(cls).parameters)[: len(fields)]
        except (TypeError, ValueError):
            taken = ()
        if taken != fields:
            return f"textual._compositor.{name} is no longer made from ({', '.join(fields)})"
    return ""


def crop_updates(screen: Screen[Any]) -> None:
    """Make `screen` (not yet mounted) send only the changed cells of each update, in few codes;
    with Textual's own compositor left in place if its private parts are not as expected."""
    if fallback() or not hasattr(screen, "_compositor"):  # Screen makes it in __init__
        return
    from tui_wargame.tui.compositor import CroppingCompositor

    screen._compositor = CroppingCompositor()
