"""Foxhole R25.C.2 (optional "refugees"), with Police and Security (R7.A.15, R7.A.18)."""

from __future__ import annotations

from tests.rules.foxhole.helpers import FixedDice, load, position
from tui_wargame.dice import Dice
from tui_wargame.model import Event, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, effects, refugees
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()
ON = {"refugees": "on"}
TOWN = "A-0503"  # Buildings: refugees 3 in 10, on the north road


def _pos(*events: Event, scenario=SCENARIO, options=ON, **kw) -> Position:
    return Position(scenario, position(scenario, phase="activities-movement", active="allied", events=events,
                                       options=options, **kw))


def _refugees(state) -> list[str]:
    return sorted(p for p, ms in state.markers.items() if any(m.kind == "refugees" for m in ms))


def test_r25_c_2_a_rolls_until_one_fails_each_success_a_marker_on_the_nearest_line_hex():
    pos = _pos()
    events = refugees.on_enter(pos, "A2", TOWN, FixedDice([2, 3, 4, 1]))
    after = fold(pos.state, events)
    assert events[0]["dice"] == [2, 3, 4] and events[0]["refugees"] == 2
    assert _refugees(after) == ["A-0502", "A-0504"]  # the tie between them broken by the die
    assert after.marker(TOWN, "no-refugees") is not None


def test_r25_c_2_e_a_hex_produces_refugees_once_and_a_failed_roll_leaves_it_able_to():
    pos = _pos(Event.of("marker_placed", place=TOWN, marker="no-refugees"))
    assert refugees.on_enter(pos, "A2", TOWN, FixedDice([])) == []
    pos = _pos()
    events = refugees.on_enter(pos, "A2", TOWN, FixedDice([9]))
    assert [e.kind for e in events] == ["refugees-check"]
    assert refugees.on_enter(_pos(options={}), "A2", TOWN, FixedDice([])) == []


def test_r25_c_2_a_refugees_radiate_past_hexes_that_hold_some():
    pos = _pos(Event.of("marker_placed", place="A-0502", marker="refugees"),
               Event.of("marker_placed", place="A-0504", marker="refugees"))
    events = refugees.on_enter(pos, "A2", TOWN, FixedDice([1, 10, 1]))
    placed = [e["place"] for e in events if e.kind == "marker_placed" and e["marker"] == "refugees"]
    assert placed == ["A-0501"]  # A-0501 and A-0505 are both two away: the die picks the first


def test_r25_c_2_a_an_eliminated_hospital_leaves_refugees():
    scenario = load(edit={'traits = ["hq"]': 'traits = ["hospital"]'})
    pos = _pos(scenario=scenario)
    after = fold(pos.state, effects.eliminate(pos, "AHQ"))
    assert _refugees(after) == ["A-0504"] and after.units["AHQ"].location == "eliminated"


def test_r25_c_2_b_refugees_cost_a_movement_point_and_close_the_line_unless_police():
    pos = _pos(Event.of("marker_placed", place=TOWN, marker="refugees"))
    assert refugees.extra_mp(pos, TOWN) == 1 and refugees.extra_mp(pos, "A-0502") == 0
    assert refugees.line_closed(pos, TOWN, "allied", "road")
    assert not refugees.line_closed(pos, TOWN, "allied", "railroad")
    police = load(edit={'traits = ["hq"]': 'traits = ["police"]'})
    pos = _pos(Event.of("marker_placed", place=TOWN, marker="refugees"), scenario=police, at={"AHQ": TOWN})
    assert not refugees.line_closed(pos, TOWN, "allied", "road")
    assert refugees.line_closed(pos, TOWN, "axis", "road")
    assert refugees.extra_mp(pos, TOWN, "allied", "road") == 0  # along the line, no penalty
    assert refugees.extra_mp(pos, TOWN, "allied") == 1 and refugees.extra_mp(pos, TOWN, "axis", "road") == 1


def test_r25_c_2_c_d_an_attack_clears_refugees_and_they_take_a_supply_point():
    pos = _pos(Event.of("marker_placed", place=TOWN, marker="refugees"),
               Event.of("marker_placed", place=TOWN, marker="supply-points", value=2))
    after = fold(pos.state, refugees.on_attack(pos, TOWN))
    assert _refugees(after) == [] and after.marker(TOWN, "supply-points").value == 1
    assert refugees.on_attack(pos, "A-0502") == []


def test_r25_c_2_d_refugees_take_a_point_from_a_sides_delivered_supply_points():
    """R25.C.2.d, R25.D.3.d: delivered Supply Points carry their side as id; the Refugees still
    take one of them (one rule, supply.use_supply_point, for every Supply Point used)."""
    pos = _pos(Event.of("marker_placed", place=TOWN, marker="refugees"),
               Event.of("marker_placed", place=TOWN, marker="supply-points", id="allied", side="allied",
                        value=3))
    after = fold(pos.state, refugees.night(pos))
    assert _refugees(after) == [] and after.marker(TOWN, "supply-points", "allied").value == 2


def test_r7_a_18_security_keeps_the_supply_points():
    security = load(edit={'traits = ["hq"]': 'traits = ["security"]'})
    pos = _pos(Event.of("marker_placed", place=TOWN, marker="refugees"),
               Event.of("marker_placed", place=TOWN, marker="supply-points", value=1), scenario=security,
               at={"AHQ": TOWN})
    after = fold(pos.state, refugees.on_attack(pos, TOWN))
    assert _refugees(after) == [] and after.marker(TOWN, "supply-points").value == 1


def test_r25_c_2_c_refugees_leave_the_map_when_a_night_turn_begins():
    state = position(SCENARIO, phase="vehicle-assault", active="axis", turn=1, options=ON,
                     events=[Event.of("marker_placed", place=TOWN, marker="refugees"),
                             Event.of("marker_placed", place="B-0503", marker="refugees")])
    events = SYSTEM.resolve(SCENARIO, state, Order("end"), Dice(7, 1)).events  # the weather rolls too
    assert any(e.kind == "phase_began" and e["phase"] == "weather" for e in events)
    assert _refugees(fold(state, events)) == []
