"""Foxhole R20.C.8-9, R22.C.6-7 (R7.A.16): Seizure of an assaulted hex and the Retreats that
follow, for engagement.py. `eng` is the engagement's record (engagement.current).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import effects, sapping, stacking
from tui_wargame.rules.foxhole.participants import enterable
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
    """R20.C.9: hexes two away from `origin`, through a neighbour, neither holding an enemy nor
    next to one (but the units of this engagement), on land the unit may enter, across hexsides it
    may cross, with room to stack in both, the hex passed through too (R10.A-B, `stacking.room`:
    the limit holds while units retreat). (A smallest private version of movement: the rule's two
    hexes are walked, Movement Points are not counted.) A non-Motorized Company may instead go
    through a tunnel of its side to the exit (R19.B.6.h, `sapping.exits`), even an enemy-held one."""
    side = pos.side_of(uid)
    foe_hexes = _foe_hexes(pos, side, exempt)
    found = list(_walks(pos, uid, origin, exempt))
    for end in sapping.exits(pos, uid, origin):
        if end not in found and (end in foe_hexes or stacking.room(pos, end, side, [uid]) is None):
            found.append(end)
    return sorted(found)


def _foe_hexes(pos: Position, side: str, exempt: Sequence[str]) -> set[str]:
    return {pos.location(u) for u in pos.units_of(pos.enemy(side)) if u not in exempt}


def _walks(pos: Position, uid: str, origin: str, exempt: Sequence[str]) -> dict[str, str]:
    """R20.C.9: each hex two away the unit may retreat to on foot -> the first hex it passes
    through on the way (`retreat_hexes`)."""
    side = pos.side_of(uid)
    foe_hexes = _foe_hexes(pos, side, exempt)

    def open_(h: str) -> bool:
        return (h not in foe_hexes and not any(n in foe_hexes for n in pos.neighbours(h))
                and stacking.room(pos, h, side, [uid]) is None)

    found: dict[str, str] = {}
    for mid in pos.neighbours(origin):
        if not (open_(mid) and enterable(pos, uid, origin, mid)):
            continue
        for end in pos.neighbours(mid):
            if end not in found and pos.distance(end, origin) == 2 and open_(end) and enterable(pos, uid, mid, end):
                found[end] = mid
    return found


def retreats(pos: Position, eng: dict[str, Any]) -> tuple[list[Event], Event | None]:
    """Each retreating unit in turn: a Pinned one Reduced first (its Pin goes); one printing 0 MPs
    Reduced, or eliminated if its Cadre cannot move either (R5.A.7); one with nowhere to go
    eliminated; one with one way moved; otherwise its owner chooses (a decision)."""
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
                                    prompt=f"retreat {u} from {origin} two hexes: "
                                           f"{', '.join(options)} ({rule})",
                                    data={})
        eng["retreat"].pop(0)
        if not options:
            events.append(Event.of("retreat", unit=u, hex=origin, to="", rule=rule))
            events += effects.eliminate(here, u)
        else:
            events += move_back(here, u, origin, options[0], rule, exempt)
    return events, None


def retreat_rule(eng: dict[str, Any]) -> str:
    """The Retreat's section: R20.C.9 in the Combat Phase, R22.C.7 in the Vehicle Assault Phase."""
    return "R20.C.9" if eng["rule"] == "R20" else "R22.C.7"


def move_back(pos: Position, uid: str, origin: str, end: str, rule: str = "R20.C.9",
              exempt: Sequence[str] = ()) -> list[Event]:
    """The retreat walked (two hexes, through a hex `retreat_hexes` allows, `exempt` as there), or
    through a tunnel to its exit (R19.B.6.h: into an enemy-held exit the unit is removed, read as
    eliminated); with retreat fatigue (R20.C.9, optional) the unit tires."""
    if end in sapping.exits(pos, uid, origin):
        events = [Event.of("retreat", unit=uid, hex=origin, to=end, tunnel=True, rule="R19.B.6.h")]
        if pos.units_in(end, pos.enemy(pos.side_of(uid))):
            return events + effects.eliminate(pos, uid)
        events.append(Event.of("unit_moved", unit=uid, path=[end], cost=0))
    else:
        mid = _walks(pos, uid, origin, exempt)[end]
        events = [Event.of("retreat", unit=uid, hex=origin, to=end, rule=rule),
                  Event.of("unit_moved", unit=uid, path=[mid, end], cost=0)]
    if pos.option("retreat-fatigue"):
        if pos.has(uid, FATIGUED):
            events += [Event.of("unit_flagged", unit=uid, flag=FATIGUED, on=False),
                       Event.of("unit_flagged", unit=uid, flag=EXHAUSTED)]
        elif not pos.has(uid, EXHAUSTED):
            events.append(Event.of("unit_flagged", unit=uid, flag=FATIGUED))
    return events
