"""Suez 18.0 fire support on the real scenario (the system's bombardment with Suez's limits,
observation ranges, air unit), with 15.2 and 19.0 and the 11.3 activation by bombardment."""

from __future__ import annotations

import pytest
from attrs import evolve

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run, suez
from tui_wargame.model import IllegalOrder, Refusal, State
from tui_wargame.rules.capabilities import Layer
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.suez1916 import Suez1916

GUNS = {"fs-de6-1": "pool", "fs-de6-2": "pool", "fs-de4-1": "pool"}


def cp_fire(at: dict[str, str], turn: str = "4am", **kw: object):
    return position({**GUNS, **at}, clear=True, turn=turn, phase="combat", **kw)


def test_18_1_central_powers_one_or_two_markers_a_hex() -> None:
    state = cp_fire({"31-1": "0842", "155a": "0843"})
    state, _ = run(state, "bombard 0843", "bombard 0843")
    assert "bombard 0843" not in legal(state)
    with pytest.raises(IllegalOrder) as refused:
        run(state, "bombard 0843")
    assert refused.value.rule == "Suez 18.0"


def markers(state: State) -> Layer:
    (layer,) = [x for x in SYSTEM.layers(suez(), state, "british", None) if x.id == "markers"]
    return layer


def test_18_1_placed_markers_are_counted_by_hex_and_side_until_the_reveal() -> None:
    state = cp_fire({"31-1": "0842", "155a": "0843"})
    assert markers(state).marks == {}
    state, _ = run(state, "bombard 0843", "bombard 0843")
    assert markers(state).marks == {"0843": "2"} and markers(state).rule == "Suez 18.0"
    assert markers(state).notes == {"0843": "face-down markers: CP 2"}


def test_18_1_british_one_marker_a_hex() -> None:
    state = position({"fs-br-1": "pool", "fs-br-2": "pool", "31-1": "0842", "155a": "0843"}, clear=True,
                     turn="4am", active="british", phase="combat")
    state, _ = run(state, "bombard 0842")
    assert "bombard 0842" not in legal(state)


def test_18_2_observation_four_hexes_six_from_a_hill_for_the_central_powers() -> None:
    state = cp_fire({"31-1": "0836", "155a": "0840", "155b": "0841"})
    assert "bombard 0840" in legal(state) and "bombard 0841" not in legal(state)
    hill = cp_fire({"31-1": "0937", "155a": "0943", "155b": "0944"})
    assert "bombard 0943" in legal(hill) and "bombard 0944" not in legal(hill)


def test_18_2_observation_five_hexes_seven_from_a_hill_for_the_british() -> None:
    at = {"fs-br-1": "pool", "155a": "0836", "31-1": "0841", "31-2": "0842"}
    state = position(at, clear=True, turn="4am", active="british", phase="combat")
    assert "bombard 0841" in legal(state) and "bombard 0842" not in legal(state)
    at = {"fs-br-1": "pool", "nzmr": "0937", "31-1": "0944", "31-2": "0945"}
    hill = position(at, clear=True, turn="4am", active="british", phase="combat")
    assert "bombard 0944" in legal(hill) and "bombard 0945" not in legal(hill)


def test_18_4_bombardment_reads_the_strength_on_the_target_row_and_costs_a_step() -> None:
    state = cp_fire({"31-1": "0842", "155a": "0843"})
    state, _ = run(state, "bombard 0843", "bombard 0843")
    # the draws: 1st of 3 (a +4), 2nd of 2 (a +6): strength 10 on the clear row, column 12; die 1: De
    state, events = run(state, "end", dice=[1, 2, 1])
    (shot,) = of_kind(events, "bombardment")
    assert (shot["strength"], shot["row"], shot["column"], shot["result"]) == (10, "clear", "12", "De")
    assert state.units["155a"].steps == 2 and state.units["155a"].location == "0843"  # one step, no retreat
    assert all(state.units[m].has("used") for m in ("fs-de4-1", "fs-de6-2"))
    assert "used" not in state.units["fs-de6-1"].flags
    assert markers(state).marks == {}  # revealed: no longer face down


