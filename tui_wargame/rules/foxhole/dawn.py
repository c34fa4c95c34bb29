"""Foxhole R23 (R14.D, R3.B.3b): the Dawn Briefing, where each side plans its Day.

Before a Day's first Full Turn the Defensive, then the Offensive player allocates the Day's
Reinforcements to Full Turns (R23.A), each Support element (R23.B; two may be sacrificed to
give a third the power of Siege Artillery) and each Sortie (R23.C, R5.D) to a Full Turn, and the
Day's Supply Points to Full Turns, some exchanged for Bridging Implements (R23.D), and loads its
Trains and Ships and picks the Full Turn each arrives (R3.B.3b, R16.C.2, R16.E.2).

The plan is the State value `dawn.plan.<side>` (see `plan`). Everything starts in the Day's
first Full Turn and the orders move it; what is left of the allowance arrives as Supply Points
then. At the start of each Full Turn the Support and Sorties due are published in
`dawn.available` (see `available`), from which the Barrage Phase fires them (`use`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, Turn
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.foxhole import arrivals, weather
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler
from tui_wargame.text import plural, side_name

RULE = "R23"
AVAILABLE = "dawn.available"
SUPPORT, AIR, GUN = "support", "air", "gun"
SUPPORT_FIREPOWER = 20  # R23.B-C: a Support Barrage or an Air Sortie is 20 Hard and 20 Soft


def plain(value: Any) -> Any:
    """A State value as plain dicts and lists, to change and set again."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def check(scenario: Scenario) -> list[str]:
    return arrivals.problems(scenario)


# --- the plan ---


def key(side: str) -> str:
    return f"dawn.plan.{side}"


def plan(pos: Position, side: str) -> dict[str, Any]:
    """`side`'s plan for the Day: `day`; `reinforcements` unit -> turn id; `support` id -> turn id;
    `siege` the Support ids with Siege power; `sorties` id -> turn id; `supply` turn id -> Supply
    Points; `bridging` a list of {kind, turn}; `left` the allowance not yet allocated;
    `transports` Train or Ship id -> turn id and `cargo` id -> [[kind, number]] (R16.C.2);
    `coming` what earlier Days sent to come later ({kind, unit, n, turn}, R25.D.5); `aims` unit ->
    the hex written down for its drop or landing; `airlifts` Air Sortie -> {load, hex, turn}
    (R16.A.1). Before the side's first order of the Day it is the Day's fresh plan (the game's
    first Briefing begins with the set-up, which calls no `begin`)."""
    found = plain(pos.state.values.get(key(side), {}))
    return found if found.get("day") == pos.turn.day else _new_plan(pos, side)


def played(pos: Position, turn: Turn) -> bool:
    """Whether a Full Turn has player turns, and so a Transport Phase to bring anything on: a
    Night has none without the `night-turns` rule (R9)."""
    return not (turn.night and not pos.option("night-turns"))


def day_turns(pos: Position) -> list[str]:
    """The ids of the Full Turns of the Day being briefed (or played) that have player turns, in
    which the Briefing may send something (R23, R9)."""
    today = [t for t in pos.scenario.turns if t.day == pos.turn.day]
    return [t.id for t in today if played(pos, t)] or [t.id for t in today]


def _new_plan(pos: Position, side: str) -> dict[str, Any]:
    """The Day's plan before any order: everything in its first Full Turn (R23)."""
    scenario, day = pos.scenario, pos.turn.day
    first = day_turns(pos)[0]
    units = [u for t in arrivals.tables(scenario, "reinforcements") if t["side"] == side and t["day"] == day
             for u in t["units"]
             if not scenario.grid.on_map(pos.location(u)) and pos.location(u) != "eliminated"]
    points = sum(t["points"] for t in arrivals.tables(scenario, "allowance")
                 if t["side"] == side and t["day"] == day)
    return {
        "day": day,
        "reinforcements": dict.fromkeys(units, first),
        "support": {t["id"]: first for t in arrivals.tables(scenario, "support")
                    if t["side"] == side and arrivals.on(t, day)},
        "siege": [],
        "sorties": {t["id"]: first for t in arrivals.tables(scenario, "sorties")
                    if t["side"] == side and arrivals.on(t, day)},
        "supply": {},
        "bridging": [],
        "left": points,
        "transports": {t["id"]: first for t in arrivals.tables(scenario, "transports")
                       if t["side"] == side and t["kind"] != arrivals.TRUCK and arrivals.on(t, day)
                       and not _on_map(pos, t["id"])},
        "cargo": {},
        "coming": _still_coming(pos, side, first),
        "aims": {},
        "airlifts": {},
    }


