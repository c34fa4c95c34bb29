"""Foxhole R25.C.1b-c (optional "environment"): fire after attacks in Dry ground, and its smoke."""

from __future__ import annotations

from tests.rules.foxhole.helpers import FixedDice, legal, load, position, run
from tui_wargame.model import Event, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, fire
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()
ON = {"environment": "on"}
WOODS = "A-0403"  # fire 3 in 10, burns to Scrub


def _state(*events: Event, at=None, options=ON):
    return position(SCENARIO, phase="combat", active="allied", at=at or {"A1": WOODS}, events=events,
                    options=options)


def _weather(**facts) -> Event:
    return Event.of("value_set", key="weather", value=facts)


def test_r25_c_1b_a_fight_in_dry_ground_sets_the_hex_afire():
    state = _state()
    events = fire.after_attack(Position(SCENARIO, state), WOODS, "fight", [], FixedDice([3]))
    after = fold(state, events)
    assert events[0].kind == "fire-check" and events[0]["fire"] and events[0]["chance"] == 3
    assert after.marker(WOODS, "fire").value == 0
    assert after.marker(WOODS, "burnt-out").value == "scrub"
    assert after.marker(WOODS, "burnt-out").side == "allied"  # the attacker set it (R24.D.5)
    assert Position(SCENARIO, after).hex_type(WOODS).id == "scrub"
    assert after.pending.kind == fire.FLEE and after.pending.side == "allied"


def test_r25_c_1b_a_roll_above_the_chance_starts_no_fire():
    state = _state()
    events = fire.after_attack(Position(SCENARIO, state), WOODS, "assault", [], FixedDice([4]))
    assert [e.kind for e in events] == ["fire-check"] and not events[0]["fire"]


def test_r25_c_1b_no_check_in_wet_ground_after_smoke_or_without_the_option():
    wet = Position(SCENARIO, _state(_weather(ground="wet")))
    assert fire.after_attack(wet, WOODS, "fight", [], FixedDice([])) == []
    dry = Position(SCENARIO, _state())
    assert fire.after_attack(dry, WOODS, "smoke", [], FixedDice([])) == []
    off = Position(SCENARIO, _state(options={}))
    assert fire.after_attack(off, WOODS, "barrage", [], FixedDice([])) == []


def test_r7_a_5_a_assault_engineers_double_the_fire_chance():
    scenario = load(edit={'traits = ["engineer-combat"]': 'traits = ["engineer-assault"]'})
    state = position(scenario, phase="combat", active="allied", options=ON)
    pos = Position(scenario, state)
    events = fire.after_attack(pos, "B-0403", "assault", ["AE"], FixedDice([6]))
    assert events[0]["chance"] == 6 and events[0]["fire"]
    assert fire.after_attack(pos, "B-0403", "fight", ["AE"], FixedDice([6]))[0]["chance"] == 3


def test_r25_c_1b_a_burnt_out_hex_cannot_burn_again():
    state = _state(Event.of("marker_placed", place=WOODS, marker="burnt-out", value="scrub"))
    assert fire.after_attack(Position(SCENARIO, state), WOODS, "fight", [], FixedDice([])) == []


def test_r25_c_1b_a_unit_flees_to_an_adjacent_hex_or_is_reduced():
    state = _state(at={"A1": WOODS, "A2": WOODS})
    state = fold(state, fire.after_attack(Position(SCENARIO, state), WOODS, "fight", [], FixedDice([1])))
    answers = legal(SCENARIO, state)
    assert "flee A1 A-0402" in answers and "burn A2" in answers and "end" not in answers
    state, events = run(SCENARIO, state, "flee A1 A-0402")
    assert state.units["A1"].location == "A-0402" and state.pending.kind == fire.FLEE
    state, _ = run(SCENARIO, state, "burn A2")
    assert state.units["A2"].steps == 1 and state.units["A2"].location == WOODS and state.pending is None


def test_r25_c_1b_no_fleeing_next_to_an_enemy():
    state = _state(at={"A1": WOODS, "X1": "A-0303"})
    state = fold(state, fire.after_attack(Position(SCENARIO, state), WOODS, "fight", [], FixedDice([1])))
    answers = legal(SCENARIO, state)
    assert not any(a.startswith("flee A1 A-0402") or a.startswith("flee A1 A-0304") for a in answers)
    assert "flee A1 A-0504" in answers


def test_r25_c_1b_fleeing_obeys_the_stacking_rule_overstacking_included():
    """R25.C.1b "does not violate stacking": four units fill a hex (R10.A); with the overstacking
    rule (R10.D) a fifth may flee into it."""
    full = {"A1": WOODS, "A2": "A-0402", "AE": "A-0402", "AHQ": "A-0402", "AMC": "A-0402"}
    for options, allowed in ((ON, False), ({**ON, "overstacking": "on"}, True)):
        state = _state(at=full, options=options)
        state = fold(state, fire.after_attack(Position(SCENARIO, state), WOODS, "fight", [], FixedDice([1])))
        assert ("flee A1 A-0402" in legal(SCENARIO, state)) is allowed


