"""Foxhole R19.B.6.g-h: sapping under enemy Defensive Works, and tunnels.

`sap UNIT TARGET`: a Combat or Construction Engineer digs a sap line from its hex to a hex with
a Defensive Work not its side's, 100 MPs a hex of distance; one unit saps and one Combat,
Construction or Maintenance Engineer Assists per hex (no Cooperation). The finished line is kept
in the State value `activities.saps` (sapping hex -> side, target) with a Sapping marker in the
hex. `spring UNIT`: with 5 Supply Points of its side in the hex, in an Activities-Movement Phase,
an Engineer there completes the sap (no MPs): the Supply Points are used, every Defensive Work in
the target comes off and every unit there is Reduced.

`tunnel UNIT HEX`: dug as a sap, without Supply Points; kept in `activities.tunnels` ([a, b,
side] rows) with Tunnel markers at both ends. A tunnel ending in a hex of an enemy sap's line
undoes that sap (its progress, or the finished line). A tunnel goes when the enemy holds either
end with none of its diggers there. `exits(pos, uid, hex)`: where a non-Motorized Company of the
digging side may retreat through a tunnel (R19.B.6.h; for the retreat rule to use).

Reconstructions (docs/rules/foxhole.md, R19): the end of R19.B.6.g is cut off: the sprung sap
destroys the target's Defensive Works and Reduces its units (a mine under the works); the target
is named openly, as the game keeps no secret notes; "takes" a hex is read as holding it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import cast

from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import effects, supply, tasks
from tui_wargame.rules.foxhole.counters import COMPANY, is_motorized
from tui_wargame.rules.foxhole.movement import SUPPLY_POINTS
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.tasks import COMBAT, CONSTRUCTION, MAINTENANCE, Plan, qualifies, refuse
from tui_wargame.rules.foxhole.works import WORK_KINDS, works_in

SAPS = "activities.saps"
TUNNELS = "activities.tunnels"
MP_PER_HEX = 100  # R19.B.6.g
SUPPLY_NEEDED = 5  # R19.B.6.g
DIGGERS = (COMBAT, CONSTRUCTION)  # R19.B.6.g
HELPERS = frozenset({COMBAT, CONSTRUCTION, MAINTENANCE})  # R19.B.6.g


def saps(pos: Position) -> dict[str, Mapping[str, object]]:
    found: object = pos.state.values.get(SAPS, {})
    return {k: v for k, v in found.items() if isinstance(v, Mapping)} if isinstance(found, Mapping) else {}


def tunnels(pos: Position) -> list[tuple[str, str, str]]:
    found = pos.state.values.get(TUNNELS, ())
    return [(str(r[0]), str(r[1]), str(r[2])) for r in found if isinstance(r, tuple | list) and len(r) == 3] \
        if isinstance(found, tuple | list) else []


def _line(pos: Position, a: str, b: str) -> list[str]:
    return pos.scenario.grid.line(a, b)


def _dig(pos: Position, uid: str, args: tuple[str, ...], verb: str, rule: str) -> tuple[str, str]:
    if not qualifies(pos, uid, DIGGERS):
        raise refuse(f"{uid} may not dig a {verb}: Combat and Construction Engineers do", rule)
    hex = pos.location(uid)
    if len(args) != 1 or not pos.scenario.grid.on_map(args[0]) or args[0] == hex:
        raise refuse(f"`{verb} UNIT HEX`: name the hex it runs to, not {hex}, its own", rule)
    rec = tasks.progress(pos).get(f"{hex}/{verb}")
    if rec is not None and rec.get("order") != f"{verb} {args[0]}":
        raise refuse(f"{hex} digs its {verb} ({rec.get('order')}) already: one a hex", rule)
    return hex, args[0]


def sap(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.6.g: the sap line towards an enemy Defensive Work, 100 MPs a hex."""
    hex, target = _dig(pos, uid, args, "sap", "R19.B.6.g")
    side = pos.side_of(uid)
    if hex in saps(pos):
        raise refuse(f"{hex} has a finished sap already: spring it", "R19.B.6.g")
    if not works_in(pos, target) or pos.units_in(target, side):
        raise refuse(f"{target} holds no enemy Defensive Work", "R19.B.6.g")

    def complete(p: Position) -> list[Event]:
        table = {k: dict(v) for k, v in saps(p).items()}
        table[hex] = {"side": side, "target": target}
        marker = [] if p.marker(hex, "sapping") else [Event.of("marker_placed", place=hex, marker="sapping",
                                                               side=side)]
        return [*marker, Event.of("value_set", key=SAPS, value=table)]

    return Plan(f"{hex}/sap", f"sap {target}", f"a sap line to {target}", "R19.B.6.g", hex,
                Fraction(MP_PER_HEX * pos.distance(hex, target)), complete, assist=HELPERS, solo=True)


