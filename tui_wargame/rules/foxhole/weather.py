"""Foxhole R8-R9: weather and night (and R3.B.4's opening weather, R25.C.1a fog and wind, R25.C.3
the Arctic).

The weather is one State value, `weather` (a table): `prevailing` (R8.A), `moisture` (0-12),
`ground` (dry, wet, flooding, frost, snow: R8.D), `frozen` (R8.D.6), `atmosphere` (clear,
overcast, precipitation, storm: R8.C, this Full Turn's), `wind` and `direction` (Chart 3B),
`fog` (R25.C.1a) and `forecast` (turn id -> the forecast made for it: atmosphere, wind,
direction). The scenario's
`[rules.weather]` gives the first four and may fix the opening turns' weather (R3.B.4).

The queries below are what every other rule asks; `full_turn` changes the weather (R14). Chart 3's
numbers are data in `charts` (a reconstruction: docs/rules/foxhole.md, R8).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, Scenario
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole.arith import HALF, Term, d10, multiple
from tui_wargame.rules.foxhole.position import EXHAUSTED, FATIGUED, Position

DRY, WET, FLOODING, FROST, SNOW = "dry", "wet", "flooding", "frost", "snow"
CLEAR, OVERCAST, PRECIPITATION, STORM = charts.ATMOSPHERES
DESERT, SNOW_APPROACHING, SPRING_THAW = "desert", "snow-approaching", "spring-thaw"
SUMMER, WINTER = "summer", "winter"
#: R9.A: a unit that did something this Night Full Turn (cleared when the next Full Turn begins).
NIGHT_ACTED = "weather:night-acted"
#: R8.A: the weather when a scenario names none (R24.C's calm above freezing).
DEFAULT_PREVAILING, DEFAULT_MOISTURE = "dry-warm", 1

OPENING_KEYS = ("forecast", "atmosphere", "wind", "direction", "fog")
CONFIG_KEYS = ("prevailing", "moisture", "frozen", "arctic", "opening")


def _weather(pos: Position) -> Mapping[str, Any]:
    found: object = pos.state.values.get("weather", {})
    return found if isinstance(found, Mapping) else {}


def _config(scenario: Scenario) -> Mapping[str, Any]:
    found = scenario.rules.get("weather", {})
    return found if isinstance(found, Mapping) else {}


# --- R8: the queries ---

def ground(pos: Position) -> str:
    """R8.D: the ground conditions now."""
    return str(_weather(pos).get("ground", DRY))


def wet(pos: Position) -> bool:
    """R8.D.2-3, R8.D.5: Wet ground (Flooding counts as Wet; Snow is cold Wet ground, so it has
    Wet's effects as well as Frost's and its own)."""
    return ground(pos) in (WET, FLOODING, SNOW)


def frosty(pos: Position) -> bool:
    """R8.D.4-5: Frost or Snow (Snow is "as Frost" and more)."""
    return ground(pos) in (FROST, SNOW)


def frozen(pos: Position) -> bool:
    """R8.D.6: Frozen ground (only ever in Frost or Snow)."""
    return bool(_weather(pos).get("frozen", False)) and frosty(pos)


def atmosphere(pos: Position) -> str:
    """R8.C: the atmospheric conditions of this Full Turn."""
    return str(_weather(pos).get("atmosphere", CLEAR))


def fog(pos: Position) -> bool:
    """R25.C.1a: fog this Full Turn (counts as endless Smoke in every hex)."""
    return bool(_weather(pos).get("fog", False))


def wind(pos: Position) -> tuple[str, str]:
    """Chart 3B (R25.C.1, R16.A.2a): this Full Turn's wind strength (calm, breeze, gale) and the
    Cardinal Direction (R2.I) it blows toward."""
    w = _weather(pos)
    return str(w.get("wind", charts.CALM)), str(w.get("direction", charts.DIRECTIONS[0]))


def forecast_for(pos: Position, turn_id: str) -> str | None:
    """R8.B.1: the atmosphere forecast for a coming Full Turn (what the Dawn Briefing plans by),
    None if none is made yet."""
    made = _weather(pos).get("forecast", {}).get(turn_id)
    return str(made["atmosphere"]) if made is not None else None


def air_grounded(pos: Position) -> bool:
    """R8.C.4: a Storm grounds the Air Sorties of this Full Turn; they are lost for the Day, not put
    off to a later turn (the Dawn Briefing gave each Sortie its one time of day, R23.C)."""
    return atmosphere(pos) == STORM


def air_sortie_terms(pos: Position) -> list[Term]:
    """R8.C.2-3: Overcast takes a third off an Air Sortie's firepower, Precipitation two thirds."""
    left = charts.AIR_SORTIE_LEFT.get(atmosphere(pos))
    if left is None:
        return []
    rule = "R8.C.2" if atmosphere(pos) == OVERCAST else "R8.C.3"
    return [Term(atmosphere(pos), rule, times=left)]


