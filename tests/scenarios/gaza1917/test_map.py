"""The Gaza 1917 map reconstruction: named hexes (11.4, 12.4), routes on land, the coast (18.6)."""

from __future__ import annotations

from tests.scenarios.gaza1917.helpers import SCENARIO, historical
from tui_wargame.rules.fm.gaza1917 import coast_hexes, railway_on_or_south_of_dir_el_belah
from tui_wargame.rules.fm.position import Position


def test_gaza_map_routes_run_on_land_only() -> None:
    for route in SCENARIO.map.route:
        for label in route.hexes:
            assert SCENARIO.terrain_at(label).id != "sea", (route.name, label)


def test_gaza_11_4_dir_el_belah_is_a_coastal_village_on_the_railway() -> None:
    pos = Position(SCENARIO, historical())
    assert SCENARIO.terrain_at("1821").id == "village"
    assert "1821" in coast_hexes(pos)
    assert railway_on_or_south_of_dir_el_belah(pos) == {"1821", "1922", "2021", "2122"}


def test_gaza_map_north_is_to_the_left() -> None:
    """The printed orientation: To Ramle on the north edge (column 01), Huj and To Beersheva on the
    east edge (row 01 side), the sea on the west (high rows)."""
    names = {p.name: p.hex for p in SCENARIO.map.place}
    assert names["To Ramle"][:2] == "01"
    assert int(names["Huj"][2:]) <= 2 and int(names["To Beersheva"][2:]) == 1
    assert SCENARIO.terrain_at("0122").id == "sea" and SCENARIO.terrain_at("2101").id != "sea"
