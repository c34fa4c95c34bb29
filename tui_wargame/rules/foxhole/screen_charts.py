"""Foxhole's charts as help pages: Chart 2 (terrain, works, combat effects), the Firepower
Variability Table, Chart 3 (weather), Chart 4 (Dawn Briefing), Chart 5 (sequence of play) and
R24's victory basics, drawn by the TUI as tables.

Every figure comes from the tables the rules read (`charts`, `arrivals`, `dawn`, `standing`) or
from the rule functions themselves (the weather's terms asked of a Position in that weather), so
a page can never disagree with the game. The rulebook's charts are missing: the values that
../shared/FOXHOLE-CHARTS.md marks [INV] are said to be reconstructed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, cast

from tui_wargame.model import Scenario, State, Value
from tui_wargame.rules.capabilities import HelpPage, Table
from tui_wargame.rules.foxhole import arrivals, charts, dawn, sequence, standing, victory, weather
from tui_wargame.rules.foxhole.arith import Term, multiple
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.text import side_name

RECONSTRUCTED = ("Reconstructed: the rulebook's chart is missing; these values are the project's "
                 "proposal (FOXHOLE-CHARTS.md, docs/rules/foxhole.md).")


def _amount(value: Fraction | int) -> str:
    """An exact amount as a player counts it: 2, 1/3, 1 1/2."""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value.numerator), value.denominator)
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole} {part}/{value.denominator}" if whole else f"{sign}{part}/{value.denominator}"


def _tenths(value: Fraction) -> str:
    """A multiplier in tenths as the chart prints it (0.7, 1.5); exact, else as `_amount`."""
    tenths = value * 10
    return f"{tenths.numerator // 10}.{tenths.numerator % 10}" if tenths.denominator == 1 else _amount(value)


def _defence(d: charts.Defence) -> str:
    """The chart's added Defence by attack type, Barrage/Fight/Assault ("-" for none)."""
    return "-" if d == charts.NONE else f"{d.barrage}/{d.fight}/{d.assault}"


def _chance(n: int) -> str:
    return str(n) if n else "-"


def _name(value: str) -> str:
    return value.replace("-", " ").capitalize()


# --- Chart 2: terrain ---

def _hex_row(h: charts.HexType) -> tuple[str, ...]:
    if h.mp is None:
        mp, motor = "no", "no"
    else:
        mp = _amount(h.mp)
        motor = "no" if h.motorized_prohibited else "x2" if h.motorized_double else "="
    burns = charts.HEX_TYPES[h.burns_to].name if h.burns_to else "-"
    return (h.name, mp, motor, _chance(h.pin), _defence(h.defence), _chance(h.fire), _chance(h.refugees),
            burns)


def terrain_page() -> HelpPage:
    hexes = Table("Hexes (R11.A, R20.F, R25.C)",
                  ("Hex", "MP", "Motor", "Pin", "Def B/F/A", "Fire", "Refug", "Burns to"),
                  tuple(_hex_row(h) for h in charts.HEX_TYPES.values()),
                  note="MP: to enter (no: boats, rafts, bridges and landings only, R11.A.4). Motor: what a "
                       "Motorized unit pays (x2: double, R11.A.1). Pin: a Motorized unit's chance in 10 "
                       "of a Pin on leaving (R11.A.2). Def: added Defence against a Barrage, in a Fight, in "
                       "an Assault. Fire, Refug: chances in 10 (R25.C.1b, R25.C.2). Burns to: R5.B.12.")
    features = Table("Single-structure features (R20.F.2)",
                     ("Feature", "Def B/F/A", "Holds", "Fire", "Refug", "Requis"),
                     tuple((f.name, _defence(f.defence), str(f.capacity), _chance(f.fire),
                            _chance(f.refugees), _chance(f.requisition)) for f in charts.FEATURES.values()),
                     note="Holds: units sheltered; the defender chooses which (R20.F.2). Requis: chance "
                          "in 10 to requisition (R25.C.4).")
    hexsides = Table("Hexsides (R11.A.3, R20.F)",
                     ("Hexside", "MP", "Motor MP", "Pin", "Def F/A", "Crossing"),
                     tuple((h.name, "no" if h.prohibited else "+" + _amount(h.mp) if h.mp else "-",
                            "no" if h.prohibited else "+" + _amount(h.motorized_mp)
                            if h.motorized_mp is not None else "as MP",
                            _chance(h.pin), "-" if not (h.defence.fight or h.defence.assault)
                            else f"{h.defence.fight}/{h.defence.assault}",
                            "boats, rafts, bridges" if h.prohibited else "water" if h.water else "")
                           for h in charts.HEXSIDE_TYPES.values()),
                     note="MP: added to the hex's cost. Def: for the unit behind the hexside, in a Fight "
                          "or Assault across it.")
    lines = Table("Transportation lines (R11.C, R8.D.2)",
                  ("Line", "MP a hex", "Wet MP", "Wet Pin"),
                  tuple((ln.name, _amount(ln.mp), _amount(ln.wet_mp), _chance(ln.wet_pin))
                        for ln in charts.LINES.values()),
                  note="Along a line a unit pays the line's cost instead of the hex's, even at Night.")
    return HelpPage("terrain", "Terrain (Chart 2)", (RECONSTRUCTED, hexes, features, hexsides, lines))