def effective_hex_type(pos: Position, label: str) -> charts.HexType:
    """The hex's chart row as the ground makes it: Frozen water and Flooded Area count as Clear
    and Swamp as Scrub (R8.D.6); Flooding turns a Calm River Swift (R8.D.3)."""
    here = pos.hex_type(label)
    if frozen(pos):
        if here.water or here.id == "flooded":
            return charts.HEX_TYPES["clear"]
        if here.id == "swamp":
            return charts.HEX_TYPES["scrub"]
    elif ground(pos) == FLOODING and here.id == "calm-river":
        return charts.HEX_TYPES["swift-river"]
    return here


FLOODS_TO_SMALL_RIVER = frozenset({"ford", "gully", "stream"})


def effective_hexsides(pos: Position, a: str, b: str) -> list[charts.HexsideType]:
    """The hexside features between two hexes as the ground makes them: Frozen water hexsides are
    not there (R8.D.6); Flooding makes a Ford, Gully or Stream a Small River (R8.D.3)."""
    found = pos.hexside_types(a, b)
    if frozen(pos):
        return [h for h in found if not h.water]
    if ground(pos) == FLOODING:
        return [charts.HEXSIDE_TYPES["small-river"] if h.id in FLOODS_TO_SMALL_RIVER else h for h in found]
    return found


def line_mp(pos: Position, line: str) -> Fraction:
    """R8.D.2: a transportation line's cost per hex, the Wet cost on Wet ground."""
    row = charts.LINES[line]
    return row.wet_mp if wet(pos) else row.mp


# --- R8.C, R9.B, R9.D: modifiers ---

def firepower_terms(pos: Position) -> list[Term]:
    """R8.C.3-4, R9.D: what the weather and the night do to every unit's firepower now."""
    terms = []
    if atmosphere(pos) == PRECIPITATION:
        terms.append(Term("precipitation", "R8.C.3", add=-1))
    if atmosphere(pos) == STORM:
        terms.append(Term("storm", "R8.C.4", steps=HALF))
    if dark(pos):
        terms.append(Term("night", "R9.D", steps=HALF))
    return terms


def movement_terms(pos: Position) -> list[Term]:
    """R8.C.3-4: what the weather does to every unit's movement points now."""
    terms = []
    if atmosphere(pos) == PRECIPITATION:
        terms.append(Term("precipitation", "R8.C.3", add=-1))
    if atmosphere(pos) == STORM:
        terms.append(Term("storm", "R8.C.4", steps=HALF))
    return terms


def step_terms(pos: Position, along_line: bool) -> list[Term]:
    """What the ground and the night do to the cost of entering a hex by its terrain: Wet +1
    (R8.D.2), Snow +1 (R8.D.5), doubled at Night (R9.B). Along a transportation line the line's
    cost (`line_mp`) is paid instead, and the night does not double it (R9.B)."""
    if along_line:
        return []
    terms = []
    if wet(pos):
        terms.append(Term("wet ground", "R8.D.2", add=1))
    if ground(pos) == SNOW:
        terms.append(Term("snow", "R8.D.5", add=1))
    if dark(pos):
        terms.append(Term("night", "R9.B", steps=1))
    return terms


def hexside_terms(pos: Position) -> list[Term]:
    """R9.B: at Night each hexside feature crossed costs one more MP (add once per feature)."""
    return [Term("night", "R9.B", add=1)] if dark(pos) else []


