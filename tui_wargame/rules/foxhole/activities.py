"""Foxhole R19: the Activities-Movement Phase. The acting player's units that are not Pinned and
fired no Barrage (R19.A, R19.C) move (`move`, the R11 engine), Force March (`march`, R19.D
optional), or, if they traced supply this player turn (R19.B), spend the same MPs on Activities:

    dig UNIT foxholes|scrapes|trenches          R19.B.3      trap UNIT wire|tank-traps|mines  R19.B.5
    build UNIT pillbox|fort-unimproved|...      R19.B.4, 9, 10
    remove UNIT WORK|TRAP, remove UNIT bridge [HEX]      R11.D, R19.B.2.b-c, 3.g, 4.d, 5
    bridge UNIT bailey|foot HEX                 R19.B.2      burn UNIT building|tall-building|hex
    demolish UNIT bridge PLACE|railline HEX|port, blow UNIT PLACE                  R19.B.6
    assist UNIT HELPED                          R19.B.1.c    unpin UNIT VEHICLE   R19.B.7
    cross UNIT HEX (Boats, Rafts)               R19.B.8      requisition UNIT, equip UNIT ITEM  R25.C.4
    sap UNIT TARGET, spring UNIT, tunnel UNIT HEX                                 R19.B.6.g-h

An Activity order may end with the MPs to spend ("dig A1 trenches 2"); without, the unit spends
what finishes the work or all it has left. Several units working on one Activity Cooperate;
progress is kept while they stay in the hex (`tasks`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.foxhole import crossings, engineering, movement, requisitions, sapping, tasks, works
from tui_wargame.rules.foxhole.arith import chance, d10
from tui_wargame.rules.foxhole.counters import COMPANY
from tui_wargame.rules.foxhole.marching import FORCED_MARCH, forced_march
from tui_wargame.rules.foxhole.position import EXHAUSTED, FATIGUED, PINNED, Position
from tui_wargame.rules.foxhole.sequence import Handler
from tui_wargame.rules.foxhole.tasks import Plan, refuse
from tui_wargame.text import unit_name

RULE = "R19"
UNPIN_CHANCE = 5  # R19.B.7, in 10
UNPIN_COST = 2  # R19.B.7
ACTIVITY_VERBS = ("dig", "build", "trap", "remove", "bridge", "demolish", "burn", "sap", "tunnel")


# --- plans ---


def plan_for(pos: Position, verb: str, uid: str, args: tuple[str, ...]) -> Plan:
    """The Activity `verb UNIT args` names, for that unit (refused if it cannot do it)."""
    maker: Callable[[Position, str, tuple[str, ...]], Plan]
    if verb == "build":
        maker = works.fortify if args[:1] and args[0] in works.FORTS else engineering.construct
    elif verb == "remove" and args[:1] == ("bridge",):
        return engineering.unbridge(pos, uid, args[1:])
    elif verb == "requisition":
        return requisitions.plan(pos, uid, args)
    else:
        maker = {**works.MAKERS, **engineering.MAKERS, **sapping.MAKERS}[verb]
    return maker(pos, uid, args)


def _unit(pos: Position, order: Order, usage: str) -> str:
    if not order.args or order.args[0] not in pos.state.units:
        raise IllegalOrder(f"`{usage}`: name one of your units first", RULE)
    return order.args[0]


def _actor(pos: Position, order: Order, usage: str) -> str:
    uid = _unit(pos, order, usage)
    refusal = tasks.cannot_act(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    return uid


def movement_only(plan: Plan) -> bool:
    """R11.D: a removal that is movement, not an Activity: any unit that may move makes it, whether
    or not it traced supply (R19.B asks that of Activities only)."""
    return plan.rule.startswith("R11.D")


def _activity(verb: str) -> Handler:
    def handle(pos: Position, order: Order, dice: Dice) -> list[Event]:
        usage = f"{verb} UNIT ..."
        uid = _unit(pos, order, usage) if verb == "remove" else _actor(pos, order, usage)
        refusal = tasks.cannot_act(pos, uid, supply=False)
        if refusal is not None:
            raise IllegalOrder(refusal)
        args, amount = tasks.amount_arg(order.args[1:], "R19.B.1.a")
        plan = plan_for(pos, verb, uid, args)
        if not movement_only(plan):
            _actor(pos, order, usage)
        return tasks.spend(pos, uid, plan, amount)
    return handle


def _assisted(pos: Position, uid: str, helped: str) -> Plan:
    """R19.B.1.c: the Activity `helped` is doing in the hex, as `uid` may Assist it."""
    if helped not in pos.state.units or helped == uid or pos.location(helped) != pos.location(uid):
        raise refuse(f"{uid} can only assist another unit in its hex", "R19.B.1.c")
    key = tasks.working_on(pos, helped)
    if key is None:
        raise refuse(f"{helped} has no Activity under way in {pos.location(uid)}", "R19.B.1.c")
    words = tuple(str(tasks.progress(pos)[key]["order"]).split())
    plan = plan_for(pos, words[0], helped, words[1:])
    if plan.key != key or not tasks.qualifies(pos, uid, plan.assist):
        raise refuse(f"{uid} may not assist with {plan.what}", "R19.B.1.c")
    return plan


def _assist(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid = _actor(pos, order, "assist UNIT HELPED")
    args, amount = tasks.amount_arg(order.args[1:], "R19.B.1.c")
    if len(args) != 1:
        raise IllegalOrder("`assist UNIT HELPED`: name the unit whose Activity it assists", "R19.B.1.c")
    return tasks.spend(pos, uid, _assisted(pos, uid, args[0]), amount, assisting=True)


# --- R19.B.7: un-pin another Motorized unit ---


def _unpin_plan(pos: Position, uid: str, target: str) -> Plan:
    if not tasks.qualifies(pos, uid, (tasks.COMBAT, tasks.MAINTENANCE)):
        raise refuse(f"{uid} may not un-pin: Combat and Maintenance Engineers do", "R19.B.7")
    hex = pos.location(uid)
    if (target == uid or target not in pos.state.units or pos.location(target) != hex
            or pos.side_of(target) != pos.side_of(uid) or not movement.motorized(pos, target)
            or not pos.has(target, PINNED)):
        raise refuse(f"{target} is not another Pinned Motorized unit of yours in {hex}", "R19.B.7")
    return Plan(f"{hex}/unpin-{target}", f"unpin {target}", f"un-pinning {target}", "R19.B.7", hex,
                Fraction(UNPIN_COST), lambda p: [], at_once=True)


def _unpin(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid = _actor(pos, order, "unpin UNIT VEHICLE")
    if len(order.args) != 2:
        raise IllegalOrder("`unpin UNIT VEHICLE`: the Engineer, then the Pinned unit", "R19.B.7")
    target = order.args[1]
    events = tasks.spend(pos, uid, _unpin_plan(pos, uid, target))
    ok, die = chance(dice, UNPIN_CHANCE)
    events.append(Event.of("engineer_unpin", unit=uid, target=target, die=die, chance=UNPIN_CHANCE, ok=ok))
    if ok:
        events.append(Event.of("unit_flagged", unit=target, flag=PINNED, on=False))
    return events


# --- the rest ---


def _blow(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid = _unit(pos, order, "blow UNIT PLACE")
    refusal = tasks.participant_refusal(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    if len(order.args) != 2:
        raise IllegalOrder("`blow UNIT PLACE`: the unit that set the demolitions, and the bridge",
                           "R19.B.6.a")
    why = engineering.blow_refusal(pos, uid, order.args[1])
    if why is not None:
        raise IllegalOrder(why, "R19.B.6.a")
    tired, pos = tasks.at_night(pos, uid)  # R9.A: blowing is doing something at Night
    return tired + engineering.blown(pos, uid, order.args[1], d10(dice))


def _spring(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid = _actor(pos, order, "spring UNIT")
    why = sapping.spring_refusal(pos, uid)
    if why is not None:
        raise IllegalOrder(why, "R19.B.6.g")
    tired, pos = tasks.at_night(pos, uid)  # R9.A
    return tired + sapping.spring(pos, uid)


def _cross(pos: Position, order: Order, dice: Dice) -> list[Event]:
    return crossings.cross(pos, _unit(pos, order, "cross UNIT HEX"), order.args[1:])


def _requisition(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid = _actor(pos, order, "requisition UNIT")
    events = tasks.spend(pos, uid, requisitions.plan(pos, uid, order.args[1:]))
    return events + requisitions.search(pos.at(fold(pos.state, events)), uid, dice)


def _equip(pos: Position, order: Order, dice: Dice) -> list[Event]:
    if not pos.option("requisitions"):
        raise IllegalOrder("requisitions are not in play (optional rule)", "R25.C.4")
    uid = _unit(pos, order, "equip UNIT ITEM")
    if len(order.args) != 2:
        raise IllegalOrder("`equip UNIT ITEM`", "R25.C.4")
    return requisitions.equip(pos, uid, order.args[1])


def march_refusal(pos: Position, uid: str) -> Refusal | None:
    """R19.D: a non-Motorized Company that may move and has not yet moved this phase."""
    if not pos.option("forced-march"):
        return Refusal("Forced March is not in play (optional rule)", "R19.D")
    refusal = tasks.participant_refusal(pos, uid)
    if refusal is not None:
        return refusal
    if pos.spec(uid).kind != COMPANY or movement.motorized(pos, uid):
        return Refusal(f"{uid} is not a non-Motorized Company", "R19.D")
    if pos.state.units[uid].spent or pos.state.units[uid].has(movement.MOVED_NOW) \
            or forced_march(pos, uid):
        return Refusal(f"{uid} has already moved, acted or begun a Forced March this phase", "R19.D")
    return None


def _march(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid = _unit(pos, order, "march UNIT")
    refusal = march_refusal(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    return [Event.of("unit_flagged", unit=uid, flag=FORCED_MARCH, scope="phase"),
            Event.of("forced_march", unit=uid, mp=movement.mp_of(pos, uid) * 2)]


def _move(pos: Position, order: Order, dice: Dice) -> list[Event]:
    uid = _unit(pos, order, "move UNIT HEX...")
    refusal = tasks.participant_refusal(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    return movement.resolve_move(pos, order, dice, RULE)


ORDERS: Mapping[str, Handler] = {
    "move": _move, "march": _march, **{v: _activity(v) for v in ACTIVITY_VERBS}, "assist": _assist,
    "unpin": _unpin, "blow": _blow, "spring": _spring, "cross": _cross, "requisition": _requisition,
    "equip": _equip,
}


# --- the orders a player may give now ---


def _choices(pos: Position, uid: str) -> list[tuple[str, tuple[str, ...]]]:
    hex = pos.location(uid)
    near = pos.neighbours(hex)
    found: list[tuple[str, tuple[str, ...]]] = []
    for verb, kinds in works.CHOICES.items():
        found += [(verb, (k,)) for k in kinds]
    found += [("build", (k,)) for k in engineering.BUILDINGS]
    found += [("remove", ("bridge", n)) for n in near] + [("remove", ("bridge",))]
    found += [("bridge", (k, n)) for k in ("bailey", "foot") for n in near]
    found += [("demolish", ("bridge", p)) for p in (hex, *(pos.hexside_place(hex, n) for n in near))]
    found += [("demolish", ("railline", n)) for n in near] + [("demolish", ("port",))]
    found += [("burn", (k,)) for k in ("building", "tall-building", "hex")]
    found += [("requisition", ())]
    found += [("tunnel", (n,)) for n in near]
    found += [("sap", (h,)) for h in pos.scenario.grid.around(hex, 3)
              if works.works_in(pos, h) and not pos.units_in(h, pos.side_of(uid))]
    return found


def _can(fn: Callable[[], object]) -> bool:
    try:
        fn()
    except IllegalOrder:
        return False
    return True


def _affordable(pos: Position, uid: str, plan: Plan, assisting: bool = False) -> bool:
    """Whether spending on the plan would be accepted (an at-once Activity needs its whole cost;
    Assistance stops at half)."""
    done, assisted = tasks.done_of(pos, plan.key)
    if assisting and assisted >= Fraction(1, 2):
        return False
    _, pos = tasks.at_night(pos, uid)
    have = tasks.left(pos, uid) - plan.reserve
    return have > 0 and (not plan.at_once or tasks.cost(pos, uid, plan, assisting).value * (1 - done) <= have)


def orders(pos: Position) -> list[Order]:
    mine = pos.units_of(pos.acting)
    found: list[Order] = []
    for uid in mine:
        if tasks.cannot_act(pos, uid, supply=False) is not None:
            continue
        supplied = tasks.cannot_act(pos, uid) is None
        for verb, args in _choices(pos, uid):
            if not supplied and verb != "remove":
                continue
            try:
                plan = plan_for(pos, verb, uid, args)
            except IllegalOrder:
                continue
            if (supplied or movement_only(plan)) and _affordable(pos, uid, plan):
                found.append(Order(verb, (uid, *args)))
        for other in pos.units_in(pos.location(uid), pos.acting) if supplied else ():
            if (_can(lambda: _assisted(pos, uid, other))  # noqa: B023 (called at once)
                    and _affordable(pos, uid, _assisted(pos, uid, other), assisting=True)):
                found.append(Order("assist", (uid, other)))
            if (_can(lambda: _unpin_plan(pos, uid, other))  # noqa: B023 (called at once)
                    and _affordable(pos, uid, _unpin_plan(pos, uid, other))):
                found.append(Order("unpin", (uid, other)))
    for uid in mine:
        if tasks.participant_refusal(pos, uid) is None:
            found += [Order("blow", (uid, p)) for p in engineering.charged(pos, uid)
                      if engineering.blow_refusal(pos, uid, p) is None]
            if march_refusal(pos, uid) is None:
                found.append(Order("march", (uid,)))
        if tasks.cannot_act(pos, uid) is None and sapping.spring_refusal(pos, uid) is None:
            found.append(Order("spring", (uid,)))
        for to in crossings.landings(pos, uid) if tasks.cannot_act(pos, uid) is None else ():
            if _can(lambda: crossings.cross(pos, uid, (to,))):  # noqa: B023 (called at once)
                found.append(Order("cross", (uid, to)))
        if pos.option("requisitions"):
            found += [Order("equip", (uid, item)) for item in requisitions.ITEM_FINDS
                      if requisitions.equip_refusal(pos, uid, item) is None]
    movers = [u for u in mine if tasks.participant_refusal(pos, u) is None]
    return found + movement.move_orders(pos, movers)


# --- the phase ---


def begin(pos: Position, dice: Dice) -> list[Event]:
    """R19.B.1.d: Activities whose units all left their hex are forgotten; tunnels and saps whose
    hexes the enemy took go (R19.B.6.g-h)."""
    return tasks.pruned(pos) + sapping.kept(pos)


def finish(pos: Position, dice: Dice) -> list[Event]:
    """R19.D: Force Marched units are Fatigued (a Fatigued one Exhausted, as R9.A has it); then
    Frost Fatigue for all that moved (R8.D.4); progress whose units left is forgotten."""
    events: list[Event] = []
    for uid, u in sorted(pos.state.units.items()):
        if FORCED_MARCH in u.phase_flags and pos.on_map(uid) and not u.has(EXHAUSTED):
            events += ([Event.of("unit_flagged", unit=uid, flag=FATIGUED, on=False),
                        Event.of("unit_flagged", unit=uid, flag=EXHAUSTED)] if u.has(FATIGUED)
                       else [Event.of("unit_flagged", unit=uid, flag=FATIGUED)])
    after = pos.at(fold(pos.state, events))
    events += movement.frost_fatigue(after)
    return events + tasks.pruned(pos.at(fold(pos.state, events)))


def blocks_end(pos: Position) -> Refusal | None:
    return None


def idle(pos: Position) -> bool:
    return not orders(pos)


def prompt(pos: Position) -> str:
    return "move units, or dig, build... if traced; then end (R19)"


# --- words and explanations ---


def _mp(value: object) -> str:
    f = Fraction(str(value))
    return str(f) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _activity_words(pos: Position, e: Event) -> str:
    whole, done = Fraction(str(e["cost"])), Fraction(str(e["done"]))
    how = "assists with" if e.get("assisting") else "spends on"
    state = "complete" if done >= 1 else f"{_mp(done * whole)}/{_mp(whole)} MP done"
    who = unit_name(pos.scenario, e["unit"])
    return f"{who} {how} {e['what']} {_mp(e['paid'])} MP: {state} ({e['rule']})"


def _unpin_words(pos: Position, e: Event) -> str:
    result = f"{e['target']} is un-pinned" if e["ok"] else "still Pinned"
    return (f"{e['unit']} works to un-pin {e['target']}: {e['die']} against {e['chance']} in 10, "
            f"{result} (R19.B.7)")


def _demolition_words(pos: Position, e: Event) -> str:
    effect = {"none": "no effect", "damaged": "the bridge is Damaged", "destroyed": "the bridge is Destroyed"}
    return f"{e['unit']} blows the demolitions at {e['place']}: {e['roll']}, {effect[e['effect']]} (R19.B.6)"


def _crossing_words(pos: Position, e: Event) -> str:
    if e["landing"]:
        return (f"{e['unit']} sets out by {e['by']} to land on the enemy in {e['to']}: it Assaults on "
                f"landing, firepower halved and Defence quartered (R19.B.8.a)")
    return f"{e['unit']} crosses by {e['by']} to {e['to']}, its whole phase (R19.B.8)"


def _requisition_words(pos: Position, e: Event) -> str:
    rolls = ", ".join(str(r) for r in e["rolls"])
    return (f"{e['unit']} searches {e['hex']} ({e['chance']} in 10): {rolls}; {e['finds']} find(s)"
            f"{' (Boats or Rafts only)' if e['port'] and e['finds'] else ''} (R25.C.4)")


WORDS = {
    "activity": _activity_words, "engineer_unpin": _unpin_words, "demolition": _demolition_words,
    "crossing": _crossing_words, "requisition": _requisition_words,
    "sap_sprung": lambda pos, e: (f"{e['unit']} springs the sap under {e['target']}: its Defensive Works are "
                                  f"destroyed and {', '.join(e['units']) or 'no unit'} Reduced (R19.B.6.g)"),
    "sap_lost": lambda pos, e: (f"a tunnel into {e['by']} undoes the sap from {', '.join(e['hexes'])} "
                                f"(R19.B.6.h)"),
    "equipped": lambda pos, e: f"{e['unit']} takes the requisitioned {e['item']} for this turn (R25.C.4)",
    "forced_march": lambda pos, e: f"{e['unit']} Force Marches: {_mp(e['mp'])} MP, then Fatigued (R19.D)",
}


def explain(pos: Position, order: Order) -> Explanation | Refusal:
    """An Activity's cost for the unit, each modifier with its rule, and the progress so far."""
    try:
        uid = _actor(pos, order, f"{order.verb} UNIT ...")
        args, _ = tasks.amount_arg(order.args[1:], "R19.B.1.a")
        assisting = order.verb == "assist"
        plan = _assisted(pos, uid, args[0]) if assisting and args else plan_for(pos, order.verb, uid, args)
    except IllegalOrder as exc:
        return exc.refusal
    calc = tasks.cost(pos, uid, plan, assisting)
    done, _ = tasks.done_of(pos, plan.key)
    lines = [Line(f"printed cost {_mp(plan.base)} MP", plan.rule)]
    lines += [Line(t.what + (f" +{_mp(t.add)}" if t.add else " x2" if t.steps > 0 else " /2"), t.rule)
              for t in calc.terms]
    lines.append(Line(f"{_mp(done * calc.value)}/{_mp(calc.value)} MP towards {plan.what}; "
                      f"{uid} has {_mp(tasks.left(pos, uid))} MP left", "R19.B.1.d", strong=True))
    return Explanation(f"{plan.what}: {_mp(calc.value)} MP for {uid}", tuple(lines))


EXPLAIN = {verb: explain for verb in (*ACTIVITY_VERBS, "assist", "requisition")}
