"""Foxhole R19.B.3-5 and R11.D: digging Defensive Works, building Fortifications, laying Traps,
and taking them away again.

Each order's words after the unit name what is done in the unit's hex (`dig A1 trenches`,
`build AE pillbox`, `trap AE mines`, `remove A1 wire`); each maker returns the `Plan` for that
unit or refuses. One Defensive Work per hex (R19.B.3), except that an upgrade's prerequisites
stand together until it is complete (R19.B.4, FOXHOLE-CHARTS §0 errata).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from tui_wargame.model import Event
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.tasks import (
    ANY_COMPANY,
    ANY_ENGINEER,
    ASSAULT,
    COMBAT,
    CONSTRUCTION,
    ENGINEER_TANK,
    Plan,
    qualifies,
    refuse,
)

TRENCHES = "trenches"
FORTS = ("pillbox", "fort-unimproved", "fort-improved")
WORK_KINDS = ("foxholes", "scrapes", TRENCHES, *FORTS)
TRAP_KINDS = ("wire", "tank-traps", "mines")
DIG = ("foxholes", "scrapes", TRENCHES)

Maker = Callable[[Position, str, tuple[str, ...]], Plan]


def works_in(pos: Position, hex: str) -> set[str]:
    return {m.kind for m in pos.markers(hex) if m.kind in WORK_KINDS}


def trap_levels(pos: Position, hex: str) -> int:
    """R19.B.5: the Trap levels in a hex, Concertina Wire counting one."""
    return sum(pos.level(hex, k) for k in TRAP_KINDS)


def _put(pos: Position, hex: str, kind: str, side: str, level: int | None = None) -> Event:
    extra = {} if level is None else {"value": level}
    return Event.of("marker_placed", place=hex, marker=kind, side=side, **extra)


def _take(hex: str, *kinds: str) -> list[Event]:
    return [Event.of("marker_removed", place=hex, marker=k) for k in kinds]


def _one(args: tuple[str, ...], choices: tuple[str, ...], verb: str, rule: str) -> str:
    if len(args) != 1 or args[0] not in choices:
        raise refuse(f"`{verb} UNIT WHAT`: WHAT is one of {', '.join(choices)}", rule)
    return args[0]


def _who(pos: Position, uid: str, who: tuple[str, ...], doing: str, rule: str) -> None:
    if not qualifies(pos, uid, who):
        raise refuse(f"{uid} may not {doing}", rule)


# --- R19.B.3: Defensive Works ---


def dig(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.3.a-f: Foxholes, Scrapes, or the next Trench level, by any Company; a Work may be dug
    where there is none, or beside the Fortification it is the prerequisite of (R19.B.4.b-c)."""
    kind = _one(args, DIG, "dig", "R19.B.3")
    _who(pos, uid, (ANY_COMPANY,), "dig Defensive Works: only Companies do", "R19.B.3")
    hex, side = pos.location(uid), pos.side_of(uid)
    here = works_in(pos, hex)
    if kind == TRENCHES:
        return _trench(pos, uid, hex, side, here)
    beside = {"foxholes": {"fort-unimproved"}, "scrapes": {"pillbox"}}[kind]
    if here and here != beside:
        raise refuse(f"{hex} already holds {', '.join(sorted(here))}: one Defensive Work per hex "
                     f"(remove it first)", "R19.B.3")
    rule = "R19.B.3.a" if kind == "foxholes" else "R19.B.3.b"
    return Plan(f"{hex}/{kind}", f"dig {kind}", charts.WORKS[kind].name, rule, hex,
                Fraction(charts.WORKS[kind].cost), lambda p: [_put(p, hex, kind, side)],
                works=True, halve=True)