def activity_terms(pos: Position, works: bool = False) -> list[Term]:
    """What the ground and the night do to an activity's MP cost: Wet doubles every activity
    (R8.D.2); Frost and Snow double Defensive Works and Fortifications (`works`, R19.B.3-4;
    R8.D.4-5); Snow adds 1 (R8.D.5); Night adds 1 (R9.B)."""
    terms = []
    if wet(pos):
        terms.append(Term("wet ground", "R8.D.2", steps=1))
    if works and frosty(pos):
        terms.append(Term(ground(pos), "R8.D.4", steps=1))
    if ground(pos) == SNOW:
        terms.append(Term("snow", "R8.D.5", add=1))
    if dark(pos):
        terms.append(Term("night", "R9.B", add=1))
    return terms


def activity_factor(pos: Position, works: bool = False) -> Fraction:
    """The multiple the ground puts on an activity's cost (R8.D.2, R8.D.4; R2.F for both)."""
    return multiple(sum(t.steps for t in activity_terms(pos, works)))


# --- R9: night (and R25.C.3's Arctic light) ---

def arctic_season(pos: Position) -> str:
    """R25.C.3: "summer" or "winter" when the Arctic rule is in play and the scenario names one."""
    return str(_config(pos.scenario).get("arctic", "")) if pos.option("arctic") else ""


def night_turn(pos: Position) -> bool:
    """A Night Turn for every rule but Fatigue: a Night, and in an Arctic winter a Morning too
    (R25.C.3). The drop and landing tables' Night modifiers read it (R16.A.2a, R16.B.2a, R16.B.2c);
    an Arctic summer lifts only the night's movement, combat and disengage effects (`dark`)."""
    return pos.night or (arctic_season(pos) == WINTER and pos.turn.time == "morning")


def dark(pos: Position) -> bool:
    """Whether the night's effects on movement, combat and disengaging (R9.B-D) apply now: at
    Night; never in an Arctic summer; in an Arctic winter on Morning turns too (R25.C.3)."""
    return arctic_season(pos) != SUMMER and night_turn(pos)


def adjacent_doubling(pos: Position) -> bool:
    """R9.B: an activity next to an enemy costs double (R19.B.1), except in the dark."""
    return not dark(pos)


def disengage(pos: Position) -> bool:
    """R9.C: in the dark, a unit next to an enemy need not trace supply and so may move."""
    return dark(pos)


def smoke_works(pos: Position) -> bool:
    """R9.D: Smoke Barrages do nothing in the dark."""
    return not dark(pos)


def tire(pos: Position, uid: str) -> list[Event]:
    """One more Fatigue: a fresh unit becomes Fatigued, a Fatigued one Exhausted (R9.A, R5.B.10)."""
    if pos.has(uid, EXHAUSTED):
        return []
    if pos.has(uid, FATIGUED):
        return [Event.of("unit_flagged", unit=uid, flag=FATIGUED, on=False),
                Event.of("unit_flagged", unit=uid, flag=EXHAUSTED)]
    return [Event.of("unit_flagged", unit=uid, flag=FATIGUED)]


def night_fatigue(pos: Position, uid: str) -> list[Event]:
    """R9.A: a unit about to do anything on a Night turn first tires (once a Night: its first act
    marks it as having acted). The Arctic winter's dark Mornings do not tire (R25.C.3). Phase
    rules call this before a unit acts."""
    if not pos.night or pos.has(uid, NIGHT_ACTED):
        return []
    return [Event.of("unit_flagged", unit=uid, flag=NIGHT_ACTED), *tire(pos, uid)]


def frost_fatigue(pos: Position, uid: str) -> list[Event]:
    """R8.D.4-5: in Frost or Snow a unit that moved in a movement phase is Fatigued when the phase
    ends (movement rules call this then). Unlike R9.A this gives no Exhaustion: an already Fatigued
    or Exhausted unit stays as it is."""
    if not frosty(pos) or pos.has(uid, FATIGUED) or pos.has(uid, EXHAUSTED):
        return []
    return [Event.of("unit_flagged", unit=uid, flag=FATIGUED)]


