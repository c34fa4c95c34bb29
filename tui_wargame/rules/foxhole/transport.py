"""Foxhole R16 (R23.A, R23.D): the Transport Phase, in which what the Dawn Briefing planned for
this Full Turn comes onto the map.

- Reinforcements due now enter at one of their table's entry hexes (`enter UNIT HEX`); one not
  entered by the end of the phase comes a Full Turn later (R23.A).
- Supply Points and Bridging Implements due now ride the side's Truck if one serves today
  (R16.D: it drives along Highways and Roads, `drive TRUCK HEX`, unloads there and leaves),
  else they are placed at the side's supply entry hex (R23.D).
- Trains and Ships due now come on with the cargo loaded at the Dawn Briefing, run or sail,
  unload and leave (R16.C, R16.E, `transports`).
- Air Drops and Amphibious Landings due this player turn land (R16.A-B, `landings`).
- At the start of each Full Turn the Support and Sorties due are published (`dawn.publish`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.capabilities import Explanation
from tui_wargame.rules.foxhole import arrivals, dawn, landings, stacking, transports, weather
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler
from tui_wargame.rules.foxhole.transports import add_marker
from tui_wargame.text import side_name

RULE = "R16"
check = landings.check
SUPPLY = "supply-points"


# --- reinforcements (R23.A) ---


def due(pos: Position) -> list[str]:
    """The acting side's reinforcements due now (or delayed to now) still off the map."""
    return [u for u in dawn.scheduled(pos, pos.acting, "reinforcements")
            if not pos.on_map(u) and pos.location(u) != "eliminated"]


def entries(pos: Position, unit: str) -> list[str]:
    """R23.A: the entry hexes of the unit's table that hold no enemy and have room (R10.A)."""
    found = []
    for t in arrivals.tables(pos.scenario, "reinforcements"):
        if unit in t["units"]:
            found += [h for h in t["entry"] if room(pos, h, unit)]
    return list(dict.fromkeys(found))


def room(pos: Position, label: str, unit: str) -> bool:
    """A land hex without enemies in which the unit's side has room for it (R10.A, R10.D:
    `stacking.room`; R11.A.4)."""
    side = pos.side_of(unit)
    return (pos.hex_type(label).mp is not None and not pos.units_in(label, pos.enemy(side))
            and stacking.room(pos, label, side, [unit]) is None)


