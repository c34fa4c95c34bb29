"""Foxhole R24: victory. (Skeleton: the victory helper fills this module.)"""

from __future__ import annotations

from tui_wargame.dice import Dice
from tui_wargame.model import Event
from tui_wargame.rules.foxhole.position import Position


def at_end(pos: Position, dice: Dice) -> list[Event]:
    """R24.B: after the last Full Turn, the scenario's victory conditions decide."""
    return [Event.of("game_ended", winner="", level="draw", reason="the last Full Turn is over")]
