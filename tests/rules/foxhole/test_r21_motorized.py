"""Foxhole R21: the Motorized-Movement Phase (and R11.C.2.c, Ambushes of Motorized moves)."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import Event, IllegalOrder
from tui_wargame.rules.foxhole import SYSTEM, motorized
from tui_wargame.rules.foxhole.position import AMBUSHED, PINNED, SUPPLIED, TRACED, Position

SCENARIO = load()
MM = "motorized-movement"


def test_r21_c_a_pinned_vehicle_that_traced_may_try_to_unpin_five_in_ten():
    state = position(SCENARIO, phase=MM, active="allied", flags={"AT1": [PINNED, TRACED, SUPPLIED]})
    assert "unpin AT1" in legal(SCENARIO, state)
    after, events = run(SCENARIO, state, "unpin AT1", dice=[5])
    assert not after.units["AT1"].has(PINNED)
    assert "the Pin comes off" in SYSTEM.describe(SCENARIO, after, events[-2])
    after, _ = run(SCENARIO, state, "unpin AT1", dice=[6])
    assert after.units["AT1"].has(PINNED) and "unpin AT1" not in legal(SCENARIO, after)


def test_r21_c_not_without_a_successful_trace():
    state = position(SCENARIO, phase=MM, active="allied", flags={"AT1": [PINNED]})
    assert "unpin AT1" not in legal(SCENARIO, state)
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "unpin AT1")
    assert exc.value.rule == "R21.C"


def test_r21_a_unpin_or_move_not_both():
    state = position(SCENARIO, phase=MM, active="allied", flags={"AT1": [PINNED, TRACED, SUPPLIED]})
    state, _ = run(SCENARIO, state, "unpin AT1", dice=[1])
    assert not [o for o in legal(SCENARIO, state) if o.startswith("move AT1 ")]


def test_r21_a_only_motorized_units_move():
    state = position(SCENARIO, phase=MM, active="allied")
    movers = {o.split()[1] for o in legal(SCENARIO, state) if o.startswith("move ")}
    assert movers == {"AMC", "AT1"}
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "move A2 A-0601")
    assert exc.value.rule == "R21.A"


def test_r12_b_a_unit_that_failed_its_trace_does_nothing_here():
    state = position(SCENARIO, phase=MM, active="allied", flags={"AT1": [TRACED]})
    assert not [o for o in legal(SCENARIO, state) if " AT1" in o]


def test_r11_c_2_c_a_motorized_move_along_a_road_next_to_an_enemy_is_ambushed():
    at = {"AT1": "A-0503", "AE": "A-0402", "A2": "A-0302"}
    state = position(SCENARIO, phase=MM, active="allied", at=at)
    state, _ = run(SCENARIO, state, "move AT1 A-0502 A-0501")
    assert state.units["AT1"].location == "A-0501" and state.units["AT1"].has(AMBUSHED)


def test_r21_prompt_and_idle():
    state = position(SCENARIO, phase=MM, active="allied")
    assert "R21" in SYSTEM.prompt(SCENARIO, state)
    every = {u: [PINNED] for u in ("AMC", "AT1")}
    assert motorized.idle(Position(SCENARIO, position(SCENARIO, phase=MM, active="allied", flags=every)))
    assert not motorized.idle(Position(SCENARIO, state))


def test_r11_d_4_r21_an_engineer_tank_that_can_only_clear_mines_keeps_the_phase():
    tank = 'traits = ["hard"]\nstart = "A-0702"'
    scenario = load(edit={tank: tank.replace('"hard"', '"hard", "engineer-tank"')})
    mines = [Event.of("marker_placed", place="B-0104", marker="mines", value=1)]
    state = position(scenario, phase=MM, active="allied", at={"AT1": "B-0104"}, flags={"AMC": [PINNED]},
                     events=mines)  # B-0104: the tank has no move from there
    assert not [o for o in legal(scenario, state) if o.startswith("move ")]
    assert "remove AT1 mines" in legal(scenario, state)
    assert not motorized.idle(Position(scenario, state))
