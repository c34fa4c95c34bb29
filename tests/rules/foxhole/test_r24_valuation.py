"""Foxhole R24.D.4: what units and markers are worth in a Competitive Scenario."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load
from tests.rules.foxhole.test_r05_counters import unit
from tui_wargame.rules.foxhole import counters, markers

SCENARIO = load()
RIFLES = {"defence": 3, "heavy": 1, "soft": 4, "mp": 4}


def test_r24_d_4a_infantry_company_and_hard_tank():
    assert counters.points(SCENARIO.unit["A1"]) == 8  # 0 + 3 + 3 + 3 - 1
    assert counters.points(SCENARIO.unit["AT1"]) == 40  # 6 + 3 + 7 + 6x4


def test_r24_d_4a_open_top_defence_times_three():
    assert counters.points(SCENARIO.unit["XV"]) == 4 + 1 + 7 + 9


def test_r24_d_4a_artillery_range_a_third_siege_a_half_rounded_up():
    assert counters.points(SCENARIO.unit["XART"]) == 3 + 8 + 0 + 1 + 4  # range 10 / 3 -> 4
    siege = unit("battery", "siege-artillery", full={"range": 9, "hard": 2, "soft": 8, "mp": 1})
    assert counters.points(siege) == 3 + 7 + 0 + 1 + 5  # range 9 / 2 -> 5


def test_r24_d_4a_mounted_types_add_soft_again_engineers_add_mp_again():
    assert counters.points(unit("company", "bicycle", full=RIFLES)) == 9 + 4
    assert counters.points(unit("company", "engineer-assault", full=RIFLES)) == 9 + 4
    assert counters.points(unit("company", "hospital", full={"mp": 4})) == -1 - 1 + 3 + 0 + 4


def test_r24_d_4a_commando_doubles_the_whole_sum():
    assert counters.points(unit("company", "commando", "parachute", full=RIFLES)) == (9 + 1) * 2
    calc = counters.valuation(unit("company", "commando", full=RIFLES))
    assert any("doubled" in t.what and t.rule == "R24.D.4a" for t in calc.terms)


def test_r24_d_4a_assault_gun_less_one():
    gun = unit("vehicle", "assault-gun", "hard", full={"defence": 5, "hard": 4, "soft": 3, "mp": 6})
    assert counters.points(gun) == 5 + 2 + 5 + 20 - 1


def test_r24_d_4b_marker_values():
    kinds = ("foxholes", "fort-improved", "mines", "pillbox", "scrapes", "tank-traps", "fort-unimproved")
    assert [markers.marker_points(k) for k in kinds] == [2, 16, 2, 5, 3, 1, 10]
    assert markers.marker_points("trenches", 3) == 12 and markers.marker_points("mines", 2) == 4
    assert markers.marker_points("smoke") == 0
