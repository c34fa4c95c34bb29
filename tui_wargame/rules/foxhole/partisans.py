"""Foxhole R7.A.14-18 (optional "partisans"): what Partisans may not do, and how Police and
Security find them. (Their Refugee-like movement is the movement rules'; a discovered Partisan's
retreat and the Political Police's part in seizures and retreats are the combat rules'.)

- R7.A.14: a Partisan never spots for a Barrage (the barrage rules' `firing.spotted` leaves them
  out) and never counts for Sector Control (`standing.counted`, R24.A.1, in play with or without
  this option: R24.A.1 says so itself).
- R7.A.15-16, R7.A.18: whenever a Partisan and an enemy Police, Political Police or Security unit
  come to share a hex or stand next to each other, the Partisan is discovered on 7 in 10 (same
  hex) or 3 in 10 (adjacent), one roll with the best chance: it is Reduced and may not move as a
  Refugee for the rest of the phase (`DISCOVERED`, a phase flag). `on_enter` is the movement
  rules' hook: the unit that entered a hex is checked against its new neighbours.
"""

from __future__ import annotations

from tui_wargame.dice import Dice
from tui_wargame.model import Event
from tui_wargame.rules.foxhole import effects
from tui_wargame.rules.foxhole.arith import chance
from tui_wargame.rules.foxhole.position import Position

RULE = "R7.A.14"
OPTION = "partisans"
PARTISAN = "partisan"
HUNTERS = frozenset({"police", "political-police", "security"})  # R7.A.15, R7.A.16, R7.A.18
SAME_HEX, ADJACENT = 7, 3  # chances in 10 (R7.A.15, R7.A.18)
DISCOVERED = "partisans:discovered"  # phase flag: no Refugee movement this phase


def is_partisan(pos: Position, uid: str) -> bool:
    return PARTISAN in pos.spec(uid).traits


def is_hunter(pos: Position, uid: str) -> bool:
    return bool(HUNTERS & set(pos.spec(uid).traits))


def discovery_chance(pos: Position, partisan: str) -> int:
    """R7.A.15, R7.A.18: 7 in 10 with an enemy hunter in its hex, 3 in 10 with one next to it."""
    here = pos.location(partisan)
    enemy = pos.enemy(pos.side_of(partisan))
    if any(is_hunter(pos, u) for u in pos.units_in(here, enemy)):
        return SAME_HEX
    if any(is_hunter(pos, u) for n in pos.neighbours(here) for u in pos.units_in(n, enemy)):
        return ADJACENT
    return 0


def on_enter(pos: Position, uid: str, hex: str, dice: Dice) -> list[Event]:
    """R7.A.15, R7.A.18: `uid` has entered `hex` (`pos` shows it there): if it is a Partisan, roll
    for its discovery; if it is a hunter, roll for each enemy Partisan it has come upon."""
    if not pos.option(OPTION) or not pos.on_map(uid):
        return []
    if is_partisan(pos, uid):
        suspects = [uid]
    elif is_hunter(pos, uid):
        enemy = pos.enemy(pos.side_of(uid))
        suspects = sorted(u for h in (hex, *pos.neighbours(hex)) for u in pos.units_in(h, enemy)
                          if is_partisan(pos, u))
    else:
        return []
    events: list[Event] = []
    for partisan in suspects:
        in_ten = discovery_chance(pos, partisan)
        if in_ten <= 0 or pos.state.units[partisan].has(DISCOVERED):
            continue
        ok, die = chance(dice, in_ten)
        events.append(Event.of("partisan-check", unit=partisan, chance=in_ten, die=die, discovered=ok))
        if ok:
            events += effects.reduce(pos, partisan)
            if pos.state.units[partisan].steps > 1:
                events.append(Event.of("unit_flagged", unit=partisan, flag=DISCOVERED, scope="phase"))
    return events


def _words(pos: Position, e: Event) -> str:
    result = "discovered and Reduced" if e["discovered"] else "not discovered"
    return f"Partisan {e['unit']}: {e['die']} against {e['chance']} in 10, {result} (R7.A.15, R7.A.18)"


WORDS = {"partisan-check": _words}
