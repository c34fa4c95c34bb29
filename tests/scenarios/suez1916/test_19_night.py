"""Suez 19.0 night: free disengagement for the Central Powers, British attacks shifted left."""

from __future__ import annotations

from fractions import Fraction

from tests.scenarios.suez1916.helpers import position, suez
from tui_wargame.rules.fm.combat import odds
from tui_wargame.rules.fm.movement import path_cost
from tui_wargame.rules.fm.position import Position

SUEZ = suez()


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
