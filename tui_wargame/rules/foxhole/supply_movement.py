"""Foxhole R17: the Supply-Movement Phase. Each of the acting player's units traces supply or moves,
not both (R17.A).

- When the phase begins, every unit next to an enemy traces, as it must (R17.A-B; not at Night,
  when it may disengage instead, R9.C): failing puts Supply Reduced on it (R17.A). The forced trace
  is no choice, so the phase makes it; a Pinned unit is made to trace too, as tracing is not an act.
- `trace UNIT`: a voluntary trace (R17.B); `move UNIT HEX...` (R17.C, R11); `overwatch UNIT` for the
  Offensive player's units that traced of their own will and succeeded (R17.D).
- `hospital UNIT`: a Reduced Company and the Hospital in its hex both trace for that alone, and if
  both succeed it is back to full strength (R7.A.7); `replace UNIT ELIMINATED`: a full-strength
  Replacement Company and a Headquarters in its hex both trace, and if both succeed the Replacement
  leaves play and the eliminated Infantry Company returns in its place (R7.A.17).
- A Headquarters traced to may not move this phase (R17.A); Headquarters move only here (R7.A.6).
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.foxhole import effects, movement, removal, supply, weather
from tui_wargame.rules.foxhole.counters import COMPANY, ELIMINATED
from tui_wargame.rules.foxhole.position import (
    EXHAUSTED,
    FATIGUED,
    MOVED,
    OVERWATCH,
    PINNED,
    SUPPLIED,
    SUPPLY_DEPLETED,
    SUPPLY_REDUCED,
    SUPPRESSED,
    TRACED,
    TRACED_FORCED,
    Position,
)
from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R17"
#: A unit that left play as a Replacement (R7.A.17): eliminated, but no loss.
REPLACED = "supply:replaced"
#: A phase flag: the unit traced for a Hospital or a Replacement alone (R7.A.7, R7.A.17), so no
#: Overwatch for it (R17.D).
SPECIAL_TRACE = "supply:special"
UNFIT = (SUPPRESSED, PINNED, FATIGUED, EXHAUSTED, SUPPLY_REDUCED, SUPPLY_DEPLETED)  # R7.A.7


def _free(pos: Position, uid: str) -> bool:
    """May still trace or move this phase: on the map, not Pinned (R17.A), not Exhausted or on
    Overwatch (R5.B, R17.D), neither traced nor moved yet."""
    return (pos.on_map(uid) and not pos.has(uid, TRACED) and not pos.has(uid, MOVED)
            and not any(pos.has(uid, f) for f in (PINNED, EXHAUSTED, OVERWATCH)))


def _traits(pos: Position, uid: str) -> frozenset[str]:
    return frozenset(pos.spec(uid).traits)


def _unit(pos: Position, order: Order, count: int, usage: str) -> tuple[str, ...]:
    if len(order.args) != count or any(a not in pos.state.units for a in order.args):
        raise IllegalOrder(f"{usage}: name {'the units' if count > 1 else 'one unit'} of yours", RULE)
    if any(pos.side_of(a) != pos.acting for a in order.args):
        raise IllegalOrder(f"{usage}: only the acting player's units", "R17.A")
    return order.args


def begin(pos: Position, dice: Dice) -> list[Event]:
    """R17.A-B: the units next to an enemy trace, as they must (R9.C: not at Night)."""
    if weather.disengage(pos):
        return []
    events: list[Event] = []
    for uid in pos.units_of(pos.acting):
        if pos.enemy_adjacent(pos.location(uid), pos.acting) and not pos.has(uid, TRACED):
            events += supply.trace_events(pos.at(fold(pos.state, events)), uid, forced=True)
    return events


def finish(pos: Position, dice: Dice) -> list[Event]:
    return movement.frost_fatigue(pos)


# --- the orders ---

def _trace(pos: Position, order: Order, dice: Dice) -> list[Event]:
    (uid,) = _unit(pos, order, 1, "trace UNIT")
    if not _free(pos, uid):
        raise IllegalOrder(f"{uid} may not trace now: it is Pinned, Exhausted, on Overwatch, or has "
                           f"traced or moved this turn", "R17.A")
    return supply.trace_events(pos, uid)


def _overwatch(pos: Position, order: Order, dice: Dice) -> list[Event]:
    (uid,) = _unit(pos, order, 1, "overwatch UNIT")
    refusal = _overwatch_refusal(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    return [Event.of("unit_flagged", unit=uid, flag=OVERWATCH)]


def _overwatch_refusal(pos: Position, uid: str) -> Refusal | None:
    if pos.acting != pos.offensive:
        return Refusal("only the Offensive player puts units on Overwatch", "R17.D")
    if (not pos.has(uid, SUPPLIED) or pos.has(uid, TRACED_FORCED) or pos.has(uid, OVERWATCH)
            or pos.has(uid, SPECIAL_TRACE)):
        return Refusal(f"{uid} must have traced supply of its own will, and succeeded, this phase", "R17.D")
    return None


def _may_move(pos: Position, order: Order) -> None:
    """R17.A: a unit that traced does not move; nor does a Headquarters traced to."""
    if order.args and order.args[0] in pos.state.units:
        uid = order.args[0]
        if pos.has(uid, TRACED):
            raise IllegalOrder(f"{uid} traced supply this phase: a unit traces or moves, not both", "R17.A")
        if pos.state.units[uid].has(supply.ANCHOR):
            raise IllegalOrder(f"{uid} was traced to: a Headquarters traced to does not move", "R17.A")


def _move(pos: Position, order: Order, dice: Dice) -> list[Event]:
    _may_move(pos, order)
    return movement.resolve_move(pos, order, dice, "R17.C")


def _remove(pos: Position, order: Order, dice: Dice) -> list[Event]:
    _may_move(pos, order)
    return removal.resolve_removal(pos, order)


def _pair_refusal(pos: Position, a: str, b: str, what: str, rule: str) -> Refusal | None:
    if pos.location(a) != pos.location(b) or not pos.on_map(a):
        return Refusal(f"{a} and {b} must share a hex", rule)
    for u in (a, b):
        if not _free(pos, u):
            return Refusal(f"{u} must not have traced or moved this turn", rule)
        if what == "hospital" and any(pos.has(u, f) for f in UNFIT):
            return Refusal(f"{u} is Suppressed, Pinned, Fatigued, Exhausted or short of supply", rule)
    return None


def _hospital_of(pos: Position, uid: str) -> str | None:
    return next((h for h in pos.units_in(pos.location(uid), pos.side_of(uid))
                 if h != uid and "hospital" in _traits(pos, h) and _free(pos, h)), None)


def _hospital_refusal(pos: Position, uid: str) -> Refusal | None:
    if pos.spec(uid).kind != COMPANY or not pos.reduced(uid):
        return Refusal(f"{uid} is not a Reduced Company", "R7.A.7")
    hospital = _hospital_of(pos, uid)
    if hospital is None:
        return Refusal(f"no Hospital Company free to act shares {uid}'s hex", "R7.A.7")
    return _pair_refusal(pos, uid, hospital, "hospital", "R7.A.7")


def _both_trace(pos: Position, a: str, b: str) -> tuple[list[Event], bool]:
    events = supply.trace_events(pos, a)
    events += supply.trace_events(pos.at(fold(pos.state, events)), b)
    events += [Event.of("unit_flagged", unit=u, flag=SPECIAL_TRACE, scope="phase") for u in (a, b)]
    here = pos.at(fold(pos.state, events))
    return events, here.has(a, SUPPLIED) and here.has(b, SUPPLIED)


def _hospital(pos: Position, order: Order, dice: Dice) -> list[Event]:
    (uid,) = _unit(pos, order, 1, "hospital UNIT")
    refusal = _hospital_refusal(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    hospital = _hospital_of(pos, uid)
    assert hospital is not None
    events, ok = _both_trace(pos, uid, hospital)
    if ok:
        events.append(Event.of("unit_placed", unit=uid, to=pos.location(uid), steps=pos.spec(uid).steps))
    return events


def _hq_of(pos: Position, uid: str) -> str | None:
    """R7.A.17, R7.A.18: a Headquarters (a Signal Company will not do) in the unit's hex."""
    return next((h for h in pos.units_in(pos.location(uid), pos.side_of(uid))
                 if "hq" in _traits(pos, h) and _free(pos, h)), None)


