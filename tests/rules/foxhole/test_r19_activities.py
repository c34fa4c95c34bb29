"""Foxhole R19.A-B.1: who conducts Activities, what they cost, Cooperation, Assistance and
Accumulation."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.foxhole.activity_helpers import QUIET, SCENARIO, act
from tests.rules.foxhole.helpers import legal, run
from tui_wargame.model import IllegalOrder, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, movement
from tui_wargame.rules.foxhole.position import ACTED, FATIGUED, FIRED, MOVED, PINNED, Position


def _kinds(state, place):
    return {m.kind: m.value for m in state.markers.get(place, ())}


def _refused(state, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, order)
    assert exc.value.rule == rule, exc.value
    return exc.value


def test_r19_b_3_a_a_company_digs_foxholes_over_two_phases_of_work():
    state = act({"A1": QUIET, "A2": QUIET})
    after, events = run(SCENARIO, state, "dig A1 foxholes")
    assert after.units["A1"].spent == 4 and after.units["A1"].has(MOVED) and after.units["A1"].has(ACTED)
    assert "foxholes" not in _kinds(after, QUIET)
    report = next(e for e in events if e.kind == "activity")
    assert SYSTEM.describe(SCENARIO, state, report).endswith("4/6 MP done (R19.B.3.a)")
    after, _ = run(SCENARIO, after, "dig A2 foxholes")  # R19.B.1.b: a second Company cooperates
    assert after.units["A2"].spent == 2 and "foxholes" in _kinds(after, QUIET)


def test_r19_a_pinned_or_barrage_firing_units_take_no_part():
    state = act({"A1": QUIET, "A2": QUIET}, flags={"A1": [PINNED], "A2": [FIRED]})
    _refused(state, "dig A1 foxholes", "R5.B")
    _refused(state, "dig A2 foxholes", "R19.A")
    assert not [o for o in legal(SCENARIO, state) if o.split()[1:2] in (["A1"], ["A2"])]


def test_r19_b_only_units_that_traced_supply_conduct_activities():
    state = act({"A1": QUIET}, untraced=["A1"])
    _refused(state, "dig A1 foxholes", "R19.B")
    assert any(o.startswith("move A1 ") for o in legal(SCENARIO, state))  # it may still move


def test_r19_b_1_a_activities_and_movement_share_one_budget():
    state = act({"A1": QUIET})
    after, _ = run(SCENARIO, state, "dig A1 foxholes 1")
    assert after.units["A1"].spent == 1
    assert movement.left(Position(SCENARIO, after), "A1") == 3  # what the move may still use
    _refused(after, "dig A1 foxholes 4", "R19.B.1.a")


def test_r19_b_reduced_units_pay_double():
    state = act({"A1": QUIET}, steps={"A1": 1})
    _, events = run(SCENARIO, state, "dig A1 foxholes")
    report = next(e for e in events if e.kind == "activity")
    assert SYSTEM.describe(SCENARIO, state, report).endswith("4/12 MP done (R19.B.3.a)")


def test_r19_b_1_a_adjacent_to_an_enemy_costs_double_but_not_at_night():
    day = act({"A1": "A-0401"})  # next to X1 across the stream
    _, events = run(SCENARIO, day, "dig A1 foxholes")
    assert next(e for e in events if e.kind == "activity")["cost"] == "12"
    night = act({"A1": "A-0401"}, turn=2, options={"night-turns": "on"})
    after, events = run(SCENARIO, night, "dig A1 foxholes")
    assert next(e for e in events if e.kind == "activity")["cost"] == "7"  # R9.B: +1, not doubled
    assert after.units["A1"].has(FATIGUED)  # R9.A: it did something at Night


def test_r8_d_2_wet_ground_doubles_and_r8_d_4_frost_doubles_works_only():
    wet = act({"A1": QUIET}, ground="wet")
    assert next(e for e in run(SCENARIO, wet, "dig A1 foxholes")[1] if e.kind == "activity")["cost"] == "12"
    frost = act({"A1": QUIET}, ground="frost")
    assert next(e for e in run(SCENARIO, frost, "dig A1 foxholes")[1] if e.kind == "activity")["cost"] == "12"
    assert next(e for e in run(SCENARIO, frost, "trap A1 wire")[1] if e.kind == "activity")["cost"] == "2"


def test_r8_d_5_snow_adds_one_then_doubles_as_wet_and_frost():
    snow = act({"A1": QUIET}, ground="snow")
    # R2.D: (6 + 1), then doubled twice (R2.F: x3) = 21
    assert next(e for e in run(SCENARIO, snow, "dig A1 foxholes")[1] if e.kind == "activity")["cost"] == "21"


def test_r19_b_1_c_assistance_does_half_at_most_at_double_cost():
    state = act({"AE": QUIET, "A1": QUIET})
    after, _ = run(SCENARIO, state, "trap AE mines 1")  # 1 of 6
    assert "assist A1 AE" in legal(SCENARIO, after)
    after, events = run(SCENARIO, after, "assist A1 AE")
    # at double cost A1 buys 1/3 of the work with its 4 MPs: half is done, half by Assistance at most
    assert after.units["A1"].spent == 4
    report = next(e for e in events if e.kind == "activity")
    assert report["assisting"] and Fraction(report["done"]) == Fraction(1, 2)
    after, _ = run(SCENARIO, after.replace(phase="activities-movement"), "trap AE mines")
    assert _kinds(after, QUIET)["mines"] == 1


def test_r19_b_1_c_only_named_types_assist():
    state = act({"A1": QUIET, "A2": QUIET})
    after, _ = run(SCENARIO, state, "dig A1 scrapes 1")
    assert "assist A2 A1" not in legal(SCENARIO, after)  # digging has no Assistance: A2 cooperates
    _refused(after, "assist A2 A1", "R19.B.1.c")


def test_r19_b_1_d_progress_accumulates_while_the_units_stay_and_is_lost_when_they_leave():
    state = act({"A1": QUIET})
    after, _ = run(SCENARIO, state, "dig A1 scrapes")
    stay = act({"A1": QUIET}, markers=[])
    kept = stay.replace(values={**stay.values, "activities.progress": after.values["activities.progress"]})
    _, events = run(SCENARIO, kept, "dig A1 scrapes")
    assert Fraction(next(e for e in events if e.kind == "activity")["done"]) == Fraction(8, 12)
    gone = act({"A1": "A-0604"})
    gone = gone.replace(values={**gone.values, "activities.progress": after.values["activities.progress"]})
    _, events = run(SCENARIO, gone, "end")
    assert fold(gone, events).values["activities.progress"] == {}


def test_r19_b_1_a_an_amount_must_be_a_plain_number():
    state = act({"A1": QUIET})
    _refused(state, "dig A1 foxholes 1e9", "R19.B.1.a")


def test_r19_explain_shows_cost_terms_and_progress():
    state = act({"AE": QUIET}, ground="wet")
    text = SYSTEM.explain(SCENARIO, state, Order.parse("dig AE trenches"))
    assert text is not None and hasattr(text, "message")  # no Foxholes: refused with its rule
    expl = SYSTEM.explain(SCENARIO, state, Order.parse("dig AE foxholes"))
    assert expl.summary == "Foxholes: 6 MP for AE"
    assert [ln.rule for ln in expl.lines] == ["R19.B.3.a", "R8.D.2", "R19.B.3", "R19.B.1.d"]
    assert expl.lines[-1].text.startswith("0/6 MP towards Foxholes")


def test_r19_hq_may_not_conduct_activities():
    state = act({"AHQ": QUIET})
    _refused(state, "dig AHQ foxholes", "R7.A.6")


def test_r19_b_3_a_markers_belong_to_the_digger():
    state = act({"AE": QUIET})
    after, _ = run(SCENARIO, state, "dig AE foxholes")
    assert after.marker(QUIET, "foxholes").side == "allied"
