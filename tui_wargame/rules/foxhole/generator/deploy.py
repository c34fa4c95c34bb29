"""R3.B.2-3, R24.D.1, R24.D.5: where each side may set up, and where the computer puts it.

Each side's set-up area is written as `[[rules.setup_area]]` (so a free set-up, `--option
setup=free`, lets the players move their counters within it), and the computer's set-up is the
units' `start`. The heuristic [INV]:

- the Defensive side puts its rifle, support and engineer companies forward, in cover (the hex's
  Fight defence, Chart 2) and spread out, its vehicles behind them, its headquarters and artillery
  at the back; it then spends the points set aside for markers on Defensive Works where its units
  stand (Foxholes for one, Scrapes for two, Trenches for more), Mines and deeper Trenches in the
  forward third, then Pillboxes for Foxholes and Unimproved Forts for Scrapes, then Mines
  everywhere it holds (R24.D.4b prices; one work a hex, R19.B.3; at most 4 levels of works and traps
  together, R10.C);
- the Offensive side stays back from the line (no unit within two hexes of its facing edge, where
  the area allows), its combat units forward of its headquarters and artillery.

Vehicles never start where they may not go (Flooded Areas, R11; no unit in water).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import DIRECTION_NAMES, along, distance
from tui_wargame.rules.foxhole import charts, maphex_library
from tui_wargame.rules.foxhole.generator import catalogue
from tui_wargame.rules.foxhole.generator.board import Placed, _hex, sector_labels
from tui_wargame.rules.foxhole.generator.catalogue import UnitType
from tui_wargame.rules.foxhole.markers import marker_points

STACK = 4  # R10.A
ROOM_PER_HEX = 3  # [INV] the buyer stops at three counters a hex of the area, leaving room to move
BACK = 2  # [INV] the Offensive side sets up at least this many hexes from its facing edge
FRONT_ROLES = (catalogue.INFANTRY, catalogue.SUPPORT, catalogue.ENGINEER, catalogue.IRREGULAR)
REAR_ROLES = (catalogue.HQ, catalogue.ARTILLERY)
MAX_LEVELS = charts.MAX_WORK_LEVELS  # R10.C: levels of works and traps in a hex, together
MAX_MINES = 2  # [INV] the buyer's deepest minefield, leaving a level for the Engineers' own
UPGRADES = {"foxholes": "pillbox", "scrapes": "fort-unimproved"}  # R19.B.4, same shelter or more


@frozen
class Area:
    """A side's set-up area: its `[[rules.setup_area]]` table and its land hexes (full labels)."""

    table: Mapping[str, Any]
    hexes: tuple[str, ...]


def _land(placed: Placed, local: str, vehicle: bool = False) -> bool:
    kind = charts.HEX_TYPES[placed.maphex.hex_type(local)]
    return kind.mp is not None and not (vehicle and kind.motorized_prohibited)


def area(side: str, placed: Placed, how: str, sectors: Sequence[str] = ()) -> Area:
    """R3.B.2: the area for a deploy rule (`mission.Plan.deploy`): `own` the whole maphex, `front`
    the sector facing the enemy, `not-front` every hex outside it, `sectors` the sectors named,
    `sector-only` the hexes of the named sectors that border no other sector."""
    every = maphex_library.labels()
    if how == "own":
        table: dict[str, Any] = {"side": side, "maphexes": [placed.name]}
        local = list(every)
    elif how in ("front", "sectors"):
        names = [placed.facing] if how == "front" else list(sectors)
        table = {"side": side, "sectors": [f"{placed.name}:{s}" for s in names]}
        local = [h for h in every if any(h in sector_labels(s) for s in names)]
    else:  # not-front, sector-only: an explicit list of hexes
        banned = set(sector_labels(placed.facing)) if how == "not-front" else \
            {h for s in DIRECTION_NAMES if s not in sectors for h in sector_labels(s)}
        local = [h for h in every if h not in banned]
        table = {"side": side, "hexes": placed.labels(local)}
    land = tuple(placed.label(h) for h in local if _land(placed, h))
    return Area(table, land)


def room(a: Area) -> int:
    """How many counters the buyer may give a side that sets up in `a`."""
    return ROOM_PER_HEX * len(a.hexes)


@frozen
class Deployment:
    """A side's set-up: unit id -> start hex, its markers (`[[rules.markers]]` tables), the points
    they cost (the free Trench levels of Trench Warfare not counted) and the free levels placed."""

    starts: Mapping[str, str]
    markers: tuple[Mapping[str, Any], ...]
    paid: int
    free_trenches: int


def _front(placed: Placed, label: str) -> int:
    """How far forward a hex lies: its distance out towards the facing edge (R3.A geometry)."""
    return along(_hex(label.partition("-")[2]), DIRECTION_NAMES.index(placed.facing))


def _cover(placed: Placed, label: str) -> int:
    local = label.partition("-")[2]
    fight = charts.HEX_TYPES[placed.maphex.hex_type(local)].defence.fight
    featured = any(m.place == local and m.kind in charts.FEATURES for m in placed.maphex.markers)
    return fight + (2 if featured else 0)


