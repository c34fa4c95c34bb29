"""Foxhole R12 (and R25.D, Advanced Supply): tracing supply, and what failing costs a unit.

R12.A: a unit traces with half its MPs, by its own way of moving (Motorized costs, weather, Night,
Refugees, never a Pin) to a Headquarters that has not moved this player turn; that Headquarters
traces with half its own MPs, never into a hex next to or holding an enemy, to one of its side's
supply sources: the scenario's `[rules.supply_sources]`, side -> the hexes where a transportation
line leaves the map (`allied = ["A-0506"]`). (`[[rules.supply]]` is the Dawn Briefing's daily
supply, R23.D.)

R25.D (optional "advanced-supply"): the unit traces instead to a Supply Points marker of its side
(or nobody's), never into a hex holding or next to an enemy; with an unmoved Headquarters in that
hex it may use that Headquarters' full MPs. The traced Supply Point is used up, and the Bridging
Implements lying there go to the unit (R25.D.4). Failing puts Supply Reduced on the unit, Supply
Depleted if it was Reduced; both come off when it traces again.
"""

from __future__ import annotations

import heapq
from fractions import Fraction

from tui_wargame.frozen import frozen
from tui_wargame.model import Event, Scenario
from tui_wargame.rules.foxhole import movement
from tui_wargame.rules.foxhole.movement import SUPPLY_POINTS
from tui_wargame.rules.foxhole.position import (
    ACTED,
    MOVED,
    SUPPLIED,
    SUPPLY_DEPLETED,
    SUPPLY_REDUCED,
    TRACED,
    TRACED_FORCED,
    Position,
)

#: A phase flag on a Headquarters traced to this phase: it may no longer move (R17.A, R12.A.1).
ANCHOR = "supply:anchor"
HQ_TYPES = frozenset({"hq", "signal"})  # R7.A.6, R7.A.18: Signal Companies act as Headquarters
SOURCES = "supply_sources"  # the scenario's [rules] key (R12.A.2)
IMPLEMENTS = ("boats", "rafts", "bridge-bailey", "bridge-foot", "bridge-vehicle")  # R25.D.4


@frozen
class Trace:
    """The outcome of a trace: whether it reached supply, the hexes it went through (unit first),
    why not if it failed, the hex of the Supply Points it used (R25.D.3) and the Headquarters whose
    full MPs it needed to get there (R25.D.3.c); under R12.A, the Headquarters traced to, whose
    hex ends the unit's leg and begins the Headquarters' (the two may cross the same hexes)."""

    ok: bool
    path: tuple[str, ...] = ()
    reason: str = ""
    supply_points: str = ""
    lender: str = ""
    headquarters: str = ""

    def legs(self, pos: Position) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """R12.A.1-2: the unit's leg to its Headquarters and the Headquarters' leg on to the source,
        each a path of its own (both share the Headquarters' hex); the whole path and () when no
        Headquarters was traced to."""
        if not self.headquarters:
            return self.path, ()
        at = self.path.index(pos.location(self.headquarters))
        return self.path[:at + 1], self.path[at:]


def sources(scenario: Scenario, side: str) -> tuple[str, ...]:
    """R12.A.2: the hexes of `side`'s supply sources."""
    table = scenario.rules.get(SOURCES, {})
    found = table.get(side, []) if isinstance(table, dict) else []
    return tuple(found) if isinstance(found, list) else ()


def check(scenario: Scenario) -> list[str]:
    """`[rules.supply_sources]`: side -> the hexes, each on a transportation line, where its supply comes
    from (R12.A.2)."""
    table = scenario.rules.get(SOURCES)
    if table is None:
        return []
    if not isinstance(table, dict):
        return [f"rules.{SOURCES}: must be a table of side -> hexes (R12.A.2)"]
    problems = []
    for side, hexes in table.items():
        where = f"rules.{SOURCES}.{side}"
        if side not in scenario.side:
            problems.append(f"{where}: no side {side!r} (R12.A.2)")
        if not isinstance(hexes, list) or not all(isinstance(h, str) for h in hexes):
            problems.append(f"{where}: must be a list of hexes (R12.A.2)")
            continue
        for label in hexes:
            if not scenario.grid.on_map(label):
                problems.append(f"{where}: {label!r} is not a hex of the map (R12.A.2)")
            elif not any(scenario.routes_between(label, n) for n in scenario.grid.adjacent(label)):
                problems.append(f"{where}: {label} is on no transportation line (R12.A.2)")
    return problems


