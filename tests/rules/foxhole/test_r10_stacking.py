"""Foxhole R10: stacking limits, bridges, levels of works and traps, overstacking; R5.A.7 units
that cannot move but must."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.foxhole.helpers import FixedDice, legal, load, position, run
from tests.rules.foxhole.test_r05_counters import appended, markers_at
from tui_wargame.model import Event, IllegalOrder, fold
from tui_wargame.rules.foxhole import SYSTEM, benefits, participants, stacking
from tui_wargame.rules.foxhole.position import PINNED, SUPPLIED, TRACED, Position

SCENARIO = load()
HEX = "A-0503"
FIVE = {u: HEX for u in ("A1", "A2", "AE", "AHQ", "AMC")}


def pos_with(at=None, events=(), options=None, steps=None) -> Position:
    state = position(SCENARIO, phase="activities-movement", active="allied", at=at, events=events,
                     options=options, steps=steps)
    return Position(SCENARIO, state)


def marker(place: str, kind: str, value: int | None = None) -> Event:
    return Event.of("marker_placed", place=place, marker=kind, id="", side="",
                    **({"value": value} if value is not None else {}))


def test_r10_a_four_units_of_a_player_stack_a_fifth_is_refused():
    pos = pos_with(at={u: HEX for u in ("A1", "A2", "AE")})
    assert stacking.room(pos, HEX, "allied", ["AHQ"]) is None
    refusal = stacking.room(pos, HEX, "allied", ["AHQ", "AMC"])
    assert refusal is not None and refusal.rule == "R10.A" and "5 units of Allies" in refusal.message
    assert stacking.limit(pos, HEX, "allied") == 4


def test_r10_a_units_already_there_are_not_counted_twice():
    pos = pos_with(at={u: HEX for u in ("A1", "A2", "AE", "AHQ")})
    assert stacking.room(pos, HEX, "allied", ["A1"]) is None


def test_r10_a_the_enemy_stack_is_its_own():
    pos = pos_with(at={"X1": HEX, "X2": HEX, "XE": HEX, "XHQ": HEX})
    assert stacking.room(pos, HEX, "allied", ["A1", "A2", "AE", "AHQ"]) is None


def test_r10_b_a_foot_bridge_holds_one_company_or_battery_and_no_motorized():
    pos = pos_with()  # the proving ground's Foot Bridge is in B-0204
    assert stacking.room(pos, "B-0204", "allied", ["A1"]) is None
    two = stacking.room(pos, "B-0204", "allied", ["A1", "A2"])
    assert two is not None and two.rule == "R10.B.a"
    assert stacking.room(pos, "B-0204", "allied", ["AMC"]).rule == "R5.B.8"
    assert stacking.limit(pos, "B-0204", "allied") == 1


def test_r10_b_a_vehicle_bridge_one_of_any_type_and_one_company_or_battery():
    pos = pos_with(events=[marker("B-0203", "bridge-vehicle")])
    assert stacking.room(pos, "B-0203", "allied", ["AT1", "A1"]) is None
    assert stacking.room(pos, "B-0203", "allied", ["A1", "A2"]) is None  # "any type" may be a Company
    assert stacking.room(pos, "B-0203", "allied", ["AT1", "AMC", "A1"]).rule == "R10.B.b"


def test_r10_b_a_printed_bridge_two_of_any_type_and_one_company_or_battery():
    pos = pos_with(events=[marker("B-0203", "bridge-printed")])
    assert stacking.room(pos, "B-0203", "allied", ["AT1", "AMC", "A1"]) is None
    assert stacking.room(pos, "B-0203", "axis", ["XV", "XV"]) is None
    assert stacking.room(pos, "B-0203", "allied", ["AT1", "AMC", "A1", "A2"]).rule == "R10.B.c"


def test_r10_b_a_hexside_bridge_limits_a_group_crossing_together():
    side = Position.hexside_place("B-0305", "B-0205")
    pos = pos_with(events=[marker(side, "bridge-vehicle")])
    assert stacking.crossing_room(pos, "B-0305", "B-0205", ["AT1", "A1"]) is None
    refused = stacking.crossing_room(pos, "B-0205", "B-0305", ["AT1", "A1", "A2"])
    assert refused is not None and refused.rule == "R10.B.b"
    assert stacking.crossing_room(pos, "A-0401", "A-0402", ["A1", "A2", "AE"]) is None  # no bridge there


def test_r10_b_a_bridge_carried_on_land_is_no_bridge():
    pos = pos_with(events=[marker(HEX, "bridge-foot")])
    assert stacking.bridge(pos, HEX) is None and stacking.room(pos, HEX, "allied", ["A1", "A2"]) is None


def test_r10_b_a_destroyed_bridge_holds_nothing_of_its_own():
    pos = pos_with(events=[marker("B-0203", "bridge-printed"), marker("B-0203", "bridge-destroyed")])
    assert stacking.bridge(pos, "B-0203") is None


def test_r10_c_levels_of_works_and_traps_together():
    pos = pos_with(events=[marker("A-0503", "trenches", 2), marker("A-0503", "mines", 1)])
    assert stacking.levels(pos, "A-0503") == 3
    assert stacking.levels(pos, "B-0405") == 2  # a Pillbox
    assert stacking.level_room(pos, "A-0503", 1) is None
    assert stacking.level_room(pos, "A-0503", 2).rule == "R10.C"
    assert stacking.level_room(pos, "A-0503", 3, freeing=2) is None  # an upgrade replacing Trenches 2
    assert [stacking.levels_of(k) for k in ("foxholes", "scrapes", "wire", "pillbox", "fort-unimproved",
                                            "fort-improved", "smoke")] == [1, 1, 1, 2, 3, 4, 0]


def test_r10_d_overstacking_lets_four_more_stack():
    pos = pos_with(at=FIVE, options={"overstacking": "on"})
    assert stacking.limit(pos, HEX, "allied") == 8
    assert stacking.room(pos, HEX, "allied", ["AMO", "AART", "AT1"]) is None
    assert stacking.room(pos, HEX, "allied", ["AMO", "AART", "AT1", "X1"]) is None  # X1 is not allied
    assert stacking.room(pos_with(at=FIVE), HEX, "allied", ["AMO"]).rule == "R10.A"
    assert stacking.overstacked(pos_with(at=FIVE), HEX, "allied") == []  # not in play: no overstack


def test_r10_d_the_units_past_the_fourth_in_id_order_are_in_overstack():
    pos = pos_with(at=FIVE, options={"overstacking": "on"})
    assert pos.units_in(HEX, "allied") == ["A1", "A2", "AE", "AHQ", "AMC"]
    assert stacking.overstacked(pos, HEX, "allied") == ["AMC"]
    assert stacking.is_overstacked(pos, "AMC") and not stacking.is_overstacked(pos, "AHQ")
    four = pos_with(at={u: HEX for u in ("A1", "A2", "AE", "AHQ")}, options={"overstacking": "on"})
    assert stacking.overstacked(four, HEX, "allied") == []


def test_r10_d_1_overstack_costs_an_mp_and_blocks_lines():
    pos = pos_with(at=FIVE, options={"overstacking": "on"})
    assert stacking.entry_cost(pos, HEX) == Fraction(1) and stacking.lines_blocked(pos, HEX)
    assert stacking.entry_cost(pos, "A-0504") == 0 and not stacking.lines_blocked(pos, "A-0504")


def test_r10_d_the_owner_order_chooses_who_is_in_overstack_for_every_rule():
    # Before: stacking said AMC (the fifth by id) while benefits, reading the owner's order, said
    # AHQ; now one answer: the owner's order, read by limited places (R20.F.2) and combat (R10.D.4).
    order = Event.of("value_set", key=stacking.order_key(HEX), value=["AMC", "A1", "A2", "AE"])
    pos = pos_with(at=FIVE, options={"overstacking": "on"}, events=[order, marker(HEX, "pillbox")])
    assert stacking.ordered(pos, HEX, "allied") == ["AMC", "A1", "A2", "AE", "AHQ"]
    assert stacking.overstacked(pos, HEX, "allied") == ["AHQ"]
    assert stacking.is_overstacked(pos, "AHQ") and not stacking.is_overstacked(pos, "AMC")
    assert participants.in_overstack(pos, "AHQ") and not participants.in_overstack(pos, "AMC")
    assert not participants.may_act(pos, "AHQ") and participants.may_act(pos, "AMC")  # R10.D.4
    assert benefits.shelter(pos, HEX, "allied", "fight") == {"AMC": "pillbox"}


def test_r10_d_without_the_optional_rule_no_unit_is_in_overstack_anywhere():
    # Before: benefits counted a fifth unit (a forced arrival) as overstacked even with the rule out of
    # play, so it lost its limited place; now nothing is in overstack without R10.D.
    order = Event.of("value_set", key=stacking.order_key(HEX), value=["AMC", "AHQ", "A1", "A2", "AE"])
    pos = pos_with(at=FIVE, events=[order, marker(HEX, "fort-improved"), marker(HEX, "pillbox")])
    assert stacking.overstacked(pos, HEX, "allied") == [] and not participants.in_overstack(pos, "AE")
    assert "AE" in benefits.shelter(pos, HEX, "allied", "fight")  # the fifth in order has a place too


def test_r10_d_the_owner_chooses_in_his_player_turn_who_is_in_overstack():
    state = position(SCENARIO, phase="supply-movement", active="allied", at=FIVE,
                     options={"overstacking": "on"})
    orders = legal(SCENARIO, state)
    assert f"stack {HEX} AMC" in orders and not any(o.startswith(f"stack {HEX} A1") for o in orders)
    state, events = run(SCENARIO, state, f"stack {HEX} AMC")
    pos = Position(SCENARIO, state)
    assert stacking.overstacked(pos, HEX, "allied") == ["AHQ"] and not participants.in_overstack(pos, "AMC")
    assert SYSTEM.describe(SCENARIO, state, events[-1]) == (
        "Allies takes AMC out of overstack in A-0503; in overstack there now: AHQ (R10.D)")
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, f"stack {HEX} A1")  # not in overstack
    assert err.value.rule == "R10.D"
    axis = position(SCENARIO, phase="supply-movement", active="axis", at=FIVE, options={"overstacking": "on"})
    assert not any(o.startswith("stack") for o in legal(SCENARIO, axis))  # only in his own player turn
    off = position(SCENARIO, phase="supply-movement", active="allied", at=FIVE)
    assert not any(o.startswith("stack") for o in legal(SCENARIO, off))  # R10.D not in play


def test_r10_d_2_overstacked_units_conduct_no_activities():
    traced = {u: [TRACED, SUPPLIED] for u in FIVE}
    order = Event.of("value_set", key=stacking.order_key(HEX), value=["A1", "A2", "AHQ", "AMC"])
    state = position(SCENARIO, phase="activities-movement", active="allied", at=FIVE, flags=traced,
                     events=[order], options={"overstacking": "on"})
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "dig AE foxholes")
    assert err.value.rule == "R10.D.2"
    orders = legal(SCENARIO, state)
    assert not any(o.startswith(("dig AE", "assist AE", "build AE")) for o in orders)
    assert "dig A1 foxholes" in orders and any(o.startswith("move AE ") for o in orders)  # it may move
    by_id = position(SCENARIO, phase="activities-movement", active="allied", at=FIVE, flags=traced,
                     options={"overstacking": "on"})
    assert "dig AE foxholes" in legal(SCENARIO, by_id)  # AMC, fifth by id, is the one in overstack


def test_r10_d_3_a_barrage_reduces_and_pins_the_units_the_owner_put_in_overstack():
    stack = {u: "A-0402" for u in ("X1", "X2", "XE", "XHQ", "XMG")}
    order = Event.of("value_set", key=stacking.order_key("A-0402"), value=["X1", "X2", "XE", "XMG"])
    state = position(SCENARIO, phase="barrage", active="allied", at=stack, events=[order],
                     flags={"AART": [TRACED, SUPPLIED]}, options={"overstacking": "on"})
    state, events = run(SCENARIO, state, "barrage A-0402 AART", dice=[5])
    while state.pending is not None and state.pending.kind == "barrage:apply":
        state, more = run(SCENARIO, state, legal(SCENARIO, state)[0])
        events += more
    hits = next(e for e in events if e.kind == "barrage_hits")
    assert hits["overstack"] == ["XHQ"] and "XHQ" not in {r["unit"] for r in hits["results"]}
    assert state.units["XHQ"].steps == 1 and state.units["XHQ"].has(PINNED)
    assert state.units["XMG"].steps == 2


def test_r5_a_7_a_unit_that_cannot_move_is_reduced_if_forced():
    scenario = load(edit={"factors = [{ defence = 2, hard = 4, soft = 1, mp = 2 }, { defence = 1, hard = 2, "
                          "soft = 1, mp = 2 }]": "factors = [{ defence = 2, hard = 4, soft = 1, mp = 0 }, "
                          "{ defence = 1, hard = 2, soft = 1, mp = 1 }]"})
    pos = Position(scenario, position(scenario, phase="combat", active="allied"))
    events, moves = stacking.forced_to_move(pos, "XAT")
    assert moves and fold(pos.state, events).units["XAT"].steps == 1
    assert stacking.forced_to_move(pos, "X1") == ([], True)


def test_r5_a_7_a_cadre_that_still_cannot_move_is_removed():
    scenario = load(edit={"mp = 1 }, { range = 10, hard = 1, soft = 4, mp = 1 }":
                          "mp = 0 }, { range = 10, hard = 1, soft = 4, mp = 0 }"})
    pos = Position(scenario, position(scenario, phase="combat", active="allied"))
    events, moves = stacking.forced_to_move(pos, "XART")
    assert not moves and fold(pos.state, events).units["XART"].location == "eliminated"


def _units(hex_: str, *ids: str) -> str:
    """Allied Infantry Companies starting in `hex_`, as TOML."""
    factors = "[{ defence = 3, soft = 4, mp = 4 }]"
    return "".join(f'[[unit]]\nid = "{u}"\nname = "{u}"\nside = "allied"\nkind = "company"\n'
                   f'traits = ["infantry"]\nstart = "{hex_}"\nfactors = {factors}\n' for u in ids)


def test_r10_a_the_set_up_obeys_stacking():
    found = appended(_units("A-0302", "S1", "S2", "S3", "S4", "S5"))
    assert any("5 units of allied start in one hex" in p and "R10.A" in p for p in found)


def test_r10_b_the_set_up_obeys_a_bridge():
    found = appended(markers_at("B-0203", ("bridge-foot", None)) + _units("B-0203", "S1", "S2"))
    assert any("the bridge in B-0203" in p and "R10.B.a" in p for p in found)


def test_r10_c_the_set_up_obeys_the_levels():
    found = appended(markers_at("A-0302", ("mines", 3), ("tank-traps", 2)))
    assert any("5 levels" in p and "R10.C" in p for p in found)


def test_r10_b_a_unit_may_not_move_across_a_full_foot_bridge_hex():
    bridge = [Event.of("marker_placed", place="A-0306", marker="bridge-foot")]
    at = {"A2": "A-0305", "A1": "A-0306"}  # A1 fills the Foot Bridge (one Company)
    state = position(SCENARIO, phase="supply-movement", active="allied", at=at, events=bridge)
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "move A2 A-0306 A-0205")
    assert exc.value.rule == "R10.B.a"
    assert not [o for o in legal(SCENARIO, state) if o.startswith("move A2 ") and "A-0306" in o.split()]
    empty = position(SCENARIO, phase="supply-movement", active="allied", at={"A2": "A-0305"}, events=bridge)
    with pytest.raises(IllegalOrder) as exc:  # an empty bridge lets it across: only its MPs fall short
        run(SCENARIO, empty, "move A2 A-0306 A-0205")
    assert exc.value.rule == "R11.A"
    assert "move A2 A-0306" in legal(SCENARIO, empty)


# --- R10.A while moving: no hex entered without room, even to pass through ---

MM = "motorized-movement"
FULL = {u: "A-0304" for u in ("A1", "A2", "AE", "AHQ")}  # four Allied units in the Scrub hex


def test_r10_a_a_motorized_unit_may_not_pass_through_a_full_hex_where_a_pin_would_leave_five():
    state = position(SCENARIO, phase=MM, active="allied", at={"AT1": "A-0404", **FULL})
    with pytest.raises(IllegalOrder) as exc:  # leaving the Scrub it could be Pinned (R11.A.2) there
        run(SCENARIO, state, "move AT1 A-0304 A-0203", dice=[1])
    assert exc.value.rule == "R10.A" and "may not pass through A-0304" in str(exc.value.refusal)
    assert not [o for o in legal(SCENARIO, state) if o.startswith("move AT1 ") and "A-0304" in o.split()]


def test_r10_a_a_unit_pinned_passing_through_a_hex_with_room_stays_there_within_the_limit():
    three = {u: "A-0304" for u in ("A1", "A2", "AE")}
    state = position(SCENARIO, phase=MM, active="allied", at={"AT1": "A-0404", **three})
    state, events = run(SCENARIO, state, "move AT1 A-0304 A-0203", dice=[1])
    assert next(e for e in events if e.kind == "pin_roll")["pinned"]
    assert state.units["AT1"].location == "A-0304" and state.units["AT1"].has(PINNED)
    assert stacking.room(Position(SCENARIO, state), "A-0304", "allied") is None  # four: the limit


def test_r10_a_reach_goes_round_a_full_hex():
    from tui_wargame.rules.foxhole import movement

    empty = movement.reach(Position(SCENARIO, position(SCENARIO, phase=MM, active="allied",
                                                       at={"AT1": "A-0404"})), "AT1")
    full = movement.reach(Position(SCENARIO, position(SCENARIO, phase=MM, active="allied",
                                                      at={"AT1": "A-0404", **FULL})), "AT1")
    assert empty["A-0303"] == (3, ("A-0304", "A-0303"))
    assert full["A-0303"] == (Fraction(7, 2), ("A-0504", "A-0503", "A-0402", "A-0303"))
    assert "A-0304" not in full
    assert all("A-0304" not in path for _, path in full.values())


def test_r10_d_with_overstacking_a_unit_may_pass_through_a_hex_of_four():
    state = position(SCENARIO, phase=MM, active="allied", at={"AT1": "A-0404", **FULL},
                     options={"overstacking": "on"})
    state, _ = run(SCENARIO, state, "move AT1 A-0304 A-0203", dice=[1])  # Pinned: the fifth, in overstack
    assert state.units["AT1"].location == "A-0304"
    assert stacking.overstacked(Position(SCENARIO, state), "A-0304", "allied") == ["AT1"]


def test_r10_a_a_retreat_passes_only_through_a_hex_with_room():
    from tui_wargame.rules.foxhole import seizure

    full = {u: "A-0304" for u in ("A2", "AE", "AHQ", "AMC")}
    pos = Position(SCENARIO, position(SCENARIO, phase="combat", active="allied", at={"A1": "A-0303", **full}))
    ways = seizure.walks(pos, "A1", "A-0303", [])
    assert "A-0304" not in ways and all("A-0304" not in way for way in ways.values())
    assert ways["A-0305"] == ("A-0203", "A-0204", "A-0305")  # round A-0304, not through it
    assert ways["A-0204"] == ("A-0203", "A-0204")  # by A-0203 instead, the way it is walked
    events = seizure.move_back(pos, "A1", "A-0303", "A-0204", FixedDice([]))
    moved = next(e for e in events if e.kind == "unit_moved")
    assert moved["path"] == ["A-0203", "A-0204"]


def test_r10_d_reinforcements_enter_a_hex_of_four_only_with_overstacking():
    from tui_wargame.rules.foxhole import transport

    at = {u: "A-0304" for u in ("A1", "A2", "AE", "AHQ")}
    plain = Position(SCENARIO, position(SCENARIO, phase="transport", active="allied", at=at))
    over = Position(SCENARIO, position(SCENARIO, phase="transport", active="allied", at=at,
                                       options={"overstacking": "on"}))
    assert not transport.room(plain, "A-0304", "AR1") and transport.room(over, "A-0304", "AR1")
