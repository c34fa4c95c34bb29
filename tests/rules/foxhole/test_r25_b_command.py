"""Foxhole R25.B (optional "command-activation"): Headquarters activate the units that act."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.foxhole import SYSTEM, barrage, command
from tui_wargame.rules.foxhole.position import PINNED, SUPPRESSED, Position

ON = {"command-activation": "on"}
SCENARIO = load()
#: AHQ a Regimental HQ, A2 a Battalion HQ under it.
AHQ_TRAITS = 'traits = ["hq"]\nstart = "A-0504"'
CHAIN = load(edit={AHQ_TRAITS: 'traits = ["hq", "echelon:regiment"]\nstart = "A-0504"',
                   'traits = ["infantry"]\nstart = "A-0501"': 'traits = ["hq"]\nstart = "A-0501"'})


def _state(scenario=SCENARIO, phase="barrage", options=ON, **kw):
    return position(scenario, phase=phase, active="allied", options=options, **kw)


def test_r25_b_1_a_battalion_hq_activates_two_and_twice_as_many_if_it_stays_put():
    state, _ = run(SCENARIO, _state(), "activate AHQ A1 A2")
    pos = Position(SCENARIO, state)
    assert command.activator(pos, "A1") == "AHQ" and command.may_act(pos, "A2") is None
    state, _ = run(SCENARIO, state, "activate AHQ AE AMC")
    pos = Position(SCENARIO, state)
    assert command.may_act(pos, "AMC") is None
    assert state.values["command"]["holding"] == ("AHQ",)  # it doubled by not moving
    with pytest.raises(IllegalOrder, match="no more units"):
        run(SCENARIO, state, "activate AHQ AMO")


def test_r25_b_1_vehicles_count_half():
    state, _ = run(SCENARIO, _state(), "activate AHQ A1 AT1")
    pos = Position(SCENARIO, state)
    assert command.used(pos, "AHQ") == Fraction(3, 2) and "AHQ" not in state.values["command"]["holding"]


def test_r25_b_reduced_adjacent_suppressed_and_pinned_hqs_activate_less():
    def cap(**kw):
        return command.capacity(Position(SCENARIO, _state(**kw)), "AHQ", False).value

    assert cap() == 2
    assert cap(steps={"AHQ": 1}) == 1
    assert cap(at={"X1": "A-0503"}) == 1  # next to A-0504
    assert cap(flags={"AHQ": [SUPPRESSED]}) == 1
    assert cap(flags={"AHQ": [PINNED]}) == Fraction(2, 3)
    assert cap(steps={"AHQ": 1}, at={"X1": "A-0503"}) == Fraction(1, 2)  # one less, then halved (R2.D)


def test_r25_b_1_2_an_hq_activated_from_above_activates_twice_as_many():
    state, _ = run(CHAIN, _state(CHAIN, at={"A2": "A-0503"}), "activate AHQ A2")
    pos = Position(CHAIN, state)
    assert command.from_above(pos, "A2") and command.capacity(pos, "A2", False).value == 4
    assert command.may_act(pos, "A2") is None
    state, _ = run(CHAIN, state, "activate A2 A1 AE AMC AMO")  # four, without staying put
    assert command.may_act(Position(CHAIN, state), "A2") is None
    with pytest.raises(IllegalOrder, match="cannot activate itself"):
        run(CHAIN, _state(CHAIN), "activate A2 A2")


def test_r25_b_an_hq_held_to_double_may_not_act():
    state, _ = run(CHAIN, _state(CHAIN, at={"A2": "A-0503"}), "activate AHQ A2",
                   "activate A2 A1 AE AMC AMO AT1")
    assert "stays put" in command.may_act(Position(CHAIN, state), "A2").message


def test_r25_b_3_a_divisional_hq_is_always_activated():
    scenario = load(edit={AHQ_TRAITS: 'traits = ["hq", "echelon:division"]\nstart = "A-0504"'})
    pos = Position(scenario, _state(scenario))
    assert command.may_act(pos, "AHQ") is None and command.may_act(pos, "A1") is not None


def test_r25_b_activation_lasts_one_player_turn_and_binds_only_the_acting_side():
    state, _ = run(SCENARIO, _state(), "activate AHQ A1")
    later = fold(state, [Event.of("phase_began", turn=0, phase="barrage", side="axis")])
    pos = Position(SCENARIO, later)
    assert command.may_act(pos, "X1") is not None  # the Axis now acts and must activate
    assert command.may_act(Position(SCENARIO, state), "X1") is None  # reacting: no activation
    assert command.may_act(Position(SCENARIO, _state(options={})), "A1") is None  # rule not in play


def test_r25_b_activate_is_listed_in_a_player_turn_only():
    assert "activate AHQ A1" in legal(SCENARIO, _state())
    dawn = position(SCENARIO, phase="dawn-briefing", active="allied", options=ON)
    assert not any(o.startswith("activate") for o in legal(SCENARIO, dawn))


def test_r25_b_the_system_refuses_and_hides_unit_orders_until_activated(monkeypatch):
    def probe(pos, order, dice):
        return [Event.of("unit_flagged", unit=order.args[0], flag="acted")]

    monkeypatch.setattr(barrage, "ORDERS", {"probe": probe})
    monkeypatch.setattr(barrage, "orders", lambda pos: [Order("probe", ("A1",)), Order("probe", ("A2",))])
    monkeypatch.setattr(barrage, "blocks_end", lambda pos: None)
    state = _state()
    assert "probe A1" not in legal(SCENARIO, state)
    with pytest.raises(IllegalOrder, match="Command Activated"):
        run(SCENARIO, state, "probe A1")
    state, _ = run(SCENARIO, state, "activate AHQ A1")
    assert "probe A1" in legal(SCENARIO, state) and "probe A2" not in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "probe A1")
    assert state.units["A1"].has("acted")


def test_r25_b_every_acting_unit_an_order_names_needs_activation(monkeypatch):
    def probe(pos, order, dice):
        return [Event.of("unit_flagged", unit=u, flag="acted") for u in order.args[1:]]

    monkeypatch.setattr(barrage, "ORDERS", {"strike": probe})
    monkeypatch.setattr(barrage, "orders", lambda pos: [Order("strike", ("B-0307", "A1", "A2"))])
    monkeypatch.setattr(barrage, "blocks_end", lambda pos: None)
    state, _ = run(SCENARIO, _state(), "activate AHQ A1")
    assert not any(o.startswith("strike") for o in legal(SCENARIO, state))
    with pytest.raises(IllegalOrder, match="A2 has not been Command Activated"):
        run(SCENARIO, state, "strike B-0307 A1 A2")
    state, _ = run(SCENARIO, state, "activate AHQ A2")
    assert "strike B-0307 A1 A2" in legal(SCENARIO, state)


def test_r25_b_the_explanation_shows_the_capacity_and_its_modifiers():
    state = _state(steps={"AHQ": 1})
    found = SYSTEM.explain(SCENARIO, state, Order.parse("activate AHQ A1 AT1"))
    text = "\n".join(line.text for line in found.lines)
    assert "activates 1 non-Vehicle" in text and "Reduced (R25.B)" in text and "these cost 3/2" in text
    assert SYSTEM.explain(SCENARIO, state, Order.parse("activate A1 A2")).rule == "R25.B"


def test_r25_b_what_the_rules_force_needs_no_activation(monkeypatch):
    def probe(pos, order, dice):
        return [Event.of("unit_flagged", unit=order.args[0], flag="acted")]

    monkeypatch.setattr(barrage, "ORDERS", {"probe": probe})
    monkeypatch.setattr(barrage, "orders", lambda pos: [Order("probe", ("A1",))])
    monkeypatch.setattr(barrage, "blocks_end", lambda pos: Refusal("A1 must Assault", "R20.E.2"))
    state = _state()
    assert legal(SCENARIO, state)[0] == "probe A1"  # nothing else could be done: it is listed
    assert run(SCENARIO, state, "probe A1")[0].units["A1"].has("acted")
    monkeypatch.setattr(barrage, "orders", lambda pos: [Order("probe", ("A1",)), Order("probe", ("X1",))])
    assert "probe A1" not in legal(SCENARIO, state)  # another order is left: activation stands


def test_r25_b_beyond_radio_range_a_runner_traces_on_half_the_units_mps(monkeypatch):
    """R25.B: out of radio range, the unit may still be activated if it traces to the HQ as for
    supply (R12.A: half its MPs). The radio's range is shrunk to 1 hex to fit the proving ground."""
    monkeypatch.setattr(command, "RADIO_RANGE", 1)
    state = _state(at={"AHQ": "A-0504", "A1": "A-0502"})  # two hexes of Clear: 2 MPs, half of 4
    pos = Position(SCENARIO, state)
    assert command.runner(pos, "AHQ", "A1") and command.refusal(pos, "AHQ", "A1") is None
    far = Position(SCENARIO, _state(at={"AHQ": "A-0504", "A1": "B-0606"}))
    assert not command.runner(far, "AHQ", "A1")
    assert "runner" in command.refusal(far, "AHQ", "A1").message


