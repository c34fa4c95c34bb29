"""What a computer player is, for the screens and the command line: a level, and a choice of order.

Kept free of any one rule system: a system's own knowledge plugs in through `players.planner`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tui_wargame.errors import WargameError
from tui_wargame.frozen import frozen
from tui_wargame.model import Order

if TYPE_CHECKING:
    from tui_wargame.engine import Game

#: The computer's levels, weakest first; `computer()` takes one of these.
LEVELS = ("easy", "normal", "hard")


@frozen
class Choice:
    """The order the computer gives, and why in one sentence a player can read in a hint."""

    order: str
    reason: str


class NothingToDo(WargameError):
    """The computer was asked to act for a side that has nothing to do now (not its turn, or over)."""


class UnknownLevel(WargameError):
    """A level the computer does not have; the message lists those it has."""


class Player(Protocol):
    """A computer player: given a game and the side it plays, the next order for that side.

    It sees only what `side` may see (hidden units and face-down markers masked, no dice
    rolled ahead), and is deterministic: the same game and level give the same order.
    """

    level: str

    def choose(self, game: Game, side: str) -> Choice:
        """The order to give now for `side`; NothingToDo when `side` has nothing to do."""
        ...


def check_level(level: str) -> str:
    """`level` if it is one of LEVELS, else UnknownLevel naming them."""
    if level not in LEVELS:
        raise UnknownLevel(f"no computer level {level!r}; the levels are {', '.join(LEVELS)}")
    return level


def best_rated(rated: Sequence[tuple[Any, Order]]) -> tuple[Any, Order]:
    """The highest rated (rating, order); of equal ratings, the order first in text order, so that
    the same position always gives the same order."""
    return max(rated, key=lambda r: (r[0], [-ord(c) for c in r[1].text]))
