"""Hex geometry for printed wargame maps.

Maps print flat-topped hexes in vertical columns and label each hex "CCRR"
(column, row). Every other column sits half a hex lower; which ones is the
map's *stagger*. Inside, hexes are axial coordinates (q, r) so that distance,
neighbours, rings and lines are simple arithmetic (Red Blob Games' hex guide).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, NamedTuple

Stagger = Literal["odd", "even"]


class Hex(NamedTuple):
    """A hex in axial coordinates: q is the column, r the slanted row."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)


#: The six neighbour offsets of a flat-topped hex, clockwise from north.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),  # N
    Hex(1, -1),  # NE
    Hex(1, 0),  # SE
    Hex(0, 1),  # S
    Hex(-1, 1),  # SW
    Hex(-1, 0),  # NW
)
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes that share a side with `h`, clockwise from north."""
    return tuple(Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Hexes counted from `a` to `b` along the shortest path."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction(a: Hex, b: Hex) -> int | None:
    """Index into DIRECTIONS of the step from `a` to adjacent `b`, else None."""
    step = Hex(b.q - a.q, b.r - a.r)
    try:
        return DIRECTIONS.index(step)
    except ValueError:
        return None


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` away from `center`."""
    if radius == 0:
        return [center]
    h = Hex(center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius)
    result = []
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            d = DIRECTIONS[side]
            h = Hex(h.q + d.q, h.r + d.r)
    return result


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at most `radius` away from `center`, nearest first."""
    for k in range(radius + 1):
        yield from ring(center, k)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from `a` to `b` passes through, both ends included.

    A line along a hexside is nudged to one side, consistently, so that each
    step is to an adjacent hex.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    aq, ar = a.q + eps, a.r + 2 * eps
    bq, br = b.q + eps, b.r + 2 * eps
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_round(aq + (bq - aq) * t, ar + (br - ar) * t))
    return out


def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def hexside(a: Hex, b: Hex) -> frozenset[Hex]:
    """The side between two adjacent hexes, the same whichever hex it is seen from."""
    return frozenset((a, b))


class Grid:
    """A printed map's numbering: which columns and rows exist and how they are staggered.

    `stagger` names the columns that sit half a hex lower than their
    neighbours ("even" or "odd" column numbers).
    """

    __slots__ = ("stagger", "first_column", "last_column", "first_row", "last_row", "_labels", "_parsed",
                 "_adjacent")

    def __init__(
        self,
        columns: tuple[int, int],
        rows: tuple[int, int],
        stagger: Stagger = "even",
    ) -> None:
        if stagger not in ("odd", "even"):
            raise ValueError(f"stagger must be 'odd' or 'even', not {stagger!r}")
        self.stagger: Stagger = stagger
        self.first_column, self.last_column = columns
        self.first_row, self.last_row = rows
        self._labels: dict[Hex, str] = {}
        self._parsed: dict[str, Hex] = {}
        self._adjacent: dict[str, tuple[str, ...]] = {}

    # Offset (column, row) <-> axial (q, r), per the stagger.
    def _lowered(self, col: int) -> int:
        return col & 1 if self.stagger == "odd" else 1 - (col & 1)

    def from_offset(self, col: int, row: int) -> Hex:
        """The hex printed at column `col`, row `row`."""
        return Hex(col, row - (col - self._lowered(col)) // 2)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """The printed (column, row) of `h`."""
        return h.q, h.r + (h.q - self._lowered(h.q)) // 2

    def contains(self, h: Hex) -> bool:
        col, row = self.to_offset(h)
        return self.first_column <= col <= self.last_column and self.first_row <= row <= self.last_row

    def hexes(self) -> Iterator[Hex]:
        """Every hex on the map, column by column."""
        for col in range(self.first_column, self.last_column + 1):
            for row in range(self.first_row, self.last_row + 1):
                yield self.from_offset(col, row)

    def label(self, h: Hex) -> str:
        """The printed "CCRR" label of `h`."""
        text = self._labels.get(h)
        if text is None:
            col, row = self.to_offset(h)
            text = self._labels[h] = f"{col:02d}{row:02d}"
        return text

    def parse(self, label: str) -> Hex:
        """The hex a printed "CCRR" label names; ValueError if it is not a label on this map."""
        found = self._parsed.get(label)
        if found is not None:
            return found
        if len(label) != 4 or not label.isascii() or not label.isdigit():
            raise ValueError(f"{label!r} is not a hex label (four digits, CCRR)")
        h = self.from_offset(int(label[:2]), int(label[2:]))
        if not self.contains(h):
            raise ValueError(
                f"hex {label} is off the map (columns {self.first_column:02d}-{self.last_column:02d}, "
                f"rows {self.first_row:02d}-{self.last_row:02d})"
            )
        self._parsed[label] = h
        return h

    def neighbours(self, h: Hex) -> list[Hex]:
        """The on-map neighbours of `h`."""
        return [n for n in neighbours(h) if self.contains(n)]

    def adjacent(self, label: str) -> tuple[str, ...]:
        """The labels of the on-map neighbours of the hex `label`, clockwise from north; kept,
        as movement asks for them hundreds of thousands of times."""
        found = self._adjacent.get(label)
        if found is None:
            found = self._adjacent[label] = tuple(self.label(n) for n in self.neighbours(self.parse(label)))
        return found
