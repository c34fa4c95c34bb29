"""Gaza 15.0 Ottoman rail movement: one unit, along the Ottoman railway, from and into no British
ZOC."""

from __future__ import annotations

import pytest

from tests.scenarios.gaza1917.helpers import SCENARIO, legal, position, run, where
from tui_wargame.model import IllegalOrder


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