# --- Chart 2: works and traps ---

def works_page() -> HelpPage:
    rows = [(w.name, str(w.levels), "hex" if w.capacity is None else str(w.capacity), _defence(w.defence),
             str(w.cost), _chance(w.points)) for w in charts.WORKS.values() if not w.trap]
    rows += [(f"Trenches, level {n}", str(n), "hex", _defence(charts.trench_defence(n)),
              str(charts.TRENCH_COST[n]), str(charts.TRENCH_POINTS * n)) for n in sorted(charts.TRENCH_COST)]
    works = Table("Defensive works (R5.B, R19.B.3-4, R10.C)",
                  ("Work", "Levels", "Holds", "Def B/F/A", "Build MP", "Points"), tuple(rows),
                  note=f"A hex holds at most {charts.MAX_WORK_LEVELS} levels of works (R10.C). Holds: units "
                       "sheltered (hex: all). Build MP: engineering cost (R19.B). Points: R24.D.4b. "
                       "Trench costs are for each level from the one below.")
    traps = Table("Traps (R5.B.5, R19.B.5)", ("Trap", "Build MP", "Points"),
                  tuple((w.name, str(w.cost), _chance(w.points)) for w in charts.WORKS.values() if w.trap),
                  note=f"At most {charts.MAX_TRAP_LEVELS} levels of traps in a hex, Concertina Wire included "
                       "(R19.B.5). A move along a transportation line may stop at a Fire or a Trap (R11.C).")
    return HelpPage("works", "Works (Chart 2)", (RECONSTRUCTED, works, traps))


# --- Chart 2: combat effects; the FVT ---

def _effects(effects: tuple[str, ...]) -> str:
    return " + ".join(_name(e) for e in effects) if effects else "-"


def combat_page() -> HelpPage:
    rules = {charts.BARRAGE: "Barrage (R18.D-E)", "covering": "Covering Fire (R20.C.3)",
             charts.ASSAULT: "Assault (R20.C.5-6)", charts.FIGHT: "Fight (R20.D)"}
    most = max(len(c.hits) for c in charts.COMBAT_EFFECTS.values())
    effects = Table("Combat effects (Chart 2)",
                    ("Attack", "Firer", "Owner", "Cap",
                     *(f"{n} hit{'s' * (n > 1)}" for n in range(1, most + 1))),
                    tuple((rules.get(c.attack, c.attack), _amount(c.to_firer), _amount(c.to_owner),
                           f"x{c.cap}",
                           *(_effects(c.hits[i]) if i < len(c.hits) else "-" for i in range(most)))
                          for c in charts.COMBAT_EFFECTS.values()),
                    note="Firer, Owner: the share of the firing side's firepower each side applies to the "
                         "target's units. Cap: the most applied to one unit, times its Defence, "
                         "unless forced.")
    ratings = max(len(v) for v in charts.HEAVY_WEAPONS.values())
    heavy = Table("Heavy Weapons against a Vehicle (R20.C.5, R22.C.5)",
                  ("Vehicle", *(str(n) for n in range(1, ratings + 1))),
                  tuple(({"light": "Def 5 or less", "heavy": "Def 6 or more"}.get(k, k),
                         *(_effects(e) for e in row)) for k, row in charts.HEAVY_WEAPONS.items()),
                  note="Columns: the Heavy Weapons ratings applied to the one Vehicle.")
    fvt = Table("Firepower Variability Table (R18.D.1, R20.C.5, R20.D.2)",
                ("D10", *(str(d) for d in charts.FVT)),
                (("x FP", *(_tenths(m) for m in charts.FVT.values())),),
                note="Each firing unit rolls once; its Hard and Soft firepower are multiplied. Not used "
                     "for Covering Fire; not in Fights and Assaults with Less Random Combat (R25.A.6). "
                     "Reconstructed (FOXHOLE-CHARTS.md section 4).")
    return HelpPage("combat", "Combat (Chart 2, FVT)", (RECONSTRUCTED, effects, heavy, fvt))