def _replace_refusal(pos: Position, uid: str, gone: str) -> Refusal | None:
    if "replacement" not in _traits(pos, uid) or pos.reduced(uid):
        return Refusal(f"{uid} is not a full-strength Replacement Company", "R7.A.17")
    if (pos.side_of(gone) != pos.side_of(uid) or pos.location(gone) != ELIMINATED
            or "infantry" not in _traits(pos, gone) or pos.has(gone, REPLACED)):
        return Refusal(f"{gone} is not an eliminated Infantry Company of yours", "R7.A.17")
    hq = _hq_of(pos, uid)
    if hq is None:
        return Refusal(f"no Headquarters free to act shares {uid}'s hex", "R7.A.17")
    return _pair_refusal(pos, uid, hq, "replace", "R7.A.17")


def _replace(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid, gone = _unit(pos, order, 2, "replace UNIT ELIMINATED_UNIT")
    refusal = _replace_refusal(pos, uid, gone)
    if refusal is not None:
        raise IllegalOrder(refusal)
    hq = _hq_of(pos, uid)
    assert hq is not None
    events, ok = _both_trace(pos, uid, hq)
    if ok:
        here = pos.location(uid)
        events += [Event.of("unit_flagged", unit=uid, flag=REPLACED),
                   *effects.eliminate(pos.at(fold(pos.state, events)), uid),
                   Event.of("unit_placed", unit=gone, to=here, steps=pos.spec(gone).steps),
                   Event.of("replacement", unit=uid, returns=gone, hex=here)]
    return events


ORDERS: Mapping[str, Handler] = {
    "trace": _trace, "move": _move, "overwatch": _overwatch, "hospital": _hospital, "replace": _replace,
    "remove": _remove,
}


def orders(pos: Position) -> list[Order]:
    side = pos.acting
    mine = pos.units_of(side)
    found = [Order("trace", (u,)) for u in mine if _free(pos, u)]
    found += [Order("overwatch", (u,)) for u in mine if _overwatch_refusal(pos, u) is None]
    found += [Order("hospital", (u,)) for u in mine if _hospital_refusal(pos, u) is None]
    gone = [u for u, s in sorted(pos.state.units.items())
            if s.location == ELIMINATED and pos.side_of(u) == side]
    found += [Order("replace", (u, g)) for u in mine if "replacement" in _traits(pos, u)
              for g in gone if _replace_refusal(pos, u, g) is None]
    movers = [u for u in mine if _free(pos, u) and not pos.state.units[u].has(supply.ANCHOR)]
    return found + removal.removal_orders(pos, movers) + movement.move_orders(pos, movers)


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    """No unit may trace (every order here needs a unit free to trace or move) or go on Overwatch."""
    mine = pos.units_of(pos.acting)
    return not any(_free(pos, u) or _overwatch_refusal(pos, u) is None for u in mine)


def prompt(pos: Position) -> str:
    return "each unit traces supply or moves, then end (R17)"


def _replacement_words(pos: Position, event: Event) -> str:
    return (f"Replacement {event['unit']} leaves play; {event['returns']} returns in {event['hex']} "
            f"(R7.A.17)")


WORDS = {"replacement": _replacement_words}


def _explain_trace(pos: Position, order: Order) -> Explanation | Refusal:
    """Whether a trace would succeed, and by which hexes (a trace rolls no die)."""
    if len(order.args) != 1 or order.args[0] not in pos.state.units:
        return Refusal("trace UNIT: name one unit of yours", RULE)
    uid = order.args[0]
    if not _free(pos, uid):
        return Refusal(f"{uid} may not trace now: it is Pinned, Exhausted, on Overwatch, or has traced or "
                       f"moved this turn", "R17.A")
    found = supply.trace(pos, uid)
    if found.ok:
        to_hq, onward = found.legs(pos)
        if not onward:  # R25.D: to Supply Points, one path
            return Explanation(f"{uid} would trace supply",
                               (Line(" ".join(found.path), "R12.A", strong=True),))
        hq = found.headquarters
        first = f"{uid} to {hq}: {' '.join(to_hq)}" if len(to_hq) > 1 else f"{uid} is with {hq} in {to_hq[0]}"
        return Explanation(f"{uid} would trace supply through {hq}", (
            Line(first, "R12.A.1", strong=True),
            Line(f"{hq} on to its supply source: {' '.join(onward)}", "R12.A.2", strong=True)))
    return Explanation(f"{uid} would fail to trace supply", (Line(found.reason, "R12.B", strong=True),))


EXPLAIN = {"trace": _explain_trace}
