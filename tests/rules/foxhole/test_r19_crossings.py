"""Foxhole R19.B.8 river crossings and R19.D forced march."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.activity_helpers import RAFTS, SCENARIO, act, mark
from tests.rules.foxhole.helpers import legal, run
from tui_wargame.model import Event, IllegalOrder, Order, fold
from tui_wargame.rules.foxhole import combat, crossings, engagement, landings, movement
from tui_wargame.rules.foxhole.position import EXHAUSTED, FATIGUED, Position

BANK = "B-0304"  # Boats and Rafts lie here, beside the Calm River B-0204


def _refused(state, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, order)
    assert exc.value.rule == rule, exc.value


def test_r19_b_8_a_a_company_crosses_the_calm_river_by_boat_taking_its_phase():
    state = act({"X1": BANK}, active="axis")
    assert "cross X1 B-0104" in legal(SCENARIO, state)
    after, _ = run(SCENARIO, state, "cross X1 B-0104")
    assert after.units["X1"].location == "B-0104"
    assert after.marker(BANK, "boats").value == 1 and after.marker("B-0104", "boats").value == 1
    assert movement.left(Position(SCENARIO, after), "X1") == 0


def test_r19_b_8_a_a_small_river_hexside_by_boat():
    state = act({"X1": "B-0305"}, active="axis", markers=[mark("B-0305", "boats", side="axis")])
    after, _ = run(SCENARIO, state, "cross X1 B-0205")
    assert after.units["X1"].location == "B-0205"


def test_r19_b_8_a_a_crossing_needs_the_whole_phase():
    state = act({"X1": BANK}, active="axis")
    after, _ = run(SCENARIO, state, "trap X1 wire 1")
    _refused(after, "cross X1 B-0104", "R19.B.8.a")


def test_r19_b_8_a_landing_on_the_enemy_is_an_assault_at_half_firepower_quarter_defence():
    state = act({"X1": BANK, "A1": "B-0104"}, active="axis")
    after, events = run(SCENARIO, state, "cross X1 B-0104")
    assert after.units["X1"].location == BANK  # it lands by Assaulting, in the Combat Phase
    pos = Position(SCENARIO, after)
    assert crossings.landing(pos, "X1") == "B-0104"
    assert crossings.LANDING_TERMS["firepower"].steps == -1 and crossings.LANDING_TERMS["defence"].steps == -3


def test_r19_b_8_b_rafts_carry_any_unit_but_not_onto_the_enemy():
    state = act({"XV": BANK, "A1": "B-0104"}, active="axis", markers=[_no_boats(), RAFTS])
    assert "cross XV B-0104" not in legal(SCENARIO, state)
    _refused(state, "cross XV B-0104", "R19.B.8.a")
    clear = act({"XV": BANK}, active="axis", markers=[_no_boats(), RAFTS])
    after, _ = run(SCENARIO, clear, "cross XV B-0104")
    assert after.units["XV"].location == "B-0104" and after.marker(BANK, "rafts").value == 4
    assert not crossings.may_fight(Position(SCENARIO, after), "XV")


def test_r19_b_8_a_a_motorized_unit_may_not_use_boats():
    state = act({"XV": BANK}, active="axis")  # Boats only: no Rafts
    _refused(state, "cross XV B-0104", "R19.B.8")


def _no_boats() -> Event:
    return Event.of("marker_removed", place=BANK, marker="boats")


def test_r19_d_forced_march_doubles_mps_and_tires():
    state = act({"A1": "A-0504"}, options={"forced-march": "on"})
    assert "march A1" in legal(SCENARIO, state)
    after, _ = run(SCENARIO, state, "march A1")
    pos = Position(SCENARIO, after)
    assert movement.mp_of(pos, "A1") == 8
    _refused(after, "dig A1 foxholes", "R19.D")
    after, events = run(SCENARIO, after, "end")
    assert after.units["A1"].has(FATIGUED)


def test_r19_d_a_fatigued_marcher_becomes_exhausted_and_motorized_units_may_not():
    state = act({"A1": "A-0504", "AMC": "A-0505"}, flags={"A1": [FATIGUED]}, options={"forced-march": "on"})
    assert "march AMC" not in legal(SCENARIO, state)
    after, _ = run(SCENARIO, state, "march A1", "end")
    assert after.units["A1"].has(EXHAUSTED) and not after.units["A1"].has(FATIGUED)


def test_r19_d_only_when_in_play():
    state = act({"A1": "A-0504"})
    assert "march A1" not in legal(SCENARIO, state)
    _refused(state, "march A1", "R19.D")


def _landing_in_combat():
    state = act({"X1": BANK, "A1": "B-0104"}, active="axis")
    after, _ = run(SCENARIO, state, "cross X1 B-0104", "end")
    assert after.phase == "combat"
    return after


def test_r19_b_8_a_the_landing_is_an_assault_owed_in_the_combat_phase_from_across_the_river():
    combat_state = _landing_in_combat()
    orders = legal(SCENARIO, combat_state)
    assert "assault B-0104 X1" in orders and "fight B-0104 X1" not in orders
    _refused(combat_state, "end", "R19.B.8.a")
    explained = combat.explain(Position(SCENARIO, combat_state), Order("assault", ("B-0104", "X1")))
    mine = [line.text for line in explained.lines if line.text.startswith("X1 ") and "firepower" in line.text]
    assert mine and all("halved x1 landing from boats (R19.B.8.a)" in text for text in mine)
    # under return fire
    defence = [line.text for line in explained.lines if line.text.startswith("X1 Defence")]
    assert defence and all("landing from boats (R19.B.8.a)" in text for text in defence)
    eng = {"kind": "assault", "target": "B-0104", "attackers": ["X1"], "reacting": "allied"}
    defence = engagement.defence_calc(Position(SCENARIO, combat_state), eng, "X1", "soft")
    assert crossings.LANDING_TERMS["defence"] in defence.terms


def test_r19_b_8_a_a_landing_whose_hex_the_enemy_left_comes_ashore_when_the_phase_ends():
    combat_state = _landing_in_combat()
    gone = fold(combat_state, [Event.of("unit_placed", unit="A1", to="B-0106")])
    after, _ = run(SCENARIO, gone, "end")
    assert after.units["X1"].location == "B-0104"
    assert crossings.landing(Position(SCENARIO, after), "X1") is None


def test_r16_b_2c_a_unit_ashore_from_the_sea_fights_and_defends_at_half_in_its_landing_hex():
    state = act({"X1": "B-0104", "A1": "B-0105"}, active="axis")
    state = fold(state, [Event.of("value_set", key=landings.ASHORE, value={"X1": "B-0104"})])
    pos = Position(SCENARIO, state)
    assert [t.rule for t in crossings.combat_terms(pos, "X1", "firepower")] == ["R16.B.2c"]
    eng = {"kind": "assault", "target": "B-0105", "attackers": ["X1"], "reacting": "allied"}
    assert "R16.B.2c" in [t.rule for t in engagement.defence_calc(pos, eng, "X1", "soft").terms]


def test_r19_b_8_a_the_boat_goes_with_a_landing_that_comes_ashore_or_wins_its_assault():
    combat_state = _landing_in_combat()
    assert combat_state.marker(BANK, "boats").value == 2 and combat_state.marker("B-0104", "boats") is None
    gone = fold(combat_state, [Event.of("unit_placed", unit="A1", to="B-0106")])
    after, _ = run(SCENARIO, gone, "end")  # ashore
    assert after.marker(BANK, "boats").value == 1 and after.marker("B-0104", "boats").value == 1
    won = fold(combat_state, [Event.of("unit_placed", unit="A1", to="eliminated"),
                              Event.of("unit_placed", unit="X1", to="B-0104")])  # as a won Assault leaves it
    after, _ = run(SCENARIO, won, "end")
    assert after.marker(BANK, "boats").value == 1 and after.marker("B-0104", "boats").value == 1
    beaten = crossings.ashore(Position(SCENARIO, combat_state))  # the enemy still holds it: no boat moves
    assert not [e for e in beaten if e.kind.startswith("marker_")]
