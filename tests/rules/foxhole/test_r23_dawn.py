"""Foxhole R23 (R14.D, R8.C.4): the Dawn Briefing's plan and what it makes available."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, dawn
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()
SUPPORTS = """[[rules.support]]
id = "navy"
side = "allied"
"""
THREE = SUPPORTS + SUPPORTS.replace("navy", "navy2") + SUPPORTS.replace("navy", "navy3")


NIGHTS = {"night-turns": "on"}  # R9: Night player turns, so that the Night is a Full Turn to plan for


def _dawn(scenario=SCENARIO, side="allied", options=NIGHTS):
    return position(scenario, phase="dawn-briefing", active=side, options=options)


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
    events = dawn.publish(Position(scenario, state))
    return fold(state, events), events


def _weather(atmosphere):
    return Event.of("value_set", key="weather", value={"atmosphere": atmosphere})


def test_r23_b_c_the_support_and_sorties_due_are_available_in_their_full_turn():
    briefed, _ = run(SCENARIO, _dawn(), "sortie jabo 1pm")
    plan = Event.of("value_set", key="dawn.plan.allied", value=dawn.plain(briefed.values["dawn.plan.allied"]))
    afternoon = position(SCENARIO, phase="transport", active="allied", turn=1, events=[plan])
    after, _ = _published(SCENARIO, afternoon)
    pos = Position(SCENARIO, after)
    assert dawn.available(pos, "allied") == [{"kind": "air", "id": "jabo", "siege": False, "range": 0,
                                               "turn": 1}]
    assert dawn.available(pos, "axis") == []


def test_r23_c_a_gun_sortie_carries_its_range_and_is_used_once():
    state = position(SCENARIO, phase="transport", active="allied")
    after, _ = _published(SCENARIO, state)
    pos = Position(SCENARIO, after)
    assert dawn.available(pos, "axis") == [{"kind": "gun", "id": "rail-gun", "siege": False, "range": 30,
                                            "turn": 0}]
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
    from tests.rules.foxhole.helpers import FixedDice
    from tui_wargame.rules.foxhole import sequence

    state = position(SCENARIO, phase="weather", active="allied")
    events = sequence.begin_phase(Position(SCENARIO, state), 0, "transport", "allied",
                                  FixedDice([1] * 5))  # the drop and the landings come down too
    after = fold(state, events)
    assert after.phase == "transport" and "dawn.available" in after.values
    assert [e["id"] for e in dawn.available(Position(SCENARIO, after), "allied")] == ["navy", "jabo"]


DELAYED = load(edit={"points = 6\n": "points = 6\ndelay = 2\n",
                     'units = ["AR1"]\n': 'units = ["AR1"]\ndelay = 4\n'})


def test_r25_d_5_delayed_orders_come_that_many_full_turns_later():
    state, _ = run(DELAYED, _dawn(DELAYED), "supply 2 1pm", "reinforce AR1 1pm")
    after = fold(state, dawn.finish(Position(DELAYED, state), None))
    p = _plan(DELAYED, after)
    assert p["supply"] == {} and p["reinforcements"] == {}
    assert {(c["kind"], c["n"], c["turn"]) for c in p["coming"]} == {
        ("supply-points", 2, "2am"), ("supply-points", 4, "1nt"), ("unit", 1, "2nt")}


def test_r25_d_5_what_is_coming_is_kept_into_the_next_day():
    state, _ = run(DELAYED, _dawn(DELAYED), "reinforce AR1 1pm")
    after = fold(state, dawn.finish(Position(DELAYED, state), None))
    day2 = fold(after, [Event.of("phase_began", turn=3, phase="dawn-briefing", side="allied")])
    assert [c["unit"] for c in _plan(DELAYED, day2)["coming"] if c["kind"] == "unit"] == ["AR1"]
    night = fold(day2, [Event.of("phase_began", turn=5, phase="transport", side="allied")])
    assert dawn.scheduled(Position(DELAYED, night), "allied", "reinforcements") == ["AR1"]


def test_r25_d_5_a_negative_delay_is_refused():
    from tui_wargame.scenario_file import ScenarioError

    with pytest.raises(ScenarioError) as err:
        load(edit={"points = 6\n": "points = 6\ndelay = -1\n"})
    assert "rules.allowance[0].delay" in str(err.value)


def test_r23_a_reinforcements_enter_at_the_maps_edge_and_trucks_on_roads():
    from tui_wargame.scenario_file import ScenarioError

    with pytest.raises(ScenarioError) as err:
        load(edit={'entry = ["A-0104", "A-0205"]': 'entry = ["A-0303"]'})
    assert "rules.reinforcements[0].entry: A-0303 not on the map's edge (R23.A)" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        load(edit={'entry = ["A-0506"]\nexit = ["A-0506"]': 'entry = ["A-0104"]\nexit = ["A-0506"]'})
    assert "rules.transports[0].entry: A-0104 on no Highway or Road (R16.D)" in str(err.value)


def test_r23_c_r8_b_the_briefing_shows_the_forecast_for_the_turn_chosen():
    forecast = Event.of("value_set", key="weather", value={"forecast": {"1pm": {"atmosphere": "storm"}}})
    state = position(SCENARIO, phase="dawn-briefing", active="allied", events=[forecast])
    explained = SYSTEM.explain(SCENARIO, state, Order.parse("sortie jabo 1pm"))
    assert "R23.C" in explained.summary and explained.lines[0].text == "forecast for 1pm: storm"


def test_r25_a_1_an_air_sortie_from_the_map_names_its_airfield():
    scenario = load(edit={'id = "jabo"\nside = "allied"\nkind = "air"': 'id = "jabo"\nside = "allied"\n'
                          'kind = "air"\nairfield = "A-0904"'})
    after, _ = _published(scenario, position(scenario, phase="transport", active="allied"))
    assert dawn.available(Position(scenario, after), "allied")[1]["airfield"] == "A-0904"
    from tui_wargame.scenario_file import ScenarioError

    with pytest.raises(ScenarioError) as err:
        load(edit={'kind = "gun"\nrange = 30': 'kind = "gun"\nrange = 30\nairfield = "A-0904"'})
    assert "rules.sorties[1].airfield" in str(err.value)


RICH = load(edit={"points = 6": "points = 45"})  # the Allies' allowance: more than one Truck-load


def test_r16_d_2_r25_d_5_the_briefing_sends_no_more_supply_in_a_turn_than_the_truck_carries():
    state = _dawn(RICH)
    with pytest.raises(IllegalOrder) as err:
        run(RICH, state, "supply 16 1am")  # four cars; the Truck has three
    assert err.value.rule == "R16.D.2" and "3 cars" in err.value.reason
    state, _ = run(RICH, state, "supply 15 1am")
    with pytest.raises(IllegalOrder):
        run(RICH, state, "buy boats 1am")
    orders = legal(RICH, state)
    assert "buy boats 1pm" in orders and "supply 1 1am" not in orders and "supply 1 1pm" in orders


def test_r16_d_2_r25_d_5_what_is_left_fills_the_trucks_turns_and_the_rest_does_not_come():
    state, _ = run(RICH, _dawn(RICH), "supply 15 1am", "buy boats 1pm")  # 29 left; 1pm has 2 cars free
    events = dawn.finish(Position(RICH, state), None)
    after = fold(state, events)
    assert _plan(RICH, after)["supply"] == {"1am": 15, "1pm": 10, "1nt": 15}
    unsent = next(e for e in events if e.kind == "allowance_unsent")
    assert unsent["n"] == 4 and "R16.D.2" in SYSTEM.describe(RICH, after, unsent)


def test_r23_the_prompt_gives_the_plan_and_each_order_says_what_it_changes():
    state = _dawn()
    prompt = SYSTEM.prompt(SCENARIO, state)
    assert prompt.startswith("Allies, Day 1 Morning: Dawn Briefing (R23): time the arrivals, then end.")
    # the Full Turns by name, their ids (which read like clock times) only as the orders' words
    assert "Today: Morning, Afternoon, Night (in orders 1am, 1pm, 1nt)" in prompt
    assert "reinforcements AR1 Morning; Support Navy Morning; Sorties Jabo Morning" in prompt
    assert "; untimed arrivals come in the Morning. Plan: " in prompt  # what happens to the rest, in words
    assert "reinforce UNIT TURN" not in prompt  # the forms are the orders' notes, for a prompt that fits
    note = SYSTEM.order_note(SCENARIO, state, Order.parse("reinforce AR1 1pm"))
    assert note == "AR1 enters at its map edge in the Afternoon (R23.A)"
    assert (SYSTEM.order_note(SCENARIO, state, Order.parse("load R1 supply"))
            == "put supply aboard R1 (R16.C.2)")
    # one Support: nothing to sacrifice
    assert not [o for o in legal(SCENARIO, state) if o.startswith("siege")]
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, _dawn(), "support navy 3am")
    assert "Night (in orders 1am, 1pm, 1nt)" in err.value.reason


def test_r25_d_5_the_prompt_says_what_is_delayed_and_what_is_still_coming():
    state, _ = run(DELAYED, _dawn(DELAYED), "reinforce AR1 1pm")
    assert "reinforcements come 4 Full Turns after the one chosen (R25.D.5)" in SYSTEM.prompt(DELAYED, state)
    one = load(edit={'units = ["AR1"]\n': 'units = ["AR1"]\ndelay = 1\n'})
    # not Turns
    assert "reinforcements come 1 Full Turn after the one chosen" in SYSTEM.prompt(one, _dawn(one))
    after = fold(state, dawn.finish(Position(DELAYED, state), None))
    day2 = fold(after, [Event.of("phase_began", turn=3, phase="dawn-briefing", side="allied")])
    assert "still coming: AR1 Night" in SYSTEM.prompt(DELAYED, day2)


def test_r9_r23_without_night_player_turns_nothing_is_sent_in_the_night():
    state = _dawn(options={})
    assert not [o for o in legal(SCENARIO, state) if o.endswith("1nt")]
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "sortie jabo 1nt")
    assert err.value.rule == "R9" and "night-turns" in err.value.reason
    assert "Today: Morning, Afternoon (in orders 1am, 1pm);" in SYSTEM.prompt(SCENARIO, state)
    rich = _dawn(RICH, options={})
    events = dawn.finish(Position(RICH, rich), None)  # 45 points: 15 and 15 ride, 15 do not come
    assert _plan(RICH, fold(rich, events))["supply"] == {"1am": 15, "1pm": 15}


def test_r25_d_5_r9_a_delay_ending_in_an_unplayed_night_comes_the_next_morning():
    state, _ = run(DELAYED, _dawn(DELAYED, options={}), "supply 2 1pm")  # 1pm + 2, 1am + 2: both 2am
    p = _plan(DELAYED, fold(state, dawn.finish(Position(DELAYED, state), None)))
    coming = {(c["n"], c["turn"]) for c in p["coming"] if c["kind"] == "supply-points"}
    assert coming == {(2, "2am"), (4, "2am")}


def test_r23_c_a_sortie_moves_only_to_another_turn_and_every_listed_order_changes_the_plan():
    state, _ = run(SCENARIO, _dawn(), "sortie jabo 1pm")
    orders = legal(SCENARIO, state)
    assert "sortie jabo 1pm" not in orders and {"sortie jabo 1am", "sortie jabo 1nt"} <= set(orders)
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "sortie jabo 1pm")  # no order that leaves the plan as it was
    assert err.value.rule == "R23.C" and "already" in err.value.reason
    before = _plan(SCENARIO, state)
    for order in orders:
        if order.split()[0] in ("sortie", "support", "reinforce", "transport"):
            after, _ = run(SCENARIO, state, order)
            assert _plan(SCENARIO, after) != before, order