def _night_rest(pos: Position) -> list[Event]:
    """R9.A, at the end of a Night Full Turn: a unit that did nothing sheds its Fatigue or its
    Exhaustion (Exhaustion goes, it does not become Fatigue); the Night's marks are cleared."""
    events = []
    rested = []
    for uid, u in sorted(pos.state.units.items()):
        if u.has(NIGHT_ACTED):
            events.append(Event.of("unit_flagged", unit=uid, flag=NIGHT_ACTED, on=False))
        elif pos.on_map(uid) and (u.has(EXHAUSTED) or u.has(FATIGUED)):
            shed = EXHAUSTED if u.has(EXHAUSTED) else FATIGUED
            events.append(Event.of("unit_flagged", unit=uid, flag=shed, on=False))
            rested.append(uid)
    return events + ([Event.of("weather_rest", units=rested)] if rested else [])


# --- R8.A, R8.C: the ground ---

def ground_of(prevailing: str, moisture: int) -> str:
    """R8.A, R8.D: the ground a moisture gives (bands 0-4 Dry, 5-8 Wet, 9-12 Flooding, a
    reconstruction); cold weather reads Dry as Frost and Wet or Flooding as Snow (R8.D.3-5); Snow
    Approaching starts in Frost; Spring Thaw floods (R8.A.2-3)."""
    band = [g for low, g in charts.GROUND_BANDS if moisture >= low][-1]
    if prevailing in charts.COLD:
        return FROST if band == DRY else SNOW
    if prevailing == SNOW_APPROACHING:
        return FROST
    return band


def fixed_ground(prevailing: str) -> bool:
    """R8.A: ground that never changes: Frost or Snow prevailing (cold weather, Snow Approaching
    but for its one change) and Spring Thaw's lasting flood."""
    return prevailing in charts.COLD or prevailing in (SNOW_APPROACHING, SPRING_THAW)


def moistened(prevailing: str, moisture: int, atm: str) -> int:
    """R8.C.1-4: the moisture after a Full Turn of `atm`, kept within 0-12; a Desert counts along
    0-4 and 12 only, skipping 5-8 (R8.A.1)."""
    change = charts.MOISTENING[atm]
    if prevailing == DESERT:
        scale = charts.DESERT_SCALE
        at = max(i for i, m in enumerate(scale) if m <= moisture)
        return scale[max(0, min(len(scale) - 1, at + change))]
    return max(0, min(charts.MAX_MOISTURE, moisture + change))


def _change_ground(pos: Position, w: dict[str, Any]) -> list[Event]:
    """R14 step 1 (R8.C): last Full Turn's atmosphere moistens or dries the ground; Snow
    Approaching turns to Snow after its first Storm (R8.A.2). Foxholes and Scrapes do not outlast
    a Full Turn of Wet ground, Snow included (R5.B.2-3). Changes `w`; returns the events."""
    events = [Event.of("marker_removed", place=place, marker=m.kind, id=m.id)
              for place, markers in sorted(pos.state.markers.items()) for m in markers
              if m.kind in ("foxholes", "scrapes") and w.get("ground") in (WET, FLOODING, SNOW)]
    last = str(w.get("atmosphere", CLEAR))
    before = dict(w)
    prevailing = str(w["prevailing"])
    if prevailing == SNOW_APPROACHING and last == STORM:
        w["ground"] = SNOW
    elif not fixed_ground(prevailing):
        w["moisture"] = moistened(prevailing, int(w["moisture"]), last)
        w["ground"] = ground_of(prevailing, int(w["moisture"]))
    events.append(Event.of("weather_ground", after=last, moisture=[before["moisture"], w["moisture"]],
                           ground=[before["ground"], w["ground"]]))
    return events


# --- R8.B, R3.B.4: forecast and resolution (Chart 3A), wind and fog (Chart 3B) ---

def _opening(scenario: Scenario, turn_id: str) -> Mapping[str, Any]:
    found = _config(scenario).get("opening", {})
    entry = found.get(turn_id, {}) if isinstance(found, Mapping) else {}
    return entry if isinstance(entry, Mapping) else {}


def _last_direction(pos: Position, w: Mapping[str, Any]) -> str:
    """Chart 3B's "unchanged": the direction of the latest forecast still held, else of the wind
    blowing now, else North."""
    order = {t.id: i for i, t in enumerate(pos.scenario.turns)}
    made = w.get("forecast", {})
    if made:
        return str(made[max(made, key=lambda turn_id: order.get(turn_id, -1))]["direction"])
    return str(w.get("direction", charts.DIRECTIONS[0]))