def enter(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.A: a reinforcement appears at its map edge."""
    if len(order.args) != 2:
        raise IllegalOrder(Refusal("`enter` takes a unit and an entry hex: enter UNIT HEX", "R23.A"))
    unit, label = order.args
    if unit not in due(pos):
        raise IllegalOrder(Refusal(f"{unit} is not a reinforcement of yours due this Full Turn", "R23.A"))
    if label not in entries(pos, unit):
        raise IllegalOrder(Refusal(f"{unit} enters at {', '.join(entries(pos, unit)) or 'no free hex now'}, "
                                   f"not {label}", "R23.A"))
    return [Event.of("unit_placed", unit=unit, to=label)]


# --- supply and bridging (R23.D, R16.D) ---


def _cargo_due(pos: Position) -> list[tuple[str, int]]:
    """(marker kind, number) of the acting side's supply and implements due this Full Turn."""
    p = dawn.plan(pos, pos.acting)
    now = pos.turn.id
    found: list[tuple[str, int]] = []
    points = p.get("supply", {}).get(now, 0)
    if points:
        found.append((SUPPLY, points))
    found += [(b["kind"], 1) for b in p.get("bridging", []) if b["turn"] == now]
    found += [(c["kind"], c["n"]) for c in p.get("coming", []) if c["kind"] != "unit" and c["turn"] == now]
    return found


def _truck(pos: Position) -> Mapping[str, Any] | None:
    """The acting side's Truck serving today, if any."""
    return next((t for t in arrivals.tables(pos.scenario, "transports")
                 if t["side"] == pos.acting and t["kind"] == "truck" and arrivals.on(t, pos.turn.day)), None)


def cars(cargo: list[tuple[str, int]]) -> int:
    """R16.C.2: the cars a cargo fills (five Supply Points a car, rounded up)."""
    return sum(-(-n // 5) if kind == SUPPLY else arrivals.CARS[kind] * n for kind, n in cargo)


def _deliver(pos: Position) -> list[Event]:
    """R23.D, R16.D: the cargo due now, on the Truck or at the first supply entry hex that holds no
    enemy (with none, it does not come)."""
    cargo = _cargo_due(pos)
    if not cargo:
        return []
    truck = _truck(pos)
    if truck is not None:
        if cars(cargo) > arrivals.TRUCK_CARS:
            return [Event.of("cargo_refused", side=pos.acting, truck=truck["id"], cars=cars(cargo),
                             capacity=arrivals.TRUCK_CARS)]
        at = next((h for h in truck["entry"] if not _beside_enemy(pos, h)), None)
        if at is None:
            return [Event.of("truck_caught", side=pos.acting, truck=truck["id"], at=truck["entry"][0],
                             cars=cars(cargo))]
        return [Event.of("marker_placed", place=at, marker="truck", id=truck["id"], side=pos.acting,
                         value=cars(cargo)),
                Event.of("value_set", key=f"transport.cargo.{truck['id']}", value=[list(c) for c in cargo])]
    mine = [t for t in arrivals.tables(pos.scenario, "allowance") if t["side"] == pos.acting]
    entry = next((t["entry"] for t in mine if t["day"] == pos.turn.day), mine[0]["entry"])
    at = next((h for h in entry if not pos.units_in(h, pos.enemy(pos.acting))), None)
    if at is None:
        return [Event.of("supply_blocked", side=pos.acting, at=entry[0])]
    events: list[Event] = []
    for kind, n in cargo:
        events += add_marker(pos.at(fold(pos.state, events)), at, kind, n, pos.acting)
    return events


def _beside_enemy(pos: Position, label: str) -> bool:
    """R16.D.3: a Truck in `label` would be in or next to an enemy unit, and removed from play."""
    enemy = pos.enemy(pos.acting)
    return any(pos.units_in(x, enemy) for x in (label, *pos.neighbours(label)))


def truck_on_map(pos: Position) -> tuple[str, str] | None:
    """(truck id, hex) of the acting side's loaded Truck on the map."""
    for place, markers in sorted(pos.state.markers.items()):
        for m in markers:
            if m.kind == "truck" and m.side == pos.acting:
                return m.id, place
    return None


def truck_reach(pos: Position, start: str) -> dict[str, Fraction]:
    """R16.D.1: hex -> hexes spent reaching it along Highways and Roads from `start`, at most 60: a
    Road costs 2 on Wet ground, as does a hex with Refugees (both: 3); never next to an enemy."""
    best = {start: Fraction(0)}
    frontier = [start]
    while frontier:
        here = frontier.pop(0)
        for n in pos.neighbours(here):
            lines = pos.lines_between(here, n) & {"highway", "road"}
            if not lines or _beside_enemy(pos, n):
                continue
            cost = 1
            if "highway" not in lines and weather.wet(pos):
                cost += 1
            if pos.marker(n, "refugees") is not None:
                cost += 1
            total = best[here] + cost
            if total <= arrivals.TRUCK_HEXES and total < best.get(n, Fraction(arrivals.TRUCK_HEXES + 1)):
                best[n] = total
                frontier.append(n)
    return best


def drive(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.D.1: the Truck drives along Highways and Roads and drops its cargo where it stops."""
    found = truck_on_map(pos)
    if len(order.args) != 2 or found is None or order.args[0] != found[0]:
        raise IllegalOrder(Refusal("no loaded Truck of yours by that id: drive TRUCK HEX", "R16.D"))
    truck, at = found
    label = order.args[1]
    if label == at or label not in truck_reach(pos, at):
        raise IllegalOrder(Refusal(f"{label} is not within 60 hexes of Highway and Road from {at}, "
                                   f"away from enemies", "R16.D.1"))
    return [Event.of("marker_removed", place=at, marker="truck", id=truck),
            Event.of("marker_placed", place=label, marker="truck", id=truck, side=pos.acting,
                     value=pos.marker(at, "truck", truck).value)]  # type: ignore[union-attr]


def _unload(pos: Position) -> list[Event]:
    """R16.D.1.a: the Truck drops its cargo where it stands and leaves the map."""
    found = truck_on_map(pos)
    if found is None:
        return []
    truck, at = found
    events = [Event.of("marker_removed", place=at, marker="truck", id=truck)]
    for kind, n in dawn.plain(pos.state.values.get(f"transport.cargo.{truck}", [])):
        events += add_marker(pos.at(fold(pos.state, events)), at, kind, n, pos.acting)
    return [*events, Event.of("value_set", key=f"transport.cargo.{truck}", value=[])]


# --- the phase ---


ORDERS: Mapping[str, Handler] = {"enter": enter, "drive": drive, **landings.ORDERS, **transports.ORDERS}


def orders(pos: Position) -> list[Order]:
    found = [Order("enter", (u, h)) for u in due(pos) for h in entries(pos, u)]
    truck = truck_on_map(pos)
    if truck is not None:
        reach = truck_reach(pos, truck[1])
        found += [Order("drive", (truck[0], h)) for h in sorted(reach) if h != truck[1]]
    return found + landings.orders(pos) + transports.orders(pos)


def begin(pos: Position, dice: Dice) -> list[Event]:
    """The Full Turn's Support and Sorties published (at its first player turn), the cargo due
    now loaded or placed, the drops and landings due now landed."""
    events = dawn.publish(pos) if pos.acting == pos.offensive else []
    events += transports.switch_sides(pos.at(fold(pos.state, events)))
    events += transports.arrive(pos.at(fold(pos.state, events)))
    events += _deliver(pos.at(fold(pos.state, events)))
    return events + landings.land(pos.at(fold(pos.state, events)), dice)


def finish(pos: Position, dice: Dice) -> list[Event]:
    """The Truck unloads and leaves; reinforcements not entered come a Full Turn later (R23.A);
    air-dropped units still at zero strength are eliminated (R16.A.2b)."""
    events = _unload(pos)
    late = due(pos)
    nxt = dawn.later(pos, pos.turn.id, 1)
    if late and nxt is not None:
        p = dawn.plan(pos, pos.acting)
        p["coming"] = [c for c in p["coming"] if c["unit"] not in late]
        for u in late:
            p["reinforcements"].pop(u, None)
            p["coming"].append({"kind": "unit", "unit": u, "n": 1, "turn": nxt})
        events += [Event.of("value_set", key=dawn.key(pos.acting), value=p),
                   Event.of("reinforcements_delayed", side=pos.acting, units=late, to=nxt)]
    return events + landings.finish(pos.at(fold(pos.state, events)))


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    return not orders(pos)


#: Each Transport Phase order's form and what it does, for the prompt (in the order they are listed).
FORMS: Mapping[str, str] = {
    "enter": "enter UNIT HEX: a reinforcement due now comes on at an entry hex of its map edge; one not "
             "entered comes a Full Turn later (R23.A)",
    "drive": "drive TRUCK HEX: the Truck drives up to 60 hexes of Highway and Road, never next to an enemy, "
             "and drops all its cargo where it stands when the phase ends (R16.D)",
    "rail": "rail TRAIN HEX|HEX: the Train runs along the railline to that hexside; an enemy beside the "
            "line may wreck it (R16.C.1, R16.C.3)",
    "board": "board TRAIN UNIT: a Company or Battery beside the Train gets on (R16.C.1.c)",
    "sail": "sail SHIP HEX: the Ship sails through Deep Sea to that hex, stopping in a Port (R16.E.1)",
    "unload": "unload ID ITEM HEX: a unit or one kind of cargo is put down beside the Train's hexside, or "
              "in the Ship's Port (R16.C.1.a, R16.E.1.a)",
    "leave": "leave ID: the Train (empty) or Ship leaves the map by its exit, to reload at a Dawn Briefing "
             "(R16)",
    "improve": "improve UNIT: an air-dropped unit tries to spend D5-1 MPs and more to gain a step; one "
               "still at zero strength when the phase ends is eliminated (R16.A.2b)",
}


def prompt(pos: Position) -> str:
    """R16: what the phase is for, in a line (each order's note says what it does: `screen_orders`)."""
    return "bring on this Full Turn's arrivals, then end (R16)"


# --- words ---


def _delayed(pos: Position, e: Event) -> str:
    turn = next(t.name for t in pos.scenario.turns if t.id == e["to"])
    return f"{', '.join(e['units'])} did not enter and will come in {turn} instead (R23.A)"


def _refused(pos: Position, e: Event) -> str:
    who = side_name(pos.scenario, e["side"])
    return (f"{who}'s cargo of {e['cars']} cars does not fit Truck {e['truck']} "
            f"({e['capacity']} cars) and is lost (R16.D.2)")


def _caught(pos: Position, e: Event) -> str:
    who = side_name(pos.scenario, e["side"])
    return (f"{who}'s Truck {e['truck']} would enter at {e['at']}, next to the enemy: it is removed from "
            f"play with its {e['cars']} cars of cargo (R16.D.3)")


def _blocked(pos: Position, e: Event) -> str:
    who = side_name(pos.scenario, e["side"])
    return f"the enemy holds {who}'s supply entry at {e['at']}: the supplies due now are lost (R23.D)"


WORDS = {"supply_blocked": _blocked, "reinforcements_delayed": _delayed, "cargo_refused": _refused,
         "truck_caught": _caught, **landings.WORDS, **transports.WORDS}


def _explain_enter(pos: Position, order: Order) -> Explanation | Refusal:
    return Explanation("the reinforcement appears at this entry hex of its map edge (R23.A)")


def _explain_drive(pos: Position, order: Order) -> Explanation | Refusal:
    return Explanation("the Truck drives up to 60 hexes of Highway and Road (Wet Roads and Refugees cost 2) "
                       "and drops its cargo where it stops at the end of the phase (R16.D)")


def _explain_form(verb: str) -> Any:
    def explain(pos: Position, order: Order) -> Explanation | Refusal:
        """What the order does: its sentence of the prompt (R16.C, R16.E)."""
        return Explanation(FORMS[verb].split(": ", 1)[1])
    return explain


EXPLAIN = {"enter": _explain_enter, "drive": _explain_drive, **landings.EXPLAIN,
           **{verb: _explain_form(verb) for verb in transports.ORDERS}}