def _trench(pos: Position, uid: str, hex: str, side: str, here: set[str]) -> Plan:
    level = pos.level(hex, TRENCHES) + 1 if TRENCHES in here or "scrapes" not in here else 2
    if level > charts.MAX_WORK_LEVELS:
        raise refuse(f"{hex} holds Trench level 4 already", "R19.B.3.f")
    need = {1: ("foxholes",), 2: (TRENCHES, "scrapes"), 3: (TRENCHES,), 4: (TRENCHES,)}[level]
    base = next((k for k in need if k in here), None)
    rule = f"R19.B.3.{'cdef'[level - 1]}"
    if base is None or len(here) > 1:
        raise refuse(f"Trench level {level} needs {' or '.join(need)} (and no other Work) in {hex}", rule)
    cost = charts.TRENCH_COST[level] if base == TRENCHES or level == 1 else charts.TRENCH_COST[1]

    def complete(p: Position) -> list[Event]:
        if base == TRENCHES:
            return [Event.of("marker_changed", place=hex, marker=TRENCHES, value=level)]
        return [*_take(hex, base), _put(p, hex, TRENCHES, side, level)]

    return Plan(f"{hex}/trenches-{level}", "dig trenches", f"Trench level {level}", rule, hex,
                Fraction(cost), complete, works=True, halve=True)


# --- R19.B.4: Fortifications ---

_FORT_NEEDS = {"pillbox": ("scrapes",), "fort-unimproved": ("pillbox", "scrapes"),
               "fort-improved": ("fort-unimproved", "foxholes")}


