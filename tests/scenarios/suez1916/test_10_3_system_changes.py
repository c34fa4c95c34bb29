"""Suez 10.3: the standard rules as changed: no mobile phases, A3/D3 retreat then lose a step,
only mobile units advance beyond the defenders' hex."""

from __future__ import annotations

import pytest

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run
from tui_wargame.model import IllegalOrder


def test_10_3_no_mobile_phases_movement_then_combat_then_the_other_player() -> None:
    state = position({"31-1": "3040", "155a": "2128"}, clear=True, turn="4am")
    state, _ = run(state, "end")
    assert (state.phase, state.active) == ("combat", "cp")
    state, _ = run(state, "end")
    assert (state.phase, state.active) == ("movement", "british")


def test_10_3_a3_retreats_the_attackers_then_costs_a_step() -> None:
    state = position({"31-1": "0842", "125a": "0843"}, clear=True, turn="4am", phase="combat",
                     flags={"125a": "activated"})  # as the move next to it did (11.3)
    # 3 against 5 in the open: -2, column 4; die 3: A3
    state, events = run(state, "attack 0843 0842", "end", "resolve 0843", dice=[3])
    assert of_kind(events, "combat")[0]["result"] == "A3"
    retreat = next(o for o in legal(state) if o.startswith("retreat 31-1 "))
    assert len(retreat.split()) == 5 and not any(o.startswith("deplete") for o in legal(state))
    state, _ = run(state, retreat)
    assert state.units["31-1"].location == retreat.split()[-1] and state.units["31-1"].steps == 1


def test_10_3_d3_retreats_the_defenders_then_costs_a_step() -> None:
    state = position({"31-1": "0842", "31-2": "0842", "31-3": "0842", "yeo": "0843"}, clear=True,
                     turn="4am", phase="combat")
    # 9 against 3 in the open: +6, column 10; die 1: D3
    state, events = run(state, "attack 0843 0842", "end", "resolve 0843", dice=[1])
    assert of_kind(events, "combat")[0]["result"] == "D3"
    retreat = next(o for o in legal(state) if o.startswith("retreat yeo "))
    state, _ = run(state, retreat)
    assert state.units["yeo"].steps == 1 and state.units["yeo"].location == retreat.split()[-1]


def test_10_3_only_mobile_units_advance_beyond_the_defenders_hex() -> None:
    state = position({"31-1": "0842", "comp-cav": "0943", "31-2": "0743", "yeo": "0843"}, clear=True,
                     turn="4am", phase="combat")
    # 3 + 2 + 3 = 8 against 3: +5, column 9; die 2: D2
    state, _ = run(state, "attack 0843 0842", "attack 0843 0943", "attack 0843 0743", "end",
                   "resolve 0843", dice=[2])
    state, _ = run(state, "retreat yeo 0844 0845")
    advances = [o for o in legal(state) if o.startswith("advance")]
    assert "advance 31-1 0843" in advances and not any(o.startswith("advance 31-1 0843 ") for o in advances)
    assert "advance comp-cav 0843 0844" in advances  # along the retreat path, up to the defender
    with pytest.raises(IllegalOrder) as refused:  # 10.3 changes 7.9: the refusal cites 10.3
        run(state, "advance 31-1 0843 0844")
    assert refused.value.rule == "Suez 10.3"
