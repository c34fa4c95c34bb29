"""Foxhole R16.C, R16.E (R3.B.3b, R23.D): Trains and Ships, loaded at the Dawn Briefing."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import FixedDice, legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, fold
from tui_wargame.rules.foxhole import SYSTEM, dawn, transport, transports
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.scenario_file import ScenarioError

QUIET = {"[[rules.drops]]": "[[rules.unused_drops]]", "[[rules.landings]]": "[[rules.unused_landings]]"}
SCENARIO = load(edit=QUIET)
DAY2 = load(edit={**QUIET, 'exit = ["A-0507"]\ndays = [2]': 'exit = ["A-0507"]'})  # the Ship serves on Day 1


def _briefed(scenario, *orders):
    state = position(scenario, phase="dawn-briefing", active="allied")
    state, _ = run(scenario, state, *orders)
    return state


def _arrived(scenario, briefed, events=(), **kw):
    plan = dawn.plain(briefed.values["dawn.plan.allied"])
    state = position(scenario, phase="transport", active="allied",
                     events=[*events, Event.of("value_set", key="dawn.plan.allied", value=plan)], **kw)
    return fold(state, transport.begin(Position(scenario, state), FixedDice([])))


def test_r16_c_2_a_train_is_loaded_at_the_dawn_briefing_within_its_cars():
    state = _briefed(SCENARIO, "load R1 AR1", "load R1 supply")
    p = dawn.plan(Position(SCENARIO, state), "allied")
    assert p["cargo"] == {"R1": [["unit", "AR1"], ["supply-points", 5]]} and p["left"] == 1
    assert "AR1" not in p["reinforcements"]  # it comes by Train
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "load R1 bridge-vehicle")  # 3 + 1 + 3 cars > 6
    assert err.value.rule in ("R16.C.2", "R23.D")
    assert "load R1 boats" in legal(SCENARIO, state) and "load R1 bridge-foot" not in legal(SCENARIO, state)


def test_r16_c_a_train_arrives_at_its_entry_with_its_cargo_and_unloads_beside_the_line():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 AR1", "load R1 supply"))
    train = state.marker("A-0603|A-0704", "train", "R1")
    assert train is not None and train.value == 4
    assert "unload R1 AR1 A-0603" in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "unload R1 AR1 A-0603", "unload R1 supply-points A-0704")
    assert state.units["AR1"].location == "A-0603"
    assert state.marker("A-0704", "supply-points", "allied").value == 5
    assert transports.cargo(Position(SCENARIO, state), "R1") == []


def test_r16_c_1_the_train_runs_along_the_railline_and_leaves_empty_by_its_exit():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 supply"))
    assert "leave R1" not in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "rail R1 A-0604|A-0704", "unload R1 supply-points A-0604")
    assert "leave R1" in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "leave R1")
    assert transports.where(Position(SCENARIO, state), "R1") is None


def test_r16_c_1_a_rail_break_blocks_the_line():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 supply"),
                     events=[Event.of("marker_placed", place="A-0604|A-0704", marker="rail-break")])
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "rail R1 A-0604|A-0704")
    assert err.value.rule == "R16.C.1"


def test_r16_c_1_a_no_unloading_next_to_an_enemy():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 supply"), at={"X1": "A-0503"})
    assert transports.unload_hexes(Position(SCENARIO, state), "A-0603|A-0704", "allied") == ["A-0704"]


def test_r16_c_3_an_enemy_beside_the_line_fires_hard_fp_plus_d10():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 AR1"), at={"XAT": "A-0604"})
    missed, events = run(SCENARIO, state, "rail R1 A-0604|A-0704", dice=[5])  # 4 + 5: a miss
    assert missed.marker("A-0604|A-0704", "train", "R1") is not None and events[0]["wrecked"] is False
    wrecked, events = run(SCENARIO, state, "rail R1 A-0604|A-0704", dice=[6])  # 4 + 6: wrecked
    assert transports.where(Position(SCENARIO, wrecked), "R1") is None
    assert wrecked.units["AR1"].location == "A-0704"  # off the wreck, away from the enemy
    assert "R16.C.3" in SYSTEM.describe(SCENARIO, wrecked, events[0])


def test_r16_c_3_a_train_between_enemies_changes_sides():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 supply"))
    state = fold(state, [Event.of("unit_placed", unit="X1", to="A-0603"),
                         Event.of("unit_placed", unit="X2", to="A-0704")])
    events = transports.switch_sides(Position(SCENARIO, state))
    assert fold(state, events).marker("A-0603|A-0704", "train", "R1").side == "axis"


def test_r16_c_1_b_a_train_on_the_map_cannot_reload():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 supply"))
    day2 = fold(state, [Event.of("phase_began", turn=3, phase="dawn-briefing", side="allied")])
    assert "R1" not in dawn.plan(Position(SCENARIO, day2), "allied")["transports"]


def test_r16_e_a_ship_sails_to_a_port_drops_its_supplies_and_may_not_sail_again():
    state = _arrived(DAY2, _briefed(DAY2, "load S1 boats", "load S1 rafts"))
    assert state.marker("A-0507", "ship", "S1") is not None
    state, _ = run(DAY2, state, "sail S1 A-0506")
    assert "unload S1 rafts A-0506" in legal(DAY2, state)
    state, _ = run(DAY2, state, "unload S1 rafts A-0506")
    assert state.marker("A-0506", "rafts", "allied").value == 1
    assert not [o for o in legal(DAY2, state) if o.startswith("sail")]
    with pytest.raises(IllegalOrder) as err:
        run(DAY2, state, "sail S1 A-0507")
    assert err.value.rule == "R16.E.1"


def test_r16_e_1_a_ships_carry_no_units_here():
    state = position(DAY2, phase="dawn-briefing", active="allied")
    with pytest.raises(IllegalOrder) as err:
        run(DAY2, state, "load S1 AR1")
    assert "Ships" in err.value.reason


def test_r16_c_trains_enter_and_leave_at_railline_hexsides():
    with pytest.raises(ScenarioError) as err:
        load(edit={'entry = ["A-0603|A-0704"]': 'entry = ["A-0101|A-0102"]'})
    assert "rules.transports[1].entry: must list railline hexsides" in str(err.value)


def test_r16_c_1_c_r7_b_2_a_a_train_takes_on_units_beside_the_line_and_puts_them_down_elsewhere():
    railroad = 'traits = ["artillery", "smoke", "railroad-artillery"]'
    scenario = load(edit={**QUIET, 'traits = ["artillery", "smoke"]': railroad})
    state = _arrived(scenario, _briefed(scenario, "load R1 supply"), at={"AART": "A-0603", "AMO": "A-0704"})
    orders = legal(scenario, state)
    assert "board R1 AMO" in orders and "board R1 AART" not in orders  # 15 cars do not fit in 6
    state, _ = run(scenario, state, "board R1 AMO")
    assert state.units["AMO"].location == "aboard"
    state, _ = run(scenario, state, "rail R1 A-0604|A-0704", "unload R1 AMO A-0604")
    assert state.units["AMO"].location == "A-0604"
    with pytest.raises(IllegalOrder) as err:
        run(scenario, state, "board R1 AT1")
    assert err.value.rule == "R16.C.1.c"


def test_r16_c_1_c_a_scenario_with_trains_needs_the_aboard_box():
    with pytest.raises(ScenarioError) as err:
        load(edit={'[[box]]\nid = "aboard"': '[[box]]\nid = "riding"'})
    assert 'needs a [[box]] "aboard"' in str(err.value)


def test_r16_c_1_a_train_does_not_come_on_over_a_rail_break_at_its_entry():
    state = _arrived(SCENARIO, _briefed(SCENARIO, "load R1 supply"),
                     events=[Event.of("marker_placed", place="A-0603|A-0704", marker="rail-break")])
    assert transports.where(Position(SCENARIO, state), "R1") is None
    assert not [o for o in legal(SCENARIO, state) if " R1 " in f" {o} "]