# --- Chart 3: weather ---

def _in(scenario: Scenario, kept: Mapping[str, Any], night: bool = False) -> Position:
    """A Position whose weather is `kept` (and a Night Full Turn if `night`), to ask the weather
    rules what they do then."""
    index = next((i for i, t in enumerate(scenario.turns) if t.night == night), 0)
    return Position(scenario, State(turn=index, phase=sequence.TRANSPORT, active="", units={},
                                    values={"weather": cast("Value", dict(kept))}))


def _terms(terms: Iterable[Term]) -> str:
    """Modifiers as a player applies them, additions first (R2.D): "+1 (R8.D.2), x2 (R9.B)"."""
    terms = list(terms)
    said = [f"{'+' if t.add > 0 else ''}{_amount(t.add)} ({t.rule})" for t in terms if t.add]
    doubling = [t for t in terms if t.steps]
    if doubling:  # R2.F: doublings and halvings are netted, two doublings make x3
        rules = ", ".join(dict.fromkeys(t.rule for t in doubling))
        net = sum(t.steps for t in doubling)
        said.append(f"x{_amount(multiple(net))} ({rules}{', R2.F' if len(doubling) > 1 else ''})")
    said += [f"x{_amount(t.times)} ({t.rule})" for t in terms if t.times != 1]
    return ", ".join(said) or "-"


def _bands(bands: Iterable[tuple[int, str]], low: int, top: str) -> list[tuple[str, str]]:
    """Rows "1-3 -> X" from (highest roll, result) bands, the last result `top` for the rest."""
    rows, start = [], low
    for high, result in bands:
        rows.append((f"{start}-{high}" if high > start else f"{high}" if start > low else f"{high} or less",
                     _name(result)))
        start = high + 1
    rows.append((f"{start} or more", _name(top)))
    return rows


