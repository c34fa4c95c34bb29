"""Scenario files: checked on load, every problem named by file, table and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import scenario_file
from tui_wargame.scenario_file import ScenarioError

GOOD = (TESTBED_DIR / "testbed.toml").read_text()


def problems(text: str, tmp_path: Path) -> list[str]:
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as info:
        scenario_file.load(path)
    assert str(path) in str(info.value)
    return info.value.problems


def test_the_testbed_loads() -> None:
    s = scenario_file.load(TESTBED_DIR / "testbed.toml")
    assert s.id == "testbed" and [x.id for x in s.sides] == ["red", "blue"]
    assert s.terrain_at("0402").name == "Hill" and s.terrain_at("0101").id == "clear"
    assert [f.feature for f in s.features_between("0402", "0302")] == ["river"]
    assert s.routes_between("0201", "0101") == {"road"}
    assert s.routes_between("0201", "0202") == frozenset()
    assert s.unit["r1"].steps == 2 and len(s.content_hash) == 64


def test_toml_syntax_errors_give_the_line(tmp_path: Path) -> None:
    [p] = problems(GOOD.replace('title = "Testbed', 'title = Testbed'), tmp_path)
    assert p.startswith("not valid TOML") and "line 4" in p


def test_wrong_types_name_the_unit_and_key(tmp_path: Path) -> None:
    text = GOOD.replace('id = "r2"\nname = "2nd Red Rifles"', 'id = "r2"\nname = 2')
    assert problems(text, tmp_path) == ["unit[1] (id 'r2').name: expected a string, got an integer 2"]


def test_strings_are_not_numbers(tmp_path: Path) -> None:
    text = GOOD.replace("columns = [1, 6]", 'columns = ["1", 6]')
    [p] = problems(text, tmp_path)
    assert p.startswith("map.columns") and "expected an integer" in p


def test_unknown_and_missing_keys(tmp_path: Path) -> None:
    text = GOOD.replace('glyph = "^^"', 'glyph = "^^"\ncolour = "brown"').replace('system = "testbed"\n', "")
    found = problems(text, tmp_path)
    assert "terrain[1] (id 'hill'): extra fields found (colour)" in found
    assert "system: required field missing" in found


def test_references_that_point_nowhere(tmp_path: Path) -> None:
    text = (GOOD.replace('start = "0102"', 'start = "0199"')
                .replace('side = "blue"\nkind = "infantry"\nfactors = [{ attack = 1',
                         'side = "green"\nkind = "infantry"\nfactors = [{ attack = 1')
                .replace('hill = ["0402"]', 'hill = ["0402"]\nswamp = ["0101"]')
                .replace('hexes = ["0302", "0402"]', 'hexes = ["0302", "0404"]')
                .replace('"0401", "0501"', '"0401", "0502", "0501"', 1)
                .replace('id = "b2"', 'id = "b1"'))
    found = problems(text, tmp_path)
    assert "unit: id 'b1' is used 2 times" in found
    assert any(p.startswith("unit[1] (id 'r2').start: hex 0199 is off the map") for p in found)
    assert "unit[4] (id 'b1').side: no side 'green'" in found
    assert "map.terrain.swamp: no terrain 'swamp' in the terrain table" in found
    assert "map.hexside[0].hexes: 0302 and 0404 are not adjacent" in found
    assert "map.route[0].hexes: 0401 and 0502 are not adjacent" not in found  # they are adjacent
    assert len(found) == 5


def test_a_route_must_join_adjacent_hexes(tmp_path: Path) -> None:
    text = GOOD.replace('"0101", "0201", "0301"', '"0101", "0301"')
    assert problems(text, tmp_path) == ["map.route[0].hexes: 0101 and 0301 are not adjacent"]


def test_an_unknown_system(tmp_path: Path) -> None:
    [p] = problems(GOOD.replace('system = "testbed"', 'system = "chess"'), tmp_path)
    assert p.startswith("system: no rule system 'chess'")


def test_the_rule_system_checks_its_own_tables(tmp_path: Path) -> None:
    text = GOOD.replace(', lake = "P" }', " }")
    assert problems(text, tmp_path) == ["rules.move_cost: no cost for terrain 'lake'"]


def test_not_utf8_and_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(b'id = "a"\ntitle = "\xff"\n')
    with pytest.raises(ScenarioError, match="line 2: not UTF-8"):
        scenario_file.load(path)
    with pytest.raises(ScenarioError, match="cannot be read"):
        scenario_file.load(tmp_path / "missing.toml")


def test_the_library_finds_scenarios_by_id(tmp_path: Path) -> None:
    assert scenario_file.find("testbed", [TESTBED_DIR]).id == "testbed"
    with pytest.raises(ScenarioError, match="no such scenario.*testbed"):
        scenario_file.find("nowhere", [TESTBED_DIR])
    (tmp_path / "other.toml").write_text(GOOD)
    with pytest.raises(ScenarioError, match="differs from the file name"):
        scenario_file.find("other", [tmp_path])