def _still_coming(pos: Position, side: str, first: str) -> list[dict[str, Any]]:
    """R25.D.5, R23.A: what earlier Days sent (or put off) that has not come yet."""
    old = plain(pos.state.values.get(key(side), {}))
    turns = [t.id for t in pos.scenario.turns]
    return [c for c in old.get("coming", []) if turns.index(c["turn"]) >= turns.index(first)]


def _delay(pos: Position, side: str, name: str, unit: str = "") -> int:
    """R25.D.5: the Full Turns by which the Day's `name` table ("reinforcements", "allowance") of
    `side` comes later than planned (its `delay`, 0 if none)."""
    return max([t.get("delay", 0) for t in arrivals.tables(pos.scenario, name)
                if t["side"] == side and t["day"] == pos.turn.day and (not unit or unit in t["units"])],
               default=0)


def later(pos: Position, turn: str, by: int) -> str | None:
    """The id of the Full Turn `by` after `turn`, or of the next one with player turns if that one
    has none (a Night without the `night-turns` rule, R9); None past the game's end."""
    turns = pos.scenario.turns
    i = [t.id for t in turns].index(turn) + by
    while i < len(turns) and not played(pos, turns[i]):
        i += 1
    return turns[i].id if i < len(turns) else None


def _on_map(pos: Position, tid: str) -> bool:
    """R16.C.1.b, R16.E.1.c: a Train or Ship still on the map cannot reload."""
    return any(m.id == tid and m.kind in (arrivals.TRAIN, arrivals.SHIP)
               for markers in pos.state.markers.values() for m in markers)


def _truck(pos: Position, side: str) -> Mapping[str, Any] | None:
    """The side's Truck serving today (R16.D), if any."""
    return next((t for t in arrivals.tables(pos.scenario, "transports")
                 if t["side"] == side and t["kind"] == arrivals.TRUCK and arrivals.on(t, pos.turn.day)), None)


def _turn_cargo(p: Mapping[str, Any], turn: str,
                extra: Sequence[Any] = ("supply-points", 0)) -> list[list[Any]]:
    """The Supply Points and implements the plan sends in `turn`, with `extra` ([kind, number])."""
    points = p["supply"].get(turn, 0) + (extra[1] if extra[0] == "supply-points" else 0)
    cargo = [["supply-points", points]] + [[b["kind"], 1] for b in p["bridging"] if b["turn"] == turn]
    return cargo + ([list(extra)] if extra[0] != "supply-points" else [])


def truck_room(pos: Position, p: Mapping[str, Any], turn: str) -> int | None:
    """R16.D.2, R25.D.5: the cars still free on the side's Truck in `turn` after the Supply Points
    and implements the plan sends then (None without a Truck today: then nothing limits them)."""
    if _truck(pos, pos.acting) is None:
        return None
    return arrivals.TRUCK_CARS - arrivals.cargo_cars(pos.scenario, _turn_cargo(p, turn))


def _fits(pos: Position, p: Mapping[str, Any], turn: str, item: Sequence[Any]) -> bool:
    """Whether `item` ([kind, number]) still fits on the side's Truck in `turn` (R16.D.2)."""
    return (_truck(pos, pos.acting) is None
            or arrivals.cargo_cars(pos.scenario, _turn_cargo(p, turn, item)) <= arrivals.TRUCK_CARS)


def _too_big(pos: Position, turn: str) -> Refusal:
    truck = _truck(pos, pos.acting)
    return Refusal(f"Truck {truck['id'] if truck else ''} carries {arrivals.TRUCK_CARS} cars (five Supply "
                   f"Points or one Boat a car) in {turn}, and this does not fit; choose another Full Turn",
                   "R16.D.2")


def _set(side: str, p: Mapping[str, Any]) -> Event:
    return Event.of("value_set", key=key(side), value=dict(p))


# --- orders ---


def _turn(pos: Position, word: str) -> str:
    if word not in day_turns(pos):
        night = any(t.id == word and t.day == pos.turn.day for t in pos.scenario.turns)
        why = (f"{word} has no player turns (Night player turns are the optional rule night-turns), so "
               f"nothing arrives in it" if night else f"{word} is not a Full Turn of this Day")
        raise IllegalOrder(Refusal(f"{why}: choose {turn_words(pos)}", "R9" if night else RULE))
    return word