def test_r25_c_1b_the_fire_spreads_after_two_full_player_turns_then_goes_out():
    state = _state(Event.of("marker_placed", place=WOODS, marker="fire", value=1), at={})
    pos = Position(SCENARIO, state)
    assert fold(state, fire.end_of_player_turn(pos, FixedDice([]))).marker(WOODS, "fire").value == 2
    state = _state(Event.of("marker_placed", place=WOODS, marker="fire", value=2),
                   Event.of("marker_placed", place=WOODS, marker="burnt-out", value="scrub"), at={})
    pos = Position(SCENARIO, state)
    burnable = [n for n in pos.neighbours(WOODS) if fire.fire_chance(pos, n) > 0]
    faces = [1] + [10] * (len(burnable) - 1)
    events = fire.end_of_player_turn(pos, FixedDice(faces))
    after = fold(state, events)
    spread = [e for e in events if e.kind == "fire-spread"]
    assert [e["hex"] for e in spread] == burnable and spread[0]["fire"]
    assert after.marker(WOODS, "fire") is None and after.marker(WOODS, "burnt-out") is not None
    assert after.marker(burnable[0], "fire") is not None


def test_r25_c_1c_smoke_stands_in_the_hex_drifts_in_a_breeze_and_vanishes_in_a_gale():
    calm = Position(SCENARIO, _state(at={}))
    assert fire.smoke_place(calm, WOODS) == WOODS
    breeze = Position(SCENARIO, _state(_weather(wind="breeze", direction="N"), at={}))
    assert fire.smoke_place(breeze, WOODS) == SCENARIO.grid.step(WOODS, "N")
    gale = Position(SCENARIO, _state(_weather(wind="gale", direction="N"), at={}))
    assert fire.smoke_place(gale, WOODS) is None
    events = fire.after_attack(calm, WOODS, "fight", [], FixedDice([1]))
    assert fold(calm.state, events).marker(WOODS, "smoke", "fire:" + WOODS) is not None


def test_r25_c_1c_the_smoke_follows_the_wind_while_the_fire_burns():
    state = _state(Event.of("marker_placed", place=WOODS, marker="fire", value=0),
                   Event.of("marker_placed", place=WOODS, marker="burnt-out", value="scrub"),
                   Event.of("marker_placed", place=WOODS, marker="smoke", id="fire:" + WOODS),
                   _weather(wind="breeze", direction="N"), at={})
    after = fold(state, fire.end_of_player_turn(Position(SCENARIO, state), FixedDice([])))
    north = SCENARIO.grid.step(WOODS, "N")
    assert after.marker(WOODS, "smoke", "fire:" + WOODS) is None
    assert after.marker(north, "smoke", "fire:" + WOODS) is not None


def test_r25_c_1b_a_unit_with_nowhere_to_flee_is_reduced_and_not_asked():
    # every neighbour holds an enemy unit
    around = SCENARIO.grid.adjacent(WOODS)
    blockers = dict(zip(["X1", "X2", "XMG", "XE", "XHQ", "XAT"], around))
    state = _state(at={"A1": WOODS, **blockers})
    events = fire.after_attack(Position(SCENARIO, state), WOODS, "fight", [], FixedDice([1]))
    after = fold(state, events)
    assert after.units["A1"].steps == 1 and after.pending is None


def test_r25_c_1b_an_assault_ends_by_clearing_refugees_then_checking_for_fire():
    from tui_wargame.rules.foxhole import engagement

    state = _state(Event.of("marker_placed", place=WOODS, marker="refugees"),
                   options={"environment": "on", "refugees": "on"})
    eng = {"target": WOODS, "kind": "assault", "attackers": ["AE"], "acting": "allied"}
    events = engagement._after(Position(SCENARIO, state), FixedDice([3]), eng)
    after = fold(state, events)
    assert after.marker(WOODS, "refugees") is None and after.marker(WOODS, "fire") is not None
    assert [e.kind for e in events][:2] == ["marker_removed", "fire-check"]


def test_r25_c_1b_a_barrage_fire_holds_the_alternation_until_the_units_have_chosen():
    from tui_wargame.rules.foxhole import resolve

    state = position(SCENARIO, phase="barrage", active="axis", at={"A1": WOODS}, options=ON)
    table = {"hex": WOODS, "side": "axis", "gun": 0}
    events = resolve._close(Position(SCENARIO, state), table, FixedDice([1]))
    after = fold(state, events)
    assert after.pending.kind == fire.FLEE and after.marker(WOODS, "burnt-out").side == "axis"
    assert not any(e.kind == "value_set" and e["key"] == "barrage.passed" for e in events)
    resumed = SYSTEM.resolve(SCENARIO, after, Order.parse("burn A1"), FixedDice([])).events
    assert any(e.kind == "value_set" and e["key"] in ("barrage.passed", "barrage.over")
               for e in resumed)  # only now the alternation hands on (R18.C)
