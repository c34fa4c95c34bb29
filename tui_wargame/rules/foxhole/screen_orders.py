"""Foxhole played by keys: where a selected unit may move and at what cost, the order a cursor
move gives, the orders gathered under a key, each order and each answer to a decision in plain
English, and the news of a barrage or an attack for the prompt bar.

The screen asks these through the capabilities (`rules.capabilities`): `reach`, `move_order`,
`layers` (the reach drawn), `order_menus`, `order_note`, `decision` and `headline`. Nothing here
changes a game: every answer is read from the legal orders and the phase modules' own previews.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from tui_wargame.model import Event, Order, Refusal
from tui_wargame.rules.capabilities import Decision, Explanation, Layer, Line, OrderMenu, Reply
from tui_wargame.rules.foxhole import (
    allocation,
    arrivals,
    barrage,
    charts,
    dawn,
    engagement,
    movement,
    resolve,
    sapping,
    seizure,
    transport,
)
from tui_wargame.rules.foxhole.narration import movement_points
from tui_wargame.rules.foxhole.position import Position

#: Orders that carry a unit to a hex (the last argument), or aim it there: the cursor gives them
#: (Enter or m). `move` costs MPs (R11); the others, as each hex's note says, cost none.
SET_DOWN: Mapping[str, str] = {
    "place": "it may start here (R3.B.2)", "enter": "it may come on here (R23.A)",
    "cross": "it may cross to here (R19.B.8)",
    "aim": "its drop or landing may aim here (R16.A-B)",
}
MOVE_VERBS = frozenset({"move", *SET_DOWN})

#: R18: the Barrage Phase's orders, under a key of their own (`b` is the results' key).
BARRAGE_MENU = OrderMenu("f", "Barrage a hex, or pass (R18)", frozenset({"barrage", "aa", "pass"}))

Explainer = Callable[[Position, Order], object]


# --- movement by cursor (R11) ---


def _ends(pos: Position, uid: str, legal: Sequence[Order]) -> dict[str, str]:
    """Hex -> the verb of the legal order that carries (or aims) `uid` there."""
    return {o.args[-1]: o.verb for o in legal if o.verb in MOVE_VERBS and len(o.args) >= 2
            and o.args[0] == uid and pos.scenario.grid.on_map(o.args[-1])}


def reach(pos: Position, uid: str, legal: Sequence[Order]) -> dict[str, Fraction]:
    """Hex -> cost in MP, for each hex a legal order carries `uid` to now: a move's cheapest cost
    (R11.A, exact), 0 for a unit set down or aimed (an entry, a set-up place, a crossing, a drop)."""
    ends = _ends(pos, uid, legal)
    costs = movement.reach(movement.acting(pos, uid), uid) if "move" in ends.values() else {}
    return {h: costs[h][0] if verb == "move" and h in costs else Fraction(0) for h, verb in ends.items()}


def move_order(pos: Position, uid: str, path: Sequence[str], legal: Sequence[Order]) -> Order | None:
    """The order taking `uid` along `path`: to a bare destination, the legal order that ends there
    (the cheapest path, R11.A); along a path built hex by hex, `move UNIT HEX...` when the unit
    may move now (the engine refuses a path that breaks R11, with its rule)."""
    if not path:
        return None
    mine = [o for o in legal if o.verb in MOVE_VERBS and len(o.args) >= 2 and o.args[0] == uid]
    if len(path) == 1:
        return next((o for o in mine if o.args[-1] == path[0]), None)
    if any(o.verb == "move" for o in mine):
        return Order("move", (uid, *path))
    return None


def no_barrage(pos: Position) -> Refusal:
    """Why the barrage key offers nothing now (R18.C): not the Barrage Phase, the barrages over,
    or nothing of the side's in reach of a hex it spots."""
    if pos.state.phase != "barrage":
        return Refusal("barrages are fired in the Barrage Phase", "R18")
    if pos.state.values.get(barrage.OVER):
        return Refusal("both players have passed: the barrages are over", "R18.C")
    return Refusal("no unit, Support or Sortie of yours reaches a hex you spot", "R18.A-B")


#: R15: the phases in which units move (Motorized ones alone in the Motorized-Movement Phase).
MOVING_PHASES = ("supply-movement", "activities-movement", "motorized-movement")


