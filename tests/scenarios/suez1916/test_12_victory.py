"""Suez 11.5 Central Powers reinforcements and 12.0 victory conditions."""

from __future__ import annotations

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run, start, suez
from tui_wargame.model import Verdict
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.victory import final_verdict

SUEZ = suez()


def british_combat(at: dict[str, str], turn: str = "4am"):
    """British combat phase of `turn`, nothing declared: `end` begins the next Central Powers turn."""
    return position({"155a": "2128", **at}, clear=True, turn=turn, active="british", phase="combat")


def test_11_5_a_rail_town_held_west_of_20xx_and_a_roll_of_1_to_3_brings_a_regiment() -> None:
    before = british_combat({"31-1": "2031"})
    # roll 3: a regiment; choice 2 of [79, 80, 81]: the 80th; markers: 1st of 3, then 2nd of 2
    state, events = run(before, "end", dice=[3, 2, 1, 2])
    assert state.active == "cp" and state.turn == 2
    assert [e["outcome"] for e in of_kind(events, "roll")] == ["a regiment arrives"]
    assert all(state.units[f"80-{i}"].has("arrived") for i in (1, 2, 3))
    assert not state.units["79-1"].has("arrived")
    assert state.units["fs-de4-5"].location == "pool" and state.units["fs-de5-2"].location == "pool"
    assert state.units["fs-de5-1"].location == "reinforcements"
    entries = [o for o in legal(state) if o.startswith("enter 80-1 ")]
    assert entries and all(o.split()[2].startswith("33") for o in entries)
    assert not any(o.startswith("enter 79-1") for o in legal(state))
    state, _ = run(state, "enter 80-1 3331")
    assert state.units["80-1"].location == "3331"


def test_11_5_a_roll_of_4_to_6_brings_nothing() -> None:
    state, events = run(british_combat({"31-1": "1532"}), "end", dice=[4])
    assert of_kind(events, "roll")[0]["outcome"] == "none"
    assert not any(state.units[f"79-{i}"].has("arrived") for i in (1, 2, 3))


def test_11_5_no_roll_without_a_railroad_town_or_village_on_or_west_of_20xx() -> None:
    for hexes in ({"31-1": "2633"}, {"31-1": "1831"}, {"31-1": "3040"}):  # Katia; rail, no village
        _, events = run(british_combat(hexes), "end")
        assert of_kind(events, "roll") == []


def test_11_5_no_roll_once_every_regiment_has_come() -> None:
    flags = {f"{r}-{i}": "arrived" for r in ("79", "80", "81") for i in (1, 2, 3)}
    state = position({"155a": "2128", "31-1": "2031"}, clear=True, turn="4am", active="british",
                     phase="combat", flags=flags)
    _, events = run(state, "end")
    assert of_kind(events, "roll") == []


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
