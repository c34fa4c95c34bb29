"""Foxhole R18.F (optional "bridge-barrages"): a standard barrage may wreck the bridges it lands on.

A Foot or Vehicle Bridge in the barraged hex, or a Bailey Bridge on one of the hex's hexsides, has
its chance (Bailey 1 in 10, Foot and Vehicle 2 in 10) unless an Engineer Company stands on it (in the
hex; for a Bailey, in either hex it joins). A wrecked Foot Bridge goes, a Vehicle Bridge becomes a
Foot Bridge; either scatters 5 Raft markers over the adjacent land hexes (one die each, among them
in label order). Units left on a Foot Bridge that went, and the Vehicles and Units beyond what a Foot
Bridge holds on one that shrank (Reduced first), move to an adjacent land hex without enemy units
and with room (R10.A), else are removed.

Reconstructions: an Engineer always protects (the owner's option not to is not offered); the game
picks, for the owner, the units beyond the Foot Bridge's one (the last in id order) and their hex
(the first in label order).
"""

from __future__ import annotations

from tui_wargame.dice import Dice
from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import effects, stacking
from tui_wargame.rules.foxhole.arith import chance
from tui_wargame.rules.foxhole.counters import BATTERY, COMPANY
from tui_wargame.rules.foxhole.position import Position

OPTION = "bridge-barrages"
FOOT, VEHICLE, BAILEY = "bridge-foot", "bridge-vehicle", "bridge-bailey"
RAFTS, SCATTERED = "rafts", 5


def _guarded(pos: Position, hexes: tuple[str, ...]) -> bool:
    return any(pos.spec(u).kind == COMPANY and any(t.startswith("engineer-") for t in pos.spec(u).traits)
               for h in hexes for u in pos.units_in(h))


def targets(pos: Position, side: str) -> list[str]:
    """R18.F: the hexes where a standard barrage by `side` may wreck a bridge not its own (the
    enemy's or nobody's) that no Engineer guards: a Foot or Vehicle Bridge's hex, and both hexes a
    Bailey Bridge joins. None without the optional rule."""
    if not pos.option(OPTION):
        return []
    found: set[str] = set()
    for place, markers in pos.state.markers.items():
        hexes = tuple(place.split("|"))
        for m in markers:
            if (m.side == side or (m.kind == BAILEY) != (len(hexes) == 2)
                    or m.kind not in (FOOT, VEHICLE, BAILEY)):
                continue
            if not _guarded(pos, hexes):
                found.update(hexes)
    return sorted(found)


def _land(pos: Position, hex_: str) -> list[str]:
    return [h for h in sorted(pos.neighbours(hex_)) if not pos.hex_type(h).water]


def after_barrage(pos: Position, hex_: str, side: str, dice: Dice) -> list[Event]:
    """R18.F: the bridges a standard barrage on `hex_` by `side` may wreck, with their dice."""
    if not pos.option(OPTION):
        return []
    events: list[Event] = []
    for kind, odds, rule in ((FOOT, 2, "R18.F.2"), (VEHICLE, 2, "R18.F.3")):
        if pos.marker(hex_, kind) is not None and not _guarded(pos, (hex_,)):
            ok, die = chance(dice, odds)
            events.append(Event.of("bridge_barraged", place=hex_, bridge=kind, die=die, chance=odds,
                                   wrecked=ok, rule=rule))
            if ok:
                events += _wreck(pos.at(fold(pos.state, events)), hex_, kind, dice)
    for place in sorted(p for p in pos.state.markers if hex_ in p.split("|") and "|" in p):
        if pos.marker(place, BAILEY) is not None and not _guarded(pos, tuple(place.split("|"))):
            ok, die = chance(dice, 1)
            events.append(Event.of("bridge_barraged", place=place, bridge=BAILEY, die=die, chance=1,
                                   wrecked=ok, rule="R18.F.1"))
            if ok:
                events.append(Event.of("marker_removed", place=place, marker=BAILEY))
    return events


def _wreck(pos: Position, hex_: str, kind: str, dice: Dice) -> list[Event]:
    """R18.F.2-3: the bridge goes (a Vehicle Bridge becomes a Foot Bridge), rafts scatter, and the
    units it can no longer hold leave it."""
    if kind == FOOT:
        events = [Event.of("marker_removed", place=hex_, marker=FOOT)]
        leaving = pos.units_in(hex_)
        reduce = False
    else:
        events = [Event.of("marker_changed", place=hex_, marker=VEHICLE, becomes=FOOT)]
        units = pos.units_in(hex_)
        kept = [u for u in units if pos.spec(u).kind in (COMPANY, BATTERY)][:1]  # R10.B.a
        leaving = [u for u in units if u not in kept]
        reduce = True
    land = _land(pos, hex_)
    for _ in range(SCATTERED if land else 0):
        where = land[dice.roll(len(land)) - 1]
        here = pos.at(fold(pos.state, events))
        if here.marker(where, RAFTS) is None:
            events.append(Event.of("marker_placed", place=where, marker=RAFTS, value=1))
        else:
            events.append(Event.of("marker_changed", place=where, marker=RAFTS,
                                   value=here.level(where, RAFTS) + 1))
    for uid in leaving:
        here = pos.at(fold(pos.state, events))
        if reduce:
            events += effects.reduce(here, uid)
            here = pos.at(fold(pos.state, events))
            if not here.on_map(uid):
                continue
        side = here.side_of(uid)
        room = [h for h in land if not here.units_in(h, here.enemy(side))
                and stacking.room(here, h, side, [uid]) is None]
        events += [Event.of("unit_placed", unit=uid, to=room[0])] if room else effects.eliminate(here, uid)
    return events


def _words(pos: Position, e: Event) -> str:
    names = {FOOT: "Foot Bridge", VEHICLE: "Vehicle Bridge", BAILEY: "Bailey Bridge"}
    result = "wrecked" if e["wrecked"] else "holds"
    return f"the barrage on the {names[e['bridge']]} at {e['place']}: D10 {e['die']} " \
           f"for {e['chance']} in 10, it {result} ({e['rule']})"


WORDS = {"bridge_barraged": _words}
