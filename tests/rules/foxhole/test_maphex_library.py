"""The maphex library of the competitive-scenario generator (R24.D.2, FOXHOLE-CHARTS.md §9)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w

from tests.rules.foxhole.helpers import HERE
from tui_wargame import scenario_file
from tui_wargame.hexgrid import DIRECTION_NAMES
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole import maphex_library as lib

IDS = lib.ids()
GLYPHS = tomllib.loads((HERE / "proving.toml").read_text())["terrain"]


def wrapped(m: lib.LibraryMaphex, prefix: str = "A") -> str:
    """A one-maphex scenario holding `m`, as a generated scenario would (R24.D.2)."""
    land = [h for h in lib.labels() if charts.HEX_TYPES[m.hex_type(h)].mp is not None]
    turns = [{"id": "1am", "name": "Day 1 Morning", "day": 1, "time": "morning"}]
    return tomli_w.dumps({
        "id": f"lib-{m.id}", "title": m.name, "system": "foxhole", "description": m.description,
        "side": [{"id": "allied", "name": "Allies"}, {"id": "axis", "name": "Axis"}],
        "turn": turns, "terrain": GLYPHS,
        "map": {"shape": "maphex", "default_terrain": "clear", "maphex": [{"name": prefix, "radius": 4}],
                **lib.as_map_tables(m, prefix)},
        "unit": [_company(side, f"{prefix}-{h}") for side, h in zip(("allied", "axis"), (land[0], land[-1]))],
        "rules": {"offensive": "allied", "markers": lib.as_markers(m, prefix)},
    })


def _company(side: str, hex: str) -> dict[str, object]:
    return {"id": side[:2].upper(), "name": "Infantry Company", "side": side, "kind": "company",
            "traits": ["infantry"], "start": hex,
            "factors": [{"defence": 3, "heavy": 1, "soft": 4, "mp": 4}, {"defence": 2, "soft": 2, "mp": 4}]}


def test_r24_d_2_the_library_has_at_least_four_maphexes_and_each_loads() -> None:
    assert len(IDS) >= 4
    for ident in IDS:
        m = lib.load(ident)
        assert m.id == ident and m.radius == 4 and m.name and m.description


@pytest.mark.parametrize("ident", IDS)
def test_r24_d_2_each_maphex_makes_a_scenario_foxhole_accepts(ident: str) -> None:
    m = lib.load(ident)
    scenario = scenario_file.parse(wrapped(m, "B"), f"<{ident}>")
    assert len(list(scenario.grid.hexes())) == 73
    assert all(scenario.terrain_at(f"B-{h}").id == m.hex_type(h) for h in lib.labels())
    assert {h[:2] for r in scenario.map.route for h in r.hexes} == {"B-"}


def test_r24_d_2_the_library_holds_every_hex_type_hexside_and_line_of_chart_2() -> None:
    maphexes = [lib.load(i) for i in IDS]
    types = {"clear"} | {t for m in maphexes for t in m.terrain}
    assert types == set(charts.HEX_TYPES)
    assert {hs.feature for m in maphexes for hs in m.hexsides} == set(charts.HEXSIDE_TYPES)
    assert {r.kind for m in maphexes for r in m.routes} == set(charts.LINES)
    assert any(m.coast for m in maphexes), "a coastal maphex (R24.D.5 Amphibious missions)"
    assert {m.country for m in maphexes} == {"clear", "desert", "mixed"}, "R24.D.5 Blitzkrieg, Scorched Earth"
    assert sum(m.hex_type(h) in ("buildings", "tall-buildings") for h in lib.labels()
               for m in maphexes) >= 8


@pytest.mark.parametrize("ident", IDS)
def test_r24_d_2_every_line_is_a_chain_that_leaves_by_an_edge(ident: str) -> None:
    m = lib.load(ident)
    for route in m.routes:
        assert lib.edges_of(route.hexes[0]) or lib.edges_of(route.hexes[-1]), route.name
    # lines leave by most edges, so whichever edge faces away has supply sources (R24.D.2)
    left = {e for x in lib.exits(m) for e in x.edges}
    assert len(left - set(m.coast)) >= 4


@pytest.mark.parametrize("ident", IDS)
def test_r11_a_3_no_hexside_feature_is_listed_twice(ident: str) -> None:
    m = lib.load(ident)
    keys = [(frozenset(hs.hexes), hs.feature) for hs in m.hexsides]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("ident", IDS)
def test_r3_b_1_lines_cross_water_only_by_a_bridge_or_a_ford(ident: str) -> None:
    m = lib.load(ident)
    marked = {p.place for p in m.markers if p.kind == "bridge-printed"}
    for route in m.routes:
        for h in route.hexes:
            assert not charts.HEX_TYPES[m.hex_type(h)].water or h in marked, (route.name, h)
        for a, b in zip(route.hexes, route.hexes[1:]):
            for hs in m.hexsides:
                if set(hs.hexes) == {a, b} and charts.HEXSIDE_TYPES[hs.feature].prohibited:
                    assert "|".join(sorted((a, b))) in marked, (route.name, a, b)


@pytest.mark.parametrize("ident", ["farmland", "plain"])
def test_r16_c_railline_hexsides_run_beside_the_railroad_from_edge_to_edge(ident: str) -> None:
    m = lib.load(ident)
    rail = {h for r in m.routes if r.kind == "railroad" for h in r.hexes}
    sides = [hs.hexes for hs in m.hexsides if hs.feature == "railline"]
    assert all(rail & set(pair) for pair in sides)
    assert rail <= {h for pair in sides for h in pair}
    ends = {e for a, b in sides for e in set(lib.edges_of(a)) & set(lib.edges_of(b))}
    assert len(ends) >= 2, "a Train can enter and leave (R16.C)"


def test_r24_d_5_a_clear_maphex_is_open_country() -> None:
    for m in (lib.load(i) for i in IDS):
        if m.country == "clear":
            assert sum(m.hex_type(h) == "clear" for h in lib.labels()) >= 2 * len(lib.labels()) // 3


@pytest.mark.parametrize("ident", IDS)
def test_r24_d_2_coast_edges_are_sea(ident: str) -> None:
    m = lib.load(ident)
    for edge in m.coast:
        assert {m.hex_type(h) for h in lib.edge_hexes(edge)} <= {"shallow-sea", "deep-sea"}


def test_r3_a_edge_hexes_are_the_seven_along_each_edge() -> None:
    assert lib.edge_hexes("N") == ("0301", "0401", "0501", "0601", "0701", "0801", "0901")
    assert all(len(lib.edge_hexes(e)) == 7 for e in DIRECTION_NAMES)
    assert lib.edges_of("0104") == ("SW", "NW") and lib.edges_of("0605") == ()
    assert len(lib.labels()) == 73


def test_r24_d_2_as_map_tables_prefixes_every_label() -> None:
    m = lib.load("valley")
    tables = lib.as_map_tables(m, "C")
    assert tables["terrain"]["calm-river"][0] == "C-1004"
    assert tables["route"][0] == {"kind": "highway", "name": "the highway",
                                  "hexes": [f"C-06{r:02d}" for r in range(1, 10)]}
    assert tables["hexside"][0] == {"hexes": ["C-0702", "C-0802"], "feature": "stream"}
    assert {"hex": "C-0605", "name": "Saint-Pierre", "kind": "village"} in tables["place"]
    assert lib.as_markers(m, "C") == [{"place": "C-0606", "kind": "bridge-printed"}]


def test_r24_d_2_exits_are_the_line_ends_on_edges() -> None:
    found = {(x.hex, x.kind, x.edges) for x in lib.exits(lib.load("valley"))}
    assert ("0601", "highway", ("N",)) in found and ("0104", "road", ("SW", "NW")) in found


GOOD = """id = "x"
name = "X"
description = "a test"
radius = 4
coast = []
"""


@pytest.mark.parametrize(("extra", "message"), [
    ('[terrain]\nwoods = ["1203"]\n', "x.toml: terrain.woods: '1203' is not a hex of a radius-4 maphex"),
    ('[terrain]\nmarsh = ["0605"]\n', "x.toml: terrain.marsh: not a hex type of Chart 2"),
    ('[terrain]\nwoods = ["0605"]\nforest = ["0605"]\n',
     "x.toml: terrain.forest: hex 0605 is already 'woods'"),
    ('[[route]]\nkind = "road"\nhexes = ["0601", "0603"]\n',
     "x.toml: route[0].hexes: 0601 and 0603 are not adjacent"),
    ('[[route]]\nkind = "canal"\nhexes = ["0601", "0602"]\n',
     "x.toml: route[0].kind: 'canal' is not a transportation line"),
    ('[[hexside]]\nhexes = ["0601", "0602"]\nfeature = "hedge"\n',
     "x.toml: hexside[0].feature: 'hedge' is not a hexside"),
    ('[[hexside]]\nhexes = ["0601"]\nfeature = "stream"\n', "x.toml: hexside[0].hexes: needs at least 2"),
    ('[[place]]\nhex = "0605"\n', "x.toml: place[0]: needs name"),
    ('[[marker]]\nplace = "0605"\nkind = "mines"\n',
     "x.toml: marker[0].kind: 'mines' is not a marker a map prints"),
    ('[[marker]]\nplace = "0605"\nkind = "port"\n[[marker]]\nplace = "0605|0606"\nkind = "port"\n',
     "x.toml: marker[1].place: a Port goes on a hex, not '0605|0606'"),
    ("colour = 3\n", "x.toml: colour: not a maphex key"),
    ('[[hexside]]\nhexes = ["0601", "0602"]\nfeature = 3\n', "x.toml: hexside[0].feature: must be a string"),
    ('[[route]]\nkind = "road"\nhexes = "0601"\n', "x.toml: route[0].hexes: must be a list of strings"),
    ("[[route]\n", "x.toml: not TOML"),
    ('country = "jungle"\n', "x.toml: country: 'jungle' is not one of clear, desert, mixed"),
])
def test_a_bad_maphex_file_names_the_file_key_and_problem(tmp_path: Path, extra: str,
                                                          message: str) -> None:
    path = tmp_path / "x.toml"
    path.write_text(GOOD + extra)
    with pytest.raises(lib.MaphexError) as caught:
        lib.read(path)
    assert message in str(caught.value)


def test_a_coast_edge_must_be_sea(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    sea = ", ".join(f'"{h}"' for h in lib.edge_hexes("SE")[:-1])
    path.write_text(GOOD.replace("coast = []", 'coast = ["SE"]') + f"[terrain]\ndeep-sea = [{sea}]\n")
    with pytest.raises(lib.MaphexError, match=r"x.toml: coast: the SE edge is a coast but 1105 are not sea"):
        lib.read(path)
    path.write_text(GOOD.replace("coast = []", 'coast = ["E"]'))
    with pytest.raises(lib.MaphexError, match=r"coast: 'E' is not a maphex edge \(N, NE, SE, S, SW, NW\)"):
        lib.read(path)


def test_radius_and_id_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "y.toml"
    path.write_text(GOOD.replace("radius = 4", "radius = 3"))
    with pytest.raises(lib.MaphexError) as caught:
        lib.read(path)
    assert "y.toml: id: 'x' is not the file's name ('y')" in str(caught.value)
    assert "y.toml: radius: every library maphex has radius 4, not 3" in str(caught.value)


def test_an_unknown_library_maphex_is_named() -> None:
    with pytest.raises(lib.MaphexError, match="no library maphex 'moon' \\(maphexes: .*valley"):
        lib.load("moon")
