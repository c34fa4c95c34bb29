"""Foxhole R19.A-B.1: who may conduct an Activity, what it costs a unit, and the progress it
keeps from player turn to player turn.

An Activity is a `Plan`: what is being done where, its printed cost for the unit that does it,
and what it leaves on the map when complete. A unit spends movement points on it (a
`unit_moved` on the spot, so that the one MP budget of R19.B.1.a serves both); what each MP
buys is the unit's share of the whole (`1 / its cost`), so that units of different cost can
Cooperate (R19.B.1.b) and an Assisting unit's doubled MPs count (R19.B.1.c). Progress is the
State value `activities.progress` (place/what -> done, assisted, hex, units) and lasts while one
of its units stays in the hex (R19.B.1.d).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from tui_wargame.frozen import frozen
from tui_wargame.model import Event, IllegalOrder, Refusal, fold
from tui_wargame.rules.foxhole import movement, stacking, weather
from tui_wargame.rules.foxhole.arith import DOUBLE, HALF, Calculation, Term
from tui_wargame.rules.foxhole.counters import COMPANY
from tui_wargame.rules.foxhole.marching import FORCED_MARCH
from tui_wargame.rules.foxhole.movement import left
from tui_wargame.rules.foxhole.position import ACTED, AMBUSHED, FIRED, MOVED, TRACED, Position

PROGRESS = "activities.progress"

#: R7.A.5: the Engineer types, as unit traits.
ASSAULT, COMBAT, CONSTRUCTION = "engineer-assault", "engineer-combat", "engineer-construction"
MAINTENANCE, PORT, RAILROAD = "engineer-maintenance", "engineer-port", "engineer-railroad"
ENGINEERS = frozenset({ASSAULT, COMBAT, CONSTRUCTION, MAINTENANCE, PORT, RAILROAD})
ENGINEER_TANK = "engineer-tank"  # R7.C.1.b
ANY_COMPANY = "company"  # in a `who` set: any Company qualifies
ANY_ENGINEER = "engineer"  # in a `who` set: any Engineer Company qualifies
_AMOUNT = re.compile(r"[0-9]{1,4}(?:/[0-9]{1,4})?")


@frozen
class Plan:
    """One Activity as a given unit would do it: `key` names the work in progress (place and
    what), `base` is the printed MP cost for this unit, `works` marks Defensive Works and
    Fortifications (R8.D.4: Frost doubles them), `halve` the digging that Combat and
    Construction Engineers do at half cost (R19.B.3), `assist` who may Assist (R19.B.1.c),
    `at_once` an Activity that is paid in one go (it cannot accumulate), `reserve` the MPs a unit
    must keep back after working on it (R19.B.2.b: enough to leave the hex), `solo` an Activity
    one unit does and at most one other Assists (R19.B.6.g: no Cooperation)."""

    key: str
    order: str  # the order's words after the unit: how an Assisting unit finds it again
    what: str
    rule: str
    hex: str
    base: Fraction
    complete: Callable[[Position], list[Event]]
    works: bool = False
    halve: bool = False
    assist: frozenset[str] = frozenset()
    at_once: bool = False
    reserve: Fraction = Fraction(0)
    solo: bool = False


def refuse(message: str, rule: str) -> IllegalOrder:
    return IllegalOrder(Refusal(message, rule))


# --- who ---


def qualifies(pos: Position, uid: str, who: Iterable[str]) -> bool:
    """Whether a unit is one of `who`: traits, `company` for any Company, `engineer` for any
    Engineer Company (R7.A.5)."""
    spec = pos.spec(uid)
    traits = set(spec.traits)
    for w in who:
        if w == ANY_COMPANY and spec.kind == COMPANY:
            return True
        if w == ANY_ENGINEER and traits & ENGINEERS and spec.kind == COMPANY:
            return True
        if w in traits:
            return True
    return False


def participant_refusal(pos: Position, uid: str) -> Refusal | None:
    """R19.A, R19.C: why a unit may neither move nor conduct Activities in this phase, or None:
    the movement engine's reasons (a unit already moved may still spend what it has left on an
    Activity, R19.B.1.a), a Barrage fired this turn, an Ambush to come (R11.C.2.a)."""
    if uid not in pos.scenario.unit:
        return Refusal(f"no unit {uid!r}", "R19.A")
    refusal = movement.may_move(pos, uid)
    if refusal is not None and refusal.rule != "R11.B":
        return refusal
    if pos.has(uid, FIRED):
        return Refusal(f"{uid} fired a Barrage this turn and may not take part in this phase", "R19.A")
    if pos.has(uid, AMBUSHED):
        return Refusal(f"{uid} is to be Ambushed and may do nothing this phase", "R11.C.2.a")
    return None


def cannot_act(pos: Position, uid: str, supply: bool = True) -> Refusal | None:
    """Why a unit may not conduct an Activity now, or None (R19.A-B, R10.D.2); with `supply` False,
    why it may not spend MPs on an R11.D removal, which is movement: no supply traced needed, and
    a unit in overstack may do it."""
    refusal = participant_refusal(pos, uid)
    if refusal is not None:
        return refusal
    if supply and not pos.has(uid, TRACED):
        return Refusal(f"{uid} did not trace supply this player turn", "R19.B")
    if supply and (crowded := stacking.activity_refusal(pos, uid)) is not None:
        return crowded
    if FORCED_MARCH in pos.state.units[uid].phase_flags:
        return Refusal(f"{uid} is Force Marching: it may only move", "R19.D")
    if left(pos, uid) <= 0:
        return Refusal(f"{uid} has no movement points left this phase", "R19.B.1.a")
    return None


# --- cost ---


def cost(pos: Position, uid: str, plan: Plan, assisting: bool = False) -> Calculation:
    """What the whole Activity would cost this unit alone: the printed cost with the night and
    snow additions (R9.B, R8.D.5) and the doublings and halvings (R19.B, R19.B.1.a, R8.D.2,
    R8.D.4, R19.B.1.c, R19.B.3) netted by R2.F. An R11.D removal is movement, not an Activity:
    it costs its printed MPs, as in the other movement phases (`removal.cost`)."""
    if plan.rule.startswith("R11.D"):
        return Calculation(plan.base, ())
    side = pos.side_of(uid)
    terms: list[Term] = []
    if pos.night:
        terms.append(Term("night", "R9.B", add=Fraction(1)))
    if weather.ground(pos) == weather.SNOW:
        terms.append(Term("snow", "R8.D.5", add=Fraction(1)))
    if pos.enemy_adjacent(plan.hex, side) and not pos.night:
        terms.append(Term("adjacent to an enemy", "R19.B.1.a", steps=DOUBLE))
    if weather.wet(pos):
        terms.append(Term("wet ground", "R8.D.2", steps=DOUBLE))
    if plan.works and weather.ground(pos) in (weather.FROST, weather.SNOW):
        terms.append(Term("frost", "R8.D.4", steps=DOUBLE))
    if plan.halve and qualifies(pos, uid, (COMBAT, CONSTRUCTION)):
        terms.append(Term("engineers", "R19.B.3", steps=HALF))
    if pos.reduced(uid):
        terms.append(Term("reduced", "R19.B", steps=DOUBLE))
    if assisting:
        terms.append(Term("assisting", "R19.B.1.c", steps=DOUBLE))
    return Calculation(plan.base, tuple(terms))


# --- progress (R19.B.1.d) ---


def progress(pos: Position) -> Mapping[str, Mapping[str, object]]:
    """The Activities under way whose units are still in their hex."""
    found: object = pos.state.values.get(PROGRESS, {})
    if not isinstance(found, Mapping):
        return {}
    return {k: v for k, v in found.items() if isinstance(v, Mapping) and _alive(pos, v)}


def _alive(pos: Position, rec: Mapping[str, object]) -> bool:
    return any(u in pos.state.units and pos.location(u) == rec.get("hex") for u in _units(rec))


def _units(rec: Mapping[str, object]) -> tuple[str, ...]:
    units = rec.get("units", ())
    return tuple(str(u) for u in units) if isinstance(units, tuple | list) else ()


def done_of(pos: Position, key: str) -> tuple[Fraction, Fraction]:
    """How much of an Activity is done, and how much of that by Assisting units."""
    rec = progress(pos).get(key)
    if rec is None:
        return Fraction(0), Fraction(0)
    return Fraction(str(rec["done"])), Fraction(str(rec["assisted"]))


def working_on(pos: Position, uid: str) -> str | None:
    """The Activity a unit has spent MPs on in its hex and not finished (for `assist`)."""
    for key, rec in progress(pos).items():
        if uid in _units(rec) and rec.get("hex") == pos.location(uid):
            return key
    return None


def pruned(pos: Position) -> list[Event]:
    """R19.B.1.d: forget the Activities whose units all left their hex."""
    raw: object = pos.state.values.get(PROGRESS, {})
    if not isinstance(raw, Mapping) or len(progress(pos)) == len(raw):
        return []
    return [Event.of("value_set", key=PROGRESS, value={k: dict(v) for k, v in progress(pos).items()})]


def _with(pos: Position, key: str, rec: dict[str, object] | None) -> Event:
    table = {k: dict(v) for k, v in progress(pos).items() if k != key}
    if rec is not None:
        table[key] = rec
    return Event.of("value_set", key=PROGRESS, value=table)


def at_night(pos: Position, uid: str) -> tuple[list[Event], Position]:
    """R9.A: at Night a unit is Fatigued (Exhausted if Fatigued) before it does anything, once a
    player turn, as the movement engine does it; the events and the position after them."""
    tired = weather.night_fatigue(pos, uid)
    return tired, pos.at(fold(pos.state, tired)) if tired else pos


def spend(pos: Position, uid: str, plan: Plan, amount: Fraction | None = None,
          assisting: bool = False) -> list[Event]:
    """The unit spends MPs on the Activity: all it takes to finish, all it has left, or `amount`.
    Complete, the Activity's result follows; otherwise its progress is kept."""
    tired, pos = at_night(pos, uid)
    whole = cost(pos, uid, plan, assisting).value
    done, assisted = done_of(pos, plan.key)
    room = 1 - done
    if assisting:
        room = min(room, Fraction(1, 2) - assisted)
        if room <= 0:
            raise refuse(f"assistance has already done half of the {plan.what}", "R19.B.1.c")
    need = room * whole
    rec = progress(pos).get(plan.key, {})
    raw = rec.get("helpers", ())
    helpers = tuple(str(u) for u in raw) if isinstance(raw, tuple | list) else ()
    if plan.solo and any(u != uid for u in (helpers if assisting else set(_units(rec)) - set(helpers))):
        raise refuse(f"another unit {'assists' if assisting else 'works'} on the {plan.what} already: "
                     f"one unit does it and one Assists", plan.rule)
    have = left(pos, uid) - plan.reserve
    if have <= 0 and plan.reserve:
        raise refuse(f"{uid} must keep {plan.reserve} MPs to leave {plan.hex} afterwards", plan.rule)
    if have <= 0:
        raise refuse(f"{uid} would be Fatigued at Night and then has no MPs left", "R9.A")
    if amount is not None:
        if amount <= 0 or amount > have:
            raise refuse(f"{uid} has {have} MPs left, not {amount}", "R19.B.1.a")
        pay = min(amount, need)
    else:
        pay = min(need, have)
    if plan.at_once and pay < need:
        raise refuse(f"the {plan.what} costs {uid} {need} MPs at once; it has {have}", plan.rule)
    gained = pay / whole
    done += gained
    assisted += gained if assisting else 0
    events = [*tired, Event.of("unit_moved", unit=uid, path=[plan.hex], cost=pay, activity=plan.what)]
    events += [Event.of("unit_flagged", unit=uid, flag=f) for f in (MOVED, ACTED) if not pos.has(uid, f)]
    events.append(Event.of("activity", unit=uid, what=plan.what, rule=plan.rule, paid=pay,
                           done=min(done, Fraction(1)), cost=whole, assisting=assisting))
    if done >= 1:
        events.append(_with(pos, plan.key, None))
        return events + plan.complete(pos.at(fold(pos.state, events)))
    if plan.at_once:
        return events
    units = sorted({*_units(rec), uid})
    entry: dict[str, object] = {"done": str(done), "assisted": str(assisted), "hex": plan.hex, "units": units,
                                "order": plan.order}
    if plan.solo:
        entry["helpers"] = sorted({*helpers, uid}) if assisting else list(helpers)
    events.append(_with(pos, plan.key, entry))
    return events


def forget(pos: Position, key: str) -> Event:
    """The Activity's progress lost (R19.B.6.h: a tunnel into a sap's line)."""
    return _with(pos, key, None)


def amount_arg(args: tuple[str, ...], rule: str) -> tuple[tuple[str, ...], Fraction | None]:
    """An order's optional last word, the MPs to spend ("2", "3/2"); the other words."""
    if args and args[-1][:1].isdigit():
        if not _AMOUNT.fullmatch(args[-1]) or args[-1].endswith("/0"):
            raise refuse(f"{args[-1]!r} is not a number of movement points (\"3\" or \"3/2\")", rule)
        return args[:-1], Fraction(args[-1])
    return args, None