def _search(pos: Position, uid: str, start: str, budget: Fraction, *, keep_clear: bool
            ) -> dict[str, tuple[Fraction, tuple[str, ...]]]:
    """The hexes a trace by `uid`'s way of moving reaches from `start` within `budget`, each with
    its cheapest cost and path (start first). A trace never enters an enemy's hex; `keep_clear`:
    nor one next to an enemy (R12.A.2, R25.D.1); otherwise it goes no further from a hex next to
    an enemy, as a move would not (R11.A)."""
    side = pos.side_of(uid)
    cost_of = movement.coster(pos, uid)
    near = movement.enemy_near(pos, side)
    found: dict[str, tuple[Fraction, tuple[str, ...]]] = {start: (Fraction(0), (start,))}
    queue: list[tuple[Fraction, tuple[str, ...]]] = [(Fraction(0), (start,))]
    while queue:
        cost, path = heapq.heappop(queue)
        here = path[-1]
        if found[here][0] < cost:
            continue
        if here != start and here in near:
            continue
        for nxt in pos.neighbours(here):
            if keep_clear and nxt in near:
                continue
            steps = [c for c in (cost_of(here, nxt, line) for line in (False, True)) if c is not None]
            if not steps or cost + min(steps) > budget:
                continue
            total = cost + min(steps)
            if nxt not in found or found[nxt][0] > total:
                found[nxt] = (total, (*path, nxt))
                heapq.heappush(queue, (total, (*path, nxt)))
    return found


def headquarters(pos: Position, side: str) -> list[str]:
    """The Headquarters supply may be traced to: on the map, not moved this player turn (R12.A.1)."""
    return [u for u in pos.units_of(side) if set(pos.spec(u).traits) & HQ_TYPES and not pos.has(u, MOVED)]


def trace(pos: Position, uid: str) -> Trace:
    """R12.A (R25.D.1 with Advanced Supply): can the unit trace supply now?"""
    if pos.option("advanced-supply"):
        return _trace_points(pos, uid)
    side = pos.side_of(uid)
    reached = _search(pos, uid, pos.location(uid), movement.mp_of(pos, uid) / 2, keep_clear=False)
    own = sources(pos.scenario, side)
    near = [h for h in headquarters(pos, side) if pos.location(h) in reached]
    for hq in sorted(near, key=lambda h: (reached[pos.location(h)][0], h)):
        there = pos.location(hq)
        onward = _search(pos, hq, there, movement.mp_of(pos, hq) / 2, keep_clear=True)
        for source in own:
            if source in onward:
                return Trace(True, reached[there][1] + onward[source][1][1:], headquarters=hq)
    if not own:
        return Trace(False, reason=f"{side} has no supply source in this scenario (R12.A.2)")
    return Trace(False, reason="no unmoved Headquarters within half its MPs traces on to a supply source "
                               "(R12.A.1-2)")


def _trace_points(pos: Position, uid: str) -> Trace:
    """R25.D.1, R25.D.3.c: the cheapest Supply Points of the unit's side within reach."""
    side = pos.side_of(uid)
    half = movement.mp_of(pos, uid) / 2
    lenders = {pos.location(h): h for h in reversed(headquarters(pos, side)) if not pos.has(h, ACTED)}
    full_hq = {place: movement.mp_of(pos, h) for place, h in lenders.items()}
    reached = _search(pos, uid, pos.location(uid), max([half, *full_hq.values()]), keep_clear=True)
    options = []
    for place, markers in sorted(pos.state.markers.items()):
        for m in markers:
            if m.kind != SUPPLY_POINTS or m.side not in ("", side) or place not in reached:
                continue
            cost, path = reached[place]
            if cost <= max(half, full_hq.get(place, Fraction(0))):
                options.append((cost, place, path))
    if not options:
        return Trace(False, reason="no Supply Points of its side within reach, clear of the enemy (R25.D.1)")
    cost, place, path = min(options)
    return Trace(True, path, supply_points=place, lender=lenders[place] if cost > half else "")