def _forecast(pos: Position, target: int, w: dict[str, Any], dice: Dice) -> list[Event]:
    """R8.B.1 (Chart 3A, 3B): the forecast for turn index `target`, two Full Turns ahead, unless
    the scenario fixes it (R3.B.4). Stores it in `w["forecast"]`; returns the report."""
    turn = pos.scenario.turns[target]
    fixed = _opening(pos.scenario, turn.id)
    prevailing = str(w["prevailing"])
    rolls: dict[str, int] = {}
    atm = fixed.get("forecast", fixed.get("atmosphere"))
    if atm is None:
        rolls["atmosphere"] = d10(dice)
        modified = (rolls["atmosphere"] + charts.FORECAST_TIME_MODIFIER[turn.time]
                    + charts.FORECAST_PREVAILING_MODIFIER[prevailing])
        atm = charts.forecast_atmosphere(modified)
    strength = fixed.get("wind")
    if strength is None:
        rolls["wind"] = d10(dice)
        strength = charts.wind_strength(rolls["wind"] + (charts.WIND_STORM_MODIFIER if atm == STORM else 0))
    direction = fixed.get("direction")
    if direction is None:
        rolls["direction"] = d10(dice)
        turned = rolls["direction"] <= len(charts.DIRECTIONS)
        direction = charts.DIRECTIONS[rolls["direction"] - 1] if turned else _last_direction(pos, w)
    w["forecast"] = {**w.get("forecast", {}), turn.id: {"atmosphere": atm, "wind": strength,
                                                        "direction": direction}}
    return [Event.of("weather_forecast", turn=turn.id, atmosphere=atm, wind=strength, direction=direction,
                     rolls=rolls, time=turn.time, prevailing=prevailing)]


def _resolve(pos: Position, w: dict[str, Any], dice: Dice) -> list[Event]:
    """R8.B.2 (Chart 3A): this Full Turn's weather from its forecast, unless the scenario fixes
    it; the wind as forecast, a Storm's a Gale; fog confirmed now, never forecast (R25.C.1a)."""
    turn = pos.turn
    fixed = _opening(pos.scenario, turn.id)
    forecasts = dict(w.get("forecast", {}))
    made = forecasts.pop(turn.id)
    w["forecast"] = forecasts
    rolls: dict[str, int] = {}
    atm = fixed.get("atmosphere")
    if atm is None:
        rolls["resolution"] = d10(dice)
        at = charts.ATMOSPHERES.index(made["atmosphere"]) + charts.RESOLUTION[rolls["resolution"]]
        atm = charts.ATMOSPHERES[max(0, min(len(charts.ATMOSPHERES) - 1, at))]
    w["atmosphere"] = atm
    w["wind"] = charts.GALE if atm == STORM and "wind" not in fixed else made["wind"]
    w["direction"] = made["direction"]
    w["fog"] = _fog(pos, fixed, w, rolls, dice)
    return [Event.of("weather", turn=turn.id, forecast=made["atmosphere"], atmosphere=atm, wind=w["wind"],
                     direction=w["direction"], fog=w["fog"], rolls=rolls, ground=w["ground"],
                     moisture=w["moisture"])]


def _fog(pos: Position, fixed: Mapping[str, Any], w: Mapping[str, Any], rolls: dict[str, int],
         dice: Dice) -> bool:
    """R25.C.1a (Chart 3B): fog only with the `environment` rule, as the scenario fixes it or rolled
    for in a Calm under Clear or Overcast skies (the die goes in `rolls`)."""
    if not pos.option("environment"):
        return False
    if "fog" in fixed:
        return bool(fixed["fog"])
    if w["wind"] != charts.CALM or w["atmosphere"] not in (CLEAR, OVERCAST):
        return False
    rolls["fog"] = d10(dice)
    return rolls["fog"] <= charts.FOG_CHANCE[pos.turn.time]


