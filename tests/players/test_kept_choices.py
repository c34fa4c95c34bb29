"""The computer's choices do not change when its code is made faster (issue 15 benchmark work):
whole-game prefixes, greedy against hard, replayed against the orders the players chose before
(files in tests/players/kept/). A change that changes choices on purpose writes them again: play
the same prefix with the same players and write each order on a line (the ai-attack branch did,
for its whole-turn attack plan, level steps and reinforcements, before it commit 2e56fc3's code;
the ai branch again, for the attacker's campaign, the guarded level and fire support only on
declared attacks; the attacker branch again, for planned assaults and the enemy's reach read from
its movement; the attacker-held and marker-keep-taker branches, for Gaza, where hard as the
Central Powers fires defensively only where a bombardment can cost the attackers a step; the
lone-last-step fix of 2 December afternoon, for Gaza, where a D2 on a lone unit at its last
step counts the hex as lost with it; the enemy's flags in the threat map's key, 3 December, for
Suez, where greedy as the Central Powers now sees the British units its move activates, 11.3)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.players import GreedyPlayer, computer

ROOT = Path(__file__).parents[2]
KEPT = Path(__file__).parent / "kept"


@cache
def scenario(name: str) -> Scenario:
    return scenario_file.load(ROOT / "scenarios" / f"{name}.toml")


@pytest.mark.slow  # seconds each: the greedy player weighs every legal order
@pytest.mark.parametrize(("name", "seed", "orders"), [("suez1916", 1, 80), ("gaza1917", 0, 80)])
def test_greedy_and_hard_choose_the_orders_they_chose_before(name: str, seed: int, orders: int,
                                                             tmp_path: Path) -> None:
    """From the historical set-up (F&M 4.0 sequence), the first side greedy, the second hard:
    moves, declarations, fire support (Suez/Gaza 18.0) and decisions, order by order."""
    sc = scenario(name)
    kept = (KEPT / f"{name}-{seed}-greedy-hard.txt").read_text().splitlines()[:orders]
    game = Game.new(sc, tmp_path / "g.toml", seed=seed)
    players = {sc.sides[0].id: GreedyPlayer(), sc.sides[1].id: computer("hard")}
    chosen = []
    for _ in kept:
        side = game.state.to_act
        chosen.append(players[side].choose(game, side).order)
        game.submit(chosen[-1], side)
    game.close()
    assert chosen == kept
