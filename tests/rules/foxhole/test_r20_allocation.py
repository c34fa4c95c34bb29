"""Foxhole R18.D.1, R20.C.3, R20.C.5, R20.D.2: laying a share of firepower on units; R20.F the
Defence each unit has (benefits)."""

from __future__ import annotations

from fractions import Fraction as F

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event, Order
from tui_wargame.rules.foxhole import allocation, benefits
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()


def test_r20_c_5_split_is_exact():
    assert allocation.split(7, F(3, 4)) == F(21, 4) and allocation.split(F(5, 2), F(1, 4)) == F(5, 8)


def test_r20_c_5_cap_is_two_defences_unless_forced():
    d = {"X1": 3, "X2": 2}
    assert allocation.valid({"X1": F(6)}, F(6), d, 2) is None
    refusal = allocation.valid({"X1": F(7)}, F(7), d, 2)
    assert refusal is not None and "at most 6" in refusal.message and refusal.rule == "R20.C.5"
    assert allocation.valid({"X1": F(6), "X2": F(6)}, F(12), d, 2) is None  # forced past the cap
    assert allocation.valid({"X1": F(8), "X2": F(2)}, F(10), d, 2) is not None  # X2 must fill first
    assert "must be applied" in allocation.valid({"X1": F(1)}, F(2), d, 2).message
    assert "not a target" in allocation.valid({"A1": F(2)}, F(2), d, 2).message


def test_r20_d_2_plans_are_the_spread_and_the_maximal_concentrations():
    found = allocation.plans(F(9, 2), {"X1": 3, "X2": 2}, 2)
    assert found[0] == {"X1": F(27, 10), "X2": F(9, 5)}  # the even spread: no hit on either
    assert {"X1": F(1, 2), "X2": F(4)} in found and {"X1": F(9, 2), "X2": F(0)} in found
    assert all(allocation.valid(p, F(9, 2), {"X1": 3, "X2": 2}, 2) is None for p in found)


def test_r18_e_hits_count_whole_multiples_capped():
    assert allocation.hits([F(3), F(7, 2)], 3, 2) == 2
    assert allocation.hits([F(5, 2)], 3, 2) == 0
    assert allocation.hits([F(30)], 3, 3) == 3
    assert allocation.hits([F(1, 2)], 0, 2) == 2  # R10.D.3 Defence 0


def test_r20_c_5_apply_order_round_trips():
    plan = {"X1": F(3), "X2": F(3, 2)}
    order = allocation.order(plan)
    assert order == Order("apply", ("X1=3", "X2=3/2")) and allocation.parse(order) == plan
    assert "UNIT=AMOUNT" in allocation.parse(Order("apply", ("X1:3",))).message


def test_r20_f_2_defender_gets_hex_works_and_trenches():
    pos = Position(SCENARIO, position(SCENARIO, phase="combat", active="allied"))
    assert benefits.defending(pos, "X2", "assault", ["B-0506"]).value == 3 + 1  # Trenches 2: +1 A
    assert benefits.defending(pos, "XMG", "fight", ["B-0406"]).value == 3 + 3  # Pillbox +3 F
    assert benefits.defending(pos, "XHQ", "fight", ["B-0503"]).value == 2 + 1  # Woods +1 F


def test_r20_f_2_capacity_goes_best_first_in_the_owners_order():
    state = position(SCENARIO, phase="combat", active="allied", at={"X1": "B-0405"})
    pos = Position(SCENARIO, state)
    assert benefits.shelter(pos, "B-0405", "axis", "fight") == {"X1": "pillbox"}
    chosen = position(SCENARIO, phase="combat", active="allied", at={"X1": "B-0405"},
                      events=[Event.of("value_set", key="stacking.order.B-0405", value=["XMG"])])
    assert benefits.shelter(Position(SCENARIO, chosen), "B-0405", "axis", "fight") == {"XMG": "pillbox"}


def test_r20_f_2_hexside_counts_when_every_attack_crosses_it():
    state = position(SCENARIO, phase="combat", active="allied", at={"X1": "B-0605", "A1": "B-0606"})
    pos = Position(SCENARIO, state)
    assert benefits.hexside_defence(pos, "B-0605", ["B-0606"], "assault") == 2  # bocage +2 A
    assert benefits.hexside_defence(pos, "B-0605", ["B-0606", "B-0604"], "assault") == 0


def test_r20_f_3_assaulter_takes_the_worse_hex_and_no_works():
    state = position(SCENARIO, phase="combat", active="allied", at={"A1": "B-0403"})
    pos = Position(SCENARIO, state)
    calc = benefits.assaulting(pos, "A1", "B-0404")  # Woods +1 vs Tall Buildings +2: Woods
    assert calc.value == 4 and calc.terms[0].rule == "R20.F.3"
    assert benefits.assaulting(pos, "A1", "B-0405").value == 3  # into clear: nothing


def test_r20_c_4_b_hard_vehicle_defending_alone_halves_defence():
    pos = Position(SCENARIO, position(SCENARIO, phase="combat", active="axis"))
    assert benefits.defending(pos, "AT1", "assault").value == 3
    assert benefits.defending(pos, "AT1", "fight").value == 6
    together = position(SCENARIO, phase="combat", active="axis", at={"A1": "A-0702"})
    assert benefits.defending(Position(SCENARIO, together), "AT1", "assault").value == 6


def test_r20_c_4_c_open_top_halves_hard_defence_only():
    pos = Position(SCENARIO, position(SCENARIO, phase="combat", active="allied", at={"XV": "B-0305"}))
    assert benefits.defending(pos, "XV", "assault", fp="hard").value == F(3, 2)
    assert benefits.defending(pos, "XV", "assault", fp="soft").value == 3


def test_r25_a_4_cohesion_adds_one_defence_when_in_play():
    state = position(SCENARIO, phase="combat", active="allied", at={"A2": "A-0401"},
                     options={"formation-cohesion": "on"})
    assert benefits.defending(Position(SCENARIO, state), "A1", "fight").value == 4
    off = position(SCENARIO, phase="combat", active="allied", at={"A2": "A-0401"})
    assert benefits.defending(Position(SCENARIO, off), "A1", "fight").value == 3


def test_r20_f_1_in_a_shared_hex_the_side_there_first_keeps_the_places():
    first = Event.of("value_set", key="benefits.first.B-0405", value="axis")
    state = position(SCENARIO, phase="combat", active="axis", at={"A1": "B-0405"}, events=[first])
    pos = Position(SCENARIO, state)
    assert benefits.shelter(pos, "B-0405", "axis", "assault") == {"XMG": "pillbox"}
    assert benefits.shelter(pos, "B-0405", "allied", "assault") == {}
    later = position(SCENARIO, phase="combat", active="axis", at={"A1": "B-0405"})
    assert benefits.shelter(Position(SCENARIO, later), "B-0405", "allied", "assault") == {"A1": "pillbox"}