def full_turn(pos: Position, dice: Dice) -> list[Event]:
    """R14 steps 1-3 (R8, R9: Night turns too): the ground changes with last Full Turn's weather
    (and a Night's idle units rest, R9.A), the forecast two Full Turns ahead, this turn resolved.
    The first Full Turn has no last weather, so no ground change; its own and the next turn's
    forecasts are made "as if earlier" (R3.B.4) before its own forecast (so is any forecast missing
    for this or the next turn)."""
    w = {**_weather(pos)} or _initial(pos.scenario)
    events: list[Event] = []
    t = pos.state.turn
    if t > 0 and pos.scenario.turns[t - 1].night:
        events += _night_rest(pos)
    if "atmosphere" in w:  # there was a last Full Turn's weather
        events += _change_ground(pos, w)
    turns = pos.scenario.turns
    made = w.get("forecast", {})
    targets = [x for x in (t, t + 1) if x < len(turns) and turns[x].id not in made] + [t + 2]
    for target in targets:
        if target < len(turns):
            events += _forecast(pos, target, w, dice)
    events += _resolve(pos, w, dice)
    return [*events, Event.of("value_set", key="weather", value=w)]


# --- the scenario and the set-up ---

def _initial(scenario: Scenario) -> dict[str, Any]:
    """R8.A, R24.C: the weather before the first Full Turn (Spring Thaw is always at 12)."""
    cfg = _config(scenario)
    prevailing = str(cfg.get("prevailing", DEFAULT_PREVAILING))
    moisture = int(cfg.get("moisture", DEFAULT_MOISTURE))
    if prevailing == SPRING_THAW:
        moisture = charts.MAX_MOISTURE
    return {"prevailing": prevailing, "moisture": moisture, "ground": ground_of(prevailing, moisture),
            "frozen": bool(cfg.get("frozen", False)), "forecast": {}}


def setup_events(scenario: Scenario, options: Mapping[str, Any]) -> list[Event]:
    """R8.A: the prevailing weather and the starting ground in the set-up record (no dice: the
    opening forecasts come with the first Full Turn, R3.B.4)."""
    return [Event.of("value_set", key="weather", value=_initial(scenario))]


def check(scenario: Scenario) -> list[str]:
    """`[rules.weather]`: prevailing (R8.A), moisture 0-12 (a Desert's 0-4 or 12), frozen (only in
    cold weather, R8.D.6), arctic season (R25.C.3), and `opening.<turn id>` tables fixing the first
    turns' forecast, atmosphere, wind, direction or fog (R3.B.4)."""
    cfg = scenario.rules.get("weather", {})
    where = "rules.weather"
    if not isinstance(cfg, Mapping):
        return [f"{where}: must be a table ([rules.weather])"]
    problems = [f"{where}.{k}: not a weather key ({', '.join(CONFIG_KEYS)})"
                for k in sorted(set(cfg) - set(CONFIG_KEYS))]
    prevailing = cfg.get("prevailing", DEFAULT_PREVAILING)
    if prevailing not in charts.PREVAILING:
        problems.append(f"{where}.prevailing: {prevailing!r} is not a prevailing weather (R8.A: "
                        f"{', '.join(charts.PREVAILING)})")
    moisture = cfg.get("moisture", DEFAULT_MOISTURE)
    if type(moisture) is not int or not 0 <= moisture <= charts.MAX_MOISTURE:
        problems.append(f"{where}.moisture: ground moisture is a whole number 0-12, not {moisture!r} (R8.C)")
    elif prevailing == DESERT and moisture not in charts.DESERT_SCALE:
        problems.append(f"{where}.moisture: a Desert's ground is 0-4 or 12, not {moisture} (R8.A.1)")
    frozen_ = cfg.get("frozen", False)
    if type(frozen_) is not bool:
        problems.append(f"{where}.frozen: true or false, not {frozen_!r} (R8.D.6)")
    elif frozen_ and prevailing not in (*charts.COLD, SNOW_APPROACHING):
        problems.append(f"{where}.frozen: only Frost or Snow ground freezes, and {prevailing!r} "
                        f"weather has neither (R8.D.6)")
    if cfg.get("arctic", SUMMER) not in (SUMMER, WINTER):
        problems.append(f"{where}.arctic: the Arctic season is \"summer\" or \"winter\", not "
                        f"{cfg.get('arctic')!r} (R25.C.3)")
    return problems + _check_opening(scenario, cfg.get("opening", {}))


