"""The Gaza 1917 terrain effects chart and CRT as printed, and random legal play on the Gaza map
that keeps the invariants (16.1 stacking at each phase's end, 13.3 steps, prohibited sea) and
replays identically."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.scenarios.gaza1917.helpers import SCENARIO
from tui_wargame.engine import Game
from tui_wargame.rules.fm.data import fraction
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes

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


def check_invariants(game: Game) -> None:
    pos = Position(game.scenario, game.state)
    for uid, u in game.state.units.items():
        spec = game.scenario.unit[uid]
        assert 0 <= u.steps <= spec.steps, uid
        if u.on_map and pos.is_combat(uid):  # markers and air units may be placed over the sea
            assert fraction(pos.terrain(u.location).move) is not None, f"{uid} at sea in {u.location}"
            assert pos.occupant(u.location) == spec.side


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.generate])
@given(st.data(), st.integers(0, 10**6))
def test_gaza_random_legal_play_keeps_invariants_and_replays(data: st.DataObject, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        game = Game.new(SCENARIO, Path(folder) / "g.toml", seed=seed)
        for _ in range(30):
            if game.state.over:
                break
            orders = game.legal_orders()
            assert orders, "a live game always has an order (undo included)"
            others = [o for o in orders if o.verb not in ("move", "undo")]
            pool = others if others and data.draw(st.booleans()) else orders
            order = data.draw(st.sampled_from(pool))
            before = game.state
            record = game.submit(order)
            if any(e.kind == "phase_began" for e in record.events):
                assert overstacked_hexes(Position(game.scenario, before), before.active) == []
            check_invariants(game)
        assert game.verify() == []