def test_r25_b_an_activation_says_who_activates_whom_and_when_the_hq_is_held():
    state, events = run(SCENARIO, _state(), "activate AHQ A1 A2")
    report = next(e for e in events if e.kind == "activated")
    assert command.WORDS["activated"](Position(SCENARIO, state), report) == (
        "AHQ Command Activates A1, A2 for this player turn (R25.B)")
    state, events = run(SCENARIO, state, "activate AHQ AE AMC")
    report = next(e for e in events if e.kind == "activated")
    words = command.WORDS["activated"](Position(SCENARIO, state), report)
    assert "AHQ stays put to double its capacity" in words


@pytest.mark.parametrize("phase", ["transport", "supply-movement", "barrage", "activities-movement", "combat",
                                   "motorized-movement", "vehicle-assault"])
def test_r25_b_every_phase_prompt_says_to_activate_first_while_units_wait(phase):
    assert "activate units first (R25.B)" in SYSTEM.prompt(SCENARIO, _state(phase=phase))
    assert "R25.B" not in SYSTEM.prompt(SCENARIO, _state(phase=phase, options={}))  # not in play


def test_r25_b_the_prompt_stops_asking_once_no_unit_can_be_activated():
    state = _state()
    for order in [o for o in legal(SCENARIO, state) if o.startswith("activate ")]:
        try:
            state, _ = run(SCENARIO, state, order)
        except IllegalOrder:
            continue  # capacity used up by the earlier ones
    assert not [o for o in legal(SCENARIO, state) if o.startswith("activate ")]
    assert "R25.B" not in SYSTEM.prompt(SCENARIO, state)
