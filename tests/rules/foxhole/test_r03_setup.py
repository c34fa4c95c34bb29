"""Foxhole R3.B: set-up areas, the free set-up in private, and the markers placed first."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import EMPTY, IllegalOrder, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, arrivals, setup
from tui_wargame.rules.foxhole.position import Position
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
    hidden = setup.concealed(SCENARIO, state, "allied")
    assert "X1" in hidden and "A1" not in hidden and "AR1" not in hidden
    assert "A1" in setup.concealed(SCENARIO, state, "axis")
    state, _ = run(SCENARIO, state, "end", "end")
    assert setup.concealed(SCENARIO, state, "allied") == frozenset()


def test_r3_b_2_a_bad_set_up_area_is_named():
    with pytest.raises(ScenarioError) as err:
        load(edit={'maphexes = ["B"]': 'sectors = ["B:Q", "C:N"]'})
    assert "rules.setup_area[1].sectors" in str(err.value)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_r3_b_3c_random_play_from_a_free_set_up(tmp_path, seed):
    from tests.rules.foxhole.random_play import play

    game = play(load(), tmp_path / "g.toml", seed, options={"setup": "free"})
    assert game.state.result is not None


def _axis_setup():
    state, _ = run(SCENARIO, _free(), "end")
    return state


def test_r3_b_3a_a_side_places_its_permitted_works_and_traps_in_its_area():
    state = _axis_setup()
    assert "mark mines B-0303" in legal(SCENARIO, state) and "mark pillbox B-0303" in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "mark mines B-0303", "mark mines B-0303", "mark pillbox B-0303")
    assert state.marker("B-0303", "mines").value == 2 and state.marker("B-0303", "pillbox").side == "axis"
    assert setup.permitted(Position(SCENARIO, state), "axis") == {}
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "mark mines B-0304")
    assert err.value.rule == "R3.B.3a"


def test_r3_b_3a_r10_c_works_may_not_pass_four_levels_nor_leave_the_area():
    state, _ = run(SCENARIO, _axis_setup(), "mark pillbox B-0505")  # two Trench levels and two: four
    assert state.marker("B-0505", "pillbox") is not None
    fort = load(edit={'kind = "pillbox"\nnumber = 1': 'kind = "fort-improved"\nnumber = 1'})
    state, _ = run(fort, fold(EMPTY, SYSTEM.setup(fort, {"setup": "free"})), "end")
    with pytest.raises(IllegalOrder) as err:
        run(fort, state, "mark fort-improved B-0505")  # 2 + 4 levels
    assert "more than 4 levels" in err.value.reason
    with pytest.raises(IllegalOrder) as err:
        run(fort, state, "mark mines A-0303")
    assert "set-up area" in err.value.reason


def test_r3_b_3a_the_allies_have_none_to_place():
    assert not [o for o in legal(SCENARIO, _free()) if o.startswith("mark")]


def test_r3_b_3c_the_system_hides_the_other_sides_units_while_setting_up():
    from tui_wargame.rules.capabilities import Capabilities
    from tui_wargame.rules.foxhole import SYSTEM

    state = position(SCENARIO, phase="set-up", active="allied", options={"setup": "free"})
    hidden = Capabilities(SYSTEM).concealed(SCENARIO, state, "allied")
    assert "X1" in hidden and "A1" not in hidden


def test_r3_b_3a_c_the_set_up_prompt_says_what_to_do_and_the_markers_left():
    allies = SYSTEM.prompt(SCENARIO, _free())
    assert allies == "Allies, Day 1 Morning: Private set-up (R3.B.3c): place units, then end"
    state, _ = run(SCENARIO, _axis_setup(), "mark mines B-0303")
    prompt = SYSTEM.prompt(SCENARIO, state)
    assert "works and traps to mark: mines 1, pillbox 1 left (R3.B.3a)" in prompt
    note = SYSTEM.order_note(SCENARIO, state, Order("mark", ("mines", "B-0304")))
    assert note == "one level of mines in B-0304, of those you may place (R3.B.3a)"