def unit_notes(pos: Position, uid: str) -> list[Line]:
    """In a phase where units move, the acting side's unit's MPs left (R11.A), or why it may not
    move (Pinned, Exhausted, moved already...): why a selected unit shows no reach."""
    if pos.state.phase not in MOVING_PHASES or uid not in pos.state.units or pos.side_of(uid) != pos.acting \
            or not pos.on_map(uid):
        return []
    if pos.has(uid, movement.MOVED_NOW):
        return []  # the card says it has moved this phase, and so may not again (R11.B)
    now = movement.acting(pos, uid)
    why = movement.may_move(now, uid)
    if why is not None:
        return [Line(f"may not move: {why.message}", why.rule)]
    return [Line(f"{movement_points(movement.left(now, uid))} of {movement_points(movement.mp_of(now, uid))} "
                 f"MP left", "R11.A")]


def cost_mark(cost: Fraction) -> str:
    """A cost in at most three characters for the map: "3", "1/2", "4+" (4 and a fraction; the
    hex panel gives it exactly)."""
    whole, part = divmod(cost, 1)
    if not part:
        return str(int(whole))
    if not whole and len(str(part)) <= 3:
        return str(part)
    return f"{int(whole)}+"


def reach_layer(pos: Position, uid: str, legal: Sequence[Order]) -> Layer | None:
    """The selected unit's reach on the map, each hex with its cost as a player counts it."""
    found, ends = reach(pos, uid, legal), _ends(pos, uid, legal)
    if not found:
        return None
    moves = "move" in ends.values()
    marks = {h: cost_mark(c) if ends[h] == "move" else "" for h, c in found.items()}
    notes = {h: f"reach: {movement_points(c)} MP (R11.A)" if ends[h] == "move" else SET_DOWN[ends[h]]
             for h, c in found.items()}
    legend = ("the selected unit can move here for this many MP (Enter or m)" if moves
              else "the selected unit can be given this hex (Enter or m)")
    return Layer("reach", "Reach", legend, marks, "*", style="reach", shown="selected", rule="R11.A",
                 notes=notes)


# --- what each order does, in a line ---


def _form_meaning(forms: Mapping[str, str], verb: str) -> str:
    """The meaning half of an order form ("reinforce UNIT TURN: the Full Turn ... (R23.A)")."""
    form = forms.get(verb, "")
    return form.split(": ", 1)[1] if ": " in form else ""


def _dawn_note(pos: Position, order: Order) -> str:
    """R23: a Briefing order as the change it makes to the plan, each Full Turn by its part of the
    Day and each Support and Sortie by its name (`dawn.part`, `arrivals.element_name`)."""
    args, verb = order.args, order.verb
    when = f"the {dawn.part(pos, args[-1])}" if args else ""
    named = [arrivals.element_name(pos.scenario, a) for a in args]
    said = {
        "reinforce": lambda: f"{args[0]} enters at its map edge in {when} (R23.A)",
        "support": lambda: f"Support {named[0]} may fire its barrage in {when} (R23.B)",
        "siege": lambda: f"{named[0]} fires as Siege Artillery; {' and '.join(named[1:])} are given up "
                         f"(R23.B)",
        "sortie": lambda: f"Sortie {named[0]} flies in {when} (R23.C)",
        "supply": lambda: f"{args[0]} Supply Point(s) of the allowance come in {when} (R23.D)",
        "buy": lambda: f"buy {args[0]} with Supply Points of the allowance, arriving in {when} (R23.D)",
        "transport": lambda: f"{args[0]} arrives in {when} (R16)",
        "load": lambda: f"put {args[1]} aboard {args[0]} (R16.C.2)",
        "aim": lambda: f"{args[0]}'s drop or landing aims at {args[1]} (R16.A-B)",
        "airlift": lambda: f"Sortie {named[0]} drops {args[1]} on {args[2]} instead of attacking (R16.A.1)",
    }
    try:
        return said[verb]() if verb in said else ""
    except IndexError:
        return _form_meaning(dawn.FORMS, verb)


