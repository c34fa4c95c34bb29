"""Suez 11.3 British activation: who waits, the start-of-turn rolls from 4 August Morning,
automatic activation, and the 42nd Division's set-aside fire support markers."""

from __future__ import annotations

import pytest

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run, suez
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.position import Position

SUEZ = suez()


def pool(state, side: str = "british") -> list[str]:
    return sorted(u for u, st in state.units.items()
                  if st.location == "pool" and SUEZ.unit[u].kind == "marker" and SUEZ.unit[u].side == side)


def test_11_3_units_on_and_west_of_pelusium_wait_for_activation() -> None:
    state = position(turn="4am", active="british")
    moves = {o.split()[1] for o in legal(state) if o.startswith(("move ", "rail "))}
    for waiting in ("125a", "42mg", "train", "yeo", "icc", "mobc", "3lh", "5lh", "nzmr"):
        assert waiting not in moves
    for free in ("158a", "1lh", "2lh", "155a"):  # set up east of Pelusium Station
        assert free in moves
    with pytest.raises(IllegalOrder) as refused:
        run(state, "move 3lh 0744")
    assert refused.value.rule == "Suez 11.3"


def test_11_3_an_activated_unit_moves() -> None:
    state = position(turn="4am", active="british", flags={"3lh": "activated"})
    state, _ = run(state, "move 3lh 0744")
    assert state.units["3lh"].location == "0744"


def few(turn: str, active: str, phase: str = "combat"):
    """The Kantara and Hill 40 garrisons, one Central Powers battalion far away."""
    return position({"125a": "0239", "yeo": "0637", "31-1": "3040"}, clear=True, turn=turn,
                    active=active, phase=phase)


def test_11_3_no_rolls_before_4_august_morning() -> None:
    state, events = run(few("zh", "cp"), "end")
    assert state.active == "british" and of_kind(events, "roll") == []
    assert not state.units["125a"].has("activated")


def test_11_3_a_roll_of_1_or_2_activates_and_a_42nd_unit_adds_a_set_aside_marker() -> None:
    before = few("4am", "cp")
    # 125a rolls 2 (activates; marker drawn: the 3rd of the six set aside), yeo rolls 3 (stays).
    state, events = run(before, "end", dice=[2, 3, 3])
    assert [e["outcome"] for e in of_kind(events, "roll")] == ["activates", "stays inactive"]
    assert state.units["125a"].has("activated") and not state.units["yeo"].has("activated")
    added = sorted(set(pool(state)) - set(pool(before)))
    assert added == ["fs-42-3"]
    assert "move 125a 0339" in legal(state)


def test_11_3_a_reserve_unit_activating_adds_no_marker() -> None:
    before = few("4am", "cp")
    state, _ = run(before, "end", dice=[4, 1])
    assert state.units["yeo"].has("activated") and pool(state) == pool(before)


def test_11_3_automatic_activation_when_a_central_powers_unit_moves_within_four_hexes() -> None:
    state = position({"125a": "0239", "yeo": "0637", "comp-cav": "1039"}, clear=True, turn="4am")
    pos = Position(SUEZ, state)
    assert pos.distance("0239", "0739") == 5 and pos.distance("0239", "0639") == 4
    state, events = run(state, "move comp-cav 0939 0839 0739")
    assert not state.units["125a"].has("activated")
    assert state.units["yeo"].has("activated")  # 0739 is two hexes from Hill 40
    state = position({"125a": "0239", "comp-cav": "1039"}, clear=True, turn="4am")
    state, events = run(state, "move comp-cav 0939 0839 0739 0639", dice=[1])
    assert state.units["125a"].has("activated")
    assert state.units["fs-42-1"].location == "pool"


def test_11_3_an_advance_after_combat_within_four_hexes_activates_at_that_instant() -> None:
    """Coming near by advance (or retreat) is moving near: the unit activates at once, and its
    42nd Division marker is in the pool for this very combat phase, not the next British turn."""
    state = position({"125a": "0637", "155a": "0741", "31-1": "0841", "31-2": "0841"}, clear=True,
                     turn="4am", active="cp", phase="combat")
    state, _ = run(state, "attack 0741 0841", "end", "resolve 0741", dice=[1])  # column 7, die 1: D2
    state, _ = run(state, "retreat 155a 0641 0542")
    assert not state.units["125a"].has("activated")  # 0841 is five hexes away
    state, events = run(state, "advance 31-1 0741", dice=[1])  # 0741 is four
    assert state.units["125a"].has("activated") and state.units["fs-42-1"].location == "pool"
    assert any("31-1 moved within 4 hexes (Suez 11.3)" in e["text"] for e in of_kind(events, "note"))


def test_11_3_all_six_set_aside_markers_then_no_more() -> None:
    units = {u: "0239" for u in ("125a", "125b")} | {u: "0238" for u in ("126a", "126b")}
    units |= {u: "0340" for u in ("127a", "127b")} | {"42mg": "0240"}
    state = position({**units, "31-1": "3040"}, clear=True, turn="4am", active="cp", phase="combat")
    # seven 42nd units roll 1; six draws from 6, 5, 4, 3, 2, 1 markers left (always the first)
    dice = []
    for left in (6, 5, 4, 3, 2, 1, 0):
        dice += [1] + ([1] if left else [])
    state, events = run(state, "end", dice=dice)
    assert all(state.units[u].has("activated") for u in units)
    assert all(state.units[f"fs-42-{i}"].location == "pool" for i in range(1, 7))


def test_11_3_no_active_unit_joins_two_waiting_ones_beyond_the_limit() -> None:
    """Suez 11.3 with 17.1: icc and mobc wait at Pelusium Station and may not move away, so no
    third British unit may end its move with them (found by random play: the phase could not end)."""
    state = position({"155a": "1632"}, turn="4am", active="british")
    assert not any(o.startswith("move 155a") and o.endswith(" 1532") for o in legal(state))
    with pytest.raises(IllegalOrder) as refused:
        run(state, "move 155a 1532")
    assert refused.value.rule == "Suez 17.1"
