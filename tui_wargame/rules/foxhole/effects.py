"""What happens to a unit when the rules hit it: Reduced, Eliminated, Pinned, Suppressed (R5.A.8-9,
R18.E, R20.C.4, R20.D.3). Every rule that harms a unit goes through here, so that the Cadre flip,
the Vehicle pinned twice and the losses of R24.A.2 are decided in one place.
"""

from __future__ import annotations

from collections.abc import Iterable

from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import refugees
from tui_wargame.rules.foxhole.counters import ELIMINATED, VEHICLE, kind_of
from tui_wargame.rules.foxhole.position import CONDITIONS, PINNED, SUPPRESSED, Position

REDUCED, REMOVED = "reduced", "removed"
#: R24.A.2: a unit once Reduced counts one loss even if a Hospital restores it (a game flag).
ONCE_REDUCED = "losses:reduced"
#: R24.A.2: Reduced again after a Hospital restored it: two losses, as if Eliminated.
REDUCED_TWICE = "losses:twice"


def eliminate(pos: Position, uid: str) -> list[Event]:
    """R5.A.9: removed from the map, its markers with it."""
    u = pos.state.units[uid]
    events = [Event.of("unit_flagged", unit=uid, flag=f, on=False) for f in sorted(u.flags & set(CONDITIONS))]
    events += refugees.from_hospital(pos, uid)  # R25.C.2.a (optional)
    return events + [Event.of("step_lost", unit=uid, steps=0),
                     Event.of("unit_placed", unit=uid, to=ELIMINATED)]


def reduce(pos: Position, uid: str) -> list[Event]:
    """R5.A.8: a full-strength unit flips to its Cadre side and loses its Pin; a Cadre (or a unit
    with no Cadre side) is eliminated (R5.A.9, R6.A)."""
    u = pos.state.units[uid]
    if u.steps <= 1:
        return eliminate(pos, uid)
    events = [Event.of("step_lost", unit=uid, steps=u.steps - 1)]
    if u.has(PINNED):
        events.append(Event.of("unit_flagged", unit=uid, flag=PINNED, on=False))
    if ONCE_REDUCED not in u.flags:
        events.append(Event.of("unit_flagged", unit=uid, flag=ONCE_REDUCED))
    elif REDUCED_TWICE not in u.flags:
        events.append(Event.of("unit_flagged", unit=uid, flag=REDUCED_TWICE))
    return events


def pin(pos: Position, uid: str) -> list[Event]:
    """R18.E.2, R20.D.3.a: Pinned; a Vehicle already Pinned is Reduced instead and loses the Pin."""
    if pos.has(uid, PINNED):
        return reduce(pos, uid) if kind_of(pos.spec(uid)) == VEHICLE else []
    return [Event.of("unit_flagged", unit=uid, flag=PINNED)]


def suppress(pos: Position, uid: str) -> list[Event]:
    """R18.E.1: Suppressed (a Vehicle ignores it; SP Artillery is a Battery here, R7.C.4)."""
    if kind_of(pos.spec(uid)) == VEHICLE or pos.has(uid, SUPPRESSED):
        return []
    return [Event.of("unit_flagged", unit=uid, flag=SUPPRESSED)]


def apply(pos: Position, uid: str, effects: Iterable[str]) -> list[Event]:
    """The effects of one hit line ("reduced", "pinned", "suppressed", "removed"), in order, each
    on the unit as the one before left it (a unit Reduced then Pinned is pinned on its Cadre)."""
    events: list[Event] = []
    for effect in effects:
        here = pos.at(fold(pos.state, events))
        if here.state.units[uid].location == ELIMINATED:
            break
        step = {REDUCED: reduce, REMOVED: eliminate, PINNED: pin, SUPPRESSED: suppress}[effect]
        events += step(here, uid)
    return events
