"""Foxhole R3.B: the game's set-up.

R3.B.3a: the scenario's markers (Defensive Works, Traps, Bridges) are on the map before any
unit; in a free set-up each side also places the works and traps it is permitted
(`[[rules.permitted_markers]]`, `mark KIND HEX`). With the `setup=free` option the game opens
with a set-up phase for the Offensive, then the Defensive side (R3.B.3c): each moves its units
about its set-up area (`place UNIT HEX`; `[[rules.setup_area]]`, R3.B.2) in private: while the
set-up lasts, neither side sees the other's units (`concealed`). The units start where the
scenario puts them, so a side that places nothing keeps the historical set-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, State
from tui_wargame.rules.capabilities import Explanation
from tui_wargame.rules.foxhole import arrivals, charts
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import SETUP, Handler

RULE = "R3.B"
STACK = 4  # R10.A: units of one side in a hex


def check(scenario: Scenario) -> list[str]:
    """`[[rules.markers]]`: each names a place on the map (a hex, or a hexside "A|B"), a marker
    kind of R5.B, and, if it has one, its owning side and a whole-number value."""
    problems: list[str] = []
    grid = scenario.grid
    markers = scenario.rules.get("markers", [])
    if not isinstance(markers, list):
        return ["rules.markers: must be an array of tables ([[rules.markers]])"]
    for i, m in enumerate(markers):
        where = f"rules.markers[{i}]"
        if not isinstance(m, dict):
            problems.append(f"{where}: must be a table")
            continue
        place = m.get("place")
        if not isinstance(place, str) or not all(grid.on_map(p) for p in place.split("|")):
            problems.append(f"{where}.place: {place!r} is not a hex of the map (or a hexside \"HEX|HEX\")")
        if m.get("kind") not in charts.MARKER_KINDS:
            problems.append(f"{where}.kind: {m.get('kind')!r} is not a Foxhole marker (R5.B)")
        if m.get("side", "") not in ("", *scenario.side):
            problems.append(f"{where}.side: no side {m.get('side')!r}")
        value = m.get("value")
        if value is not None and (type(value) is not int or value < 0):
            problems.append(f"{where}.value: a marker's level or number is a whole number, not {value!r}")
        for key in sorted(set(m) - {"place", "kind", "side", "value", "id"}):
            problems.append(f"{where}.{key}: not a marker's key (place, kind, side, value, id)")
    return problems


def setup_events(scenario: Scenario, options: Mapping[str, Any]) -> list[Event]:
    """R3.B.3a: the Defensive Works, Traps and Bridge markers (and the scenario's other markers)
    on the map before any unit."""
    return [Event.of("marker_placed", place=m["place"], marker=m["kind"], id=m.get("id", ""),
                     side=m.get("side", ""), **({"value": m["value"]} if "value" in m else {}))
            for m in scenario.rules.get("markers", [])]


def hexes(pos: Position, side: str) -> list[str]:
    """R3.B.2-3: the hexes of `side`'s set-up area a unit may be placed in: land, no enemy."""
    enemy = pos.enemy(side)
    return sorted(h for h in arrivals.setup_area(pos.scenario, side)
                  if pos.hex_type(h).mp is not None and not pos.units_in(h, enemy))


def _placeable(pos: Position) -> list[str]:
    """The acting side's units on the map (the arriving ones come later, R23.A, R16)."""
    return pos.units_of(pos.acting)


def place(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R3.B.3c: a unit placed anywhere in its side's set-up area, stacking permitting (R10.A)."""
    if len(order.args) != 2:
        raise IllegalOrder(Refusal("`place` takes a unit and a hex: place UNIT HEX", "R3.B.3c"))
    unit, label = order.args
    if unit not in _placeable(pos):
        raise IllegalOrder(Refusal(f"{unit} is not a unit of yours on the map", "R3.B.3c"))
    if label not in hexes(pos, pos.acting):
        raise IllegalOrder(Refusal(f"{label} is not a land hex of your set-up area free of enemies",
                                   "R3.B.2"))
    if label == pos.location(unit):
        raise IllegalOrder(Refusal(f"{unit} is in {label} already", "R3.B.3c"))
    if len(pos.units_in(label, pos.acting)) >= STACK:
        raise IllegalOrder(Refusal(f"{label} holds {STACK} of your units already", "R10.A"))
    return [Event.of("unit_placed", unit=unit, to=label)]


LEVELLED = frozenset({"trenches", "mines", "tank-traps"})  # a marker whose value is its level


def permitted(pos: Position, side: str) -> dict[str, int]:
    """R3.B.3a: kind -> how many more of it `side` may still place."""
    used = pos.table(f"setup.marked.{side}")
    found: dict[str, int] = {}
    for t in arrivals.tables(pos.scenario, "permitted_markers"):
        if t["side"] == side:
            found[t["kind"]] = found.get(t["kind"], 0) + t["number"]
    return {k: n - int(used.get(k, 0)) for k, n in found.items() if n > int(used.get(k, 0))}


def _levels(pos: Position, label: str) -> tuple[int, int]:
    """R10.C, R19.B.5: the work levels and the trap levels in a hex."""
    works = traps = 0
    for m in pos.markers(label):
        if m.kind == "trenches":
            works += pos.level(label, m.kind)
        elif m.kind in charts.WORKS and charts.WORKS[m.kind].trap:
            traps += pos.level(label, m.kind)
        elif m.kind in charts.WORKS:
            works += charts.WORKS[m.kind].levels
    return works, traps


def _why_not(pos: Position, kind: str, label: str) -> str:
    """Why `kind` may not be marked in `label` now ("" if it may)."""
    if label not in hexes(pos, pos.acting):
        return f"{label} is not a land hex of your set-up area free of enemies (R3.B.2)"
    if kind not in LEVELLED and pos.marker(label, kind) is not None:
        return f"{label} has {charts.MARKER_KINDS[kind]} already (R3.B.3a)"
    works, traps = _levels(pos, label)
    trap = kind in charts.WORKS and charts.WORKS[kind].trap
    if trap and traps + 1 > charts.MAX_TRAP_LEVELS:
        return f"{label} holds {charts.MAX_TRAP_LEVELS} levels of Traps already (R19.B.5)"
    adds = 1 if kind == "trenches" else 0 if trap else charts.WORKS[kind].levels
    if works + adds > charts.MAX_WORK_LEVELS:
        return f"{label} would hold more than {charts.MAX_WORK_LEVELS} levels of Defensive Works (R10.C)"
    return ""


def mark(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R3.B.3a: a permitted Defensive Work or Trap placed in the side's set-up area, a level at a
    time (a second Trenches or Mines marker in a hex raises its level)."""
    if len(order.args) != 2:
        raise IllegalOrder(Refusal("`mark` takes a marker kind and a hex: mark KIND HEX", "R3.B.3a"))
    kind, label = order.args
    left = permitted(pos, pos.acting)
    if kind not in left:
        raise IllegalOrder(Refusal(f"no {kind} left to place (yours: {', '.join(left) or 'none'})",
                                   "R3.B.3a"))
    why = _why_not(pos, kind, label)
    if why:
        raise IllegalOrder(Refusal(why, "R3.B.3a"))
    used = dict(pos.table(f"setup.marked.{pos.acting}"))
    used[kind] = int(used.get(kind, 0)) + 1
    events = [Event.of("value_set", key=f"setup.marked.{pos.acting}", value=used)]
    if pos.marker(label, kind) is not None:
        level_ = pos.level(label, kind) + 1
        return events + [Event.of("marker_changed", place=label, marker=kind, value=level_)]
    level = {"value": 1} if kind in LEVELLED else {}
    return events + [Event.of("marker_placed", place=label, marker=kind, side=pos.acting, **level)]


ORDERS: Mapping[str, Handler] = {"place": place, "mark": mark}


def orders(pos: Position) -> list[Order]:
    """Every unit to every other hex of the area with room."""
    side = pos.acting
    free = [h for h in hexes(pos, side) if len(pos.units_in(h, side)) < STACK]
    found = [Order("place", (u, h)) for u in _placeable(pos) for h in free if h != pos.location(u)]
    return found + [Order("mark", (k, h)) for k in permitted(pos, side) for h in hexes(pos, side)
                    if not _why_not(pos, k, h)]


def concealed(scenario: Scenario, state: State, viewer: str) -> frozenset[str]:
    """R3.B.3c: while the set-up lasts the units of the other side are hidden from `viewer`."""
    if state.phase != SETUP:
        return frozenset()
    return frozenset(u for u, spec in scenario.unit.items()
                     if spec.side != viewer and scenario.grid.on_map(state.units[u].location))


def begin(pos: Position, dice: Dice) -> list[Event]:
    return []


def finish(pos: Position, dice: Dice) -> list[Event]:
    return []


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    return not orders(pos)


def prompt(pos: Position) -> str:
    """R3.B.3: what the set-up is for in a line, and the markers left to place (the order forms are
    each order's note: `screen_orders`)."""
    left = permitted(pos, pos.acting)
    marks = (f"; works and traps to mark: {', '.join(f'{k} {n}' for k, n in left.items())} left (R3.B.3a)"
             if left else "")
    return f"Private set-up (R3.B.3c): place units, then end{marks}"


def _explain_place(pos: Position, order: Order) -> Explanation | Refusal:
    return Explanation("put the unit anywhere in your set-up area, at most four of your units a hex; "
                       "your opponent does not see it until the set-up ends (R3.B.2-3)")


def _explain_mark(pos: Position, order: Order) -> Explanation | Refusal:
    return Explanation("place one of your permitted Defensive Works or Traps in your set-up area, a "
                       "level at a time (R3.B.3a)")


EXPLAIN = {"place": _explain_place, "mark": _explain_mark}
