"""F&M 4.0 Sequence of play (Suez/Gaza 10.3: no mobile phases), tested on the test map."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.fm.helpers import load, of_kind, position, run
from tui_wargame.dice import Dice
from tui_wargame.engine import Game
from tui_wargame.model import Event, IllegalOrder
from tui_wargame.rules.fm import SYSTEM, Hooks, register_hooks
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.results import STEPS, Flow
from tui_wargame.rules.fm.system import ORDERS


def test_4_0_the_game_begins_with_the_first_players_movement_phase(tmp_path: Path) -> None:
    scenario = load(edit={'first = "red"': 'first = "blue"'})
    with Game.new(scenario, tmp_path / "g.toml", seed=1) as game:
        assert (game.state.turn, game.state.phase, game.state.active) == (0, "movement", "blue")
        assert "Movement Phase" in game.prompt() and "F&M 4.0" in game.prompt()


def test_4_0_player_turns_follow_in_order_and_the_game_ends_after_the_last_turn(tmp_path: Path) -> None:
    scenario = load()
    seen = []
    with Game.new(scenario, tmp_path / "g.toml", seed=1) as game:
        while not game.state.over:
            seen.append((game.state.turn, game.state.active, game.state.phase))
            game.submit("end")
        assert game.verify() == []
        assert game.state.result is not None
    expected = [(t, side, phase) for t in range(4) for side in ("red", "blue")
                for phase in ("movement", "combat")]
    assert seen == expected


def test_4_0_the_combat_phase_declares_then_resolves() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0202", "b1": "0303"}, phase="combat")
    assert "declare attacks" in SYSTEM.prompt(scenario, state)
    state, _ = run(scenario, state, "attack 0303 0202", "end")
    assert "resolve each declared attack" in SYSTEM.prompt(scenario, state)


class ArrivalHooks(Hooks):
    """Start-of-turn step as Suez 11.5 / Gaza 11.3 use it: a die decides whether r4 arrives."""

    def start_of_turn(self, pos: Position, dice: Dice) -> list[Event]:
        if pos.state.active != "red" or pos.state.units["r4"].location != "reinforcements":
            return []
        die = dice.roll()
        events = [Event.of("roll", purpose="r4 arrival", die=die)]
        if die <= 3:
            events.append(Event.of("unit_flagged", unit="r4", flag="arrived"))
        return events


def test_4_0_start_of_turn_steps_run_when_the_player_turn_begins(tmp_path: Path) -> None:
    register_hooks("test-arrival", ArrivalHooks)
    scenario = load(edit={'first = "red"': 'first = "red"\nhooks = "test-arrival"', 'turn = "1am"\n': ""})
    with Game.new(scenario, tmp_path / "g.toml", seed=3) as game:
        for _ in range(4):
            game.submit("end")
        record = game.records[-1]
        rolls = of_kind(list(record.events), "roll")
        assert len(rolls) == 1 and record.final
        arrived = rolls[0]["die"] <= 3
        assert game.state.units["r4"].has("arrived") == arrived
        assert any(o.verb == "enter" for o in game.legal_orders()) == arrived
        assert game.verify() == []


def test_4_0_an_unknown_order_is_refused_with_the_orders_there_are() -> None:
    """The orders are an explicit table (system.ORDERS): a verb neither there nor the scenario's own
    is refused."""
    scenario = load()
    with pytest.raises(IllegalOrder) as refused:
        run(scenario, position(scenario, {"r1": "0402"}), "charge r1")
    assert refused.value.rule == "F&M 4.0" and "no order 'charge' now" in refused.value.reason
    assert all(verb in refused.value.reason for verb in ("move", "enter", "attack", "resolve", "end"))
    assert set(ORDERS) == {"move", "enter", "attack", "bombard", "air", "observe", "resolve", "end"}


def test_7_6_a_combat_step_not_in_the_table_is_refused_by_name() -> None:
    scenario = load()
    flow = Flow(Position(scenario, position(scenario, {"r1": "0402"})), {"queue": [{"do": "surrender"}]})
    with pytest.raises(IllegalOrder) as refused:
        flow.run(answering=False)
    assert "no combat step 'surrender'" in refused.value.reason and ", ".join(STEPS) in refused.value.reason
