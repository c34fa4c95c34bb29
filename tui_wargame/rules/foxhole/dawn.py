"""Foxhole R23. (Skeleton: a phase in which nothing can be done yet; its helper fills it.)"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.model import Event, Order, Refusal
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R23"
ORDERS: Mapping[str, Handler] = {}


def orders(pos: Position) -> list[Order]:
    return []


def begin(pos: Position, dice: Dice) -> list[Event]:
    return []


def finish(pos: Position, dice: Dice) -> list[Event]:
    return []


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    return True


def prompt(pos: Position) -> str:
    return "nothing to do in this phase yet: end it (R23)"
