"""Foxhole R23 (R14.D, R3.B.3b): the Dawn Briefing, where each side plans its Day.

Before a Day's first Full Turn the Defensive, then the Offensive player allocates the Day's
Reinforcements to Full Turns (R23.A), each Support element (R23.B; two may be sacrificed to
give a third the power of Siege Artillery) and each Sortie (R23.C, R5.D) to a Full Turn, and the
Day's Supply Points to Full Turns, some exchanged for Bridging Implements (R23.D).

The plan is the State value `dawn.plan.<side>` (see `plan`). Everything starts in the Day's
first Full Turn and the orders move it; what is left of the allowance arrives as Supply Points
then. At the start of each Full Turn the Support and Sorties due are published in
`dawn.available` (see `available`), from which the Barrage Phase fires them (`use`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario
from tui_wargame.rules.capabilities import Explanation
from tui_wargame.rules.foxhole import arrivals, weather
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler
from tui_wargame.text import side_name

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
    Points; `bridging` a list of {kind, turn}; `left` the allowance not yet allocated. Before the
    side's first order of the Day it is the Day's fresh plan (the game's first Briefing begins
    with the set-up, which calls no `begin`)."""
    found = plain(pos.state.values.get(key(side), {}))
    return found if found.get("day") == pos.turn.day else _new_plan(pos, side)


def day_turns(pos: Position) -> list[str]:
    """The ids of the Full Turns of the Day being briefed (or played)."""
    return [t.id for t in pos.scenario.turns if t.day == pos.turn.day]


def _new_plan(pos: Position, side: str) -> dict[str, Any]:
    """The Day's plan before any order: everything in its first Full Turn (R23)."""
    scenario, day = pos.scenario, pos.turn.day
    first = day_turns(pos)[0]
    units = [u for t in arrivals.tables(scenario, "reinforcements") if t["side"] == side and t["day"] == day
             for u in t["units"] if not scenario.grid.on_map(pos.location(u)) and pos.location(u) != "eliminated"]
    points = sum(t["points"] for t in arrivals.tables(scenario, "supply") if t["side"] == side and t["day"] == day)
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
    }


def _set(side: str, p: Mapping[str, Any]) -> Event:
    return Event.of("value_set", key=key(side), value=dict(p))


# --- orders ---


def _turn(pos: Position, word: str) -> str:
    if word not in day_turns(pos):
        raise IllegalOrder(Refusal(f"{word} is not a Full Turn of this Day ({', '.join(day_turns(pos))})", RULE))
    return word


def _args(order: Order, n: int, form: str) -> tuple[str, ...]:
    if len(order.args) != n:
        raise IllegalOrder(Refusal(f"`{order.verb}` takes {form}", RULE))
    return order.args


