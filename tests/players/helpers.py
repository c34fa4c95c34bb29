"""Games for the computer player's tests: a real scenario at a position built by `tests.positions`."""

from __future__ import annotations

from pathlib import Path

from tests import positions
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.files import first_free
from tui_wargame.model import Event, Scenario, State, fold
from tui_wargame.model.events import restore_event
from tui_wargame.players.fm import Assessor
from tui_wargame.players.view import SideView
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


ROMANI = "2031"  # Suez 12.4: 6 victory points


def romani_assessor(tmp_path: Path, level: str, at: dict[str, str],
                    steps: dict[str, int] | None = None) -> Assessor:
    """The Central Powers' look at Suez in their movement of 4 August Morning, `at` placed,
    `steps` lost and Romani under their control (12.4, control by entry)."""
    sc = scenario_file.load(Path(__file__).parents[2] / "scenarios" / "suez1916.toml")
    state = positions.position(sc, at=at, steps=steps, turn=1, phase="movement", active="cp")
    state = fold(state, [Event.of("control_changed", hex=ROMANI, side="cp")])
    return Assessor(SideView(game_at(sc, state, tmp_path), "cp", level=level), state)
