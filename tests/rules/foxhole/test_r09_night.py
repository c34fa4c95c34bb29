"""Foxhole R9 (and R25.C.3): the Night Full Turn's weather, Fatigue and rest, movement, disengaging
and combat in the dark, and the Arctic's summer twilight and winter dark."""

from __future__ import annotations

from fractions import Fraction

from tests.rules.foxhole.helpers import FixedDice, load, position
from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import SYSTEM, sequence, weather
from tui_wargame.rules.foxhole.arith import Calculation
from tui_wargame.rules.foxhole.position import EXHAUSTED, FATIGUED, Position

SCENARIO = load()
AM1, PM1, NT1, AM2 = range(4)
NIGHT_ACTED = weather.NIGHT_ACTED


def at(turn: int, phase: str = "activities-movement", options=None, flags=None) -> Position:
    return Position(SCENARIO, position(SCENARIO, phase=phase, active="allied", turn=turn, options=options,
                                       flags=flags))


def value(calc_terms, base) -> Fraction:
    return Calculation(Fraction(base), tuple(calc_terms)).value


def test_r09_a_night_full_turn_without_player_turns_is_its_weather_alone():
    pos = at(PM1, phase="vehicle-assault")
    pos = pos.at(fold(pos.state, [Event.of("phase_began", turn=PM1, phase="vehicle-assault", side="axis")]))
    events = sequence.advance(pos, FixedDice([5, 1, 1, 5] + [5] * 20))
    begun = [(e["turn"], e["phase"]) for e in events if e.kind == "phase_began"]
    assert begun[:2] == [(NT1, "weather"), (AM2, "dawn-briefing")]
    assert [e["turn"] for e in events if e.kind == "weather"] == ["1nt"]


def test_r09_a_a_unit_acting_at_night_is_fatigued_first_and_only_once_a_night():
    pos = at(NT1, options={"night-turns": "on"})
    events = weather.night_fatigue(pos, "A1")
    assert events == [Event.of("unit_flagged", unit="A1", flag=NIGHT_ACTED),
                      Event.of("unit_flagged", unit="A1", flag=FATIGUED)]
    assert weather.night_fatigue(pos.at(fold(pos.state, events)), "A1") == []


def test_r09_a_a_fatigued_unit_acting_at_night_becomes_exhausted():
    pos = at(NT1, options={"night-turns": "on"}, flags={"A1": [FATIGUED], "A2": [EXHAUSTED]})
    after = fold(pos.state, weather.night_fatigue(pos, "A1") + weather.night_fatigue(pos, "A2"))
    assert after.units["A1"].has(EXHAUSTED) and not after.units["A1"].has(FATIGUED)
    assert after.units["A2"].has(EXHAUSTED) and after.units["A2"].has(NIGHT_ACTED)


def test_r09_a_acting_by_day_does_not_tire():
    assert weather.night_fatigue(at(PM1), "A1") == []


def test_r09_a_units_that_did_nothing_at_night_shed_one_marker_when_the_next_full_turn_begins():
    pos = at(AM2, phase="weather", flags={"A1": [FATIGUED], "A2": [EXHAUSTED], "AE": [FATIGUED, NIGHT_ACTED]})
    events = weather.full_turn(pos, FixedDice([5, 1, 1, 5, 1, 1, 5, 1, 1, 5]))
    after = fold(pos.state, events)
    assert not after.units["A1"].has(FATIGUED)
    assert not after.units["A2"].has(EXHAUSTED) and not after.units["A2"].has(FATIGUED)
    assert after.units["AE"].has(FATIGUED) and not after.units["AE"].has(NIGHT_ACTED)
    rest = [e for e in events if e.kind == "weather_rest"]
    assert [e["units"] for e in rest] == [["A1", "A2"]]
    words = SYSTEM.describe(SCENARIO, after, rest[0])
    assert words.endswith("(R9.A): Able Company, 1st Bn, Baker Company, 1st Bn.")


def test_r09_a_no_rest_after_a_day_turn():
    pos = at(PM1, phase="weather", flags={"A1": [FATIGUED]})
    after = fold(pos.state, weather.full_turn(pos, FixedDice([5, 1, 1, 5, 1, 1, 5, 1, 1, 5])))
    assert after.units["A1"].has(FATIGUED)


def test_r09_b_night_doubles_terrain_costs_not_lines_and_adds_to_hexsides_and_activities():
    pos = at(NT1)
    assert value(weather.step_terms(pos, along_line=False), 2) == 4
    assert weather.step_terms(pos, along_line=True) == []
    assert value(weather.hexside_terms(pos), 1) == 2
    assert value(weather.activity_terms(pos), 6) == 7
    assert not weather.adjacent_doubling(pos) and weather.adjacent_doubling(at(PM1))
    assert weather.step_terms(at(PM1), along_line=False) == [] and weather.hexside_terms(at(PM1)) == []


def test_r09_c_units_next_to_an_enemy_may_disengage_at_night():
    assert weather.disengage(at(NT1)) and not weather.disengage(at(PM1))


def test_r09_d_night_halves_firepower_and_smoke_does_nothing():
    pos = at(NT1)
    assert value(weather.firepower_terms(pos), 4) == 2
    assert not weather.smoke_works(pos) and weather.smoke_works(at(PM1))


def test_r25_c_3_arctic_summer_ignores_the_nights_movement_combat_and_disengage_but_not_fatigue():
    summer = load(edit={'arctic = "winter"': 'arctic = "summer"'})
    pos = Position(summer, position(summer, phase="combat", active="allied", turn=NT1,
                                    options={"arctic": "on", "night-turns": "on"}))
    assert weather.firepower_terms(pos) == [] and weather.step_terms(pos, along_line=False) == []
    assert not weather.disengage(pos) and weather.smoke_works(pos)
    assert weather.night_fatigue(pos, "A1") != []


def test_r25_c_3_arctic_winter_mornings_are_dark_but_do_not_tire():
    pos = at(AM2, options={"arctic": "on"})
    assert weather.dark(pos) and value(weather.firepower_terms(pos), 4) == 2
    assert weather.night_fatigue(pos, "A1") == []
    assert not weather.dark(at(PM1, options={"arctic": "on"}))
    assert not weather.dark(at(AM2))  # the rule not in play
