"""Foxhole R22: the Vehicle Assault Phase. The Acting player's Vehicles not Pinned Assault enemy
hexes one at a time, each hex once (R22.B), with the Combat Phase's machinery (engagement.py) but
no Fights; Ambushed Motorized units must Assault before the phase ends (R22.A-B, R22.D). Pins
and Expended markers come off at the end of the player turn (R22.F, in sequence.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.model import Event, Order, Refusal
from tui_wargame.rules.foxhole import engagement
from tui_wargame.rules.foxhole.combat import declare, owed, phase_orders
from tui_wargame.rules.foxhole.participants import ASSAULT
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R22"
ORDERS: Mapping[str, Handler] = {"assault": declare(ASSAULT, RULE)}


def orders(pos: Position) -> list[Order]:
    return phase_orders(pos, (ASSAULT,), RULE)


def begin(pos: Position, dice: Dice) -> list[Event]:
    return [Event.of("value_set", key=engagement.DONE, value=[])]


def finish(pos: Position, dice: Dice) -> list[Event]:
    return []


def blocks_end(pos: Position) -> Refusal | None:
    return owed(pos, RULE)


def idle(pos: Position) -> bool:
    return not orders(pos)


def prompt(pos: Position) -> str:
    why = owed(pos, RULE)
    if why is not None:
        return f"{why.message} ({why.rule})"
    return "Assault an enemy hex with Vehicles, or end (R22.B)"
