"""The counters a computer buyer may choose from (R24.D.4a), valued by `counters.points`.

The rulebook prints no counter sheet (FOXHOLE-CHARTS.md §1), so every factor here is invented
[INV], in line with the proving ground's counters: a rifle company of Defence 3, Heavy Weapons 1,
Soft 4 and 4 MPs, a tank platoon of Defence 6, Hard 5, Soft 4 and 8 MPs. Each type has a
full-strength side and a Cadre side (R5.A.8), and a role the buyer uses for its quotas. A side's
counters take the side's names (Allied: rifle, tank; Axis: grenadier, panzer) but the same
values, so that neither side is favoured by the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from tui_wargame.frozen import frozen
from tui_wargame.model import UnitSpec
from tui_wargame.rules.foxhole import counters

INFANTRY, SUPPORT, HQ, ENGINEER, ARTILLERY, VEHICLE, IRREGULAR = (
    "infantry", "support", "hq", "engineer", "artillery", "vehicle", "irregular")
ROLES = (INFANTRY, SUPPORT, HQ, ENGINEER, ARTILLERY, VEHICLE, IRREGULAR)


@frozen
class UnitType:
    """One kind of counter: its R6 kind, R7 traits, printed factors (full, Cadre) and role."""

    id: str
    allied: str  # the name an Allied counter of this type takes
    axis: str
    kind: str
    traits: tuple[str, ...]
    factors: tuple[Mapping[str, int], ...]
    role: str

    def spec(self, uid: str, side: str, name: str = "", start: str = "", formation: str = "") -> UnitSpec:
        """The counter as a scenario's unit."""
        return UnitSpec(uid, name or self.name(side), side, self.kind, self.factors, start, formation,
                        self.traits)

    def name(self, side: str) -> str:
        return self.axis if side == "axis" else self.allied

    @property
    def points(self) -> int:
        """R24.D.4a: what one counter of this type costs."""
        return _price(self.id)


def _f(defence: int | None = None, **values: int) -> dict[str, int]:
    return ({"defence": defence} if defence is not None else {}) | values


#: Every type, cheapest roles first within each kind. Values: see the module's docstring.
TYPES: Mapping[str, UnitType] = {t.id: t for t in (
    UnitType("rifle", "Rifle Company", "Grenadier Company", "company", ("infantry",),
             (_f(3, heavy=1, soft=4, mp=4), _f(2, heavy=0, soft=2, mp=4)), INFANTRY),
    UnitType("motor-rifle", "Motor Rifle Company", "Panzergrenadier Company", "company",
             ("infantry", "mounted"),
             (_f(3, heavy=1, soft=4, mp=10), _f(2, heavy=0, soft=2, mp=10)), INFANTRY),
    UnitType("machinegun", "Machinegun Company", "MG Company", "company", ("machinegun",),
             (_f(3, heavy=0, soft=6, mp=4), _f(2, heavy=0, soft=3, mp=4)), SUPPORT),
    UnitType("heavy-weapons", "Heavy Weapons Company", "Heavy Company", "company", ("infantry",),
             (_f(3, heavy=3, soft=4, mp=4), _f(2, heavy=1, soft=2, mp=4)), SUPPORT),
    UnitType("hq", "Battalion HQ", "Battalion HQ", "company", ("hq",),
             (_f(2, heavy=0, soft=1, mp=4), _f(1, heavy=0, soft=1, mp=4)), HQ),
    UnitType("combat-engineer", "Combat Engineer Company", "Pioneer Company", "company",
             ("engineer-combat",),
             (_f(3, heavy=2, soft=3, mp=4), _f(2, heavy=1, soft=1, mp=4)), ENGINEER),
    UnitType("construction-engineer", "Construction Engineer Company", "Construction Company",
             "company", ("engineer-construction",),
             (_f(2, heavy=0, soft=2, mp=4), _f(1, heavy=0, soft=1, mp=4)), ENGINEER),
    UnitType("mortar", "Mortar Battery", "Mortar Battery", "battery", ("mortar", "smoke"),
             (_f(2, hard=0, soft=4, mp=2), _f(1, hard=0, soft=2, mp=2)), SUPPORT),
    UnitType("antitank", "Antitank Battery", "Pak Battery", "battery", ("antitank",),
             (_f(2, hard=4, soft=1, mp=2), _f(1, hard=2, soft=1, mp=2)), SUPPORT),
    UnitType("field-artillery", "Field Artillery Battery", "Howitzer Battery", "battery",
             ("artillery", "smoke"),
             ({"range": 8, "hard": 2, "soft": 8, "mp": 1}, {"range": 8, "hard": 1, "soft": 4, "mp": 1}),
             ARTILLERY),
    UnitType("tank", "Tank Platoon", "Panzer Platoon", "vehicle", ("hard",),
             (_f(6, hard=5, soft=4, mp=8), _f(4, hard=3, soft=2, mp=8)), VEHICLE),
    UnitType("light-tank", "Light Tank Platoon", "Light Panzer Platoon", "vehicle", ("hard",),
             (_f(4, hard=3, soft=3, mp=10), _f(3, hard=2, soft=1, mp=10)), VEHICLE),
    UnitType("armoured-car", "Armoured Car Platoon", "Armoured Car Platoon", "vehicle", ("hard", "recon"),
             (_f(2, hard=2, soft=3, mp=12), _f(1, hard=1, soft=1, mp=12)), VEHICLE),
    UnitType("sp-gun", "Tank Destroyer Platoon", "Marder Platoon", "vehicle", ("open-top",),
             (_f(3, hard=3, soft=2, mp=8), _f(2, hard=2, soft=1, mp=8)), VEHICLE),
    UnitType("commando", "Commando Troop", "Brandenburger Company", "company", ("commando",),
             (_f(3, heavy=1, soft=5, mp=5), _f(2, heavy=0, soft=2, mp=5)), IRREGULAR),
    UnitType("partisan", "Partisan Band", "Partisan Band", "company", ("partisan",),
             (_f(2, heavy=0, soft=3, mp=4), _f(1, heavy=0, soft=1, mp=4)), IRREGULAR),
)}


@cache
def _price(type_id: str) -> int:
    return counters.points(TYPES[type_id].spec("x", "allied"))


def of_role(role: str) -> tuple[UnitType, ...]:
    return tuple(t for t in TYPES.values() if t.role == role)