def test_18_5_the_air_unit_anywhere_counting_toward_the_limit() -> None:
    state = cp_fire({"air": "pool", "31-1": "2940", "155a": "0843"})
    assert "air air 0843" in legal(state) and "bombard 0843" not in legal(state)  # not observed
    state, _ = run(state, "air air 0843")
    near = cp_fire({"air": "pool", "31-1": "0842", "155a": "0843"})
    near, _ = run(near, "air air 0843", "bombard 0843")
    assert "bombard 0843" not in legal(near)


def test_18_5_the_air_unit_observes_a_hex_and_its_neighbours() -> None:
    state = cp_fire({"air": "pool", "31-1": "2940", "155a": "0843", "155b": "0844"})
    state, _ = run(state, "observe air 0843")
    assert {"bombard 0843", "bombard 0844"} <= set(legal(state))


def test_19_0_no_bombardment_and_no_air_unit_at_night() -> None:
    state = cp_fire({"air": "pool", "31-1": "0842", "155a": "0843"}, turn="4nt")
    assert not any(o.startswith(("bombard", "air", "observe")) for o in legal(state))
    with pytest.raises(IllegalOrder) as refused:
        run(state, "bombard 0843")
    assert refused.value.rule == "Suez 19.0"


def test_15_2_no_british_fire_support_at_zero_hour() -> None:
    """Zero hour is also a night turn (19.0), which already forbids every bombardment; the 15.2
    hook says so for the British on its own."""
    at = {"fs-br-1": "pool", "31-1": "0842", "155a": "0843"}
    state = position(at, clear=True, turn="zh", active="british", phase="combat")
    assert not any(o.startswith("bombard") for o in legal(state))
    with pytest.raises(IllegalOrder):
        run(state, "bombard 0842")
    hooks = Suez1916()
    assert hooks.may_bombard(Position(suez(), state), "british") == Refusal(
        "no British fire support in the zero hour turn", "Suez 15.2")
    day = position(at, clear=True, turn="4am", active="british", phase="combat")
    assert hooks.may_bombard(Position(suez(), day), "british") is None


def test_11_3_an_inactive_unit_bombarded_by_the_central_powers_activates() -> None:
    state = cp_fire({"air": "pool", "31-1": "2940", "125a": "0239"})
    state, _ = run(state, "air air 0239")
    # the air unit's bombardment (+2 on the town row): die 6; then the 42nd draws a marker: 1st of 6
    state, events = run(state, "end", dice=[6, 1])
    assert of_kind(events, "bombardment") and state.units["125a"].has("activated")
    assert state.units["fs-42-1"].location == "pool"


def test_18_3_a_used_marker_waits_for_the_next_morning() -> None:
    used = {"fs-de6-1": "used"}
    afternoon = position({"fs-de6-1": "pool", "31-1": "0842", "155a": "0843"}, clear=True, turn="4pm",
                         phase="combat", flags=used)
    assert not any(o.startswith("bombard") for o in legal(afternoon))
    night = position({"fs-de6-1": "pool", "31-1": "0842", "155a": "0843"}, clear=True, turn="4nt",
                     active="british", phase="combat", flags=used)
    morning, _ = run(night, "end")
    assert morning.turn == 4 and "used" not in morning.units["fs-de6-1"].flags
    assert "bombard 0843" in legal(morning.replace(phase="combat", values={**morning.values,
                                                                           "fm.combat": "declare"}))


def test_18_4_attackers_advance_into_a_hex_emptied_by_bombardment() -> None:
    state = cp_fire({"31-1": "0842", "42mg": "0843"})
    state = state.replace(units={**state.units, "42mg": evolve(state.units["42mg"], steps=1)})  # reduced
    state, _ = run(state, "attack 0843 0842", "bombard 0843")
    # the draw: 1st of 3 (+4) on the clear row, column 9; die 1: D2, the one-step unit is gone
    state, events = run(state, "end", dice=[1, 1])
    assert of_kind(events, "bombardment")[0]["result"] == "D2"
    assert state.units["42mg"].location == "eliminated"
    state, _ = run(state, "resolve 0843")
    assert "advance 31-1 0843" in legal(state)
    state, _ = run(state, "advance 31-1 0843")
    assert state.units["31-1"].location == "0843"
