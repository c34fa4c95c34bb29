"""Foxhole R24.A and R24.C: how each side stands, the measures every victory condition reads.

- Sector status (R24.A.1): a side Secures a sector with units in it and no enemy unit (an empty
  sector is nobody's, else both sides would Secure it); it Controls it with at least ten units
  per enemy unit; it Contests it with at least one unit and no fewer than the enemy's count less
  ten. Each status includes the weaker ones. Partisans never count (R7.A.14). A hex on the line
  between two sectors is in both (`Board.sectors`, R3.A.2).
- Losses (R24.A.2): an Eliminated unit counts two, a unit Reduced (even once, later restored by
  a Hospital) one, a unit Reduced again after a Hospital restored it two (effects' flags).
- Control points (R24.C): Secure 7, Control 5, Contest 1 for each sector of the maphexes named.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tui_wargame.rules.foxhole.counters import ELIMINATED
from tui_wargame.rules.foxhole.effects import ONCE_REDUCED, REDUCED_TWICE
from tui_wargame.rules.foxhole.position import Position

SECURE, CONTROL, CONTEST = "secure", "control", "contest"
STATUSES = (SECURE, CONTROL, CONTEST)  # strongest first
CONTROL_POINTS = {SECURE: 7, CONTROL: 5, CONTEST: 1}  # R24.C
SECTORS = ("N", "NE", "SE", "S", "SW", "NW")  # R3.A.2, by the direction each edge faces
PARTISAN = "partisan"  # the R7.A.14 special type (a unit trait)


def maphexes(pos: Position) -> tuple[str, ...]:
    return tuple(m.name for m in getattr(pos.scenario.grid, "maphexes", ()))


def sector_hexes(pos: Position, maphex: str, sector: str) -> Iterator[str]:
    """The hexes of one sector of a maphex (R3.A.2), border hexes included."""
    grid = pos.scenario.grid
    for label in grid.labels():
        if label.partition("-")[0] == maphex and sector in grid.sectors(label):
            yield label


def counted(pos: Position, side: str, hexes: Iterable[str]) -> int:
    """R24.A.1: `side`'s units in these hexes, Partisans not counted (R7.A.14)."""
    return sum(1 for h in hexes for u in pos.units_in(h, side) if PARTISAN not in pos.spec(u).traits)


def status(pos: Position, side: str, maphex: str, sector: str) -> str:
    """R24.A.1: the strongest status `side` has in the sector, or "" for none."""
    hexes = list(sector_hexes(pos, maphex, sector))
    return classify(counted(pos, side, hexes), counted(pos, pos.enemy(side), hexes))


def classify(own: int, enemy: int) -> str:
    """R24.A.1 from the two counts: Secure, Control, Contest or "" (none)."""
    if own == 0:
        return ""
    if enemy == 0:
        return SECURE
    if own >= 10 * enemy:
        return CONTROL
    return CONTEST if own >= enemy - 10 else ""


def has_status(pos: Position, side: str, maphex: str, sector: str, wanted: str) -> bool:
    """Whether `side` has at least status `wanted` there (Securing is Controlling is Contesting)."""
    found = status(pos, side, maphex, sector)
    return bool(found) and STATUSES.index(found) <= STATUSES.index(wanted)


def control_points(pos: Position, side: str, within: Iterable[str] = ()) -> int:
    """R24.C: `side`'s control points over the sectors of the maphexes `within` (all if none)."""
    return sum(CONTROL_POINTS.get(status(pos, side, m, s), 0) for m in (tuple(within) or maphexes(pos))
               for s in SECTORS)


def unit_losses(pos: Position, uid: str) -> int:
    """R24.A.2: 2 for an Eliminated unit or one Reduced twice, 1 for one Reduced once, else 0."""
    u = pos.state.units[uid]
    if u.location == ELIMINATED or REDUCED_TWICE in u.flags:
        return 2
    return 1 if ONCE_REDUCED in u.flags else 0


def losses(pos: Position, side: str) -> int:
    """R24.A.2: the losses `side` has taken."""
    return sum(unit_losses(pos, uid) for uid in pos.state.units if pos.side_of(uid) == side)


def eliminated(pos: Position, side: str) -> int:
    """The units of `side` Eliminated so far."""
    return sum(1 for uid, u in pos.state.units.items()
               if pos.side_of(uid) == side and u.location == ELIMINATED)
