"""Foxhole R8-R9: weather and night. (Skeleton: the weather helper fills this module.)"""

from __future__ import annotations

from tui_wargame.dice import Dice
from tui_wargame.model import Event
from tui_wargame.rules.foxhole.position import Position


def full_turn(pos: Position, dice: Dice) -> list[Event]:
    """R14: a Full Turn begins by changing the ground conditions, forecasting and resolving."""
    return []
