"""R24.D.2: the maphexes of a competitive scenario, drawn from the library and turned to face.

Two-maphex missions: the Offensive side's maphex is `A`, the Defensive side's `B`, joined at A's
north edge, so each side's facing edge is the one towards the other (A's N, B's S) and its far
edge the opposite one. Each library maphex is drawn at random, then the edge that will face the
enemy (R24.D.2: a new edge if that one is a coast), and the maphex is turned by sixties so that
edge faces the other. Invented [INV]: an edge is drawn only if the far edge then has a line
leaving it (else the side would have no supply source), and a maphex only if it has such an
edge and what the mission needs. One-maphex missions use `A` alone, turned as the mission needs.

R24.D.2: the lines leaving a side's far edge are its supply sources (`[rules.supply_sources]`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import cast

import attrs

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import DIRECTION_NAMES, Hex, Maphex, MaphexBoard, sectors
from tui_wargame.rules.foxhole import charts, maphex_library
from tui_wargame.rules.foxhole.maphex_library import LibraryMaphex

RADIUS = maphex_library.RADIUS
_BOARD = MaphexBoard([Maphex("M", RADIUS, Hex(0, 0))])
BUILDINGS = frozenset({"buildings", "tall-buildings"})
BUILDING_FEATURES = frozenset({"building", "tall-building"})


def _hex(label: str) -> Hex:
    return _BOARD.parse(f"M-{label}")


def _label(h: Hex) -> str:
    return _BOARD.short_label(_BOARD.label(h))


def turn_hex(h: Hex, k: int) -> Hex:
    """`h` turned k sixties clockwise about the centre: what faced direction d faces d + k."""
    for _ in range(k % 6):
        h = Hex(-h.r, h.q + h.r)
    return h


def turn_label(label: str, k: int) -> str:
    return _label(turn_hex(_hex(label), k))


def turn_edge(edge: str, k: int) -> str:
    return DIRECTION_NAMES[(DIRECTION_NAMES.index(edge) + k) % 6]


def turned(m: LibraryMaphex, k: int) -> LibraryMaphex:
    """The library maphex turned k sixties clockwise: its labels, hexsides, lines, places,
    printed markers and coasts all turn with it."""
    if k % 6 == 0:
        return m

    def lb(label: str) -> str:
        return turn_label(label, k)

    def place(p: str) -> str:
        return "|".join(sorted(lb(x) for x in p.split("|")))

    return attrs.evolve(
        m, coast=tuple(turn_edge(e, k) for e in m.coast),
        terrain={t: tuple(lb(h) for h in hexes) for t, hexes in m.terrain.items()},
        hexsides=tuple(attrs.evolve(hs, hexes=cast("tuple[str, str]", tuple(lb(h) for h in hs.hexes)))
                       for hs in m.hexsides),
        routes=tuple(attrs.evolve(r, hexes=tuple(lb(h) for h in r.hexes)) for r in m.routes),
        places=tuple(attrs.evolve(p, hex=lb(p.hex)) for p in m.places),
        markers=tuple(attrs.evolve(mk, place=place(mk.place)) for mk in m.markers))


def exits_on(m: LibraryMaphex, edge: str) -> tuple[str, ...]:
    """The hexes where a line leaves the maphex by `edge` (R24.D.2), in label order."""
    return tuple(sorted({x.hex for x in maphex_library.exits(m) if edge in x.edges}))


def land(m: LibraryMaphex, label: str) -> bool:
    return charts.HEX_TYPES[m.hex_type(label)].mp is not None


def sector_labels(sector: str) -> tuple[str, ...]:
    """The hexes of one sector of a library maphex (a border hex is in both, R3.A.2)."""
    return tuple(lb for lb in maphex_library.labels() if sector in sectors(_hex(lb)))


def buildings(m: LibraryMaphex, within: Iterable[str] | None = None) -> tuple[str, ...]:
    """Buildings and Tall Buildings hexes (by type or printed Building feature), in label order."""
    featured = {mk.place for mk in m.markers if mk.kind in BUILDING_FEATURES}
    hexes = maphex_library.labels() if within is None else within
    return tuple(sorted(h for h in hexes if m.hex_type(h) in BUILDINGS or h in featured))


def on_line(m: LibraryMaphex, label: str) -> bool:
    return any(label in r.hexes for r in m.routes)


def facing_edges(m: LibraryMaphex, fits: Callable[[LibraryMaphex, str], bool]) -> tuple[str, ...]:
    """R24.D.2: the edges that may face the enemy: not a coast, and what the mission needs of that
    facing (`fits`)."""
    return tuple(e for e in DIRECTION_NAMES if e not in m.coast and fits(m, e))


@frozen
class Placed:
    """A library maphex on the board: its name (the labels' prefix), the library id, the maphex
    as turned, and the edge facing the enemy and the far edge (after turning)."""

    name: str
    library: str
    maphex: LibraryMaphex
    turns: int
    facing: str
    far: str

    def label(self, local: str) -> str:
        return f"{self.name}-{local}"

    def labels(self, local: Iterable[str]) -> list[str]:
        return [self.label(h) for h in local]


def draw(dice: Dice, name: str, facing: str, fits: Callable[[LibraryMaphex, str], bool],
         library: Sequence[str] | None = None) -> Placed:
    """R24.D.2: a random library maphex (one with an edge that may face, see `facing_edges`), a
    random one of those edges, and the maphex turned so that edge faces `facing`."""
    found = [maphex_library.load(i) for i in (library if library is not None else maphex_library.ids())]
    usable = [m for m in found if facing_edges(m, fits)]
    if not usable:
        raise ValueError("no library maphex fits this mission")  # the library tests keep this from happening
    m = dice.choice(usable)
    edge = dice.choice(facing_edges(m, fits))
    k = (DIRECTION_NAMES.index(facing) - DIRECTION_NAMES.index(edge)) % 6
    return Placed(name, m.id, turned(m, k), k, facing, turn_edge(facing, 3))


def supplied(m: LibraryMaphex, edge: str) -> bool:
    """[INV] with `edge` facing the enemy, a line leaves the far edge: the side has a supply source."""
    return bool(exits_on(m, turn_edge(edge, 3)))


def town_in_front(m: LibraryMaphex, edge: str) -> bool:
    """R24.D.5 (Pillage): at least three Buildings or Tall Buildings hexes in the sector facing
    the enemy, or the maphex is turned or drawn again."""
    return supplied(m, edge) and len(buildings(m, sector_labels(edge))) >= 3


def held_town(m: LibraryMaphex, edge: str) -> bool:
    """R24.D.5 (Last Stand): a Buildings or Tall Buildings hex on a line (the hex becomes a supply
    source, which must be on a line, R12.A.2)."""
    return supplied(m, edge) and any(on_line(m, h) for h in buildings(m))


def coast_ahead(m: LibraryMaphex, edge: str) -> bool:
    """R24.D.5 (Destroy Bridgehead), one maphex: the Offensive side enters by `edge`, where a line
    leaves (its supply), and the edge opposite is a coast."""
    return turn_edge(edge, 3) in m.coast and bool(exits_on(m, edge))


def town_between(m: LibraryMaphex, edge: str) -> bool:
    """R24.D.5 (Seize and Hold), one maphex: the sides enter by `edge` and by the opposite edge,
    each with a line leaving it (their supply), and there is a Buildings or Tall Buildings hex."""
    far = turn_edge(edge, 3)
    return far not in m.coast and bool(exits_on(m, edge)) and bool(exits_on(m, far)) and bool(buildings(m))


def not_desert(m: LibraryMaphex, edge: str) -> bool:
    """R24.D.5 (Scorched Earth): both maphexes are non-Desert ones."""
    return supplied(m, edge) and m.country != "desert"


def anywhere(m: LibraryMaphex, edge: str) -> bool:
    return True


#: What a mission's `needs` asks of a maphex and its facing edge.
NEEDS: dict[str, Callable[[LibraryMaphex, str], bool]] = {
    "": supplied, "buildings": held_town, "town-front": town_in_front, "coast": coast_ahead,
    "town-between": town_between, "any": anywhere, "not-desert": not_desert,
}
