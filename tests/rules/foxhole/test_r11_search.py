"""Foxhole R11.A, R11.C: the quick search for where a unit may move gives exactly what the plain
one gives: MPs counted as ints in 1/SCALE parts, step costs kept per State and carried over the
markers that do not touch them (movement.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import movement
from tui_wargame.rules.foxhole.position import EXHAUSTED, Position

SCENARIO = load()


def _pos(**kw) -> Position:
    return Position(SCENARIO, position(SCENARIO, phase="supply-movement", active="allied", **kw))


def _movers(pos: Position) -> list[str]:
    return [u for u in pos.units_of("allied") if movement.may_move(pos, u) is None]


@pytest.mark.parametrize("facts", [{},
                                   {"events": [Event.of("value_set", key="weather",
                                                        value={"ground": "wet"})]},
                                   {"turn": 2}, {"flags": {"A2": [EXHAUSTED], "AT1": [EXHAUSTED]}}])
def test_r11_a_reach_counted_in_ints_is_the_reach_counted_in_fractions(facts):
    pos = _pos(**facts)
    movers = _movers(pos)
    assert len(movers) >= 5
    for uid in movers:
        quick, plain = movement._reach(pos, uid, movement.SCALE), movement._reach(_pos(**facts), uid, 1)
        assert quick == plain and all(type(cost) is Fraction for cost, _ in quick.values())
    costs = {cost for uid in movers for cost, _ in movement.reach(pos, uid).values()}
    assert any(c.denominator > 1 for c in costs)  # roads and highways: halves and thirds


def test_r11_a_a_cost_the_ints_cannot_hold_is_searched_in_fractions(monkeypatch):
    plain = {u: movement._reach(_pos(), u, 1) for u in _movers(_pos())}
    monkeypatch.setattr(movement, "SCALE", 7)  # a Road's 1/2 MP is no whole number of sevenths
    pos = _pos()
    assert {u: movement.reach(pos, u) for u in _movers(pos)} == plain


@pytest.mark.parametrize("marker", [
    Event.of("marker_placed", place="A-0504", marker="wire", id="", side="allied"),
    Event.of("marker_placed", place="A-0403", marker="burnt-out", id="", side="", value="clear"),
    Event.of("marker_placed", place="A-0402|A-0403", marker="bridge-vehicle", id="", side="allied"),
])
def test_r11_a_step_costs_kept_from_other_markers_change_where_the_markers_changed(marker):
    before = _pos()
    for uid in _movers(before):
        movement.reach(before, uid)  # the costs are known for these markers
    after = _pos(events=[marker])
    kept = {u: movement.reach(after, u) for u in _movers(after)}
    movement._COSTS.clear()
    assert kept == {u: movement.reach(_pos(events=[marker]), u) for u in _movers(after)}


def test_r11_a_what_is_kept_for_a_state_is_shared_by_its_positions_and_not_kept_for_the_next():
    pos = _pos()
    movement.reach(pos, "A2")
    assert pos.memo and Position(SCENARIO, pos.state).memo is pos.memo  # the screen's questions share it
    moved = fold(pos.state, [Event.of("unit_placed", unit="A2", to="A-0402")])
    assert not pos.at(moved).memo and movement.reach(pos.at(moved), "A2") != movement.reach(pos, "A2")
