"""Gaza 11.1-11.4 set-up and 19.0 orders of battle: counter counts as the set-up's brackets,
the historical deployment within the rules, a game that starts and is playable."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.scenarios.gaza1917.helpers import SCENARIO, historical
from tui_wargame.engine import Game
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes

NORTH_OF_WADI_START = "0101"
BRITISH_START = "2122"


def units(**match: str) -> list[str]:
    return [u.id for u in SCENARIO.units if all(getattr(u, k) == v for k, v in match.items())]


def zone(start: str, blocked: set[str]) -> set[str]:
    """The hexes reachable from `start` without entering `blocked` or the sea."""
    pos = Position(SCENARIO, historical())
    seen, todo = {start}, [start]
    while todo:
        for n in pos.neighbours(todo.pop()):
            if n not in seen and n not in blocked and pos.terrain_id(n) != "sea":
                seen.add(n)
                todo.append(n)
    return seen


WADI = set(SCENARIO.map.terrain["wadi"])
SOUTH_OF_WADI = zone(BRITISH_START, WADI)
NORTH_OF_WADI = zone(NORTH_OF_WADI_START, WADI)


def test_gaza_wadi_el_ghuzze_divides_the_map() -> None:
    """Gaza 11.2/11.4: Wadi el Ghuzze separates the two set-up areas."""
    assert SOUTH_OF_WADI and NORTH_OF_WADI
    assert not SOUTH_OF_WADI & NORTH_OF_WADI


def test_gaza_11_2_central_powers_counter_counts() -> None:
    start = {u.id: u.start for u in SCENARIO.units if u.side == "cp"}
    on_map = Counter(SCENARIO.unit[u].formation for u, s in start.items() if SCENARIO.grid.on_map(s))
    assert on_map == {"3div": 5, "16div": 3, "27div": 2, "53div": 2, "reserve": 5, "ak": 2}
    waiting = sorted(u for u, s in start.items() if s == "reinforcements")
    assert waiting == ["3Cav1", "3Cav2", "CompR", "cpFS20"]
    assert SCENARIO.unit["cpFS20"].factors[0]["attack"] == 2
    assert len([u for u, s in start.items() if s == "pool" and SCENARIO.unit[u].kind == "marker"]) == 19
    assert len(units(side="cp", kind="air")) == 2
    aside = sorted(u for u, s in start.items() if s == "set-aside")
    assert aside == sorted(["Kress", "31Bn", "32Bn", "39Bn", "47Bn", "48Bn", "125Bn"])


def test_gaza_11_2_the_fifth_reserve_counter_is_the_syrian_camel_corps() -> None:
    """11.2 counts five Reserve counters besides Comp/R, 19.2 names four; 19.1's SCC is the fifth."""
    reserve = sorted(u.id for u in SCENARIO.units if u.side == "cp" and u.formation == "reserve"
                     and SCENARIO.grid.on_map(u.start))
    assert reserve == sorted(["1Jand", "2Jand", "ArabCav", "CompEng", "SCC"])
    scc = SCENARIO.unit["SCC"]
    assert scc.name == "Syrian Camel Corps" and scc.kind == "camel" and "mobile" in scc.traits


def test_gaza_11_2_central_powers_deploy_north_east_of_the_wadi() -> None:
    for u in SCENARIO.units:
        if u.side == "cp" and u.start[:1].isdigit():
            assert u.start in NORTH_OF_WADI, u.id


def test_gaza_11_4_british_counter_counts_and_deployment() -> None:
    combat = [u for u in SCENARIO.units if u.side == "br" and u.kind not in ("marker", "air")
              and u.id != "ArmTrain"]
    assert len(combat) == 28
    for u in combat:
        assert u.start in SOUTH_OF_WADI | WADI, u.id
    assert len([u for u in units(side="br", kind="air") if "naval" not in SCENARIO.unit[u].traits]) == 1
    assert [u.id for u in SCENARIO.units if "naval" in u.traits] == ["brNaval"]
    pool = [u for u in SCENARIO.units if u.side == "br" and u.start == "pool" and u.kind == "marker"]
    assert len(pool) == 15
    assert sorted(u.id for u in SCENARIO.units if "charge" in u.traits) == ["ChargeANZMD", "ChargeIMD"]


def test_gaza_11_4_armored_train_starts_on_the_railway_south_of_dir_el_belah() -> None:
    train = SCENARIO.unit["ArmTrain"]
    rail = next(r for r in SCENARIO.map.route if r.name.startswith("the Sinai Military Railway"))
    assert train.start in rail.hexes
    assert rail.hexes.index(train.start) > rail.hexes.index("1821")


def test_gaza_19_formations_of_the_orders_of_battle() -> None:
    combat = [u for u in SCENARIO.units if u.side == "br" and u.kind not in ("marker", "air")]
    assert Counter(u.formation for u in combat) == {
        "52div": 3, "53div": 4, "54div": 4, "74div": 4, "anzmd": 4, "imd": 4, "reserve": 6}


def test_gaza_13_3_the_printed_regiments_are_5_6_4_with_a_battalion_each() -> None:
    printed = [u for u in SCENARIO.units if u.factors[0] == {"attack": 5, "defence": 6, "move": 4}]
    assert sorted(u.id for u in printed) == sorted(["31R", "32R", "39R", "47R", "48R", "125R"])
    for u in printed:
        battalion = next(t.removeprefix("battalion:") for t in u.traits if t.startswith("battalion:"))
        assert SCENARIO.unit[battalion].start == "set-aside"
        assert SCENARIO.unit[battalion].formation == u.formation


def test_gaza_12_4_victory_hexes_as_printed() -> None:
    vp = {p.hex: p.vp for p in SCENARIO.map.place if p.vp}
    assert vp == {"0107": 3, "0702": 2, "0712": 1, "0913": 3, "0914": 3, "1210": 1, "1310": 1,
                  "1607": 1, "1706": 1, "2101": 2, "2103": 2}
    assert {SCENARIO.terrain_at(h).id for h in ("0913", "0914")} == {"town"}
    assert {SCENARIO.terrain_at(h).id for h in ("1210", "1310", "1607", "1706", "2103")} == {"trench"}


def test_gaza_11_historical_set_up_is_within_the_stacking_limits_and_playable(tmp_path: Path) -> None:
    state = historical()
    pos = Position(SCENARIO, state)
    assert overstacked_hexes(pos, "br") == [] and overstacked_hexes(pos, "cp") == []
    assert state.active == "br" and state.phase == "movement" and state.turn == 0
    with Game.new(SCENARIO, tmp_path / "gaza.toml", seed=1) as game:
        orders = [o.text for o in game.legal_orders()]
        assert "end" in orders
        assert any(o.startswith("move 155Bde ") for o in orders)
