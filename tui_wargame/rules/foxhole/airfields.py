"""Foxhole R19.B.10.a-c: the level of an airfield built of Tarmac, which is how many Air Sorties
it maintains (1, 3 or 6), for the on-map Air Sorties of R25.A.1 (`sorties.available`).

A runway is four Tarmac (or Airfield) hexes in a straight line; the airfield named by a hex is
every runway through that hex, and every runway crossing one of those. A hex "with a Building"
holds a Building or Tall Building feature or is a Buildings or Tall Buildings hex; a Buildings
hex is one of the latter two. Reconstructions (docs/rules/foxhole.md, R19.B.10):
- Level-3's "second runway in the same four hexes" cannot be told apart on a map of hex types:
  a runway with a Buildings hex beside it is taken to have it.
- "A Maintenance Engineer per Building hex": a friendly Maintenance Engineer Company in each
  Building hex beside the airfield's runways, or the airfield is Level 0 (its Sorties do not fly).
"""

from __future__ import annotations

from tui_wargame.rules.foxhole.position import Position

RUNWAY_HEXES = frozenset({"tarmac", "airfield"})
RUNWAY_LENGTH = 4  # R19.B.10.a
BUILDINGS_HEXES = frozenset({"buildings", "tall-buildings"})
BUILDING_FEATURES = ("building", "tall-building")
MAINTENANCE = "engineer-maintenance"

Runway = tuple[str, ...]


def runways(pos: Position, hex: str) -> list[Runway]:
    """R19.B.10.a: the runways (four Tarmac hexes in a straight line) through a hex."""
    grid = pos.scenario.grid
    found: list[Runway] = []
    for d in range(3):  # each axis once: its three steps forward, the opposite three back
        for back in range(RUNWAY_LENGTH):
            start: str | None = hex
            for _ in range(back):
                start = grid.step(start, d + 3) if start is not None else None
            line: list[str] = []
            here = start
            while here is not None and len(line) < RUNWAY_LENGTH:
                line.append(here)
                here = grid.step(here, d) if len(line) < RUNWAY_LENGTH else None
            if len(line) == RUNWAY_LENGTH and all(pos.hex_type(h).id in RUNWAY_HEXES for h in line):
                found.append(tuple(line))
    return found


def _beside(pos: Position, runway: Runway) -> set[str]:
    return {n for h in runway for n in pos.neighbours(h)} - set(runway)


def _with_building(pos: Position, hex: str) -> bool:
    return (pos.hex_type(hex).id in BUILDINGS_HEXES
            or any(pos.marker(hex, k) is not None for k in BUILDING_FEATURES))


def _maintained(pos: Position, hexes: set[str], side: str) -> bool:
    """R19.B.10: a Maintenance Engineer of `side` in each Building hex of the airfield."""
    return all(any(MAINTENANCE in pos.spec(u).traits for u in pos.units_in(h, side)) for h in hexes)


def level(pos: Position, hex: str, side: str) -> int:
    """R19.B.10.a-c: the airfield's level, the Sorties it maintains: 6 for two runways along
    different hexrows crossing in one hex, each with a Buildings hex beside it; 3 for a runway with
    a Buildings hex beside it; 1 for a runway with a Building beside it; else 0, and 0 too if a
    Building hex lacks its Maintenance Engineer."""
    first = runways(pos, hex)
    lines = set(first) | {r for f in first for h in f for r in runways(pos, h)}
    if not lines:
        return 0
    buildings = {r: {h for h in _beside(pos, r) if _with_building(pos, h)} for r in lines}
    if not _maintained(pos, set().union(*buildings.values()), side):
        return 0
    big = {r for r in lines if any(pos.hex_type(h).id in BUILDINGS_HEXES for h in buildings[r])}
    grid = pos.scenario.grid
    if any(len(set(a) & set(b)) == 1 and grid.direction_name(*a[:2]) != grid.direction_name(*b[:2])
           for a in big for b in big):
        return 6
    if big:
        return 3
    return 1 if any(buildings.values()) else 0