def use_supply_point(pos: Position, place: str, side: str) -> list[Event]:
    """R25.D.3: one Supply Point used from a hex (the marker goes when its last one does)."""
    m = next(m for m in pos.markers(place) if m.kind == SUPPLY_POINTS and m.side in ("", side))
    count = m.value if type(m.value) is int else 1
    if count <= 1:
        return [Event.of("marker_removed", place=place, marker=SUPPLY_POINTS, id=m.id)]
    return [Event.of("marker_changed", place=place, marker=SUPPLY_POINTS, id=m.id, value=count - 1)]


def pick_up_implements(pos: Position, source: str, here: str) -> list[Event]:
    """R25.D.4: the Bridging Implements lying in the hex traced to (a land hex: a bridge over a water
    hex is built, not lying there) go to the tracing unit's hex, unless one of the kind is there."""
    if source == here or pos.hex_type(source).mp is None:
        return []
    events = []
    for m in pos.markers(source):
        if m.kind in IMPLEMENTS and pos.marker(here, m.kind, m.id) is None:
            events += [Event.of("marker_removed", place=source, marker=m.kind, id=m.id),
                       Event.of("marker_placed", place=here, marker=m.kind, id=m.id, side=m.side,
                                **({"value": m.value} if m.value is not None else {}))]
    return events


def trace_events(pos: Position, uid: str, *, forced: bool = False) -> list[Event]:
    """A unit traces supply (R17.B): the report, TRACED (TRACED_FORCED if it had to), SUPPLIED and its
    Supply markers off if it succeeded (R25.D.2), a Supply Point used (R25.D.3); if it failed when
    made to, Supply Reduced (R17.A), or with Advanced Supply Depleted if it was Reduced (R25.D.2)."""
    result = trace(pos, uid)
    side = pos.side_of(uid)
    events = [Event.of("supply_trace", unit=uid, ok=result.ok, path=list(result.path), reason=result.reason,
                       forced=forced),
              Event.of("unit_flagged", unit=uid, flag=TRACED)]
    if forced:
        events.append(Event.of("unit_flagged", unit=uid, flag=TRACED_FORCED))
    if result.ok:
        events.append(Event.of("unit_flagged", unit=uid, flag=SUPPLIED))
        events += [Event.of("unit_flagged", unit=uid, flag=f, on=False)
                   for f in (SUPPLY_REDUCED, SUPPLY_DEPLETED) if pos.has(uid, f)]
        if result.supply_points:
            events += use_supply_point(pos, result.supply_points, side)
            events += pick_up_implements(pos, result.supply_points, pos.location(uid))
        anchors = [h for h in (result.lender, result.headquarters) if h]  # R25.D.3.c; R12.A.1
        events += [Event.of("unit_flagged", unit=h, flag=ANCHOR, scope="phase")
                   for h in anchors if not pos.state.units[h].has(ANCHOR)]
    elif pos.option("advanced-supply") and pos.has(uid, SUPPLY_REDUCED):
        if not pos.has(uid, SUPPLY_DEPLETED):
            events.append(Event.of("unit_flagged", unit=uid, flag=SUPPLY_DEPLETED))
    elif forced or pos.option("advanced-supply"):
        events.append(Event.of("unit_flagged", unit=uid, flag=SUPPLY_REDUCED))
    return events


def _trace_words(pos: Position, event: Event) -> str:
    how = "had to trace" if event["forced"] else "traces"
    if event["ok"]:
        return f"{event['unit']} {how} supply: {' '.join(event['path'])} (R12.A)"
    return f"{event['unit']} {how} supply and fails: {event['reason']}"


WORDS = {"supply_trace": _trace_words}
