"""Gaza 14.0 trenches: the entry cost, the trench row for Ottoman defenders, leaving a ZOC free."""

from __future__ import annotations

from fractions import Fraction

from tests.scenarios.gaza1917.helpers import SCENARIO, position, run
from tui_wargame.model import Order
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.combat import terrain_row
from tui_wargame.rules.fm.movement import exit_cost, path_cost
from tui_wargame.rules.fm.position import Position


def at(units: dict[str, str], **kw) -> Position:
    return Position(SCENARIO, position(units, **kw))


def test_gaza_14_entering_a_trench_costs_two_mp_unless_by_road() -> None:
    pos = at({"155Bde": "1013"})
    assert SCENARIO.terrain_at("1113").id == "trench"
    assert path_cost(pos, "155Bde", ["1113"], "1013") == 2
    road = at({"155Bde": "1111"})
    assert path_cost(road, "155Bde", ["1210"], "1111") == Fraction(1, 2)


def test_gaza_14_ottoman_defenders_in_trenches_and_gaza_use_the_trench_row() -> None:
    pos = at({})
    assert terrain_row(pos, "1210", ["1211"], "cp")[0] == "fort"
    assert terrain_row(pos, "0913", ["1013"], "cp")[0] == "fort"
    assert SCENARIO.rules["crt"]["row_names"]["fort"] == "CP in Trench or Gaza"


def test_gaza_14_british_defenders_treat_trenches_as_clear() -> None:
    pos = at({})
    assert terrain_row(pos, "1210", ["1209"], "br")[0] == "clear"
    assert terrain_row(pos, "0913", ["0912"], "br")[0] == "town"


def test_gaza_14_trench_row_in_a_real_attack() -> None:
    state = position({"155Bde": "1211", "47R": "1210"}, phase="combat")
    state, _ = run(SCENARIO, state, "attack 1210 1211")
    facts = SYSTEM.odds(SCENARIO, state, Order("resolve", ("1210",)))
    assert facts["row"] == "fort" and facts["differential"] == -2 and facts["column"] == "1"


def test_gaza_14_central_powers_leave_a_zoc_from_a_trench_free() -> None:
    trench = at({"47R": "1210", "155Bde": "1211"}, active="cp")
    assert exit_cost(trench, "47R", "1210") == 0
    open_ground = at({"47R": "1209", "155Bde": "1208"}, active="cp")
    assert exit_cost(open_ground, "47R", "1209") == 1
    british = at({"155Bde": "1210", "47R": "1211"})
    assert exit_cost(british, "155Bde", "1210") == 1
