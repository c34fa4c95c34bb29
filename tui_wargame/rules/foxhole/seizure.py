"""Foxhole R20.C.8-9, R22.C.6-7 (R7.A.16): Seizure of an assaulted hex and the Retreats that
follow, for engagement.py. `eng` is the engagement's record (engagement.current).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import effects, movement, sapping, stacking
from tui_wargame.rules.foxhole.position import EXHAUSTED, FATIGUED, PINNED, Position

RETREAT = "combat-retreat"  # the decision of a side whose unit has several ways back


def strength(pos: Position, units: Sequence[str], side_is_reacting: bool) -> int:
    """R20.C.8: the remaining printed Defence of units; Political Police double their hex's for
    Seizure (R7.A.16, with Refugees or Partisans in play)."""
    total = sum(pos.value(u, "defence") for u in units)
    if side_is_reacting and political(pos, units):
        total *= 2
    return total


def political(pos: Position, units: Sequence[str]) -> bool:
    """R7.A.16 (optional, with Refugees or Partisans): Political Police among the units."""
    in_play = pos.option("refugees") or pos.option("partisans")
    return in_play and any("political-police" in pos.spec(u).traits for u in units)


def seize(pos: Position, eng: dict[str, Any], act: Sequence[str], react: Sequence[str]) -> list[Event]:
    """R20.C.8, R22.C.6: the assaulters still in it (`act`) against the defenders still in the hex
    (`react`, not Overstacked) by remaining Defence; sets the record's retreats."""
    target = eng["target"]
    a, r = strength(pos, act, False), strength(pos, react, True)
    everyone = [u for u in eng["defenders"] if pos.location(u) == target]
    if not act:
        result = "held"
    elif a > r or (a == r and eng["rule"] == "R20"):
        result = "seized" if a > r or not react else "shared"
    elif a == r:
        result = "held"
    else:
        result = "repulsed"
    events = [Event.of("seizure", hex=target, acting=a, reacting=r, result=result, rule=eng["rule"])]
    if result == "shared":
        events.append(Event.of("value_set", key=f"benefits.first.{target}", value=eng["reacting"]))
    if result in ("seized", "shared"):
        for u in act:
            if pos.location(u) != target:
                events.append(Event.of("unit_moved", unit=u, path=[target], cost=0))
    if result == "seized" and everyone:
        if political(pos, everyone):
            for u in everyone:
                if "political-police" not in pos.spec(u).traits:
                    events += effects.eliminate(pos.at(fold(pos.state, events)), u)
            everyone = [u for u in everyone if "political-police" in pos.spec(u).traits]
        eng["retreat"] = [[u, target] for u in everyone]
    if result == "repulsed":
        eng["retreat"] = [[u, pos.location(u)] for u in act]
    return events


def retreat_hexes(pos: Position, uid: str, origin: str, exempt: Sequence[str]) -> list[str]:
    """R20.C.9: the hexes the unit may retreat to (`walks`); a non-Motorized Company may instead go
    through a tunnel of its side to the exit (R19.B.6.h, `sapping.exits`), even an enemy-held one."""
    side = pos.side_of(uid)
    foe_hexes = _foe_hexes(pos, side, exempt)
    found = list(walks(pos, uid, origin, exempt))
    for end in sapping.exits(pos, uid, origin):
        if end not in found and (end in foe_hexes or stacking.room(pos, end, side, [uid]) is None):
            found.append(end)
    return sorted(found)


def _foe_hexes(pos: Position, side: str, exempt: Sequence[str]) -> set[str]:
    return {pos.location(u) for u in pos.units_of(pos.enemy(side)) if u not in exempt}


