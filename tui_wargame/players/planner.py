"""The seam between the computer's generic search and a rule system's own knowledge.

A `Planner` knows what a position is worth to a side and which orders deserve a look; the
search (`players.search`) knows neither a map nor a table. Planners are found by the rule
system's id, imported on first use, so adding a system's computer player touches only its
own module and `BUILTIN` here.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Protocol

from tui_wargame.model import Order, State
from tui_wargame.players.base import Choice
from tui_wargame.players.view import SideView


class Planner(Protocol):
    """A rule system's knowledge for the computer player."""

    def value(self, view: SideView, state: State) -> float:
        """How good `state` is for `view.side`: higher is better, a won game above any other."""
        ...

    def candidates(self, view: SideView, level: str) -> Sequence[Order]:
        """The orders worth weighing now at `level`, from `view.orders`, most promising first;
        never empty while `view.orders` is not."""
        ...

    def decide(self, view: SideView) -> Choice | None:
        """An order the planner settles itself (one whose worth no State shows yet, such as
        declaring an attack), with its reason; None leaves the choice to the search."""
        ...

    def reason(self, view: SideView, order: Order, gain: float | None) -> str:
        """One sentence a player reads in a hint: why `order`, whose expected gain is `gain`;
        `gain` None when it is the only order there is (then why nothing else is open)."""
        ...


class VictoryPlanner:
    """The planner for a system with none of its own: victory points and the verdict only."""

    def value(self, view: SideView, state: State) -> float:
        if state.result is not None:
            return 0.0 if not state.result.winner else 1e6 if state.result.winner == view.side else -1e6
        points = view.system.victory_points(view.scenario, state)
        return float(sum(p if s == view.side else -p for s, p in points.items()))

    def candidates(self, view: SideView, level: str) -> Sequence[Order]:
        return view.orders

    def decide(self, view: SideView) -> Choice | None:
        return None

    def reason(self, view: SideView, order: Order, gain: float | None) -> str:
        if gain is None:
            return f"{order.text}: the only order the rules allow now"
        return f"{order.text}: the best expected victory points ({gain:+.1f})"


#: Planners of the built-in rule systems: system id -> "module:attribute".
BUILTIN: dict[str, str] = {"fm": "tui_wargame.players.fm:PLANNER"}

_loaded: dict[str, Planner] = {}


def planner_for(system_id: str) -> Planner:
    """The planner of rule system `system_id`, or the victory-points one if it has none."""
    if system_id not in _loaded:
        where = BUILTIN.get(system_id)
        if where is None:
            _loaded[system_id] = VictoryPlanner()
        else:
            module, attr = where.split(":")
            _loaded[system_id] = getattr(importlib.import_module(module), attr)
    return _loaded[system_id]
