"""The computer opponent: the rule system's candidates weighed by exact expectation over the dice.

Each call re-plans from the position as it stands, so a die's result or a surprise changes the
next order at once. Levels differ in how much is weighed and how carefully, not in randomness:
easy slips the way a hurried player does (now and then the second-best of near equals), by a
stream fixed by the game, so the same save and level always give the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui_wargame.players.base import Choice, check_level
from tui_wargame.players.planner import planner_for
from tui_wargame.players.view import SideView, stream

if TYPE_CHECKING:
    from tui_wargame.engine import Game

#: Outcomes enumerated per order, by level: beyond them, later dice take their middle face.
OUTCOME_BUDGET = {"easy": 36, "normal": 216, "hard": 216}

#: easy: how close (in value) a lesser order must be to be taken instead, and how often in 8.
SLIP_MARGIN, SLIP_IN_8 = 1.0, 2


class ComputerPlayer:
    """The computer opponent at one of LEVELS."""

    def __init__(self, level: str = "normal") -> None:
        self.level = check_level(level)

    def choose(self, game: Game, side: str) -> Choice:
        view = SideView(game, side, level=self.level, outcome_budget=OUTCOME_BUDGET[self.level])
        planner = planner_for(game.scenario.system)
        view.shortcut = getattr(planner, "shortcut", None)
        settled = planner.decide(view)
        if settled is not None:
            return settled
        candidates = planner.candidates(view, self.level)
        if len(candidates) == 1:  # nothing to weigh: the dice of a forced order need no counting
            only = len(view.orders) == 1  # the rules' only order, not the planner's only pick
            return Choice(candidates[0].text, planner.reason(view, candidates[0], None if only else 0.0))
        now = planner.value(view, view.state)
        rated = []
        for n, order in enumerate(candidates):
            value = view.expected(order, planner.value)
            rated.append((-value, n, order))
        rated.sort(key=lambda r: (r[0], r[1]))
        value, _, order = rated[0]
        if self.level == "easy" and len(rated) > 1 and rated[1][0] - value <= SLIP_MARGIN \
                and stream(game, "slip") % 8 < SLIP_IN_8:
            value, _, order = rated[1]
        return Choice(order.text, planner.reason(view, order, -value - now))