def weather_page(scenario: Scenario) -> HelpPage:
    atm_rows = []
    for atm in charts.ATMOSPHERES:
        pos = _in(scenario, {"atmosphere": atm})
        air = ("grounded (R8.C.4)" if atm == weather.STORM else
               f"x{_amount(charts.AIR_SORTIE_LEFT[atm])} FP" if atm in charts.AIR_SORTIE_LEFT else "-")
        atm_rows.append((_name(atm), _terms(weather.movement_terms(pos)),
                         _terms(weather.firepower_terms(pos)), air, f"{charts.MOISTENING[atm]:+d}"))
    night = _in(scenario, {}, night=True)
    atm_rows.append(("Night (R9)", _terms(weather.movement_terms(night)),
                     _terms(weather.firepower_terms(night)), "", ""))
    sky = Table("Atmosphere (R8.C)", ("Weather", "Unit MP", "Unit FP", "Air Sorties", "Moisture"),
                tuple(atm_rows), note="Moisture: the change at the start of the next Full Turn (0-12).")
    ground_rows = []
    for condition in (weather.DRY, weather.WET, weather.FLOODING, weather.FROST, weather.SNOW):
        pos = _in(scenario, {"ground": condition})
        ground_rows.append((_name(condition), _terms(weather.step_terms(pos, False)),
                            _terms(weather.activity_terms(pos)),
                            _terms(weather.activity_terms(pos, works=True))))
    ground_rows.append(("Night (R9)", _terms(weather.step_terms(night, False) + weather.hexside_terms(night)),
                        _terms(weather.activity_terms(night)),
                        _terms(weather.activity_terms(night, works=True))))
    ground = Table("Ground and night (R8.D, R9.B)", ("Ground", "Hex MP", "Activities", "Works"),
                   tuple(ground_rows),
                   note="Moisture " + ", ".join(
                       f"{low}-{high} {_name(g)}" for (low, g), high in zip(
                           charts.GROUND_BANDS,
                           [b[0] - 1 for b in charts.GROUND_BANDS[1:]] + [charts.MAX_MOISTURE]))
                   + "; in cold weather Dry reads as Frost and Wet as Snow. Wet: Foxholes and Scrapes go; "
                     "Flooding also turns Calm Rivers Swift and Fords, Gullies and Streams into Small "
                     "Rivers (R8.D.3). Frost and Snow: a unit that moves is Fatigued (R8.D.4).")
    times = {"night": "Night", "morning": "Morning", "afternoon": "Afternoon"}  # R13
    forecast = Table("Forecast: D10 + modifiers (Chart 3A, R8.B.1)", ("Modifier", "Roll"),
                     tuple([(f"a forecast for {times.get(t, t)}", f"{m:+d}")
                            for t, m in charts.FORECAST_TIME_MODIFIER.items()]
                           + [(f"{_name(p)} weather", f"{m:+d}")
                              for p, m in charts.FORECAST_PREVAILING_MODIFIER.items()]))
    bands = Table("Forecast by the modified roll (Chart 3A)", ("Roll", "Forecast"),
                  tuple(_bands(charts.FORECAST_BANDS, 1, weather.CLEAR)))
    steps = {-1: "one step better", 0: "as forecast", 1: "one step worse"}
    resolution = Table("Resolution: D10 (Chart 3A, R8.B.2)", ("D10", "Weather"),
                       tuple((f"{dice[0]}-{dice[-1]}" if len(dice) > 1 else str(dice[0]),
                              steps.get(s, str(s)))
                             for s in dict.fromkeys(charts.RESOLUTION.values())
                             for dice in [[d for d, v in charts.RESOLUTION.items() if v == s]]),
                       note="Steps run " + ", ".join(_name(a) for a in charts.ATMOSPHERES) + ".")
    wind = Table("Wind and fog (Chart 3B, R25.C.1)", ("D10", "Strength"),
                 tuple(_bands(charts.WIND_BANDS, 1, charts.GALE)),
                 note=f"Strength: +{charts.WIND_STORM_MODIFIER} when a Storm is forecast; a Storm's wind "
                      f"is a Gale. Direction: D10 1-{len(charts.DIRECTIONS)} "
                      + ", ".join(charts.DIRECTIONS) + ", higher unchanged. Fog (Environment rule only), "
                      "in a Calm under Clear or Overcast skies, chance in 10: "
                      + ", ".join(f"{times.get(t, t)} {n}" for t, n in charts.FOG_CHANCE.items()) + ".")
    cfg = scenario.rules.get("weather", {})
    cfg = cfg if isinstance(cfg, Mapping) else {}
    here = (f"This scenario: {_name(str(cfg.get('prevailing', weather.DEFAULT_PREVAILING)))} weather, "
            f"starting moisture {cfg.get('moisture', weather.DEFAULT_MOISTURE)} (R8.A). Each Full Turn the "
            "ground changes with the last turn's weather, the turn two ahead is forecast, and this "
            "turn's weather is resolved from its forecast (R14). The conditions line shows them.")
    return HelpPage("weather", "Weather (Chart 3)",
                    (here, RECONSTRUCTED, sky, ground, forecast, bands, resolution, wind))


# --- Chart 4: the Dawn Briefing ---

def dawn_page() -> HelpPage:
    steps = ("Before each Day's first Full Turn the Defensive, then the Offensive player plans the "
             "Day (R14, R23): the Full Turn each reinforcement arrives (R23.A); the Full Turn of each "
             f"Support ({dawn.SUPPORT_FIREPOWER} Hard and Soft firepower, R23.B) and each Air or Gun "
             "Sortie (R23.C); the Day's Supply Points by Full Turn, some exchanged for Bridging "
             "Implements (R23.D); what the Trains and Ships carry and when they arrive (R16.C-E).")
    names = {"company": "Company", "battery": "Battery", "vehicle": "Vehicle Platoon",
             "supply-5": "5 Supply Points", "railroad-artillery": "Railroad Artillery"}
    cars = Table("Cars each item takes (R16.C.2)", ("Item", "Cars"),
                 tuple((names.get(k) or charts.MARKER_KINDS.get(k, _name(k)), str(n))
                       for k, n in arrivals.CARS.items()),
                 note=f"A Truck carries {arrivals.TRUCK_CARS} cars' worth and no units, and moves up to "
                      f"{arrivals.TRUCK_HEXES} hexes a Transport Phase (R16.D).")
    bridging = Table("Bridging Implements for Supply Points (R23.D)", ("Implement", "Supply Points"),
                     tuple((charts.MARKER_KINDS.get(k, k), str(n))
                           for k, n in arrivals.BRIDGING_PRICES.items()))
    drops = Table("An Air Sortie's drop instead of its Barrage (R16.A.1)", ("Load", "Drops"),
                  tuple((_name(load), " + ".join(f"{n} {charts.MARKER_KINDS.get(k, k)}" for k, n in items))
                        for load, items in dawn.AIRLIFTS.items()))
    return HelpPage("dawn", "Dawn (Chart 4)", (steps, cars, bridging, drops))


