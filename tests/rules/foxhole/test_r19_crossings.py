"""Foxhole R19.B.8 river crossings and R19.D forced march."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.activity_helpers import RAFTS, SCENARIO, act, mark
from tests.rules.foxhole.helpers import legal, run
from tui_wargame.model import Event, IllegalOrder
from tui_wargame.rules.foxhole import crossings, movement
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