def walks(pos: Position, uid: str, origin: str, exempt: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """R20.C.9: each hex the unit may retreat to -> the way it goes there (the cheapest). The
    Retreat moves as per Movement (`movement.retreat_reach`: Chart 2's costs within its MPs,
    R11.C's stops along a line, room to stack in every hex entered, R10.A), never into or next to
    an enemy but the units of this engagement (`exempt`), and ends neither in nor next to
    `origin`: at least two hexes away."""
    side = pos.side_of(uid)
    foes = _foe_hexes(pos, side, exempt)
    engaged = {pos.location(u) for u in exempt if pos.on_map(u) and pos.side_of(u) != side}
    avoid = frozenset(n for h in foes for n in pos.neighbours(h))
    halt = frozenset(n for h in engaged for n in pos.neighbours(h))
    found = movement.retreat_reach(pos, uid, origin, avoid, halt)
    return {end: path for end, (_, path) in found.items() if pos.distance(end, origin) >= 2}


def retreats(pos: Position, eng: dict[str, Any], dice: Dice) -> tuple[list[Event], Event | None]:
    """Each retreating unit in turn: a Pinned one Reduced first (its Pin goes); one printing 0 MPs
    Reduced, or eliminated if its Cadre cannot move either (R5.A.7); one with nowhere to go
    eliminated; one with one way moved (`move_back`); otherwise its owner chooses (a decision)."""
    events: list[Event] = []
    exempt = [*eng["attackers"], *eng["defenders"]]
    rule = retreat_rule(eng)
    while eng["retreat"]:
        here = pos.at(fold(pos.state, events))
        u, origin = eng["retreat"][0]
        if not here.on_map(u) or here.location(u) != origin:
            eng["retreat"].pop(0)
            continue
        if here.has(u, PINNED):
            events += effects.reduce(here, u)
            continue
        lost, mobile = stacking.forced_to_move(here, u)  # R5.A.7: 0 MPs, forced to move
        if lost:
            events += lost
            if not mobile:
                eng["retreat"].pop(0)
            continue
        options = retreat_hexes(here, u, origin, exempt)
        if len(options) > 1:
            return events, Event.of("decision_required", side=here.side_of(u), decision=RETREAT,
                                    prompt=f"retreat {u} from {origin}, two hexes or more: "
                                           f"{', '.join(options)} ({rule})",
                                    data={})
        eng["retreat"].pop(0)
        if not options:
            events += _lost(here, u, origin, rule)
        else:
            events += move_back(here, u, origin, options[0], dice, rule, exempt)
    return events, None


def retreat_rule(eng: dict[str, Any]) -> str:
    """The Retreat's section: R20.C.9 in the Combat Phase, R22.C.7 in the Vehicle Assault Phase."""
    return "R20.C.9" if eng["rule"] == "R20" else "R22.C.7"


def move_back(pos: Position, uid: str, origin: str, end: str, dice: Dice, rule: str = "R20.C.9",
              exempt: Sequence[str] = ()) -> list[Event]:
    """The retreat walked (`walk_back`), or through a tunnel to its exit (R19.B.6.h: into an
    enemy-held exit the unit is removed, read as eliminated); with retreat fatigue (R20.C.9,
    optional) the unit, if it survives, tires."""
    if end in sapping.exits(pos, uid, origin):
        events = [Event.of("retreat", unit=uid, hex=origin, to=end, tunnel=True, rule="R19.B.6.h")]
        if pos.units_in(end, pos.enemy(pos.side_of(uid))):
            return events + effects.eliminate(pos, uid)
        events.append(Event.of("unit_moved", unit=uid, path=[end], cost=0))
    else:
        events = walk_back(pos, uid, origin, end, dice, rule, exempt)
        if not pos.at(fold(pos.state, events)).on_map(uid):
            return events
    if pos.option("retreat-fatigue"):
        if pos.has(uid, FATIGUED):
            events += [Event.of("unit_flagged", unit=uid, flag=FATIGUED, on=False),
                       Event.of("unit_flagged", unit=uid, flag=EXHAUSTED)]
        elif not pos.has(uid, EXHAUSTED):
            events.append(Event.of("unit_flagged", unit=uid, flag=FATIGUED))
    return events


def walk_back(pos: Position, uid: str, origin: str, end: str, dice: Dice, rule: str = "R20.C.9",
              exempt: Sequence[str] = ()) -> list[Event]:
    """The way `walks` finds to `end` (`exempt` as there), walked "as per Movement": a Motorized
    unit rolls its Pin chances on leaving each hex (R11.A.2-3, `movement.way_pins`). Pinned in the
    hex it retreats from, it is a Pinned unit that must retreat: Reduced, its Pin gone, it goes on
    (R20.C.9) by the way its Cadre's MPs find to `end` (none: eliminated), that first step not
    rolled again; a Cadre is eliminated. Pinned further on, it stays where it was, Pinned: the
    retreat ends there if that hex is two or more from `origin`, or else the unit cannot retreat
    and is eliminated (R20.C.9)."""
    def now() -> Position:
        return pos.at(fold(pos.state, events))

    way = (origin, *walks(pos, uid, origin, exempt)[end])
    pins = movement.way_pins(pos, uid, way)
    events, pinned = movement.roll_pins(uid, origin, pins[0], dice, retreating=True)
    if pinned:
        events += effects.pin(pos, uid)
        reduced = effects.reduce(now(), uid)
        if not pos.at(fold(now().state, reduced)).on_map(uid):  # a Cadre: no step to give
            return events + _lost(now(), uid, origin, rule)
        events += reduced
        found = walks(now(), uid, origin, exempt).get(end)
        if found is None:
            return events + _lost(now(), uid, origin, rule)
        way = (origin, *found)
        pins = movement.way_pins(now(), uid, way)
    stop = len(way) - 1
    for i in range(1, len(way) - 1):
        rolls, pinned = movement.roll_pins(uid, way[i], pins[i], dice)
        events += rolls
        if pinned:
            stop = i
            break
    if pos.distance(way[stop], origin) < 2:
        return events + _lost(now(), uid, origin, rule)
    events += [Event.of("retreat", unit=uid, hex=origin, to=way[stop], rule=rule),
               Event.of("unit_moved", unit=uid, path=list(way[1:stop + 1]), cost=0)]
    if stop < len(way) - 1:
        events += effects.pin(now(), uid)
    return events


def way_pins(pos: Position, uid: str, origin: str, end: str, exempt: Sequence[str]) -> list[tuple[str, int]]:
    """The Pin chances a retreat to `end` rolls on its way (`walk_back`), for the menu that offers
    it: a player weighs them before choosing."""
    return [c for step in movement.way_pins(pos, uid, (origin, *walks(pos, uid, origin, exempt)[end]))
            for c in step]


def _lost(pos: Position, uid: str, origin: str, rule: str) -> list[Event]:
    """R20.C.9: a unit that cannot retreat two hexes is eliminated."""
    return [Event.of("retreat", unit=uid, hex=origin, to="", rule=rule), *effects.eliminate(pos, uid)]
