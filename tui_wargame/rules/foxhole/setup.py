"""Foxhole R3.B: the game's set-up. (Skeleton: R3.B.3a markers are placed; the free set-up in
private, R3.B.3c, is the set-up helper's.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, Order, Refusal, Scenario
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R3.B"
ORDERS: Mapping[str, Handler] = {}


def check(scenario: Scenario) -> list[str]:
    """`[[rules.markers]]`: each names a place on the map (a hex, or a hexside "A|B"), a marker
    kind of R5.B, and, if it has one, its owning side and a whole-number value."""
    problems = []
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


def orders(pos: Position) -> list[Order]:
    return []


def begin(pos: Position, dice: Dice) -> list[Event]:
    return []


def finish(pos: Position, dice: Dice) -> list[Event]:
    return []


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    return True


def prompt(pos: Position) -> str:
    return "set-up: end when your units are placed (R3.B.3)"