def _transport_note(pos: Position, order: Order) -> str:
    """R16: a Transport Phase order as what it does to the thing it names."""
    args, verb = order.args, order.verb
    said = {
        "enter": lambda: f"{args[0]} comes on at {args[1]}, an entry hex of its map edge (R23.A)",
        "drive": lambda: f"Truck {args[0]} drives to {args[1]} and drops its cargo there as the phase ends "
                         f"(R16.D)",
        "rail": lambda: f"Train {args[0]} runs to {args[1]}; an enemy beside the line may wreck it "
                        f"(R16.C.1, R16.C.3)",
        "board": lambda: f"{args[1]} gets on Train {args[0]} (R16.C.1.c)",
        "sail": lambda: f"Ship {args[0]} sails through Deep Sea to {args[1]} (R16.E.1)",
        "unload": lambda: f"{args[1]} is put down from {args[0]} in {args[2]} (R16.C.1.a, R16.E.1.a)",
        "leave": lambda: f"{args[0]} leaves the map, to reload at a Dawn Briefing (R16)",
        "improve": lambda: f"{args[0]} tries to gain a step, spending D5-1 MPs and more (R16.A.2b)",
    }
    try:
        return said[verb]() if verb in said else _form_meaning(transport.FORMS, verb)
    except IndexError:
        return _form_meaning(transport.FORMS, verb)


def _barrage_note(pos: Position, order: Order) -> str:
    """R18.D: who fires on which hex, and at whom (a Smoke Barrage screens instead, R18.D.2)."""
    if len(order.args) < 2:
        return ""
    hex_, *firers = order.args
    if firers[0] == "smoke":
        return f"{', '.join(firers[1:])} lays a Smoke Barrage on {hex_} (R18.D.2)"
    side = barrage.side_to_fire(pos)
    held = [u for u in pos.state.units_at(hex_) if pos.side_of(u) != side]
    at = f" on {', '.join(held)}" if held else ""
    named = [arrivals.element_name(pos.scenario, f) for f in firers]
    who = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 2 else named)
    return f"{who} fire{'s' if len(firers) == 1 else ''} into {hex_}{at} (R18.D)"


#: R7.B.1: what each mode of an AA Battery does.
AA_WORDS = {"up": "goes Up: it weakens Air Sorties near it and fires no barrage",
            "down": "goes Down: it fires its barrage at full Firepower",
            "mixed": "goes Mixed: half its barrage Firepower, some against Air Sorties"}


NOTES: Mapping[str, Callable[[Position, Order], str]] = {
    "barrage": _barrage_note,
    "place": lambda pos, o: f"{o.args[0]} starts in {o.args[1]}, a land hex of your set-up area (R3.B.2)"
                            if len(o.args) > 1 else "",
    "mark": lambda pos, o: f"one level of {o.args[0]} in {o.args[1]}, of those you may place (R3.B.3a)"
                           if len(o.args) > 1 else "",
    "aa": lambda pos, o: f"AA Battery {o.args[0]} {AA_WORDS.get(o.args[1], o.args[1])} (R7.B.1)"
                         if len(o.args) > 1 else "",
    "pass": lambda pos, o: "fire nothing now; the barrages end once both players pass in turn (R18.C)",
    "trace": lambda pos, o: f"{o.args[0]} traces supply and does not move this phase; a unit that "
                            f"traced may do Activities later (R17, R19)" if o.args else "",
    "march": lambda pos, o: f"{o.args[0]} Force Marches: twice its MPs, then Fatigued (R19.D)"
                            if o.args else "",
    "unpin": lambda pos, o: (f"{o.args[0]} tries to un-pin {o.args[1]}: 5 in 10 (R19.B.7)" if len(o.args) > 1
                             else f"{o.args[0]} tries to un-pin: 5 in 10 (R21.C)" if o.args else ""),
    "activate": lambda pos, o: f"HQ {o.args[0]} Command Activates {o.args[1]} for this player turn (R25.B)"
                               if len(o.args) > 1 else "",
}


