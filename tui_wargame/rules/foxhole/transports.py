"""Foxhole R16.C and R16.E (R5.C, R7.B.2.a): Trains and Ships, loaded off the map at the Dawn
Briefing and run onto it in the Transport Phase.

A Train or Ship on the map is a marker (kind "train" on a railline hexside "HEX|HEX", "ship" in
a Deep Sea or Port hex; its id the scenario's, its side its owner, its value the cars aboard);
its cargo is the State value `transport.cargo.<id>`, a list of [kind, number] ("unit" and a
unit id for a unit; "supply-points"; a Bridging Implement's marker kind).

- A Train (R16.C.1) runs any number of railline hexsides (`rail TRAIN HEXSIDE`), never through
  a Rail Break, another Train, or between two hexes both holding enemies. Each hexside it enters
  next to an enemy unit is fired on by that enemy's best Hard Firepower unit: Hard FP + D10 of
  10 or more wrecks it (R16.C.3; the text leaves the firing to the enemy's choice, and the code
  always fires, as no player would decline). It unloads into either hex of its hexside unless
  that hex holds or is next to an enemy (`unload TRAIN ITEM HEX`, R16.C.1.a) and leaves, empty,
  by an exit hexside (`leave TRAIN`). A Train left between enemies changes sides (R16.C.3).
  On the map it takes on Companies and Batteries beside its hexside (`board TRAIN UNIT`, R16.C.1.c),
  which ride in the scenario's `aboard` box; Railroad Artillery moves only so (R7.B.2.a).
- A Ship (R16.E.1) sails through Deep Sea and Port hexes (`sail SHIP HEX`); in a Port it drops its
  Supply Points and Bridging Implements (R16.E.1.a); it may not sail again that Full Turn, and
  leaves by an exit hex in a later one. Units are not carried by Ships (not built: they would
  leave the Ship by movement, R16.E.1.a-b). Ships are unaffected by combat (R16.E.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Marker, Order, Refusal, fold
from tui_wargame.rules.foxhole import arrivals, dawn, effects, stacking
from tui_wargame.rules.foxhole.arith import d10
from tui_wargame.rules.foxhole.counters import COMPANY, VEHICLE
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler

TRAIN, SHIP = arrivals.TRAIN, arrivals.SHIP
WRECK = 10  # R16.C.3: Hard FP + D10 at least this wrecks a Train
SAILED = "transports.sailed"  # value: ship id -> the turn index it unloaded in (R16.E.1)


def table(pos: Position, tid: str) -> Mapping[str, Any]:
    return next(t for t in arrivals.tables(pos.scenario, "transports") if t["id"] == tid)


def cargo(pos: Position, tid: str) -> list[list[Any]]:
    return dawn.plain(pos.state.values.get(f"transport.cargo.{tid}", []))


def on_map(pos: Position, kind: str, side: str | None = None) -> list[tuple[str, str, Marker]]:
    """(id, place, marker) of each `kind` Transport on the map (of `side`, if given)."""
    return [(m.id, place, m) for place, markers in sorted(pos.state.markers.items()) for m in markers
            if m.kind == kind and (side is None or m.side == side)]


def where(pos: Position, tid: str) -> tuple[str, Marker] | None:
    for kind in (TRAIN, SHIP):
        for i, place, m in on_map(pos, kind):
            if i == tid:
                return place, m
    return None


def own(pos: Position, tid: str, kind: str, rule: str) -> tuple[str, Marker]:
    """Where the acting side's Train or Ship `tid` is, and its marker; refused if it has none there."""
    found = where(pos, tid)
    if found is None or found[1].kind != kind or found[1].side != pos.acting:
        raise IllegalOrder(Refusal(f"no {kind.capitalize()} {tid} of yours on the map", rule))
    return found


def _set_cargo(tid: str, items: list[list[Any]]) -> Event:
    return Event.of("value_set", key=f"transport.cargo.{tid}", value=items)


# --- arrival (R16.C-E, R23) ---


