"""Foxhole R8 (and R3.B.4, R5.B.2-3, R25.C.1a): prevailing weather, moisture and ground, the
forecast and its resolution (Chart 3A), wind and fog (Chart 3B), and what they change."""

from __future__ import annotations

from fractions import Fraction

from tests.rules.foxhole.helpers import FixedDice, load, position
from tui_wargame.dice import Dice
from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import SYSTEM, charts, weather
from tui_wargame.rules.foxhole.arith import Calculation
from tui_wargame.rules.foxhole.position import FATIGUED, Position
from tui_wargame.scenario_file import ScenarioError

SCENARIO = load()
#: Turn indexes of the proving ground's track.
AM1, PM1, NT1, AM2, PM2 = range(5)


def weather_at(turn: int, scenario=SCENARIO, options=None, **changes) -> Position:
    """The proving ground at `turn`'s weather step with the weather value changed as given (this
    and the next turn forecast Clear unless `forecast` says otherwise)."""
    ids = [t.id for t in scenario.turns][turn:turn + 2]
    value = {**weather._initial(scenario), **changes}
    value["forecast"] = {**forecasts(*((i, "clear") for i in ids)), **changes.get("forecast", {})}
    if "ground" not in changes:
        value["ground"] = weather.ground_of(value["prevailing"], value["moisture"])
    state = position(scenario, phase="weather", active="allied", turn=turn, options=options,
                     events=[Event.of("value_set", key="weather", value=value)])
    return Position(scenario, state)


def forecasts(*entries: tuple[str, str]) -> dict:
    return {turn_id: {"atmosphere": atm, "wind": "calm", "direction": "N"} for turn_id, atm in entries}


def after(pos: Position, faces: list[int]) -> tuple[Position, list[Event]]:
    dice = FixedDice(faces)
    events = weather.full_turn(pos, dice)
    assert not dice.faces, "a die was not used"
    return pos.at(fold(pos.state, events)), events


