"""F&M 7.7: `can_retreat` (layer by layer, for the computer and the results' elimination check)
answers as `retreat_paths` (path by path) does, on positions of random Suez 1916 and Gaza 1917 play."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.players.test_blunders import suez_position
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.players import RandomPlayer
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.retreat import can_retreat, retreat_paths

ROOT = Path(__file__).parents[3]


@pytest.mark.parametrize(("name", "records", "every"), [
    ("suez1916", 40, 10),
    pytest.param("suez1916", 100, 5, marks=pytest.mark.slow),  # seconds: every unit's every retreat
    pytest.param("gaza1917", 100, 5, marks=pytest.mark.slow)])
def test_f_m_7_7_can_retreat_agrees_with_every_retreat_path(name: str, records: int, every: int,
                                                            tmp_path: Path) -> None:
    """On every `every`th record of `records`: the answer kept across Positions is the one the
    paths give at this Position."""
    sc = scenario_file.load(ROOT / "scenarios" / f"{name}.toml")
    game = Game.new(sc, tmp_path / "g.toml", seed=3)
    player, checked = RandomPlayer(), 0
    for n in range(records):
        if game.state.over:
            break
        if n % every == 0:
            pos = Position(sc, game.state)
            for uid in game.state.units:
                if pos.on_map(uid) and pos.is_combat(uid):
                    for hexes in (1, 2, 3):
                        found = can_retreat(pos, uid, hexes)
                        assert found == bool(retreat_paths(pos, uid, hexes)), (uid, hexes, game.seq)
                        checked += 1
        side = game.state.to_act
        game.submit(player.choose(game, side).order, side)
    game.close()
    assert checked > 100


def test_f_m_7_7_a_battalion_ringed_by_zones_of_control_cannot_retreat() -> None:
    """A Central Powers battalion in the oasis at 2230, three British stacks around it whose zones
    of control cover every hex it could step to: no retreat of any length; the British can. Before
    the ring came, in the same hex, it could."""
    sc = scenario_file.load(ROOT / "scenarios" / "suez1916.toml")
    ring = {"155a": "2229", "155b": "2229", "156a": "2331", "156b": "2331", "157a": "2131", "157b": "2131"}
    free = Position(sc, suez_position({"31-1": "2230"}, phase="combat", active="british"))
    assert all(can_retreat(free, "31-1", hexes) for hexes in (1, 2, 3))  # asked first: not kept for the ring
    pos = Position(sc, suez_position({"31-1": "2230", **ring}, phase="combat", active="british"))
    for hexes in (1, 2, 3):
        assert not can_retreat(pos, "31-1", hexes) and not retreat_paths(pos, "31-1", hexes)
        assert can_retreat(pos, "157a", hexes) and retreat_paths(pos, "157a", hexes)
