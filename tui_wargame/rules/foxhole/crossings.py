"""Foxhole R19.B.8: crossing rivers in Boats and Rafts, and landing on the enemy.

`cross UNIT HEX`: a unit in a hex with Boats (or Rafts) crosses a Small River hexside into the
next hex, or up to four Calm River hexes to a land hex beyond; it takes its whole phase, and one
Boat (Raft) goes with it. Boats carry non-Motorized Companies, Mortar and Light Antiaircraft
Batteries; Rafts carry any unit. Only a Company may land where enemy units are: it does not
move, but must Assault that hex in the coming Combat Phase with its firepower halved and its
Defence quartered (`landing`, `combat_terms`, which the Combat Phase reads); one that crossed as
a Mortar does may not Fight in the coming Combat Phase (`may_fight`). A landing whose hex holds
no enemy when the Combat Phase ends (beaten there by others) comes ashore; one beaten off stays
where it set out (`ashore`, Reconstruction). A landing ashore, or in the hex its Assault won, has
its Boat (Raft) brought over from the bank it set out from.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import landings as sea
from tui_wargame.rules.foxhole import stacking
from tui_wargame.rules.foxhole.arith import HALF, QUARTER, Term
from tui_wargame.rules.foxhole.counters import BATTERY, COMPANY, is_motorized
from tui_wargame.rules.foxhole.engineering import count, set_count
from tui_wargame.rules.foxhole.movement import mp_of
from tui_wargame.rules.foxhole.position import ACTED, MOVED, Position
from tui_wargame.rules.foxhole.tasks import at_night, cannot_act, left, refuse

LANDINGS = "activities.landings"  # unit -> [turn, side, hex, boats|rafts, from]: to Assault (R19.B.8.a)
NO_FIGHT = "activities.no-fight"  # unit -> [turn, side]: crossed as a Mortar does (R19.B.8.a)
MAX_RIVER_HEXES = 4  # R19.B.8.a
#: R19.B.8.a: the firepower and Defence of a unit Assaulting from its Boats.
LANDING_TERMS: Mapping[str, Term] = {
    "firepower": Term("landing from boats", "R19.B.8.a", steps=HALF),
    "defence": Term("landing from boats", "R19.B.8.a", steps=QUARTER),
}
LIGHT_BATTERIES = frozenset({"mortar", "light-antiaircraft"})


def _carrier(pos: Position, uid: str) -> tuple[str, bool] | None:
    """The marker that carries the unit from its hex and whether it may land on enemies."""
    hex, spec = pos.location(uid), pos.spec(uid)
    boat_company = spec.kind == COMPANY and not is_motorized(spec)
    if count(pos, hex, "boats") and boat_company:
        return "boats", True
    if count(pos, hex, "boats") and spec.kind == BATTERY and set(spec.traits) & LIGHT_BATTERIES:
        return "boats", False
    if count(pos, hex, "rafts"):
        return "rafts", boat_company
    return None


def landings(pos: Position, uid: str) -> list[str]:
    """The hexes the unit could reach by boat or raft from its hex (R19.B.8)."""
    hex = pos.location(uid)
    found = [n for n in pos.neighbours(hex) if not pos.hex_type(n).water
             and any(h.id == "small-river" for h in pos.hexside_types(hex, n))]
    seen, frontier = {hex}, [hex]
    for _ in range(MAX_RIVER_HEXES):
        frontier = [n for h in frontier for n in pos.neighbours(h)
                    if n not in seen and pos.hex_type(n).id == "calm-river"]
        seen.update(frontier)
        found += [n for h in frontier for n in pos.neighbours(h) if not pos.hex_type(n).water and n != hex]
    return sorted(set(found))


def cross(pos: Position, uid: str, args: tuple[str, ...]) -> list[Event]:
    """R19.B.8: the crossing, or the landing to come."""
    refusal = cannot_act(pos, uid)
    if refusal is not None:
        raise refuse(refusal.message, refusal.rule)
    if pos.state.units[uid].spent:
        raise refuse(f"{uid} has spent MPs this phase: a crossing takes the whole phase", "R19.B.8.a")
    carrier = _carrier(pos, uid)
    if carrier is None:
        raise refuse(f"no Boats or Rafts in {pos.location(uid)} that can carry {uid}", "R19.B.8")
    kind, may_land = carrier
    if len(args) != 1 or args[0] not in landings(pos, uid):
        raise refuse(f"`cross UNIT HEX`: a land hex across a Small River or up to four Calm River hexes "
                     f"(from {pos.location(uid)}: {', '.join(landings(pos, uid)) or 'none'})", "R19.B.8.a")
    to, hex, side = args[0], pos.location(uid), pos.side_of(uid)
    tired, pos = at_night(pos, uid)
    whole = mp_of(pos, uid)
    spent = [*tired, Event.of("unit_moved", unit=uid, path=[hex], cost=left(pos, uid), activity="crossing"),
             *[Event.of("unit_flagged", unit=uid, flag=f) for f in (MOVED, ACTED) if not pos.has(uid, f)]]
    mark = [pos.state.turn, side]
    if pos.units_in(to, pos.enemy(side)):
        if not may_land:
            raise refuse(f"{uid} may not land where enemy units are", "R19.B.8.a")
        table = {**_table(pos, LANDINGS), uid: [*mark, to, kind, hex]}
        return [*spent, Event.of("value_set", key=LANDINGS, value=table),
                Event.of("crossing", unit=uid, to=to, by=kind, landing=True, mp=whole)]
    crowded = stacking.room(pos, to, side, [uid])
    if crowded is not None:
        raise refuse(crowded.message, crowded.rule)
    events = [*spent, *set_count(pos, hex, kind, count(pos, hex, kind) - 1),
              *set_count(pos, to, kind, count(pos, to, kind) + 1, side),
              Event.of("unit_placed", unit=uid, to=to),
              Event.of("crossing", unit=uid, to=to, by=kind, landing=False, mp=whole)]
    if not may_land:
        events.append(Event.of("value_set", key=NO_FIGHT, value={**_table(pos, NO_FIGHT), uid: mark}))
    return events


def _table(pos: Position, key: str) -> dict[str, object]:
    found: object = pos.state.values.get(key, {})
    return dict(found) if isinstance(found, Mapping) else {}


def _this_turn(pos: Position, key: str, uid: str) -> list[object] | None:
    rec = _table(pos, key).get(uid)
    if isinstance(rec, tuple | list) and list(rec[:2]) == [pos.state.turn, pos.acting]:
        return list(rec)
    return None


def landing(pos: Position, uid: str) -> str | None:
    """R19.B.8.a: the hex this unit must Assault on landing in this player turn's Combat Phase."""
    rec = _this_turn(pos, LANDINGS, uid)
    return str(rec[2]) if rec is not None else None


