"""Foxhole R2.C-F: dice and arithmetic."""

from __future__ import annotations

from fractions import Fraction

from tests.positions import FixedDice
from tui_wargame.rules.foxhole.arith import (
    HALF,
    THIRD,
    Calculation,
    Term,
    chance,
    d5,
    d10,
    d100,
    final,
    multiple,
)


def test_r2_c_d10_reads_zero_as_ten_and_d5_is_half_a_d10():
    assert d10(FixedDice([10])) == 10
    assert d5(FixedDice([7])) == Fraction(7, 2)


def test_r2_c_d100_tens_then_ones_and_double_zero_is_100():
    assert d100(FixedDice([3, 7])) == 37
    assert d100(FixedDice([10, 4])) == 4
    assert d100(FixedDice([10, 10])) == 100


def test_r2_c_chance_in_ten_succeeds_at_or_under():
    assert chance(FixedDice([5]), 5) == (True, 5)
    assert chance(FixedDice([6]), 5) == (False, 6)


def test_r2_d_additions_before_multiplications():
    calc = Calculation(Fraction(6), (Term("halved", "R9.D", steps=HALF),
                                     Term("minus one", "R8.C.3", add=Fraction(-1))))
    assert calc.value == Fraction(5, 2)  # (6 - 1) / 2, not 6 / 2 - 1


def test_r2_e_round_half_up_and_never_below_one():
    assert final(Fraction(3, 2)) == 2
    assert final(Fraction(14999, 10000)) == 1
    assert final(Fraction(1, 5)) == 1
    assert final(Fraction(-1)) == 0


def test_r2_f_doubling_twice_triples_and_opposites_cancel():
    assert multiple(2) == 3 and multiple(5) == 6
    assert multiple(-2) == Fraction(1, 3)
    doubled_then_thirded = Calculation(Fraction(12), (Term("x2", "", steps=1), Term("/3", "", steps=THIRD)))
    assert doubled_then_thirded.value == 6  # halved only
