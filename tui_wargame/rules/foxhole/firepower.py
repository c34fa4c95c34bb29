"""Foxhole R5.A.1, R20.C.4, R20.D.1, R25.A.3-4: the firepower one unit brings to a Fight, an
Assault or Covering Fire, as a `Calculation` with every modifier named, before the FVT.

Statuses (Chart 2, reconstructed from R5.B.6, R5.B.10, R5.B.14): Suppressed x1/2 (not Vehicles),
Pinned /3, Fatigued x1/2, Exhausted /3, Supply Reduced x1/2, Supply Depleted 0; the weather and
Night (weather.firepower_terms). Artillery in combat has 1 Soft and 0 Hard (R7.B.2, R7.C.4 for
Self-Propelled Artillery); a Hospital none (R7.A.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tui_wargame import hexgrid
from tui_wargame.rules.foxhole import counters, weather
from tui_wargame.rules.foxhole.arith import HALF, QUARTER, THIRD, Calculation, Term
from tui_wargame.rules.foxhole.benefits import HARD, SOFT, cohesive
from tui_wargame.rules.foxhole.counters import BATTERY, COMPANY, VEHICLE
from tui_wargame.rules.foxhole.position import (
    EXHAUSTED,
    FATIGUED,
    PINNED,
    SUPPLY_DEPLETED,
    SUPPLY_REDUCED,
    SUPPRESSED,
    Position,
)

ASSAULTING, DEFENDING, FIGHTING, COVERING = "assaulting", "defending", "fighting", "covering"


def is_artillery(pos: Position, uid: str) -> bool:
    return counters.is_artillery(pos.spec(uid))  # R7.B.2 (Railroad, Rocket, Siege), R7.C.4


def base(pos: Position, uid: str, fp: str) -> Fraction:
    """R5.A.1 printed Hard or Soft firepower; Artillery 1 Soft 0 Hard in combat (R7.B.2); a
    Hospital none (R7.A.7)."""
    if "hospital" in pos.spec(uid).traits:
        return Fraction(0)
    if is_artillery(pos, uid):
        return Fraction(1 if fp == SOFT else 0)
    return Fraction(pos.value(uid, fp))


def status_terms(pos: Position, uid: str) -> list[Term]:
    """What the unit's conditions do to its firepower (Chart 2 statuses, reconstructed)."""
    terms = []
    if pos.has(uid, SUPPRESSED) and pos.spec(uid).kind != VEHICLE:
        terms.append(Term("Suppressed", "R5.B.6", steps=HALF))
    if pos.has(uid, PINNED):
        terms.append(Term("Pinned", "R5.B.6", steps=THIRD))
    if pos.has(uid, FATIGUED):
        terms.append(Term("Fatigued", "R5.B.10", steps=HALF))
    if pos.has(uid, EXHAUSTED):
        terms.append(Term("Exhausted", "R5.B.10", steps=THIRD))
    if pos.has(uid, SUPPLY_REDUCED):
        terms.append(Term("Supply Reduced", "R5.B.14", steps=HALF))
    if pos.has(uid, SUPPLY_DEPLETED):
        terms.append(Term("Supply Depleted", "R5.B.14", times=Fraction(0)))
    return terms


def unit(pos: Position, uid: str, fp: str, role: str, target: str, side_units: Sequence[str] = (),
         fire_hexes: Sequence[str] = (), smoked: bool = False) -> Calculation:
    """One unit's Hard or Soft firepower into `target` as `role`, with every modifier.
    `side_units`: the units on its side in this combat (for combined arms, R20.C.4);
    `fire_hexes`: the hexes of every Firing Unit (for Overlapping Fire, R20.D.1);
    `smoked`: a Smoke marker in the target falls on this unit (-1 Hard, -2 Soft, R5.B.1)."""
    spec = pos.spec(uid)
    calc = Calculation(base(pos, uid, fp))
    terms: list[Term] = []
    if cohesive(pos, uid) and fp == SOFT:
        terms.append(Term("formation cohesion", "R25.A.4", add=Fraction(1)))
    if role in (ASSAULTING, FIGHTING, COVERING) and fire_hexes:
        terms += overlap_terms(pos, pos.location(uid), target, fire_hexes)
    if role == ASSAULTING and spec.kind == COMPANY and pos.marker(target, "wire") is not None:
        terms.append(Term("Concertina Wire", "R5.B.16", add=Fraction(-1)))
    if smoked:
        terms.append(Term("Smoke in the target", "R5.B.1", add=Fraction(-1 if fp == HARD else -2)))
    terms += status_terms(pos, uid)
    terms += weather.firepower_terms(pos)
    if role in (ASSAULTING, DEFENDING):
        terms += combined_arms_terms(pos, uid, role, side_units)
        if "assault-gun" in spec.traits:
            terms.append(Term("Assault Gun in an Assault", "R7.C.2", steps=HALF))
    if role == FIGHTING and pos.option("long-range-fights"):
        d = pos.distance(pos.location(uid), target)
        if d == 2:
            terms.append(Term("Fight at two hexes", "R25.A.3", steps=HALF))
        elif d == 3:
            terms.append(Term("Fight at three hexes", "R25.A.3", steps=QUARTER))
    return calc.with_(*terms)


def heavy(pos: Position, uid: str) -> int:
    """R5.A.2: a Company's Heavy Weapons rating now (+1 with formation cohesion, R25.A.4)."""
    if pos.spec(uid).kind != COMPANY:
        return 0
    return pos.value(uid, "heavy") + (1 if cohesive(pos, uid) else 0)


def combined_arms_terms(pos: Position, uid: str, role: str, side_units: Sequence[str]) -> list[Term]:
    """R20.C.4.a-b (R22.C.2): a Battery assaulting, or a Hard Vehicle assaulting or defending, with
    no friendly Company in the same Assault (or hex) fires at half."""
    spec = pos.spec(uid)
    if any(pos.spec(u).kind == COMPANY for u in side_units):
        return []
    if role == ASSAULTING and spec.kind == BATTERY:
        return [Term("Battery assaulting without a Company", "R20.C.4.a", steps=HALF)]
    if spec.kind == VEHICLE and "hard" in spec.traits:
        return [Term("Hard Vehicle without a Company", "R20.C.4.b", steps=HALF)]
    return []


def overlap_terms(pos: Position, here: str, target: str, fire_hexes: Sequence[str]) -> list[Term]:
    """R20.D.1: for each other Firing Unit's hex adjacent to the target, opposite this one across it
    (Crossfire, +2) or neither adjacent to this one nor opposite (Arcing Fire, +1); a unit gets one
    type only, the better."""
    grid = pos.scenario.grid
    if pos.distance(here, target) != 1:
        return []
    t = grid.parse(target)
    mine = hexgrid.direction(t, grid.parse(here))
    cross = arcing = 0
    for other in fire_hexes:
        if other == here or other == target or pos.distance(other, target) != 1:
            continue
        theirs = hexgrid.direction(t, grid.parse(other))
        if mine is None or theirs is None:
            continue
        if (mine - theirs) % 6 == 3:
            cross += 1
        elif pos.distance(here, other) != 1:
            arcing += 1
    if cross:
        return [Term("Crossfire", "R20.D.1.b", add=Fraction(2 * cross))]
    if arcing:
        return [Term("Arcing Fire", "R20.D.1.a", add=Fraction(arcing))]
    return []