def reinforce(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.A: the Full Turn a reinforcement appears."""
    unit, turn = _args(order, 2, "a unit and a Full Turn: reinforce UNIT TURN")
    p = plan(pos, pos.acting)
    if unit not in p["reinforcements"]:
        raise IllegalOrder(Refusal(f"{unit} is not one of today's reinforcements", "R23.A"))
    p["reinforcements"][unit] = _turn(pos, turn)
    return [_set(pos.acting, p)]


def support(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.B: the Full Turn a Support element may fire (once this Day)."""
    sid, turn = _args(order, 2, "a Support and a Full Turn: support ID TURN")
    p = plan(pos, pos.acting)
    if sid not in p["support"]:
        raise IllegalOrder(Refusal(f"{sid} is not a Support of yours today", "R23.B"))
    p["support"][sid] = _turn(pos, turn)
    return [_set(pos.acting, p)]


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


def sortie(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.C, R5.D: the time of day a Sortie flies (once this Day)."""
    sid, turn = _args(order, 2, "a Sortie and a Full Turn: sortie ID TURN")
    p = plan(pos, pos.acting)
    if sid not in p["sorties"]:
        raise IllegalOrder(Refusal(f"{sid} is not a Sortie of yours today", "R23.C"))
    p["sorties"][sid] = _turn(pos, turn)
    return [_set(pos.acting, p)]


def supply(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.D: Supply Points of the Day's allowance to show up in a Full Turn."""
    number, turn = _args(order, 2, "a number of Supply Points and a Full Turn: supply N TURN")
    p = plan(pos, pos.acting)
    if not number.isdigit() or not 1 <= int(number) <= p["left"]:
        raise IllegalOrder(Refusal(f"{number} Supply Points: {p['left']} of today's allowance are left", "R23.D"))
    turn = _turn(pos, turn)
    p["left"] -= int(number)
    p["supply"][turn] = p["supply"].get(turn, 0) + int(number)
    return [_set(pos.acting, p)]


def buy(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R23.D: a Bridging Implement bought with Supply Points of the allowance, for a Full Turn."""
    kind, turn = _args(order, 2, "an implement and a Full Turn: buy KIND TURN")
    price = arrivals.BRIDGING_PRICES.get(kind)
    if price is None:
        raise IllegalOrder(Refusal(f"{kind} is not a Bridging Implement ({', '.join(arrivals.BRIDGING_PRICES)})",
                                   "R23.D"))
    p = plan(pos, pos.acting)
    if price > p["left"]:
        raise IllegalOrder(Refusal(f"a {kind} costs {price} Supply Points; {p['left']} are left", "R23.D"))
    p["left"] -= price
    p["bridging"].append({"kind": kind, "turn": _turn(pos, turn)})
    return [_set(pos.acting, p)]


ORDERS: Mapping[str, Handler] = {
    "reinforce": reinforce, "support": support, "siege": siege, "sortie": sortie, "supply": supply, "buy": buy,
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
        if n <= p["left"]:
            found += [Order("supply", (str(n), t)) for t in turns]
    found += [Order("buy", (k, turns[0])) for k, price in arrivals.BRIDGING_PRICES.items() if price <= p["left"]]
    return found


def begin(pos: Position, dice: Dice) -> list[Event]:
    """R23: a fresh plan for the Day."""
    return [_set(pos.acting, _new_plan(pos, pos.acting))]


def finish(pos: Position, dice: Dice) -> list[Event]:
    """R23.D: what is left of the allowance shows up as Supply Points in the Day's first Full Turn."""
    p = plan(pos, pos.acting)
    if not p.get("left"):
        return []
    first = day_turns(pos)[0]
    p["supply"][first] = p["supply"].get(first, 0) + p["left"]
    p["left"] = 0
    return [_set(pos.acting, p)]


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    """Nothing to allocate: no reinforcements, Support, Sorties or Supply today."""
    return not orders(pos)


def prompt(pos: Position) -> str:
    return "Dawn Briefing: allocate reinforcements, support, sorties and supply to today's Full Turns (R23)"


# --- what the Barrage Phase may fire now (R18.A.e, R23.B-C) ---


def publish(pos: Position) -> list[Event]:
    """At the start of a Full Turn: `dawn.available` = side -> the Support and Sorties due now.
    A Storm grounds this Full Turn's Air Sorties for the rest of the Day (R8.C.4)."""
    table: dict[str, list[dict[str, Any]]] = {}
    events: list[Event] = []
    now = pos.turn.id
    storm = weather.atmosphere(pos) == weather.STORM
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
            due.append({"kind": kind, "id": s, "siege": False, "range": int(sorties[s].get("range", 0)),
                        "turn": pos.state.turn})
        table[side] = due
    return [*events, Event.of("value_set", key=AVAILABLE, value=table)]


def available(pos: Position, side: str) -> list[Mapping[str, Any]]:
    """The Support and Sorties `side` may fire in this Full Turn, not yet used: each a table of
    `kind` ("support", "air" or "gun"), `id`, `siege` (a Support with Siege power, R23.B),
    `range` (a Gun Sortie's, counted from next to a friendly off-map supply source, R5.D.2; 0
    otherwise) and `turn` (the turn index it is for). Each fires with 20 Hard and 20 Soft
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
    return (f"{side_name(pos.scenario, event['side'])}'s Air Sortie {event['sortie']} is grounded by the Storm "
            f"for the rest of the Day (R8.C.4)")


WORDS = {"sortie_grounded": _grounded}


def _explain(what: str, rule: str) -> Any:
    def explain(pos: Position, order: Order) -> Explanation | Refusal:
        return Explanation(f"{what} ({rule})")
    return explain


EXPLAIN = {
    "reinforce": _explain("choose the Full Turn today in which this reinforcement appears at its map edge", "R23.A"),
    "support": _explain("choose the Full Turn today in which this Support Barrage (20 Hard and Soft) may fire",
                        "R23.B"),
    "siege": _explain("give up two Support Barrages so that the first named fires as Siege Artillery", "R23.B"),
    "sortie": _explain("choose the time of day this Sortie (20 Hard and Soft) flies; a Storm grounds Air Sorties",
                       "R23.C"),
    "supply": _explain("send Supply Points of today's allowance in this Full Turn", "R23.D"),
    "buy": _explain("exchange Supply Points for a Bridging Implement (Boat 1, Raft 5, Bailey 2, Foot 4, "
                    "Vehicle 6)", "R23.D"),
}


def scheduled(pos: Position, side: str, what: str) -> Sequence[str]:
    """The ids of `what` ("reinforcements") the plan brings in the Full Turn being played."""
    now = pos.turn.id
    return [k for k, at in plan(pos, side).get(what, {}).items() if at == now]
