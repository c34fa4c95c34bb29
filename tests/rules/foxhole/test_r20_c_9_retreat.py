"""Foxhole R20.C.9 (R22.C.7): a Retreat moves "as per Movement" (R11.A): at least two hexes,
never ending in or next to the hex left, as far as the unit's Movement Points pay for; a unit
that cannot is eliminated (seizure.walks, movement.retreat_reach)."""

from __future__ import annotations

from fractions import Fraction

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import fold
from tui_wargame.rules.foxhole import movement, seizure
from tui_wargame.rules.foxhole.position import EXHAUSTED, Position

SCENARIO = load()
ORIGIN = "A-0503"  # a Buildings hex on the north road, X1 and XAG two hexes off


def _pos(flags=None, at=None) -> Position:
    units = {"A1": ORIGIN, **(at or {})}
    return Position(SCENARIO, position(SCENARIO, phase="combat", active="axis", at=units, flags=flags))


def _eng(uid: str, origin: str) -> dict:
    return {"retreat": [[uid, origin]], "attackers": [], "defenders": [], "rule": "R20"}


def test_r20_c_9_a_retreat_goes_as_far_as_its_movement_points_pay_for():
    fresh = _pos()  # 4 MPs
    ways = seizure.walks(fresh, "A1", ORIGIN, [])
    assert {"A-0104", "A-0904", "A-0804"} <= set(ways)  # four hexes off, or three with a Woods on the way
    assert all(fresh.distance(h, ORIGIN) >= 2 for h in ways)  # never in or next to the hex left
    reached = movement.retreat_reach(fresh, "A1", ORIGIN, frozenset(), frozenset())
    assert all(reached[h][0] <= 4 for h in ways)
    tired = _pos(flags={"A1": [EXHAUSTED]})  # Exhausted: 2 MPs (R5.B)
    assert movement.mp_of(tired, "A1") == 2
    assert set(seizure.retreat_hexes(tired, "A1", ORIGIN, [])) == {
        "A-0303", "A-0404", "A-0505", "A-0506", "A-0604", "A-0703"}


def test_r20_c_9_the_retreat_walks_its_cheapest_way():
    pos = _pos(flags={"A1": [EXHAUSTED]})
    assert movement.retreat_reach(pos, "A1", ORIGIN, frozenset(), frozenset())["A-0506"] == (
        Fraction(7, 6), ("A-0504", "A-0505", "A-0506"))
    events = seizure.move_back(pos, "A1", ORIGIN, "A-0506")
    assert [e["path"] for e in events if e.kind == "unit_moved"] == [["A-0504", "A-0505", "A-0506"]]
    assert fold(pos.state, events).units["A1"].location == "A-0506"


def test_r20_c_9_a_one_mp_battery_cannot_retreat_two_hexes_and_is_eliminated():
    pos = _pos(at={"AART": "A-0604"})  # 1 MP: one clear hex, never two
    assert seizure.retreat_hexes(pos, "AART", "A-0604", []) == []
    events, decision = seizure.retreats(pos, _eng("AART", "A-0604"))
    assert decision is None and fold(pos.state, events).units["AART"].location == "eliminated"
    told = [(e["unit"], e["to"], e["rule"]) for e in events if e.kind == "retreat"]
    assert told == [("AART", "", "R20.C.9")]


def test_r20_c_9_a_one_mp_battery_on_a_road_retreats_along_it():
    pos = _pos(at={"AART": "A-0502", "A1": "A-0401"})  # 1/2 MP a road hex (Chart 2)
    events, decision = seizure.retreats(pos, _eng("AART", "A-0502"))
    assert decision is None
    assert [e["path"] for e in events if e.kind == "unit_moved"] == [["A-0503", "A-0504"]]


def test_r20_c_9_a_unit_whose_movement_points_reach_no_open_hex_is_eliminated():
    enemies = {"X2": "A-0305", "XMG": "A-0506", "XE": "A-0705", "XHQ": "A-0702"}
    fresh = _pos(at=enemies)
    assert seizure.retreat_hexes(fresh, "A1", ORIGIN, []) == [
        "A-0104", "A-0202", "A-0203", "A-0302", "A-0303"]
    pos = _pos(flags={"A1": [EXHAUSTED]}, at=enemies)  # 2 MPs: A-0303 only, two away through A-0402
    assert seizure.retreat_hexes(pos, "A1", ORIGIN, []) == ["A-0303"]
    blocked = _pos(flags={"A1": [EXHAUSTED]}, at={**enemies, "XV": "A-0203"})
    events, decision = seizure.retreats(blocked, _eng("A1", ORIGIN))
    assert decision is None and fold(blocked.state, events).units["A1"].location == "eliminated"


def test_r20_c_9_the_engagements_enemies_neither_bar_nor_stop_the_retreat():
    assaulters = {"X1": ORIGIN, "X2": ORIGIN}  # they seized the hex: every hex next to it is next to them
    pos = _pos(at=assaulters)
    engaged = seizure.retreat_hexes(pos, "A1", ORIGIN, ["X1", "X2"])
    assert "A-0303" in engaged
    assert seizure.walks(pos, "A1", ORIGIN, ["X1", "X2"])["A-0303"] == ("A-0402", "A-0303")
    assert seizure.retreat_hexes(pos, "A1", ORIGIN, []) == []  # no exception: nowhere to go
