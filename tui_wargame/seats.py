"""Seats: which player holds which side of a hosted game, as the save's `seat` records say.

A seat is taken by appending a record of kind `seat` (its `side` the side, its `by` the player),
under the save's lock, so two players joining at once cannot both take it; it is never given
back. A player's name comes from the host (`tui-wargame lobby --player NAME`), never from
what the player types (docs/hosting.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from tui_wargame.model import Scenario

#: The rule a refusal about seats names.
SEAT_RULE = "seats: docs/hosting.md"

#: A player's name: a letter, then letters, digits, "_" or "-"; at most 32 characters, ASCII only.
PLAYER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")


def name_problem(name: str) -> str:
    """Why `name` cannot be a player's name ("" if it can)."""
    if PLAYER_NAME.fullmatch(name):
        return ""
    return (f"{name[:40]!r} is not a player name: a letter, then letters, digits, '_' or '-', "
            f"at most 32 characters")


def seat_problem(scenario: Scenario, seats: Mapping[str, str], side: str, player: str) -> str:
    """Why `player` may not take `side`'s seat now ("" if they may): the side must be the
    scenario's, its seat open, and the player hold no other seat of the game."""
    if side not in scenario.side:
        return f"no side {side!r} in scenario {scenario.id!r}"
    if problem := name_problem(player):
        return problem
    if side in seats:
        taken = "you" if seats[side] == player else seats[side]
        return f"the {scenario.side[side].name} seat is taken already, by {taken}"
    held = [s for s, p in seats.items() if p == player]
    if held:
        return (f"{player} holds the {scenario.side[held[0]].name} seat already; "
                f"a player holds one seat a game")
    return ""


def seat_of(seats: Mapping[str, str], player: str) -> str | None:
    """The side `player` holds, if any."""
    return next((side for side, p in seats.items() if p == player), None)
