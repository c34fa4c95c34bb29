"""Gaza's own reports told in words by its hooks (`Hooks.describe`), through F&M's `describe`."""

from __future__ import annotations

from tests.scenarios.gaza1917.helpers import SCENARIO, historical
from tui_wargame.model import Event, fold
from tui_wargame.rules.capabilities import Capabilities
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.text import unit_name

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


def test_11_3_a_received_reinforcement_is_told_once_by_its_roll() -> None:
    """A roll of 1-2 says what arriving means, so the unit's leave to enter (a combat unit) or its
    place in the pool (a fire support marker) is not told again with its name in the same line."""
    state = historical()
    for uid, outcome in (("3Cav1", "it arrives and may enter the map from now on"),
                         ("cpFS20", "it arrives and joins its side's pool")):
        roll = Event.of("reinforcement_rolled", unit=uid, die=2, received=True, rule="Gaza 11.3")
        assert CAPS.describe(SCENARIO, state, roll) == (
            f"Reinforcement roll for {unit_name(SCENARIO, uid)}: die 2, {outcome} (Gaza 11.3)")
    assert CAPS.describe(SCENARIO, state, Event.of("unit_flagged", unit="3Cav1", flag="arrived")) == ""
    assert CAPS.describe(SCENARIO, state, Event.of("unit_placed", unit="cpFS20", to="pool")) == ""
    # still told: the leave withdrawn, and a marker back in the pool from the map
    assert CAPS.describe(SCENARIO, state, Event.of("unit_flagged", unit="3Cav1", flag="arrived", on=False))
    on_map = fold(state, [Event.of("unit_placed", unit="cpFS20", to="1114")])
    assert CAPS.describe(SCENARIO, on_map, Event.of("unit_placed", unit="cpFS20", to="pool"))


def test_15_0_the_ottoman_rail_move_is_told_as_one_not_as_a_move_of_0_mp() -> None:
    state = historical()
    uid = next(u for u, s in state.units.items() if SCENARIO.grid.on_map(s.location))
    at, name = state.units[uid].location, CAPS.describe(SCENARIO, state,
                                                        Event.of("step_lost", unit=uid, steps=1))
    railed = Event.of("unit_moved", unit=uid, path=["0101"], cost="0", rail=True)
    assert name is not None and CAPS.describe(SCENARIO, state, railed) == (
        f"{name.split(' loses ')[0]} goes by railway {at} - 0101")


def test_18_3_a_marker_back_from_its_bombardment_is_told_as_used_until_the_next_morning() -> None:
    """At set-up a marker joins the pool; after its bombardment it goes back there used for the day
    (18.3), and the words must not suggest it can be drawn again at once. An air unit (18.5),
    usable every turn, just goes back."""
    state = historical()
    marker = next(u for u, s in state.units.items() if s.location == "pool" and u.startswith("cpFS"))
    back = Event.of("unit_placed", unit=marker, to="pool")
    assert CAPS.describe(SCENARIO, state, back) == "Fire support +2 (cpFS01) joins its side's pool"
    state = fold(state, [Event.of("unit_placed", unit=marker, to="1114"),
                         Event.of("unit_flagged", unit=marker, flag="used")])
    assert CAPS.describe(SCENARIO, state, back) == (
        "Fire support +2 (cpFS01) goes back to its side's pool, not to be drawn before the next "
        "day's Morning (Gaza 18.0)")
    air = fold(state, [Event.of("unit_placed", unit="cpAir1", to="1114")])
    assert CAPS.describe(SCENARIO, air, Event.of("unit_placed", unit="cpAir1", to="pool")) == (
        "German air unit 1 (cpAir1) goes back to its side's pool")
