"""Suez 12.0 victory conditions: instant victories, the level table and control."""

from __future__ import annotations

from tests.scenarios.suez1916.helpers import legal, position, run, start, suez
from tui_wargame.model import Verdict
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.victory import final_verdict

SUEZ = suez()


def test_12_1_an_engineer_beside_the_canal_at_the_end_of_a_british_turn() -> None:
    state = position({"engineers": "0236", "155a": "2128"}, clear=True, turn="4am", active="british",
                     phase="combat")
    state, events = run(state, "end")
    assert state.result == Verdict("cp", "instant", "engineers stands beside the Suez Canal at 0236 "
                                                    "(Suez 12.1)")


def test_12_1_not_at_the_end_of_a_central_powers_turn_nor_for_other_units() -> None:
    state = position({"engineers": "0236", "155a": "2128"}, clear=True, turn="4am", active="cp",
                     phase="combat")
    state, _ = run(state, "end")
    assert state.result is None
    state = position({"31-1": "0236", "155a": "2128"}, clear=True, turn="4am", active="british",
                     phase="combat")
    state, _ = run(state, "end")
    assert state.result is None


def test_12_1_the_engineers_and_the_canal_as_the_planners_goal() -> None:
    """`instant_goals` states 12.1 as data: the engineers on the map and the hexes beside the canal
    (those where `instant_victory` finds them)."""
    pos = Position(SUEZ, position({"engineers": "0236", "31-1": "0235", "155a": "2128"}, clear=True,
                                  turn="4am", active="british", phase="combat"))
    (goal,) = pos.hooks.instant_goals(pos)
    assert goal.side == "cp" and goal.units == {"engineers"}
    assert {"0236", "0239", "0122"} <= goal.hexes and "0336" not in goal.hexes
    for label in sorted(goal.hexes | {"0336", "0337"}):  # each goal hex wins, a hex beside them does not
        there = pos.at(position({"engineers": label, "155a": "2128"}, clear=True, turn="4am",
                                active="british", phase="combat"))
        verdict = there.hooks.instant_victory(there, "end-of-player-turn")
        assert (verdict is not None) == (label in goal.hexes), label
    none = Position(SUEZ, position({"31-1": "0235"}, clear=True, turn="4am", active="british",
                                   phase="combat"))
    assert none.hooks.instant_goals(none) == ()


def test_12_2_british_instant_victory_when_no_central_powers_unit_is_on_the_map() -> None:
    state = position({"arab-cav": "0842", "1lh": "0843", "2lh": "0943"}, clear=True, turn="4am",
                     active="british", phase="combat")
    # 1lh + 2lh (8) against the Arab Cavalry (1) in the open: +7, column 10; die 1: D3
    state, events = run(state, "attack 0842 0843", "attack 0842 0943", "end", "resolve 0842", dice=[1])
    assert state.result is not None or state.pending is not None
    while state.pending is not None:
        state, _ = run(state, legal(state)[0])
    assert state.result == Verdict("british", "instant", "no Central Powers unit is on the map (Suez 12.2)")


def test_12_3_the_level_table_and_12_4_control() -> None:
    pos = Position(SUEZ, start())
    assert SYSTEM.victory_points(SUEZ, start()) == {"cp": 3, "british": 0}
    assert final_verdict(pos) == Verdict("british", "operational", "3 VP for cp (Suez 12.3)")
    control = {**start().control, "2031": "cp", "1532": "cp"}
    assert final_verdict(pos.at(start().replace(control=control))).level == "tactical"  # 11 VP
    control |= {"0239": "cp", "0644": "cp"}
    verdict = final_verdict(pos.at(start().replace(control=control)))
    assert (verdict.winner, verdict.level) == ("cp", "decisive")  # 17 VP
    lost = {**start().control, "2633": "british", "3331": "british"}
    assert final_verdict(pos.at(start().replace(control=lost))).level == "decisive"  # 0 VP


def test_12_4_control_by_moving_into_or_through() -> None:
    state = position({"comp-cav": "1632", "155a": "2128"}, clear=True, turn="4am")
    state, events = run(state, "move comp-cav 1532 1432")
    assert state.control["1532"] == "cp"
