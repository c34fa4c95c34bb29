"""F&M 6.1 Zones of control (house rules in RULES-NOTES): stop on entering, the exit cost,
ZOC to ZOC, blocked hexsides, units and sides that are exempt."""

from __future__ import annotations

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run, where
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm import SYSTEM, Hooks, register_hooks
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.zoc import in_enemy_zoc


def test_6_1_a_unit_entering_an_enemy_zoc_stops() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0401", "b1": "0503"})  # 0402 is in b1's ZOC
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "move r1 0402 0302")
    assert exc.value.rule == "F&M 6.1"
    state2, _ = run(scenario, state, "move r1 0402")
    assert where(state2, "r1") == "0402"
    assert not any(o.startswith("move r1 0402 ") for o in legal(scenario, state))


def test_6_1_leaving_an_enemy_zoc_costs_one_more_mp() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0402", "b1": "0503"})
    _, events = run(scenario, state, "move r1 0302 0202")
    assert of_kind(events, "unit_moved")[0]["cost"] == "3"  # 1 exit + 1 + 1
    assert SYSTEM.reach(scenario, state, "r1")["0401"] == 2


def test_6_1_zoc_to_zoc_pays_the_exit_cost_and_stops() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0402", "b1": "0503", "b2": "0304"})
    # 0403 is next to both enemies: from one ZOC straight into another
    assert in_enemy_zoc(Position(scenario, state), "red", "0403")
    state2, events = run(scenario, state, "move r1 0403")
    assert of_kind(events, "unit_moved")[0]["cost"] == "2"
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "move r1 0403 0404")
    assert exc.value.rule == "F&M 6.1"


def test_6_1_friendly_units_do_not_cancel_an_enemy_zoc() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0401", "r2": "0402", "b1": "0503"})
    with pytest.raises(IllegalOrder, match="must stop"):
        run(scenario, state, "move r1 0402 0302")


def test_6_1_no_zoc_across_a_blocking_hexside() -> None:
    """Suez 14.1: ZOCs do not extend across the canal."""
    scenario = load()
    state = position(scenario, {"r1": "0104", "b1": "0203"})
    pos = Position(scenario, state)
    assert not in_enemy_zoc(pos, "red", "0103")  # across the canal from 0203
    assert in_enemy_zoc(pos, "red", "0104")
    run(scenario, state, "move r1 0103 0102")  # would have to stop in 0103 otherwise


def test_6_1_a_side_may_exit_free_at_night() -> None:
    """Suez 19.0 as data: rules.zoc.free_exit (red, at night)."""
    scenario = load()
    night = position(scenario, {"r1": "0402", "b1": "0503"}, turn=0)
    day = position(scenario, {"r1": "0402", "b1": "0503"}, turn=1)
    assert SYSTEM.reach(scenario, night, "r1")["0401"] == 1
    assert SYSTEM.reach(scenario, day, "r1")["0401"] == 2
    blue_night = position(scenario, {"r1": "0402", "b1": "0503"}, turn=0, active="blue")
    assert SYSTEM.reach(scenario, blue_night, "b1")["0603"] == 2  # blue pays at night too


def test_6_1_a_unit_that_ignores_zocs() -> None:
    """Suez 13.3: a unit with the ignores-zoc trait enters and leaves enemy ZOCs freely."""
    horse = '"mobile"]\nfactors = [{ attack = 3, defence = 2, move = 6 }]'
    scenario = load(edit={horse: '"mobile", "ignores-zoc"]' + horse.removeprefix('"mobile"]')})
    state = position(scenario, {"r3": "0401", "b1": "0503"})
    _, events = run(scenario, state, "move r3 0402 0403 0404")
    assert of_kind(events, "unit_moved")[0]["cost"] == "3"


class TrainHooks(Hooks):
    def ignores_zoc(self, pos: Position, unit: str) -> bool:
        return unit == "r2"


def test_6_1_zoc_exceptions_from_a_scenario_hook() -> None:
    register_hooks("test-train", TrainHooks)
    scenario = load(edit={'first = "red"': 'first = "red"\nhooks = "test-train"'})
    state = position(scenario, {"r1": "0401", "r2": "0401", "b1": "0503"})
    run(scenario, state, "move r2 0402 0302")
    with pytest.raises(IllegalOrder):
        run(scenario, state, "move r1 0402 0302")


def test_6_1_the_zones_the_system_reports_stop_at_the_canal() -> None:
    """F&M 6.1 / Suez 14.1: what the TUI shows with Z is the rules' ZOC, not every neighbour."""
    from tui_wargame.rules.fm import SYSTEM

    scenario = load()
    state = position(scenario, {"r1": "0104", "b1": "0203"})
    (layer,) = [x for x in SYSTEM.layers(scenario, state, "red", None) if x.id == "zoc"]
    zones = set(layer.marks)
    assert layer.rule == "F&M 6.1" and layer.shown == "toggle"
    assert "0104" in zones and "0103" not in zones
    grid = scenario.grid
    neighbours = {grid.label(n) for n in grid.neighbours(grid.parse("0203"))}
    assert zones == neighbours - {"0103"}


def test_6_1_the_unit_notes_name_the_zoc_and_its_exit_cost() -> None:
    """What the unit panel shows: the ZOC the unit stands in, with the cost and the rule."""
    from tui_wargame.rules.fm import SYSTEM

    scenario = load()
    state = position(scenario, {"r1": "0104", "b1": "0203"})
    notes = SYSTEM.unit_notes(scenario, state, "r1")
    assert any(n.text == "in an enemy ZOC: leaving costs +1 MP" and n.rule == "F&M 6.1" for n in notes), notes
    far = position(scenario, {"r1": "0106", "b1": "0203"})
    assert not any("ZOC" in n.text for n in SYSTEM.unit_notes(scenario, far, "r1"))
