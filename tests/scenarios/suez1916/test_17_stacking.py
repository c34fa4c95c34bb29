"""Suez 17.0 stacking: the limits of each side, units moving one by one, stacks attacking together."""

from __future__ import annotations

import pytest

from tests.scenarios.suez1916.helpers import position, run, start, suez
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack

SUEZ = suez()


def test_17_1_central_powers_three_units_of_any_formation() -> None:
    pos = Position(SUEZ, start())
    assert overstack(pos, "2842", ["31-1", "ak-1", "scc"]) is None
    assert "Suez 17.1" in str(overstack(pos, "2842", ["31-1", "ak-1", "scc", "31-2"]))


def test_17_1_british_two_units_of_one_division_or_the_reserve() -> None:
    pos = Position(SUEZ, start())
    assert overstack(pos, "0842", ["155a", "155b"]) is None
    assert overstack(pos, "0842", ["icc", "mobc"]) is None
    assert "Suez 17.1" in str(overstack(pos, "0842", ["155a", "125a"]))
    assert "Suez 17.1" in str(overstack(pos, "0842", ["155a", "155b", "157a"]))


def test_17_1_no_stacking_in_marsh() -> None:
    pos = Position(SUEZ, start())
    assert SUEZ.terrain_at("0825").id == "marsh"
    assert "marsh" in str(overstack(pos, "0825", ["31-1", "31-2"]))


def test_17_2_stacked_units_move_one_by_one() -> None:
    state = position({"31-1": "2842", "31-2": "2842", "155a": "2128"}, clear=True, turn="4am")
    state, _ = run(state, "move 31-1 2742")
    assert state.units["31-2"].location == "2842"


def test_17_3_a_stack_attacks_together() -> None:
    state = position({"31-1": "0842", "31-2": "0842", "yeo": "0843"}, clear=True, turn="4am",
                     phase="combat")
    state, _ = run(state, "attack 0843 0842")
    assert all(state.units[u].has("attacks:0843") for u in ("31-1", "31-2"))


def test_17_1_an_overstacked_phase_ends_refused_under_17_1() -> None:
    """The refusal cites the exclusive rule that replaces F&M 5.3's limits."""
    state = position({"31-1": "2842", "31-2": "2842", "31-3": "2842", "32-1": "2843"}, clear=True, turn="4am")
    state, _ = run(state, "move 32-1 2842")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "end")
    assert refused.value.rule == "Suez 17.1" and "2842" in str(refused.value)