# --- Chart 5: the sequence of play ---

#: What happens in each step of Chart 5, in brief (the phase modules hold the rules).
PHASE_WORDS = {
    sequence.TRANSPORT: "Trucks, Trains and Ships move and unload; air drops and landings",
    sequence.SUPPLY_MOVEMENT: "each unit traces supply or moves; Overwatch for units that traced",
    sequence.BARRAGE: "the players take turns barraging a hex until both pass",
    sequence.ACTIVITIES: "units move or do activities: dig, build, remove, bridge, burn",
    sequence.COMBAT: "Ambush Assaults, then Assaults and Fights; Smoke comes off",
    sequence.MOTORIZED: "Motorized units move again, or try to shed a Pin",
    sequence.VEHICLE_ASSAULT: "Vehicles assault",
}


def sequence_page() -> HelpPage:
    rows = [("Set-up", "free set-up only: each side places its units in private", "R3.B"),
            ("Dawn Briefing", "before a Day's first Full Turn: both sides plan the Day (Chart 4)",
             "R14, R23"),
            ("Weather", "ground changes, forecast two turns ahead, this turn resolved (Chart 3)", "R14, R8")]
    rows += [(sequence.NAMES[p].removesuffix(" Phase"), PHASE_WORDS[p], sequence.module(p).RULE)
             for p in sequence.PLAYER_TURN]
    rows.append(("End of player turn", "Pins come off non-Motorized units; the Defensive player's "
                 "Expended markers come off at the end of his turn", "R22.F"))
    table = Table("Sequence of play (Chart 5)", ("Step", "What happens", "Rule"), tuple(rows),
                  note="A Day is Morning, Afternoon and Night Full Turns. Each Full Turn: the Weather, then "
                       "the Offensive player's turn, then the Defensive player's (R13, R2.H.1); at Night "
                       "only the Weather, unless Night player turns are in play (R9). The track in the "
                       "header shows the steps of this Full Turn, the one being played in brackets.")
    return HelpPage("sequence", "Sequence (Chart 5)", (table,))


# --- R24: victory ---

def victory_page(scenario: Scenario) -> HelpPage:
    status = Table("Sector status (R24.A.1) and control points (R24.C)", ("Status", "When", "Points"),
                   (("Secure", "own units in the sector, no enemy unit",
                     str(standing.CONTROL_POINTS[standing.SECURE])),
                    ("Control", "ten own units or more for each enemy unit",
                     str(standing.CONTROL_POINTS[standing.CONTROL])),
                    ("Contest", "own units, not ten fewer than the enemy's",
                     str(standing.CONTROL_POINTS[standing.CONTEST]))),
                   note="Partisans never count (R7.A.14). Losses (R24.A.2): an Eliminated unit counts as "
                        "two Reductions.")
    found = scenario.rules.get("victory", {})
    goals = found.get("goal", []) if isinstance(found, Mapping) else []
    rows = tuple((side_name(scenario, str(g.get("winner", ""))), _name(str(g.get("level", "decisive"))),
                  "at any time" if g.get("when") == victory.ANY else "at the end",
                  "; ".join(victory.describe(t) for t in g.get("tests", [])) or "-")
                 for g in goals if isinstance(g, Mapping))
    blocks: list[str | Table] = [status]
    if rows:
        blocks.append(Table("This scenario's goals, tried in order (R24.B)",
                            ("Winner", "Level", "When", "Needs"), rows))
    otherwise = found.get("otherwise") if isinstance(found, Mapping) else None
    blocks.append(f"Otherwise: {side_name(scenario, str(otherwise))} wins." if otherwise
                  else "Otherwise the game is a draw.")
    return HelpPage("victory", "Victory (R24)", tuple(blocks))


def help_pages(scenario: Scenario) -> list[HelpPage]:
    """The Foxhole charts, in the rulebook's order; the victory page goes on the help's Victory tab."""
    return [terrain_page(), works_page(), combat_page(), weather_page(scenario), dawn_page(), sequence_page(),
            victory_page(scenario)]