def fortify(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.4.a-c: Combat or Construction Engineers turn the prerequisites into the next
    Fortification for 12 MPs (they also Assist); the prerequisites go when it is done."""
    kind = _one(args, FORTS, "build", "R19.B.4")
    rule = f"R19.B.4.{'abc'[FORTS.index(kind)]}"
    _who(pos, uid, (COMBAT, CONSTRUCTION), "build Fortifications: Combat and Construction Engineers do",
         rule)
    hex, side = pos.location(uid), pos.side_of(uid)
    need = _FORT_NEEDS[kind]
    if works_in(pos, hex) != set(need):
        raise refuse(f"a {charts.WORKS[kind].name} needs {' and '.join(need)} (and nothing else) in {hex}",
                     rule)
    return Plan(f"{hex}/{kind}", f"build {kind}", charts.WORKS[kind].name, rule, hex,
                Fraction(charts.WORKS[kind].cost), lambda p: [*_take(hex, *need), _put(p, hex, kind, side)],
                works=True, assist=frozenset({COMBAT, CONSTRUCTION}))


# --- R19.B.5: Traps ---


def trap(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.5: Concertina Wire by any Company (2 MPs); a level of Tank Traps (4) or Mines (6) by
    Combat or Construction Engineers, any Company Assisting; at most 3 Trap levels a hex."""
    kind = _one(args, TRAP_KINDS, "trap", "R19.B.5")
    hex, side = pos.location(uid), pos.side_of(uid)
    rule = {"wire": "R19.B.5.c", "tank-traps": "R19.B.5.a", "mines": "R19.B.5.b"}[kind]
    if kind == "wire":
        _who(pos, uid, (ANY_COMPANY,), "lay Concertina Wire: Companies do", rule)
        if pos.marker(hex, "wire") is not None:
            raise refuse(f"{hex} holds Concertina Wire already", rule)
    else:
        _who(pos, uid, (COMBAT, CONSTRUCTION), "lay Traps: Combat and Construction Engineers do", "R19.B.5")
    if trap_levels(pos, hex) >= charts.MAX_TRAP_LEVELS:
        raise refuse(f"{hex} holds {charts.MAX_TRAP_LEVELS} Trap levels already", "R19.B.5")
    level = pos.level(hex, kind) + 1

    def complete(p: Position) -> list[Event]:
        if kind == "wire":
            return [_put(p, hex, kind, side)]
        if level > 1:
            return [Event.of("marker_changed", place=hex, marker=kind, value=level)]
        return [_put(p, hex, kind, side, 1)]

    name = charts.WORKS[kind].name + ("" if kind == "wire" else f" level {level}")
    return Plan(f"{hex}/{kind}-{level}", f"trap {kind}", name, rule, hex, Fraction(charts.WORKS[kind].cost),
                complete, assist=frozenset() if kind == "wire" else frozenset({ANY_COMPANY}))


# --- R11.D, R19.B.3.g, R19.B.4.d, R19.B.5: removal ---

#: R11.D (chosen over R19.B.3.g and R19.B.5.a-b where they disagree, FOXHOLE-CHARTS §0): per kind,
#: (who, MPs, rule) rows; a unit pays the first row it qualifies for.
REMOVAL: Mapping[str, tuple[tuple[tuple[str, ...], int, str], ...]] = {
    "foxholes": (((COMBAT, CONSTRUCTION), 2, "R11.D.1"), ((ANY_COMPANY,), 3, "R11.D.1")),
    "scrapes": (((COMBAT, CONSTRUCTION), 2, "R11.D.1"), ((ANY_COMPANY,), 3, "R11.D.1")),
    TRENCHES: (((COMBAT, CONSTRUCTION), 3, "R11.D.2"), ((ANY_COMPANY,), 5, "R11.D.2")),
    "pillbox": (((ANY_ENGINEER,), 8, "R19.B.4.d"),),
    "fort-unimproved": (((ANY_ENGINEER,), 8, "R19.B.4.d"),),
    "fort-improved": (((ANY_ENGINEER,), 8, "R19.B.4.d"),),
    "wire": (((ANY_COMPANY,), 3, "R19.B.5.c"),),
    "tank-traps": (((ASSAULT, COMBAT), 2, "R11.D.3"), ((CONSTRUCTION,), 4, "R19.B.5.a")),
    "mines": (((ASSAULT, COMBAT, ENGINEER_TANK), 5, "R11.D.4"), ((CONSTRUCTION,), 18, "R19.B.5.b")),
}


def remove(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R11.D: a Work or Trap in the unit's hex taken away (a Fortification reduced one step,
    R19.B.4.d; one level of Mines, or of Tank Traps for Construction Engineers)."""
    kind = _one(args, (*WORK_KINDS, *TRAP_KINDS), "remove", "R11.D")
    hex = pos.location(uid)
    row = next(((who, mp, rule) for who, mp, rule in REMOVAL[kind] if qualifies(pos, uid, who)), None)
    if row is None:
        raise refuse(f"{uid} may not remove {charts.MARKER_KINDS[kind]}", REMOVAL[kind][0][2])
    _, mp, rule = row
    marker = pos.marker(hex, kind)
    if marker is None:
        raise refuse(f"{hex} holds no {charts.MARKER_KINDS[kind]}", rule)
    level = pos.level(hex, kind)
    whole = kind in (TRENCHES, "foxholes", "scrapes", "wire", "pillbox") or rule == "R11.D.3"

    def complete(p: Position) -> list[Event]:
        if kind in FORTS and kind != "pillbox":
            return [Event.of("marker_changed", place=hex, marker=kind, becomes=FORTS[FORTS.index(kind) - 1])]
        if whole or level <= 1:
            return _take(hex, kind)
        return [Event.of("marker_changed", place=hex, marker=kind, value=level - 1)]

    what = f"removing {charts.MARKER_KINDS[kind]}" + ("" if whole else f" level {level}")
    assist = frozenset({ANY_COMPANY}) if rule in ("R19.B.5.a", "R19.B.5.b") else frozenset()
    return Plan(f"{hex}/remove-{kind}-{level}", f"remove {kind}", what, rule, hex, Fraction(mp), complete,
                works=kind in WORK_KINDS, assist=assist)


MAKERS: Mapping[str, Maker] = {"dig": dig, "build": fortify, "trap": trap, "remove": remove}
CHOICES: Mapping[str, tuple[str, ...]] = {"dig": DIG, "build": FORTS, "trap": TRAP_KINDS,
                                          "remove": (*WORK_KINDS, *TRAP_KINDS)}
