"""Hex geometry for printed wargame maps, and the boards made of them.

Hexes are flat-topped; inside, they are axial coordinates (q, r) so that
distance, neighbours, rings and lines are simple arithmetic (Red Blob Games'
hex guide). A `Board` is what the engine, rules and screen ask of a map:
which hexes it has, their labels, steps by compass direction and where each
hex is drawn. Two shapes: `Grid`, a rectangular printed map labelled "CCRR"
(column, row; every other column half a hex lower, the map's *stagger*), and
`MaphexBoard`, hexagon-shaped maps ("maphexes", Foxhole R3.A) joined edge to
edge, labelled "A-CCRR" (the maphex, then the hex's column and row on it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Literal, NamedTuple

Stagger = Literal["odd", "even"]


class Hex(NamedTuple):
    """A hex in axial coordinates: q is the column, r the slanted row."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
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


#: What a direction is given as: its index into DIRECTIONS or its compass name.
Direction = int | str


def direction_index(direction: Direction) -> int:
    """The index into DIRECTIONS of a compass name ("NE") or an index; ValueError otherwise."""
    if isinstance(direction, int):
        if 0 <= direction < 6:
            return direction
    elif direction.upper() in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(direction.upper())
    raise ValueError(f"{direction!r} is not a compass direction ({', '.join(DIRECTION_NAMES)})")


def along(h: Hex, d: int) -> int:
    """How far `h` lies out in direction DIRECTIONS[d], in half-hex rows: 2 for the neighbour that
    way, 1 for the two beside it. A maphex's edge facing that way is where this is largest."""
    q, r = h
    value = (-q - 2 * r, q - r, 2 * q + r)[d % 3]
    return value if d < 3 else -value


