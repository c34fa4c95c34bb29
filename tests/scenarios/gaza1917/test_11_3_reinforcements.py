"""Gaza 11.3: Central Powers reinforcements: a die per unit or marker at the start of each
Central Powers turn (1-2 received), Comp/R on the north edge, the 3rd Cavalry Division on the
east edge, entry into a British ZOC but not a British-occupied hex, the +2 marker to the pool."""

from __future__ import annotations

import pytest

from tests.scenarios.gaza1917.helpers import SCENARIO, legal, of_kind, position, run, where
from tui_wargame.model import IllegalOrder

WAITING = {"CompR": "reinforcements", "3Cav1": "reinforcements", "3Cav2": "reinforcements",
           "cpFS20": "reinforcements"}


def british_turn_over(at: dict[str, str] | None = None, turn: int = 1) -> tuple:
    """The British combat phase ends (nothing declared): the Central Powers turn begins."""
    return position({**WAITING, **(at or {})}, phase="combat", active="br", turn=turn)


def test_gaza_11_3_one_roll_per_unit_or_marker_received_on_1_or_2() -> None:
    state = british_turn_over()
    # rolled in unit order: 3Cav1, 3Cav2, CompR, cpFS20
    state, events = run(SCENARIO, state, "end", dice=[1, 3, 2, 6])
    rolls = {e["unit"]: (e["die"], e["received"]) for e in of_kind(events, "reinforcement_rolled")}
    assert rolls == {"3Cav1": (1, True), "3Cav2": (3, False), "CompR": (2, True), "cpFS20": (6, False)}
    assert all(e["rule"] == "Gaza 11.3" for e in of_kind(events, "reinforcement_rolled"))
    orders = legal(SCENARIO, state)
    assert any(o.startswith("enter 3Cav1 ") for o in orders)
    assert any(o.startswith("enter CompR ") for o in orders)
    assert not any(o.startswith("enter 3Cav2 ") for o in orders)
    assert where(state, "cpFS20") == "reinforcements"


def test_gaza_11_3_the_fire_support_marker_joins_the_pool() -> None:
    state = british_turn_over()
    state, _ = run(SCENARIO, state, "end", dice=[6, 6, 6, 2])
    assert where(state, "cpFS20") == "pool"


def test_gaza_11_3_received_units_are_not_rolled_again_and_no_roll_in_british_turns() -> None:
    state = british_turn_over()
    state, _ = run(SCENARIO, state, "end", dice=[1, 1, 1, 1])
    # the Central Powers turn ends: the British turn begins without a roll
    state, events = run(SCENARIO, state, "end", "end")
    assert not of_kind(events, "reinforcement_rolled")
    state, _ = run(SCENARIO, state, "end", "end")  # the British turn: no die is needed
    assert state.active == "cp"


def test_gaza_11_3_entry_edges() -> None:
    state = british_turn_over()
    state, _ = run(SCENARIO, state, "end", dice=[1, 6, 1, 6])
    orders = legal(SCENARIO, state)
    cav_entries = {o.split()[2] for o in orders if o.startswith("enter 3Cav1 ")}
    comp_entries = {o.split()[2] for o in orders if o.startswith("enter CompR ")}
    assert cav_entries and all(e.endswith("01") for e in cav_entries)  # east edge: row 01
    assert comp_entries and all(e.startswith("01") for e in comp_entries)  # north edge: column 01
    with pytest.raises(IllegalOrder):
        run(SCENARIO, state, "enter CompR 0501")


def test_gaza_11_3_entry_into_a_british_zoc_but_not_a_british_hex() -> None:
    state = british_turn_over({"1LH": "0103"})
    state, _ = run(SCENARIO, state, "end", dice=[6, 6, 1, 6])
    orders = legal(SCENARIO, state)
    assert "enter CompR 0102" in orders  # in 1LH's zone of control: allowed, and it stops there
    assert not any(o.startswith("enter CompR 0102 ") for o in orders)
    assert not any(o.startswith("enter CompR 0103") for o in orders)
    state, _ = run(SCENARIO, state, "enter CompR 0102")
    assert where(state, "CompR") == "0102"
