"""Foxhole R23 (R14.D, R8.C.4): the Dawn Briefing's plan and what it makes available."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import IllegalOrder, fold
from tui_wargame.rules.foxhole import SYSTEM, dawn
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()
SUPPORTS = """[[rules.support]]
id = "navy"
side = "allied"
"""
THREE = SUPPORTS + SUPPORTS.replace("navy", "navy2") + SUPPORTS.replace("navy", "navy3")


def _dawn(scenario=SCENARIO, side="allied"):
    return position(scenario, phase="dawn-briefing", active=side)


def _plan(scenario, state, side="allied"):
    return dawn.plan(Position(scenario, state), side)


def test_r23_a_reinforcements_start_in_the_days_first_full_turn():
    p = _plan(SCENARIO, _dawn())
    assert p["reinforcements"] == {"AR1": "1am"} and p["left"] == 6


def test_r23_a_a_reinforcement_is_scheduled_for_a_full_turn_of_the_day():
    state, _ = run(SCENARIO, _dawn(), "reinforce AR1 1pm")
    assert _plan(SCENARIO, state)["reinforcements"] == {"AR1": "1pm"}
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "reinforce AR1 2am")
    assert err.value.rule == "R23"


def test_r23_a_only_todays_reinforcements_may_be_scheduled():
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, _dawn(), "reinforce A1 1pm")
    assert err.value.rule == "R23.A"


def test_r23_b_support_fires_in_the_full_turn_chosen():
    state, _ = run(SCENARIO, _dawn(), "support navy 1pm")
    assert _plan(SCENARIO, state)["support"] == {"navy": "1pm"}


def test_r23_b_two_supports_sacrificed_give_a_third_siege_power():
    scenario = load(edit={'[[rules.support]]\nid = "navy"\nside = "allied"\n': THREE})
    state, _ = run(scenario, _dawn(scenario), "siege navy2 navy navy3")
    p = _plan(scenario, state)
    assert p["support"] == {"navy2": "1am"} and p["siege"] == ["navy2"]
    with pytest.raises(IllegalOrder):
        run(scenario, state, "siege navy2 navy navy3")


def test_r23_b_siege_needs_three_supports():
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, _dawn(), "siege navy navy navy")
    assert err.value.rule == "R23.B"


def test_r23_c_a_sortie_flies_at_the_time_chosen():
    state, _ = run(SCENARIO, _dawn(), "sortie jabo 1nt")
    assert _plan(SCENARIO, state)["sorties"] == {"jabo": "1nt"}


def test_r23_d_supply_points_go_to_a_full_turn_and_the_rest_to_the_first():
    state, _ = run(SCENARIO, _dawn(), "supply 2 1pm")
    p = _plan(SCENARIO, state)
    assert p["supply"] == {"1pm": 2} and p["left"] == 4
    events = dawn.finish(Position(SCENARIO, state), None)
    assert _plan(SCENARIO, fold(state, events))["supply"] == {"1pm": 2, "1am": 4}


def test_r23_d_bridging_implements_cost_their_price_in_supply_points():
    state, _ = run(SCENARIO, _dawn(), "buy bridge-foot 1am")
    p = _plan(SCENARIO, state)
    assert p["left"] == 2 and p["bridging"] == [{"kind": "bridge-foot", "turn": "1am"}]
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "buy rafts 1am")
    assert err.value.rule == "R23.D" and "5 Supply Points" in err.value.reason


def test_r23_the_legal_orders_are_the_changes_of_the_plan():
    orders = legal(SCENARIO, _dawn())
    assert "reinforce AR1 1pm" in orders and "reinforce AR1 1am" not in orders
    assert "supply 6 1nt" in orders and "buy bridge-vehicle 1am" in orders and "buy rafts 1am" in orders
    assert "siege navy" not in " ".join(orders) and orders[-1] == "end"


def test_r23_the_defensive_side_briefs_first_then_the_offensive():
    state = position(SCENARIO, phase="dawn-briefing", active="axis")
    state, events = run(SCENARIO, state, "end")
    assert state.phase == "dawn-briefing" and state.active == "allied"


def _published(scenario, state, atmosphere="clear"):
    state = fold(state, [_weather(atmosphere)])
    pos = Position(scenario, state)
    return fold(state, dawn.publish(pos)), dawn.publish(pos)


def _weather(atmosphere):
    from tui_wargame.model import Event

    return Event.of("value_set", key="weather", value={"atmosphere": atmosphere})


def test_r23_b_c_the_support_and_sorties_due_are_available_in_their_full_turn():
    state, _ = run(SCENARIO, _dawn(), "sortie jabo 1pm")
    later = position(SCENARIO, phase="transport", active="allied", turn=1,
                     events=[_e for _e in [_weather("clear")]])
    later = fold(later, [next(e for e in _set_plan(state))])
    after, _ = _published(SCENARIO, later)
    pos = Position(SCENARIO, after)
    assert [e["id"] for e in dawn.available(pos, "allied")] == ["jabo"]
    assert dawn.available(pos, "allied")[0] == {"kind": "air", "id": "jabo", "siege": False, "range": 0, "turn": 1}
    assert [e["id"] for e in dawn.available(pos, "axis")] == []


def _set_plan(state):
    from tui_wargame.model import Event

    return [Event.of("value_set", key="dawn.plan.allied", value=dawn.plain(state.values["dawn.plan.allied"]))]


def test_r23_c_a_gun_sortie_carries_its_range_and_is_used_once():
    state = position(SCENARIO, phase="transport", active="allied")
    after, _ = _published(SCENARIO, state)
    pos = Position(SCENARIO, after)
    assert dawn.available(pos, "axis") == [{"kind": "gun", "id": "rail-gun", "siege": False, "range": 30, "turn": 0}]
    used = fold(after, dawn.use(pos, "axis", "rail-gun"))
    assert dawn.available(Position(SCENARIO, used), "axis") == []
    with pytest.raises(IllegalOrder):
        dawn.use(Position(SCENARIO, used), "axis", "rail-gun")


def test_r8_c_4_a_storm_grounds_the_air_sorties_of_its_full_turn():
    state = position(SCENARIO, phase="transport", active="allied")
    after, events = _published(SCENARIO, state, "storm")
    pos = Position(SCENARIO, after)
    assert [e["kind"] for e in dawn.available(pos, "allied")] == ["support"]
    grounded = [e for e in events if e.kind == "sortie_grounded"]
    assert grounded and "R8.C.4" in SYSTEM.describe(SCENARIO, after, grounded[0])


def test_r23_available_is_published_when_the_full_turn_begins():
    state = position(SCENARIO, phase="dawn-briefing", active="allied")
    state, _ = run(SCENARIO, state, "end", dice=[1] * 5)  # the drop and the landings come down too
    assert state.phase == "transport" and "dawn.available" in state.values
    assert [e["id"] for e in dawn.available(Position(SCENARIO, state), "allied")] == ["navy", "jabo"]
