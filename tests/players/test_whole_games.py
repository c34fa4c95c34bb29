"""Computer against computer to the end of the game, each order through `Game.submit` and the save
verified by re-running every order from the seed (issue 15): the computer's orders are ordinary
records, so a replay never needs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.players.test_players import scenario
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.players import Player, RandomPlayer, computer


def play_out(game: Game, players: dict[str, Player], limit: int) -> int:
    """Orders given until the game ends (at most `limit`)."""
    for n in range(limit):
        if game.state.over:
            return n
        side = game.state.to_act
        game.submit(players[side].choose(game, side).order, side)
    return limit


def test_the_testbed_system_is_played_to_its_end_on_victory_points_alone(testbed: Scenario,
                                                                       tmp_path: Path) -> None:
    """A rule system with no planner of its own: the computer plays it by victory points."""
    game = Game.new(testbed, tmp_path / "t.toml", seed=11)
    play_out(game, {"red": computer("hard"), "blue": computer("easy")}, 400)
    assert game.state.over and game.verify() == []


@pytest.mark.slow
@pytest.mark.parametrize("name", ["suez1916", "gaza1917"])
def test_a_whole_game_computer_against_computer_ends_and_verifies(name: str, tmp_path: Path) -> None:
    sc = scenario(name)
    game = Game.new(sc, tmp_path / "g.toml", seed=21)
    first, second = (s.id for s in sc.sides)
    play_out(game, {first: computer("normal"), second: computer("easy")}, 3000)
    assert game.state.over and game.verify() == []
    with Game.open(tmp_path / "g.toml") as again:
        assert again.verify() == [] and again.state == game.state


@pytest.mark.slow
def test_hard_beats_random_both_sides_of_suez(tmp_path: Path) -> None:
    sc = scenario("suez1916")
    for side, other in (("cp", "british"), ("british", "cp")):
        game = Game.new(sc, tmp_path / f"{side}.toml", seed=3)
        play_out(game, {side: computer("hard"), other: RandomPlayer()}, 4000)
        assert game.state.result is not None and game.state.result.winner == side
