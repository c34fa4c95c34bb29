"""Suez 16.0 rail movement: one unit along the railway, from and into no enemy ZOC."""

from __future__ import annotations

import pytest

from tests.scenarios.suez1916.helpers import legal, position, run
from tui_wargame.model import IllegalOrder


def rail_position(**flags: str):
    return position({"155a": "2031", "155b": "1932", "31-1": "3040"}, clear=True, turn="4am",
                    active="british", flags=flags)


def test_16_0_one_unit_moves_any_distance_along_the_railway() -> None:
    state = rail_position()
    state, events = run(state, "rail 155a 1932 1831 1732 1631 1532 1432 1333 1233")
    assert state.units["155a"].location == "1233" and state.units["155a"].spent == 0
    assert not any(o.startswith("rail ") for o in legal(state))  # one rail move per phase
    assert not any(o.startswith("move 155a") for o in legal(state))  # and no other movement
    assert any(o.startswith("move 155b") for o in legal(state))


def test_16_0_must_start_on_the_railway_and_stay_on_it() -> None:
    state = position({"155a": "2130", "31-1": "3040"}, clear=True, turn="4am", active="british")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "rail 155a 2031")
    assert refused.value.rule == "Suez 16.0"
    with pytest.raises(IllegalOrder):
        run(rail_position(), "rail 155a 2030")


def test_16_0_not_from_or_into_an_enemy_zoc() -> None:
    state = position({"155a": "2031", "31-1": "1632"}, clear=True, turn="4am", active="british")
    reach = {o.split()[-1] for o in legal(state) if o.startswith("rail 155a")}
    assert "1831" in reach and "1732" not in reach and "1532" not in reach
    with pytest.raises(IllegalOrder):
        run(state, "rail 155a 1932 1831 1732")
    start_in_zoc = position({"155a": "2031", "31-1": "2131"}, clear=True, turn="4am", active="british")
    assert not any(o.startswith("rail 155a") for o in legal(start_in_zoc))


def test_16_0_a_moved_unit_may_not_then_rail_and_the_train_moves_besides() -> None:
    state = position({"155a": "2031", "train": "1532", "31-1": "3040"}, clear=True, turn="4am",
                     active="british", flags={"train": "activated"})
    state, _ = run(state, "move 155a 1932")
    with pytest.raises(IllegalOrder):
        run(state, "rail 155a 1831")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "rail train 1631")
    assert refused.value.rule == "Suez 13.3"
    state, _ = run(rail_position(), "rail 155a 1932 1831")
    assert state.units["155a"].location == "1831"


def test_16_0_inactive_units_do_not_move_by_rail() -> None:
    state = position({"icc": "1532", "31-1": "3040"}, clear=True, turn="4am", active="british")
    assert not any(o.startswith("rail icc") for o in legal(state))


def test_16_0_no_rail_move_joins_units_that_may_not_move_beyond_17_1() -> None:
    """F&M 5.3 (house rule): icc and mobc wait for activation (11.3) at Pelusium Station, so a
    rail move may not end there as a third unit; the phase could not end."""
    state = position({"155a": "2031", "icc": "1532", "mobc": "1532", "31-1": "3040"}, clear=True,
                     turn="4am", active="british")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "rail 155a 1932 1831 1732 1631 1532")
    assert refused.value.rule == "Suez 17.1"
