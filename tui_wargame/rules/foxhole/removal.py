"""Foxhole R11.D: a unit spends its MPs to take a Defensive Work, a Trap or a Bridge marker off the
map, in a movement phase: `remove UNIT KIND` in its own hex, or `remove UNIT KIND PLACE` for a
bridge in an adjacent hex or on a hexside of its hex (neither holding an enemy).

The costs are R11.D's (R19.B gives others for some: FOXHOLE-CHARTS.md §0; R19.B's are the
Activities', these are the movement rule's). Removing is the unit's movement for the phase (R11.B:
it spends its MPs in one go), so a unit either moves or removes in a phase.
"""

from __future__ import annotations

from fractions import Fraction

from tui_wargame.model import Event, IllegalOrder, Order
from tui_wargame.rules.foxhole import engineering, movement, weather, works
from tui_wargame.rules.foxhole.position import MOVED, Position
from tui_wargame.rules.foxhole.tasks import qualifies

BRIDGES = ("bridge-foot", "bridge-vehicle", "bridge-bailey")  # markers, not printed bridges


def cost(pos: Position, uid: str, kind: str) -> tuple[Fraction, str] | None:
    """The MPs this unit pays to remove a marker of `kind`, with the rule; None if it may not: the
    R11.D rows of the one removal table (`works.REMOVAL`, which the Activities-Movement Phase
    uses too), and R11.D.5's bridge costs (`engineering.bridge_removal_cost`)."""
    if kind in BRIDGES:
        mp = engineering.bridge_removal_cost(pos, uid)
        return None if mp is None else (Fraction(mp), "R11.D.5")
    rows = [r for r in works.REMOVAL.get(kind, ()) if r[2].startswith("R11.D")]
    row = next(((mp, rule) for who, mp, rule in rows if qualifies(pos, uid, who)), None)
    return None if row is None else (Fraction(row[0]), row[1])


def _places(pos: Position, uid: str, kind: str) -> list[str]:
    """Where the unit may remove a marker of `kind` from: its hex; for a bridge, an adjacent hex or
    a hexside of its hex, with no enemy in it (R11.D.5)."""
    here = pos.location(uid)
    if kind not in BRIDGES:
        return [here]
    enemy = pos.enemy(pos.side_of(uid))
    found = []
    for n in pos.neighbours(here):
        if not pos.units_in(n, enemy):
            found += [n, Position.hexside_place(here, n)]
    return found


def removal_orders(pos: Position, uids: list[str]) -> list[Order]:
    """`remove UNIT KIND [PLACE]` for each marker the unit may remove and pay for now."""
    found = []
    for uid in uids:
        now = movement.acting(pos, uid)
        if movement.may_move(now, uid) is not None:
            continue
        budget = movement.left(now, uid)
        for place in _places(pos, uid, "bridge-foot") + [pos.location(uid)]:
            for m in pos.markers(place):
                price = cost(pos, uid, m.kind)
                if price is None or price[0] > budget or place not in _places(pos, uid, m.kind):
                    continue
                extra = () if m.kind not in BRIDGES else (place,)
                found.append(Order("remove", (uid, m.kind, *extra)))
    return sorted(set(found), key=lambda o: o.text)


def resolve_removal(pos: Position, order: Order) -> list[Event]:
    """R11.D: the MPs spent (recorded as a move that stays in its hex), the marker off (one level
    of Mines; every level of Trenches and Tank Traps)."""
    if len(order.args) not in (2, 3) or order.args[0] not in pos.state.units:
        raise IllegalOrder("remove UNIT KIND [PLACE]: a unit of yours and the marker it removes", "R11.D")
    uid, kind, *rest = order.args
    now = movement.acting(pos, uid)
    refusal = movement.may_move(now, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    place = rest[0] if rest else pos.location(uid)
    if place not in _places(pos, uid, kind):
        raise IllegalOrder(f"{uid} may not reach a {kind} marker in {place}", "R11.D")
    marker = next((m for m in pos.markers(place) if m.kind == kind), None)
    if marker is None:
        raise IllegalOrder(f"no {kind} marker in {place}", "R11.D")
    price = cost(pos, uid, kind)
    if price is None:
        raise IllegalOrder(f"{uid} may not remove {kind}", "R11.D")
    mps, rule = price
    if mps > movement.left(now, uid):
        raise IllegalOrder(f"{uid} has {movement.left(now, uid)} MPs left; removing {kind} costs {mps}", rule)
    events = weather.night_fatigue(pos, uid)
    events.append(Event.of("unit_moved", unit=uid, path=[pos.location(uid)], cost=int(mps)))
    level = marker.value if type(marker.value) is int else 1
    if kind == "mines" and level > 1:
        events.append(Event.of("marker_changed", place=place, marker=kind, id=marker.id, value=level - 1))
    else:
        events.append(Event.of("marker_removed", place=place, marker=kind, id=marker.id))
    events += [Event.of("unit_flagged", unit=uid, flag=MOVED),
               Event.of("unit_flagged", unit=uid, flag=movement.MOVED_NOW, scope="phase")]
    return events
