"""What one side may know of a game, and what an order may lead to, without rolling a die.

The computer reasons on a `SideView`: the game's State with what the side may not see masked
(the identities of concealed units, the kind and value of others' face-down markers), and the
orders the side may give. An order's outcomes are found by resolving it once per face of each
die it rolls (`ScriptedDice`), each outcome with its exact chance: the real dice stream of the
game is never touched, so the computer cannot know a roll before it is made.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.model import Marker, Order, State, fold
from tui_wargame.players.base import NothingToDo

if TYPE_CHECKING:
    from tui_wargame.engine import Game
    from tui_wargame.model import Scenario
    from tui_wargame.rules import RuleSystem

#: What a face-down marker of another side shows: neither its kind nor its value.
FACE_DOWN = "face-down"


class _Branch(Exception):
    """A scripted die ran out of faces: the outcome splits on a die of `sides` faces."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class ScriptedDice(Dice):
    """Dice rolling given faces, then asking (by `_Branch`) for the next die to be enumerated;
    past `exact` draws, the middle face, so that a long chain of rolls stays affordable."""

    def __init__(self, faces: Sequence[int], exact: bool) -> None:
        super().__init__(0, 0)
        self.faces, self.exact = faces, exact

    def roll(self, sides: int = 6) -> int:
        draw, self.draws = self.draws, self.draws + 1
        if draw < len(self.faces):
            return self.faces[draw]
        if self.exact:
            raise _Branch(sides)
        return (sides + 1) // 2


@frozen
class Outcome:
    """One way an order may turn out, its exact chance, and the State it leaves."""

    chance: Fraction
    state: State


def stream(game: Game, salt: str) -> int:
    """A number for the computer's own choices (ties, the easy level's slips), fixed by the game's
    seed and position but unrelated to its dice: `Dice` hashes other words."""
    digest = hashlib.sha256(f"computer:{salt}:{game.header.seed}:{game.seq}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def side_state(game: Game, state: State, side: str) -> State:
    """`state` as `side` may know it: concealed units' identities shuffled into a fixed order
    (sorted ids onto the places sorted), others' face-down markers without kind or value."""
    sc = game.scenario
    concealed = sorted(game.capabilities.concealed(sc, state, side))
    units = state.units
    if concealed:
        slots = sorted((units[uid] for uid in concealed if uid in units),
                       key=lambda u: (u.location, u.steps, sorted(u.flags | u.phase_flags)))
        units = {**units, **dict(zip(sorted(uid for uid in concealed if uid in units), slots))}
    markers = {place: tuple(Marker(FACE_DOWN, m.id, m.side, None, True) if m.hidden and m.side != side else m
                            for m in here)
               for place, here in state.markers.items()}
    return state.replace(units=units, markers=markers)


class SideView:
    """The game as `side` sees it now: masked State, legal orders, and outcomes of orders."""

    def __init__(self, game: Game, side: str, *, level: str = "normal", outcome_budget: int = 216) -> None:
        if game.state.over:
            raise NothingToDo("the game is over")
        if game.state.to_act != side:
            raise NothingToDo(f"it is {game.side_name(game.state.to_act)}'s turn to act, not "
                              f"{game.side_name(side)}'s")
        self.game = game
        self.scenario: Scenario = game.scenario
        self.system: RuleSystem = game.system
        self.side = side
        self.level = level  # the computer's level, for a planner that weighs more at hard
        self.state = side_state(game, game.state, side)
        self.orders = [o for o in game.legal_orders() if o.verb != "undo"]
        if not self.orders:
            raise NothingToDo(f"{game.side_name(side)} has no order to give")
        self.outcome_budget = outcome_budget
        self.work = 0  # orders resolved so far: the budget is counted in this, never in time
        self.memo: dict[object, object] = {}  # a planner's answers kept for this view's life
        #: A planner's faster way to the State an order without dice leads to (None: resolve it).
        self.shortcut: Callable[[SideView, State, Order], State | None] | None = None

    def expected(self, order: Order, value: Callable[[SideView, State], float]) -> float:
        """The mean of `value` over the outcomes of `order` from the view's State, each weighed
        by its exact chance."""
        return sum(float(o.chance) * value(self, o.state) for o in self.outcomes(self.state, order))

    def outcomes(self, state: State, order: Order) -> list[Outcome]:
        """Every way `order` may turn out from `state`, each die enumerated face by face until
        `outcome_budget` outcomes would be passed (later dice then take their middle face)."""
        if self.shortcut is not None:
            quick = self.shortcut(self, state, order)
            if quick is not None:
                self.work += 1
                return [Outcome(Fraction(1), quick)]
        found: list[Outcome] = []
        todo: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
        while todo:
            faces, chance = todo.pop()
            exact = len(found) + len(todo) < self.outcome_budget
            dice = ScriptedDice(faces, exact)
            self.work += 1
            try:
                res = self.system.resolve(self.scenario, state, order, dice)
            except _Branch as split:
                todo += [((*faces, f), chance / split.sides) for f in range(split.sides, 0, -1)]
                continue
            after = res.state if res.state is not None else fold(state, res.events)
            found.append(Outcome(chance, after))
        return found