class Board(ABC):
    """A map as the engine, rules and screen see it, whatever its shape.

    A shape supplies `hexes`, `contains`, `_format`/`_read` (its label scheme),
    `offset`, `layout`, `layout_size` and `nudge`; the rest (labels kept once
    made, neighbours, compass steps, distances, lines) is shared here.
    """

    __slots__ = ("_labels", "_parsed", "_adjacent", "_on", "_around")

    def __init__(self) -> None:
        self._labels: dict[Hex, str] = {}
        self._parsed: dict[str, Hex] = {}
        self._adjacent: dict[str, tuple[str, ...]] = {}
        self._around: dict[tuple[str, int], tuple[str, ...]] = {}
        self._on: frozenset[str] | None = None

    # --- what each shape supplies ---

    @abstractmethod
    def hexes(self) -> Iterator[Hex]:
        """Every hex of the board, in label order."""

    @abstractmethod
    def contains(self, h: Hex) -> bool:
        """Whether `h` is a hex of the board."""

    @abstractmethod
    def _format(self, h: Hex) -> str:
        """The label of `h`, a hex of this board."""

    @abstractmethod
    def _read(self, label: str) -> Hex:
        """The hex `label` names; ValueError saying why if it names none of this board."""

    @abstractmethod
    def offset(self, label: str) -> tuple[int, int]:
        """The printed (column, row) of hex `label`, as its label spells them."""

    @abstractmethod
    def layout(self, label: str) -> tuple[int, int]:
        """Where hex `label` is drawn: (column, half-row) from the top left, both from 0; a column
        is one hex wide, a half-row half a hex tall, so a hex's neighbour north is two half-rows up."""

    @abstractmethod
    def layout_size(self) -> tuple[int, int]:
        """(columns, half-rows) the drawing of the whole board spans, the lowest hexes' bottoms included."""

    @abstractmethod
    def nudge(self, label: str, dx: int, dy: int) -> str:
        """The hex `dx` columns and `dy` rows from `label` on screen, kept on the board: the cursor keys."""

    def column(self, label: str) -> int:
        """The printed column of hex `label`."""
        return self.offset(label)[0]

    def row(self, label: str) -> int:
        """The printed row of hex `label`."""
        return self.offset(label)[1]

    def short_label(self, label: str) -> str:
        """The label in at most four characters, for the compact map."""
        return label

    def sectors(self, label: str) -> frozenset[str]:
        """The compass names of the sectors (Foxhole R3.A) holding hex `label`: none on a board
        without maphexes."""
        return frozenset()

    # --- shared ---

    def label(self, h: Hex) -> str:
        """The label of hex `h` (kept once made)."""
        text = self._labels.get(h)
        if text is None:
            text = self._labels[h] = self._format(h)
        return text

    def parse(self, label: str) -> Hex:
        """The hex `label` names; ValueError saying why if it names no hex of this board."""
        found = self._parsed.get(label)
        if found is None:
            found = self._parsed[label] = self._read(label)
        return found

    def on_map(self, label: str) -> bool:
        """Whether `label` names a hex of this board (anything else is an off-map box); asked for
        every unit on every look at a position, so it is one set lookup."""
        on = self._on
        if on is None:
            on = self._on = frozenset(map(self.label, self.hexes()))
        return label in on

    def labels(self) -> Iterator[str]:
        """Every hex's label, in label order."""
        return map(self.label, self.hexes())

    def neighbours(self, h: Hex) -> list[Hex]:
        """The neighbours of `h` that are on the board, clockwise from north."""
        return [n for n in neighbours(h) if self.contains(n)]

    def adjacent(self, label: str) -> tuple[str, ...]:
        """The labels of the on-board neighbours of the hex `label`, clockwise from north; kept,
        as movement asks for them hundreds of thousands of times."""
        found = self._adjacent.get(label)
        if found is None:
            found = self._adjacent[label] = tuple(self.label(n) for n in self.neighbours(self.parse(label)))
        return found

    def around(self, label: str, radius: int) -> tuple[str, ...]:
        """The labels of the on-board hexes 1 to `radius` away from the hex `label`, nearest first;
        kept, as observation (Suez 18.2) asks for the same disks on every look at a position."""
        found = self._around.get((label, radius))
        if found is None:
            centre = self.parse(label)
            found = self._around[(label, radius)] = tuple(
                self.label(h) for h in within(centre, radius) if h != centre and self.contains(h))
        return found

    def step(self, label: str, direction: Direction) -> str | None:
        """The hex next to `label` in compass `direction` ("N", "NE", ... or its index), if on the board."""
        h = self.parse(label) + DIRECTIONS[direction_index(direction)]
        return self.label(h) if self.contains(h) else None

    def direction_name(self, a: str, b: str) -> str | None:
        """The compass name of the step from hex `a` to adjacent hex `b` ("N", "NE", ...), else None."""
        d = direction(self.parse(a), self.parse(b))
        return None if d is None else DIRECTION_NAMES[d]

    def distance(self, a: str, b: str) -> int:
        """Hexes counted from `a` to `b` along the shortest path, across the whole board."""
        return distance(self.parse(a), self.parse(b))

    def line(self, a: str, b: str) -> list[str]:
        """The hexes a straight line from `a` to `b` passes through, both ends included; hexes not on
        the board (the notches where two maphexes meet) are left out, as nothing there can stand."""
        return [self.label(h) for h in line(self.parse(a), self.parse(b)) if self.contains(h)]


