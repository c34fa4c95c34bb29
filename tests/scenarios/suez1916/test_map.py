"""The Suez 1916 map reconstruction: named hexes at their printed labels, terrain, victory hexes
(12.4), the canal (14.1), the railway (16.0) and the trench lines (14.2)."""

from __future__ import annotations

from tests.scenarios.suez1916.helpers import start, suez

NAMED = {"0234": "El Kab", "0239": "Kantara", "0637": "Hill 40", "0644": "Ballybunion",
         "0936": "Gilban Station", "0937": "Hill 70", "1336": "Dueidar", "1532": "Pelusium Station",
         "2031": "Romani", "2633": "Katia", "3331": "To Bir el Abd"}


def test_map_every_named_hex_at_its_printed_label() -> None:
    places = suez().places
    for label, name in NAMED.items():
        assert places[label].name == name


def test_12_4_victory_hexes_values_and_starting_control() -> None:
    s = suez()
    vp = {p.hex: (p.vp, p.side) for p in s.map.place if p.vp}
    assert vp == {"0234": (2, "british"), "0239": (4, "british"), "0644": (2, "british"),
                  "0936": (1, "british"), "1532": (2, "british"), "2031": (6, "british"),
                  "2633": (2, "cp"), "3331": (1, "cp")}
    assert start().control["2633"] == "cp" and start().control["2031"] == "british"


def test_map_terrain_of_the_named_hexes() -> None:
    s = suez()
    kinds = {label: s.terrain_at(label).id for label in NAMED}
    assert kinds["0239"] == kinds["2031"] == "town"
    assert {kinds[x] for x in ("0234", "0644", "0936", "1532", "2633")} == {"village"}
    assert kinds["0637"] == kinds["0937"] == "hill"
    assert kinds["1336"] == "oasis"


def test_14_1_the_canal_runs_between_columns_01_and_02_with_one_crossing() -> None:
    s = suez()
    grid = s.grid
    crossings = []
    for row in range(22, 47):
        west = f"01{row:02d}"
        for n in grid.neighbours(grid.parse(west)):
            east = grid.label(n)
            if east.startswith("02"):
                features = {f.feature for f in s.features_between(west, east)}
                assert features in ({"canal"}, {"crossing"}), (west, east)
                if features == {"crossing"}:
                    crossings.append((west, east))
    assert crossings == [("0139", "0239")]


def test_16_0_the_railway_from_kantara_through_pelusium_to_romani() -> None:
    s = suez()
    (rail,) = [r for r in s.map.route if r.kind == "railway"]
    assert rail.hexes[0] == "0239" and rail.hexes[-1] == "2031"
    assert {"0936", "1532"} <= set(rail.hexes)


def test_14_2_british_trench_lines_at_romani_and_kantara() -> None:
    trenches = [h for h in suez().map.hexside if h.feature == "trench"]
    assert all(h.side == "british" for h in trenches)
    inner = {h.hexes[0][:2] for h in trenches}
    assert {"21", "04"} <= inner


def test_map_has_sand_hills_oases_marsh_sea_and_lake() -> None:
    assert set(suez().map.terrain) >= {"sand", "hill", "oasis", "marsh", "sea", "lake", "village", "town"}
