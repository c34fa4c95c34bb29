"""Foxhole R5-R7: what a counter is, read from the scenario's `[[unit]]` tables.

A unit's `kind` is its R6 type: `company`, `battery` or `vehicle`. Its `factors` are two
tables, the full-strength side then the Cadre side (R5.A.8), with the printed values:

- `defence` (R5.A.5; Artillery print their `range` there instead and defend with 1, R5.A.6);
- `hard` and `soft` firepower (R5.A.1), or `heavy` weapons for a Company (R5.A.2);
- `mp`, its movement points (R5.A.7);
- `experience` for Commandos (R7.A.4).

Its `traits` are its special types (`SPECIALS`, R7: `infantry`, `engineer-combat`, `artillery`,
`mortar`, `assault-gun`, ...), its printed marks (`MARKS`, R5.A.3-4, R6.A.4: `smoke`, `hard`,
`open-top`, `mounted`) and, for the optional rules, named attributes written `name:value`
(`ATTRIBUTES`: `service:ss`, `language:english`, `nation:german`, `echelon:regiment`). Its
battalion (or, for a Vehicle, its company or troop) is the unit's `formation` (R25.A.4).
A unit with one step left is on its Cadre side; Reduced again, it is eliminated (R5.A.8-9).
The rules ask the predicates here (`is_engineer`, `is_hq`, `hardness`, ...), never the traits.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from tui_wargame.frozen import frozen
from tui_wargame.model import UnitSpec
from tui_wargame.rules.foxhole.arith import DOUBLE, Calculation, Term, final
from tui_wargame.rules.foxhole.charts import BARRAGE, FIGHT

COMPANY, BATTERY, VEHICLE = "company", "battery", "vehicle"
KINDS = (COMPANY, BATTERY, VEHICLE)

#: The printed values a unit's factors may hold.
VALUES = frozenset({"defence", "range", "hard", "soft", "heavy", "mp", "experience"})

#: The boxes a Foxhole scenario's units may be in besides the map.
ELIMINATED = "eliminated"


@frozen
class Special:
    """A special unit type of R7 (or a printed mark of R5.A-R6.A): the unit kinds that may carry
    it, the rule that says what it does, and that in one line."""

    id: str
    name: str
    kinds: frozenset[str]
    rule: str
    means: str


_C, _B, _V = frozenset({COMPANY}), frozenset({BATTERY}), frozenset({VEHICLE})

#: R7.A-C: every special type. A unit may have several (R7.A: a Marine Commando is both).
SPECIALS: Mapping[str, Special] = {s.id: s for s in (
    # R7.A Special Companies
    Special("infantry", "Infantry", _C, "R7.A.17",
            "an ordinary rifle company: the kind a Replacement rebuilds"),
    Special("air-landing", "Air Landing", frozenset(KINDS), "R7.A.1",
            "may arrive by glider Air Drop (R16.A)"),
    Special("bicycle", "Bicycle", _C, "R7.A.2", "Mounted without the mark; never Pins leaving a hex"),
    Special("cavalry", "Cavalry", _C, "R7.A.3", "Mounted without the mark; never Pins leaving a hex"),
    Special("commando", "Commando", _C, "R7.A.4", "may try to move on after coming adjacent to the enemy"),
    Special("engineer-assault", "Assault Engineer", _C, "R7.A.5.a",
            "ignores buildings and works in Assaults, its firepower tracked apart"),
    Special("engineer-combat", "Combat Engineer", _C, "R7.A.5.b", "bridging, construction and maintenance"),
    Special("engineer-construction", "Construction Engineer", _C, "R7.A.5.c", "construction activities"),
    Special("engineer-maintenance", "Maintenance Engineer", _C, "R7.A.5.d", "maintenance activities"),
    Special("engineer-port", "Port Engineer", _C, "R7.A.5.e", "repairs ports"),
    Special("engineer-railroad", "Railroad Engineer", _C, "R7.A.5.f", "repairs railroads"),
    Special("hq", "Headquarters", _C, "R7.A.6",
            "moves only in the Supply-Movement Phase; supply, replacements"),
    Special("hospital", "Hospital", _C, "R7.A.7",
            "restores a Reduced Company in its hex; no firepower or Defence"),
    Special("light-infantry", "Light Infantry", _C, "R7.A.8", "Woods, Forest and Swamp cost it 1 MP less"),
    Special("machinegun", "Machinegun", _C, "R7.A.9", "adds 1 Soft Barrage firepower into each adjacent hex"),
    Special("marine", "Marine", _C, "R7.A.10", "lands amphibiously at -1 firepower and Defence, not halved"),
    Special("motorcycle", "Motorcycle", _C, "R7.A.11", "Mounted without the mark; never Pins leaving a hex"),
    Special("mountain", "Mountain", _C, "R7.A.12", "Cliffs are Embankments to it; no Embankment penalty"),
    Special("parachute", "Parachute", frozenset({COMPANY, BATTERY}), "R7.A.13",
            "may arrive by aircraft Air Drop (R16.A)"),
    Special("partisan", "Partisan", _C, "R7.A.14", "may hide as Refugees; no spotting; no Sector Control"),
    Special("police", "Police", _C, "R7.A.15",
            "clears Refugees' effect on lines and supply; finds Partisans"),
    Special("political-police", "Political Police", _C, "R7.A.16",
            "as Police; doubles its hex's Defence against Seizure; its stack dies rather than retreat"),
    Special("replacement", "Replacement", _C, "R7.A.17",
            "with an HQ, rebuilds an Eliminated Infantry Company"),
    Special("security", "Security", _C, "R7.A.18", "keeps Refugees off supply; finds Partisans"),
    Special("signal", "Signal", _C, "R7.A.18 (Signal)", "counts as a Headquarters, except for Replacements"),
    Special("ski", "Ski", _C, "R7.A.19", "Mounted in Snow; never Pins leaving a hex"),
    # R7.B Special Batteries
    Special("light-aa", "Light Antiaircraft", _B, "R7.B.1.a",
            "Up/Mixed/Down modes against Air Sorties nearby"),
    Special("heavy-aa", "Heavy Antiaircraft", _B, "R7.B.1.b",
            "Up/Mixed/Down modes against Air Sorties up to 3 hexes"),
    Special("artillery", "Artillery", _B, "R7.B.2",
            "prints Range for Defence (Defence 1); barrages 3 hexes or more"),
    Special("railroad-artillery", "Railroad Artillery", _B, "R7.B.2.a",
            "Artillery moved only by Train; fires only from a Rail Circle"),
    Special("rocket-artillery", "Rocket Artillery", _B, "R7.B.2.b",
            "Artillery whose target's owner applies all its firepower"),
    Special("siege-artillery", "Siege Artillery", _B, "R7.B.2.c",
            "Artillery whose barrage knocks one level off a Defensive Work"),
    Special("mortar", "Mortar", _B, "R7.B.3", "barrages 2 to 3 hexes away, halved nearer"),
    Special("antitank", "Antitank", _B, "R7.B", "a gun battery with no further special rule"),
    # R7.C Special Vehicle Platoons
    Special("amphibious", "Amphibious Tank", _V, "R7.C.1.a", "lands amphibiously without an LVT"),
    Special("engineer-tank", "Engineer Tank", _V, "R7.C.1.b", "ignores Mines and Bocage; clears Mines"),
    Special("flame", "Flame Tank", _V, "R7.C.1.c",
            "ignores buildings and works in Assaults, its firepower tracked apart"),
    Special("assault-gun", "Assault Gun", _V, "R7.C.2",
            "halves its firepower in Assaults, attacking or defending"),
    Special("recon", "Recon", _V, "R7.C.3",
            "may stop on coming adjacent to the enemy along a line, not Assault"),
    Special("sp-artillery", "Self-Propelled Artillery", _V, "R7.C.4",
            "Hard, Defence 2; a Vehicle when it moves, Artillery otherwise"),
    Special("lvt", "LVT", _V, "R16.B.1.d", "landing vehicle: each lands one Motorized unit"),
)}

#: R5.A.3-4, R6.A.4: the printed marks (not special types).
MARKS: Mapping[str, Special] = {s.id: s for s in (
    Special("smoke", "Smoke", _B, "R5.A.3", "an Artillery or Mortar able to fire Smoke"),
    Special("hard", "Hard", _V, "R5.A.4.a", "a Hard target (the filled circle)"),
    Special("open-top", "Open-Top", _V, "R5.A.4.c",
            "Soft FP in Barrages, Hard in Fights, both apart in Assaults"),
    Special("mounted", "Mounted", frozenset({COMPANY, BATTERY}), "R6.A.4",
            "carried by its own trucks: Motorized"),
)}

#: Named attributes `name:value` for the optional rules (Reconstruction: Chart 1 does not show
#: them; a scenario that plays these rules names them).
ATTRIBUTES: Mapping[str, str] = {
    "service": "R25.A.5", "language": "R25.A.5", "nation": "R25.A.3", "echelon": "R25.B",
}
#: R25.B: the Headquarters levels, lowest first. An HQ that names none is a Battalion HQ.
ECHELONS = ("battalion", "regiment", "division")

ARTILLERY_TYPES = frozenset({"artillery", "railroad-artillery", "rocket-artillery", "siege-artillery",
                             "sp-artillery"})
#: R7.A.2-3, R7.A.11: Companies treated as Mounted without the mark (Ski only in Snow, R7.A.19).
MOUNTED_TYPES = frozenset({"bicycle", "cavalry", "motorcycle"})
NO_PIN_LEAVING = MOUNTED_TYPES | {"ski"}
#: R7.A.5: the activities each kind of engineer may conduct.
ENGINEER_ACTIVITIES: Mapping[str, frozenset[str]] = {
    "combat": frozenset({"bridging", "construction", "maintenance"}),
    "construction": frozenset({"construction"}),
    "maintenance": frozenset({"maintenance"}),
    "port": frozenset({"port-repair"}),
    "railroad": frozenset({"railroad-repair"}),
    "assault": frozenset(),
}

HARD, SOFT, OPEN_TOP = "hard", "soft", "open-top"
ARTILLERY_MIN_RANGE = 3  # R5.A.6, R7.B.2 (errata: "3 hexes or less" read as "less than 3")
MORTAR_RANGE = (2, 3)  # R7.B.3: halved firing nearer than 2
SP_ARTILLERY_DEFENCE = 2  # R7.C.4
ARTILLERY_DEFENCE = 1  # R5.A.5, R7.B.2
ARTILLERY_COMBAT: Mapping[str, int] = {"hard": 0, "soft": 1}  # R7.B.2: Artillery in the Combat Phase
DEFAULT_EXPERIENCE = 5  # R7.A.4 (Reconstruction: Chart 1 does not give it)
HOSPITAL_NONE = frozenset({"defence", "hard", "soft", "heavy"})  # R7.A.7


# --- reading a counter ---

def value(spec: UnitSpec, steps: int, name: str) -> int:
    """The printed value `name` on the side the unit shows with `steps` left (2 full, 1 Cadre);
    a value not printed is 0, but: Artillery defend with 1 (R5.A.5-6), SP Artillery with 2
    (R7.C.4), another unit printing no Defence with 1 (R5.A.5); a Hospital has no firepower nor
    Defence whatever it prints (R7.A.7); a Cadre printing no Range has its full side's, a
    Commando printing no Experience 5 (Reconstructions)."""
    if name == "defence" and "sp-artillery" in spec.traits:
        return SP_ARTILLERY_DEFENCE
    if name == "defence" and is_artillery(spec):
        return ARTILLERY_DEFENCE
    if name in HOSPITAL_NONE and "hospital" in spec.traits:
        return 0
    side = spec.factors[max(0, min(spec.steps - steps, spec.steps - 1))]
    if name in side:
        return int(side[name])
    if name == "defence":
        return 1
    if name == "range":
        return int(spec.factors[0].get(name, 0))
    if name == "experience" and "commando" in spec.traits:
        return DEFAULT_EXPERIENCE
    return 0


def combat_value(spec: UnitSpec, steps: int, name: str) -> int:
    """A firepower value in the Combat and Vehicle Assault Phases: Artillery fight with 1 Soft
    and no Hard there (R7.B.2); other units with their printed values."""
    if is_artillery(spec) and name in ARTILLERY_COMBAT:
        return ARTILLERY_COMBAT[name]
    return value(spec, steps, name)


def attribute(spec: UnitSpec, name: str) -> str:
    """A named attribute (`service`, `language`, `nation`, `echelon`), "" if not given."""
    prefix = f"{name}:"
    return next((t[len(prefix):] for t in spec.traits if t.startswith(prefix)), "")


def kind_of(spec: UnitSpec, *, movement: bool = False) -> str:
    """The unit's R6 type for a rule: SP Artillery is a Vehicle when it moves and an Artillery
    Battery for everything else (R7.C.4)."""
    if spec.kind == VEHICLE and "sp-artillery" in spec.traits and not movement:
        return BATTERY
    return spec.kind


# --- R5.A, R6.A ---

def hardness(spec: UnitSpec) -> str:
    """R5.A.4: a Vehicle is Hard (filled circle), Open-Top, or Soft (no mark); SP Artillery is
    Hard (R7.C.4). Companies and Batteries are Soft targets (R5.A.1.a)."""
    if "sp-artillery" in spec.traits or (spec.kind == VEHICLE and "hard" in spec.traits):
        return HARD
    if spec.kind == VEHICLE and "open-top" in spec.traits:
        return OPEN_TOP
    return SOFT


def firepower_kinds(target: UnitSpec, attack: str) -> frozenset[str]:
    """R5.A.1, R5.A.4: which firepower (`hard`, `soft`) counts against `target` in an `attack`
    (barrage, fight, assault): Soft against Soft targets, Hard against Hard ones; against an
    Open-Top Vehicle Soft in Barrages, Hard in Fights, both in Assaults (each tracked apart)."""
    kind = hardness(target)
    if kind == OPEN_TOP:
        return frozenset({BARRAGE: {"soft"}, FIGHT: {"hard"}}.get(attack, {"hard", "soft"}))
    return frozenset({"hard" if kind == HARD else "soft"})


def has_hard_firepower(spec: UnitSpec, steps: int) -> bool:
    """R5.A.1: whether a bonus to "Firepower" also raises the unit's Hard firepower: not for a
    Company, nor for a unit printing 0 Hard."""
    return spec.kind != COMPANY and value(spec, steps, "hard") > 0


def is_mounted(spec: UnitSpec, snow: bool = False) -> bool:
    """R6.A.4: a Company or Battery with its own transport; Bicycle, Cavalry and Motorcycle
    Companies count as Mounted (R7.A.2-3, R7.A.11), Ski Companies in Snow (R7.A.19)."""
    traits = set(spec.traits)
    return spec.kind != VEHICLE and ("mounted" in traits or bool(traits & MOUNTED_TYPES)
                                     or (snow and "ski" in traits))


def is_motorized(spec: UnitSpec, snow: bool = False) -> bool:
    """R6.A.5: Vehicles and Mounted units are Motorized."""
    return spec.kind == VEHICLE or is_mounted(spec, snow)


def immobile(spec: UnitSpec, steps: int) -> bool:
    """R5.A.7: a unit printing 0 MPs on the side it shows may not move."""
    return value(spec, steps, "mp") == 0


def never_pins_leaving(spec: UnitSpec) -> bool:
    """R7.A.2-3, R7.A.11, R7.A.19: Bicycle, Cavalry, Motorcycle and Ski Companies never Pin when
    leaving a hex."""
    return bool(set(spec.traits) & NO_PIN_LEAVING)


# --- R7 ---

def is_engineer(spec: UnitSpec, *kinds: str) -> bool:
    """R7.A.5: an engineer Company of any of `kinds` (assault, combat, construction, maintenance,
    port, railroad), or of any kind if none is named. (Engineer Tanks are `engineer-tank`.)"""
    return any(f"engineer-{k}" in spec.traits for k in (kinds or ENGINEER_ACTIVITIES))


def may_conduct(spec: UnitSpec, activity: str) -> bool:
    """R7.A.5.b-f: whether the unit is an engineer able to conduct `activity` (bridging,
    construction, maintenance, port-repair, railroad-repair)."""
    return any(activity in acts for k, acts in ENGINEER_ACTIVITIES.items() if f"engineer-{k}" in spec.traits)


def is_hq(spec: UnitSpec, *, for_replacement: bool = False) -> bool:
    """R7.A.6: a Headquarters Company; a Signal Company counts as one except for what a
    Replacement Company needs (R7.A.18, Signal)."""
    return "hq" in spec.traits or ("signal" in spec.traits and not for_replacement)


def echelon(spec: UnitSpec) -> str:
    """R25.B: a Headquarters' level (battalion, regiment, division); Signal Companies and HQs that
    name none are Battalion level; "" for a unit that is no HQ."""
    if not is_hq(spec):
        return ""
    return attribute(spec, "echelon") or ECHELONS[0]


def is_artillery(spec: UnitSpec) -> bool:
    """R7.B.2: an Artillery Battery of any kind (Railroad, Rocket, Siege), or SP Artillery
    (R7.C.4: Artillery for all but movement)."""
    return bool(set(spec.traits) & ARTILLERY_TYPES)


def fires_smoke(spec: UnitSpec) -> bool:
    """R5.A.3: only Artillery and Mortars, and only those with the Smoke mark, fire Smoke."""
    return "smoke" in spec.traits and (is_artillery(spec) or "mortar" in spec.traits)


def artillery_range(spec: UnitSpec, steps: int) -> tuple[int, int]:
    """R5.A.6, R7.B.2: the nearest and farthest hexes an Artillery Battery barrages at."""
    return ARTILLERY_MIN_RANGE, value(spec, steps, "range")


def experience(spec: UnitSpec, steps: int) -> int:
    """R7.A.4: a unit's Experience as printed (any unit may gain some in an Operation, R4.E); a
    Commando printing none has 5 (Reconstruction)."""
    return value(spec, steps, "experience")


def compatible(a: UnitSpec, b: UnitSpec) -> bool:
    """R25.A.5: units of the same service and language (a blank attribute matches only another
    blank: a scenario playing this rule names them for every unit)."""
    return all(attribute(a, n) == attribute(b, n) for n in ("service", "language"))


def cohesive(a: UnitSpec, b: UnitSpec) -> bool:
    """R25.A.4: two units of one formation: Companies and Batteries of one battalion, or Vehicle
    platoons of one company or troop (each unit's `formation`)."""
    return (a.id != b.id and bool(a.formation) and a.formation == b.formation
            and (a.kind == VEHICLE) == (b.kind == VEHICLE))


# --- R24.D.4a ---

def valuation(spec: UnitSpec) -> Calculation:
    """R24.D.4a: what a unit is worth in a Competitive Scenario, from its full-strength side, as a
    Calculation whose terms say why. "Heavy Firepower" is read as Hard Firepower (Reconstruction)."""
    steps = spec.steps
    v = {n: value(spec, steps, n) for n in ("hard", "heavy", "soft", "mp", "defence", "range")}
    rule = "R24.D.4a"
    terms = [Term("Heavy Weapons - 1", rule, add=Fraction(v["heavy"] - 1)) if spec.kind == COMPANY
             else Term("Hard Firepower + 1", rule, add=Fraction(v["hard"] + 1)),
             Term("Soft Firepower - 1", rule, add=Fraction(v["soft"] - 1)),
             Term("Movement Points - 1", rule, add=Fraction(v["mp"] - 1))]
    times = {HARD: 4, OPEN_TOP: 3, SOFT: 1}[hardness(spec)]
    terms.append(Term(f"Defence x{times} ({hardness(spec)})", rule, add=Fraction(v["defence"] * times)))
    if is_artillery(spec):
        by = 2 if "siege-artillery" in spec.traits else 3
        reach = math.ceil(Fraction(v["range"], by))
        terms.append(Term(f"Range / {by}, rounded up", rule, add=Fraction(reach)))
    if never_pins_leaving(spec):
        terms.append(Term("Soft Firepower again (Bicycle, Cavalry, Motorcycle, Ski)", rule,
                          add=Fraction(v["soft"])))
    if is_engineer(spec, "assault", "combat") or "hospital" in spec.traits:
        terms.append(Term("Movement Points again (Assault/Combat Engineer, Hospital)", rule,
                          add=Fraction(v["mp"])))
    if "parachute" in spec.traits:
        terms.append(Term("Parachute", rule, add=Fraction(1)))
    for t in ("assault-gun", "infantry"):
        if t in spec.traits:
            terms.append(Term(SPECIALS[t].name, rule, add=Fraction(-1)))
    if set(spec.traits) & {"commando", "partisan"}:
        terms.append(Term("the sum doubled (Commando, Partisan)", rule, steps=DOUBLE))
    return Calculation(Fraction(0), tuple(terms))


def points(spec: UnitSpec) -> int:
    """R24.D.4a: the unit's point value, a final number (R2.E)."""
    return final(valuation(spec).value)


# --- the scenario's data ---

def problems(spec: UnitSpec) -> list[str]:
    """What is wrong with one unit's data, each naming the unit, the value and the rule."""
    where = f"unit (id {spec.id!r})"
    found = []
    if spec.kind not in KINDS:
        found.append(f"{where}.kind: {spec.kind!r} is not a Foxhole unit type ({', '.join(KINDS)})")
    if spec.steps not in (1, 2):
        found.append(f"{where}.factors: a Foxhole counter has a full side and a Cadre side (1 or 2 tables)")
    found += _trait_problems(spec, where)
    for k, side in enumerate(spec.factors):
        found += _side_problems(spec, f"{where}.factors[{k}]", side)
    return found


def _trait_problems(spec: UnitSpec, where: str) -> list[str]:
    found = []
    seen: set[str] = set()
    for trait in spec.traits:
        if trait in seen:
            found.append(f"{where}.traits: {trait!r} given twice")
        seen.add(trait)
        name, colon, val = trait.partition(":")
        if colon:
            if name not in ATTRIBUTES:
                found.append(f"{where}.traits: {trait!r}: no attribute {name!r} ({', '.join(ATTRIBUTES)})")
            elif not val:
                found.append(f"{where}.traits: {trait!r} names no {name} ({ATTRIBUTES[name]})")
            elif name == "echelon" and (val not in ECHELONS or not is_hq(spec)):
                found.append(f"{where}.traits: {trait!r}: an echelon ({', '.join(ECHELONS)}) is an HQ's "
                             f"or a Signal Company's (R25.B)")
            continue
        known = SPECIALS.get(trait) or MARKS.get(trait)
        if known is None:
            found.append(f"{where}.traits: {trait!r} is not a Foxhole special type or mark (R7; see "
                         f"docs/rules/foxhole.md)")
        elif spec.kind in KINDS and spec.kind not in known.kinds and not _as_artillery(spec, trait):
            kinds = " or ".join(sorted(known.kinds))
            found.append(f"{where}.traits: {trait!r} ({known.name}) is for a {kinds}, "
                         f"not a {spec.kind} ({known.rule})")
    prefixes = [t.partition(":")[0] for t in spec.traits if ":" in t]
    for name in sorted({p for p in prefixes if prefixes.count(p) > 1}):
        found.append(f"{where}.traits: more than one {name!r} attribute")
    if {"hard", "open-top"} <= seen:
        found.append(f"{where}.traits: a Vehicle is Hard or Open-Top, not both (R5.A.4)")
    if "smoke" in seen and not (is_artillery(spec) or "mortar" in seen):
        found.append(f"{where}.traits: only Artillery and Mortars fire Smoke (R5.A.3)")
    if "sp-artillery" in seen and seen & {"hard", "open-top"}:
        found.append(f"{where}.traits: SP Artillery is always Hard (R7.C.4); it takes no hardness mark")
    return found


def _as_artillery(spec: UnitSpec, trait: str) -> bool:
    """R7.C.4: SP Artillery may carry the Artillery Battery types and the Smoke mark."""
    return (spec.kind == VEHICLE and "sp-artillery" in spec.traits
            and (trait in ARTILLERY_TYPES or trait == "smoke"))


def _side_problems(spec: UnitSpec, where: str, side: Mapping[str, int]) -> list[str]:
    found = []
    for name in sorted(set(side) - VALUES):
        found.append(f"{where}.{name}: not a Foxhole value ({', '.join(sorted(VALUES))})")
    for name, v in sorted(side.items()):
        if name in VALUES and (type(v) is not int or v < 0):
            found.append(f"{where}.{name}: a printed value is a whole number from 0, not {v!r}")
    if "mp" not in side:
        found.append(f"{where}: no mp (R5.A.7)")
    if spec.kind == COMPANY and "hard" in side:
        found.append(f"{where}.hard: a Company has no Hard Firepower; it prints Heavy Weapons "
                     f"(R5.A.1.b, R5.A.2)")
    if spec.kind in (BATTERY, VEHICLE) and "heavy" in side:
        found.append(f"{where}.heavy: only Companies have Heavy Weapons (R5.A.2)")
    if is_artillery(spec):
        if "defence" in side and "sp-artillery" not in spec.traits:
            found.append(f"{where}.defence: Artillery print their Range, not a Defence (R5.A.6, R7.B.2)")
        if type(side.get("range")) is int and side["range"] < ARTILLERY_MIN_RANGE:
            found.append(f"{where}.range: Artillery fire at {ARTILLERY_MIN_RANGE} hexes or more; a range of "
                         f"{side['range']} could never fire (R5.A.6)")
        elif "range" not in side and side is spec.factors[0]:
            found.append(f"{where}: Artillery print their range (R5.A.6)")
    elif "range" in side:
        found.append(f"{where}.range: only Artillery have a Range (R5.A.6)")
    return found
