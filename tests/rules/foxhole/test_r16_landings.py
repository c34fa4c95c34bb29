"""Foxhole R16.A-B (R7.A.1, R7.A.10, R7.A.13, R7.C.1.a): Air Drops and Amphibious Landings."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import FixedDice, legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, fold
from tui_wargame.rules.foxhole import SYSTEM, landings, transport
from tui_wargame.rules.foxhole.arith import Term
from tui_wargame.rules.foxhole.position import PINNED, Position
from tui_wargame.scenario_file import ScenarioError

SCENARIO = load()
ASHORE = load(edit={"[[rules.drops]]": "[[rules.unused_drops]]"})  # the landings alone
AT_NIGHT = load(edit={"[[rules.drops]]": "[[rules.unused_drops]]", 'target = "A-0506"': 'target = "A-0506"\nturn = "1nt"'})


def _at(scenario=SCENARIO, turn=0, events=(), **kw):
    return position(scenario, phase="transport", active="allied", turn=turn, events=events, **kw)


def _drop(state, faces, target="A-0303", scenario=SCENARIO):
    dice = FixedDice(faces)
    events = landings.drop(Position(scenario, state), "APA", target, dice)
    assert not dice.faces
    return fold(state, events), events


def test_r16_a_2a_a_low_roll_lands_on_target_at_zero_strength():
    state, events = _drop(_at(), [2])
    assert state.units["APA"].location == "A-0303" and state.units["APA"].steps == 1
    assert state.units["APA"].has(landings.ZERO)
    assert "on target" in SYSTEM.describe(SCENARIO, state, events[0])


def test_r16_a_2a_drift_picks_a_hex_of_the_ring_that_far_off():
    state, events = _drop(_at(), [3, 4])  # 3: one hex off; the fourth hex of the ring
    here = state.units["APA"].location
    assert SCENARIO.grid.distance(here, "A-0303") == 1 and events[0]["off"] == 1


def test_r16_a_2a_night_storm_and_fog_push_the_drop_off_the_map():
    weather = Event.of("value_set", key="weather", value={"atmosphere": "storm", "fog": True})
    state = _at(turn=2, events=[weather])  # Night +3, Storm +4, Fog +2: a 1 reads 10, four hexes off
    after, events = _drop(state, [1, 1], target="A-0104")
    assert events[0]["roll"] == 10 and events[0]["off"] == 4
    assert after.units["APA"].location == "eliminated" and events[0]["lost"] == "off the map"


def test_r16_a_2a_friendly_units_in_the_target_steady_the_drop():
    state, events = _drop(_at(at={"A1": "A-0303"}), [7])  # 7 - 5 = 2: on target
    assert events[0]["roll"] == 2 and state.units["APA"].location == "A-0303"


def test_r16_a_2a_a_glider_lands_on_an_airfield_on_target():
    scenario = load(edit={'traits = ["infantry", "parachute"]': 'traits = ["infantry", "air-landing"]'})
    state, events = _drop(_at(scenario), [], target="A-0904", scenario=scenario)
    assert state.units["APA"].location == "A-0904" and events[0]["off"] == 0


def test_r16_a_2b_an_air_dropped_unit_improves_twice_by_spending_mps():
    state, _ = _drop(_at(), [2])
    assert "improve APA" in legal(SCENARIO, state)
    state, events = run(SCENARIO, state, "improve APA", dice=[4])  # D5 2, less 1: 1 MP
    assert not state.units["APA"].has(landings.ZERO) and state.units["APA"].steps == 1
    state, events = run(SCENARIO, state, "improve APA", dice=[10])  # D5 5, less 1: 4 MPs of 4 left
    assert state.units["APA"].steps == 2 and events[0]["cost"] == 4
    assert "improve APA" not in legal(SCENARIO, state)


def test_r16_a_2b_enemies_make_improving_dearer_and_a_failure_is_final():
    state, _ = _drop(_at(at={"X1": "A-0403"}), [2])
    assert landings.improve_cost(Position(SCENARIO, state), "APA", 10) == 4 + 2  # next to an enemy
    state, events = run(SCENARIO, state, "improve APA", dice=[10])
    assert events[0]["ok"] is False and "improve APA" not in legal(SCENARIO, state)
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "improve APA", dice=[1])
    assert err.value.rule == "R16.A.2b"


def test_r16_a_2b_antiaircraft_and_terrain_add_to_the_cost():
    scenario = load(edit={'traits = ["antitank"]': 'traits = ["antitank", "heavy-antiaircraft"]'})
    state, _ = _drop(_at(scenario, at={"XAT": "A-0502"}), [2], scenario=scenario, target="A-0403")
    # D5 1/2 less 1 rounds to 0; Woods +1 against Barrages; Heavy AA three hexes away +1
    assert landings.improve_cost(Position(scenario, state), "APA", 1) == 2


def test_r16_a_2b_a_unit_still_at_zero_strength_is_eliminated_when_the_phase_ends():
    state, _ = _drop(_at(), [2])
    events = landings.finish(Position(SCENARIO, state))
    after = fold(state, events)
    assert after.units["APA"].location == "eliminated" and not after.units["APA"].has(landings.ZERO)
    assert "R16.A.2b" in SYSTEM.describe(SCENARIO, after, next(e for e in events if e.kind == "landing_failed"))


def _land(state, faces, scenario=ASHORE):
    dice = FixedDice(faces)
    events = landings.land(Position(scenario, state), dice)
    assert not dice.faces
    return fold(state, events), events


def test_r16_b_2a_landings_come_ashore_on_target_or_along_the_shore():
    # the way: 3 (the first), Marines 1 (on target), the tank 4 (one hex off), its D5 2 (1: no effect)
    state, events = _land(_at(ASHORE), [3, 1, 4, 2])
    assert state.units["AMA"].location == "A-0506" and state.units["AAT"].location == "A-0405"
    assert state.units["AAT"].steps == 2 and not state.units["AAT"].has(PINNED)


def test_r16_b_2a_the_other_way_along_the_shore():
    state, _ = _land(_at(ASHORE), [8, 6, 8, 2])  # the second way; 6 and 8: two and three hexes off
    assert state.units["AMA"].location == "A-0705" and state.units["AAT"].location == "A-0805"


def test_r16_b_2c_a_motorized_unit_rolls_on_the_d5_table():
    state, events = _land(_at(ASHORE), [3, 1, 1, 8])  # the tank's D5 4: Pinned
    assert state.units["AAT"].has(PINNED)
    state, _ = _land(_at(AT_NIGHT, turn=2), [3, 1, 1, 10], AT_NIGHT)  # D5 5 at Night (+1): 6, Reduced
    assert state.units["AAT"].steps == 1


def test_r16_b_2c_r7_a_10_landed_companies_fight_at_half_marines_at_less_one():
    state, _ = _land(_at(ASHORE), [3, 1, 1, 2])
    pos = Position(ASHORE, state)
    assert landings.landing_terms(pos, "AMA") == [Term("landed (Marine)", "R7.A.10", add=-1)]
    moved = fold(state, [Event.of("unit_placed", unit="AMA", to="A-0505")])
    assert landings.landing_terms(Position(ASHORE, moved), "AMA") == []
    later = fold(moved, landings.land(Position(ASHORE, moved), FixedDice([])))  # the next Transport Phase
    back = fold(later, [Event.of("unit_placed", unit="AMA", to="A-0506")])
    assert landings.landing_terms(Position(ASHORE, back), "AMA") == []  # left once: gone for good


def test_r16_b_2b_a_unit_landing_on_enemies_must_assault_them():
    state, _ = _land(_at(ASHORE, at={"X1": "A-0506"}), [3, 1, 1, 2])
    assert state.units["AMA"].has(landings.ON_ENEMY)


def test_r16_a_b_drops_and_landings_come_down_when_the_transport_phase_begins():
    state = _at()
    events = transport.begin(Position(SCENARIO, state), FixedDice([2, 3, 1, 1, 2]))
    after = fold(state, events)
    assert {after.units[u].location for u in ("APA", "AMA", "AAT")} == {"A-0303", "A-0506"}
    assert "improve APA" in legal(SCENARIO, after)


def test_r16_b_1_only_units_that_may_land_are_in_the_landings():
    with pytest.raises(ScenarioError) as err:
        load(edit={'traits = ["hard", "amphibious"]': 'traits = ["hard"]'})
    assert "rules.landings[0].units: AAT may not land" in str(err.value)
    load(edit={'traits = ["hard", "amphibious"]': 'traits = ["hard"]', 'units = ["AMA", "AAT"]': 'units = ["AMA", "AAT"]\nlvts = 1'})
    with pytest.raises(ScenarioError) as err:
        load(edit={'units = ["APA"]': 'units = ["AMA"]'})
    assert "rules.drops[0].units: AMA has neither" in str(err.value)
