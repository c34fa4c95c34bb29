"""Games for the computer player's tests: a real scenario at a position built by `tests.positions`."""

from __future__ import annotations

from pathlib import Path

from tui_wargame.engine import Game
from tui_wargame.files import first_free
from tui_wargame.model import Scenario, State
from tui_wargame.model.events import restore_event
from tui_wargame.savefile import Record


def game_at(scenario: Scenario, state: State, folder: Path, *, seed: int = 7) -> Game:
    """An in-memory game of `scenario` whose set-up record leaves it at `state` (a `state_restored`
    after the set-up's own events), so that a player can be asked about any position."""
    made = first_free(folder, "made", lambda path: Game.new(scenario, path, seed=seed))
    made.close()
    setup = made.records[0]
    record = Record(0, "", "setup", setup.order, (*setup.events, restore_event(made.state, state, 0)))
    game = Game(scenario, made.header, [record])
    assert game.state == state
    return game
