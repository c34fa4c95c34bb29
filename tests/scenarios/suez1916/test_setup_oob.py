"""Suez 1916: the map (reconstruction with the printed labels), the orders of battle (20.0),
the historical set-up (11.1-11.4), the TEC and the CRT as printed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.scenarios.suez1916.helpers import TURNS, start, suez
from tui_wargame.engine import Game
from tui_wargame.rules.fm.data import rules_of
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes

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


def test_20_0_orders_of_battle_counter_counts() -> None:
    s = suez()
    by = Counter((u.side, u.formation) for u in s.units if u.kind not in ("marker", "air", "hq"))
    assert by[("cp", "3")] == 12 and by[("cp", "1ex")] == 5 and by[("cp", "ak")] == 2
    assert by[("cp", "27")] == 9
    assert by[("british", "42")] == 8 and by[("british", "52")] == 7
    assert by[("british", "53")] == 2 and by[("british", "anz")] == 5
    reserve = sorted(u.id for u in s.units if u.formation == "reserve")
    assert reserve == ["160mg", "icc", "mobc", "train", "yeo"]


def test_11_2_british_deployment_counts_and_places() -> None:
    s = suez()
    state = start()
    pos = Position(s, state)
    near_kantara = [u for u in pos.on_map_units("british")
                    if pos.distance(pos.location(u), "0239") <= 1 and u != "train"]
    assert len(near_kantara) == 8 and pos.location("train") in ("0239", *pos.neighbours("0239"))
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


def test_the_scenario_plays_under_the_engine(tmp_path: Path) -> None:
    with Game.new(suez(), tmp_path / "g.toml", seed=3) as game:
        assert game.state.active == "cp" and game.state.turn == 0
        game.submit("move 31-1 2527")
        game.submit("end")
        assert game.verify() == []
