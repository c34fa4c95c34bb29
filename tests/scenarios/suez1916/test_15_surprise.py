"""Suez 15.0 surprise: Central Powers movement doubled and Kress's shift at Zero Hour, no British
movement then."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.scenarios.suez1916.helpers import legal, position, run, start, suez
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.combat import odds
from tui_wargame.rules.fm.movement import allowance
from tui_wargame.rules.fm.position import Position

SUEZ = suez()


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
