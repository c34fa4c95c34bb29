"""Foxhole R20.C.9 (R22.C.7): a Retreat moves "as per Movement": two hexes the unit's Movement
Points pay for (seizure.walks)."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import fold
from tui_wargame.rules.foxhole import seizure
from tui_wargame.rules.foxhole.position import EXHAUSTED, Position

SCENARIO = load()
ORIGIN = "A-0503"
COSTLY = {"A-0302", "A-0304", "A-0702"}  # 3 MPs away: a Woods hex on the way or at the end


def _pos(flags=None, at=None) -> Position:
    return Position(SCENARIO, position(SCENARIO, phase="combat", active="axis", at={"A1": ORIGIN, **(at or {})},
                                       flags=flags))


def test_r20_c_9_a_retreat_goes_where_its_movement_points_pay_for():
    fresh = seizure.retreat_hexes(_pos(), "A1", ORIGIN, [])
    assert COSTLY <= set(fresh) and len(fresh) == 8  # 4 MPs: every open hex two away
    tired = seizure.retreat_hexes(_pos(flags={"A1": [EXHAUSTED]}), "A1", ORIGIN, [])  # 2 MPs
    assert set(tired) == set(fresh) - COSTLY


def test_r20_c_9_the_retreat_walks_the_way_it_paid_for():
    pos = _pos(flags={"A1": [EXHAUSTED]})
    assert seizure.walks(pos, "A1", ORIGIN, [])["A-0303"] == "A-0402"
    events = seizure.move_back(pos, "A1", ORIGIN, "A-0303")
    assert [e["path"] for e in events if e.kind == "unit_moved"] == [["A-0402", "A-0303"]]
    assert fold(pos.state, events).units["A1"].location == "A-0303"


def test_r20_c_9_a_unit_whose_movement_points_reach_no_open_hex_is_eliminated():
    enemies = {"X1": "A-0203", "X2": "A-0405", "XE": "A-0704", "XMG": "B-0307"}  # next to every cheap hex
    assert seizure.retreat_hexes(_pos(at=enemies), "A1", ORIGIN, []) == ["A-0302", "A-0702"]
    pos = _pos(flags={"A1": [EXHAUSTED]}, at=enemies)
    assert seizure.retreat_hexes(pos, "A1", ORIGIN, []) == []
    eng = {"retreat": [["A1", ORIGIN]], "attackers": [], "defenders": [], "rule": "R20"}
    events, decision = seizure.retreats(pos, eng)
    assert decision is None and fold(pos.state, events).units["A1"].location == "eliminated"
    assert [e["to"] for e in events if e.kind == "retreat"] == [""]
