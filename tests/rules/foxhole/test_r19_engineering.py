"""Foxhole R19.B.2, R19.B.6-7, R19.B.9-10: bridging, demolitions, burning, un-pinning, building."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.foxhole.activity_helpers import QUIET, RAFTS, SCENARIO, act, mark
from tests.rules.foxhole.helpers import legal, run
from tui_wargame.model import Event, IllegalOrder
from tui_wargame.rules.foxhole.position import FATIGUED, PINNED, Position

BANK, RIVER = "B-0304", "B-0204"  # the Pioneers' hex and the Calm River beside it
ROAD_BRIDGE = mark("A-0505", "bridge-printed", side="")  # a printed bridge on the beach highway


def _cost(events):
    return next(e for e in events if e.kind == "activity")["cost"]


def _refused(state, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, order)
    assert exc.value.rule == rule, exc.value


def test_r19_b_2_a_a_bailey_bridge_across_a_small_river():
    state = act({"XCE": "B-0305"}, active="axis")
    assert "bridge XCE bailey B-0205" in legal(SCENARIO, state)
    after, events = run(SCENARIO, state, "bridge XCE bailey B-0205")
    assert _cost(events) == "3"
    assert after.marker("B-0205|B-0305", "bridge-bailey") is not None
    assert after.marker("B-0305", "bridge-bailey") is None
    _refused(act({"XCE": "B-0305"}, active="axis"), "bridge XCE bailey B-0404", "R19.B.2.a")  # no water there


def test_r19_b_2_b_a_foot_bridge_from_five_rafts_then_c_a_vehicle_bridge():
    state = act({"XCE": BANK, "XE": BANK}, active="axis", markers=[RAFTS])
    _refused(state, f"bridge XE foot {RIVER}", "R19.B.2.b")  # Construction Engineers only Assist
    after, _ = run(SCENARIO, state, f"bridge XCE foot {RIVER}", "assist XE XCE")
    # 4 of 9 by XCE, then XE's 4 MPs buy 2 of it (Assistance at double cost): 6 of 9
    progress = after.values["activities.progress"][f"{RIVER}/foot-bridge"]
    assert progress["done"] == "2/3" and progress["assisted"] == "2/9"
    done = act({"XCE": BANK}, active="axis", markers=[RAFTS])
    done = done.replace(values={**done.values, "activities.progress": after.values["activities.progress"]})
    after, _ = run(SCENARIO, done, f"bridge XCE foot {RIVER}")
    # B-0204 held a Foot Bridge already: the second makes it a Vehicle Bridge; the Rafts are used up
    assert after.marker(RIVER, "bridge-vehicle") is not None and after.marker(BANK, "rafts") is None
    assert after.marker(BANK, "bridge-foot") is None


def test_r19_b_6_a_demolitions_set_then_blown_off_the_bridge():
    state = act({"AE": "A-0505", "A1": "A-0505"}, markers=[ROAD_BRIDGE])
    _refused(state, "demolish A1 bridge A-0505", "R19.B.6.a")
    after, events = run(SCENARIO, state, "demolish AE bridge A-0505")
    assert _cost(events) == "10" and "activities.charges" not in after.values  # 4 of 10
    ready = act({"AE": "A-0504"}, markers=[ROAD_BRIDGE])
    ready = ready.replace(values={**ready.values, "activities.charges": {"A-0505": "AE"}})
    assert "blow AE A-0505" in legal(SCENARIO, ready)
    after, events = run(SCENARIO, ready, "blow AE A-0505", dice=[2])
    assert after.marker("A-0505", "bridge-damaged") is not None
    again = ready.replace(markers={**ready.markers, "A-0505": (*ready.markers["A-0505"],
                                                              *after.markers["A-0505"][-1:])})
    after, _ = run(SCENARIO, again, "blow AE A-0505", dice=[2])  # Damaged twice: destroyed
    assert after.marker("A-0505", "bridge-destroyed") is not None
    on_it = act({"AE": "A-0505"}, markers=[ROAD_BRIDGE])
    on_it = on_it.replace(values={**on_it.values, "activities.charges": {"A-0505": "AE"}})
    _refused(on_it, "blow AE A-0505", "R19.B.6.a")


def test_r19_b_6_b_a_rail_bridge_costs_maintenance_engineers_8_a_hexside():
    state = act({"AMN": "A-0604"}, markers=[mark("A-0604|A-0704", "bridge-printed", side="")])
    _, events = run(SCENARIO, state, "demolish AMN bridge A-0604|A-0704")
    assert _cost(events) == "8"


def test_r19_b_6_c_railline_broken_by_a_company_beside_an_engineer():
    state = act({"A1": "A-0604", "AE": "A-0505"})
    after, events = run(SCENARIO, state, "demolish A1 railline A-0704")
    assert _cost(events) == "3" and after.marker("A-0604|A-0704", "rail-break") is not None
    alone = act({"A1": "A-0604", "AMN": "A-0301", "AE": "A-0301"})
    _refused(alone, "demolish A1 railline A-0704", "R19.B.6.c")  # no Engineer near


def test_r19_b_6_d_a_port_takes_30_mps():
    state = act({"AE": "A-0506"})
    _, events = run(SCENARIO, state, "demolish AE port")
    assert _cost(events) == "30"


def test_r19_b_6_e_f_burning_out_buildings_and_woods():
    state = act({"AE": "A-0503", "A1": "A-0603"})
    _, events = run(SCENARIO, state, "burn AE hex")
    assert _cost(events) == "6"
    after, events = run(SCENARIO, state, "burn A1 hex")
    assert _cost(events) == "15"
    burnt = act({"A1": "A-0304"}, markers=[mark("A-0304", "burnt-out", "clear")])
    _refused(burnt, "burn A1 hex", "R5.B.12")
    state = act({"XE": "B-0503"}, active="axis")
    after, events = run(SCENARIO, state, "burn XE building")
    assert _cost(events) == "2" and after.marker("B-0503", "building") is None
    four = act({"A1": "A-0603", "A2": "A-0603", "AE": "A-0603", "AMN": "A-0603"})
    after, _ = run(SCENARIO, four, "burn A1 hex", "burn A2 hex", "burn AE hex", "burn AMN hex")
    assert Position(SCENARIO, after).hex_type("A-0603").id == "scrub"


def test_r19_b_7_an_engineer_unpins_another_vehicle_5_in_10():
    state = act({"AE": QUIET, "AT1": QUIET}, flags={"AT1": [PINNED]})
    assert "unpin AE AT1" in legal(SCENARIO, state)
    after, events = run(SCENARIO, state, "unpin AE AT1", dice=[5])
    assert not after.units["AT1"].has(PINNED) and after.units["AE"].spent == 2
    after, _ = run(SCENARIO, state, "unpin AE AT1", dice=[6])
    assert after.units["AT1"].has(PINNED)
    _refused(act({"A1": QUIET, "AT1": QUIET}, flags={"AT1": [PINNED]}), "unpin A1 AT1", "R19.B.7")


def test_r19_b_9_construction_engineers_build_and_others_assist():
    state = act({"XE": "B-0305", "XCE": "B-0305"}, active="axis")
    _refused(state, "build XCE building", "R19.B.9.a")
    after, events = run(SCENARIO, state, "build XE building", "assist XCE XE")
    assert _cost(events) == "20"
    progress = after.values["activities.progress"]["B-0305/building"]
    assert progress["done"] == "3/10"  # 4 of 20, then 2 bought with 4 doubled MPs


def test_r19_b_9_b_a_building_grows_into_a_buildings_hex():
    state = act({"XE": "B-0305"}, active="axis", markers=[mark("B-0305", "building", side="axis")])
    progress = {"B-0305/buildings": {"done": "59/60", "assisted": "0", "hex": "B-0305", "units": ["XE"],
                                     "order": "build buildings"}}
    state = state.replace(values={**state.values, "activities.progress": progress})
    after, _ = run(SCENARIO, state, "build XE buildings")
    pos = Position(SCENARIO, after)
    assert pos.hex_type("B-0305").id == "buildings" and pos.marker("B-0305", "building") is None


def test_r19_b_10_tarmac_on_clear_ground_reconstructed_at_10():
    state = act({"XE": "B-0305"}, active="axis")
    _, events = run(SCENARIO, state, "build XE tarmac")
    assert _cost(events) == "10"
    _refused(act({"XE": "B-0504"}, active="axis"), "build XE tarmac", "R19.B.10")


def test_r19_b_6_a_blowing_demolitions_at_night_fatigues_r9_a():
    night = act({"AE": "A-0504"}, markers=[ROAD_BRIDGE], turn=2, options={"night-turns": "on"})
    night = night.replace(values={**night.values, "activities.charges": {"A-0505": "AE"}})
    after, _ = run(SCENARIO, night, "blow AE A-0505", dice=[5])
    assert after.marker("A-0505", "bridge-destroyed") is not None
    assert after.units["AE"].has(FATIGUED)


def test_r19_b_2_b_a_foot_bridge_taken_up_from_on_it_keeping_the_mps_to_leave():
    state = act({"XCE": RIVER}, active="axis")  # the proving ground's Foot Bridge
    assert "remove XCE bridge" in legal(SCENARIO, state)
    after, events = run(SCENARIO, state, "remove XCE bridge")
    report = next(e for e in events if e.kind == "activity")
    assert report["cost"] == "6" and report["rule"] == "R19.B.2.b"
    assert Fraction(report["paid"]) < 4  # it keeps back what entering the bank costs
    assert Position(SCENARIO, after).marker(RIVER, "bridge-foot") is not None  # not yet: 6 MPs in all
    assert "move XCE" in " ".join(legal(SCENARIO, after))


def test_r19_b_2_c_a_vehicle_bridge_turned_into_a_foot_bridge_for_6_mps():
    state = act({"XCE": RIVER, "XE": RIVER}, active="axis",
                markers=[Event.of("marker_changed", place=RIVER, marker="bridge-foot",
                                  becomes="bridge-vehicle")])
    after, events = run(SCENARIO, state, "remove XCE bridge", "remove XE bridge")
    assert {e["rule"] for e in events if e.kind == "activity"} == {"R19.B.2.c"}  # 4 + 2 MPs, Cooperating
    assert after.marker(RIVER, "bridge-foot") is not None and after.marker(RIVER, "bridge-vehicle") is None
