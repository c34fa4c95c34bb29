"""Foxhole R16 (R23.A, R23.D): the Transport Phase brings on what the Dawn Briefing planned."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import FixedDice, legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, dawn, transport
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()
NO_LANDINGS = {'[[rules.drops]]': '[[rules.unused_drops]]', '[[rules.landings]]': '[[rules.unused_landings]]'}


def _quiet():
    """The proving ground without its drop and landing (their dice would be rolled here)."""
    text_edit = dict(NO_LANDINGS)
    return load(edit=text_edit)


def _begun(scenario, *, side="allied", turn=0, plan=None, events=(), **kw):
    state = position(scenario, phase="transport", active=side, turn=turn, events=events, **kw)
    if plan is not None:
        state = fold(state, [Event.of("value_set", key=f"dawn.plan.{side}", value=plan)])
    return fold(state, transport.begin(Position(scenario, state), FixedDice([])))


def _plan(scenario, side="allied", **changes):
    state = position(scenario, phase="dawn-briefing", active=side)
    p = dawn.plan(Position(scenario, state), side)
    p.update(changes)
    return p


def test_r23_a_a_reinforcement_due_enters_at_an_entry_hex_of_its_edge():
    scenario = _quiet()
    state = _begun(scenario)
    assert "enter AR1 A-0104" in legal(scenario, state) and "enter AR1 A-0205" in legal(scenario, state)
    state, _ = run(scenario, state, "enter AR1 A-0205")
    assert state.units["AR1"].location == "A-0205"


def test_r23_a_a_reinforcement_not_due_or_at_another_hex_is_refused():
    scenario = _quiet()
    state = _begun(scenario, plan=_plan(scenario, reinforcements={"AR1": "1pm"}))
    with pytest.raises(IllegalOrder) as err:
        run(scenario, state, "enter AR1 A-0104")
    assert err.value.rule == "R23.A"
    state = _begun(scenario)
    with pytest.raises(IllegalOrder):
        run(scenario, state, "enter AR1 A-0303")


def test_r23_a_an_entry_hex_holding_an_enemy_is_closed():
    scenario = _quiet()
    state = _begun(scenario, at={"X1": "A-0104"})
    assert [o for o in legal(scenario, state) if o.startswith("enter")] == ["enter AR1 A-0205"]


def test_r23_a_a_reinforcement_not_entered_comes_a_full_turn_later():
    scenario = _quiet()
    state = _begun(scenario)
    events = transport.finish(Position(scenario, state), FixedDice([]))
    after = fold(state, events)
    p = dawn.plan(Position(scenario, after), "allied")
    assert p["reinforcements"] == {}
    assert p["coming"] == [{"kind": "unit", "unit": "AR1", "n": 1, "turn": "1pm"}]
    delayed = next(e for e in events if e.kind == "reinforcements_delayed")
    assert "Day 1 Afternoon" in SYSTEM.describe(scenario, after, delayed)


def test_r16_d_supply_due_rides_the_truck_which_drives_along_roads_and_unloads():
    scenario = _quiet()
    state = _begun(scenario, plan=_plan(scenario, left=0, supply={"1am": 6},
                                        bridging=[{"kind": "boats", "turn": "1am"}]))
    truck = state.marker("A-0506", "truck", "T1")
    assert truck is not None and truck.value == 3  # two cars of Supply Points, one Boat
    assert "drive T1 A-0502" in legal(scenario, state) and "drive T1 A-0303" not in legal(scenario, state)
    state, _ = run(scenario, state, "drive T1 A-0502")
    after = fold(state, transport.finish(Position(scenario, state), FixedDice([])))
    assert after.marker("A-0502", "supply-points", "allied").value == 6
    assert after.marker("A-0502", "boats", "allied").value == 1
    assert not any(m.kind == "truck" for ms in after.markers.values() for m in ms)


def test_r16_d_1_wet_roads_cost_two_hexes_and_enemies_close_the_road():
    scenario = _quiet()
    state = position(scenario, phase="transport", active="allied")
    dry = transport.truck_reach(Position(scenario, state), "A-0506")
    assert dry["A-0502"] == 4 and "A-0501" not in dry  # next to the enemy across the join
    assert "A-0303" not in dry  # off the Highway and Road
    wet = fold(state, [Event.of("value_set", key="weather", value={"ground": "wet"})])
    assert transport.truck_reach(Position(scenario, wet), "A-0506")["A-0502"] == 2 + 2 * 2
    near = position(scenario, phase="transport", active="allied", at={"X1": "A-0402"})
    assert "A-0502" not in transport.truck_reach(Position(scenario, near), "A-0506")


def test_r16_d_2_a_cargo_bigger_than_the_truck_is_refused():
    scenario = _quiet()
    state = position(scenario, phase="transport", active="allied")
    state = fold(state, [Event.of("value_set", key="dawn.plan.allied",
                                  value=_plan(scenario, left=0, supply={"1am": 30}))])
    events = transport.begin(Position(scenario, state), FixedDice([]))
    assert [e.kind for e in events if e.kind == "cargo_refused"] == ["cargo_refused"]


def test_r23_d_without_a_truck_supply_arrives_at_the_supply_entry_hex():
    scenario = load(edit={**NO_LANDINGS, 'kind = "truck"\n': 'kind = "truck"\ndays = [2]\n'})
    state = _begun(scenario, plan=_plan(scenario, left=0, supply={"1am": 6}))
    assert state.marker("A-0104", "supply-points", "allied").value == 6


def test_r16_the_phase_is_skipped_when_nothing_arrives():
    scenario = _quiet()
    state = _begun(scenario, side="axis")
    assert transport.idle(Position(scenario, state))


def test_r23_a_a_reinforcement_not_entered_at_night_comes_the_next_morning():
    scenario = _quiet()
    state = _begun(scenario, turn=2, plan=_plan(scenario, reinforcements={"AR1": "1nt"}))
    assert transport.due(Position(scenario, state)) == ["AR1"]
    state = fold(state, transport.finish(Position(scenario, state), FixedDice([])))
    morning = fold(state, [Event.of("phase_began", turn=3, phase="transport", side="allied")])
    assert transport.due(Position(scenario, morning)) == ["AR1"]
    assert "enter AR1 A-0104" in legal(scenario, morning)


def test_r16_d_3_a_truck_entering_next_to_an_enemy_is_removed_with_its_cargo():
    scenario = _quiet()
    state = position(scenario, phase="transport", active="allied", at={"X1": "A-0406"})
    state = fold(state, [Event.of("value_set", key="dawn.plan.allied",
                                  value=_plan(scenario, left=0, supply={"1am": 6}))])
    events = transport.begin(Position(scenario, state), FixedDice([]))
    after = fold(state, events)
    assert after.marker("A-0506", "truck", "T1") is None
    assert after.marker("A-0506", "supply-points", "allied") is None
    caught = next(e for e in events if e.kind == "truck_caught")
    assert "R16.D.3" in SYSTEM.describe(scenario, after, caught)


def test_r16_r23_a_the_prompt_fits_a_line_and_each_order_says_what_it_does():
    scenario = _quiet()
    state = _begun(scenario)
    assert (SYSTEM.prompt(scenario, state)
            == "Allies, Day 1 Morning: bring on this Full Turn's arrivals, then end (R16)")
    assert SYSTEM.order_note(scenario, state, Order.parse("enter AR1 A-0104")) == (
        "AR1 comes on at A-0104, an entry hex of its map edge (R23.A)")
    note = SYSTEM.order_note(scenario, state, Order.parse("rail R1 A-0604|A-0704"))
    assert note == "Train R1 runs to A-0604|A-0704; an enemy beside the line may wreck it (R16.C.1, R16.C.3)"
    explained = SYSTEM.explain(scenario, _begun(scenario), Order.parse("rail R1 A-0604|A-0704"))
    assert "railline" in explained.summary


def test_r23_a_r9_a_reinforcement_not_entered_in_the_afternoon_comes_the_next_morning_without_night_turns():
    scenario = _quiet()
    state = _begun(scenario, turn=1, plan=_plan(scenario, reinforcements={"AR1": "1pm"}))
    state = fold(state, transport.finish(Position(scenario, state), FixedDice([])))
    assert dawn.plan(Position(scenario, state), "allied")["coming"][-1]["turn"] == "2am"


def test_r23_d_supply_does_not_arrive_through_an_entry_hex_the_enemy_holds():
    scenario = load(edit={**NO_LANDINGS, 'kind = "truck"\n': 'kind = "truck"\ndays = [2]\n'})
    state = position(scenario, phase="transport", active="allied", at={"X1": "A-0104"})
    state = fold(state, [Event.of("value_set", key="dawn.plan.allied",
                                  value=_plan(scenario, left=0, supply={"1am": 6}))])
    events = transport.begin(Position(scenario, state), FixedDice([]))
    after = fold(state, events)
    assert after.marker("A-0104", "supply-points", "allied") is None
    blocked = next(e for e in events if e.kind == "supply_blocked")
    assert "R23.D" in SYSTEM.describe(scenario, after, blocked)