def order_note(pos: Position, order: Order, explain: Explainer | None) -> str:
    """One line on what `order` does: the Briefing's change to the plan, the Transport Phase's
    form, a note of this module's, else the summary of the order's own preview."""
    if pos.state.phase == "dawn-briefing" and order.verb in dawn.FORMS:
        return _dawn_note(pos, order)
    if order.verb in NOTES:
        return NOTES[order.verb](pos, order)
    if pos.state.phase == "transport" and order.verb in transport.FORMS:
        return _transport_note(pos, order)
    told = explain(pos, order) if explain is not None else None
    return told.summary if isinstance(told, Explanation) else ""


# --- decisions in words (R18.C-D, R20.C) ---


def _plan_of(order: Order) -> dict[str, Fraction]:
    plan = allocation.parse(order, "R20.C.5")
    return plan if isinstance(plan, dict) else {}


def _laid_words(plan: Mapping[str, Fraction], defences: Mapping[str, Fraction]) -> str:
    return ", ".join(f"{movement_points(v)} on {u} (Defence {movement_points(defences.get(u, Fraction(0)))})"
                     for u, v in plan.items())


def _laid(plan: dict[str, Fraction], applied: Mapping[str, object], defences: Mapping[str, Fraction],
          effect: charts.CombatEffect, rule: str) -> tuple[str, str]:
    """A share laid (R18.D.1, R20.C.5) in words, and the hits it makes with what is laid already."""
    harmed = []
    for u, v in plan.items():
        laid = Fraction(str(applied.get(u, 0))) + v
        n = allocation.hits([laid], defences.get(u, Fraction(0)), len(effect.hits))
        if n:
            harmed.append(f"{u} {' and '.join(effect.hits[n - 1])}")
    text = f"lay {_laid_words(plan, defences)} ({rule})"
    return text, ("with what is laid already: " + "; ".join(harmed)) if harmed else ""


def _combat_apply(pos: Position, order: Order) -> tuple[str, str]:
    """R20.C.5: a share laid in a fight or an assault."""
    pool = engagement.current(pos)["pools"][0]
    defences = {u: Fraction(str(d)) for u, d in pool["targets"].items()}
    return _laid(_plan_of(order), pool["applied"], defences, charts.COMBAT_EFFECTS[pool["attack"]],
                 pool["rule"])


def _barrage_apply(pos: Position, order: Order) -> tuple[str, str]:
    """R18.D.1, R18.E: a share of a barrage laid (the owner lays first: the firer sees the owner's share)."""
    table = pos.table(resolve.FIRE)
    pool = table["pools"][0]
    defences = resolve.pool_targets(pos, str(table["hex"]), str(pool["whose"]), str(pool["kind"]))
    return _laid(_plan_of(order), table.get("applied", {}), defences,
                 charts.COMBAT_EFFECTS[charts.BARRAGE], "R18.D.1")


def _cover(pos: Position, order: Order) -> tuple[str, str]:
    if not order.args:
        return "no Covering Fire: the assault goes on (R20.C.2)", ""
    each = [a.partition("@") for a in order.args]
    return ("Covering Fire by " + ", ".join(f"{u} into {h}" for u, _, h in each) + " (R20.C.2)"), ""


def _join(pos: Position, order: Order) -> tuple[str, str]:
    if not order.args:
        return "go on without a unit in the Pinned one's place (R20.C.1)", ""
    return f"{order.args[0]} joins in the Pinned unit's place and rolls its own Pin (R20.C.1)", ""


def _heavy(pos: Position, order: Order) -> tuple[str, str]:
    """R20.C.7 (charts.HEAVY_WEAPONS): each Vehicle's ratings and what they do to it."""
    said = []
    for u, v in _plan_of(order).items():
        row = charts.HEAVY_WEAPONS["light" if pos.value(u, "defence") <= 5 else "heavy"]
        effect = " and ".join(row[min(int(v), len(row)) - 1]) or "no effect"
        said.append(f"{movement_points(v)} on {u} ({effect})")
    return "Heavy Weapons: " + ", ".join(said) + " (R20.C.7)", ""


