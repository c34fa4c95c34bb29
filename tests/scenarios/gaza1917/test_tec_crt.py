"""The Gaza 1917 terrain effects chart and CRT as printed (random play on the Gaza map:
tests/reliability/test_random_games.py)."""

from __future__ import annotations

from tests.scenarios.gaza1917.helpers import SCENARIO, position, run
from tui_wargame.model import Order
from tui_wargame.rules.fm import SYSTEM

RULES = SCENARIO.rules


def test_gaza_tec_movement_costs_as_printed() -> None:
    cost = {t: RULES["terrain"][t]["move"] for t in RULES["terrain"]}
    assert cost == {"clear": "1", "sand": "2", "hill": "2", "oasis": "1", "wadi": "2", "trench": "2",
                    "village": "1", "town": "1", "sea": "P"}
    assert RULES["route"]["track"]["cost"] == RULES["route"]["railway"]["cost"] == "1/2"
    assert RULES["terrain"]["hill"]["hill"] is True  # 18.2: farther observation


def test_gaza_crt_rows_as_printed() -> None:
    rows = RULES["crt"]["rows"]
    assert [rows[r][0] for r in ("fort", "town", "rough", "clear", "sand")] == ["-2", "-3", "-4", "-5", "-6"]
    ends = ["+10", "+10", "+10", "+10", "+8"]
    assert [rows[r][-1] for r in ("fort", "town", "rough", "clear", "sand")] == ends
    assert [len(rows[r]) for r in ("fort", "town", "rough", "clear", "sand")] == [9, 10, 11, 12, 12]
    terrain_rows = {t: (e.get("row", ""), e.get("row_by_side", {})) for t, e in RULES["terrain"].items()}
    assert terrain_rows["trench"] == ("clear", {"cp": "fort"})  # 14.0
    assert terrain_rows["town"] == ("town", {"cp": "fort"})
    assert {terrain_rows[t][0] for t in ("hill", "village", "oasis", "wadi")} == {"rough"}


def test_gaza_f_and_m_7_6_a_shift_past_a_short_rows_last_heading_reads_its_last_result() -> None:
    """The rough (hill) row ends at +10, its eleventh column: Kress's shift from there would read
    column 12, a blank cell of that row. The decision (docs/rules/fire-and-movement.md): shifts
    stop at the row's own last heading."""
    state = position({"31R": "1011", "32R": "1013", "39R": "0912", "155Bde": "1012"}, phase="combat",
                     active="cp", steps={"155Bde": 1})
    state, _ = run(SCENARIO, state, "attack 1012 1011", "attack 1012 1013", "attack 1012 0912", "kress 1012")
    facts = dict(SYSTEM.odds(SCENARIO, state, Order("resolve", ("1012",))))
    assert facts["row"] == "rough" and facts["differential"] == 13  # 15 against a reduced 2
    assert [s["by"] for s in facts["shifts"]] == [1]
    assert facts["column"] == "11" and facts["column_index"] == len(RULES["crt"]["rows"]["rough"]) - 1
