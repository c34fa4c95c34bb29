"""Foxhole Chart 2 (Terrain Effects / Combat Effects), reconstructed as data.

The rulebook's charts are not in its text: ../shared/FOXHOLE-CHARTS.md gathers what the text
says and proposes the rest. Every value here is either stated (its R-number given) or a
reconstruction recorded with its reason in docs/rules/foxhole.md. Rules read these tables;
they never hold a number of their own.

Defence by attack type is B/F/A: against a Barrage, in a Fight, in an Assault (R16.A.2b,
R18.D.1, R20.F).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tui_wargame.frozen import frozen

BARRAGE, FIGHT, ASSAULT = "barrage", "fight", "assault"


@frozen
class Defence:
    """Added Defence by attack type (the chart's B/F/A letters)."""

    barrage: int = 0
    fight: int = 0
    assault: int = 0

    def against(self, attack: str) -> int:
        return {BARRAGE: self.barrage, FIGHT: self.fight, ASSAULT: self.assault}[attack]


NONE = Defence()


@frozen
class HexType:
    """One row of the chart's hex table. `mp` None: prohibited to land units (R11.A.4);
    `motorized_double`: the chart's "D" suffix (R11.A.1); `pin`: the Motorized Pin chance in 10
    on leaving (R11.A.2); `fire`, `refugees`: chances in 10 (R25.C.1b, R25.C.2); `burns_to`: what
    the hex becomes when Burnt Out (R5.B.12, R19.B.6.e-f); `water`: a water hex (R8.D.3, R8.D.6)."""

    id: str
    name: str
    mp: Fraction | None
    motorized_double: bool = False
    pin: int = 0
    defence: Defence = NONE
    fire: int = 0
    refugees: int = 0
    burns_to: str = ""
    water: bool = False
    motorized_prohibited: bool = False
    requisition: int = 0  # R25.C.4, chance in 10


def _f(text: str) -> Fraction:
    return Fraction(text)


#: The hex types (reconstruction: FOXHOLE-CHARTS.md §2.4, with the R-numbers that state a fact).
HEX_TYPES: Mapping[str, HexType] = {h.id: h for h in (
    HexType("clear", "Clear", _f("1"), fire=1),
    HexType("tarmac", "Tarmac", _f("1")),  # R19.B.10
    HexType("airfield", "Airfield", _f("1")),  # R16.A.2: gliders land on target
    HexType("scrub", "Scrub", _f("1"), True, 1, Defence(1, 0, 0), fire=3, burns_to="clear"),
    HexType("woods", "Woods", _f("2"), True, 2, Defence(1, 1, 1), fire=3, burns_to="scrub"),
    HexType("forest", "Forest", _f("3"), True, 3, Defence(2, 1, 1), fire=3, burns_to="woods"),
    HexType("swamp", "Swamp", _f("3"), True, 4),
    HexType("rough", "Rough/Rubble", _f("2"), True, 3, Defence(1, 1, 1)),
    HexType("buildings", "Buildings", _f("2"), True, 1, Defence(2, 2, 2), fire=2, refugees=3,
            burns_to="rough", requisition=3),
    HexType("tall-buildings", "Tall Buildings", _f("2"), True, 1, Defence(3, 3, 2), fire=1, refugees=4,
            burns_to="rough", requisition=4),
    HexType("flooded", "Flooded Area", _f("3"), motorized_prohibited=True),
    HexType("calm-river", "Calm River", None, water=True),
    HexType("swift-river", "Swift River", None, water=True),
    HexType("shallow-sea", "Shallow Sea", None, water=True),
    HexType("deep-sea", "Deep Sea", None, water=True),
)}


@frozen
class Feature:
    """A single-structure feature on a hex (R20.F.2): a Building or a Tall Building, with room
    for `capacity` units, added Defence for those in it, its requisition chance (R25.C.4)."""

    id: str
    name: str
    defence: Defence
    capacity: int
    fire: int = 0
    refugees: int = 0
    requisition: int = 1


FEATURES: Mapping[str, Feature] = {f.id: f for f in (
    Feature("building", "Building", Defence(2, 2, 2), 1, fire=3, refugees=1),
    Feature("tall-building", "Tall Building", Defence(3, 3, 3), 1, fire=2, refugees=1),
)}


@frozen
class HexsideType:
    """A hexside feature (R11.A.3): extra MPs to cross (`mp`, `motorized_mp` if Motorized pay
    otherwise), a Motorized Pin chance on crossing, the Defence it gives the unit behind it in a
    Fight or Assault across it; `prohibited` to cross but by boat, raft or bridge (R19.B.8)."""

    id: str
    name: str
    mp: Fraction = Fraction(0)
    motorized_mp: Fraction | None = None
    pin: int = 0
    defence: Defence = NONE
    prohibited: bool = False
    water: bool = False


HEXSIDE_TYPES: Mapping[str, HexsideType] = {h.id: h for h in (
    HexsideType("ford", "Ford", _f("1"), pin=2, water=True),
    HexsideType("stream", "Stream", _f("1"), pin=3, water=True),
    HexsideType("gully", "Gully", _f("1"), _f("2"), 3, Defence(0, 1, 1), water=True),
    HexsideType("small-river", "Small River", defence=Defence(0, 1, 1), prohibited=True, water=True),
    HexsideType("embankment", "Embankment", _f("1"), pin=2, defence=Defence(0, 1, 1)),
    HexsideType("cliff", "Cliff", defence=Defence(0, 2, 2), prohibited=True),
    HexsideType("bocage", "Bocage", _f("2"), _f("3"), 4, Defence(0, 1, 2)),
    HexsideType("railline", "Railline"),  # trains run on it (R16.C); no extra cost
)}


@frozen
class Line:
    """A transportation line (R11.C): its cost per hex moved along it, dry and Wet (R8.D.2), and
    its Motorized Pin chance in Wet (R8.D.2: Highways and Railline never Pin)."""

    id: str
    name: str
    mp: Fraction
    wet_mp: Fraction
    wet_pin: int = 0


LINES: Mapping[str, Line] = {ln.id: ln for ln in (
    Line("highway", "Highway", _f("1/3"), _f("1/3")),
    Line("road", "Road", _f("1/2"), _f("1"), wet_pin=1),
    Line("path", "Path", _f("1"), _f("3/2"), wet_pin=1),
    Line("railroad", "Railroad", _f("1"), _f("1")),
)}


@frozen
class Work:
    """A Defensive Work or Trap (R5.B, R10.C, R19.B.3-5): its stacking levels in the hex, the
    units it shelters (`capacity`, None for the whole hex), its added Defence, its build cost in
    MPs (R19.B), its point value (R24.D.4b)."""

    id: str
    name: str
    levels: int
    capacity: int | None
    defence: Defence
    cost: int
    points: int = 0
    trap: bool = False


WORKS: Mapping[str, Work] = {w.id: w for w in (
    Work("foxholes", "Foxholes", 1, 1, Defence(2, 1, 1), 6, 2),
    Work("scrapes", "Scrapes", 1, 2, Defence(1, 1, 0), 12, 3),
    Work("pillbox", "Pillbox", 2, 1, Defence(4, 3, 3), 12, 5),
    Work("fort-unimproved", "Unimproved Fort", 3, 2, Defence(5, 4, 3), 12, 10),
    Work("fort-improved", "Improved Fort", 4, 4, Defence(6, 5, 4), 12, 16),
    Work("shellholes", "Shellholes", 1, 1, Defence(1, 0, 0), 3),  # R25.A.7: one Company, +1B
    Work("wire", "Concertina Wire", 1, None, NONE, 2, trap=True),
    Work("tank-traps", "Tank Traps", 1, None, NONE, 4, 1, trap=True),  # per level
    Work("mines", "Mines", 1, None, NONE, 6, 2, trap=True),  # per level
)}

#: Trench level N shelters the whole hex: +N against Barrages, +ceil(N/2) in Fights and Assaults.
TRENCH_POINTS = 4  # R24.D.4b, per level
TRENCH_COST = {1: 14, 2: 5, 3: 14, 4: 5}  # R19.B.3.c-f (level 2 costs 14 from Scrapes)


def trench_defence(level: int) -> Defence:
    half = -(-level // 2)
    return Defence(level, half, half)


MAX_WORK_LEVELS = 4  # R10.C
MAX_TRAP_LEVELS = 3  # R19.B.5

#: R20.C, R20.D, R18.D-E: who applies how much of the firepower, the most to put on one unit (as a
#: multiple of its Defence) unless forced, and the effect of 1, 2, 3 hits.
@frozen
class CombatEffect:
    attack: str
    to_firer: Fraction  # of the firing side's total, applied by the firer to the enemy
    to_owner: Fraction  # of the firing side's total, applied by the target's owner
    cap: int
    hits: tuple[tuple[str, ...], ...]  # hits 1, 2, 3: the effects


COMBAT_EFFECTS: Mapping[str, CombatEffect] = {c.attack: c for c in (
    CombatEffect(BARRAGE, _f("1/4"), _f("3/4"), 2, (("suppressed",), ("pinned",))),  # R18.D.1a, R18.E
    CombatEffect("covering", _f("1/2"), _f("1/2"), 3,
                 (("suppressed",), ("reduced",), ("reduced", "suppressed"))),  # R20.C.3
    CombatEffect(ASSAULT, _f("3/4"), _f("1/4"), 2, (("reduced",), ("removed",))),  # R20.C.5-6
    CombatEffect(FIGHT, _f("1/2"), _f("1/2"), 3, (("pinned",), ("reduced",), ("reduced", "pinned"))),  # R20.D
)}

#: R20.C.5 (R22.C.5): Heavy Weapons ratings applied to one Vehicle -> effect, by its Defence.
HEAVY_WEAPONS: Mapping[str, tuple[tuple[str, ...], ...]] = {
    "light": (("pinned",), ("reduced",), ("reduced", "pinned"), ("removed",), ("removed",)),  # Defence <= 5
    "heavy": ((), ("pinned",), ("reduced",), ("reduced", "pinned"), ("removed",)),  # Defence >= 6
}

#: Firepower Variability Table (reconstruction, FOXHOLE-CHARTS.md §4): D10 -> multiplier, mean 1.
FVT: Mapping[int, Fraction] = {
    1: _f("1/2"), 2: _f("7/10"), 3: _f("4/5"), 4: _f("9/10"), 5: _f("1"), 6: _f("1"),
    7: _f("11/10"), 8: _f("6/5"), 9: _f("13/10"), 10: _f("3/2"),
}

#: R5.B: the marker kinds a hex or hexside may hold, with their names. (Unit conditions, the
#: other R5.B markers, are unit flags: see `position.CONDITIONS`.)
MARKER_KINDS: Mapping[str, str] = {
    "trenches": "Trenches", "smoke": "Smoke Barrage", "foxholes": "Foxholes", "scrapes": "Scrapes",
    "pillbox": "Pillbox", "fort-unimproved": "Unimproved Fort", "fort-improved": "Improved Fort",
    "shellholes": "Shellholes", "tank-traps": "Tank Traps", "mines": "Mines", "wire": "Concertina Wire",
    "boats": "Boats", "rafts": "Rafts", "bridge-foot": "Foot Bridge", "bridge-vehicle": "Vehicle Bridge",
    "bridge-bailey": "Bailey Bridge", "bridge-printed": "Bridge", "bridge-damaged": "Bridge Damaged",
    "bridge-destroyed": "Bridge Destroyed", "refugees": "Refugees", "no-refugees": "No Refugees",
    "fire": "Fire", "burnt-out": "Burnt Out", "supply-points": "Supply Points", "rail-break": "Rail Break",
    "port": "Port", "port-damaged": "Port Damaged", "sapping": "Sapping", "tunnel": "Tunnel",
    "rail-circle": "Rail Circle", "building": "Building", "tall-building": "Tall Building",
    # fx-activities: a hex whose type building changed (R19.B.9-10); its value is the new hex type.
    "built": "Built Up",
}

# --- fx-arrivals: R5.C, R16.C-E. A Transport on the map is a marker (its id the scenario's, its
# value the cars it carries): a Truck for the Transport Phase it drives in, a Train on a railline
# hexside, a Ship in a Deep Sea or Port hex, until each leaves.
MARKER_KINDS = {**MARKER_KINDS, "truck": "Truck", "train": "Train", "ship": "Ship"}

# --- Chart 3, Weather (R8, R13.A.3, R25.C.1): reconstruction, FOXHOLE-CHARTS.md §3 ---

#: R8.A: the prevailing weathers a scenario may name.
PREVAILING = ("desert", "dry-warm", "mixed-warm", "wet-warm", "dry-cold", "mixed-cold", "wet-cold",
              "snow-approaching", "spring-thaw")
#: R8.D.4-5: cold prevailing weather reads Dry ground as Frost and Wet as Snow.
COLD = frozenset({"dry-cold", "mixed-cold", "wet-cold"})

#: R8.C: the atmospheric conditions, best to worst (a resolution moves along this scale).
ATMOSPHERES = ("clear", "overcast", "precipitation", "storm")
#: R8.C.1-4: how much each moistens (+) or dries (-) the ground at the next Full Turn's start.
MOISTENING: Mapping[str, int] = {"clear": -1, "overcast": 0, "precipitation": 2, "storm": 4}
MAX_MOISTURE = 12
#: R8.A.1: a Desert's ground is only ever at these moistures (5-8 skipped; 12 is the flood).
DESERT_SCALE = (0, 1, 2, 3, 4, 12)
#: Moisture -> ground, the highest band at or below it: 0-4 Dry, 5-8 Wet, 9-12 Flooding.
GROUND_BANDS = ((0, "dry"), (5, "wet"), (9, "flooding"))

#: Chart 3A forecast: D10 + the modifier of the time forecast for (R13.A.3: a Morning turn's
#: forecast, for that Night, is at -1; an Afternoon's, for next Morning, 0; a Night's, for next
#: Afternoon, +1) + the prevailing weather's; low is bad.
FORECAST_TIME_MODIFIER: Mapping[str, int] = {"night": -1, "morning": 0, "afternoon": 1}
FORECAST_PREVAILING_MODIFIER: Mapping[str, int] = {
    "desert": 4, "dry-warm": 2, "mixed-warm": 1, "wet-warm": 0, "dry-cold": 2, "mixed-cold": 1,
    "wet-cold": 0, "snow-approaching": 0, "spring-thaw": 0}
#: Modified forecast roll -> atmosphere: at most 1 Storm, 2-3 Precipitation, 4-6 Overcast, 7+ Clear.
FORECAST_BANDS = ((1, "storm"), (3, "precipitation"), (6, "overcast"))


def forecast_atmosphere(roll: int) -> str:
    """Chart 3A: the atmosphere forecast by a modified roll."""
    return next((atm for top, atm in FORECAST_BANDS if roll <= top), "clear")


#: Chart 3A resolution, D10 -> steps along ATMOSPHERES from the forecast: 1-2 one better, 3-8 as
#: forecast, 9-10 one worse.
RESOLUTION: Mapping[int, int] = {1: -1, 2: -1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 1, 10: 1}

#: R8.C.2-3: what Overcast and Precipitation leave of an Air Sortie (Storm grounds it, R8.C.4).
AIR_SORTIE_LEFT: Mapping[str, Fraction] = {"overcast": Fraction(2, 3), "precipitation": Fraction(1, 3)}

#: Chart 3B wind (R25.C.1, R16.A.2a): strength by D10 (+2 if a Storm is forecast), direction by D10
#: (1-6 the R2.I Cardinal Directions, 7-10 as before); fog's chance in 10 by the time of day, only
#: in a Calm under Clear or Overcast skies (R25.C.1a).
CALM, BREEZE, GALE = "calm", "breeze", "gale"
WIND_BANDS = ((4, CALM), (8, BREEZE))
WIND_STORM_MODIFIER = 2
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
FOG_CHANCE: Mapping[str, int] = {"morning": 4, "afternoon": 1, "night": 3}


def wind_strength(roll: int) -> str:
    """Chart 3B: the wind's strength for a modified roll."""
    return next((w for top, w in WIND_BANDS if roll <= top), GALE)


# --- fx-units: the rest of the marker catalogue (markers.KINDS): a hex whose type Engineers
# changed (R19.B.9-10: its value the new hex type, Tarmac or Buildings), and the Transports on
# the map (R5.C: a Truck or Ship in a hex, a Train on a railline hexside).
MARKER_KINDS = {**MARKER_KINDS, "built": "Built Up", "truck": "Truck", "train": "Train", "ship": "Ship"}
