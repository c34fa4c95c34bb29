"""Suez 1916 orders of battle (20.0), the historical set-up (11.1-11.4) within the stacking
limits (17.1), the turn track, and a game that plays under the engine."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.scenarios.suez1916.helpers import TURNS, start, suez
from tui_wargame.engine import Game
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes


def test_20_0_orders_of_battle_counter_counts() -> None:
    s = suez()
    by = Counter((u.side, u.formation) for u in s.units if u.kind not in ("marker", "air", "hq"))
    assert by[("cp", "3")] == 12 and by[("cp", "1ex")] == 5 and by[("cp", "ak")] == 2
    assert by[("cp", "27")] == 9
    assert by[("british", "42")] == 7 and by[("british", "52")] == 7  # six half-brigades and the MGs
    assert by[("british", "53")] == 2 and by[("british", "anz")] == 5
    reserve = sorted(u.id for u in s.units if u.formation == "reserve")
    assert reserve == ["160mg", "icc", "mobc", "train", "yeo"]


def test_11_2_british_deployment_counts_and_places() -> None:
    s = suez()
    state = start()
    pos = Position(s, state)
    near_kantara = [u for u in pos.on_map_units("british") if pos.distance(pos.location(u), "0239") <= 1]
    assert len(near_kantara) == 8 and "train" in near_kantara  # the bracket counts the train
    assert len(pos.on_map_units("british")) == 8 + 8 + 1 + 2 + 1 + 1 + 1 + 4  # 11.2's brackets: 26
    trench_hexes = {h for f in s.map.hexside if f.feature == "trench" for h in f.hexes}
    by_trench = [u for u in pos.on_map_units("british")
                 if s.unit[u].formation == "52" or u == "160mg"]
    assert len(by_trench) == 8 and all(pos.location(u) in trench_hexes for u in by_trench)
    assert pos.location("yeo") == "0637" and pos.location("3lh") == "0644"
    assert pos.location("nzmr") == "0937" and pos.location("5lh") == "1336"
    assert {pos.location("icc"), pos.location("mobc")} == {"1532"}
    romani = [u for u in ("1lh", "2lh", "158a", "158b") if pos.distance(pos.location(u), "2031") <= 1]
    assert len(romani) == 4


def test_11_2_and_11_4_fire_support_and_boxes() -> None:
    s = suez()
    state = start()

    def markers(side: str, box: str) -> list[int]:
        return sorted(s.unit[u].factors[0]["attack"] for u, st in state.units.items()
                      if s.unit[u].kind == "marker" and s.unit[u].side == side and st.location == box)

    assert markers("british", "pool") == [2, 3, 3, 4, 4]
    assert len(markers("british", "set-aside")) == 6
    cp_pool = [s.unit[u] for u, st in state.units.items()
               if s.unit[u].kind == "marker" and s.unit[u].side == "cp" and st.location == "pool"]
    assert len(cp_pool) == 11
    assert sorted(u.factors[0]["attack"] for u in cp_pool if u.id.startswith("fs-de")) == [4, 4, 4, 4, 6, 6]
    assert markers("cp", "reinforcements") == [4, 5, 5]
    assert state.units["air"].location == "pool" and state.units["kress"].location == "set-aside"


def test_11_4_central_powers_on_or_east_of_the_26xx_column() -> None:
    s = suez()
    pos = Position(s, start())
    cp = pos.on_map_units("cp")
    assert len(cp) == 19 and all(int(pos.location(u)[:2]) >= 26 for u in cp)


def test_13_2_three_step_brigade_groups_are_the_fourteen_reduction_counters() -> None:
    three = [u for u in suez().units if u.steps == 3]
    assert len(three) == 14 and all(u.side == "british" and u.kind == "infantry" for u in three)


def test_set_up_is_legal_stacking_17_1() -> None:
    pos = Position(suez(), start())
    assert overstacked_hexes(pos, "cp") == [] and overstacked_hexes(pos, "british") == []


def test_turn_track_zero_hour_to_6_august_afternoon() -> None:
    s = suez()
    assert [t.id for t in s.turns] == TURNS
    assert [t.id for t in s.turns if t.night] == ["zh", "4nt", "5nt"]


def test_the_scenario_plays_under_the_engine(tmp_path: Path) -> None:
    with Game.new(suez(), tmp_path / "g.toml", seed=3) as game:
        assert game.state.active == "cp" and game.state.turn == 0
        game.submit("move 31-1 2527")
        game.submit("end")
        assert game.verify() == []
