"""Foxhole R11.D (with R19.B.3.g, R19.B.4.d, R19.B.5): taking Works, Traps and Bridges away. Where
R11.D and R19.B disagree, R11.D's costs apply (docs/rules/foxhole.md, errata)."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.activity_helpers import QUIET, SCENARIO, act, mark
from tests.rules.foxhole.helpers import legal, run
from tui_wargame.model import Event, IllegalOrder


def _kinds(state, place=QUIET):
    return {m.kind: m.value for m in state.markers.get(place, ())}


def _cost(events):
    return next(e for e in events if e.kind == "activity")["cost"]


def test_r11_d_1_foxholes_cost_a_company_3_and_combat_engineers_2():
    state = act({"A1": QUIET, "AE": QUIET}, markers=[mark(QUIET, "foxholes")])
    after, events = run(SCENARIO, state, "remove A1 foxholes")
    assert _cost(events) == "3" and _kinds(after) == {}
    _, events = run(SCENARIO, state, "remove AE foxholes")
    assert _cost(events) == "2"


def test_r11_d_2_all_trenches_go_at_once_for_5_or_3():
    state = act({"A1": QUIET, "AE": QUIET}, markers=[mark(QUIET, "trenches", 3)])
    after, events = run(SCENARIO, state, "remove AE trenches")
    assert _cost(events) == "3" and _kinds(after) == {}
    _, events = run(SCENARIO, state, "remove A1 trenches")
    assert _cost(events) == "5"


def test_r11_d_3_combat_engineers_clear_all_tank_traps_for_2():
    state = act({"AE": QUIET, "A1": QUIET}, markers=[mark(QUIET, "tank-traps", 2)])
    after, events = run(SCENARIO, state, "remove AE tank-traps")
    assert _cost(events) == "2" and _kinds(after) == {}
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "remove A1 tank-traps")
    assert exc.value.rule == "R11.D.3"


def test_r11_d_4_an_engineer_tank_lifts_one_mine_level_for_5():
    state = act({"AET": QUIET}, markers=[mark(QUIET, "mines", 2)])
    after, events = run(SCENARIO, state, "remove AET mines")
    assert _cost(events) == "5" and _kinds(after) == {"mines": 1}


def test_r19_b_5_b_construction_engineers_lift_mines_for_18_a_level():
    state = act({"XE": "B-0504"}, active="axis", markers=[mark("B-0504", "mines", 1, "axis")])
    _, events = run(SCENARIO, state, "remove XE mines")
    assert _cost(events) == "18"


def test_r19_b_5_c_wire_comes_up_for_3():
    state = act({"A1": QUIET}, markers=[mark(QUIET, "wire")])
    after, events = run(SCENARIO, state, "remove A1 wire")
    assert _cost(events) == "3" and _kinds(after) == {}


def test_r19_b_4_d_engineers_reduce_a_fort_a_step_for_8():
    state = act({"AE": QUIET, "AMN": QUIET}, markers=[mark(QUIET, "fort-improved")])
    after, _ = run(SCENARIO, state, "remove AE fort-improved", "remove AMN fort-improved")
    assert _kinds(after) == {"fort-unimproved": None}
    fort = act({"A1": QUIET}, markers=[mark(QUIET, "fort-unimproved")])
    assert "remove A1 fort-unimproved" not in legal(SCENARIO, fort)


def test_r11_d_5_bridges_taken_up_from_the_next_hex():
    bank, river = "B-0304", "B-0204"  # the proving ground's Foot Bridge lies in B-0204
    state = act({"XCE": bank, "X1": bank}, active="axis")
    after, events = run(SCENARIO, state, f"remove XCE bridge {river}")
    assert _cost(events) == "2" and after.marker(river, "bridge-foot") is None
    _, events = run(SCENARIO, state, f"remove X1 bridge {river}")
    assert _cost(events) == "3"
    vehicle = act({"XCE": bank}, active="axis", markers=[
        Event.of("marker_changed", place=river, marker="bridge-foot", becomes="bridge-vehicle")])
    after, _ = run(SCENARIO, vehicle, f"remove XCE bridge {river}")
    assert after.marker(river, "bridge-vehicle") is None and after.marker(river, "bridge-foot") is not None


def test_r11_d_5_not_where_the_enemy_is():
    state = act({"XCE": "B-0304", "A1": "B-0204"}, active="axis")
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "remove XCE bridge B-0204")
    assert exc.value.rule == "R11.D.5"


def test_r11_d_removal_is_movement_a_unit_that_traced_no_supply_still_removes_in_this_phase():
    state = act({"A1": QUIET}, markers=[mark(QUIET, "foxholes"), mark(QUIET, "wire")], untraced=["A1"])
    orders = legal(SCENARIO, state)
    assert "remove A1 foxholes" in orders  # R11.D.1: movement
    assert "remove A1 wire" not in orders and "dig A1 scrapes" not in orders  # R19.B.5.c, R19.B: Activities
    after, events = run(SCENARIO, state, "remove A1 foxholes")
    assert _cost(events) == "3" and "foxholes" not in _kinds(after)
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "remove A1 wire")
    assert exc.value.rule == "R19.B"


def test_r11_d_one_cost_table_for_every_movement_phase():
    from tui_wargame.rules.foxhole import removal
    from tui_wargame.rules.foxhole.position import Position
    pos = Position(SCENARIO, act({"XE": "B-0504", "AET": QUIET, "A1": QUIET}, active="axis"))
    assert removal.cost(pos, "A1", "trenches") == (5, "R11.D.2")
    assert removal.cost(pos, "AET", "mines") == (5, "R11.D.4")
    assert removal.cost(pos, "XE", "tank-traps") is None  # R19.B.5.a's 4 MPs are an Activity only


def test_r11_d_a_removal_costs_its_printed_mps_in_this_phase_too_not_doubled_as_an_activity():
    state = act({"A1": QUIET}, markers=[mark(QUIET, "foxholes")], ground="wet", steps={"A1": 1})
    _, events = run(SCENARIO, state, "remove A1 foxholes")
    assert _cost(events) == "3"  # as removal.cost in the Supply-Movement Phase: no R19.B/R8.D.2 doubling