def arrive(pos: Position) -> list[Event]:
    """The acting side's Trains and Ships due now come on at a free entry with their cargo (a
    Train never onto a Rail Break or between enemies, R16.C.1)."""
    events: list[Event] = []
    p = dawn.plan(pos, pos.acting)
    for tid, turn in sorted(p.get("transports", {}).items()):
        t = table(pos, tid)
        if turn != pos.turn.id or where(pos, tid) is not None:
            continue
        here = pos.at(fold(pos.state, events))
        taken = {place for kind in (TRAIN, SHIP) for _, place, _ in on_map(here, kind)}
        free = [e for e in t["entry"]
                if e not in taken and (t["kind"] != TRAIN or _open(here, e, pos.acting))]
        items = [list(i) for i in p.get("cargo", {}).get(tid, [])]
        if not free:
            events.append(Event.of("transport_blocked", transport=tid))
            continue
        events += [Event.of("marker_placed", place=free[0], marker=t["kind"], id=tid, side=pos.acting,
                            value=cars_of(pos, items)), _set_cargo(tid, items)]
    return events


def cars_of(pos: Position, items: list[list[Any]]) -> int:
    return arrivals.cargo_cars(pos.scenario, items)


# --- trains (R16.C) ---


def _ends(place: str) -> tuple[str, str]:
    a, b = place.split("|")
    return a, b


def rail_next(pos: Position, place: str) -> list[str]:
    """The railline hexsides that meet `place` end to end (sharing one of its corners)."""
    a, b = _ends(place)
    corners = set(pos.neighbours(a)) & set(pos.neighbours(b))
    found = [Position.hexside_place(x, c) for c in corners for x in (a, b)]
    return sorted(h for h in found if h != place and arrivals.rail(pos.scenario, h))


def _open(pos: Position, place: str, side: str) -> bool:
    """R16.C.1: a hexside a Train may enter: no Rail Break, no other Train, not between enemies."""
    a, b = _ends(place)
    enemy = pos.enemy(side)
    return (pos.marker(place, "rail-break") is None and not any(m.kind == TRAIN for m in pos.markers(place))
            and not (pos.units_in(a, enemy) and pos.units_in(b, enemy)))


def rail_paths(pos: Position, start: str, side: str) -> dict[str, list[str]]:
    """Each hexside a Train at `start` may run to -> the hexsides entered on the way (fewest)."""
    paths: dict[str, list[str]] = {start: []}
    frontier = [start]
    while frontier:
        here = frontier.pop(0)
        for n in rail_next(pos, here):
            if n not in paths and _open(pos, n, side):
                paths[n] = [*paths[here], n]
                frontier.append(n)
    return paths


def _firer(pos: Position, place: str, side: str) -> str | None:
    """R16.C.3: the enemy unit with the most Hard Firepower in the hexside's two hexes."""
    enemy = pos.enemy(side)
    units = [u for h in _ends(place) for u in pos.units_in(h, enemy)]
    return max(units, key=lambda u: (pos.value(u, "hard"), u), default=None)


