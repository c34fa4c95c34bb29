"""The Suez 1916 terrain effects chart and CRT as printed."""

from __future__ import annotations

from tests.scenarios.suez1916.helpers import suez
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
