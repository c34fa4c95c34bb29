"""Foxhole R13-R15: the Day, the Full Turn and the Player Turn (sequence.py)."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.dice import Dice
from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import sequence
from tui_wargame.rules.foxhole.position import EXPENDED, OVERWATCH, PINNED, TRACED, Position

SCENARIO = load()


def _walk(state, steps: int) -> list[tuple[int, str, str]]:
    """The next `steps` steps of the sequence from `state`, as `_next` gives them."""
    pos = Position(SCENARIO, state)
    found = []
    for _ in range(steps):
        nxt = sequence._next(pos)
        if nxt is None:
            break
        found.append(nxt)
        turn, phase, side = nxt
        pos = pos.at(fold(pos.state, [Event.of("phase_began", turn=turn, phase=phase, side=side)]))
    return found


def test_r13_a_a_full_turn_is_the_offensive_then_the_defensive_player_turn_of_seven_phases():
    state = position(SCENARIO, phase=sequence.WEATHER, active="allied")
    walked = _walk(state, 14)
    assert walked == ([(0, p, "allied") for p in sequence.PLAYER_TURN]
                      + [(0, p, "axis") for p in sequence.PLAYER_TURN])


def test_r13_a_after_the_defensive_player_the_next_full_turn_begins_with_its_weather():
    state = position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="axis")
    assert _walk(state, 2) == [(1, sequence.WEATHER, "allied"), (1, sequence.TRANSPORT, "allied")]


def test_r9_a_night_full_turn_is_its_weather_alone_without_night_player_turns():
    state = position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="axis", turn=1)
    assert _walk(state, 3) == [(2, sequence.WEATHER, "allied"), (3, sequence.DAWN, "axis"),
                               (3, sequence.DAWN, "allied")]


def test_r9_night_player_turns_are_played_when_the_players_agree():
    state = position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="axis", turn=1,
                     options={"night-turns": "on"})
    assert _walk(state, 2) == [(2, sequence.WEATHER, "allied"), (2, sequence.TRANSPORT, "allied")]


def test_r14_the_dawn_briefing_comes_before_each_days_first_full_turn_defensive_first():
    state = position(SCENARIO, phase=sequence.DAWN, active="axis", turn=3)
    assert _walk(state, 2) == [(3, sequence.DAWN, "allied"), (3, sequence.WEATHER, "allied")]


def test_r14_the_last_full_turn_is_followed_by_the_end_of_the_game():
    last = len(SCENARIO.turns) - 1
    state = position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="axis", turn=last - 1)
    assert _walk(state, 2) == [(last, sequence.WEATHER, "allied")]  # a Night: its weather, then no more
    events = sequence.advance(Position(SCENARIO, state), Dice(1, 1))
    assert [e["turn"] for e in events if e.kind == "phase_began"] == [last]
    assert "game_ended" in [e.kind for e in events]  # then the carry-over report (R4.E)


def test_r15_the_offensive_player_takes_his_overwatch_off_as_his_turn_begins():
    state = position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="axis",
                     flags={"A1": [OVERWATCH]})
    after = fold(state, sequence.advance(Position(SCENARIO, state), Dice(2, 1)))
    assert after.active == "allied" and not after.units["A1"].has(OVERWATCH)


def test_r15_r22_f_the_acting_players_pins_and_the_defensive_players_expended_markers_come_off():
    state = position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="axis",
                     flags={"X1": [PINNED, EXPENDED, TRACED], "XV": [PINNED], "A1": [PINNED]})
    ended = fold(state, sequence._end_of_player_turn(Position(SCENARIO, state)))
    assert not ended.units["X1"].has(PINNED) and not ended.units["X1"].has(EXPENDED)
    assert not ended.units["X1"].has(TRACED)  # what a unit did this turn is forgotten
    assert ended.units["XV"].has(PINNED)  # a Motorized unit keeps its Pin (R21.C un-pins it)
    assert ended.units["A1"].has(PINNED)  # not the acting player's


def test_r15_the_offensive_players_expended_markers_stay_at_the_end_of_his_turn():
    state = position(SCENARIO, phase=sequence.VEHICLE_ASSAULT, active="allied", flags={"A1": [EXPENDED]})
    ended = fold(state, sequence._end_of_player_turn(Position(SCENARIO, state)))
    assert ended.units["A1"].has(EXPENDED)