def place_units(dice: Dice, placed: Mapping[str, Placed], a: Area, units: Sequence[tuple[str, UnitType]],
                *, defending: bool, keep: Iterable[str] = ()) -> dict[str, str]:
    """The computer's set-up of `units` (id, type) in area `a` (see the module's docstring); the
    first front-line unit goes to each hex of `keep` (Last Stand's hex)."""
    by_name = placed
    jitter = {h: dice.roll(100) for h in a.hexes}
    facing_edge = {name: {p.label(h) for h in maphex_library.edge_hexes(p.facing)}
                   for name, p in by_name.items()}
    hexes = list(a.hexes)
    if not defending:
        back = [h for h in hexes if _distance_to(h, facing_edge[h.partition("-")[0]]) >= BACK]
        if ROOM_PER_HEX * len(back) >= len(units):
            hexes = back
    count: Counter[str] = Counter()
    starts: dict[str, str] = {}
    keep = [h for h in keep if h in hexes]

    def p(label: str) -> Placed:
        return by_name[label.partition("-")[0]]

    fronts = {h: _front(p(h), h) for h in hexes}
    covers = {h: _cover(p(h), h) for h in hexes}

    def score(label: str, role: str) -> float:
        front, cover = fronts[label], covers[label]
        if role in REAR_ROLES:
            value = -2 * front + cover
        elif role == catalogue.VEHICLE:
            value = -abs(front - 2) if defending else front
        else:
            value = front + (3 * cover if defending else cover)
        return value - 3 * count[label] + jitter[label] / 100

    def rank(u: tuple[str, UnitType]) -> int:
        return 0 if u[1].role in FRONT_ROLES else 1 if u[1].role == catalogue.VEHICLE else 2

    order = sorted(units, key=rank)
    for uid, t in order:
        vehicle = t.kind == "vehicle" or "mounted" in t.traits
        free = [h for h in hexes if count[h] < STACK
                and _land(p(h), h.partition("-")[2], vehicle)]
        if not free:
            raise ValueError(f"no room left in the set-up area for {uid}")  # the buyer's `room` prevents it
        wanted = [h for h in keep if h in free and t.role in FRONT_ROLES]
        best = wanted[0] if wanted else max(free, key=lambda h: (score(h, t.role), h))
        if wanted:
            keep.remove(best)
        starts[uid] = best
        count[best] += 1
    return starts


def _distance_to(label: str, edge: set[str]) -> int:
    here = _hex(label.partition("-")[2])
    return min(distance(here, _hex(e.partition("-")[2])) for e in edge)


def works(placed: Mapping[str, Placed], side: str, starts: Mapping[str, str], budget: int,
          free_trenches: int = 0) -> Deployment:
    """R24.D.4b, R3.B.3a: the side's markers where its units stand, front first: the free Trench
    levels first (Trench Warfare), then works and traps bought with `budget` (see the docstring)."""
    count = Counter(starts.values())
    occupied = sorted(count, key=lambda h: (-_front(placed[h.partition("-")[0]], h), h))
    work: dict[str, str] = {}
    level: Counter[str] = Counter()  # trench levels
    mines: Counter[str] = Counter()
    left = budget
    free = free_trenches

    def trench(h: str, paid: bool) -> bool:
        nonlocal left, free
        if work.get(h, "trenches") != "trenches" or level[h] + mines[h] >= MAX_LEVELS:
            return False
        price = 0 if not paid else marker_points("trenches")
        if (not paid and free <= 0) or price > left:
            return False
        work[h] = "trenches"
        level[h] += 1
        if paid:
            left -= price
        else:
            free -= 1
        return True

    while free > 0 and any([trench(h, paid=False) for h in occupied]):
        pass
    forward = occupied[: max(1, len(occupied) // 3)]
    for h in occupied:  # one work a hex, by the units it shelters (capacity, Chart 2)
        if h in work:
            continue
        kind = "foxholes" if count[h] == 1 else "scrapes" if count[h] == 2 else "trenches"
        if kind == "trenches":
            trench(h, paid=True)
        elif marker_points(kind) <= left:
            work[h] = kind
            left -= marker_points(kind)
    def _levels(h: str) -> int:
        if h not in work:
            return mines[h]
        return (level[h] if work[h] == "trenches" else charts.WORKS[work[h]].levels) + mines[h]

    def spend(kind: str) -> bool:
        nonlocal left
        if marker_points(kind) > left:
            return False
        left -= marker_points(kind)
        return True

    def deepen(hexes: Sequence[str]) -> bool:
        """Mines where there is room, and deeper Trenches: whether anything was bought."""
        bought = False
        for h in hexes:
            if mines[h] < MAX_MINES and _levels(h) < MAX_LEVELS and spend("mines"):
                mines[h] += 1
                bought = True
        for h in occupied:
            bought = (work.get(h) == "trenches" and trench(h, paid=True)) or bought
        return bought

    while deepen(forward):
        pass
    for h in occupied:  # stronger works: a Pillbox for Foxholes, an Unimproved Fort for Scrapes
        better = UPGRADES.get(work.get(h, ""))
        room = MAX_LEVELS - _levels(h) + charts.WORKS[work[h]].levels if better else 0
        if better and charts.WORKS[better].levels <= room and \
                marker_points(better) - marker_points(work[h]) <= left:
            left -= marker_points(better) - marker_points(work[h])
            work[h] = better
    while deepen(occupied):
        pass
    markers: list[dict[str, Any]] = []
    for h in occupied:
        if h in work:
            markers.append({"place": h, "kind": work[h], "side": side,
                            **({"value": level[h]} if work[h] == "trenches" else {})})
        if mines[h]:
            markers.append({"place": h, "kind": "mines", "side": side, "value": mines[h]})
    return Deployment(dict(starts), tuple(markers), budget - left, free_trenches - free)