def _retreat(pos: Position, order: Order) -> tuple[str, str]:
    """R20.C.9: the hex, and the Motorized Pins its way rolls (`seizure.way_pins`; none through a
    tunnel, R19.B.6.h): the words the map shows on the hex while the answer is picked there."""
    uid, end = order.args[0], order.args[1]
    eng = engagement.current(pos)
    origin = pos.location(uid)
    exempt = [*eng["attackers"], *eng["defenders"]]
    pins = [] if end in sapping.exits(pos, uid, origin) else seizure.way_pins(pos, uid, origin, end, exempt)
    said = "; Pins on the way: " + ", ".join(f"{why} {in_ten} in 10" for why, in_ten in pins) if pins else ""
    return f"{uid} retreats to {end} ({seizure.retreat_rule(eng)}){said}", ""


def _flee(pos: Position, order: Order) -> tuple[str, str]:
    """R25.C.1b: each unit in a hex on fire flees to a hex next to it or stays and is Reduced."""
    if order.verb == "burn":
        return f"{order.args[0]} stays in the fire and is Reduced (R25.C.1b)", "it loses a step"
    return f"{order.args[0]} flees the fire to {order.args[1]} (R25.C.1b)", ""


def _reduce(pos: Position, order: Order) -> tuple[str, str]:
    return f"take a level off the {order.args[0]} (R7.B.2c)", ""


#: Decision kind -> each answer's (words, warning).
WORDED: Mapping[str, Callable[[Position, Order], tuple[str, str]]] = {
    engagement.APPLY: _combat_apply, "barrage:apply": _barrage_apply, engagement.COVER: _cover,
    engagement.JOIN: _join, engagement.HEAVY: _heavy, engagement.RETREAT: _retreat,
    "fire:flee": _flee, "barrage:works": _reduce,
}

#: Decision kind -> the answer that finishes it doing nothing more (the end key gives it).
FINISH: Mapping[str, Order] = {engagement.COVER: Order("cover"), engagement.JOIN: Order("join"),
                               "barrage:reply": Order("pass")}

#: Answers chosen on the map: decision kind -> the verb whose last argument is the hex it leaves
#: the unit (its first) in.
ON_MAP = {engagement.RETREAT: "retreat", "fire:flee": "flee"}


def decision(pos: Position, legal: Sequence[Order], note: Callable[[Order], str]) -> Decision | None:
    """The decision owed now, each answer a plain line with a warning where it costs a step; an
    answer worded nowhere here (a barrage in reply) by `note`, the order's own line."""
    pending = pos.state.pending
    if pending is None or pos.state.result is not None:
        return None
    replies = []
    for o in legal:
        try:
            text, warning = WORDED[pending.kind](pos, o) if pending.kind in WORDED else (note(o), "")
        except (KeyError, IndexError, TypeError, ValueError):  # an answer of a form not worded here
            text, warning = o.text, ""
        on_map = ON_MAP.get(pending.kind) == o.verb and len(o.args) >= 2
        replies.append(Reply(o, text or o.text, unit=o.args[0] if on_map else "",
                             hex=o.args[-1] if on_map else "", warning=warning))
    finish = FINISH.get(pending.kind)
    return Decision(pending.prompt, tuple(replies), finish if finish in legal else None)


# --- the news of an order, for the prompt bar ---


def _hits_news(attack: str, hits: Mapping[str, int]) -> str:
    effects = charts.COMBAT_EFFECTS[attack].hits
    found = [f"{u} {' and '.join(effects[min(n, len(effects)) - 1])}" for u, n in sorted(hits.items()) if n]
    return "; ".join(found) or "no hits"


def headline(pos: Position, event: Event) -> str | None:
    """A barrage's hits (R18.E) or an Assault's or Fight's outcome (R20.C-D) in one line."""
    if event.kind == "barrage_hits":
        names = {1: "Suppressed", 2: "Pinned"}
        hit = [f"{r['unit']} {names[r['hits']]}" for r in event["results"] if r["hits"] in names]
        return f"Barrage on {event['hex']}: {'; '.join(hit) or 'no unit hit'} (R18.E)"
    if event.kind in (charts.ASSAULT, charts.FIGHT):
        verb = "Assault on" if event.kind == charts.ASSAULT else "Fight with"
        return f"{verb} {event['hex']}: {_hits_news(event.kind, event.get('hits', {}))} ({event['rule']})"
    if event.kind == "assault_called_off":
        return f"Every unit assaulting {event['hex']} was Pinned: no Assault ({event['rule']}.C.1)"
    return None
