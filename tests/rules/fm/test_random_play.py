"""Random legal play on the test map keeps the invariants and replays identically
(F&M 5.2 prohibited terrain, 5.3 stacking at each phase's end, 7.6 step counts)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rules.fm.helpers import load
from tui_wargame.engine import Game
from tui_wargame.rules.fm.data import fraction
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes

SCENARIO = load()


def check_invariants(game: Game) -> None:
    pos = Position(game.scenario, game.state)
    for uid, u in game.state.units.items():
        spec = game.scenario.unit[uid]
        assert 0 <= u.steps <= spec.steps, uid
        assert (u.steps == 0) == (u.location == "eliminated"), uid
        if u.on_map and pos.is_combat(uid):
            assert fraction(pos.terrain(u.location).move) is not None, f"{uid} in prohibited {u.location}"
            assert pos.occupant(u.location) == spec.side


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 10**6))
def test_random_legal_play_keeps_invariants_and_replays(data: st.DataObject, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        game = Game.new(SCENARIO, Path(folder) / "g.toml", seed=seed)
        for _ in range(80):
            if game.state.over:
                break
            orders = game.legal_orders()
            assert orders, "a live game always has an order"
            order = data.draw(st.sampled_from(orders))
            before = game.state
            record = game.submit(order)
            if any(e.kind == "phase_began" for e in record.events):
                assert overstacked_hexes(Position(game.scenario, before), before.active) == []
            check_invariants(game)
        assert game.verify() == []
        game.close()
        with Game.open(game.path, scenario_dirs=[Path(__file__).parent]) as reopened:
            assert reopened.state == game.state
