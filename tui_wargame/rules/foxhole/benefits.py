"""Foxhole R20.F (R22.E): the Defence a unit has against one attack, as a `Calculation` whose
terms the preview can show line by line.

- Defenders (and Fighting units, R20.F.3 "3)") get their hex: its type (Chart 2), the hexside the
  attack crosses (only when every attacking hex is behind such a hexside: reconstruction), one
  limited-capacity place (a Building feature or one Defensive Work, R20.F.2) and Trenches for the
  whole hex.
- Assaulters get the worse hex type of the two hexes and never works (R20.F.3.a); from a Building
  feature hex into another, neither.
- Overstacked units get no limited-capacity place (R10.D.4).
- Halvings: on a Foot/Vehicle Bridge or assaulting off one, crossing a Bailey Bridge (R5.B.8-9,
  R10.B); combined arms for a Hard or Open-Top Vehicle defending an Assault without a friendly
  Company (R20.C.4.b-c, R22.C.2.b-c).

Reconstruction (R20.F.2, who sits in a limited place): places are filled best first (most
Defence against this attack) with the side's units in the order the owner set (`stacking.ordered`,
the order that also says who is in overstack), otherwise in id order; Foxholes and Shellholes
take Companies only (Chart 2: "1 Company"). One unit is never in two places.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tui_wargame.rules.foxhole import charts, stacking, weather
from tui_wargame.rules.foxhole.arith import HALF, Calculation, Term
from tui_wargame.rules.foxhole.counters import COMPANY, VEHICLE
from tui_wargame.rules.foxhole.position import Position

HARD, SOFT = "hard", "soft"
FEATURE_KINDS = ("building", "tall-building")
COMPANY_ONLY = frozenset({"foxholes", "shellholes"})
BRIDGES_IN_HEX = ("bridge-foot", "bridge-vehicle")
STRUCTURE_HEXES = frozenset({"buildings", "tall-buildings"})


def places(pos: Position, hex_: str, attack: str) -> list[tuple[str, int, int]]:
    """The limited-capacity places in the hex, best first: (kind, capacity, added Defence)."""
    found = []
    for m in pos.markers(hex_):
        if m.kind in FEATURE_KINDS:
            f = charts.FEATURES[m.kind]
            found.append((m.kind, f.capacity, f.defence.against(attack)))
        elif m.kind in charts.WORKS and not charts.WORKS[m.kind].trap and charts.WORKS[m.kind].capacity:
            w = charts.WORKS[m.kind]
            found.append((m.kind, w.capacity or 0, w.defence.against(attack)))
    return sorted(found, key=lambda p: (-p[2], p[0]))


def first_in(pos: Position, hex_: str) -> str:
    """R20.F.1: the side that held a shared hex first (value `benefits.first.HEX`), "" if none."""
    return str(pos.state.values.get(f"benefits.first.{hex_}", ""))


def shelter(pos: Position, hex_: str, side: str, attack: str) -> dict[str, str]:
    """R20.F.2: unit -> the limited place it is in (units without one left out). In a hex shared
    with the enemy, the side there first keeps its places (R20.F.1)."""
    crowd = set(stacking.overstacked(pos, hex_, side))
    units = [u for u in stacking.ordered(pos, hex_, side) if u not in crowd]
    enemy = pos.enemy(side)
    taken: dict[str, int] = {}
    if first_in(pos, hex_) == enemy and pos.units_in(hex_, enemy):
        for kind in shelter(pos, hex_, enemy, attack).values():
            taken[kind] = taken.get(kind, 0) + 1
    found: dict[str, str] = {}
    for kind, capacity, _ in places(pos, hex_, attack):
        room = capacity - taken.get(kind, 0)
        for u in units:
            if room and u not in found and (kind not in COMPANY_ONLY or pos.spec(u).kind == COMPANY):
                found[u] = kind
                room -= 1
    return found


def hexside_defence(pos: Position, hex_: str, attackers_from: Sequence[str], attack: str) -> int:
    """The hexside Defence for a unit in `hex_` attacked from those hexes: the least over them."""
    outside = [h for h in attackers_from if h != hex_]
    if not outside:
        return 0
    return min(sum(t.defence.against(attack) for t in pos.hexside_types(hex_, h)) for h in outside)


def defending(pos: Position, uid: str, attack: str, attackers_from: Sequence[str] = (),
              fp: str = SOFT, ignore_structures: bool = False) -> Calculation:
    """R20.F.1-2: the Defence of a unit in its own hex against `attack` from those hexes, against
    `fp` firepower (an Open-Top Vehicle's Hard Defence differs, R20.C.4.c). `ignore_structures`:
    against Assault Engineers and Flame Tanks, Buildings and Defensive Works give nothing
    (R7.A.5.a, R7.C.1.c)."""
    hex_ = pos.location(uid)
    side = pos.side_of(uid)
    calc = Calculation(Fraction(pos.value(uid, "defence")))
    terms: list[Term] = []
    ht = pos.hex_type(hex_)
    if ht.defence.against(attack) and not (ignore_structures and ht.id in STRUCTURE_HEXES):
        terms.append(Term(ht.name, "R20.F.2", add=Fraction(ht.defence.against(attack))))
    side_d = hexside_defence(pos, hex_, attackers_from, attack)
    if side_d:
        terms.append(Term("hexside", "R20.F.2", add=Fraction(side_d)))
    place = None if ignore_structures else shelter(pos, hex_, side, attack).get(uid)
    if place is not None:
        name = charts.FEATURES[place].name if place in charts.FEATURES else charts.WORKS[place].name
        add = (charts.FEATURES[place].defence if place in charts.FEATURES else charts.WORKS[place].defence)
        if add.against(attack):
            terms.append(Term(name, "R20.F.2", add=Fraction(add.against(attack))))
    level = 0 if ignore_structures else pos.level(hex_, "trenches")
    if level and charts.trench_defence(level).against(attack):
        terms.append(Term(f"Trenches level {level}", "R20.F.2",
                          add=Fraction(charts.trench_defence(level).against(attack))))
    if any(pos.marker(hex_, b) is not None for b in BRIDGES_IN_HEX):
        terms.append(Term("on a bridge", "R5.B.8", steps=HALF))
    terms += _cohesion(pos, uid)
    if attack == charts.ASSAULT:
        terms += combined_arms_defence(pos, uid, fp)
    return calc.with_(*terms)


def assaulting(pos: Position, uid: str, target: str) -> Calculation:
    """R20.F.3.a: an assaulter's Defence: the worse hex type of its hex and the target's, no works;
    from a Building feature hex into another, no terrain at all; halved off a bridge or across a
    Bailey Bridge (R5.B.8-9)."""
    here = pos.location(uid)
    calc = Calculation(Fraction(pos.value(uid, "defence")))
    terms: list[Term] = []
    both_features = all(any(pos.marker(h, k) is not None for k in FEATURE_KINDS) for h in (here, target))
    if not both_features:
        a, b = pos.hex_type(here), pos.hex_type(target)
        worse = min((a, b), key=lambda t: t.defence.assault)
        if worse.defence.assault:
            terms.append(Term(f"{worse.name} (the worse hex)", "R20.F.3",
                              add=Fraction(worse.defence.assault)))
    if any(pos.marker(here, b) is not None for b in BRIDGES_IN_HEX):
        terms.append(Term("assaulting off a bridge", "R5.B.8", steps=HALF))
    if pos.marker(Position.hexside_place(here, target), "bridge-bailey") is not None:
        terms.append(Term("crossing a Bailey Bridge", "R5.B.9", steps=HALF))
    terms += _cohesion(pos, uid)
    return calc.with_(*terms)


def combined_arms_defence(pos: Position, uid: str, fp: str) -> list[Term]:
    """R20.C.4.b-c: a Hard Vehicle defending an Assault with no friendly Company in its hex halves
    its Defence; an Open-Top one halves its Defence against Hard firepower only."""
    spec = pos.spec(uid)
    if spec.kind != VEHICLE:
        return []
    hex_ = pos.location(uid)
    if any(pos.spec(u).kind == COMPANY for u in pos.units_in(hex_, spec.side)):
        return []
    if "hard" in spec.traits:
        return [Term("Hard Vehicle without a Company", "R20.C.4.b", steps=HALF)]
    if "open-top" in spec.traits and fp == HARD:
        return [Term("Open-Top Vehicle without a Company", "R20.C.4.c", steps=HALF)]
    return []


def _cohesion(pos: Position, uid: str) -> list[Term]:
    """R25.A.4 (optional): +1 Defence when another unit of its formation and kind class shares the hex."""
    return [Term("formation cohesion", "R25.A.4", add=Fraction(1))] if cohesive(pos, uid) else []


def cohesive(pos: Position, uid: str) -> bool:
    """R25.A.4: with formation cohesion in play, another Company or Battery of the same battalion
    (or another Vehicle of the same company) shares the unit's hex."""
    if not pos.option("formation-cohesion"):
        return False
    spec = pos.spec(uid)
    if not spec.formation:
        return False
    vehicle = spec.kind == VEHICLE
    return any(u != uid and pos.spec(u).formation == spec.formation
               and (pos.spec(u).kind == VEHICLE) == vehicle
               for u in pos.units_in(pos.location(uid), spec.side))


def smoke(pos: Position, hex_: str) -> int:
    """R5.B.1: the Smoke Barrage markers in a hex (none count in the dark, Chart 2 statuses); Fog
    is endless Smoke in every hex (R25.C.1a): enough for every unit of a group."""
    if weather.dark(pos):
        return 0
    if weather.fog(pos):
        return stacking.LIMIT + stacking.OVERSTACK
    return sum(m.value if type(m.value) is int else 1 for m in pos.markers(hex_) if m.kind == "smoke")


def smoke_defence(pos: Position, target: str, assaulters: Sequence[str]) -> Mapping[str, Term]:
    """R5.B.1: each Smoke marker in the assaulted hex gives one assaulter +1 Defence, in the order
    the assaulters were named."""
    n = smoke(pos, target)
    return {u: Term("Smoke", "R5.B.1", add=Fraction(1)) for u in list(assaulters)[:n]}