def _moved(pos: Position, table: dict[str, str], key: str, word: str, rule: str) -> None:
    """Moves `key` of a plan table to the Full Turn `word`; naming the turn it is on already is
    refused, so that no order leaves the plan as it was (R23: `orders` lists only changes)."""
    turn = _turn(pos, word)
    if table[key] == turn:
        raise IllegalOrder(Refusal(f"{key} is planned for {turn} already: name another Full Turn", rule))
    table[key] = turn


def _args(order: Order, n: int, form: str) -> tuple[str, ...]:
    if len(order.args) != n:
        raise IllegalOrder(Refusal(f"`{order.verb}` takes {form}", RULE))
    return order.args


def _scheduling(key: str, what: str, rule: str, form: str) -> Handler:
    """An order choosing the Full Turn of one of today's items of the plan's `key` table."""

    def schedule(pos: Position, order: Order, dice: Dice) -> list[Event]:
        item, turn = _args(order, 2, form)
        p = plan(pos, pos.acting)
        if item not in p[key]:
            raise IllegalOrder(Refusal(f"{item} is not {what}", rule))
        _moved(pos, p[key], item, turn, rule)
        return [_set(pos.acting, p)]

    return schedule


#: R23.A the Full Turn a reinforcement appears; R23.B the Full Turn a Support may fire (once a Day);
#: R23.C, R5.D the time of day a Sortie flies (once a Day).
reinforce = _scheduling("reinforcements", "one of today's reinforcements", "R23.A",
                        "a unit and a Full Turn: reinforce UNIT TURN")
support = _scheduling("support", "a Support of yours today", "R23.B",
                      "a Support and a Full Turn: support ID TURN")
sortie = _scheduling("sorties", "a Sortie of yours today", "R23.C",
                     "a Sortie and a Full Turn: sortie ID TURN")


