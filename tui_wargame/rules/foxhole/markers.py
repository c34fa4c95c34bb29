"""Foxhole R5.B: the marker counters, as data. Each counter has two sides (`PAIRS`); a side says
a hex's state (a Defensive Work, a Bridge, Fire), a hexside's (a Bailey Bridge, a Rail Break) or
a unit's (Pinned, Fatigued). Hex and hexside markers are `State.markers` (their kinds are
`charts.MARKER_KINDS`); unit markers are the unit's condition flags (`position.CONDITIONS`).
Bridging implements not yet placed (Boats, Rafts, Bridges) lie in the hex of the unit that
carries them (R16.C.1.d, R19.B.2).

`check` refuses a scenario's `[[rules.markers]]` whose kind sits on the wrong place (a Rail
Break in a hex, Foxholes on a hexside) or shows a level the marker has not (R5.B.1, R5.B.5).
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.frozen import frozen
from tui_wargame.model import Scenario
from tui_wargame.rules.foxhole import charts

HEX, HEXSIDE, UNIT = "hex", "hexside", "unit"


@frozen
class MarkerKind:
    """One side of a marker counter: where it goes (`places`), its rule, the most levels it
    shows (`levels`, 0: none; Trenches 4, Mines 3, Tank Traps 2) and whether players make the
    counter themselves (R19.B.9-10, R25.A.7)."""

    id: str
    name: str
    places: frozenset[str]
    rule: str
    levels: int = 0
    player_made: bool = False


_H, _S, _U = frozenset({HEX}), frozenset({HEXSIDE}), frozenset({UNIT})

#: Every marker side the rules use (R5.B.1-16, and those named elsewhere).
KINDS: Mapping[str, MarkerKind] = {m.id: m for m in (
    MarkerKind("trenches", "Trenches", _H, "R5.B.1", levels=4),
    MarkerKind("smoke", "Smoke Barrage", _H, "R5.B.1"),
    MarkerKind("foxholes", "Foxholes", _H, "R5.B.2"),
    MarkerKind("overwatch", "Overwatch", _U, "R5.B.2"),
    MarkerKind("expended", "Expended", _U, "R5.B.2"),
    MarkerKind("pillbox", "Pillbox", _H, "R5.B.3"),
    MarkerKind("scrapes", "Scrapes", _H, "R5.B.3"),
    MarkerKind("fort-unimproved", "Unimproved Fort", _H, "R5.B.4"),
    MarkerKind("fort-improved", "Improved Fort", _H, "R5.B.4"),
    MarkerKind("tank-traps", "Tank Traps", _H, "R5.B.5, R10.C", levels=2),
    MarkerKind("mines", "Mines", _H, "R5.B.5, R10.C", levels=3),
    MarkerKind("suppressed", "Suppressed", _U, "R5.B.6"),
    MarkerKind("pinned", "Pinned", _U, "R5.B.6"),
    MarkerKind("boats", "Boats", _H, "R5.B.7"),
    MarkerKind("rafts", "Rafts", _H, "R5.B.7"),
    MarkerKind("bridge-foot", "Foot Bridge", _H, "R5.B.8"),
    MarkerKind("bridge-vehicle", "Vehicle Bridge", _H, "R5.B.8"),
    MarkerKind("bridge-bailey", "Bailey Bridge", _H | _S, "R5.B.9"),  # in a hex: carried, not placed
    MarkerKind("bridge-damaged", "Bridge Damaged", _H | _S, "R5.B.9"),
    MarkerKind("fatigued", "Fatigued", _U, "R5.B.10"),
    MarkerKind("exhausted", "Exhausted", _U, "R5.B.10"),
    MarkerKind("refugees", "Refugees", _H, "R5.B.11"),
    MarkerKind("no-refugees", "No Refugees", _H, "R5.B.11"),
    MarkerKind("fire", "Fire", _H, "R5.B.12"),
    MarkerKind("burnt-out", "Burnt Out", _H, "R5.B.12"),
    MarkerKind("supply-points", "Supply Points", _H, "R5.B.13"),
    MarkerKind("supply-reduced", "Supply Reduced", _U, "R5.B.14"),
    MarkerKind("supply-depleted", "Supply Depleted", _U, "R5.B.14"),
    MarkerKind("rail-break", "Rail Break", _S, "R5.B.15"),
    MarkerKind("port-damaged", "Port Damaged", _H, "R5.B.15"),
    MarkerKind("sapping", "Sapping", _H, "R5.B.16, R19.B.6.g"),
    MarkerKind("wire", "Concertina Wire", _H, "R5.B.16"),
    # named by other rules, not in R5.B's list
    MarkerKind("port", "Port", _H, "R16.E"),
    MarkerKind("bridge-printed", "Bridge", _H | _S, "R3.B.1, R10.B.c"),
    MarkerKind("bridge-destroyed", "Bridge Destroyed", _H | _S, "R5.B.9, R24.D.5"),
    MarkerKind("shellholes", "Shellholes", _H, "R25.A.7", player_made=True),
    MarkerKind("built", "Built Up (Tarmac, Buildings)", _H, "R19.B.9-10", player_made=True),
    MarkerKind("building", "Building", _H, "R19.B.9.a", player_made=True),
    MarkerKind("tall-building", "Tall Building", _H, "R19.B.9.c", player_made=True),
    MarkerKind("rail-circle", "Rail Circle", _H, "R7.B.2.a"),
    MarkerKind("tunnel", "Tunnel", _H | _S, "R19.B.6.h"),
    # R5.C: the Transport counters, while on the map
    MarkerKind("truck", "Truck", _H, "R5.C.2"),
    MarkerKind("train", "Train", _S, "R5.C.1"),
    MarkerKind("ship", "Ship", _H, "R5.C.3"),
)}

#: R5.B.1-16: the two sides of each marker counter (Overwatch and Expended share one side, R5.B.2).
PAIRS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("trenches", ("smoke",)), ("foxholes", ("overwatch", "expended")), ("pillbox", ("scrapes",)),
    ("fort-unimproved", ("fort-improved",)), ("tank-traps", ("mines",)), ("suppressed", ("pinned",)),
    ("boats", ("rafts",)), ("bridge-foot", ("bridge-vehicle",)), ("bridge-bailey", ("bridge-damaged",)),
    ("fatigued", ("exhausted",)), ("refugees", ("no-refugees",)), ("fire", ("burnt-out",)),
    ("supply-reduced", ("supply-depleted",)), ("rail-break", ("port-damaged",)), ("sapping", ("wire",)),
)
#: R5.B.13: a single-sided marker.
SINGLES = ("supply-points",)


def place_kind(place: str) -> str:
    """Whether a marker place is a hex or a hexside ("A|B", `Position.hexside_place`)."""
    return HEXSIDE if "|" in place else HEX


def marker_points(kind: str, level: int = 1) -> int:
    """R24.D.4b: what a marker costs in a Competitive Scenario (Trenches, Mines and Tank Traps by
    the level); 0 for one that is not bought."""
    if kind == "trenches":
        return charts.TRENCH_POINTS * level
    work = charts.WORKS.get(kind)
    if work is None:
        return 0
    return work.points * (level if KINDS[kind].levels else 1)


def check(scenario: Scenario) -> list[str]:
    """R5.B: each `[[rules.markers]]` on a place its kind may go, at a level it may show."""
    problems = []
    markers = scenario.rules.get("markers", [])
    if not isinstance(markers, list):
        return []  # setup.check says so
    for i, m in enumerate(markers):
        known = isinstance(m, dict) and m.get("kind") in charts.MARKER_KINDS
        if not known or not isinstance(m.get("place"), str):
            continue  # setup.check says so
        kind = KINDS[m["kind"]]
        where = f"rules.markers[{i}]"
        if place_kind(m["place"]) not in kind.places:
            problems.append(f"{where}.place: {kind.name} goes on a {' or '.join(sorted(kind.places))}, "
                            f"not {m['place']!r} ({kind.rule})")
        level = m.get("value")
        if kind.levels and type(level) is int and not 1 <= level <= kind.levels:
            problems.append(f"{where}.value: {kind.name} has levels 1 to {kind.levels}, not {level} "
                            f"({kind.rule})")
    return problems
