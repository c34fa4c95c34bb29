"""Gaza 17.0 coordination: British attacks by more than one division shift left."""

from __future__ import annotations

from tests.scenarios.gaza1917.helpers import SCENARIO, position, run
from tui_wargame.model import Order
from tui_wargame.rules.fm import SYSTEM


def test_gaza_17_two_divisions_in_one_attack_shift_left() -> None:
    state = position({"155Bde": "0608", "161Bde": "0708", "3Cav1": "0607"}, phase="combat")
    state, _ = run(SCENARIO, state, "attack 0607 0608", "attack 0607 0708")
    facts = SYSTEM.odds(SCENARIO, state, Order("resolve", ("0607",)))
    assert [s["by"] for s in facts["shifts"]] == [-1] and "Gaza 17.0" in facts["shifts"][0]["reason"]
    assert int(facts["column"]) == int(facts["base_column"]) - 1


def test_gaza_17_divisional_units_count_with_their_division_reserve_units_do_not() -> None:
    mixed = position({"155Bde": "0608", "53MMG": "0708", "3Cav1": "0607"}, phase="combat")
    mixed, _ = run(SCENARIO, mixed, "attack 0607 0608", "attack 0607 0708")
    assert [s["by"] for s in SYSTEM.odds(SCENARIO, mixed, Order("resolve", ("0607",)))["shifts"]] == [-1]
    reserve = position({"155Bde": "0608", "ICB": "0708", "1ETank": "0608", "3Cav1": "0607"}, phase="combat")
    reserve, _ = run(SCENARIO, reserve, "attack 0607 0608", "attack 0607 0708")
    assert SYSTEM.odds(SCENARIO, reserve, Order("resolve", ("0607",)))["shifts"] == []


def test_gaza_17_central_powers_attacks_are_not_shifted() -> None:
    state = position({"31R": "0607", "79R": "0709", "155Bde": "0608"}, phase="combat", active="cp")
    state, _ = run(SCENARIO, state, "attack 0608 0607", "attack 0608 0709")
    assert SYSTEM.odds(SCENARIO, state, Order("resolve", ("0608",)))["shifts"] == []
