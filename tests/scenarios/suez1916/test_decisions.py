"""The decisions a combat result asks for, every answer in words (F&M 7.6-7.9 as Suez 10.3 changes
them, Suez 18.1): what the screens offer by themselves, with a warning before an answer that
costs a unit its last step."""

from __future__ import annotations

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run, suez
from tui_wargame.model import Event, Order, State, fold
from tui_wargame.rules.capabilities import Capabilities, Decision
from tui_wargame.rules.fm import SYSTEM

CAPS = Capabilities(SYSTEM)


def resolved(state: State, result: str, *orders: str) -> State:
    """`orders` given, then the last attack resolved with the first die face giving `result`."""
    for die in range(1, 7):
        after, events = run(state, *orders, dice=[die])
        if of_kind(events, "combat")[0]["result"] == result:
            return after
    raise AssertionError(f"no die gives {result}")


def decision(state: State) -> Decision:
    found = CAPS.decision(suez(), state)
    assert found is not None
    return found


def test_10_3_a3_warns_that_the_step_loss_after_the_retreat_eliminates_a_unit_on_its_last_step() -> None:
    state = position({"31-1": "0842", "125a": "0843"}, clear=True, turn="4am", phase="combat",
                     flags={"125a": "activated"})
    last_step = fold(state, [Event.of("step_lost", unit="31-1", steps=1)])
    state = resolved(last_step, "A3", "attack 0843 0842", "end", "resolve 0843")
    told = decision(state)
    retreats = [r for r in told.replies if r.order.verb == "retreat"]
    assert {r.order.text for r in retreats} == set(legal(state)) and told.finish is None
    assert all(r.unit == "31-1" and r.hex == r.order.args[-1] for r in retreats)
    assert all(r.warning == "the step loss that follows eliminates 1/31st Infantry Regiment (31-1): "
               "it has 1 step left (F&M 7.6)" for r in retreats)
    assert retreats[0].text.startswith("1/31st Infantry Regiment (31-1) retreats to ")


def test_10_3_a3_with_two_steps_left_warns_of_nothing() -> None:
    state = position({"31-1": "0842", "125a": "0843"}, clear=True, turn="4am", phase="combat",
                     flags={"125a": "activated"})
    state = resolved(state, "A3", "attack 0843 0842", "end", "resolve 0843")
    assert not any(r.warning for r in decision(state).replies)


def test_7_8_depleting_a_unit_on_its_last_step_is_said_to_eliminate_it() -> None:
    state = position({"31-1": "0842", "comp-cav": "0943", "31-2": "0743", "yeo": "0843"}, clear=True,
                     turn="4am", phase="combat")
    state = fold(state, [Event.of("step_lost", unit="yeo", steps=1)])
    state = resolved(state, "D2", "attack 0843 0842", "attack 0843 0943", "attack 0843 0743", "end",
                     "resolve 0843")
    told = decision(state)
    (deplete,) = [r for r in told.replies if r.order.verb == "deplete"]
    assert deplete.hex == "" and "this eliminates it (F&M 7.6)" in deplete.warning
    assert not any(r.warning for r in told.replies if r.order.verb == "retreat")  # no loss follows D2


def test_7_9_the_advance_offers_stop_as_its_finish_each_answer_in_words() -> None:
    state = position({"31-1": "0842", "comp-cav": "0943", "31-2": "0743", "yeo": "0843"}, clear=True,
                     turn="4am", phase="combat")
    state = resolved(state, "D2", "attack 0843 0842", "attack 0843 0943", "attack 0843 0743", "end",
                     "resolve 0843")
    state, _ = run(state, "retreat yeo 0844 0845")
    told = decision(state)
    assert told.finish == Order("stop") and Order("stop") in [r.order for r in told.replies]
    assert {r.order.text for r in told.replies} == set(legal(state))
    texts = {r.order.text: r.text for r in told.replies}
    assert texts["advance 31-1 0843"] == "1/31st Infantry Regiment (31-1) advances into 0843 (Suez 10.3)"
    assert texts["stop"] == "no more units advance (Suez 10.3)"
    assert not any(r.hex for r in told.replies)  # an advance is chosen from the list


def test_18_1_defensive_fire_finishes_with_done() -> None:
    state = position({"31-1": "0842", "yeo": "0843"}, turn="4am", phase="combat")
    state, _ = run(state, "attack 0843 0842", "end")
    assert state.pending is not None and state.pending.side == "british"
    told = decision(state)
    assert told.finish == Order("done")
    assert {r.order.text for r in told.replies} == set(legal(state))
    assert any(r.order.verb == "bombard" and "face-down fire-support marker" in r.text for r in told.replies)


def test_no_decision_is_owed_in_the_movement_phase() -> None:
    assert CAPS.decision(suez(), position({"31-1": "0842"}, clear=True)) is None


def test_the_line_of_each_order_names_what_end_really_ends_and_the_unfamiliar_orders() -> None:
    note = CAPS.order_note
    movement = position({"31-1": "0842", "yeo": "0843"}, clear=True)
    assert note(suez(), movement, Order("end")) == ("end the Central Powers movement phase; the combat "
                                                   "phase follows (F&M 4.0)")
    declaring, _ = run(position({"31-1": "0842", "yeo": "0843"}, clear=True, phase="combat"),
                       "attack 0843 0842")
    assert note(suez(), declaring, Order("end")).startswith("end the declaration of Central Powers attacks")
    assert note(suez(), declaring, Order("kress", ("0843",))) == (
        "Kress von Kressenstein assists the attack on 0843: one column right (Suez 13.1)")
    assert "face-down fire-support marker on 0843" in note(suez(), declaring, Order("bombard", ("0843",)))
    assert note(suez(), declaring, Order("air", ("air", "0843"))).endswith(" bombards 0843 (Suez 18.0)")
    assert note(suez(), movement, Order("rail", ("train", "0339", "0439"))).endswith("(Suez 16.0)")
    assert note(suez(), movement, Order("displace", ("31-1", "0843"))) == (
        "1/31st Infantry Regiment (31-1) moves out of the overstacked hex to 0843 (Suez 17.1)")
    assert note(suez(), movement, Order("displace", ("31-1",))) == ""  # being typed: nothing yet
    assert note(suez(), movement, Order("frobnicate")) == ""
