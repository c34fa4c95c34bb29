"""`fire_support.allows` answers for one order exactly what `legal` lists (Suez/Gaza 18.1, 18.5,
Gaza 18.6): checked on every position of short random games of both scenarios, for the legal
orders and for near misses (other hexes, units, verbs and arities)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Order
from tui_wargame.players import RandomPlayer
from tui_wargame.rules.fm import fire_support
from tui_wargame.rules.fm.position import Position

ROOT = Path(__file__).parents[3]


def near_misses(pos: Position, side: str) -> list[Order]:
    """Fire support orders that may or may not be legal: every air unit of `side` and every hex
    next to a unit, with each verb; the wrong number of words; a hex off the map."""
    hexes = sorted({n for h in pos.occupied_hexes() for n in (h, *pos.neighbours(h))})
    air = sorted(u for u in pos.state.units
                 if pos.spec(u).kind == fire_support.AIR and pos.side_of(u) == side)
    orders = [Order("bombard", (h,)) for h in hexes]
    orders += [Order(verb, (u, h)) for u in air for h in hexes for verb in ("air", "observe")]
    orders += [Order("bombard", ()), Order("bombard", (hexes[0], hexes[0])), Order("bombard", ("pool",))]
    orders += [Order(verb, (u,)) for u in air for verb in ("air", "observe")]
    orders += [Order(verb, (u, "pool")) for u in air for verb in ("air", "observe")]
    orders += [Order("air", ("nobody", hexes[0])), Order("move", (hexes[0],))]
    return orders


@pytest.mark.slow  # a minute each: every position of two games, every order asked both ways
@pytest.mark.parametrize(("name", "seed"), [("suez1916", 3), ("gaza1917", 4)])
def test_allows_agrees_with_legal(name: str, seed: int, tmp_path: Path) -> None:
    sc = scenario_file.load(ROOT / "scenarios" / f"{name}.toml")
    game = Game.new(sc, tmp_path / "g.toml", seed=seed)
    player, looked = RandomPlayer(), 0
    for _ in range(300):
        if game.state.over:
            break
        pos = Position(sc, game.state)
        if pos.rules.fire_support is not None:
            for side in (s.id for s in sc.sides):
                legal = fire_support.legal(pos, side)
                misses = near_misses(pos, side)
                for order in [*legal, *misses[:: 5 if legal else 50]]:  # a sample: every one is slow
                    assert fire_support.allows(pos, side, order) == (order in legal), (order, side, game.seq)
                looked += bool(legal)
        side = game.state.to_act
        game.submit(player.choose(game, side).order, side)
    game.close()
    assert looked  # some positions had fire support to give
