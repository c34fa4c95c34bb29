"""Random legal play on the real Suez 1916 scenario (both set-ups): no order the rules list is
refused, the invariants hold (terrain, stacking at the end of each phase, steps), and the save
re-runs to the same events."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.scenarios.suez1916.helpers import suez
from tui_wargame.engine import Game
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes


@pytest.mark.parametrize(("seed", "setup"), [(3, "historical"), (8, "free")])
def test_random_legal_play_keeps_the_invariants(tmp_path: Path, seed: int, setup: str) -> None:
    scenario = suez()
    rng = random.Random(seed)
    with Game.new(scenario, tmp_path / "g.toml", seed=seed, options={"setup": setup}) as game:
        for _ in range(120):
            if game.state.over:
                break
            orders = [o for o in game.legal_orders() if o.verb != "undo"] or [o for o in game.legal_orders()]
            ends = [o for o in orders if o.verb in ("end", "done", "stop")]
            order = ends[0] if ends and rng.random() < 0.35 else rng.choice(orders)
            before = game.state
            game.submit(order)
            after = game.state
            pos = Position(scenario, after)
            for uid, u in after.units.items():
                assert 0 <= u.steps <= scenario.unit[uid].steps
                if u.on_map and pos.is_combat(uid):
                    assert pos.terrain(u.location).move != "P", (uid, u.location)
            if after.phase != before.phase or after.active != before.active:
                if before.phase in ("movement", "combat") and not after.pending:
                    assert overstacked_hexes(pos.at(before), before.active) == []
        assert game.verify() == []
