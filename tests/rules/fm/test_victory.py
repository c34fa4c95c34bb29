"""Victory (Suez 12.0 / Gaza 12.0 as system settings): control on entry or passage, victory
points, the level table, instant wins from hooks."""

from __future__ import annotations

from pathlib import Path

from tests.rules.fm.helpers import load, of_kind, position, run
from tui_wargame.engine import Game
from tui_wargame.model import Verdict
from tui_wargame.rules.fm import SYSTEM, Hooks, register_hooks
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.victory import final_verdict


def test_12_4_control_changes_on_entry_or_passage() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0302"})
    assert state.control["0303"] == "blue"
    state, events = run(scenario, state, "move r1 0303 0304")
    assert [e["hex"] for e in of_kind(events, "control_changed")] == ["0303"]
    assert state.control["0303"] == "red"
    assert SYSTEM.victory_points(scenario, state) == {"red": 3, "blue": 0}


def test_12_3_the_level_table_at_the_end_of_the_game() -> None:
    scenario = load()
    start = position(scenario, {"r1": "0302"})
    verdict = final_verdict(Position(scenario, start))
    assert verdict == Verdict("blue", "decisive", "1 VP for red (test victory)")
    taken = start.replace(control={**start.control, "0303": "red"})
    assert final_verdict(Position(scenario, taken)).level == "draw"
    all_of_it = taken.replace(control={**taken.control, "0705": "red"})
    assert final_verdict(Position(scenario, all_of_it)).winner == "red"


def test_12_4_victory_by_occupation() -> None:
    """Gaza 12.4: VP for a unit on the hex at the end, not for control."""
    scenario = load(edit={'by = "control"': 'by = "occupation"'})
    state = position(scenario, {"r1": "0705"})
    assert SYSTEM.victory_points(scenario, state)["red"] == 1  # the depot, merely controlled, counts 0


class HillHooks(Hooks):
    """An instant win: red the moment it stands on the hill (like Gaza 12.1)."""

    def instant_victory(self, pos: Position, moment: str) -> Verdict | None:
        if moment == "order" and pos.occupant("0705") == "red":
            return Verdict("red", "instant", "red holds the hill")
        return None


def test_12_1_an_instant_victory_ends_the_game_at_once(tmp_path: Path) -> None:
    register_hooks("test-hill", HillHooks)
    scenario = load(edit={'first = "red"': 'first = "red"\nhooks = "test-hill"'})
    state = position(scenario, {"r3": "0703", "b1": "0101"})
    state, events = run(scenario, state, "move r3 0704 0705")
    assert state.over and state.result == Verdict("red", "instant", "red holds the hill")
    assert SYSTEM.legal_orders(scenario, state) == []


def test_12_3_a_whole_game_ends_with_the_table_verdict(tmp_path: Path) -> None:
    with Game.new(load(), tmp_path / "g.toml", seed=5) as game:
        while not game.state.over:
            game.submit("end")
        assert game.state.result == final_verdict(Position(game.scenario, game.state))
