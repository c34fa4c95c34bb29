"""Two yardsticks for the computer opponent (the benchmark and the tests play against them):
a player choosing uniformly among the legal orders, and one looking a single order ahead."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui_wargame.players.base import Choice
from tui_wargame.players.planner import planner_for
from tui_wargame.players.view import SideView, stream

if TYPE_CHECKING:
    from tui_wargame.engine import Game


class RandomPlayer:
    """Any legal order (undo aside), each equally likely, from a stream fixed by the game's seed
    and position (never Python's global random, never the game's dice)."""

    level = "random"

    def choose(self, game: Game, side: str) -> Choice:
        view = SideView(game, side)
        order = view.orders[stream(game, "random") % len(view.orders)]
        return Choice(order.text, f"{order.text}: picked at random among {len(view.orders)} legal orders")


class GreedyPlayer:
    """One ply: the legal order whose immediate result is best on average over the dice, by the
    rule system's evaluation; the first listed of equals."""

    level = "greedy"

    def choose(self, game: Game, side: str) -> Choice:
        view = SideView(game, side)
        planner = planner_for(game.scenario.system)
        if len(view.orders) == 1:
            return Choice(view.orders[0].text, planner.reason(view, view.orders[0], None))
        view.shortcut = getattr(planner, "shortcut", None)
        now = planner.value(view, view.state)
        best, best_value = view.orders[0], float("-inf")
        for order in view.orders:
            value = view.expected(order, planner.value)
            if value > best_value:
                best, best_value = order, value
        return Choice(best.text, planner.reason(view, best, best_value - now))