def rail(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.C.1, R16.C.3: the Train runs to a hexside; enemies beside the line may wreck it."""
    if len(order.args) != 2:
        raise IllegalOrder(Refusal("`rail` takes a Train and a hexside: rail TRAIN HEX|HEX", "R16.C.1"))
    tid, goal = order.args
    found = own(pos, tid, TRAIN, "R16.C")
    start, marker = found
    paths = rail_paths(pos, start, pos.acting)
    if goal == start or goal not in paths:
        raise IllegalOrder(Refusal(f"the Train cannot run from {start} to {goal} (Rail Breaks, Trains and "
                                   f"enemies on both sides block the line)", "R16.C.1"))
    at = start
    events: list[Event] = []
    for place in paths[goal]:
        at = place
        firer = _firer(pos, place, pos.acting)
        if firer is None:
            continue
        die = d10(dice)
        hard = pos.value(firer, "hard")
        wrecked = hard + die >= WRECK
        events.append(Event.of("train_fired_on", train=tid, unit=firer, hexside=place, hard=hard, die=die,
                               wrecked=wrecked))
        if wrecked:
            gone = Event.of("marker_removed", place=start, marker=TRAIN, id=tid)
            return [*events, gone, *_wreck(pos, tid, place)]
    return events + [Event.of("marker_removed", place=start, marker=TRAIN, id=tid),
                     Event.of("marker_placed", place=at, marker=TRAIN, id=tid, side=pos.acting,
                              value=marker.value)]


def _wreck(pos: Position, tid: str, place: str) -> list[Event]:
    """R16.C.3: a wrecked Train's units get off where stacking allows (Batteries and Vehicle
    Platoons Reduced), its supplies and implements are placed; the hex chosen is the hexside's
    first without enemies. A unit with no room is lost with the Train."""
    side = pos.acting
    hexes = [h for h in _ends(place) if not pos.units_in(h, pos.enemy(side))] or list(_ends(place))
    events: list[Event] = []
    for kind, n in cargo(pos, tid):
        here = pos.at(fold(pos.state, events))
        if kind == "unit":
            label = next((h for h in hexes if stacking.room(here, h, side, [n]) is None), None)
            if label is None:
                events += effects.eliminate(here, n)
                continue
            events.append(Event.of("unit_placed", unit=n, to=label))
            if pos.spec(n).kind != COMPANY:
                events += effects.reduce(pos.at(fold(pos.state, events)), n)
        else:
            events += _add(here, hexes[0], kind, int(n), side)
    return events + [_set_cargo(tid, []), Event.of("transport_wrecked", transport=tid, hexside=place)]


def add_marker(pos: Position, place: str, kind: str, number: int, side: str) -> list[Event]:
    """`number` more of a counted marker (Supply Points, Boats, ...) of `side` in `place` (its id
    is the side, so that both sides' Supply Points may share a hex)."""
    old = pos.marker(place, kind, side)
    if old is None:
        return [Event.of("marker_placed", place=place, marker=kind, id=side, side=side, value=number)]
    return [Event.of("marker_changed", place=place, marker=kind, id=side, value=int(old.value or 0) + number)]


_add = add_marker


def unload_hexes(pos: Position, place: str, side: str) -> list[str]:
    """R16.C.1.a: the hexes of a Train's hexside neither holding nor next to an enemy."""
    return [h for h in _ends(place) if pos.hex_type(h).mp is not None
            and not pos.units_in(h, pos.enemy(side)) and not pos.enemy_adjacent(h, side)]


def _item(items: list[list[Any]], word: str) -> int | None:
    return next((i for i, (kind, n) in enumerate(items) if (n if kind == "unit" else kind) == word), None)


def unload(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.C.1.a, R16.E.1.a: one item of the cargo put down (a unit, or all of a kind)."""
    if len(order.args) != 3:
        raise IllegalOrder(Refusal("`unload` takes a Transport, an item and a hex: unload ID ITEM HEX",
                                   "R16.C.1.a"))
    tid, word, label = order.args
    found = where(pos, tid)
    if found is None or found[1].side != pos.acting:
        raise IllegalOrder(Refusal(f"no Train or Ship {tid} of yours on the map", "R16"))
    place, marker = found
    items = cargo(pos, tid)
    i = _item(items, word)
    if i is None:
        raise IllegalOrder(Refusal(f"{tid} carries no {word}", "R16"))
    if marker.kind == TRAIN:
        ok = unload_hexes(pos, place, pos.acting)
    else:
        ok = [place] if _port(pos, place) else []
    kind, n = items[i]
    if kind == "unit" and marker.kind == SHIP:
        raise IllegalOrder(Refusal("units leave a Ship by moving, not in the Transport Phase", "R16.E.1.a"))
    if label not in ok:
        raise IllegalOrder(Refusal(f"{tid} may unload only into {', '.join(ok) or 'no hex here'}",
                                   "R16.C.1.a"))
    crowded = stacking.room(pos, label, pos.acting, [n]) if kind == "unit" else None
    if crowded is not None:
        raise IllegalOrder(crowded)
    rest = items[:i] + items[i + 1:]
    events = [_set_cargo(tid, rest),
              Event.of("marker_changed", place=place, marker=marker.kind, id=tid, value=cars_of(pos, rest))]
    if marker.kind == SHIP:
        events.append(Event.of("value_set", key=SAILED, value={**dawn.plain(pos.state.values.get(SAILED, {})),
                                                                tid: pos.state.turn}))
    if kind == "unit":
        return events + [Event.of("unit_placed", unit=n, to=label)]
    return events + _add(pos, label, kind, int(n), pos.acting)


ABOARD = "aboard"  # the box of units riding a Train (R16.C.1.c)


def boardable(pos: Position, tid: str, place: str) -> list[str]:
    """R16.C.1.c: the acting side's Companies and Batteries (Railroad Artillery too, R7.B.2.a) in
    the hexes of the Train's hexside that fit in its cars."""
    cars = table(pos, tid)["cars"]
    aboard = cargo(pos, tid)
    return [u for h in _ends(place) for u in pos.units_in(h, pos.acting)
            if pos.spec(u).kind != VEHICLE and cars_of(pos, [*aboard, ["unit", u]]) <= cars]


def board(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.C.1.c: a unit beside the line gets on the Train, to be unloaded elsewhere."""
    if len(order.args) != 2:
        raise IllegalOrder(Refusal("`board` takes a Train and a unit: board TRAIN UNIT", "R16.C.1.c"))
    tid, unit = order.args
    found = own(pos, tid, TRAIN, "R16.C.1.c")
    place, marker = found
    if unit not in boardable(pos, tid, place):
        raise IllegalOrder(Refusal(f"{unit} is not a Company or Battery of yours beside {tid} that fits "
                                   f"in its cars", "R16.C.1.c"))
    items = [*cargo(pos, tid), ["unit", unit]]
    return [Event.of("unit_placed", unit=unit, to=ABOARD), _set_cargo(tid, items),
            Event.of("marker_changed", place=place, marker=TRAIN, id=tid, value=cars_of(pos, items))]


def leave(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.C, R16.E.1: an empty Train at an exit hexside, or a Ship at an exit hex that did not
    unload this Full Turn, leaves the map (to reload at a Dawn Briefing)."""
    if len(order.args) != 1 or order.args[0] not in _leaving(pos):
        raise IllegalOrder(Refusal("only an empty Train on an exit hexside, or a Ship at an exit hex that "
                                   "has "
                                   "not unloaded this Full Turn, may leave: leave ID", "R16"))
    tid = order.args[0]
    place, marker = where(pos, tid)  # type: ignore[misc]
    return [Event.of("marker_removed", place=place, marker=marker.kind, id=tid), _set_cargo(tid, [])]


def _leaving(pos: Position) -> list[str]:
    found = []
    for kind in (TRAIN, SHIP):
        for tid, place, _ in on_map(pos, kind, pos.acting):
            if place not in table(pos, tid)["exit"]:
                continue
            if kind == TRAIN and cargo(pos, tid):
                continue
            if kind == SHIP and _unloaded_now(pos, tid):
                continue
            found.append(tid)
    return found


# --- ships (R16.E) ---


def _port(pos: Position, label: str) -> bool:
    """A Port a Ship may use: a Port marker and no Port Damaged (R5.B.15)."""
    return pos.marker(label, "port") is not None and pos.marker(label, "port-damaged") is None


def _unloaded_now(pos: Position, tid: str) -> bool:
    return pos.table(SAILED).get(tid) == pos.state.turn


def sea_reach(pos: Position, start: str) -> list[str]:
    """R16.E.1: the hexes a Ship at `start` may sail to through Deep Sea and Port hexes."""
    def ok(h: str) -> bool:
        return pos.hex_type(h).id == "deep-sea" or _port(pos, h)

    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop(0)
        if here != start and _port(pos, here):
            continue  # it stops in the Port it enters
        for n in pos.neighbours(here):
            if n not in seen and ok(n) and not any(m.kind == SHIP for m in pos.markers(n)):
                seen.add(n)
                frontier.append(n)
    return sorted(seen - {start})


def sail(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.E.1: the Ship sails to a hex; it may not sail after unloading this Full Turn."""
    if len(order.args) != 2:
        raise IllegalOrder(Refusal("`sail` takes a Ship and a hex: sail SHIP HEX", "R16.E.1"))
    tid, goal = order.args
    found = own(pos, tid, SHIP, "R16.E")
    if _unloaded_now(pos, tid):
        raise IllegalOrder(Refusal(f"{tid} unloaded this Full Turn and may not sail again", "R16.E.1"))
    place, marker = found
    if goal not in sea_reach(pos, place):
        raise IllegalOrder(Refusal(f"{goal} is not reached from {place} through Deep Sea and Ports",
                                   "R16.E.1"))
    return [Event.of("marker_removed", place=place, marker=SHIP, id=tid),
            Event.of("marker_placed", place=goal, marker=SHIP, id=tid, side=pos.acting, value=marker.value)]


# --- the phase's share ---


ORDERS: Mapping[str, Handler] = {"rail": rail, "unload": unload, "leave": leave, "sail": sail, "board": board}


def orders(pos: Position) -> list[Order]:
    side = pos.acting
    found = []
    for tid, place, _ in on_map(pos, TRAIN, side):
        found += [Order("rail", (tid, h)) for h in sorted(rail_paths(pos, place, side)) if h != place]
        if ABOARD in pos.scenario.box:
            found += [Order("board", (tid, u)) for u in boardable(pos, tid, place)]
        for kind, n in cargo(pos, tid):
            word = n if kind == "unit" else kind
            found += [Order("unload", (tid, word, h)) for h in unload_hexes(pos, place, side)
                      if kind != "unit" or stacking.room(pos, h, side, [n]) is None]
    for tid, place, _ in on_map(pos, SHIP, side):
        if not _unloaded_now(pos, tid):
            found += [Order("sail", (tid, h)) for h in sea_reach(pos, place)]
        if _port(pos, place):
            found += [Order("unload", (tid, kind, place)) for kind, _ in cargo(pos, tid) if kind != "unit"]
    return found + [Order("leave", (t,)) for t in _leaving(pos)]


def switch_sides(pos: Position) -> list[Event]:
    """R16.C.3: a Train with enemy units in both hexes of its hexside goes over to them."""
    events = []
    for tid, place, m in on_map(pos, TRAIN):
        a, b = _ends(place)
        enemy = pos.enemy(m.side)
        if pos.units_in(a, enemy) and pos.units_in(b, enemy):
            events += [Event.of("marker_changed", place=place, marker=TRAIN, id=tid, side=enemy),
                       Event.of("transport_captured", transport=tid, side=enemy)]
    return events


# --- words ---


def _fired(pos: Position, e: Event) -> str:
    result = "wrecks it" if e["wrecked"] else "misses"
    return (f"{pos.spec(e['unit']).name} fires on Train {e['train']} at {e['hexside']}: Hard {e['hard']} + "
            f"D10 {e['die']} {result} (R16.C.3)")


WORDS = {
    "train_fired_on": _fired,
    "transport_wrecked": lambda pos, e: f"Train {e['transport']} is wrecked at {e['hexside']}; its cargo is "
                                        f"put down beside the line (R16.C.3)",
    "transport_captured": lambda pos, e: f"Train {e['transport']} is taken by the enemies on both sides "
                                         f"of it (R16.C.3)",
    "transport_blocked": lambda pos, e: f"Transport {e['transport']} finds every entry taken and does "
                                        f"not arrive (R16)",
}
