"""Foxhole R17: the Supply-Movement Phase, with R7.A.7 (Hospital), R7.A.17 (Replacement), R9.C."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import FixedDice, legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, supply_movement
from tui_wargame.rules.foxhole.position import (
    FATIGUED,
    MOVED,
    OVERWATCH,
    PINNED,
    SUPPLIED,
    SUPPLY_REDUCED,
    TRACED,
    TRACED_FORCED,
    Position,
)

SCENARIO = load()
SM = "supply-movement"
NIGHT = 2


def begun(scenario=SCENARIO, active="allied", **kw):
    """The phase begun as `advance` begins it: its `begin` events folded in."""
    state = position(scenario, phase=SM, active=active, **kw)
    return fold(state, supply_movement.begin(Position(scenario, state), FixedDice([])))


def test_r17_a_b_units_next_to_an_enemy_must_trace_and_may_not_move():
    state = begun()
    for uid in ("A1", "A2"):  # next to X1 in B-0307
        assert state.units[uid].has(TRACED_FORCED) and state.units[uid].has(SUPPLIED)
    assert not state.units["AE"].has(TRACED)
    orders = legal(SCENARIO, state)
    assert not [o for o in orders if o.startswith(("move A1 ", "move A2 ", "trace A1", "trace A2"))]
    assert "trace AE" in orders


def test_r17_a_failing_the_forced_trace_puts_supply_reduced():
    state = begun(flags={"AHQ": [MOVED]})
    assert state.units["A1"].has(SUPPLY_REDUCED) and not state.units["A1"].has(SUPPLIED)


def test_r9_c_at_night_units_next_to_an_enemy_need_not_trace():
    state = begun(turn=NIGHT, options={"night-turns": "on"})
    assert not state.units["A1"].has(TRACED)
    assert any(o.startswith("move A1 ") for o in legal(SCENARIO, state))


def test_r17_a_a_unit_traces_or_moves_not_both():
    state, _ = run(SCENARIO, begun(), "trace AE")
    assert state.units["AE"].has(SUPPLIED)
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "move AE A-0402")
    assert exc.value.rule == "R17.A"
    moved, _ = run(SCENARIO, begun(), "move AE A-0402")
    with pytest.raises(IllegalOrder):
        run(SCENARIO, moved, "trace AE")


def test_r17_a_pinned_units_do_nothing():
    orders = legal(SCENARIO, begun(flags={"AE": [PINNED]}))
    assert not [o for o in orders if " AE" in o]


def test_r17_a_a_headquarters_traced_to_may_not_move():
    state, _ = run(SCENARIO, begun(), "trace AE")
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "move AHQ A-0404")
    assert exc.value.rule == "R17.A"


def test_r17_d_overwatch_for_a_voluntary_successful_trace_by_the_offensive_player():
    state, _ = run(SCENARIO, begun(), "trace AE")
    orders = legal(SCENARIO, state)
    assert "overwatch AE" in orders and "overwatch A1" not in orders  # A1 was made to trace
    state, _ = run(SCENARIO, state, "overwatch AE")
    assert state.units["AE"].has(OVERWATCH)
    axis, _ = run(SCENARIO, begun(active="axis"), "trace XE")
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, axis, "overwatch XE")
    assert exc.value.rule == "R17.D"


HOSPITAL = {'traits = ["engineer-combat"]': 'traits = ["hospital"]'}


def test_r7_a_7_a_hospital_restores_a_reduced_company_in_its_hex():
    scenario = load(edit=HOSPITAL)
    state = begun(scenario, at={"A2": "A-0502", "A1": "A-0402"}, steps={"A2": 1})
    assert "hospital A2" in legal(scenario, state)
    state, _ = run(scenario, state, "hospital A2")
    assert state.units["A2"].steps == 2 and state.units["AE"].has(TRACED)
    orders = legal(scenario, state)
    assert "hospital A2" not in orders and "overwatch A2" not in orders  # traced for that alone


def test_r7_a_7_not_for_a_fatigued_company():
    scenario = load(edit=HOSPITAL)
    state = begun(scenario, at={"A2": "A-0502", "A1": "A-0402"}, steps={"A2": 1}, flags={"A2": [FATIGUED]})
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "hospital A2")
    assert exc.value.rule == "R7.A.7"


def test_r7_a_17_a_replacement_brings_back_an_eliminated_infantry_company():
    scenario = load(edit={'traits = ["engineer-combat"]': 'traits = ["replacement"]'})
    gone = [Event.of("step_lost", unit="A1", steps=0), Event.of("unit_placed", unit="A1", to="eliminated")]
    state = begun(scenario, at={"AE": "A-0504"}, events=gone)
    assert "replace AE A1" in legal(scenario, state)
    state, events = run(scenario, state, "replace AE A1")
    assert state.units["A1"].location == "A-0504" and state.units["A1"].steps == 2
    assert state.units["AE"].location == "eliminated" and state.units["AE"].has(supply_movement.REPLACED)
    assert events[-1].kind == "replacement"


def test_r25_d_3_b_entering_enemy_supply_points_captures_them():
    marker = Event.of("marker_placed", place="A-0402", marker="supply-points", side="axis", value=2)
    state = begun(options={"advanced-supply": "on"}, events=[marker])
    state, _ = run(SCENARIO, state, "move AE A-0402")
    assert state.marker("A-0402", "supply-points").side == "allied"


def test_r17_idle_only_when_nobody_may_trace_move_or_go_on_overwatch():
    assert not supply_movement.idle(Position(SCENARIO, begun()))
    everyone = {u: [PINNED] for u in Position(SCENARIO, begun()).units_of("allied")}
    assert supply_movement.idle(Position(SCENARIO, begun(flags=everyone)))


def test_r12_explain_trace_gives_the_path_or_why_not():
    state = begun()
    told = SYSTEM.explain(SCENARIO, state, Order.parse("trace AE"))
    assert [line.text for line in told.lines] == ["AE to AHQ: A-0502 A-0503 A-0504",
                                                  "AHQ on to its supply source: A-0504 A-0505 A-0506"]
    assert told.summary == "AE would trace supply through AHQ"
    lonely = begun(at={"AE": "A-0204"})
    assert "fail" in SYSTEM.explain(SCENARIO, lonely, Order.parse("trace AE")).summary
    assert SYSTEM.explain(SCENARIO, state, Order.parse("trace A1")).rule == "R17.A"


def test_r12_a_a_trace_that_passes_its_own_hex_again_is_told_as_two_legs_neither_doubling_back():
    """R12.A.1-2: AE at A-0505 traces back to AHQ at A-0504, and AHQ on through A-0505 to the source:
    one run of hexes would double back (A-0505 A-0504 A-0505 A-0506); each leg is told on its own
    line; a unit with its Headquarters traces no hexes to it."""
    told = SYSTEM.explain(SCENARIO, begun(at={"AE": "A-0505"}), Order.parse("trace AE"))
    legs = [line.text for line in told.lines]
    assert legs == ["AE to AHQ: A-0505 A-0504", "AHQ on to its supply source: A-0504 A-0505 A-0506"]
    assert [line.rule for line in told.lines] == ["R12.A.1", "R12.A.2"]
    for leg in legs:
        hexes = leg.split(": ")[1].split()
        assert len(hexes) == len(set(hexes))
    together = SYSTEM.explain(SCENARIO, begun(at={"AE": "A-0504"}), Order.parse("trace AE"))
    assert together.lines[0].text == "AE is with AHQ in A-0504"
