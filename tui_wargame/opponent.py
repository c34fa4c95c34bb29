"""A game against the computer: the player at the keyboard, the computer at the others (issue 15).

A game against the computer keeps its opponent in the save header's options, so
that continuing the save plays it the same way: `opponent = "computer:LEVEL"`
and `player = "SIDE"` (the side at the keyboard; the computer plays every
other side). No rule reads them. Each order the computer gives carries
`by = "computer:LEVEL"` in its record, so a replay never needs the computer.
The computer's own modules load only when a level is checked, so a hot-seat
game never imports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui_wargame.engine import OPPONENT, PLAYER  # the header options that keep the opponent
from tui_wargame.errors import WargameError
from tui_wargame.frozen import frozen
from tui_wargame.model import Scenario
from tui_wargame.text import clean
from tui_wargame.views import side_named

COMPUTER = "computer"
DEFAULT_LEVEL = "normal"
# the H key's suggestions, whatever the opponent: the best the computer knows, not easy's slips
HINT_LEVEL = "hard"


@frozen
class Opponent:
    """A game against the computer: `player` at the keyboard, the computer at `level` for the rest."""

    player: str
    level: str
    computer: tuple[str, ...]

    @property
    def by(self) -> str:
        """What each of the computer's records says gave the order."""
        return computer_by(self.level)

    def plays(self, side: str) -> bool:
        """Whether the computer plays `side`."""
        return side in self.computer

    def options(self) -> dict[str, str]:
        """The header options that keep this opponent."""
        return {OPPONENT: self.by, PLAYER: self.player}


def computer_by(level: str) -> str:
    """A record's `by` for an order the computer gave at `level`."""
    return f"{COMPUTER}:{level}"


def check_level(level: str, what: str) -> str:
    """`level` if it is one of the computer's; WargameError naming the levels otherwise."""
    from tui_wargame.players import UnknownLevel
    from tui_wargame.players import check_level as known

    try:
        return known(level)
    except UnknownLevel as exc:
        raise WargameError(f"{what}: {exc}") from None


def level_of(vs: str, what: str = "--vs") -> str:
    """The level of `--vs computer[:LEVEL]`; WargameError naming the choices otherwise."""
    who, _, level = vs.strip().lower().partition(":")
    if who != COMPUTER:
        from tui_wargame.players import LEVELS

        levels = ", ".join(LEVELS)
        raise WargameError(f"{what} {clean(vs)}: the only opponent is the computer: give `computer` "
                           f"or `computer:LEVEL`, the levels being {levels}")
    return check_level(level or DEFAULT_LEVEL, f"{what} {clean(vs)}")


def against(scenario: Scenario, player: str, level: str) -> Opponent:
    """The player at side `player` (an id of the scenario), the computer at `level` for the others."""
    check_level(level, "the computer")
    others = tuple(s.id for s in scenario.sides if s.id != player)
    return Opponent(player, level, others)


def from_arguments(scenario: Scenario, vs: str | None, side: str | None) -> Opponent | None:
    """The opponent `--vs` and `--as` ask for: None without `--vs` (hot-seat, or live with `--as`
    alone); `--vs` needs `--as`, the side played against the computer, by id or name."""
    if vs is None:
        return None
    if side is None:
        sides = ", ".join(s.id for s in scenario.sides)
        raise WargameError(f"--vs {clean(vs)}: say which side you play with --as SIDE (one of {sides})")
    level = level_of(vs)
    return against(scenario, side_named(scenario, side), level)


def from_options(scenario: Scenario, options: Mapping[str, Any], where: str) -> Opponent | None:
    """The opponent a save's header keeps (None: hot-seat); a WargameError naming `where` (the save)
    if wrong."""
    opponent, player = options.get(OPPONENT), options.get(PLAYER)
    if opponent is None and player is None:
        return None
    try:
        if not isinstance(opponent, str) or not isinstance(player, str):
            raise WargameError(f"{OPPONENT} and {PLAYER} go together")
        if player not in scenario.side:
            sides = ", ".join(s.id for s in scenario.sides)
            raise WargameError(f"{PLAYER} {clean(player)}: no such side (the sides are {sides})")
        return against(scenario, player, level_of(opponent, OPPONENT))
    except WargameError as exc:
        raise WargameError(f"{where}: [header.options] {exc}") from None
