"""Suez 10.3 system changes, 15.0 surprise, 16.0 rail movement, 17.0 stacking, 19.0 night."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run, start, suez
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.combat import odds
from tui_wargame.rules.fm.movement import allowance, path_cost
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack

SUEZ = suez()


# --- 10.3 ---

def test_10_3_no_mobile_phases_movement_then_combat_then_the_other_player() -> None:
    state = position({"31-1": "3040", "155a": "2128"}, clear=True, turn="4am")
    state, _ = run(state, "end")
    assert (state.phase, state.active) == ("combat", "cp")
    state, _ = run(state, "end")
    assert (state.phase, state.active) == ("movement", "british")


def test_10_3_a3_retreats_the_attackers_then_costs_a_step() -> None:
    state = position({"31-1": "0842", "125a": "0843"}, clear=True, turn="4am", phase="combat",
                     flags={"125a": "activated"})  # as the move next to it did (11.3)
    # 3 against 5 in the open: -2, column 4; die 3: A3
    state, events = run(state, "attack 0843 0842", "end", "resolve 0843", dice=[3])
    assert of_kind(events, "combat")[0]["result"] == "A3"
    retreat = next(o for o in legal(state) if o.startswith("retreat 31-1 "))
    assert len(retreat.split()) == 5 and not any(o.startswith("deplete") for o in legal(state))
    state, _ = run(state, retreat)
    assert state.units["31-1"].location == retreat.split()[-1] and state.units["31-1"].steps == 1


def test_10_3_d3_retreats_the_defenders_then_costs_a_step() -> None:
    state = position({"31-1": "0842", "31-2": "0842", "31-3": "0842", "yeo": "0843"}, clear=True,
                     turn="4am", phase="combat")
    # 9 against 3 in the open: +6, column 10; die 1: D3
    state, events = run(state, "attack 0843 0842", "end", "resolve 0843", dice=[1])
    assert of_kind(events, "combat")[0]["result"] == "D3"
    retreat = next(o for o in legal(state) if o.startswith("retreat yeo "))
    state, _ = run(state, retreat)
    assert state.units["yeo"].steps == 1 and state.units["yeo"].location == retreat.split()[-1]


def test_10_3_only_mobile_units_advance_beyond_the_defenders_hex() -> None:
    state = position({"31-1": "0842", "comp-cav": "0943", "31-2": "0743", "yeo": "0843"}, clear=True,
                     turn="4am", phase="combat")
    # 3 + 2 + 3 = 8 against 3: +5, column 9; die 2: D2
    state, _ = run(state, "attack 0843 0842", "attack 0843 0943", "attack 0843 0743", "end",
                   "resolve 0843", dice=[2])
    state, _ = run(state, "retreat yeo 0844 0845")
    advances = [o for o in legal(state) if o.startswith("advance")]
    assert "advance 31-1 0843" in advances and not any(o.startswith("advance 31-1 0843 ") for o in advances)
    assert "advance comp-cav 0843 0844" in advances  # along the retreat path, up to the defender


# --- 15.0 surprise ---

def test_15_1_central_powers_movement_doubled_at_zero_hour_only() -> None:
    zh = Position(SUEZ, start())
    assert allowance(zh, "31-1") == Fraction(10) and allowance(zh, "comp-cav") == Fraction(16)
    later = Position(SUEZ, position(turn="4am"))
    assert allowance(later, "31-1") == Fraction(5)
    assert allowance(Position(SUEZ, position(turn="zh", active="british")), "158a") == Fraction(3)


def test_15_1_zero_hour_attacks_shift_one_column_right_with_kress() -> None:
    at = {"31-1": "0842", "yeo": "0843"}
    zh = position(at, clear=True, turn="zh", phase="combat")
    zh, _ = run(zh, "attack 0843 0842", "kress 0843")
    reasons = [s["reason"] for s in odds(Position(SUEZ, zh), "0843", ["31-1"])["shifts"]]
    assert reasons == ["surprise at zero hour (Suez 15.1)", "Kress von Kressenstein (Suez 13.1)"]
    later = position(at, clear=True, turn="4am", phase="combat")
    assert odds(Position(SUEZ, later), "0843", ["31-1"])["shifts"] == []


def test_15_2_no_british_movement_at_zero_hour_but_british_attacks() -> None:
    state = position({"31-1": "2228", "155a": "2128", "1lh": "2129"}, clear=True, turn="zh",
                     active="british")
    assert legal(state) == ["end"]
    with pytest.raises(IllegalOrder) as refused:
        run(state, "move 1lh 2029")
    assert refused.value.rule == "Suez 15.2"
    state, _ = run(state, "end")
    assert "attack 2228 2128" in legal(state)


# --- 16.0 rail movement ---

def rail_position(**flags: str):
    return position({"155a": "2031", "155b": "1932", "31-1": "3040"}, clear=True, turn="4am",
                    active="british", flags=flags)


def test_16_0_one_unit_moves_any_distance_along_the_railway() -> None:
    state = rail_position()
    state, events = run(state, "rail 155a 1932 1831 1732 1631 1532 1432 1333 1233")
    assert state.units["155a"].location == "1233" and state.units["155a"].spent == 0
    assert not any(o.startswith("rail ") for o in legal(state))  # one rail move per phase
    assert not any(o.startswith("move 155a") for o in legal(state))  # and no other movement
    assert any(o.startswith("move 155b") for o in legal(state))


def test_16_0_must_start_on_the_railway_and_stay_on_it() -> None:
    state = position({"155a": "2130", "31-1": "3040"}, clear=True, turn="4am", active="british")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "rail 155a 2031")
    assert refused.value.rule == "Suez 16.0"
    with pytest.raises(IllegalOrder):
        run(rail_position(), "rail 155a 2030")


def test_16_0_not_from_or_into_an_enemy_zoc() -> None:
    state = position({"155a": "2031", "31-1": "1632"}, clear=True, turn="4am", active="british")
    reach = {o.split()[-1] for o in legal(state) if o.startswith("rail 155a")}
    assert "1831" in reach and "1732" not in reach and "1532" not in reach
    with pytest.raises(IllegalOrder):
        run(state, "rail 155a 1932 1831 1732")
    start_in_zoc = position({"155a": "2031", "31-1": "2131"}, clear=True, turn="4am", active="british")
    assert not any(o.startswith("rail 155a") for o in legal(start_in_zoc))


def test_16_0_a_moved_unit_may_not_then_rail_and_the_train_moves_besides() -> None:
    state = position({"155a": "2031", "train": "1532", "31-1": "3040"}, clear=True, turn="4am",
                     active="british", flags={"train": "activated"})
    state, _ = run(state, "move 155a 1932")
    with pytest.raises(IllegalOrder):
        run(state, "rail 155a 1831")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "rail train 1631")
    assert refused.value.rule == "Suez 13.3"
    state, _ = run(rail_position(), "rail 155a 1932 1831")
    assert state.units["155a"].location == "1831"


def test_16_0_inactive_units_do_not_move_by_rail() -> None:
    state = position({"icc": "1532", "31-1": "3040"}, clear=True, turn="4am", active="british")
    assert not any(o.startswith("rail icc") for o in legal(state))


def test_16_0_no_rail_move_joins_units_that_may_not_move_beyond_17_1() -> None:
    """F&M 5.3 (house rule): icc and mobc wait for activation (11.3) at Pelusium Station, so a
    rail move may not end there as a third unit; the phase could not end."""
    state = position({"155a": "2031", "icc": "1532", "mobc": "1532", "31-1": "3040"}, clear=True,
                     turn="4am", active="british")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "rail 155a 1932 1831 1732 1631 1532")
    assert refused.value.rule == "Suez 17.1"


# --- 17.0 stacking ---

def test_17_1_central_powers_three_units_of_any_formation() -> None:
    pos = Position(SUEZ, start())
    assert overstack(pos, "2842", ["31-1", "ak-1", "scc"]) is None
    assert "Suez 17.1" in overstack(pos, "2842", ["31-1", "ak-1", "scc", "31-2"])


def test_17_1_british_two_units_of_one_division_or_the_reserve() -> None:
    pos = Position(SUEZ, start())
    assert overstack(pos, "0842", ["155a", "155b"]) is None
    assert overstack(pos, "0842", ["icc", "mobc"]) is None
    assert "Suez 17.1" in overstack(pos, "0842", ["155a", "125a"])
    assert "Suez 17.1" in overstack(pos, "0842", ["155a", "155b", "157a"])


def test_17_1_no_stacking_in_marsh() -> None:
    pos = Position(SUEZ, start())
    assert SUEZ.terrain_at("0825").id == "marsh"
    assert "marsh" in overstack(pos, "0825", ["31-1", "31-2"])


def test_17_2_stacked_units_move_one_by_one() -> None:
    state = position({"31-1": "2842", "31-2": "2842", "155a": "2128"}, clear=True, turn="4am")
    state, _ = run(state, "move 31-1 2742")
    assert state.units["31-2"].location == "2842"


def test_17_3_a_stack_attacks_together() -> None:
    state = position({"31-1": "0842", "31-2": "0842", "yeo": "0843"}, clear=True, turn="4am",
                     phase="combat")
    state, _ = run(state, "attack 0843 0842")
    assert all(state.units[u].has("attacks:0843") for u in ("31-1", "31-2"))


# --- 19.0 night ---

def test_19_0_central_powers_disengage_free_at_night() -> None:
    at = {"31-1": "0842", "yeo": "0843"}
    night = Position(SUEZ, position(at, clear=True, turn="4nt"))
    assert path_cost(night, "31-1", ["0841"], "0842") == Fraction(1)
    day = Position(SUEZ, position(at, clear=True, turn="4pm"))
    assert path_cost(day, "31-1", ["0841"], "0842") == Fraction(2)
    british = Position(SUEZ, position({"31-1": "0842", "nzmr": "0843"}, clear=True, turn="4nt",
                                      active="british", flags={"nzmr": "activated"}))
    assert path_cost(british, "nzmr", ["0844"], "0843") == Fraction(2)


def test_19_0_british_attacks_shift_one_column_left_at_night() -> None:
    at = {"31-1": "0842", "yeo": "0843"}
    night = position(at, clear=True, turn="5nt", active="british", phase="combat")
    assert odds(Position(SUEZ, night), "0842", ["yeo"])["shifts"] == [
        {"by": -1, "reason": "British attack at night (Suez 19.0)"}]
    day = position(at, clear=True, turn="5am", active="british", phase="combat")
    assert odds(Position(SUEZ, day), "0842", ["yeo"])["shifts"] == []
