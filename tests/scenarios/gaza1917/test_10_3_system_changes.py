"""Gaza 10.3: the standard rules as changed: no mobile phases, A3/D3 retreat and lose a step,
only mobile units advance beyond the vacated hex."""

from __future__ import annotations

import pytest

from tests.rules.fm.test_combat import die_for
from tests.scenarios.gaza1917.helpers import SCENARIO, legal, of_kind, position, run, where
from tui_wargame.model import IllegalOrder


def test_gaza_10_3_no_mobile_phase_movement_then_combat() -> None:
    state = position({"155Bde": "1012"})
    state, events = run(SCENARIO, state, "end")
    assert [e["phase"] for e in of_kind(events, "phase_began")] == ["combat"]


def test_gaza_10_3_a3_retreats_three_hexes_then_loses_a_step() -> None:
    # 155Bde (attack 4) against 3CompR (defence 5) in the open: -1, column 5; A3 on a 4.
    state = position({"155Bde": "0608", "3CompR": "0607"}, phase="combat")
    die = die_for(SCENARIO, "5", "A3")
    state, events = run(SCENARIO, state, "attack 0607 0608", "end", "resolve 0607", dice=[die])
    assert of_kind(events, "combat")[0]["result"] == "A3"
    state, _ = run(SCENARIO, state, "retreat 155Bde 0609 0610 0611")
    assert where(state, "155Bde") == "0611"
    assert state.units["155Bde"].steps == 1


def test_gaza_10_3_d3_retreats_three_hexes_then_loses_a_step() -> None:
    # 155Bde + 1ETank (7) and 156Bde (4) against 3Cav1 (defence 3) in the open: +8, column 11; D3 on a 2.
    state = position({"155Bde": "0608", "1ETank": "0608", "156Bde": "0708", "3Cav1": "0607"}, phase="combat")
    die = die_for(SCENARIO, "11", "D3")
    state, events = run(SCENARIO, state, "attack 0607 0608", "attack 0607 0708", "end", "resolve 0607",
                        dice=[die])
    assert of_kind(events, "combat")[0]["result"] == "D3"
    state, _ = run(SCENARIO, state, "retreat 3Cav1 0606 0605 0604")
    assert where(state, "3Cav1") == "0604"
    assert state.units["3Cav1"].steps == 1


def test_gaza_10_3_leg_units_advance_into_the_vacated_hex_only() -> None:
    # 11 against 1Jand (defence 3): +8, column 11; De on a 1.
    state = position({"155Bde": "0608", "1ETank": "0608", "156Bde": "0708", "1Jand": "0607"}, phase="combat")
    die = die_for(SCENARIO, "11", "De")
    state, _ = run(SCENARIO, state, "attack 0607 0608", "attack 0607 0708", "end", "resolve 0607", dice=[die])
    assert where(state, "1Jand") == "eliminated"
    advances = [o for o in legal(SCENARIO, state) if o.startswith("advance 156Bde")]
    assert advances == ["advance 156Bde 0607"]
    assert state.pending is not None and state.pending.prompt.endswith("(Gaza 10.3)")
    with pytest.raises(IllegalOrder) as refused:  # 10.3 changes 7.9: the refusal cites 10.3
        run(SCENARIO, state, "advance 156Bde 0607 0606")
    assert refused.value.rule == "Gaza 10.3"
