"""Foxhole R2.C–F: the dice and the arithmetic every rule uses, in one place.

- R2.C: a D10 reads its 0 face as 10; a D5 is a D10 divided by 2 (a fraction, kept as one by
  R2.E); 2D10 is two D10; a D100 reads one D10 as the tens and one as the ones (00 is 100).
- R2.D: all additions and subtractions come first, then all multiplications and divisions.
- R2.E: fractions are kept until a final number is called for; that is rounded to the nearest
  whole number, halves up, and a positive number never rounds below 1.
- R2.F: doubling N times multiplies by N + 1, halving N times divides by N + 1, and opposite
  multiples cancel (doubled and divided by three is halved): a `Calculation` counts doublings
  and halvings as steps, +1 and -1 each, ÷3 as two halvings, ÷4 as three.

Dice come only from the engine's seeded `Dice`, never from anywhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen

HALF = -1  # one halving (R2.F step)
THIRD = -2  # "divide by three": halved twice (R2.F)
QUARTER = -3  # "divide by four"
DOUBLE = 1
TRIPLE = 2


def d10(dice: Dice) -> int:
    """R2.C: one D10, 1 to 10 (the 0 face is 10)."""
    return dice.roll(10)


def d5(dice: Dice) -> Fraction:
    """R2.C: a D10 divided by 2, from 1/2 to 5, kept as a fraction (R2.E)."""
    return Fraction(d10(dice), 2)


def two_d10(dice: Dice) -> int:
    """R2.C: 2D10, the sum of two D10."""
    return d10(dice) + d10(dice)


def d100(dice: Dice) -> int:
    """R2.C: the first D10 is the tens digit, the second the ones (a 0 face is the digit 0 here);
    00 reads 100, so the result is 1 to 100."""
    tens, ones = d10(dice) % 10, d10(dice) % 10
    return tens * 10 + ones or 100


def chance(dice: Dice, in_ten: int | Fraction) -> tuple[bool, int]:
    """An "X in 10" chance: a D10 of X or less succeeds (R11.A.2, R21.C, ...). Returns whether it
    did and the die, for the report. A chance of 0 or less never succeeds but still rolls, so the
    dice stream does not depend on the modifiers."""
    roll = d10(dice)
    return roll <= in_ten, roll


def multiple(steps: int) -> Fraction:
    """R2.F: the factor of `steps` net doublings (positive) or halvings (negative)."""
    return Fraction(steps + 1) if steps >= 0 else Fraction(1, 1 - steps)


def final(value: Fraction | int) -> int:
    """R2.E: a final number, rounded to the nearest whole, halves up; a positive number never
    rounds below 1, and zero or less (R5.A.1: firepower below zero counts as zero) is 0."""
    value = Fraction(value)
    if value <= 0:
        return 0
    return max(1, int(value + Fraction(1, 2)))


@frozen
class Term:
    """One modifier of a calculation: an amount added (`add`), a doubling or halving step
    (`steps`, R2.F), or a plain factor (`times`, for the rules' 1/3 and 3/4 that are not
    doublings), with the words and rule that explain it."""

    what: str
    rule: str
    add: Fraction | int = Fraction(0)
    steps: int = 0
    times: Fraction = Fraction(1)


@frozen
class Calculation:
    """A printed number and its modifiers, computed in R2.D's order: every addition first, then
    every doubling and halving netted by R2.F, then the plain factors. Never below zero (R5.A.1)."""

    base: Fraction
    terms: tuple[Term, ...] = ()

    def with_(self, *terms: Term) -> Calculation:
        return Calculation(self.base, (*self.terms, *terms))

    @property
    def steps(self) -> int:
        return sum(t.steps for t in self.terms)

    @property
    def value(self) -> Fraction:
        """One pass over the terms, skipping what changes nothing (an add of 0, a factor of 1): the
        searches ask this of thousands of steps, and Fraction arithmetic is slow."""
        total = Fraction(self.base)
        steps = 0
        factors = []
        for t in self.terms:
            if t.add:
                total += t.add
            steps += t.steps
            if t.times != 1:
                factors.append(t.times)
        if steps:
            total *= multiple(steps)
        for factor in factors:
            total *= factor
        return total if total > 0 else Fraction(0)


def total(values: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of several amounts (firepower of a stack, say)."""
    return sum((Fraction(v) for v in values), Fraction(0))
