"""Foxhole R21: the Motorized-Movement Phase. Each of the acting player's Motorized units may move
(R21.A-B; a Vehicle "prepares to assault" by moving next to its target, nothing more is needed), and
may be Ambushed if it ends along a line only by coming next to an enemy (R11.C.2.c). A Pinned
Vehicle that traced supply successfully this player turn may instead try once to un-pin: 5 in 10
(R21.C). A unit that traced and failed does nothing here (R12.B).
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal
from tui_wargame.rules.foxhole import movement, removal
from tui_wargame.rules.foxhole.arith import chance
from tui_wargame.rules.foxhole.counters import VEHICLE
from tui_wargame.rules.foxhole.position import PINNED, SUPPLIED, TRACED, Position
from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R21"
UNPIN_CHANCE = 5  # R21.C, in 10
#: A phase flag: the unit tried to un-pin this phase, so it does not move (R21.A: move or un-pin).
TRIED = "motorized:unpin"


def _participant(pos: Position, uid: str) -> bool:
    """R21.A, R12.B: an acting Motorized unit on the map that did not fail a trace this turn."""
    return (pos.on_map(uid) and movement.motorized(pos, uid)
            and not (pos.has(uid, TRACED) and not pos.has(uid, SUPPLIED)))


def _unpin_refusal(pos: Position, uid: str) -> Refusal | None:
    if pos.spec(uid).kind != VEHICLE or not pos.has(uid, PINNED):
        return Refusal(f"{uid} is not a Pinned Vehicle", "R21.C")
    if not pos.has(uid, SUPPLIED):
        return Refusal(f"{uid} did not trace supply successfully this player turn", "R21.C")
    if pos.state.units[uid].has(TRIED):
        return Refusal(f"{uid} has tried to un-pin this phase already", "R21.C")
    return None


def _unpin(pos: Position, order: Order, dice: Dice) -> list[Event]:
    if len(order.args) != 1 or order.args[0] not in pos.state.units:
        raise IllegalOrder("unpin UNIT: name one Pinned Vehicle of yours", RULE)
    uid = order.args[0]
    if pos.side_of(uid) != pos.acting or not _participant(pos, uid):
        raise IllegalOrder(f"{uid} may not act in this phase", "R21.A")
    refusal = _unpin_refusal(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    ok, die = chance(dice, UNPIN_CHANCE)
    events = [Event.of("unit_flagged", unit=uid, flag=TRIED, scope="phase"),
              Event.of("unpin_roll", unit=uid, die=die, chance=UNPIN_CHANCE, ok=ok)]
    if ok:
        events.append(Event.of("unit_flagged", unit=uid, flag=PINNED, on=False))
    return events


def _may_move(pos: Position, order: Order) -> None:
    uid = order.args[0] if order.args else ""
    if uid in pos.state.units:
        if not _participant(pos, uid):
            raise IllegalOrder(f"{uid} may not move in this phase: only Motorized units that have not "
                               f"failed a trace this turn", "R21.A")
        if pos.state.units[uid].has(TRIED):
            raise IllegalOrder(f"{uid} tried to un-pin: it may not also move", "R21.A")


def _move(pos: Position, order: Order, dice: Dice) -> list[Event]:
    _may_move(pos, order)
    return movement.resolve_move(pos, order, dice, RULE)


def _remove(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R11.D.4: an Engineer Tank clears a level of Mines with its MPs."""
    _may_move(pos, order)
    return removal.resolve_removal(pos, order)


ORDERS: Mapping[str, Handler] = {"move": _move, "unpin": _unpin, "remove": _remove}


def orders(pos: Position) -> list[Order]:
    mine = [u for u in pos.units_of(pos.acting) if _participant(pos, u)]
    found = [Order("unpin", (u,)) for u in mine if _unpin_refusal(pos, u) is None]
    movers = [u for u in mine if not pos.state.units[u].has(TRIED)]
    return found + removal.removal_orders(pos, movers) + movement.move_orders(pos, movers)


def begin(pos: Position, dice: Dice) -> list[Event]:
    return []


def finish(pos: Position, dice: Dice) -> list[Event]:
    return movement.frost_fatigue(pos)


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    """No Motorized unit may un-pin, remove a marker (R11.D.4) or move anywhere."""
    mine = [u for u in pos.units_of(pos.acting) if _participant(pos, u)]
    return not any(_unpin_refusal(pos, u) is None or removal.removal_orders(pos, [u])
                   or movement.move_orders(pos, [u]) for u in mine)


def prompt(pos: Position) -> str:
    return "move Motorized units or un-pin, then end (R21)"


def _unpin_words(pos: Position, event: Event) -> str:
    result = "the Pin comes off" if event["ok"] else "it stays Pinned"
    return (f"{event['unit']} tries to un-pin: {event['die']} against {event['chance']} in 10, {result} "
            f"(R21.C)")


WORDS = {"unpin_roll": _unpin_words}
