"""Foxhole R25.C.4 (optional "requisitions"): searching a built-up hex or a Port for transport.

`requisition UNIT`: a Company spends 2 MPs searching its hex, once per hex a scenario (either
side's search uses the hex up). The hex's chance in 10 is its best of: a Building or Tall Building
feature (1), a Buildings (3) or Tall Buildings (4) hex, a Port (2, Boats or Rafts only). A die at
or under it is a find, and earns a second roll; two finds at most. The finds stay in the hex this
player turn: `equip UNIT ITEM` gives a non-Mounted Company in the hex Bicycles (1 find), Vehicles
or Skis (2 finds) until the turn ends, or lays Boats (1 find, the hex next to water) or, from a
Port, Rafts.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tui_wargame.dice import Dice
from tui_wargame.model import Event
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole.arith import chance
from tui_wargame.rules.foxhole.counters import COMPANY, is_motorized
from tui_wargame.rules.foxhole.engineering import count, set_count
from tui_wargame.rules.foxhole.marching import EQUIPPED
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.tasks import ANY_COMPANY, Plan, qualifies, refuse

SEARCHED = "activities.requisitioned"  # the hexes searched this scenario (R25.C.4)
FINDS = "activities.finds"  # hex -> [turn, side, finds, port only]
COST = 2  # R25.C.4
PORT_CHANCE = 2  # R25.C.4: Boats or Rafts only
MAX_FINDS = 2
#: R25.C.4.a-d: the finds each item takes.
ITEM_FINDS: Mapping[str, int] = {"bicycles": 1, "vehicles": 2, "skis": 2, "boats": 1, "rafts": 1}


def chance_in(pos: Position, hex: str) -> tuple[int, bool]:
    """The hex's requisition chance in 10 and whether it is the Port's (Boats or Rafts only)."""
    best = max([pos.hex_type(hex).requisition,
                *(charts.FEATURES[k].requisition for k in charts.FEATURES if pos.marker(hex, k))], default=0)
    port = PORT_CHANCE if pos.marker(hex, "port") is not None else 0
    return (port, True) if port > best else (best, False)


def _searched(pos: Position) -> tuple[str, ...]:
    found: object = pos.state.values.get(SEARCHED, ())
    return tuple(found) if isinstance(found, tuple | list) else ()


def plan(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R25.C.4: the search, paid at once."""
    if not pos.option("requisitions"):
        raise refuse("requisitions are not in play (optional rule)", "R25.C.4")
    if args:
        raise refuse("`requisition UNIT`", "R25.C.4")
    if not qualifies(pos, uid, (ANY_COMPANY,)):
        raise refuse(f"{uid} may not requisition: Companies do", "R25.C.4")
    hex = pos.location(uid)
    if chance_in(pos, hex)[0] == 0:
        raise refuse(f"{hex} has no Building, Buildings or Port to search", "R25.C.4")
    if hex in _searched(pos):
        raise refuse(f"{hex} has been searched already this scenario", "R25.C.4")
    return Plan(f"{hex}/requisition", "requisition", "requisitioning", "R25.C.4", hex, Fraction(COST),
                lambda p: [], at_once=True)


def search(pos: Position, uid: str, dice: Dice) -> list[Event]:
    """R25.C.4: roll for a find, and again after each, two at most."""
    hex = pos.location(uid)
    in_ten, port = chance_in(pos, hex)
    rolls, finds = [], 0
    while finds < MAX_FINDS:
        ok, die = chance(dice, in_ten)
        rolls.append(die)
        if not ok:
            break
        finds += 1
    events = [Event.of("value_set", key=SEARCHED, value=[*_searched(pos), hex]),
              Event.of("requisition", unit=uid, hex=hex, chance=in_ten, rolls=rolls, finds=finds, port=port)]
    if finds:
        table = {**_finds(pos), hex: [pos.state.turn, pos.acting, finds, port]}
        events.append(Event.of("value_set", key=FINDS, value=table))
    return events


def _finds(pos: Position) -> dict[str, object]:
    found: object = pos.state.values.get(FINDS, {})
    return {k: list(v) for k, v in found.items()} if isinstance(found, Mapping) else {}


def finds_in(pos: Position, hex: str) -> tuple[int, bool]:
    """The finds still unused in a hex this player turn, and whether they are a Port's."""
    rec = _finds(pos).get(hex)
    if isinstance(rec, list) and rec[:2] == [pos.state.turn, pos.acting]:
        return int(rec[2]), bool(rec[3])
    return 0, False


def _next_to_water(pos: Position, hex: str) -> bool:
    return any(pos.hex_type(n).water for n in pos.neighbours(hex))


def equip_refusal(pos: Position, uid: str, item: str) -> str | None:
    hex = pos.location(uid)
    finds, port = finds_in(pos, hex)
    if item not in ITEM_FINDS:
        return f"`equip UNIT ITEM`: ITEM is one of {', '.join(ITEM_FINDS)}"
    if pos.side_of(uid) != pos.acting or not pos.on_map(uid):
        return f"{uid} is not the acting player's unit on the map"
    if finds < ITEM_FINDS[item]:
        return f"{item} take {ITEM_FINDS[item]} finds; {hex} has {finds} this turn"
    if port and item not in ("boats", "rafts"):
        return "a Port yields Boats or Rafts only"
    if item == "rafts" and not port:
        return "only a Port yields Rafts"
    if item in ("boats", "rafts"):
        return None if _next_to_water(pos, hex) else f"{hex} is not next to a sea or river hex"
    spec = pos.spec(uid)
    if spec.kind != COMPANY or is_motorized(spec):
        return f"{uid} is not a non-Mounted Company"
    return None


def equip(pos: Position, uid: str, item: str) -> list[Event]:
    """R25.C.4.a-d: use the hex's finds."""
    refusal = equip_refusal(pos, uid, item)
    if refusal is not None:
        raise refuse(refusal, "R25.C.4")
    hex, side = pos.location(uid), pos.side_of(uid)
    finds, port = finds_in(pos, hex)
    events = [Event.of("value_set", key=FINDS,
                       value={**_finds(pos), hex: [pos.state.turn, side, finds - ITEM_FINDS[item], port]})]
    if item in ("boats", "rafts"):
        return events + set_count(pos, hex, item, count(pos, hex, item) + 1, side)
    kept: object = pos.state.values.get(EQUIPPED, {})
    table = {k: list(v) for k, v in kept.items()} if isinstance(kept, Mapping) else {}
    table[uid] = [pos.state.turn, side, item]
    return [*events, Event.of("value_set", key=EQUIPPED, value=table),
            Event.of("equipped", unit=uid, item=item)]
