"""F&M 5.0/6.1: a unit's movement search kept across Positions (`movement.paths`) answers as a fresh
search does, and its first steps (F&M 5.1, `movement.first_steps`) are among the hexes it reaches, on
Positions of random Suez 1916 and Gaza 1917 play, both sides' units."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.players import RandomPlayer
from tui_wargame.rules.fm import movement
from tui_wargame.rules.fm.position import Position

ROOT = Path(__file__).parents[3]


def fresh(pos: Position, uid: str) -> dict[str, tuple[object, list[str]]]:
    try:
        return movement._search(pos, uid, pos.location(uid), (), movement.UNIT_DENOMINATOR)
    except movement._Unscaled:
        return movement._search(pos, uid, pos.location(uid), (), None)


@pytest.mark.parametrize(("name", "records", "every"), [
    ("suez1916", 60, 4), ("gaza1917", 50, 4),
    pytest.param("suez1916", 300, 2, marks=pytest.mark.slow),
    pytest.param("gaza1917", 300, 2, marks=pytest.mark.slow)])
def test_f_m_5_0_a_kept_search_equals_a_fresh_one(name: str, records: int, every: int,
                                                  tmp_path: Path) -> None:
    """Every `every`th record of `records`, each unit on the map: kept and fresh agree, and the kept
    search outlives the Position (the next order's Position is given the same one)."""
    sc = scenario_file.load(ROOT / "scenarios" / f"{name}.toml")
    game = Game.new(sc, tmp_path / "g.toml", seed=5)
    player, checked, kept_hits = RandomPlayer(), 0, 0
    last: dict[str, object] = {}  # each unit's search at the last movement Position looked at
    for n in range(records):
        if game.state.over:
            break
        if game.state.phase == "movement" and n % every == 0:
            pos = Position(sc, game.state)
            for uid in sorted(game.state.units):
                if pos.on_map(uid) and pos.is_combat(uid):
                    found = movement.paths(pos, uid, pos.location(uid))
                    assert found == fresh(pos, uid), (uid, game.seq)
                    assert set(movement.first_steps(pos, uid)) <= set(found), (uid, game.seq)  # F&M 5.1
                    assert movement.paths(Position(sc, game.state), uid, pos.location(uid)) is found
                    kept_hits += found is last.get(uid)
                    last[uid] = found
                    checked += 1
        side = game.state.to_act
        game.submit(player.choose(game, side).order, side)
    game.close()
    assert checked > 100 and kept_hits > checked // 8  # many searches outlived an order
