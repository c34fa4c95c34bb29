"""Foxhole R5-R7: what a counter is, read from the scenario's `[[unit]]` tables.

A unit's `kind` is its R6 type: `company`, `battery` or `vehicle`. Its `factors` are two
tables, the full-strength side then the Cadre side (R5.A.8), with the printed values:

- `defence` (R5.A.5; Artillery print their `range` there instead and defend with 1, R5.A.6);
- `hard` and `soft` firepower (R5.A.1), or `heavy` weapons for a Company (R5.A.2);
- `mp`, its movement points (R5.A.7);
- `experience` for Commandos (R7.A.4).

Its `traits` are its special types (R7: `infantry`, `engineer-combat`, `artillery`, `mortar`,
`assault-gun`, ...) and its attributes (R5.A.3-4, R6.A.4: `smoke`, `hard`, `open-top`,
`mounted`). A unit with one step left is on its Cadre side; Reduced again, it is eliminated
(R5.A.8-9).
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.model import UnitSpec

COMPANY, BATTERY, VEHICLE = "company", "battery", "vehicle"
KINDS = (COMPANY, BATTERY, VEHICLE)

#: The printed values a unit's factors may hold.
VALUES = frozenset({"defence", "range", "hard", "soft", "heavy", "mp", "experience"})

#: R7.A.2-3, R7.A.11: Companies treated as Mounted without the mark.
MOUNTED_TYPES = frozenset({"bicycle", "cavalry", "motorcycle"})

#: The boxes a Foxhole scenario's units may be in besides the map.
ELIMINATED = "eliminated"


def value(spec: UnitSpec, steps: int, name: str) -> int:
    """The printed value `name` on the side the unit shows with `steps` left (2 full, 1 Cadre);
    a value not printed is 0. Artillery defend with 1 (R5.A.5)."""
    if name == "defence" and "artillery" in spec.traits and "self-propelled" not in spec.traits:
        return 1
    side = spec.factors[max(0, min(spec.steps - steps, spec.steps - 1))]
    return int(side.get(name, 0))


def is_motorized(spec: UnitSpec, snow: bool = False) -> bool:
    """R6.A.5: Vehicles and Mounted units are Motorized; Bicycle, Cavalry and Motorcycle Companies
    count as Mounted (R7.A.2, 3, 11), Ski Companies in Snow (R7.A.19)."""
    traits = set(spec.traits)
    return (spec.kind == VEHICLE or "mounted" in traits or bool(traits & MOUNTED_TYPES)
            or (snow and "ski" in traits))


def problems(spec: UnitSpec) -> list[str]:
    """What is wrong with one unit's data, each naming the unit and the value."""
    where = f"unit (id {spec.id!r})"
    found = []
    if spec.kind not in KINDS:
        found.append(f"{where}.kind: {spec.kind!r} is not a Foxhole unit type ({', '.join(KINDS)})")
    if spec.steps not in (1, 2):
        found.append(f"{where}.factors: a Foxhole counter has a full side and a Cadre side (1 or 2 tables)")
    for k, side in enumerate(spec.factors):
        for name in sorted(set(side) - VALUES):
            found.append(f"{where}.factors[{k}].{name}: not a Foxhole value ({', '.join(sorted(VALUES))})")
        if "mp" not in side:
            found.append(f"{where}.factors[{k}]: no mp (R5.A.7)")
    return found


def side_values(spec: UnitSpec) -> list[Mapping[str, int]]:
    return [dict(f) for f in spec.factors]
