"""Suez 11.5 Central Powers reinforcements: a roll while a rail town west of 20xx is held."""

from __future__ import annotations

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run


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
