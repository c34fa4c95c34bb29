"""Foxhole R20.C.9 (R22.C.7): a Retreat moves "as per Movement" (R11.A): at least two hexes,
never ending in or next to the hex left, as far as the unit's Movement Points pay for; a unit
that cannot is eliminated (seizure.walks, movement.retreat_reach)."""

from __future__ import annotations

from fractions import Fraction

from tests.rules.foxhole.helpers import FixedDice, load, position
from tui_wargame.model import Event, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, engagement, movement, screen_orders, seizure
from tui_wargame.rules.foxhole.position import EXHAUSTED, FATIGUED, PINNED, Position

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
    events = seizure.move_back(pos, "A1", ORIGIN, "A-0506", FixedDice([]))
    assert [e["path"] for e in events if e.kind == "unit_moved"] == [["A-0504", "A-0505", "A-0506"]]
    assert fold(pos.state, events).units["A1"].location == "A-0506"


def test_r20_c_9_a_one_mp_battery_cannot_retreat_two_hexes_and_is_eliminated():
    pos = _pos(at={"AART": "A-0604"})  # 1 MP: one clear hex, never two
    assert seizure.retreat_hexes(pos, "AART", "A-0604", []) == []
    events, decision = seizure.retreats(pos, _eng("AART", "A-0604"), FixedDice([]))
    assert decision is None and fold(pos.state, events).units["AART"].location == "eliminated"
    told = [(e["unit"], e["to"], e["rule"]) for e in events if e.kind == "retreat"]
    assert told == [("AART", "", "R20.C.9")]


def test_r20_c_9_a_one_mp_battery_on_a_road_retreats_along_it():
    pos = _pos(at={"AART": "A-0502", "A1": "A-0401"})  # 1/2 MP a road hex (Chart 2)
    events, decision = seizure.retreats(pos, _eng("AART", "A-0502"), FixedDice([]))
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
    events, decision = seizure.retreats(blocked, _eng("A1", ORIGIN), FixedDice([]))
    assert decision is None and fold(blocked.state, events).units["A1"].location == "eliminated"


def test_r20_c_9_the_engagements_enemies_neither_bar_nor_stop_the_retreat():
    assaulters = {"X1": ORIGIN, "X2": ORIGIN}  # they seized the hex: every hex next to it is next to them
    pos = _pos(at=assaulters)
    engaged = seizure.retreat_hexes(pos, "A1", ORIGIN, ["X1", "X2"])
    assert "A-0303" in engaged
    assert seizure.walks(pos, "A1", ORIGIN, ["X1", "X2"])["A-0303"] == ("A-0402", "A-0303")
    assert seizure.retreat_hexes(pos, "A1", ORIGIN, []) == []  # no exception: nowhere to go


# --- Motorized Pins on the way back (R20.C.9 "as per Movement", R11.A.2-3) ---

def _tank(origin: str, steps: dict | None = None, **kw) -> Position:
    """AT1, a Motorized Vehicle of 8 MPs (proving.toml), where it must retreat from."""
    state = position(SCENARIO, phase="combat", active="axis", at={"AT1": origin}, steps=steps, **kw)
    return Position(SCENARIO, state)


def _kinds(events, kind):
    return [e for e in events if e.kind == kind]


def test_r20_c_9_r11_a_2_a_motorized_retreat_rolls_the_pins_of_its_way():
    pos = _tank("A-0604")  # the road through the Buildings hex A-0503 (Pin 1 in 10) to A-0402
    assert movement.way_pins(pos, "AT1", ("A-0604", "A-0504", "A-0503", "A-0402")) == [
        [], [], [("leaving Buildings A-0503", 1)]]
    events = seizure.move_back(pos, "AT1", "A-0604", "A-0402", FixedDice([2]))
    assert [(e["hex"], e["die"], e["pinned"]) for e in _kinds(events, "pin_roll")] == [("A-0503", 2, False)]
    after = fold(pos.state, events).units["AT1"]
    assert after.location == "A-0402" and not after.has(PINNED)


def test_r20_c_9_r11_a_2_pinned_two_hexes_off_the_retreat_ends_there_pinned():
    pos = _tank("A-0604")
    events = seizure.move_back(pos, "AT1", "A-0604", "A-0402", FixedDice([1]))
    after = fold(pos.state, events).units["AT1"]
    assert after.location == "A-0503" and after.has(PINNED)  # two hexes from A-0604
    told = [SYSTEM.describe(SCENARIO, pos.state, e) for e in events if e.kind in ("pin_roll", "retreat")]
    assert "Pinned: it stays where it was" in told[0] and "retreats from A-0604 to A-0503" in told[1]


