"""Foxhole R5: counters. R5.A the printed values and their checks, R5.B the marker catalogue."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import HERE, load, position
from tui_wargame import scenario_file
from tui_wargame.model import UnitSpec
from tui_wargame.rules.foxhole import SYSTEM, charts, counters, markers
from tui_wargame.rules.foxhole.position import CONDITIONS, Position
from tui_wargame.scenario_file import ScenarioError

SCENARIO = load()


def unit(kind: str, *traits: str, full: dict | None = None, cadre: dict | None = None) -> UnitSpec:
    full = full if full is not None else {"defence": 3, "soft": 4, "mp": 4}
    return UnitSpec("U", "Test unit", "allied", kind, (full, cadre or full), "A-0401", "1bn", traits)


def problems_of(spec: UnitSpec) -> list[str]:
    return counters.problems(spec)


def edited(old: str, new: str) -> list[str]:
    """The problems the scenario file loader reports for the proving ground edited."""
    with pytest.raises(ScenarioError) as caught:
        load(edit={old: new})
    return caught.value.problems


def appended(toml: str) -> list[str]:
    """The problems the loader reports for the proving ground with more tables at its end."""
    text = (HERE / "proving.toml").read_text() + "\n" + toml
    with pytest.raises(ScenarioError) as caught:
        scenario_file.parse(text, HERE / "proving.toml")
    return caught.value.problems


def markers_at(place: str, *kinds: tuple[str, int | None]) -> str:
    return "".join(f'[[rules.markers]]\nplace = "{place}"\nkind = "{k}"\n' + (f"value = {v}\n" if v else "")
                   for k, v in kinds)


def test_r5_a_the_proving_ground_counters_are_all_valid():
    assert SYSTEM.check_scenario(SCENARIO) == []


def test_r5_a_1_b_a_company_prints_no_hard_firepower():
    found = problems_of(unit("company", "infantry", full={"defence": 3, "hard": 1, "soft": 4, "mp": 4}))
    assert any("R5.A.1.b" in p and ".hard" in p for p in found)


def test_r5_a_2_heavy_weapons_are_for_companies_only():
    found = problems_of(unit("vehicle", "hard", full={"defence": 6, "heavy": 1, "soft": 4, "mp": 8}))
    assert any("R5.A.2" in p for p in found)
    assert problems_of(unit("company", "infantry", full={"defence": 3, "heavy": 2, "soft": 4, "mp": 4})) == []


def test_r5_a_3_smoke_only_on_artillery_and_mortars():
    assert counters.fires_smoke(SCENARIO.unit["AMO"]) and counters.fires_smoke(SCENARIO.unit["AART"])
    assert not counters.fires_smoke(SCENARIO.unit["XART"])  # no Smoke mark
    gun = {"defence": 2, "hard": 4, "soft": 1, "mp": 2}
    found = problems_of(unit("battery", "antitank", "smoke", full=gun))
    assert any("R5.A.3" in p for p in found)


def test_r5_a_4_vehicle_hardness_hard_soft_open_top():
    assert counters.hardness(SCENARIO.unit["AT1"]) == counters.HARD
    assert counters.hardness(SCENARIO.unit["XV"]) == counters.OPEN_TOP
    truck = unit("vehicle", full={"defence": 2, "hard": 1, "soft": 2, "mp": 10})
    assert counters.hardness(truck) == counters.SOFT
    assert counters.hardness(SCENARIO.unit["A1"]) == counters.SOFT  # men are Soft targets (R5.A.1.a)
    assert any("R5.A.4" in p for p in problems_of(unit("vehicle", "hard", "open-top")))
    assert any("R5.A.4.a" in p for p in problems_of(unit("company", "hard")))


def test_r5_a_5_defence_printed_or_one_artillery_one():
    state = position(SCENARIO, phase="combat", active="allied")
    pos = Position(SCENARIO, state)
    assert pos.value("AART", "defence") == 1 and pos.value("A1", "defence") == 3
    assert counters.value(unit("company", full={"soft": 2, "mp": 4}), 2, "defence") == 1


def test_r5_a_6_artillery_print_range_not_defence_minimum_three():
    assert counters.artillery_range(SCENARIO.unit["XART"], 2) == (3, 10)
    art = {"range": 8, "hard": 2, "soft": 8, "mp": 1}
    assert problems_of(unit("battery", "artillery", full=art)) == []
    assert any("R5.A.6" in p and ".defence" in p
               for p in problems_of(unit("battery", "artillery", full={**art, "defence": 2})))
    assert any("R5.A.6" in p and "could never fire" in p
               for p in problems_of(unit("battery", "artillery", full={**art, "range": 2})))
    assert any("R5.A.6" in p for p in problems_of(unit("battery", "artillery", full={"soft": 8, "mp": 1})))
    assert any("only Artillery have a Range" in p
               for p in problems_of(unit("battery", "mortar", full={"range": 3, "soft": 4, "mp": 2})))


def test_r5_a_7_mp_is_required_and_zero_is_immobile():
    fixed = unit("battery", "antitank", full={"defence": 2, "hard": 4, "soft": 1, "mp": 0},
                 cadre={"defence": 1, "hard": 2, "soft": 1, "mp": 1})
    assert counters.immobile(fixed, 2) and not counters.immobile(fixed, 1)
    assert any("no mp (R5.A.7)" in p for p in problems_of(unit("company", full={"defence": 3, "soft": 4})))


def test_r5_a_values_are_whole_numbers_from_zero():
    found = problems_of(unit("company", full={"defence": -1, "soft": 4, "mp": 4}))
    assert any("factors[0].defence" in p for p in found)
    assert any("not a Foxhole value" in p for p in problems_of(unit("company", full={"attack": 3, "mp": 4})))


def test_r5_a_bad_data_is_refused_naming_the_unit():
    found = edited('traits = ["antitank"]', 'traits = ["antitank", "smoke"]')
    assert "unit (id 'XAT').traits: only Artillery and Mortars fire Smoke (R5.A.3)" in found


def test_r5_b_every_marker_pair_is_catalogued():
    assert len(markers.PAIRS) == 16 - 1  # R5.B.1-16; R5.B.13 Supply Points is single-sided
    sides = [k for front, backs in markers.PAIRS for k in (front, *backs)] + list(markers.SINGLES)
    assert len(sides) == len(set(sides)) and set(sides) <= set(markers.KINDS)


def test_r5_b_map_markers_are_chart_kinds_and_unit_markers_are_conditions():
    on_map = {k for k, m in markers.KINDS.items() if markers.UNIT not in m.places}
    on_units = {k for k, m in markers.KINDS.items() if markers.UNIT in m.places}
    assert on_map == set(charts.MARKER_KINDS)
    assert on_units == set(CONDITIONS)
    named_elsewhere = ("port", "bridge-destroyed", "shellholes", "built", "building", "rail-circle", "tunnel")
    assert set(named_elsewhere) | {"truck", "train", "ship"} <= set(charts.MARKER_KINDS)


def test_r5_b_levels_trenches_four_mines_three_tank_traps_two():
    assert (markers.KINDS["trenches"].levels, markers.KINDS["mines"].levels,
            markers.KINDS["tank-traps"].levels) == (4, 3, 2)
    assert markers.KINDS["foxholes"].levels == 0


def test_r5_b_15_a_rail_break_goes_on_a_hexside_not_a_hex():
    bad = appended(markers_at("A-0302", ("rail-break", None)))
    assert any("Rail Break goes on a hexside, not 'A-0302' (R5.B.15)" in p for p in bad)
    side = appended(markers_at("A-0302|A-0402", ("foxholes", None)))
    assert any("Foxholes goes on a hex, not 'A-0302|A-0402'" in p for p in side)


def test_r5_b_5_a_mine_level_above_three_is_refused():
    bad = appended(markers_at("A-0302", ("mines", 4)))
    assert any("Mines has levels 1 to 3, not 4 (R5.B.5, R10.C)" in p for p in bad)


def test_r5_a_4_c_open_top_soft_in_barrages_hard_in_fights_both_in_assaults():
    open_top = SCENARIO.unit["XV"]
    assert counters.firepower_kinds(open_top, "barrage") == {"soft"}
    assert counters.firepower_kinds(open_top, "fight") == {"hard"}
    assert counters.firepower_kinds(open_top, "assault") == {"hard", "soft"}
    assert counters.firepower_kinds(SCENARIO.unit["AT1"], "barrage") == {"hard"}
    assert counters.firepower_kinds(SCENARIO.unit["A1"], "fight") == {"soft"}


def test_r5_a_1_a_firepower_bonus_skips_hard_for_companies_and_zero_hard():
    assert counters.has_hard_firepower(SCENARIO.unit["AT1"], 2)
    assert not counters.has_hard_firepower(SCENARIO.unit["A1"], 2)
    assert not counters.has_hard_firepower(SCENARIO.unit["AMO"], 2)  # prints Hard 0