def siege(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.B: two Support Barrages given up so that a third fires as Siege Artillery."""
    sid, *given = _args(order, 3, "the Support to strengthen and the two given up: siege ID ID ID")
    p = plan(pos, pos.acting)
    ids = [sid, *given]
    if len(set(ids)) != 3 or not all(i in p["support"] for i in ids):
        raise IllegalOrder(Refusal("name three different Supports of yours today", "R23.B"))
    if sid in p["siege"]:
        raise IllegalOrder(Refusal(f"{sid} has Siege power already", "R23.B"))
    for i in given:
        del p["support"][i]
        if i in p["siege"]:
            p["siege"].remove(i)
    p["siege"].append(sid)
    return [_set(pos.acting, p)]


def supply(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.D: Supply Points of the Day's allowance to show up in a Full Turn."""
    number, turn = _args(order, 2, "a number of Supply Points and a Full Turn: supply N TURN")
    p = plan(pos, pos.acting)
    if not number.isdigit() or not 1 <= int(number) <= p["left"]:
        raise IllegalOrder(Refusal(f"{number} Supply Points: {p['left']} of today's allowance are left",
                                   "R23.D"))
    turn = _turn(pos, turn)
    if not _fits(pos, p, turn, ["supply-points", int(number)]):
        raise IllegalOrder(_too_big(pos, turn))
    p["left"] -= int(number)
    p["supply"][turn] = p["supply"].get(turn, 0) + int(number)
    return [_set(pos.acting, p)]


def buy(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.D: a Bridging Implement bought with Supply Points of the allowance, for a Full Turn."""
    kind, turn = _args(order, 2, "an implement and a Full Turn: buy KIND TURN")
    price = arrivals.BRIDGING_PRICES.get(kind)
    if price is None:
        known = ", ".join(arrivals.BRIDGING_PRICES)
        raise IllegalOrder(Refusal(f"{kind} is not a Bridging Implement ({known})", "R23.D"))
    p = plan(pos, pos.acting)
    if price > p["left"]:
        raise IllegalOrder(Refusal(f"a {kind} costs {price} Supply Points; {p['left']} are left", "R23.D"))
    turn = _turn(pos, turn)
    if not _fits(pos, p, turn, [kind, 1]):
        raise IllegalOrder(_too_big(pos, turn))
    p["left"] -= price
    p["bridging"].append({"kind": kind, "turn": turn})
    return [_set(pos.acting, p)]


def transport(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R3.B.3b, R16: the Full Turn a Train or Ship arrives."""
    tid, turn = _args(order, 2, "a Transport and a Full Turn: transport ID TURN")
    p = plan(pos, pos.acting)
    if tid not in p["transports"]:
        raise IllegalOrder(Refusal(f"{tid} is not a Train or Ship of yours off the map today", "R16"))
    _moved(pos, p["transports"], tid, turn, "R16")
    return [_set(pos.acting, p)]


def _load_item(pos: Position, p: dict[str, Any], tid: str, word: str) -> tuple[list[Any], int, str]:
    """(cargo item, Supply Points it costs, why not or "") of loading `word` on `tid`."""
    kind = next(t["kind"] for t in arrivals.tables(pos.scenario, "transports") if t["id"] == tid)
    if word in p["reinforcements"]:
        if kind != arrivals.TRAIN:
            return [], 0, "only Trains carry units here (R16.D.2; units leave Ships by moving, R16.E.1.a)"
        return ["unit", word], 0, ""
    if word == "supply":
        return ["supply-points", 5], 5, ""
    if word in arrivals.BRIDGING_PRICES:
        return [word, 1], arrivals.BRIDGING_PRICES[word], ""
    return [], 0, f"{word} is not one of today's reinforcements, supply (5 points) or a Bridging Implement"


def load(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.C.2, R16.E.2: a reinforcement, five Supply Points or a Bridging Implement put aboard a
    Train or Ship, within its cars; what is aboard arrives with it, not by itself."""
    tid, word = _args(order, 2, "a Transport and an item: load ID UNIT|supply|IMPLEMENT")
    p = plan(pos, pos.acting)
    if tid not in p["transports"]:
        raise IllegalOrder(Refusal(f"{tid} is not a Train or Ship of yours off the map today", "R16.C.1.b"))
    item, price, why = _load_item(pos, p, tid, word)
    if why:
        raise IllegalOrder(Refusal(why, "R16.C.2"))
    if price > p["left"]:
        raise IllegalOrder(Refusal(f"{word} costs {price} Supply Points; {p['left']} are left", "R23.D"))
    aboard = [*p["cargo"].get(tid, []), item]
    cars = next(t["cars"] for t in arrivals.tables(pos.scenario, "transports") if t["id"] == tid)
    if arrivals.cargo_cars(pos.scenario, aboard) > cars:
        raise IllegalOrder(Refusal(f"{tid} has {cars} cars: {word} does not fit", "R16.C.2"))
    p["cargo"][tid] = aboard
    p["left"] -= price
    if item[0] == "unit":
        del p["reinforcements"][word]
    return [_set(pos.acting, p)]


#: R16.A.1: what an Air Sortie may drop instead of its Barrage: load -> [(marker kind, number)].
AIRLIFTS: Mapping[str, tuple[tuple[str, int], ...]] = {
    "supply": (("supply-points", 10),), "rafts": (("rafts", 2),),
    "mixed": (("supply-points", 5), ("rafts", 1)),
}


def aimed(pos: Position, side: str) -> dict[str, str]:
    """R16.A-B, R3.B.3b: unit -> the target hex of each of `side`'s drops and landings due today."""
    today = set(day_turns(pos))
    first = pos.scenario.turns[0].id
    return {u: t["target"] for name in ("drops", "landings") for t in arrivals.tables(pos.scenario, name)
            if t["side"] == side and t.get("turn", first) in today
            for u in t["units"] if not pos.on_map(u) and pos.location(u) != "eliminated"}


def _land_hex(pos: Position, label: str) -> bool:
    return pos.scenario.grid.on_map(label) and pos.hex_type(label).mp is not None


def aim(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.A, R16.B, R3.B.3b: the player writes down where a unit due today drops or lands: any
    land hex for a drop, a land hex on the shore for a landing."""
    unit, label = _args(order, 2, "a unit and a hex: aim UNIT HEX")
    if unit not in aimed(pos, pos.acting):
        raise IllegalOrder(Refusal(f"{unit} does not drop or land today", "R16.A"))
    landing = any(unit in t["units"] for t in arrivals.tables(pos.scenario, "landings"))
    if not (arrivals.shore(pos.scenario, label) if landing else _land_hex(pos, label)):
        what = "a land hex on the shore" if landing else "a land hex of the map"
        raise IllegalOrder(Refusal(f"{label} is not {what}", "R16.B" if landing else "R16.A"))
    p = plan(pos, pos.acting)
    p["aims"][unit] = label
    return [_set(pos.acting, p)]


def airlift(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.A.1: an Air Sortie drops ten Supply Points, two Rafts, or five and a Raft instead of
    its Barrage, in the Full Turn it flies."""
    sortie, load_, label = _args(order, 3,
                                 "an Air Sortie, a load and a hex: airlift ID supply|rafts|mixed HEX")
    p = plan(pos, pos.acting)
    kinds = {t["id"]: t["kind"] for t in arrivals.tables(pos.scenario, "sorties")}
    if sortie not in p["sorties"] or kinds.get(sortie) != AIR:
        raise IllegalOrder(Refusal(f"{sortie} is not an Air Sortie of yours today", "R16.A.1"))
    if load_ not in AIRLIFTS:
        raise IllegalOrder(Refusal(f"an airlift drops supply, rafts or mixed, not {load_}", "R16.A.1"))
    if not _land_hex(pos, label):
        raise IllegalOrder(Refusal(f"{label} is not a land hex of the map", "R16.A.1"))
    p["airlifts"][sortie] = {"load": load_, "hex": label, "turn": p["sorties"].pop(sortie)}
    return [_set(pos.acting, p)]


ORDERS: Mapping[str, Handler] = {
    "aim": aim, "airlift": airlift,
    "reinforce": reinforce, "support": support, "siege": siege, "sortie": sortie, "supply": supply,
    "buy": buy,
    "transport": transport, "load": load,
}


def orders(pos: Position) -> list[Order]:
    """Every change of the plan, one order each (a Supply order for one point or for all left)."""
    p = plan(pos, pos.acting)
    turns = day_turns(pos)
    found = [Order("reinforce", (u, t)) for u, at in p["reinforcements"].items() for t in turns if t != at]
    found += [Order("support", (s, t)) for s, at in p["support"].items() for t in turns if t != at]
    ids = sorted(set(p["support"]) - set(p["siege"]))
    if len(p["support"]) >= 3 and ids:
        given = [i for i in sorted(p["support"]) if i != ids[0]][:2]
        found.append(Order("siege", (ids[0], *given)))
    found += [Order("sortie", (s, t)) for s, at in p["sorties"].items() for t in turns if t != at]
    for n in sorted({1, p["left"]} - {0}):
        found += [Order("supply", (str(n), t)) for t in turns
                  if n <= p["left"] and _fits(pos, p, t, ["supply-points", n])]
    for k, price in arrivals.BRIDGING_PRICES.items():
        first = next((t for t in turns if _fits(pos, p, t, [k, 1])), None)
        if price <= p["left"] and first is not None:
            found.append(Order("buy", (k, first)))
    for unit, target in aimed(pos, pos.acting).items():
        landing = any(unit in t["units"] for t in arrivals.tables(pos.scenario, "landings"))
        near = [h for h in (target, *pos.scenario.grid.around(target, 2)) if _land_hex(pos, h)]
        shore = [h for h in pos.scenario.grid.labels() if arrivals.shore(pos.scenario, h)]
        places = shore if landing else near
        found += [Order("aim", (unit, h)) for h in sorted(places) if h != p["aims"].get(unit, target)]
    air = {t["id"] for t in arrivals.tables(pos.scenario, "sorties") if t["kind"] == AIR}
    friends = sorted({pos.location(u) for u in pos.units_of(pos.acting)})
    found += [Order("airlift", (s, load_, h)) for s in p["sorties"] if s in air
              for load_ in AIRLIFTS for h in friends]
    for tid, at in p["transports"].items():
        found += [Order("transport", (tid, t)) for t in turns if t != at]
        for word in [*p["reinforcements"], "supply", *arrivals.BRIDGING_PRICES]:
            item, price, why = _load_item(pos, p, tid, word)
            cars = next(t["cars"] for t in arrivals.tables(pos.scenario, "transports") if t["id"] == tid)
            if not why and price <= p["left"] and \
                    arrivals.cargo_cars(pos.scenario, [*p["cargo"].get(tid, []), item]) <= cars:
                found.append(Order("load", (tid, word)))
    return found


def settled(pos: Position) -> frozenset[str]:
    """R23.A, R16.A-B: the acting side's arrivals the Briefing has dealt with: a reinforcement
    moved from the Day's first Full Turn (where an untimed one comes), a drop or landing aimed
    (each could still be changed, so its orders stay legal)."""
    p = plan(pos, pos.acting)
    first = day_turns(pos)[0]
    return frozenset({u for u, turn in p["reinforcements"].items() if turn != first} | set(p["aims"]))


def begin(pos: Position, dice: Dice) -> list[Event]:
    """R23: a fresh plan for the Day."""
    return [_set(pos.acting, _new_plan(pos, pos.acting))]


def finish(pos: Position, dice: Dice) -> list[Event]:
    """R23.D: what is left of the allowance shows up as Supply Points in the Day's first Full Turn,
    or, with a Truck, in the first Full Turns with room on it (R16.D.2); what no Truck can carry
    today does not come (R25.D.5: never more than the Transport of the turn). R25.D.5: what a
    table with a `delay` sends comes that many Full Turns after the one chosen
    (into `coming`, kept across Days); what would come after the game's end never comes."""
    side = pos.acting
    p = plan(pos, side)
    events: list[Event] = []
    for turn in day_turns(pos):
        room = truck_room(pos, p, turn)
        if not p.get("left") or room == 0:
            continue
        if room is None:
            n = p["left"]
        else:  # R16.D.2: what the Truck still carries, filling the part-used car first
            n = min(p["left"], room * 5 + (-p["supply"].get(turn, 0)) % 5)
        p["supply"][turn] = p["supply"].get(turn, 0) + n
        p["left"] -= n
    if p["left"]:
        events.append(Event.of("allowance_unsent", side=side, n=p["left"], cars=arrivals.TRUCK_CARS))
        p["left"] = 0
    sent: list[dict[str, Any]] = []
    for unit, turn in list(p["reinforcements"].items()):
        if _delay(pos, side, "reinforcements", unit):
            sent.append({"kind": "unit", "unit": unit, "n": 1, "turn": turn,
                         "delay": _delay(pos, side, "reinforcements", unit)})
            del p["reinforcements"][unit]
    delay = _delay(pos, side, "allowance")
    if delay:
        sent += [{"kind": "supply-points", "unit": "", "n": n, "turn": t, "delay": delay}
                 for t, n in p["supply"].items()]
        sent += [{"kind": b["kind"], "unit": "", "n": 1, "turn": b["turn"], "delay": delay}
                 for b in p["bridging"]]
        p["supply"], p["bridging"] = {}, []
    for item in sent:
        arrives = later(pos, item.pop("turn"), item.pop("delay"))
        if arrives is not None:
            p["coming"].append({**item, "turn": arrives})
    return [*events, _set(side, p)]


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    """Nothing to allocate: no reinforcements, Support, Sorties or Supply today."""
    return not orders(pos)


def part(pos: Position, turn_id: str) -> str:
    """A Full Turn of the Day as a player reads it, its part of the Day ("Afternoon"); one of
    another Day by its name ("Day 2 Morning"). Its id ("1pm") reads like a clock time."""
    turn = next((t for t in pos.scenario.turns if t.id == turn_id), None)
    if turn is None:
        return turn_id
    return turn.time.capitalize() if turn.day == pos.turn.day and turn.time else turn.name


def turn_words(pos: Position) -> str:
    """Today's Full Turns by name, then as the orders name them: "Morning, Afternoon, Night (in
    orders 1am, 1pm, 1nt)"."""
    today = day_turns(pos)
    return f"{', '.join(part(pos, t) for t in today)} (in orders {', '.join(today)})"


def _plan_words(pos: Position, p: Mapping[str, Any]) -> list[str]:
    """The plan as it stands, one short phrase per kind of arrival, each Full Turn by its part of
    the Day and each Support and Sortie by its name."""
    def at(items: Mapping[str, str], marked: Sequence[str] = ()) -> str:
        return ", ".join(f"{arrivals.element_name(pos.scenario, k)}{' (Siege)' if k in marked else ''} "
                         f"{part(pos, t)}" for k, t in items.items())

    found = []
    if p["reinforcements"]:
        found.append(f"reinforcements {at(p['reinforcements'])}")
    if p["support"]:
        found.append(f"Support {at(p['support'], p['siege'])}")
    if p["sorties"]:
        found.append(f"Sorties {at(p['sorties'])}")
    for sortie, lift in p["airlifts"].items():
        found.append(f"airlift {arrivals.element_name(pos.scenario, sortie)} {lift['load']} to {lift['hex']} "
                     f"{part(pos, lift['turn'])}")
    sent = ([f"{n} {part(pos, t)}" for t, n in p["supply"].items()]
            + [f"{b['kind']} {part(pos, b['turn'])}" for b in p["bridging"]])
    if sent:
        found.append(f"Supply Points {', '.join(sent)}")
    if p["left"]:
        found.append(f"{p['left']} Supply Points not yet sent (they come in the first Full Turn with room)")
    kinds = {t["id"]: t["kind"].capitalize() for t in arrivals.tables(pos.scenario, "transports")}
    for tid, turn in p["transports"].items():
        aboard = ", ".join(f"{n}" if k == "unit" else f"{k}" for k, n in p["cargo"].get(tid, [])) or "empty"
        found.append(f"{kinds[tid]} {tid} {part(pos, turn)} ({aboard})")
    found += [f"{u} aims at {h}" for u, h in {**aimed(pos, pos.acting), **p["aims"]}.items()]
    for name, what in (("reinforcements", "reinforcements"), ("allowance", "Supply Points")):
        if _delay(pos, pos.acting, name):
            by = _delay(pos, pos.acting, name)
            found.append(f"{what} come {plural(by, 'Full Turn')} after the one chosen (R25.D.5)")
    if p["coming"]:
        found.append("still coming: " + ", ".join(
            f"{c['unit'] or str(c['n']) + ' ' + c['kind']} {part(pos, c['turn'])}" for c in p["coming"]))
    return found


#: Each Briefing order's form and what it does, for the prompt (in the order they are listed).
FORMS: Mapping[str, str] = {
    "reinforce": "reinforce UNIT TURN: the Full Turn a reinforcement enters at its map edge (R23.A)",
    "support": "support ID TURN: the Full Turn a Support Barrage may fire (R23.B)",
    "siege": "siege ID ID ID: the first fires as Siege Artillery, the other two are given up (R23.B)",
    "sortie": "sortie ID TURN: the Full Turn a Sortie flies (R23.C)",
    "supply": "supply N TURN: N Supply Points of the allowance come in that Full Turn (R23.D)",
    "buy": "buy KIND TURN: a Bridging Implement bought with Supply Points of the allowance: "
           + ", ".join(f"{k} {n}" for k, n in arrivals.BRIDGING_PRICES.items()) + " (R23.D)",
    "transport": "transport ID TURN: the Full Turn a Train or Ship arrives (R16)",
    "load": "load ID UNIT|supply|KIND: put a reinforcement, 5 Supply Points or an implement aboard (R16.C.2)",
    "aim": "aim UNIT HEX: the hex a drop or landing aims at (R16.A-B)",
    "airlift": "airlift SORTIE supply|rafts|mixed HEX: an Air Sortie drops supplies instead (R16.A.1)",
}


def prompt(pos: Position) -> str:
    """R23: what the Briefing is for in a line, then today's Full Turns and the plan so far (the
    order forms are each order's note: `screen_orders`)."""
    p = plan(pos, pos.acting)
    first = day_turns(pos)[0]
    plan_now = "; ".join(_plan_words(pos, p)) or "nothing arrives today"
    return (f"Dawn Briefing (R23): time the arrivals, then end. Today: {turn_words(pos)}; "
            f"untimed arrivals come in the {part(pos, first)}. Plan: {plan_now}")


# --- what the Barrage Phase may fire now (R18.A.e, R23.B-C) ---


def publish(pos: Position) -> list[Event]:
    """At the start of a Full Turn: `dawn.available` = side -> the Support and Sorties due now.
    A Storm grounds this Full Turn's Air Sorties for the rest of the Day (R8.C.4)."""
    table: dict[str, list[dict[str, Any]]] = {}
    events: list[Event] = []
    now = pos.turn.id
    storm = weather.air_grounded(pos)
    sorties = {t["id"]: t for t in arrivals.tables(pos.scenario, "sorties")}
    for side in pos.scenario.side:
        p = plan(pos, side)
        due: list[dict[str, Any]] = [
            {"kind": SUPPORT, "id": s, "siege": s in p["siege"], "range": 0, "turn": pos.state.turn}
            for s, at in sorted(p.get("support", {}).items()) if at == now]
        for s, at in sorted(p.get("sorties", {}).items()):
            if at != now:
                continue
            kind = sorties[s]["kind"]
            if kind == AIR and storm:
                events.append(Event.of("sortie_grounded", side=side, sortie=s))
                continue
            entry = {"kind": kind, "id": s, "siege": False, "range": int(sorties[s].get("range", 0)),
                     "turn": pos.state.turn}
            if "airfield" in sorties[s]:
                entry["airfield"] = sorties[s]["airfield"]  # R25.A.1: it flies from the map
            due.append(entry)
        table[side] = due
    return [*events, Event.of("value_set", key=AVAILABLE, value=table)]


def available(pos: Position, side: str) -> list[Mapping[str, Any]]:
    """The Support and Sorties `side` may fire in this Full Turn, not yet used: each a table of
    `kind` ("support", "air" or "gun"), `id`, `siege` (a Support with Siege power, R23.B),
    `range` (a Gun Sortie's, counted from next to a friendly off-map supply source, R5.D.2; 0
    otherwise), `turn` (the turn index it is for) and, for an Air Sortie flying from the map
    (R25.A.1), `airfield` (its hex). Each fires with 20 Hard and 20 Soft
    Firepower (`SUPPORT_FIREPOWER`), a Support without Smoke (R23.B-C)."""
    found = plain(pos.state.values.get(AVAILABLE, {})).get(side, [])
    return [e for e in found if e["turn"] == pos.state.turn]


def use(pos: Position, side: str, ident: str) -> list[Event]:
    """The Barrage Phase fires `ident`: it is no longer available (once per Day, R23.B-C)."""
    table = plain(pos.state.values.get(AVAILABLE, {}))
    mine = table.get(side, [])
    if not any(e["id"] == ident for e in mine):
        raise IllegalOrder(Refusal(f"{ident} is not available to {side_name(pos.scenario, side)} now", "R23"))
    table[side] = [e for e in mine if e["id"] != ident]
    return [Event.of("value_set", key=AVAILABLE, value=table)]


# --- words ---


def _grounded(pos: Position, event: Event) -> str:
    who = side_name(pos.scenario, event["side"])
    sortie = arrivals.element_name(pos.scenario, event["sortie"])
    return (f"{who}'s Air Sortie {sortie} is grounded by the Storm "
            f"for the rest of the Day (R8.C.4)")


def _unsent(pos: Position, event: Event) -> str:
    who = side_name(pos.scenario, event["side"])
    return (f"{event['n']} of {who}'s Supply Points do not fit on the Truck ({event['cars']} cars a Full "
            f"Turn) and do not come today (R16.D.2, R25.D.5)")


WORDS = {"sortie_grounded": _grounded, "allowance_unsent": _unsent}


def _explain(what: str, rule: str) -> Any:
    def explain(pos: Position, order: Order) -> Explanation | Refusal:
        """The order's meaning, and the weather forecast for the Full Turn it names (R8.B)."""
        lines = []
        for word in order.args:
            made = weather.forecast_for(pos, word) if word in day_turns(pos) else None
            if made is not None:
                lines.append(Line(f"forecast for {word}: {made}", "R8.B"))
        return Explanation(f"{what} ({rule})", tuple(lines))
    return explain


EXPLAIN = {
    "reinforce": _explain("choose the Full Turn today in which this reinforcement appears at its map edge",
                          "R23.A"),
    "support": _explain("choose the Full Turn today in which this Support Barrage (20 Hard and Soft) "
                        "may fire",
                        "R23.B"),
    "siege": _explain("give up two Support Barrages so that the first named fires as Siege Artillery",
                      "R23.B"),
    "sortie": _explain("choose the time of day this Sortie (20 Hard and Soft) flies; a Storm grounds "
                       "Air Sorties",
                       "R23.C"),
    "supply": _explain("send Supply Points of today's allowance in this Full Turn", "R23.D"),
    "buy": _explain("exchange Supply Points for a Bridging Implement (Boat 1, Raft 5, Bailey 2, Foot 4, "
                    "Vehicle 6)", "R23.D"),
    "transport": _explain("choose the Full Turn today in which this Train or Ship arrives", "R16"),
    "aim": _explain("write down, in private, the hex this unit drops or lands on", "R16.A-B"),
    "airlift": _explain("the Air Sortie drops ten Supply Points, two Rafts, or five and a Raft instead "
                        "of its "
                        "Barrage, drifting like a drop", "R16.A.1"),
    "load": _explain("put a reinforcement (3 cars), five Supply Points (1 car) or a Bridging Implement "
                     "aboard; "
                     "it arrives with the Train or Ship", "R16.C.2"),
}


def scheduled(pos: Position, side: str, what: str) -> Sequence[str]:
    """The ids of `what` ("reinforcements") the plan brings in the Full Turn being played (with
    the units `coming` now, R25.D.5)."""
    now = pos.turn.id
    p = plan(pos, side)
    found = [k for k, at in p.get(what, {}).items() if at == now]
    if what == "reinforcements":
        found += [c["unit"] for c in p.get("coming", []) if c["kind"] == "unit" and c["turn"] == now]
    return found