def _check_opening(scenario: Scenario, opening: Any) -> list[str]:
    where = "rules.weather.opening"
    if not isinstance(opening, Mapping):
        return [f"{where}: must be a table of turn ids ([rules.weather.opening.<turn id>])"]
    turn_ids = [t.id for t in scenario.turns]
    allowed = {"forecast": charts.ATMOSPHERES, "atmosphere": charts.ATMOSPHERES,
               "wind": (charts.CALM, charts.BREEZE, charts.GALE), "direction": charts.DIRECTIONS,
               "fog": (True, False)}
    problems = []
    for turn_id, entry in opening.items():
        if turn_id not in turn_ids:
            problems.append(f"{where}.{turn_id}: no turn {turn_id!r} on the turn track")
            continue
        if not isinstance(entry, Mapping):
            problems.append(f"{where}.{turn_id}: must be a table ({', '.join(OPENING_KEYS)})")
            continue
        for key, value in entry.items():
            if key not in allowed:
                problems.append(f"{where}.{turn_id}.{key}: not an opening weather key "
                                f"({', '.join(OPENING_KEYS)})")
            elif type(value) is not type(allowed[key][0]) or value not in allowed[key]:
                problems.append(f"{where}.{turn_id}.{key}: {value!r} is not one of "
                                f"{', '.join(str(v).lower() for v in allowed[key])} (R3.B.4, R8.C)")
    return problems


# --- words ---

def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _name(atm: str) -> str:
    return atm.capitalize()


def _turn_name(pos: Position, turn_id: str) -> str:
    return next((t.name for t in pos.scenario.turns if t.id == turn_id), turn_id)


def _forecast_words(pos: Position, e: Event) -> str:
    rolls = e.get("rolls", {})
    how = "fixed by the scenario (R3.B.4)"
    if "atmosphere" in rolls:
        time, prevailing = e["time"], e["prevailing"]
        by_time = charts.FORECAST_TIME_MODIFIER[time]
        by_prevailing = charts.FORECAST_PREVAILING_MODIFIER[prevailing]
        how = (f"die {rolls['atmosphere']}, {by_time:+d} for {_article(time)} {time} turn (R13.A.3), "
               f"{by_prevailing:+d} for {prevailing} weather (Chart 3A)")
    return (f"Forecast for {_turn_name(pos, e['turn'])}: {_name(e['atmosphere'])}, {how}; wind "
            f"{e['wind']} toward {e['direction']} (R8.B.1, Chart 3B).")


def _weather_words(pos: Position, e: Event) -> str:
    rolls = e.get("rolls", {})
    if "resolution" in rolls:
        step = charts.RESOLUTION[rolls["resolution"]]
        how = (f"forecast {_name(e['forecast'])}, resolution die {rolls['resolution']}: "
               + ("as forecast" if step == 0 else "one step better" if step < 0 else "one step worse"))
    else:
        how = "fixed by the scenario (R3.B.4)"
    fog_ = " Fog lies over every hex (R25.C.1a)." if e["fog"] else ""
    return (f"Weather for {_turn_name(pos, e['turn'])}: {_name(e['atmosphere'])} ({how}, R8.B.2); wind "
            f"{e['wind']} toward {e['direction']}; ground {e['ground']} at moisture {e['moisture']} "
            f"(R8.D).{fog_}")


def _ground_words(pos: Position, e: Event) -> str:
    (m0, m1), (g0, g1) = e["moisture"], e["ground"]
    change = f"moisture {m0} to {m1}" if m0 != m1 else f"moisture stays {m1}"
    return (f"Ground after {_name(e['after'])} weather: {change}, {g0} to {g1} (R8.C, R8.A)." if g0 != g1
            else f"Ground after {_name(e['after'])} weather: {change}, still {g1} (R8.C, R8.A).")


def _rest_words(pos: Position, e: Event) -> str:
    names = ", ".join(pos.spec(uid).name for uid in e["units"])
    return f"Rested through the Night, these units shed a Fatigue or Exhaustion marker (R9.A): {names}."


WORDS = {"weather_forecast": _forecast_words, "weather": _weather_words, "weather_ground": _ground_words,
         "weather_rest": _rest_words}