def reports(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


# --- R8.A, R24.C: the set-up ---

def test_r08_a_setup_records_the_prevailing_weather_and_ground_without_dice():
    events = [e for e in SYSTEM.setup(SCENARIO, {}) if e.kind == "value_set" and e["key"] == "weather"]
    assert len(events) == 1
    value = events[0]["value"]
    facts = (value["prevailing"], value["moisture"], value["ground"], value["frozen"])
    assert facts == ("wet-warm", 4, "dry", False)


def test_r08_a_a_scenario_without_weather_is_dry_warm_at_moisture_1():
    bare = load(edit={'[rules.weather]\nprevailing = "wet-warm"\nmoisture = 4\narctic = "winter"\n': "",
                      '[rules.weather.opening.1am]\nforecast = "overcast"\n': ""})
    assert weather._initial(bare)["prevailing"] == "dry-warm" and weather._initial(bare)["moisture"] == 1
    assert SYSTEM.check_scenario(bare) == []


def test_r08_a_3_spring_thaw_starts_and_stays_at_12_flooding():
    thaw = load(edit={'prevailing = "wet-warm"': 'prevailing = "spring-thaw"'})
    assert weather._initial(thaw)["moisture"] == 12
    pos = weather_at(PM1, thaw, atmosphere="clear")
    here, _ = after(pos, [5, 1, 1, 5])
    assert weather.ground(here) == "flooding" and here.state.values["weather"]["moisture"] == 12


# --- R8.A, R8.C: moisture and ground ---

def test_r08_c_last_turns_weather_changes_the_moisture_at_the_next_full_turn():
    for atm, moisture, ground in (("clear", 3, "dry"), ("overcast", 4, "dry"), ("precipitation", 6, "wet"),
                                  ("storm", 8, "wet")):
        pos = weather_at(PM1, atmosphere=atm)
        here, events = after(pos, [5, 1, 1, 5])
        assert here.state.values["weather"]["moisture"] == moisture, atm
        assert weather.ground(here) == ground
        assert reports(events, "weather_ground")[0]["moisture"] == [4, moisture]


def test_r08_c_moisture_stays_between_0_and_12():
    assert weather.moistened("wet-warm", 10, "storm") == 12
    assert weather.moistened("dry-warm", 0, "clear") == 0


def test_r08_d_moisture_bands_dry_wet_flooding():
    assert [weather.ground_of("mixed-warm", m) for m in (0, 4, 5, 8, 9, 12)] == [
        "dry", "dry", "wet", "wet", "flooding", "flooding"]


def test_r08_a_1_desert_skips_moisture_5_to_8():
    assert weather.moistened("desert", 4, "precipitation") == 12
    assert weather.moistened("desert", 3, "precipitation") == 12
    assert weather.moistened("desert", 2, "precipitation") == 4
    assert weather.moistened("desert", 12, "clear") == 4


def test_r08_a_cold_ground_never_changes():
    pos = weather_at(PM1, prevailing="wet-cold", moisture=3, atmosphere="storm")
    assert weather.ground(pos) == "frost"
    here, _ = after(pos, [5, 1, 1, 5])
    assert weather.ground(here) == "frost" and here.state.values["weather"]["moisture"] == 3
    assert weather.ground_of("dry-cold", 8) == "snow"


def test_r08_a_2_snow_approaching_turns_to_snow_at_its_first_storm_and_stays():
    pos = weather_at(PM1, prevailing="snow-approaching", atmosphere="overcast")
    here, _ = after(pos, [5, 1, 1, 5])
    assert weather.ground(here) == "frost"
    pos = weather_at(PM1, prevailing="snow-approaching", atmosphere="storm")
    here, _ = after(pos, [5, 1, 1, 5])
    assert weather.ground(here) == "snow"
    pos = weather_at(NT1, prevailing="snow-approaching", ground="snow", atmosphere="clear",
                     forecast=forecasts(("1nt", "clear")))
    here, _ = after(pos, [5, 1, 1, 5])
    assert weather.ground(here) == "snow"


def test_r05_b_2_foxholes_and_scrapes_go_after_a_full_turn_of_wet_ground():
    pos = weather_at(PM1, moisture=6, atmosphere="clear")
    here, events = after(pos, [5, 1, 1, 5])
    removed = {(e["place"], e["marker"]) for e in events if e.kind == "marker_removed"}
    assert removed == {("B-0304", "foxholes"), ("B-0605", "scrapes")}
    dry = weather_at(PM1, moisture=3, atmosphere="clear")
    assert not [e for e in after(dry, [5, 1, 1, 5])[1] if e.kind == "marker_removed"]


# --- R8.B, R3.B.4: forecast and resolution ---

def test_r08_b_1_forecast_two_full_turns_ahead_with_the_time_and_prevailing_modifiers():
    pos = weather_at(PM1, atmosphere="clear", forecast=forecasts(("1pm", "overcast"), ("1nt", "clear")))
    # forecast for Day 2 Morning (+0, wet-warm +0): die 3 -> 3, Precipitation; wind 3 calm; direction 2 NE
    here, events = after(pos, [3, 3, 2, 5])
    made = reports(events, "weather_forecast")
    assert [e["turn"] for e in made] == ["2am"]
    assert (made[0]["atmosphere"], made[0]["wind"], made[0]["direction"]) == ("precipitation", "calm", "NE")
    assert weather.forecast_for(here, "2am") == "precipitation"
    assert weather.forecast_for(here, "1nt") == "clear"
    assert weather.forecast_for(here, "1pm") is None  # resolved, no longer a forecast


def test_r13_a_3_a_morning_forecast_for_the_night_is_at_minus_1():
    pos = weather_at(AM2 - 3, atmosphere="clear", forecast=forecasts(("1am", "clear"), ("1pm", "clear")))
    # turn 0 forecasts for Day 1 Night: die 7 -1 night +0 wet-warm = 6: Overcast
    _, events = after(pos, [7, 1, 1, 5])
    assert reports(events, "weather_forecast")[0]["atmosphere"] == "overcast"
    assert charts.forecast_atmosphere(1) == "storm" and charts.forecast_atmosphere(7) == "clear"


def test_r08_b_2_resolution_keeps_betters_or_worsens_the_forecast_by_one_step():
    for forecast, die, atm in (("overcast", 5, "overcast"), ("overcast", 1, "clear"),
                               ("overcast", 10, "precipitation"), ("clear", 2, "clear"),
                               ("storm", 9, "storm")):
        pos = weather_at(PM1, atmosphere="clear", forecast=forecasts(("1pm", forecast), ("1nt", "clear")))
        here, events = after(pos, [5, 1, 1, die])
        assert weather.atmosphere(here) == atm, (forecast, die)
        assert reports(events, "weather")[0]["rolls"]["resolution"] == die


def test_r03_b_4_the_first_full_turn_forecasts_its_own_and_the_next_turn_as_if_made_earlier():
    state = position(SCENARIO, phase="weather", active="allied", turn=AM1)
    # 1am's forecast is fixed (overcast): wind 9 gale, direction 1 N; 1pm: die 4 +1 +0 = 5 Overcast,
    # wind 1, direction 7 (as before: N); 1nt: die 1 -1 +0: Storm, wind 3+2 breeze, direction 4 S;
    # resolution of 1am: die 5, as forecast.
    here, events = after(Position(SCENARIO, state), [9, 1, 4, 1, 7, 1, 3, 4, 5])
    made = {e["turn"]: e for e in reports(events, "weather_forecast")}
    assert list(made) == ["1am", "1pm", "1nt"]
    assert made["1am"]["rolls"] == {"wind": 9, "direction": 1}
    assert (made["1pm"]["atmosphere"], made["1pm"]["direction"]) == ("overcast", "N")
    night = made["1nt"]
    assert (night["atmosphere"], night["wind"], night["direction"]) == ("storm", "breeze", "S")
    assert weather.atmosphere(here) == "overcast" and weather.wind(here) == ("gale", "N")
    assert not reports(events, "weather_ground")


def test_r03_b_4_a_scenario_may_fix_the_opening_weather_itself():
    fixed = load(edit={'forecast = "overcast"':
                       'atmosphere = "storm"\nwind = "calm"\ndirection = "S"\nfog = false'})
    here, events = after(Position(fixed, position(fixed, phase="weather", active="allied", turn=AM1)),
                         [6, 1, 7, 1, 3, 4])
    assert weather.atmosphere(here) == "storm" and weather.wind(here) == ("calm", "S")
    assert reports(events, "weather")[0]["rolls"] == {}


# --- R8.C: the atmosphere's effects ---

def test_r08_c_3_4_precipitation_takes_1_and_storm_halves_firepower_and_movement():
    pos = weather_at(PM1, atmosphere="precipitation")
    assert Calculation(Fraction(4), tuple(weather.firepower_terms(pos))).value == 3
    assert Calculation(Fraction(4), tuple(weather.movement_terms(pos))).value == 3
    pos = weather_at(PM1, atmosphere="storm")
    assert Calculation(Fraction(4), tuple(weather.firepower_terms(pos))).value == 2
    assert Calculation(Fraction(5), tuple(weather.movement_terms(pos))).value == Fraction(5, 2)
    assert weather.firepower_terms(weather_at(PM1, atmosphere="overcast")) == []


def test_r08_c_2_3_overcast_and_precipitation_cut_air_sorties_by_a_third_and_two_thirds():
    for atm, left in (("overcast", Fraction(40, 3)), ("precipitation", Fraction(20, 3))):
        terms = weather.air_sortie_terms(weather_at(PM1, atmosphere=atm))
        assert Calculation(Fraction(20), tuple(terms)).value == left


def test_r08_c_4_a_storm_grounds_the_air_sorties_of_its_full_turn():
    pos = weather_at(AM1, atmosphere="clear", forecast=forecasts(("1am", "storm"), ("1pm", "clear")))
    here, _ = after(pos, [5, 1, 1, 5])
    assert weather.atmosphere(here) == "storm" and weather.air_grounded(here)
    assert not weather.air_grounded(weather_at(PM1, atmosphere="precipitation"))


# --- R8.D: the ground's effects ---

def test_r08_d_2_wet_ground_adds_to_hexes_roads_and_doubles_activities():
    pos = weather_at(PM1, moisture=6)
    assert Calculation(Fraction(2), tuple(weather.step_terms(pos, along_line=False))).value == 3
    assert weather.step_terms(pos, along_line=True) == []
    assert weather.line_mp(pos, "road") == 1 and weather.line_mp(pos, "path") == Fraction(3, 2)
    assert weather.line_mp(weather_at(PM1), "road") == Fraction(1, 2)
    assert weather.activity_factor(pos) == 2 and weather.activity_factor(weather_at(PM1)) == 1


def test_r08_d_3_flooding_makes_calm_rivers_swift_and_fords_streams_gullies_small_rivers():
    pos = weather_at(PM1, moisture=10)
    assert weather.effective_hex_type(pos, "B-0204").id == "swift-river"
    assert [h.id for h in weather.effective_hexsides(pos, "A-0401", "B-0307")] == ["small-river"]
    assert [h.id for h in weather.effective_hexsides(pos, "A-0602", "A-0702")] == ["embankment"]
    assert weather.wet(pos)
    wet = weather_at(PM1, moisture=6)
    assert weather.effective_hex_type(wet, "B-0204").id == "calm-river"
    assert [h.id for h in weather.effective_hexsides(wet, "A-0401", "B-0307")] == ["stream"]


def test_r08_d_3_flooding_is_ignored_in_cold_weather():
    pos = weather_at(PM1, prevailing="wet-cold", moisture=12)
    assert weather.ground(pos) == "snow"
    assert weather.effective_hex_type(pos, "B-0204").id == "calm-river"


def test_r08_d_4_frost_fatigues_units_that_moved_and_doubles_works():
    pos = weather_at(PM1, prevailing="dry-cold", moisture=2)
    assert weather.frost_fatigue(pos, "A1") == [Event.of("unit_flagged", unit="A1", flag=FATIGUED)]
    tired = pos.at(fold(pos.state, [Event.of("unit_flagged", unit="A1", flag=FATIGUED)]))
    assert weather.frost_fatigue(tired, "A1") == []
    assert weather.frost_fatigue(weather_at(PM1), "A1") == []
    assert weather.activity_factor(pos, works=True) == 2 and weather.activity_factor(pos) == 1
    assert weather.step_terms(pos, along_line=False) == []


def test_r08_d_5_snow_is_wet_and_frost_and_adds_one_to_every_hex_and_activity():
    pos = weather_at(PM1, prevailing="wet-cold", moisture=6)
    assert weather.ground(pos) == "snow" and weather.wet(pos)
    assert Calculation(Fraction(1), tuple(weather.step_terms(pos, along_line=False))).value == 3
    assert weather.line_mp(pos, "road") == 1
    # works: (6 + 1) doubled for Wet and for Snow's Frost, which R2.F makes a tripling
    assert Calculation(Fraction(6), tuple(weather.activity_terms(pos, works=True))).value == 21
    assert Calculation(Fraction(6), tuple(weather.activity_terms(pos))).value == 14
    assert weather.frost_fatigue(pos, "A1") != []


def test_r08_d_6_frozen_water_is_clear_swamp_scrub_and_water_hexsides_vanish():
    pos = weather_at(PM1, prevailing="dry-cold", moisture=2, frozen=True)
    assert weather.frozen(pos)
    assert weather.effective_hex_type(pos, "B-0204").id == "clear"
    assert weather.effective_hex_type(pos, "A-0405").id == "clear"
    assert weather.effective_hex_type(pos, "A-0205").id == "scrub"
    assert weather.effective_hexsides(pos, "A-0401", "B-0307") == []
    assert [h.id for h in weather.effective_hexsides(pos, "B-0803", "B-0704")] == ["cliff"]
    assert not weather.frozen(weather_at(PM1, frozen=True))


# --- R25.C.1a: wind and fog (Chart 3B) ---

def test_r25_c_1a_a_storm_forecast_strengthens_the_wind_and_a_storm_blows_a_gale():
    pos = weather_at(PM1, atmosphere="clear",
                     forecast={"1pm": {"atmosphere": "precipitation", "wind": "calm", "direction": "S"},
                               "1nt": {"atmosphere": "clear", "wind": "calm", "direction": "S"}})
    # 2am: die 1 -> storm; wind 7 +2 = 9 gale; resolution die 10: one worse, Storm
    here, events = after(pos, [1, 7, 8, 10])
    assert reports(events, "weather_forecast")[0]["wind"] == "gale"
    assert weather.atmosphere(here) == "storm" and weather.wind(here) == ("gale", "S")


def test_r25_c_1a_fog_is_confirmed_when_the_weather_arrives_in_a_calm_with_the_option():
    forecast = forecasts(("1am", "clear"), ("1pm", "clear"))
    pos = weather_at(AM1, options={"environment": "on"}, forecast=forecast)
    here, events = after(pos, [5, 1, 1, 5, 4])  # morning fog: 4 in 10
    assert weather.fog(here) and reports(events, "weather")[0]["rolls"]["fog"] == 4
    here, _ = after(pos, [5, 1, 1, 5, 5])
    assert not weather.fog(here)
    here, _ = after(weather_at(AM1, forecast=forecast), [5, 1, 1, 5])  # no option, no fog die
    assert not weather.fog(here)


# --- the scenario's weather table and the words ---

def problems_of(edit: dict[str, str]) -> list[str]:
    try:
        load(edit=edit)
    except ScenarioError as exc:
        return exc.problems
    return []


def test_r08_a_check_names_the_table_and_key_of_each_bad_value():
    problems = problems_of(edit={'prevailing = "wet-warm"\nmoisture = 4\narctic = "winter"':
                     'prevailing = "monsoon"\nmoisture = 13\narctic = "spring"\nfrozen = "yes"\nrain = 1',
                     'forecast = "overcast"': 'forecast = "hail"\nsnow = true\n[rules.weather.opening.9xx]'})
    for where in ("rules.weather.prevailing", "rules.weather.moisture", "rules.weather.arctic",
                  "rules.weather.frozen", "rules.weather.rain", "rules.weather.opening.1am.forecast",
                  "rules.weather.opening.1am.snow", "rules.weather.opening.9xx"):
        assert any(p.startswith(where + ":") for p in problems), where
    assert SYSTEM.check_scenario(SCENARIO) == []


def test_r08_a_1_r08_d_6_check_desert_moisture_and_frozen_warm_ground():
    problems = problems_of({'prevailing = "wet-warm"\nmoisture = 4':
                            'prevailing = "desert"\nmoisture = 6\nfrozen = true'})
    assert any("R8.A.1" in p for p in problems) and any("R8.D.6" in p for p in problems)


def test_r08_b_the_reports_read_as_sentences_citing_the_rules():
    pos = weather_at(PM1, atmosphere="precipitation", forecast=forecasts(("1pm", "overcast")))
    here, events = after(pos, [3, 3, 2, 10])
    words = [SYSTEM.describe(SCENARIO, here.state, e) for e in events if e.kind in weather.WORDS]
    assert words[0] == "Ground after Precipitation weather: moisture 4 to 6, dry to wet (R8.C, R8.A)."
    assert words[1].startswith("Forecast for Day 2 Morning: Precipitation, die 3, +0 for a morning turn")
    assert words[2].startswith("Weather for Day 1 Afternoon: Precipitation (forecast Overcast, "
                               "resolution die 10: one step worse, R8.B.2)")


def test_r25_c_1a_fog_fixed_by_the_scenario_only_with_the_environment_rule():
    foggy = load(edit={'forecast = "overcast"': 'forecast = "overcast"\nfog = true'})
    faces = [9, 1, 4, 1, 7, 1, 3, 4, 5]  # as the first Full Turn above: no fog die either way
    here, _ = after(Position(foggy, position(foggy, phase="weather", active="allied", turn=AM1)), faces)
    assert not weather.fog(here)
    here, _ = after(Position(foggy, position(foggy, phase="weather", active="allied", turn=AM1,
                                             options={"environment": "on"})), faces)
    assert weather.fog(here)


def test_r25_c_1_a_direction_die_of_7_to_10_keeps_the_latest_forecasts_direction():
    pos = weather_at(PM1, atmosphere="clear",
                     forecast={"1pm": {"atmosphere": "clear", "wind": "calm", "direction": "N"},
                               "1nt": {"atmosphere": "clear", "wind": "calm", "direction": "SW"}})
    _, events = after(pos, [5, 1, 8, 5])
    assert reports(events, "weather_forecast")[0]["direction"] == "SW"


def test_r08_a_d_every_prevailing_weather_keeps_moisture_and_ground_consistent_over_a_game():
    for prevailing in charts.PREVAILING:
        start = {"desert": 4, "spring-thaw": 12}.get(prevailing, 6)
        state = weather_at(AM1, prevailing=prevailing, moisture=start, forecast={}).state
        for seed in range(3):
            here = Position(SCENARIO, state)
            for turn in range(len(SCENARIO.turns)):
                here = here.at(here.state.replace(turn=turn))
                here = here.at(fold(here.state, weather.full_turn(here, Dice(seed, turn))))
                w = here.state.values["weather"]
                assert w["atmosphere"] in charts.ATMOSPHERES and 0 <= w["moisture"] <= 12
                if prevailing == "desert":
                    assert w["moisture"] in charts.DESERT_SCALE
                if prevailing == "snow-approaching":
                    assert w["ground"] in ("frost", "snow")
                else:
                    assert w["ground"] == weather.ground_of(prevailing, w["moisture"]), (prevailing, w)
                if weather.fixed_ground(prevailing):
                    assert w["moisture"] == start