class Grid(Board):
    """A rectangular printed map: which columns and rows exist and how they are staggered.

    Labels are "CCRR". `stagger` names the columns that sit half a hex lower
    than their neighbours ("even" or "odd" column numbers).
    """

    __slots__ = ("stagger", "first_column", "last_column", "first_row", "last_row")

    def __init__(
        self,
        columns: tuple[int, int],
        rows: tuple[int, int],
        stagger: Stagger = "even",
    ) -> None:
        if stagger not in ("odd", "even"):
            raise ValueError(f"stagger must be 'odd' or 'even', not {stagger!r}")
        super().__init__()
        self.stagger: Stagger = stagger
        self.first_column, self.last_column = columns
        self.first_row, self.last_row = rows

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

    def _format(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        return f"{col:02d}{row:02d}"

    def _read(self, label: str) -> Hex:
        if len(label) != 4 or not label.isascii() or not label.isdigit():
            raise ValueError(f"{label!r} is not a hex label (four digits, CCRR)")
        h = self.from_offset(int(label[:2]), int(label[2:]))
        if not self.contains(h):
            raise ValueError(
                f"hex {label} is off the map (columns {self.first_column:02d}-{self.last_column:02d}, "
                f"rows {self.first_row:02d}-{self.last_row:02d})"
            )
        return h

    def offset(self, label: str) -> tuple[int, int]:
        return self.to_offset(self.parse(label))

    def layout(self, label: str) -> tuple[int, int]:
        col, row = self.offset(label)
        return col - self.first_column, 2 * (row - self.first_row) + self._lowered(col)

    def layout_size(self) -> tuple[int, int]:
        return self.last_column - self.first_column + 1, 2 * (self.last_row - self.first_row + 1) + 1

    def nudge(self, label: str, dx: int, dy: int) -> str:
        col, row = self.offset(label)
        col = min(max(col + dx, self.first_column), self.last_column)
        row = min(max(row + dy, self.first_row), self.last_row)
        return self.label(self.from_offset(col, row))


# --- maphexes (Foxhole R3.A) ---


class Maphex(NamedTuple):
    """One hexagon-shaped map placed on a board: its name (the label's prefix), its radius (hexes
    from the centre hex to the middle of each edge) and where its centre hex lies on the board."""

    name: str
    radius: int
    centre: Hex


@cache
def maphex_hexes(radius: int) -> tuple[Hex, ...]:
    """The hexes of a maphex of `radius` centred on Hex(0, 0), column by column.

    A maphex's six edges face the six compass directions (Foxhole R2.I, R3.A), so
    a hex is on it when it lies no further out than `radius` hexes in any of them.
    """
    return tuple(sorted((Hex(q, r) for q in range(-2 * radius, 2 * radius + 1)
                         for r in range(-2 * radius, 2 * radius + 1)
                         if max(along(Hex(q, r), d) for d in range(6)) <= 2 * radius),
                        key=lambda h: (h.q, _row(h))))


def _row(h: Hex) -> int:
    """The row of `h` counted down its column, odd columns half a hex lower than even ones."""
    return h.r + (h.q - (h.q & 1)) // 2


@cache
def _printed(radius: int) -> tuple[dict[Hex, tuple[int, int]], dict[tuple[int, int], Hex]]:
    """A maphex's own numbering: each hex's (column, row), both from 1 at its top-left."""
    cells = maphex_hexes(radius)
    left = min(h.q for h in cells)
    top = min(_row(h) for h in cells)
    to_printed = {h: (h.q - left + 1, _row(h) - top + 1) for h in cells}
    return to_printed, {v: h for h, v in to_printed.items()}


def sectors(local: Hex) -> frozenset[str]:
    """The sectors (Foxhole R3.A) of the hex `local` from its maphex's centre: each sector is the
    triangle from the centre to one edge, named for the direction that edge faces. A hex on the
    line between two triangles borders both and is in both; the centre hex borders all six."""
    out = [along(local, d) for d in range(6)]
    best = max(out)
    return frozenset(DIRECTION_NAMES[d] for d in range(6) if out[d] == best)


def attached(base: Maphex, radius: int, edge: Direction) -> Hex:
    """The centre of a maphex of `radius` joined edge to edge against `base`'s `edge`: its facing
    edge's hexes sit in the notches of `base`'s, half a hex clockwise (the two edges' hex rows
    cannot be centred on one another, as a maphex's edge is a zigzag row of hexes)."""
    d = direction_index(edge)
    out, along = DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]
    k = base.radius + radius
    return Hex(base.centre.q + k * out.q + along.q, base.centre.r + k * out.r + along.r)


def edge_between(a: Maphex, b: Maphex) -> str | None:
    """The edge of `a` that `b` is joined to edge to edge, if it is: their facing edges' hex rows
    are next to one another and at least one hex of each touches the other."""
    rel = Hex(b.centre.q - a.centre.q, b.centre.r - a.centre.r)
    for d in range(6):
        if along(rel, d) == 2 * (a.radius + b.radius) + 1:
            mine = {Hex(a.centre.q + h.q, a.centre.r + h.r) for h in maphex_hexes(a.radius)
                    if along(h, d) == 2 * a.radius}
            theirs = (Hex(b.centre.q + h.q, b.centre.r + h.r) for h in maphex_hexes(b.radius)
                      if along(h, (d + 3) % 6) == 2 * b.radius)
            if any(n in mine for h in theirs for n in neighbours(h)):
                return DIRECTION_NAMES[d]
    return None