def test_r20_c_9_r11_a_2_pinned_next_to_the_hex_left_the_unit_cannot_retreat_and_is_eliminated():
    pos = _tank("A-0503")  # by A-0602 and over the Embankment (Pin 2 in 10) to A-0702
    events = seizure.move_back(pos, "AT1", "A-0503", "A-0702", FixedDice([5, 2]))
    assert [e["pinned"] for e in _kinds(events, "pin_roll")] == [False, True]
    assert fold(pos.state, events).units["AT1"].location == "eliminated"
    assert [(e["to"], e["rule"]) for e in _kinds(events, "retreat")] == [("", "R20.C.9")]


def test_r20_c_9_pinned_in_the_hex_it_leaves_the_unit_is_reduced_and_goes_on():
    pos = _tank("A-0503")
    events = seizure.move_back(pos, "AT1", "A-0503", "A-0702", FixedDice([1, 3]))
    after = fold(pos.state, events).units["AT1"]
    assert after.location == "A-0702" and after.steps == 1 and not after.has(PINNED)
    assert len(_kinds(events, "pin_roll")) == 2  # the first step is not rolled again: A-0602's Embankment is
    told = SYSTEM.describe(SCENARIO, pos.state, _kinds(events, "pin_roll")[0])
    assert "Pinned in the hex it retreats from: Reduced to retreat (R20.C.9)" in told
    cadre = _tank("A-0503", steps={"AT1": 1})
    events = seizure.move_back(cadre, "AT1", "A-0503", "A-0702", FixedDice([1]))
    assert fold(cadre.state, events).units["AT1"].location == "eliminated"  # a Cadre Reduced is lost
    assert [e["to"] for e in _kinds(events, "retreat")] == [""]  # told: it cannot retreat


def test_r20_c_9_r8_d_2_a_retreat_along_a_road_in_wet_rolls_every_second_road_step():
    wet = [Event.of("value_set", key="weather", value={"ground": "wet"})]
    pos = _tank("A-0501", events=wet)
    way = ("A-0501", *seizure.walks(pos, "AT1", "A-0501", [])["A-0305"])
    assert way == ("A-0501", "A-0502", "A-0503", "A-0504", "A-0404", "A-0305")
    assert movement.way_pins(pos, "AT1", way) == [
        [("leaving A-0501 along the Road in Wet", 1)], [], [("leaving A-0503 along the Road in Wet", 1)],
        [("leaving Clear A-0504", 1)], [("leaving Clear A-0404", 1)]]
    events = seizure.move_back(pos, "AT1", "A-0501", "A-0305", FixedDice([5, 5, 5, 5]))
    assert len(_kinds(events, "pin_roll")) == 4
    assert fold(pos.state, events).units["AT1"].location == "A-0305"


def test_r20_c_9_a_unit_a_pin_eliminates_does_not_tire():
    pos = _tank("A-0503", options={"retreat-fatigue": "on"})
    events = seizure.move_back(pos, "AT1", "A-0503", "A-0702", FixedDice([5, 2]))
    assert fold(pos.state, events).units["AT1"].location == "eliminated"
    assert not [e for e in events if e.kind == "unit_flagged" and e["flag"] == FATIGUED]


def test_r22_c_7_the_retreat_menu_names_the_pins_of_each_way():
    """A player weighs the Pins before choosing: the menu's answer for a Motorized unit lists those
    its way rolls, and cites the Vehicle Assault Phase's own Retreat rule."""
    eng = {"retreat": [["AT1", "A-0604"]], "attackers": [], "defenders": [], "rule": "R22"}
    pos = _tank("A-0604", events=[Event.of("value_set", key=engagement.KEY, value=eng)])
    worded = screen_orders.WORDED[engagement.RETREAT]
    assert worded(pos, Order("retreat", ("AT1", "A-0402"))) == (
        "AT1 retreats to A-0402 (R22.C.7); Pins on the way: leaving Buildings A-0503 1 in 10", "")
    assert worded(pos, Order("retreat", ("AT1", "A-0805"))) == ("AT1 retreats to A-0805 (R22.C.7)", "")