def may_fight(pos: Position, uid: str) -> bool:
    """R19.B.8.a: a Mortar or Light Antiaircraft Battery (or a unit on Rafts) that crossed may not
    Fight in the coming phase."""
    return _this_turn(pos, NO_FIGHT, uid) is None


def landers(pos: Position) -> dict[str, str]:
    """R19.B.8.a: the acting player's units landing on enemies this player turn -> their hex
    (worked out once for the State: combat asks it of every unit and target it weighs)."""
    key = ("crossings.landers",)
    if key not in pos.memo:
        found = {u: landing(pos, u) for u in pos.units_of(pos.acting)}
        pos.memo[key] = {u: h for u, h in found.items() if h is not None}
    return dict(pos.memo[key])  # type: ignore[call-overload]


def combat_terms(pos: Position, uid: str, what: str) -> list[Term]:
    """What landing does to a unit's "firepower" or "defence" in combat: from Boats or Rafts onto
    the enemy, firepower halved and Defence quartered (R19.B.8.a); ashore from the sea, both halved
    while it stays in its landing hex (R16.B.2c, which is also R16.B.2b's half firepower)."""
    terms = [LANDING_TERMS[what]] if landing(pos, uid) is not None else []
    return [*terms, *sea.landing_terms(pos, uid)]


def ashore(pos: Position) -> list[Event]:
    """At the end of the Combat Phase: a landing whose hex the enemy no longer holds comes ashore
    there (room allowing, R10.A); every landing of this player turn is then over (R19.B.8.a). A
    landing now in its hex (ashore, or its Assault won) takes its Boat (Raft) along from its bank."""
    events: list[Event] = []
    for uid, to in sorted(landers(pos).items()):
        came = pos.location(uid) != to and not pos.units_in(to, pos.enemy(pos.side_of(uid))) \
            and stacking.room(pos, to, pos.side_of(uid), [uid]) is None
        if came:
            events.append(Event.of("unit_placed", unit=uid, to=to))
        if came or pos.location(uid) == to:
            events += _boat_over(pos.at(fold(pos.state, events)), uid, to)
    table = _table(pos, LANDINGS)
    kept = {u: r for u, r in table.items() if u not in landers(pos)}
    return events + ([Event.of("value_set", key=LANDINGS, value=kept)] if kept != table else [])


def _boat_over(pos: Position, uid: str, to: str) -> list[Event]:
    """R19.B.8.a: the Boat (Raft) a landing set out with goes to the hex it now holds (a record
    without its carrier, or a bank left empty, moves nothing)."""
    rec = _this_turn(pos, LANDINGS, uid)
    if rec is None or len(rec) < 5:
        return []
    kind, bank = str(rec[3]), str(rec[4])
    if count(pos, bank, kind) < 1:
        return []
    return [*set_count(pos, bank, kind, count(pos, bank, kind) - 1),
            *set_count(pos, to, kind, count(pos, to, kind) + 1, pos.side_of(uid))]
