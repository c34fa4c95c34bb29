"""Foxhole R18.A-B, R7.A.9, R7.B, R7.C.4: who may fire a Barrage into which hex, and with what
Firepower (before the Firepower Variability Table's die).

- R18.A.1: the acting player's Batteries and Vehicles that chose to Trace Supply (and did) may
  fire; R18.A.2: the reacting player's Artillery and Mortars only, at half Firepower: the
  Offensive player's on Overwatch (which they lose), the Defensive player's not Expended (which
  they become).
- Ranges: Artillery (and SP Artillery, R7.C.4) 3 hexes up to its Range (R18.A.1a, R7.B.2;
  R5.A.6's "3 or less cannot" is read as R18.A.1a says: see the docs' errata); Mortars 2-3 hexes,
  or the adjacent hex at half Firepower (R7.B.3); other Batteries and Vehicles the adjacent hex
  (R18.A.1c-d). Railroad Artillery fires only from a Rail Circle (R7.B.2a).
- R18.B: the target hex must hold, or be next to, a Battery or Company of the firing side
  (Partisans never spot, R7.A.14); R25.A.2 (optional) lets a barrage go without a spotter.
"""

from __future__ import annotations

from fractions import Fraction

from tui_wargame.rules.foxhole import benefits, engagement, firepower, sorties, weather
from tui_wargame.rules.foxhole.arith import HALF, Calculation, Term
from tui_wargame.rules.foxhole.counters import BATTERY, COMPANY, VEHICLE, kind_of
from tui_wargame.rules.foxhole.position import (
    AMBUSHED,
    EXHAUSTED,
    EXPENDED,
    FIRED,
    OVERWATCH,
    SUPPLIED,
    SUPPLY_DEPLETED,
    TRACED,
    TRACED_FORCED,
    Position,
)

ARTILLERY, MORTAR, SP_ARTILLERY = "artillery", "mortar", "sp-artillery"
RAILROAD, ROCKET, SIEGE = "railroad-artillery", "rocket-artillery", "siege-artillery"
MACHINEGUN, PARTISAN, SMOKE = "machinegun", "partisan", "smoke"
UNSPOTTED = "barrages"  # R25.A.2's option name
INTER_SERVICE = "inter-service"  # R25.A.5
MIN_RANGE = 3


def is_artillery(pos: Position, uid: str) -> bool:
    """R7.B.2 and its kinds; SP Artillery counts as Artillery but for movement (R7.C.4)."""
    return bool({ARTILLERY, SP_ARTILLERY, RAILROAD, ROCKET, SIEGE} & set(pos.spec(uid).traits))


def is_mortar(pos: Position, uid: str) -> bool:
    return MORTAR in pos.spec(uid).traits


def may_fire(pos: Position, uid: str, side: str) -> bool:
    """R18.A: whether `side`'s unit may fire a Barrage this phase (wherever the target)."""
    spec, u = pos.spec(uid), pos.state.units[uid]
    if spec.side != side or not pos.on_map(uid) or u.flags & {FIRED, EXHAUSTED, AMBUSHED, SUPPLY_DEPLETED}:
        return False
    if RAILROAD in spec.traits and pos.marker(u.location, "rail-circle") is None:
        return False  # R7.B.2a
    if sorties.is_aa(pos, uid) and sorties.aa_mode(pos, uid) == "up" and pos.option(sorties.AA_OPTION):
        return False  # R7.B.1: Up, it has no Firepower
    if side == pos.acting:  # R18.A.1, R12.B, R17.D, R5.B.2
        return (spec.kind in (BATTERY, VEHICLE) and u.has(TRACED) and u.has(SUPPLIED)
                and not u.has(TRACED_FORCED) and not u.flags & {OVERWATCH, EXPENDED})
    if not (is_artillery(pos, uid) or is_mortar(pos, uid)):  # R18.A.2
        return False
    return u.has(OVERWATCH) if side == pos.offensive else not u.has(EXPENDED)


def reach(pos: Position, uid: str, target: str) -> bool | None:
    """Whether the unit reaches `target`: None if not, True at a short range that halves its
    Firepower (a Mortar into the adjacent hex, R7.B.3), False otherwise."""
    d = pos.distance(pos.location(uid), target)
    if is_artillery(pos, uid):
        return False if MIN_RANGE <= d <= pos.value(uid, "range") else None
    if is_mortar(pos, uid):
        return False if 2 <= d <= 3 else (True if d == 1 else None)
    return False if d == 1 else None


def spotted(pos: Position, side: str, target: str, firer: str = "") -> bool:
    """R18.B: a Battery (SP Artillery too, R7.C.4) or Company of `side` in or next to the hex (a
    Partisan never spots when the italic R7.A.14 is in play, option "partisans"); with R25.A.5
    (optional "inter-service") in play, of the firing unit's own service and language."""
    mixed = pos.option(INTER_SERVICE) and firer in pos.scenario.unit
    partisans_hide = pos.option("partisans")
    for h in (target, *pos.neighbours(target)):
        for u in pos.units_in(h, side):
            spec = pos.spec(u)
            if kind_of(spec) in (BATTERY, COMPANY) and not (partisans_hide and PARTISAN in spec.traits) and (
                    not mixed or engagement.services(pos, u) == engagement.services(pos, firer)):
                return True
    return False


def unit_firepower(pos: Position, uid: str, side: str, target: str, kind: str) -> Calculation:
    """One unit's Hard or Soft Barrage Firepower into `target` before its FVT die: printed value,
    conditions (`firepower.status_terms`), formation cohesion (R25.A.4), the reacting player's half
    (R18.A.2), a Mortar's short range (R7.B.3), its AA mode (R7.B.1) and the weather and night
    (R8.C.3-4, R9.D)."""
    terms = firepower.status_terms(pos, uid)
    if kind == "soft" and benefits.cohesive(pos, uid):
        terms.append(Term("formation cohesion", "R25.A.4", add=Fraction(1)))
    if side != pos.acting:
        terms.append(Term("reacting player's barrage", "R18.A.2", steps=HALF))
    if reach(pos, uid, target):
        terms.append(Term("mortar at short range", "R7.B.3", steps=HALF))
    terms += sorties.aa_firepower_terms(pos, uid)
    terms += weather.firepower_terms(pos)
    return Calculation(Fraction(pos.value(uid, kind)), tuple(terms))


def sortie_firepower(pos: Position, entry_kind: str, side: str, target: str) -> Calculation:
    """R23.B-C: 20 Firepower of each kind; an Air Sortie is cut by the sky (R8.C.2-3) and by the
    enemy's Antiaircraft (R7.B.1). Support and Gun Sorties fire from off the map: the weather of
    R8.C.3-4 and R9.D is the units' own and does not touch them (Reconstruction)."""
    terms: list[Term] = []
    if entry_kind == sorties.AIR:
        terms = [*sorties.air_weather(pos), *sorties.air_defence_terms(pos, target, side)]
    return Calculation(Fraction(sorties.FIREPOWER), tuple(terms))


def machineguns(pos: Position, side: str, target: str) -> list[str]:
    """R7.A.9: `side`'s Machinegun Companies next to the target, each adding 1 Soft Firepower to
    the barrage (Reconstruction: only to a barrage its side fires; it needs no order and does not
    count as firing; a Supply Depleted one has no Firepower to add)."""
    return [u for h in pos.neighbours(target) for u in pos.units_in(h, side)
            if MACHINEGUN in pos.spec(u).traits and not pos.has(u, SUPPLY_DEPLETED)]