def placement_problems(maphexes: Sequence[Maphex]) -> Iterator[tuple[int, str]]:
    """(index, problem) for each maphex that overlaps an earlier one or is not joined edge to
    edge to any earlier one (the first is where the board starts)."""
    owner: dict[Hex, int] = {}
    for i, m in enumerate(maphexes):
        cells = [Hex(m.centre.q + h.q, m.centre.r + h.r) for h in maphex_hexes(m.radius)]
        clash = next((owner[h] for h in cells if h in owner), None)
        if clash is not None:
            yield i, f"maphex {m.name!r} overlaps maphex {maphexes[clash].name!r}"
            continue
        if i and not any(edge_between(other, m) for other in maphexes[:i]):
            yield i, f"maphex {m.name!r} is not joined edge to edge to any maphex before it"
        owner.update(dict.fromkeys(cells, i))


class MaphexBoard(Board):
    """Maphexes joined edge to edge (Foxhole R2.B, R3.A). A hex's label is its maphex's name, a
    hyphen and its "CCRR" on that maphex ("A-0504"), so a maphex's hexes keep their labels
    wherever it is placed. Neighbours, distances and lines run across the joins."""

    __slots__ = ("maphexes", "_where", "_by_name", "_left", "_top", "_size")

    def __init__(self, maphexes: Sequence[Maphex]) -> None:
        super().__init__()
        self.maphexes = tuple(maphexes)
        self._by_name = {m.name: m for m in self.maphexes}
        self._where: dict[Hex, Maphex] = {}
        for m in self.maphexes:
            for h in maphex_hexes(m.radius):
                self._where[Hex(m.centre.q + h.q, m.centre.r + h.r)] = m
        self._left = min(h.q for h in self._where)
        self._top = min(2 * h.r + h.q for h in self._where)
        self._size = (max(h.q for h in self._where) - self._left + 1,
                      max(2 * h.r + h.q for h in self._where) - self._top + 2)

    def hexes(self) -> Iterator[Hex]:
        for m in self.maphexes:
            for h in maphex_hexes(m.radius):
                yield Hex(m.centre.q + h.q, m.centre.r + h.r)

    def contains(self, h: Hex) -> bool:
        return h in self._where

    def maphex(self, label: str) -> Maphex:
        """The maphex hex `label` is on."""
        return self._where[self.parse(label)]

    def _local(self, label: str) -> Hex:
        h = self.parse(label)
        c = self._where[h].centre
        return Hex(h.q - c.q, h.r - c.r)

    def _format(self, h: Hex) -> str:
        m = self._where[h]
        col, row = _printed(m.radius)[0][Hex(h.q - m.centre.q, h.r - m.centre.r)]
        return f"{m.name}-{col:02d}{row:02d}"

    def _read(self, label: str) -> Hex:
        name, dash, number = label.partition("-")
        if not dash or len(number) != 4 or not number.isascii() or not number.isdigit():
            raise ValueError(f"{label!r} is not a hex label (a maphex's name, '-', four digits: A-0504)")
        m = self._by_name.get(name)
        if m is None:
            raise ValueError(f"hex {label}: no maphex {name!r} (maphexes: {', '.join(self._by_name)})")
        local = _printed(m.radius)[1].get((int(number[:2]), int(number[2:])))
        if local is None:
            raise ValueError(f"hex {label} is off maphex {name!r} (radius {m.radius})")
        return Hex(m.centre.q + local.q, m.centre.r + local.r)

    def offset(self, label: str) -> tuple[int, int]:
        return _printed(self.maphex(label).radius)[0][self._local(label)]

    def short_label(self, label: str) -> str:
        return label.rpartition("-")[2]

    def sectors(self, label: str) -> frozenset[str]:
        return sectors(self._local(label))

    def layout(self, label: str) -> tuple[int, int]:
        h = self.parse(label)
        return h.q - self._left, 2 * h.r + h.q - self._top

    def layout_size(self) -> tuple[int, int]:
        return self._size

    def nudge(self, label: str, dx: int, dy: int) -> str:
        h = self.parse(label)
        col, row = h.q + dx, _row(h) + dy
        target = Hex(col, row - (col - (col & 1)) // 2)
        return self.label(target) if target in self._where else label
