"""Foxhole's situation for the screen: the conditions line (R8, R9, R13), the R15 track and the
charts as help pages (Chart 2-5, the FVT, R24), each from the rules' own tables."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event, Verdict, fold
from tui_wargame.rules.capabilities import Capabilities, Table
from tui_wargame.rules.foxhole import SYSTEM, charts, sequence
from tui_wargame.rules.foxhole.screen_charts import help_pages
from tui_wargame.rules.foxhole.screen_status import conditions, track

SCENARIO = load()


def _weather(**kept: object) -> Event:
    base = {"prevailing": "wet-warm", "moisture": 4, "ground": "dry", "frozen": False, "forecast": {}}
    return Event.of("value_set", key="weather", value={**base, **kept})


def _tables(page_id: str) -> list[Table]:
    page = next(p for p in help_pages(SCENARIO) if p.id == page_id)
    return [b for b in page.blocks if isinstance(b, Table)]


def _rows(table: Table) -> dict[str, tuple[str, ...]]:
    return {row[0]: row[1:] for row in table.rows}


# --- the conditions line ---

def test_r13_r8_c_conditions_give_the_part_of_the_day_the_weather_wind_ground_and_forecasts() -> None:
    state = position(SCENARIO, phase=sequence.BARRAGE, active="allied", turn=1, events=[_weather(
        atmosphere="precipitation", wind="breeze", direction="NE", ground="wet", moisture=6,
        forecast={"1nt": {"atmosphere": "storm", "wind": "gale", "direction": "NE"},
                  "2am": {"atmosphere": "clear", "wind": "calm", "direction": "N"}})])
    assert (conditions(SCENARIO, state)
            == "Day 1 Afternoon: Precipitation, breeze NE; ground Wet 6; then Storm, Clear")


def test_r25_c_1a_r8_d_6_fog_and_frozen_ground_are_said_and_a_calm_has_no_direction() -> None:
    state = position(SCENARIO, phase=sequence.COMBAT, active="axis", turn=0, events=[_weather(
        atmosphere="overcast", wind="calm", direction="S", fog=True, ground="snow", frozen=True, moisture=7,
        prevailing="wet-cold")])
    assert conditions(SCENARIO, state) == "Day 1 Morning: Overcast, fog, calm; ground Snow 7, frozen"


def test_r8_b_1_before_its_weather_step_a_turn_shows_its_forecast_not_last_turns_weather() -> None:
    state = position(SCENARIO, phase=sequence.DAWN, active="axis", turn=3, events=[_weather(
        atmosphere="storm", wind="gale", direction="S",
        forecast={"2am": {"atmosphere": "clear", "wind": "calm", "direction": "N"},
                  "2pm": {"atmosphere": "overcast", "wind": "calm", "direction": "N"}})])
    assert conditions(SCENARIO, state) == "Day 2 Morning: forecast Clear; ground Dry 4; then Overcast"


def test_r3_b_4_the_first_dawn_briefing_comes_before_any_forecast_unless_the_scenario_fixes_it() -> None:
    state = fold(position(SCENARIO, phase=sequence.DAWN, active="axis"), [])
    assert conditions(SCENARIO, state) == "Day 1 Morning: forecast Overcast; ground Dry 4"  # opening.1am
    fixed = load(edit={'[rules.weather.opening.1am]\nforecast = "overcast"':
                       '[rules.weather.opening.1am]\natmosphere = "storm"'})
    assert conditions(fixed, position(fixed, phase=sequence.DAWN, active="axis")).startswith(
        "Day 1 Morning: Storm (scenario); ")
    unfixed = load(edit={'[rules.weather.opening.1am]\nforecast = "overcast"': ""})
    assert conditions(unfixed, position(unfixed, phase=sequence.DAWN, active="axis")) == (
        "Day 1 Morning: weather after the Briefing; ground Dry 4")


# --- the track (Chart 5) ---

def test_r15_the_offensive_players_turn_in_its_phases_then_the_defensive_players_as_one_step() -> None:
    state = position(SCENARIO, phase=sequence.BARRAGE, active="allied", turn=0)
    found = track(SCENARIO, state)
    assert found is not None and found.rule == "R15"
    assert found.steps == ("Dawn", "Weather", "Transport", "Supply", "Barrage", "Activities", "Combat",
                           "Motorized", "V.Assault", "Axis turn")
    assert found.short[-1] == "Ax turn" and found.short[:-1] == found.steps[:-1]  # the short names
    assert found.steps[found.at] == "Barrage" and found.title == "Day 1 Morning, Allies"


def test_r2_h_1_the_defensive_player_turn_comes_second() -> None:
    found = track(SCENARIO, position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="axis", turn=1))
    assert found is not None
    assert found.steps == ("Weather", "Allies turn", "Transport", "Supply", "Barrage", "Activities", "Combat",
                           "Motorized", "V.Assault")  # no Dawn Briefing in the afternoon (R14)
    assert found.at == len(found.steps) - 1


def test_r14_r23_the_dawn_briefing_opens_a_days_first_full_turn_both_player_turns_ahead() -> None:
    found = track(SCENARIO, position(SCENARIO, phase=sequence.DAWN, active="axis", turn=3))
    assert found is not None and found.at == 0
    assert found.steps == ("Dawn", "Weather", "Allies turn", "Axis turn")
    assert found.short == ("Dawn", "Weather", "Al turn", "Ax turn")


def test_r3_b_3c_a_free_set_up_comes_before_the_first_dawn_briefing() -> None:
    found = track(SCENARIO, position(SCENARIO, phase=sequence.SETUP, active="allied"))
    assert found is not None and found.steps[:3] == ("Set-up", "Dawn", "Weather") and found.at == 0


def test_r9_night_player_turns_are_on_the_track_only_when_in_play() -> None:
    night = position(SCENARIO, phase=sequence.COMBAT, active="allied", turn=2, options={"night-turns": "on"})
    found = track(SCENARIO, night)
    assert found is not None and found.steps[0] == "Weather" and found.steps[found.at] == "Combat"
    assert conditions(SCENARIO, night).startswith("Day 1 Night: ")


def test_r24_no_track_once_the_game_is_over() -> None:
    state = position(SCENARIO, phase=sequence.COMBAT, active="allied")
    over = fold(state, [Event.of("game_ended", winner="axis", level="marginal", reason="test")])
    assert isinstance(over.result, Verdict) and track(SCENARIO, over) is None


def test_the_system_offers_conditions_track_and_help_pages_as_capabilities() -> None:
    caps = Capabilities(SYSTEM)
    state = position(SCENARIO, phase=sequence.COMBAT, active="allied")
    assert caps.conditions(SCENARIO, state).startswith("Day 1 Morning: ")
    assert caps.track(SCENARIO, state) == track(SCENARIO, state)
    assert [p.id for p in caps.help_pages(SCENARIO)] == ["terrain", "works", "combat", "weather", "dawn",
                                                          "sequence", "victory"]


# --- the charts as help pages ---

def test_chart_2_every_hex_type_hexside_and_line_has_its_row_from_the_chart() -> None:
    hexes, features, hexsides, lines = _tables("terrain")
    assert [r[0] for r in hexes.rows] == [h.name for h in charts.HEX_TYPES.values()]
    assert _rows(hexes)["Woods"] == ("2", "x2", "2", "1/1/1", "3", "-", "Scrub")  # R11.A.1 D, burns R5.B.12
    assert _rows(hexes)["Deep Sea"][:2] == ("no", "no")  # R11.A.4
    assert _rows(features)["Tall Building"][0] == "3/3/3"
    assert _rows(hexsides)["Bocage"] == ("+2", "+3", "4", "1/2", "")
    assert _rows(hexsides)["Cliff"][:2] == ("no", "no")
    assert _rows(lines)["Path"] == ("1", "1 1/2", "1")  # R8.D.2: +1/2 in Wet


def test_r19_b_works_with_the_trench_levels_and_traps() -> None:
    works, traps = _tables("works")
    assert _rows(works)["Improved Fort"] == ("4", "4", "6/5/4", "12", "16")
    level = 3
    assert _rows(works)[f"Trenches, level {level}"] == (
        str(level), "hex", f"{level}/2/2", str(charts.TRENCH_COST[level]), str(charts.TRENCH_POINTS * level))
    assert [r[0] for r in traps.rows] == ["Concertina Wire", "Tank Traps", "Mines"]


def test_combat_effects_heavy_weapons_and_the_fvt_come_from_the_chart() -> None:
    effects, heavy, fvt = _tables("combat")
    assert _rows(effects)["Fight (R20.D)"] == ("1/2", "1/2", "x3", "Pinned", "Reduced", "Reduced + Pinned")
    assert _rows(effects)["Barrage (R18.D-E)"][-1] == "-"  # two hits at most
    assert _rows(heavy)["Def 6 or more"][0] == "-"
    assert fvt.columns[1:] == tuple(str(d) for d in charts.FVT)
    assert fvt.rows[0][1:] == ("0.5", "0.7", "0.8", "0.9", "1.0", "1.0", "1.1", "1.2", "1.3", "1.5")


def test_chart_3_the_weather_effects_are_asked_of_the_weather_rules() -> None:
    sky, ground, forecast, bands, resolution, wind = _tables("weather")
    assert _rows(sky)["Storm"] == ("x1/2 (R8.C.4)", "x1/2 (R8.C.4)", "grounded (R8.C.4)", "+4")
    assert _rows(sky)["Night (R9)"][1] == "x1/2 (R9.D)"
    assert _rows(ground)["Snow"][2] == "+1 (R8.D.5), x3 (R8.D.2, R8.D.4, R2.F)"  # R2.D, R2.F: x2 twice is x3
    assert _rows(forecast)["a forecast for Night"] == ("-1",)
    assert _rows(bands) == {"1 or less": ("Storm",), "2-3": ("Precipitation",), "4-6": ("Overcast",),
                            "7 or more": ("Clear",)}
    assert _rows(resolution) == {"1-2": ("one step better",), "3-8": ("as forecast",),
                                 "9-10": ("one step worse",)}
    assert "Calm" in _rows(wind)["1-4"]


def test_reconstructed_charts_say_so() -> None:
    for page in help_pages(SCENARIO):
        if page.id in ("terrain", "works", "combat", "weather"):
            assert any(isinstance(b, str) and b.startswith("Reconstructed") for b in page.blocks), page.id


def test_chart_4_and_5_list_the_cars_prices_and_every_phase_with_its_rule() -> None:
    cars, bridging, drops = _tables("dawn")
    assert _rows(cars)["Railroad Artillery"] == ("15",) and _rows(bridging)["Rafts"] == ("5",)
    (table,) = _tables("sequence")
    steps = [r[0] for r in table.rows]
    assert steps[:3] == ["Set-up", "Dawn Briefing", "Weather"] and steps[-1] == "End of player turn"
    assert _rows(table)["Combat"][1] == "R20" and _rows(table)["Vehicle Assault"][1] == "R22"


def test_r24_the_victory_page_gives_statuses_and_the_scenarios_goals() -> None:
    status, goals = _tables("victory")
    assert _rows(status)["Secure"][1] == "7"
    assert [r[:3] for r in goals.rows] == [("Allies", "Decisive", "at the end"),
                                           ("Allies", "Marginal", "at the end")]
    page = next(p for p in help_pages(SCENARIO) if p.id == "victory")
    assert page.blocks[-1] == "Otherwise: Axis wins."


def test_r13_a_turn_named_with_its_part_of_the_day_keeps_its_name() -> None:
    renamed = load(edit={'name = "Day 1 Afternoon"': 'name = "6 June Afternoon"',
                         'name = "Day 1 Morning"': 'name = "H-Hour"'})
    afternoon = position(renamed, phase=sequence.COMBAT, active="allied", turn=1)
    assert conditions(renamed, afternoon).startswith("6 June Afternoon: ")
    morning = position(renamed, phase=sequence.COMBAT, active="allied", turn=0)
    assert conditions(renamed, morning).startswith("Day 1 Morning: ")  # "H-Hour" does not say it
