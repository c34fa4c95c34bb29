"""Computer players: `computer(level)` gives a `Player` whose `choose(game, side)` returns the next
order with its reason. Engine-side: never imports the TUI; orders go through `Game.submit` like
anyone else's, so a replay never needs a computer player.

The generic part (side view, exact expectation over the dice, search) knows no rule system; a
system's own knowledge (what a position is worth, which orders are worth a look) is a `Planner`
registered per rule system id in `players.planner`.
"""

from tui_wargame.players.base import LEVELS, Choice, NothingToDo, Player, UnknownLevel, check_level
from tui_wargame.players.baseline import GreedyPlayer, RandomPlayer
from tui_wargame.players.search import ComputerPlayer


def computer(level: str = "normal") -> Player:
    """The computer opponent at `level` (one of LEVELS); UnknownLevel lists them for another."""
    return ComputerPlayer(check_level(level))


__all__ = ["LEVELS", "Choice", "ComputerPlayer", "GreedyPlayer", "NothingToDo", "Player", "RandomPlayer",
           "UnknownLevel", "computer"]
