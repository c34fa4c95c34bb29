"""Where the map's view goes: plain arithmetic on characters, no Textual.

The view keeps two hexes of margin around the cursor. When the cursor comes
closer to an edge the view moves by about half a screen, not hex by hex: a
scroll repaints the whole map, so fewer of them cost fewer bytes and keep the
picture still while the cursor walks. A jump (the unit Tab selects, an attack,
the acting side's forces at a phase start) centres the view when what it shows
is not already well inside it.

Positions are whole hex columns across, so no hex label is ever cut at the
left edge (`722\\`); the half-screen steps are whole pairs of columns and of
rows, the period of the map's pattern, so after a scroll every hex edge is
where an edge was and the terminal is sent only the labels, terrain and units
that moved (`cropped.Shadow`).
"""

from __future__ import annotations

from tui_wargame.frozen import frozen


@frozen
class Metrics:
    """The map's drawing, in characters: the hex pitch across and down, and the map's size."""

    col: int  # characters from one hex column to the next (s + w)
    row: int  # lines from one hex of a column to the next (2s)
    width: int
    height: int

    @property
    def margin(self) -> tuple[int, int]:
        """Two hexes of margin, across and down."""
        return 2 * self.col, 2 * self.row

    def padded(self) -> tuple[int, int]:
        """The scrollable size: two hex columns wider than the map, blank, so that the last view,
        starting at a whole column, still reaches the map's right edge."""
        return self.width + 2 * self.col, self.height


Box = tuple[int, int, int, int]  # x, y, width, height


def _last(total: int, size: int, unit: int) -> int:
    """The furthest start of a view of `size` over `total`, in whole `unit`s (rounded up)."""
    return max(0, -(-(total - size) // unit) * unit)


def _clamp(start: int, total: int, size: int, unit: int) -> int:
    return min(max(0, start), _last(total, size, unit))


def _keep(start: int, size: int, lo: int, hi: int, margin: int, unit: int, step: int, total: int) -> int:
    """The start of a view [start, start + size) on one axis keeping [lo, hi) `margin` inside it
    (less when the view is small), moved by half a view (whole `step`s) when it must move."""
    margin = max(0, min(margin, (size - (hi - lo)) // 2))
    want_lo, want_hi = lo - margin, hi + margin
    if want_lo >= start and want_hi <= start + size:
        return start
    if hi - lo > size:  # larger than the view: its start is what counts
        return _clamp(lo // unit * unit, total, size, unit)
    half = max(step, size // 2 // step * step)
    band = (size - (hi - lo) - 2 * margin) // step * step  # where the box may sit, margins kept
    half = min(half, max(step, band))  # a jump over the band would put a neighbour out of it again
    new = start
    while want_lo < new:
        new -= half
    while want_hi > new + size:
        new += half
    return _clamp(new, total, size, unit)


def keep(view: Box, box: Box, m: Metrics) -> tuple[int, int]:
    """The view's new top left keeping `box` (the cursor's hex) two hexes inside it."""
    vx, vy, vw, vh = view
    bx, by, bw, bh = box
    mx, my = m.margin
    return (_keep(vx, vw, bx, bx + bw, mx, m.col, 2 * m.col, m.width),
            _keep(vy, vh, by, by + bh, my, 1, m.row, m.height))


def inside(view: Box, box: Box, m: Metrics) -> bool:
    """Whether `box` is in the view with its margin (as much of it as the view has room for)."""
    vx, vy, vw, vh = view
    bx, by, bw, bh = box
    mx = max(0, min(m.margin[0], (vw - bw) // 2))
    my = max(0, min(m.margin[1], (vh - bh) // 2))
    return vx <= bx - mx and bx + bw + mx <= vx + vw and vy <= by - my and by + bh + my <= vy + vh


def centre(view: Box, boxes: list[Box], m: Metrics) -> tuple[int, int]:
    """The view's top left showing `boxes` (the first the one that matters): as it is when they
    are all well inside it, else centred on all of them if they fit, else on the first."""
    if not boxes:
        return view[0], view[1]
    union = _union(boxes)
    if inside(view, union, m):
        return view[0], view[1]
    vx, vy, vw, vh = view
    x, y, w, h = union if union[2] <= vw and union[3] <= vh else boxes[0]
    left = round((x + w / 2 - vw / 2) / m.col) * m.col
    top = round(y + h / 2 - vh / 2)
    return _clamp(left, m.width, vw, m.col), _clamp(top, m.height, vh, 1)


def _union(boxes: list[Box]) -> Box:
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0
