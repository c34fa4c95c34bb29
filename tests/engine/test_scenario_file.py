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


# --- boxes and board shapes ---

MAPHEXES = Path(__file__).parent / "two_maphexes.toml"
TWO = MAPHEXES.read_text()


def test_a_scenario_without_boxes_has_the_six_of_old() -> None:
    s = scenario_file.load(TESTBED_DIR / "testbed.toml")
    assert list(s.box) == ["reinforcements", "set-aside", "pool", "eliminated", "off-map", "deploy"]
    assert all(box.description for box in s.boxes)
    assert s.grid.on_map("0101") and not s.grid.on_map("reinforcements")


def test_a_scenario_declares_its_boxes_and_its_maphexes() -> None:
    s = scenario_file.load(MAPHEXES)
    assert list(s.box) == ["reinforcements", "eliminated", "depot"]
    assert s.box["depot"].description == "units resting behind the lines"
    assert s.unit["b2"].start == "depot" and s.terrain_at("B-0303").id == "hill"
    assert s.routes_between("A-0502", "B-0103") == {"road"}  # a road over the join
    assert s.grid.step("A-0502", "NE") == "B-0103"


def test_a_box_the_scenario_does_not_declare_is_refused(tmp_path: Path) -> None:
    text = TWO.replace('start = "depot"', 'start = "pool"')
    assert problems(text, tmp_path) == [
        "unit[3] (id 'b2').start: 'pool' is not a hex label (a maphex's name, '-', four digits: A-0504); "
        "or one of the boxes reinforcements, eliminated, depot"]


def test_boxes_are_one_word_each_once_and_not_a_hex(tmp_path: Path) -> None:
    text = TWO.replace('id = "depot"', 'id = "eliminated"').replace('start = "depot"', 'start = "eliminated"')
    assert problems(text, tmp_path) == ["box: id 'eliminated' is used 2 times"]
    text = GOOD.replace("[map]", '[[box]]\nid = "0101"\n\n[[box]]\nid = "set aside"\n\n[map]').replace(
        'start = "reinforcements"', 'start = "0101"')
    assert problems(text, tmp_path) == ["box[1].id: a box's id is one word, without spaces",
                                        "box[0].id: '0101' is a hex of the map"]


def test_a_rectangle_needs_its_columns_and_rows(tmp_path: Path) -> None:
    assert problems(GOOD.replace("columns = [1, 6]\n", ""), tmp_path) == [
        "map.columns/rows: a rectangle map needs both (first and last column, first and last row)"]
    assert problems(GOOD + '\n[[map.maphex]]\nname = "A"\nradius = 2\n', tmp_path) == [
        'map.maphex: a rectangle map has no maphexes (shape = "maphex" for those)']


B = "map.maphex[1] (name 'B')"


@pytest.mark.parametrize(("change", "problem"), [
    (('radius = 2\nattach', 'radius = 0\nattach'), f"{B}.radius: 0 is not a radius from 1 to 20"),
    (('edge = "NE"', 'edge = "E"'), f"{B}.edge: 'E' is not an edge (N, NE, SE, S, SW, NW)"),
    (('attach = "A"', 'attach = "Z"'), f"{B}.attach: no maphex 'Z' before this one"),
    (('attach = "A"\nedge = "NE"', 'at = [3, 0]'), f"{B}: maphex 'B' overlaps maphex 'A'"),
    (('attach = "A"\nedge = "NE"', 'at = [12, 0]'),
     f"{B}: maphex 'B' is not joined edge to edge to any maphex before it"),
    (('attach = "A"\nedge = "NE"', 'at = [3, 0]\nattach = "A"'),
     f"{B}.at: give either at, or attach and edge, not both"),
    (('attach = "A"\nedge = "NE"', ''), f"{B}: give its place: at = [q, r], or attach and edge"),
    (('name = "B"', 'name = "A"'), "map.maphex[1] (name 'A').name: another maphex is named 'A'"),
    (('name = "B"', 'name = "2b"'),
     "map.maphex[1] (name '2b').name: a maphex's name is letters and digits, starting with a letter "
     "(it begins its labels)"),
    (('shape = "maphex"', 'shape = "maphex"\ncolumns = [1, 6]'),
     "map.columns/rows: a maphex board has none: its maphexes give its hexes"),
])
def test_a_broken_maphex_board_names_the_maphex_and_key(change: tuple[str, str], problem: str,
                                                         tmp_path: Path) -> None:
    assert change[0] in TWO
    assert problems(TWO.replace(*change), tmp_path)[0] == problem


def test_a_label_off_a_maphex_is_named(tmp_path: Path) -> None:
    assert problems(TWO.replace('hill = ["B-0303"]', 'hill = ["B-0101"]'), tmp_path) == [
        "map.terrain.hill: hex B-0101 is off maphex 'B' (radius 2)"]


def test_an_unknown_shape_is_refused(tmp_path: Path) -> None:
    [p] = problems(TWO.replace('shape = "maphex"', 'shape = "round"'), tmp_path)
    assert p.startswith("map.shape")
