"""Gaza 14.0 trenches, 15.0 Ottoman rail movement, 16.0 stacking, 17.0 coordination."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.scenarios.gaza1917.helpers import SCENARIO, legal, position, run, where
from tui_wargame.model import IllegalOrder, Order
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.combat import terrain_row
from tui_wargame.rules.fm.movement import exit_cost, path_cost
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack


def at(units: dict[str, str], **kw) -> Position:
    return Position(SCENARIO, position(units, **kw))


# --- 14.0 Trenches ---

def test_gaza_14_entering_a_trench_costs_two_mp_unless_by_road() -> None:
    pos = at({"155Bde": "1013"})
    assert SCENARIO.terrain_at("1113").id == "trench"
    assert path_cost(pos, "155Bde", ["1113"], "1013") == 2
    road = at({"155Bde": "1111"})
    assert path_cost(road, "155Bde", ["1210"], "1111") == Fraction(1, 2)


def test_gaza_14_ottoman_defenders_in_trenches_and_gaza_use_the_trench_row() -> None:
    pos = at({})
    assert terrain_row(pos, "1210", ["1211"], "cp")[0] == "fort"
    assert terrain_row(pos, "0913", ["1013"], "cp")[0] == "fort"
    assert SCENARIO.rules["crt"]["row_names"]["fort"] == "CP in Trench or Gaza"


def test_gaza_14_british_defenders_treat_trenches_as_clear() -> None:
    pos = at({})
    assert terrain_row(pos, "1210", ["1209"], "br")[0] == "clear"
    assert terrain_row(pos, "0913", ["0912"], "br")[0] == "town"


def test_gaza_14_trench_row_in_a_real_attack() -> None:
    state = position({"155Bde": "1211", "47R": "1210"}, phase="combat")
    state, _ = run(SCENARIO, state, "attack 1210 1211")
    facts = SYSTEM.preview(SCENARIO, state, Order("resolve", ("1210",)))
    assert facts["row"] == "fort" and facts["differential"] == -2 and facts["column"] == "1"


def test_gaza_14_central_powers_leave_a_zoc_from_a_trench_free() -> None:
    trench = at({"47R": "1210", "155Bde": "1211"}, active="cp")
    assert exit_cost(trench, "47R", "1210") == 0
    open_ground = at({"47R": "1209", "155Bde": "1208"}, active="cp")
    assert exit_cost(open_ground, "47R", "1209") == 1
    british = at({"155Bde": "1210", "47R": "1211"})
    assert exit_cost(british, "155Bde", "1210") == 1


# --- 15.0 Rail movement ---

def test_gaza_15_one_ottoman_unit_moves_any_distance_by_rail() -> None:
    state = position({"48R": "0703", "47R": "0403"}, active="cp")
    orders = legal(SCENARIO, state)
    assert "rail 48R 1902" in orders and "rail 48R 0510" in orders and "rail 47R 2101" in orders
    state, events = run(SCENARIO, state, "rail 48R 1902")
    assert where(state, "48R") == "1902"
    after = legal(SCENARIO, state)
    assert not any(o.startswith("rail ") for o in after)  # one unit a movement phase
    assert not any(o.startswith("move 48R ") for o in after)  # and no other movement for it
    assert any(o.startswith("move 47R ") for o in after)


def test_gaza_15_a_unit_that_moved_may_not_go_by_rail() -> None:
    state = position({"48R": "0703"}, active="cp")
    state, _ = run(SCENARIO, state, "move 48R 0803")
    assert not any(o.startswith("rail ") for o in legal(SCENARIO, state))


def test_gaza_15_not_beyond_16_1_where_no_unit_may_move_away() -> None:
    """F&M 5.3 (house rule) with 16.1: 48R may join regiment 47R by rail only while 47R may still
    move away; once 47R has moved the phase could not end overstacked so."""
    assert "rail 48R 0510" in legal(SCENARIO, position({"48R": "0703", "47R": "0510"}, active="cp"))
    moved = position({"48R": "0703", "47R": "0510"}, active="cp", flags={"47R": "moved"})
    dests = {o.split()[2] for o in legal(SCENARIO, moved) if o.startswith("rail 48R ")}
    assert "0510" not in dests and "1902" in dests
    with pytest.raises(IllegalOrder) as refused:
        run(SCENARIO, moved, "rail 48R 0510")
    assert refused.value.rule == "Gaza 15.0"


def test_gaza_15_not_from_nor_into_a_british_zoc() -> None:
    blocked = position({"48R": "0703", "1LH": "1203"}, active="cp")
    dests = {o.split()[2] for o in legal(SCENARIO, blocked) if o.startswith("rail 48R ")}
    assert "1102" in dests and "1202" not in dests and "1902" not in dests
    in_zoc = position({"48R": "0703", "1LH": "0704"}, active="cp")
    assert not any(o.startswith("rail ") for o in legal(SCENARIO, in_zoc))


def test_gaza_15_only_the_ottoman_railway_and_only_the_central_powers() -> None:
    british_rail = position({"3Cav1": "1922"}, active="cp")
    assert not any(o.startswith("rail ") for o in legal(SCENARIO, british_rail))
    british = position({"155Bde": "0703"})
    assert not any(o.startswith("rail ") for o in legal(SCENARIO, british))
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, british, "rail 155Bde 1902")
    assert exc.value.rule == "Gaza 15.0"


# --- 16.0 Stacking ---

def test_gaza_16_1_british_one_unit_plus_a_tank_or_motor_machinegun() -> None:
    pos = at({})
    assert overstack(pos, "1818", ["155Bde", "1ETank"]) is None
    assert overstack(pos, "1818", ["155Bde", "LCMMG"]) is None
    assert "Gaza 16.1" in (overstack(pos, "1818", ["155Bde", "156Bde"]) or "")
    assert overstack(pos, "1818", ["155Bde", "1ETank", "LCMMG"]) is not None
    assert overstack(pos, "1818", ["155Bde", "ArmTrain"]) is not None


def test_gaza_16_1_central_powers_two_units_one_regiment() -> None:
    pos = at({})
    assert overstack(pos, "0607", ["31R", "3MG"]) is None
    assert overstack(pos, "0607", ["31Bn", "32Bn"]) is None
    assert "Gaza 16.1" in (overstack(pos, "0607", ["31R", "32R"]) or "")
    assert overstack(pos, "0607", ["31Bn", "3MG", "1Jand"]) is not None


def test_gaza_16_1_an_overstacked_phase_may_not_end() -> None:
    state = position({"155Bde": "1818", "156Bde": "1819"})
    state, _ = run(SCENARIO, state, "move 156Bde 1818")
    assert "end" not in legal(SCENARIO, state)


def test_gaza_16_3_stacked_units_attack_together() -> None:
    state = position({"155Bde": "0608", "1ETank": "0608", "3Cav1": "0607"}, phase="combat")
    state, _ = run(SCENARIO, state, "attack 0607 0608")
    facts = SYSTEM.preview(SCENARIO, state, Order("resolve", ("0607",)))
    assert facts["attackers"] == ["155Bde", "1ETank"] and facts["attack"] == 7


# --- 17.0 Coordination ---

def test_gaza_17_two_divisions_in_one_attack_shift_left() -> None:
    state = position({"155Bde": "0608", "161Bde": "0708", "3Cav1": "0607"}, phase="combat")
    state, _ = run(SCENARIO, state, "attack 0607 0608", "attack 0607 0708")
    facts = SYSTEM.preview(SCENARIO, state, Order("resolve", ("0607",)))
    assert [s["by"] for s in facts["shifts"]] == [-1] and "Gaza 17.0" in facts["shifts"][0]["reason"]
    assert int(facts["column"]) == int(facts["base_column"]) - 1


def test_gaza_17_divisional_units_count_with_their_division_reserve_units_do_not() -> None:
    mixed = position({"155Bde": "0608", "53MMG": "0708", "3Cav1": "0607"}, phase="combat")
    mixed, _ = run(SCENARIO, mixed, "attack 0607 0608", "attack 0607 0708")
    assert [s["by"] for s in SYSTEM.preview(SCENARIO, mixed, Order("resolve", ("0607",)))["shifts"]] == [-1]
    reserve = position({"155Bde": "0608", "ICB": "0708", "1ETank": "0608", "3Cav1": "0607"}, phase="combat")
    reserve, _ = run(SCENARIO, reserve, "attack 0607 0608", "attack 0607 0708")
    assert SYSTEM.preview(SCENARIO, reserve, Order("resolve", ("0607",)))["shifts"] == []


def test_gaza_17_central_powers_attacks_are_not_shifted() -> None:
    state = position({"31R": "0607", "79R": "0709", "155Bde": "0608"}, phase="combat", active="cp")
    state, _ = run(SCENARIO, state, "attack 0608 0607", "attack 0608 0709")
    assert SYSTEM.preview(SCENARIO, state, Order("resolve", ("0608",)))["shifts"] == []
