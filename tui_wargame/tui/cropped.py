"""Partial screen updates that send only the cells that changed.

Textual writes a partial update line by line, but for each widget on a line it
writes from the widget's left edge to the end of the changed span
(`ChopsUpdate.render_segments`: "TODO: crop to x extents"; Textual issue
#5625). A cursor step that changes four characters at the right of the map
therefore resent the whole map row, every cell with its own SGR codes: most of
the bytes of a keystroke over SSH. The screens that play and replay a game use
a compositor whose partial updates are cut to the changed span on both sides.

This reaches into Textual's private compositor (`Screen._compositor`,
`textual._compositor`); `tests/tui/test_cropped.py` checks the bytes it writes,
so a Textual release that changes them fails a test rather than the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.control import Control
from rich.segment import Segment
from textual._compositor import ChopsUpdate, Compositor
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


class CroppedChopsUpdate(ChopsUpdate):
    """A partial update that writes each changed span and nothing to its left or right."""

    def render_segments(self, console: Console) -> str:
        out: list[str] = []
        for y, x1, x2 in self.spans:
            for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items()):
                if strip is None or x >= x2 or end <= x1:
                    continue
                at, part = cover(strip, x, max(x1, x), min(x2, end))
                if part.cell_length:
                    out.append(Control.move_to(at, y).segment.text)
                    out.append(part.render(console))
        return "".join(out)


class CroppingCompositor(Compositor):
    """Textual's compositor, with partial updates cut to the changed spans."""

    def render_partial_update(self) -> ChopsUpdate | None:
        update = super().render_partial_update()
        if update is None:
            return None
        return CroppedChopsUpdate(update.chops, update.spans, update.chop_ends)


def crop_updates(screen: Screen[Any]) -> None:
    """Make `screen` (not yet mounted) send only the changed cells of each partial update."""
    screen._compositor = CroppingCompositor()
