"""The Suez 1916 terrain effects chart and CRT as printed."""

from __future__ import annotations

from attrs import evolve

from tests.scenarios.suez1916.helpers import position, run, suez
from tui_wargame.model import Order
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.data import rules_of


def test_tec_and_crt_as_printed() -> None:
    r = rules_of(suez())
    assert {k: v.move for k, v in r.terrain.items()} == {
        "clear": "1", "sand": "2", "hill": "2", "oasis": "1", "marsh": "3", "village": "1", "town": "1",
        "sea": "P", "lake": "P"}
    assert r.route["track"].cost == "1/2" and r.route["track"].special[0].cost == "1/3"
    assert r.hexside["trench"].move == "1" and r.hexside["canal"].move == "P"
    assert r.crt.rows["sand"][-1] == "+8" and r.crt.rows["town"][0] == "-3"
    assert [line[0] for line in r.crt.results] == ["(A)", "(A)", "(A)", "(A)", "Ae", "Ae"]
    assert r.crt.key["A3"].attacker.loss == 1 and r.crt.key["D3"].defender.loss == 1  # Suez 10.3


def test_f_and_m_7_6_shifts_past_a_short_rows_last_heading_read_its_last_result() -> None:
    """The hill row ends at +10, its eleventh column: the zero hour surprise (15.1) and Kress (13.1)
    would carry +10 to column 13, blank cells of that row. The decision
    (docs/rules/fire-and-movement.md): shifts stop at the row's own last heading."""
    at = {"31-1": "0638", "31-2": "0638", "31-3": "0638", "32-1": "0737", "yeo": "0637"}
    state = position(at, clear=True, turn="zh", phase="combat", active="cp")
    state = state.replace(units={**state.units, "yeo": evolve(state.units["yeo"], steps=1)})  # reduced: 2
    state, _ = run(state, "attack 0637 0638", "attack 0637 0737", "kress 0637")
    facts = dict(SYSTEM.odds(suez(), state, Order("resolve", ("0637",))))
    assert facts["row"] == "hill" and facts["differential"] == 10 and facts["base_column"] == "11"
    assert [s["by"] for s in facts["shifts"]] == [1, 1]
    assert facts["column"] == "11" and facts["column_index"] == len(rules_of(suez()).crt.rows["hill"]) - 1
