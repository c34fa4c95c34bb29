"""Foxhole R4.E: an Operation carries the surviving units of one game into the next."""

from __future__ import annotations

from tests.rules.foxhole.helpers import FixedDice, load, position
from tui_wargame.rules.foxhole import effects, victory
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()


def _pos(**kw) -> Position:
    return Position(SCENARIO, position(SCENARIO, phase="vehicle-assault", active="axis", turn=5, **kw))


def test_r04_e_carry_over_lists_the_survivors_and_their_state():
    pos = _pos(at={"X1": "eliminated"}, steps={"X1": 0, "A1": 1},
               flags={"A1": ["fatigued", effects.ONCE_REDUCED]})
    report = victory.carry_over(pos)
    units = {u["unit"]: u for u in report["units"]}
    assert "X1" not in units and units["A1"]["steps"] == 1 and units["A1"]["losses"] == 1
    assert "fatigued" in units["A1"]["flags"] and units["A1"]["at"] == "A-0401"


def test_r04_e_the_games_end_reports_the_carry_over_after_the_verdict():
    events = victory.at_end(_pos(), FixedDice([]))
    assert [e.kind for e in events][-2:] == ["game_ended", "carry-over"]
    assert len(events[-1]["units"]) == len(SCENARIO.units)