def tunnel(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.6.h: a tunnel from the unit's hex, dug as a sap is."""
    hex, to = _dig(pos, uid, args, "tunnel", "R19.B.6.h")
    side = pos.side_of(uid)
    if any({a, b} == {hex, to} for a, b, _ in tunnels(pos)):
        raise refuse(f"a tunnel joins {hex} and {to} already", "R19.B.6.h")

    def complete(p: Position) -> list[Event]:
        events = [Event.of("value_set", key=TUNNELS, value=[*map(list, tunnels(p)), [hex, to, side]])]
        events += [Event.of("marker_placed", place=h, marker="tunnel", side=side)
                   for h in (hex, to) if p.marker(h, "tunnel") is None]
        return events + _undermined(p, to, side)

    return Plan(f"{hex}/tunnel", f"tunnel {to}", f"a tunnel to {to}", "R19.B.6.h", hex,
                Fraction(MP_PER_HEX * pos.distance(hex, to)), complete, assist=HELPERS, solo=True)


def _undermined(pos: Position, end: str, side: str) -> list[Event]:
    """R19.B.6.h: the enemy saps whose line the tunnel's end lies on lose everything spent."""
    events: list[Event] = []
    for key, rec in tasks.progress(pos).items():
        words = str(rec.get("order", "")).split()
        origin = str(rec.get("hex"))
        diggers = [u for u in cast("tuple[str, ...]", rec.get("units", ())) if u in pos.state.units]
        if words[:1] == ["sap"] and diggers and pos.side_of(diggers[0]) != side \
                and end in _line(pos, origin, words[1]):
            events.append(tasks.forget(pos, key))
    table = {k: dict(v) for k, v in saps(pos).items()}
    lost = [h for h, r in table.items() if r["side"] != side and end in _line(pos, h, str(r["target"]))]
    if lost:
        events += _unsapped(pos, {h: r for h, r in table.items() if h not in lost}, lost)
        events.append(Event.of("sap_lost", hexes=sorted(lost), by=end))
    return events


def spring_refusal(pos: Position, uid: str) -> str | None:
    """R19.B.6.g: why this unit may not complete a sap now, or None."""
    hex, side = pos.location(uid), pos.side_of(uid)
    rec = saps(pos).get(hex)
    if rec is None or rec["side"] != side:
        return f"no finished sap of yours in {hex}"
    if not qualifies(pos, uid, DIGGERS):
        return f"{uid} is no Combat or Construction Engineer"
    if supply_points(pos, hex, side) < SUPPLY_NEEDED:
        return (f"the sap needs {SUPPLY_NEEDED} Supply Points in {hex}; "
                f"there are {supply_points(pos, hex, side)}")
    return None


def supply_points(pos: Position, hex: str, side: str) -> int:
    return sum(m.value if type(m.value) is int else 1 for m in pos.markers(hex)
               if m.kind == SUPPLY_POINTS and m.side in ("", side))


def spring(pos: Position, uid: str) -> list[Event]:
    """R19.B.6.g: the 5 Supply Points used, the sap fired: the target's Defensive Works are gone
    and each unit there is Reduced (Reconstruction: the rule's result is cut off)."""
    hex, side = pos.location(uid), pos.side_of(uid)
    target = str(saps(pos)[hex]["target"])
    events: list[Event] = []
    for _ in range(SUPPLY_NEEDED):
        events += supply.use_supply_point(pos.at(fold(pos.state, events)), hex, side)
    table = {k: dict(v) for k, v in saps(pos).items() if k != hex}
    events += _unsapped(pos, table, [hex])
    events += [Event.of("marker_removed", place=target, marker=m.kind, id=m.id)
               for m in pos.markers(target) if m.kind in WORK_KINDS]
    victims = pos.units_in(target)
    events.append(Event.of("sap_sprung", unit=uid, hex=hex, target=target, units=victims))
    for v in victims:
        events += effects.reduce(pos.at(fold(pos.state, events)), v)
    return events


def exits(pos: Position, uid: str, hex: str) -> list[str]:
    """R19.B.6.h: the tunnel exits a non-Motorized Company of the digging side may retreat to from
    `hex` (its retreat ends there; into an enemy-held exit it is removed from the map)."""
    spec, side = pos.spec(uid), pos.side_of(uid)
    if spec.kind != COMPANY or is_motorized(spec):
        return []
    return sorted({b if a == hex else a for a, b, s in tunnels(pos) if s == side and hex in (a, b)})


def kept(pos: Position) -> list[Event]:
    """R19.B.6.h: tunnels whose end the other side holds (none of the diggers there) are removed;
    so are finished saps whose hex the enemy took (R19.B.6.g)."""
    def taken(h: str, side: str) -> bool:
        return bool(pos.units_in(h, pos.enemy(side))) and not pos.units_in(h, side)

    events: list[Event] = []
    rows = tunnels(pos)
    left = [r for r in rows if not (taken(r[0], r[2]) or taken(r[1], r[2]))]
    if left != rows:
        events.append(Event.of("value_set", key=TUNNELS, value=[list(r) for r in left]))
        ends = {h for a, b, _ in left for h in (a, b)}
        events += [Event.of("marker_removed", place=h, marker="tunnel")
                   for h in sorted({h for a, b, _ in rows for h in (a, b)} - ends) if pos.marker(h, "tunnel")]
    table = saps(pos)
    lost = [h for h, r in table.items() if taken(h, str(r["side"]))]
    if lost:
        events += _unsapped(pos, {h: dict(r) for h, r in table.items() if h not in lost}, lost)
    return events


def _unsapped(pos: Position, table: Mapping[str, object], gone: list[str]) -> list[Event]:
    """The finished saps left, and the Sapping markers of those gone taken off."""
    return [Event.of("value_set", key=SAPS, value=dict(table)),
            *(Event.of("marker_removed", place=h, marker="sapping")
              for h in gone if pos.marker(h, "sapping"))]


MAKERS = {"sap": sap, "tunnel": tunnel}
