"""Gaza's own reports told in words by its hooks (`Hooks.describe`), through F&M's `describe`."""

from __future__ import annotations

from tests.scenarios.gaza1917.helpers import SCENARIO, historical
from tui_wargame.model import Event
from tui_wargame.rules.capabilities import Capabilities
from tui_wargame.rules.fm import SYSTEM

CAPS = Capabilities(SYSTEM)


def test_13_1_11_3_13_3_gaza_reports_in_words() -> None:
    state = historical()
    charge = Event.of("charge_declared", division="anzmd", rule="Gaza 13.1")
    assert CAPS.describe(SCENARIO, state, charge) == "The ANZMD charges this combat phase (Gaza 13.1)"
    roll = Event.of("reinforcement_rolled", unit="CompR", die=5, received=False, rule="Gaza 11.3")
    told = CAPS.describe(SCENARIO, state, roll)
    assert told is not None and told.startswith("Reinforcement roll for ") and told.endswith(
        "die 5, not yet (Gaza 11.3)")
    assert CAPS.describe(SCENARIO, state, Event.of("step_lost", unit="CompR", steps=1)) == (
        "Reserve Composite Infantry Regiment (CompR) loses a step (1 step left)")  # F&M's own words


def test_15_0_the_ottoman_rail_move_is_told_as_one_not_as_a_move_of_0_mp() -> None:
    state = historical()
    uid = next(u for u, s in state.units.items() if SCENARIO.grid.on_map(s.location))
    at, name = state.units[uid].location, CAPS.describe(SCENARIO, state,
                                                        Event.of("step_lost", unit=uid, steps=1))
    railed = Event.of("unit_moved", unit=uid, path=["0101"], cost="0", rail=True)
    assert name is not None and CAPS.describe(SCENARIO, state, railed) == (
        f"{name.split(' loses ')[0]} goes by railway {at} - 0101")
