"""Foxhole R25.C.4 (optional): requisitions."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.activity_helpers import SCENARIO, act
from tests.rules.foxhole.helpers import legal, run
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.foxhole import movement
from tui_wargame.rules.foxhole.position import Position

ON = {"requisitions": "on"}
TOWN = "A-0503"  # a Buildings hex: 3 in 10


def _refused(state, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, order)
    assert exc.value.rule == rule, exc.value


def test_r25_c_4_a_search_costs_2_and_rolls_again_after_a_find():
    state = act({"A1": TOWN}, options=ON)
    assert "requisition A1" in legal(SCENARIO, state)
    after, events = run(SCENARIO, state, "requisition A1", dice=[3, 4])
    report = next(e for e in events if e.kind == "requisition")
    assert report["chance"] == 3 and report["rolls"] == [3, 4] and report["finds"] == 1
    assert after.units["A1"].spent == 2


def test_r25_c_4_two_finds_at_most_and_once_per_hex():
    state = act({"A1": TOWN, "A2": TOWN}, options=ON)
    after, events = run(SCENARIO, state, "requisition A1", dice=[1, 1])
    assert next(e for e in events if e.kind == "requisition")["finds"] == 2
    assert "requisition A2" not in legal(SCENARIO, after)
    _refused(after, "requisition A2", "R25.C.4")


def test_r25_c_4_b_two_finds_give_a_company_vehicles_for_the_turn():
    state = act({"A1": TOWN, "A2": TOWN}, options=ON)
    after, _ = run(SCENARIO, state, "requisition A1", dice=[1, 2])
    assert "equip A2 vehicles" in legal(SCENARIO, after)
    after, _ = run(SCENARIO, after, "equip A2 vehicles")
    pos = Position(SCENARIO, after)
    assert movement.mp_of(pos, "A2") == 10 and movement.motorized(pos, "A2")
    assert "equip A1 bicycles" not in legal(SCENARIO, after)  # both finds are used
    later = Position(SCENARIO, after.replace(active="axis"))
    assert movement.mp_of(later, "A2") == 4  # the next player turn: gone


def test_r25_c_4_a_one_find_gives_bicycles():
    state = act({"A1": TOWN}, options=ON)
    after, _ = run(SCENARIO, state, "requisition A1", dice=[2, 9], )
    _refused(after, "equip A1 vehicles", "R25.C.4")
    after, _ = run(SCENARIO, after, "equip A1 bicycles")
    assert movement.mp_of(Position(SCENARIO, after), "A1") == 6


def test_r25_c_4_d_a_port_yields_boats_or_rafts_only():
    state = act({"A1": "A-0506"}, options=ON)  # the Port, beside the sea
    after, events = run(SCENARIO, state, "requisition A1", dice=[2, 5])
    assert next(e for e in events if e.kind == "requisition")["port"]
    _refused(after, "equip A1 bicycles", "R25.C.4")
    after, _ = run(SCENARIO, after, "equip A1 boats")
    assert after.marker("A-0506", "boats").value == 1


def test_r25_c_4_only_in_built_up_hexes_and_only_when_in_play():
    _refused(act({"A1": "A-0504"}, options=ON), "requisition A1", "R25.C.4")
    _refused(act({"A1": TOWN}), "requisition A1", "R25.C.4")
