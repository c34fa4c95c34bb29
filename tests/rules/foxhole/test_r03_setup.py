"""Foxhole R3.B: set-up areas, the free set-up in private, and the markers placed first."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import EMPTY, IllegalOrder, fold
from tui_wargame.rules.foxhole import SYSTEM, arrivals, setup
from tui_wargame.scenario_file import ScenarioError

SCENARIO = load()


def _free():
    return fold(EMPTY, SYSTEM.setup(SCENARIO, {"setup": "free"}))


def test_r3_b_3c_a_free_set_up_opens_with_the_offensive_player_placing():
    state = _free()
    assert (state.phase, state.active) == ("set-up", "allied")
    assert state.marker("B-0505", "trenches") is not None  # R3.B.3a: markers are down first


def test_r3_b_2_the_set_up_area_is_the_sides_maphex_sectors_and_hexes():
    area = arrivals.setup_area(SCENARIO, "allied")
    assert "A-0504" in area and not any(h.startswith("B-") for h in area)
    sectors = load(edit={'maphexes = ["B"]': 'sectors = ["B:N"]\nhexes = ["B-0505"]'})
    north = arrivals.setup_area(sectors, "axis")
    assert "B-0505" in north and all(h.startswith("B-") for h in north)
    assert all("N" in sectors.grid.sectors(h) for h in north - {"B-0505"})


def test_r3_b_3c_a_unit_is_placed_in_its_area():
    state, events = run(SCENARIO, _free(), "place A1 A-0303")
    assert state.units["A1"].location == "A-0303"


def test_r3_b_2_a_unit_may_not_be_placed_outside_its_area_in_water_or_on_enemies():
    for label in ("B-0303", "A-0307"):
        with pytest.raises(IllegalOrder) as err:
            run(SCENARIO, _free(), f"place A1 {label}")
        assert err.value.rule == "R3.B.2"


def test_r10_a_the_set_up_respects_stacking():
    state = position(SCENARIO, phase="set-up", active="allied",
                     at={"A2": "A-0303", "AE": "A-0303", "AHQ": "A-0303", "AMC": "A-0303"})
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "place A1 A-0303")
    assert err.value.rule == "R10.A"
    assert "place A1 A-0303" not in legal(SCENARIO, state)


def test_r3_b_3c_the_defensive_player_sets_up_next_then_the_dawn_briefing():
    state, _ = run(SCENARIO, _free(), "end")
    assert (state.phase, state.active) == ("set-up", "axis")
    assert "place X1 B-0303" in legal(SCENARIO, state) and "place A1 A-0303" not in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "end")
    assert (state.phase, state.active) == ("dawn-briefing", "axis")


def test_r3_b_3c_each_side_places_in_private():
    state = _free()
    hidden = setup.CONCEALED(SCENARIO, state, "allied")
    assert "X1" in hidden and "A1" not in hidden and "AR1" not in hidden
    assert "A1" in setup.CONCEALED(SCENARIO, state, "axis")
    state, _ = run(SCENARIO, state, "end", "end")
    assert setup.CONCEALED(SCENARIO, state, "allied") == frozenset()


def test_r3_b_2_a_bad_set_up_area_is_named():
    with pytest.raises(ScenarioError) as err:
        load(edit={'maphexes = ["B"]': 'sectors = ["B:Q", "C:N"]'})
    assert "rules.setup_area[1].sectors" in str(err.value)
