"""Foxhole R20.C-E, R22.C-D: one Assault or Fight, from its declaration to its last Retreat.

An engagement runs in stages and stops wherever a player owes a decision: the Reacting player's
Covering Fire (R20.C.2), each player's share of firepower to lay on units (allocation.py), the
Heavy Weapons (R20.C.7), each Retreat (R20.C.9). Between decisions it lives in the State value
`combat.current` (a table; empty when no engagement is under way), so a save can stop anywhere.

- Assault: pins (R20.C.1), Covering Fire and its hits (R20.C.2-3), both sides fire with the FVT
  (R20.C.5; in an Ambush the Reacting side's results first and +D5-1 on each assaulter, R20.E.1),
  hits (R20.C.6), Heavy Weapons (R20.C.7), Seizure (R20.C.8), Retreats (R20.C.9).
- Fight: both sides fire with the FVT, hits (R20.D.2-3).

Each pool of firepower (one firing side's Hard or Soft total into one group of targets) is
split by charts.COMBAT_EFFECTS; a unit takes one hit per whole multiple of its Defence in what
both players laid on it, and the hits of separately tracked pools (Open-Top Vehicles' Hard and
Soft, Assault Engineers and Flame Tanks, R5.A.4.c, R7.A.5.a) add up to the table's last line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.foxhole import (
    allocation,
    benefits,
    charts,
    crossings,
    effects,
    fire,
    firepower,
    movement,
    refugees,
    stacking,
)
from tui_wargame.rules.foxhole.arith import Calculation, chance, d5, d10, final
from tui_wargame.rules.foxhole.benefits import HARD, SOFT
from tui_wargame.rules.foxhole.counters import BATTERY, VEHICLE, is_motorized, kind_of
from tui_wargame.rules.foxhole.narration import movement_points
from tui_wargame.rules.foxhole.participants import (
    ENGAGED,
    STACK,
    artillery_or_mortar,
    in_overstack,
    mixed_services,
    services,  # noqa: F401 (fx-barrage reads it here)
    specialist,
    target_types,
)
from tui_wargame.rules.foxhole.position import AMBUSHED, EXHAUSTED, EXPENDED, OVERWATCH, Position
from tui_wargame.rules.foxhole.seizure import RETREAT, move_back, retreat_hexes, retreat_rule, retreats, seize

KEY = "combat.current"
DONE = "combat.done"  # the hexes Assaulted or Fought this phase (R20.B, R22.B)
COVER, APPLY, HEAVY = "combat-cover", "combat-apply", "combat-heavy"
JOIN = "combat-join"
ENGINEER_TANK, BOCAGE = "engineer-tank", "bocage"  # R7.C.1.b
ASSAULT, FIGHT, COVERING = charts.ASSAULT, charts.FIGHT, "covering"


# --- the engagement's record ---

def thaw(value: Any) -> Any:
    """A State value as plain lists and dicts, to edit and store again."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


def current(pos: Position) -> dict[str, Any]:
    return thaw(pos.state.values.get(KEY, {}))


def done(pos: Position) -> list[str]:
    return list(thaw(pos.state.values.get(DONE, [])))


def _store(eng: Mapping[str, Any]) -> Event:
    return Event.of("value_set", key=KEY, value=dict(eng))


def _fr(text: str | int) -> Fraction:
    return Fraction(text)


def _s(value: Fraction | int) -> str:
    return str(Fraction(value))


# --- the declaration ---

def start(pos: Position, dice: Dice, kind: str, rule: str, target: str, units: Sequence[str]) -> list[Event]:
    """Declare an Assault or Fight (already checked legal): mark the units, roll the assaulters'
    pins (R20.C.1; for each one Pinned the Acting player may send another in its place), then
    mark the hex, lose any Hospital in it (R7.A.7) and fight it out."""
    ambush = kind == ASSAULT and any(pos.has(u, AMBUSHED) for u in units)
    events: list[Event] = [Event.of("unit_flagged", unit=u, flag=ENGAGED, scope="phase") for u in units]
    events += [Event.of("unit_flagged", unit=u, flag=AMBUSHED, on=False)
               for u in units if pos.has(u, AMBUSHED)]
    attackers = list(units)
    if kind == ASSAULT:
        more, attackers = _pins(pos.at(fold(pos.state, events)), dice, rule, target, units)
        events += more
    stages = ["replace", "mark"] if len(attackers) < len(units) else ["mark"]
    if kind == ASSAULT:
        stages += ["cover", "hits"] + (["fire-react", "ambush", "hits", "fire-act", "hits"] if ambush
                                       else ["fire", "hits"])
        stages += ["report", "heavy", "seize", "retreat", "end"]
    else:
        stages += ["fire", "hits", "report", "end"]
    eng = {"kind": kind, "rule": rule, "target": target, "acting": pos.acting, "reacting": pos.reacting,
           "attackers": attackers, "defenders": pos.units_in(target, pos.reacting), "ambush": ambush,
           "vacancies": len(units) - len(attackers), "stages": stages, "pools": [], "done_pools": [],
           "fvt": {}, "retreat": []}
    return events + run(pos.at(fold(pos.state, events)), dice, eng)


def _mark(pos: Position, eng: dict[str, Any]) -> list[Event]:
    """The Assault or Fight goes ahead: the hex is attacked this phase (R20.B) and a Hospital in
    it is lost (R7.A.7)."""
    target = eng["target"]
    events = [Event.of("value_set", key=DONE, value=[*done(pos), target])]
    for u in eng["defenders"]:
        if "hospital" in pos.spec(u).traits:
            events.append(Event.of("hospital_lost", unit=u, hex=target))
            events += effects.eliminate(pos.at(fold(pos.state, events)), u)
    eng["defenders"] = [u for u in eng["defenders"] if pos.at(fold(pos.state, events)).location(u) == target]
    return events


def replacements(pos: Position, eng: Mapping[str, Any]) -> list[str]:
    """R20.C.1: the Acting units that could take a Pinned assaulter's place in this Assault."""
    from tui_wargame.rules.foxhole import combat  # the participant rules live with the phase

    if not eng["vacancies"]:
        return []
    target, attackers = eng["target"], eng["attackers"]
    others = [u for u in pos.units_in(target, eng["acting"]) if u not in attackers]
    if len(attackers) + len(others) >= STACK:
        return []
    return [u for u in pos.units_of(eng["acting"]) if u not in attackers and u not in others
            and combat.assault_refusal(pos, u, target, eng["rule"]) is None
            and not mixed_services(pos, [*attackers, u])
            and combat.bridge_room(pos, ASSAULT, target, [*attackers, u]) is None]


def join_answers(pos: Position) -> list[Order]:
    return [Order("join"), *(Order("join", (u,)) for u in replacements(pos, current(pos)))]


def answer_join(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R20.C.1: `join UNIT` sends a unit in a Pinned one's place (it rolls its own pins);
    `join` alone goes on without."""
    eng = current(pos)
    if len(order.args) > 1:
        raise IllegalOrder("`join UNIT`: one unit at a time, or `join` for none", "R20.C.1")
    events = [Event.of("decision_made")]
    if not order.args:
        eng["vacancies"] = 0
        return events + run(pos.at(fold(pos.state, events)), dice, eng)
    u = order.args[0]
    if u not in replacements(pos, eng):
        raise IllegalOrder(f"{u} cannot join the Assault on {eng['target']}", "R20.C.1")
    eng["vacancies"] -= 1
    events.append(Event.of("unit_flagged", unit=u, flag=ENGAGED, scope="phase"))
    more, staying = _pins(pos.at(fold(pos.state, events)), dice, eng["rule"], eng["target"], [u])
    events += more
    eng["attackers"] += staying
    eng["vacancies"] += 1 - len(staying)  # Pinned too: its place is open again
    return events + run(pos.at(fold(pos.state, events)), dice, eng)


def _pins(pos: Position, dice: Dice, rule: str, target: str,
          units: Sequence[str]) -> tuple[list[Event], list[str]]:
    """R20.C.1, R22.C.1: each Vehicle rolls its Pin chances leaving its hex, crossing into the
    target and entering it (Tank Traps, Chart 2 reconstruction 3 per level); every assaulter the
    Mines' (2 per level) but an Engineer Tank, which ignores Mines and Bocage (R7.C.1.b). A unit
    Pinned drops out, except an Ambushed one in the Vehicle Assault
    Phase (R22.D, pinned but still assaulting); in the Combat Phase Ambushed units roll no pins
    (R11.B.2.b); units already in the hex roll none (R20.E.2)."""
    events: list[Event] = []
    staying = []
    for u in units:
        here = pos.location(u)
        chances: list[tuple[str, int]] = []
        ambushed = pos.has(u, AMBUSHED)
        engineer_tank = ENGINEER_TANK in pos.spec(u).traits  # R7.C.1.b: ignores Mines and Bocage
        if here != target and not (ambushed and rule == "R20"):
            if is_motorized(pos.spec(u)):
                chances.append(("leaving", pos.hex_type(here).pin))
                chances.append(("crossing", sum(t.pin for t in pos.hexside_types(here, target)
                                                if not (engineer_tank and t.id == BOCAGE))))
                chances.append(("entering", 3 * pos.level(target, "tank-traps")))
            if not engineer_tank:
                chances.append(("mines", 2 * pos.level(target, "mines")))
        pinned = False
        for what, odds in chances:
            if odds <= 0 or pinned:
                continue
            ok, die = chance(dice, odds)
            events.append(Event.of("assault_pin", unit=u, what=what, chance=odds, die=die, pinned=ok,
                                   rule=rule))
            pinned = ok
        if pinned:
            events += effects.pin(pos.at(fold(pos.state, events)), u)
        if not pinned or (ambushed and rule == "R22"):
            staying.append(u)
    return events, staying


# --- the stages ---

def run(pos: Position, dice: Dice, eng: dict[str, Any]) -> list[Event]:
    """Carry the engagement on until a player owes a decision or it ends."""
    events: list[Event] = []
    while True:
        here = pos.at(fold(pos.state, events))
        if eng["pools"]:
            pool = eng["pools"][0]
            if pool["shares"]:
                side, amount = pool["shares"][0]
                options = allocation.plans(_fr(amount), _defences(pool), pool["cap"])
                if len(options) > 1:
                    prompt = (f"lay {movement_points(_fr(amount))} {pool['fp']} firepower on "
                              f"{', '.join(pool['targets'])} "
                              f"(at most {pool['cap']} x Defence each unless forced, {pool['rule']})")
                    return events + [_store(eng), Event.of("decision_required", side=side, decision=APPLY,
                                                           prompt=prompt, data={})]
                _lay(pool, options[0] if options else {})
                continue
            eng["done_pools"].append(eng["pools"].pop(0))
            continue
        stage = eng["stages"][0]
        if stage == "end":
            return events + [Event.of("value_set", key=KEY, value={}), *_after(here, dice, eng)]
        if stage == "replace":
            if replacements(here, eng):
                return events + [_store(eng), Event.of(
                    "decision_required", side=eng["acting"], decision=JOIN,
                    prompt="send a unit in place of the Pinned one (`join UNIT`, or `join`) (R20.C.1)",
                    data={})]
            eng["stages"].pop(0)
            if not eng["attackers"]:
                return events + [Event.of("assault_called_off", hex=eng["target"], rule=eng["rule"]),
                                 Event.of("value_set", key=KEY, value={})]
            continue
        if stage == "cover":
            if cover_candidates(here, eng):
                eng["stages"][0] = "cover-wait"
                return events + [_store(eng), Event.of(
                    "decision_required", side=eng["reacting"], decision=COVER,
                    prompt=f"choose Covering Fire against the assault on {eng['target']} (R20.C.2)", data={})]
            eng["stages"].pop(0)
            continue
        eng["stages"].pop(0)
        if stage == "mark":
            events += _mark(here, eng)
        elif stage in ("fire", "fire-react", "fire-act"):
            events += _fire(here, dice, eng, stage)
        elif stage == "report":
            events.append(_report(here, eng))
        elif stage == "ambush":
            _ambush_bonus(here, dice, eng)
        elif stage == "hits":
            events += _hits(here, eng)
        elif stage == "heavy":
            if heavy_targets(here, eng) and heavy_ratings(here, eng):
                vehicles = heavy_targets(here, eng)
                if len(vehicles) > 1:
                    eng["stages"].insert(0, "heavy-wait")
                    return events + [_store(eng), Event.of(
                        "decision_required", side=eng["reacting"], decision=HEAVY,
                        prompt=f"apply {heavy_ratings(here, eng)} Heavy Weapons ratings to the assaulting "
                               f"Vehicles (R20.C.7)", data={})]
                events += heavy_effects(here, eng, {vehicles[0]: heavy_ratings(here, eng)})
        elif stage == "seize":
            act, react = _group(here, eng, eng["acting"]), _group(here, eng, eng["reacting"])
            events += seize(here, eng, act, react)
        elif stage == "retreat":
            more, waiting = retreats(here, eng, dice)
            events += more
            if waiting is not None:
                eng["stages"].insert(0, "retreat")
                return events + [_store(eng), waiting]


def _defences(pool: Mapping[str, Any]) -> dict[str, Fraction]:
    return {u: _fr(d) for u, d in pool["targets"].items()}


def _lay(pool: dict[str, Any], plan: Mapping[str, Fraction]) -> None:
    for u, amount in plan.items():
        pool["applied"][u] = _s(_fr(pool["applied"].get(u, 0)) + amount)
    pool["shares"].pop(0)


def _group(pos: Position, eng: Mapping[str, Any], side: str) -> list[str]:
    """The units of one side still in the engagement: the assaulters (or fighters) still on the
    map, or the defenders still in the hex, less the Overstacked (R10.D.4)."""
    if side == eng["acting"]:
        return [u for u in eng["attackers"] if pos.on_map(u)]
    crowd = set(stacking.overstacked(pos, eng["target"], side))
    return [u for u in eng["defenders"] if pos.location(u) == eng["target"] and u not in crowd]


def _fire(pos: Position, dice: Dice, eng: dict[str, Any], stage: str) -> list[Event]:
    """R20.C.5, R20.D.2: each firing side's Hard and Soft totals, each unit's firepower varied by
    its own FVT die (not with Less Random Combat, R25.A.6), made into pools on the enemy."""
    kind, target = eng["kind"], eng["target"]
    act, react = _group(pos, eng, eng["acting"]), _group(pos, eng, eng["reacting"])
    sides = {"fire": [(act, react, True), (react, act, False)], "fire-act": [(act, react, True)],
             "fire-react": [(react, act, False)]}[stage]
    effect = charts.COMBAT_EFFECTS[kind]
    fired: dict[str, Any] = {}
    for shooters, targets, acting in sides:
        if not shooters or not targets:
            continue
        role = (firepower.ASSAULTING if kind == ASSAULT else firepower.FIGHTING) if acting else "defending"
        if not acting and kind == FIGHT:
            role = "fought"
        hexes = [pos.location(u) for u in shooters] if acting else []
        into = target if acting else _centre(pos, eng)
        smoked = set(shooters[:benefits.smoke(pos, target)]) if acting and kind == FIGHT else set()
        totals: dict[tuple[str, bool], Fraction] = {}
        for u in shooters:
            roll = None if pos.option("less-random-combat") else d10(dice)
            if roll is not None:
                eng["fvt"][u] = roll
            special = acting and kind == ASSAULT and specialist(pos, u, target)
            for fp in (SOFT, HARD):
                calc = firepower.unit(pos, u, fp, role, into, shooters, hexes, u in smoked)
                calc = calc.with_(*crossings.combat_terms(pos, u, "firepower"))
                value = calc.value * (charts.FVT[roll] if roll is not None else 1)
                totals[(fp, special)] = totals.get((fp, special), Fraction(0)) + value
        side = eng["acting"] if acting else eng["reacting"]
        fired[side] = {f"{fp}{' (specialists)' if sp else ''}": final(v)
                       for (fp, sp), v in totals.items() if v}
        owner = eng["reacting"] if acting else eng["acting"]
        for (fp, special), value in sorted(totals.items()):
            total = final(value)
            hit = {u: _defence(pos, eng, u, fp, special) for u in targets if fp in target_types(pos, u, kind)}
            if total and hit:
                eng["pools"].append(_pool(kind, fp, hit, effect, total, owner, side, eng["rule"]))
    eng.setdefault("firepower", {}).update(fired)
    return []


def _centre(pos: Position, eng: Mapping[str, Any]) -> str:
    attackers = [u for u in eng["attackers"] if pos.on_map(u)]
    return pos.location(attackers[0]) if attackers else eng["target"]


def _pool(attack: str, fp: str, targets: Mapping[str, Fraction], effect: charts.CombatEffect, total: int,
          owner: str, firer: str, rule: str) -> dict[str, Any]:
    """One pool: the targets' owner lays his share first, the firer second (allocation.py)."""
    rules = {COVERING: "R20.C.2.c", ASSAULT: "R20.C.5", FIGHT: "R20.D.2"}
    return {"attack": attack, "fp": fp, "targets": {u: _s(d) for u, d in targets.items()}, "cap": effect.cap,
            "total": total, "rule": rules[attack] if rule == "R20" else "R22.C.3",
            "shares": [[owner, _s(allocation.split(total, effect.to_owner))],
                       [firer, _s(allocation.split(total, effect.to_firer))]],
            "applied": {}}


def _defence(pos: Position, eng: Mapping[str, Any], uid: str, fp: str, special: bool = False) -> Fraction:
    return defence_calc(pos, eng, uid, fp, special).value


def defence_calc(pos: Position, eng: Mapping[str, Any], uid: str, fp: str,
                 special: bool = False) -> Calculation:
    """The Defence below, with what landing does to it (R19.B.8.a, R16.B.2c)."""
    return _defence_calc(pos, eng, uid, fp, special).with_(*crossings.combat_terms(pos, uid, "defence"))


def _defence_calc(pos: Position, eng: Mapping[str, Any], uid: str, fp: str,
                  special: bool = False) -> Calculation:
    """The target's Defence in this engagement (benefits.py): a defender in its hex against the
    attackers' hexes; an assaulter the worse hex and Smoke (R5.B.1); a fighter as a defender."""
    kind, target = eng["kind"], eng["target"]
    attackers = [u for u in eng["attackers"] if pos.on_map(u)]
    if pos.side_of(uid) == eng["reacting"]:
        return benefits.defending(pos, uid, kind, [pos.location(u) for u in attackers], fp, special)
    if kind == FIGHT:
        return benefits.defending(pos, uid, FIGHT, [target], fp)
    calc = benefits.assaulting(pos, uid, target)
    smoke = benefits.smoke_defence(pos, target, attackers)
    return calc.with_(smoke[uid]) if uid in smoke else calc


def _hits(pos: Position, eng: dict[str, Any]) -> list[Event]:
    """R20.C.3, R20.C.6, R20.D.3: the hits of the finished pools, and their effects."""
    pools = eng["done_pools"]
    eng["done_pools"] = []
    if not pools:
        return []
    attack = pools[0]["attack"]
    effect = charts.COMBAT_EFFECTS[attack]
    count: dict[str, int] = {}
    for p in pools:
        for u, d in p["targets"].items():
            got = allocation.hits([_fr(p["applied"].get(u, 0))], _fr(d), len(effect.hits))
            count[u] = count.get(u, 0) + got
    events: list[Event] = []
    table = {u: min(n, len(effect.hits)) for u, n in count.items()}
    eng.setdefault("hits", {})
    for u, n in sorted(table.items()):
        if attack != COVERING:
            eng["hits"][u] = eng["hits"].get(u, 0) + n
        if n:
            here = pos.at(fold(pos.state, events))
            if here.on_map(u):
                events += effects.apply(here, u, effect.hits[n - 1])
    if attack == COVERING:
        events.append(Event.of("covering_fire", hex=eng["target"], hits=table, rule="R20.C.3"))
    return events


def _ambush_bonus(pos: Position, dice: Dice, eng: dict[str, Any]) -> None:
    """R20.E.1: D5-1 more firepower on each assaulter, after the Reacting side's fire is laid,
    before its hits; a D5 of 1/2 adds nothing, never less (R5.A.1: firepower below zero is zero)."""
    pools = eng["done_pools"]
    bonus = {}
    for u in eng["attackers"]:
        if not pos.on_map(u):
            continue
        extra = max(d5(dice) - 1, Fraction(0))
        bonus[u] = _s(extra)
        fp = target_types(pos, u, ASSAULT)[0]
        pool = next((p for p in pools if p["fp"] == fp and u in p["targets"]), None)
        if pool is None:
            pool = {"attack": ASSAULT, "fp": fp, "targets": {u: _s(_defence(pos, eng, u, fp))}, "applied": {}}
            pools.append(pool)
        pool["applied"][u] = _s(_fr(pool["applied"].get(u, 0)) + extra)
    eng["ambush_bonus"] = bonus


# --- Covering Fire (R20.C.2) ---

def cover_candidates(pos: Position, eng: Mapping[str, Any]) -> dict[str, list[str]]:
    """R20.A.2, R20.C.2.a: the Reacting units that may give Covering Fire, each with the hexes of
    assaulters next to it: the Offensive player's on Overwatch, the Defensive player's not
    Expended; no Artillery or Mortar Battery; not in the assaulted hex (its units fire in the
    Assault itself: Reconstruction); none in Overstack (R10.D.4)."""
    side = eng["reacting"]
    assault_hexes = sorted({pos.location(u) for u in eng["attackers"] if pos.on_map(u)})
    found: dict[str, list[str]] = {}
    for u in pos.units_of(side):
        spec = pos.spec(u)
        if pos.location(u) == eng["target"] or "hospital" in spec.traits or in_overstack(pos, u):
            continue  # R10.D.4: units in Overstack do not fire
        if kind_of(spec) == BATTERY and artillery_or_mortar(pos, u):
            continue  # R20.A.2.b, R20.A.2.e (SP Artillery too, R7.C.4)
        ready = pos.has(u, OVERWATCH) if side == pos.offensive else not pos.has(u, EXPENDED)
        hexes = [h for h in assault_hexes if pos.distance(h, pos.location(u)) == 1]
        if ready and hexes and not pos.has(u, EXHAUSTED):
            found[u] = hexes
    return found


def cover_answers(pos: Position) -> list[Order]:
    eng = current(pos)
    options = cover_candidates(pos, eng)
    found = [Order("cover")]
    first = list(options)[:STACK]
    if first and not mixed_services(pos, first):
        found.append(Order("cover", tuple(f"{u}@{options[u][0]}" for u in first)))
    for u, hexes in options.items():
        found += [Order("cover", (f"{u}@{h}",)) for h in hexes]
    return list(dict.fromkeys(found))


def answer_cover(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R20.C.2: the Reacting player names the units giving Covering Fire, each into one hex of
    assaulters next to it (`cover UNIT@HEX ...`, or `cover` for none)."""
    eng = current(pos)
    options = cover_candidates(pos, eng)
    chosen: dict[str, str] = {}
    for arg in order.args:
        u, _, h = arg.partition("@")
        if u not in options:
            raise IllegalOrder(f"{u} may not give Covering Fire here", "R20.A.2")
        if h not in options[u]:
            raise IllegalOrder(f"{u} can fire only into an adjacent hex of assaulters "
                               f"({', '.join(options[u])}), not {h or 'nowhere'}", "R20.C.2.b")
        if u in chosen:
            raise IllegalOrder(f"{u} is named twice: its fire may not be divided", "R20.C.2.b")
        chosen[u] = h
    if len(chosen) > STACK:
        raise IllegalOrder(f"no more than {STACK} units may give Covering Fire", "R20.C.2.a")
    if mixed_services(pos, list(chosen)):
        raise IllegalOrder("units of different services or languages may not fire together", "R25.A.5")
    events = [Event.of("decision_made")]
    for u in chosen:
        flag, on = (OVERWATCH, False) if eng["reacting"] == pos.offensive else (EXPENDED, True)
        events.append(Event.of("unit_flagged", unit=u, flag=flag, on=on))
    eng["stages"].pop(0)
    effect = charts.COMBAT_EFFECTS[COVERING]
    for h in sorted(set(chosen.values())):
        shooters = [u for u, x in chosen.items() if x == h]
        hexes = [pos.location(u) for u in shooters]
        targets = [u for u in eng["attackers"] if pos.on_map(u) and pos.location(u) == h]
        for fp in (SOFT, HARD):
            total = final(sum((firepower.unit(pos, u, fp, firepower.COVERING, h, shooters, hexes).value
                               for u in shooters), Fraction(0)))
            hit = {u: _defence(pos, eng, u, fp) for u in targets if fp in target_types(pos, u, ASSAULT)}
            if total and hit:
                pool = _pool(COVERING, fp, hit, effect, total, eng["acting"], eng["reacting"], "R20")
                eng["pools"].append(pool)
    eng["cover"] = chosen
    return events + run(pos.at(fold(pos.state, events)), dice, eng)


# --- allocation answers ---

def apply_answers(pos: Position) -> list[Order]:
    pool = current(pos)["pools"][0]
    _, amount = pool["shares"][0]
    return [allocation.order(p) for p in allocation.plans(_fr(amount), _defences(pool), pool["cap"])]


def answer_apply(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """The pending player's share laid on the targets (`apply UNIT=AMOUNT ...`)."""
    eng = current(pos)
    pool = eng["pools"][0]
    _, amount = pool["shares"][0]
    plan = allocation.parse(order, pool["rule"])
    if isinstance(plan, Refusal):
        raise IllegalOrder(plan)
    refusal = allocation.valid(plan, _fr(amount), _defences(pool), pool["cap"], pool["rule"])
    if refusal is not None:
        raise IllegalOrder(refusal)
    _lay(pool, plan)
    events = [Event.of("decision_made")]
    return events + run(pos.at(fold(pos.state, events)), dice, eng)


# --- Heavy Weapons (R20.C.7, R22.C.5) ---

def heavy_targets(pos: Position, eng: Mapping[str, Any]) -> list[str]:
    return [u for u in eng["attackers"] if pos.on_map(u) and pos.spec(u).kind == VEHICLE]


def heavy_ratings(pos: Position, eng: Mapping[str, Any]) -> int:
    """The Heavy Weapons of the defending Companies still in the hex (not Overstacked, R10.D.4)."""
    return sum(firepower.heavy(pos, u) for u in _group(pos, eng, eng["reacting"]))


def heavy_answers(pos: Position) -> list[Order]:
    eng = current(pos)
    vehicles, n = heavy_targets(pos, eng), heavy_ratings(pos, eng)
    found = []
    for split in product(range(n + 1), repeat=len(vehicles)):
        if sum(split) == n:
            found.append(Order("heavy", tuple(f"{v}={k}" for v, k in zip(vehicles, split, strict=True) if k)))
    found.sort(key=lambda o: len(o.args))
    return found[:allocation.MAX_PLANS]


def answer_heavy(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R20.C.7: the Reacting player lays every Heavy Weapons rating on the assaulting Vehicles
    (`heavy UNIT=N ...`; reconstruction: all must be laid, as firepower is)."""
    eng = current(pos)
    vehicles, n = heavy_targets(pos, eng), heavy_ratings(pos, eng)
    plan = allocation.parse(order, "R20.C.7")
    if isinstance(plan, Refusal):
        raise IllegalOrder(plan)
    if set(plan) - set(vehicles) or any(v.denominator != 1 or v < 0 for v in plan.values()):
        raise IllegalOrder(f"Heavy Weapons go in whole ratings on the assaulting Vehicles "
                           f"({', '.join(vehicles)})", "R20.C.7")
    if sum(plan.values()) != n:
        raise IllegalOrder(f"all {n} Heavy Weapons ratings must be applied", "R20.C.7")
    events = [Event.of("decision_made")]
    eng["stages"].pop(0)
    events += heavy_effects(pos.at(fold(pos.state, events)), eng, {v: int(k) for v, k in plan.items()})
    return events + run(pos.at(fold(pos.state, events)), dice, eng)


def heavy_effects(pos: Position, eng: Mapping[str, Any], plan: Mapping[str, int]) -> list[Event]:
    """R20.C.7 a-e (charts.HEAVY_WEAPONS): by ratings on the Vehicle and its Defence (<= 5 or >= 6)."""
    events: list[Event] = []
    for v, n in sorted(plan.items()):
        if n <= 0:
            continue
        here = pos.at(fold(pos.state, events))
        row = charts.HEAVY_WEAPONS["light" if here.value(v, "defence") <= 5 else "heavy"]
        result = row[min(n, len(row)) - 1]
        events.append(Event.of("heavy_weapons", unit=v, ratings=n, effects=list(result),
                               rule="R20.C.7" if eng["rule"] == "R20" else "R22.C.5"))
        events += effects.apply(here, v, result)
    return events


# --- Retreat decisions (R20.C.9) ---

def _after(pos: Position, dice: Dice, eng: Mapping[str, Any]) -> list[Event]:
    """What an Assault or Fight leaves behind (optional rules): the hex's Refugees go (R25.C.2.c),
    then it may catch fire (R25.C.1b; last, as it may ask the units there to flee)."""
    events = refugees.on_attack(pos, eng["target"])
    assaulters = eng["attackers"] if eng["kind"] == ASSAULT else []
    return events + fire.after_attack(pos.at(fold(pos.state, events)), eng["target"], eng["kind"],
                                      assaulters, dice, by=eng["acting"])


def retreat_answers(pos: Position) -> list[Order]:
    eng = current(pos)
    u, origin = eng["retreat"][0]
    exempt = [*eng["attackers"], *eng["defenders"]]
    return [Order("retreat", (u, h)) for h in retreat_hexes(pos, u, origin, exempt)]


def answer_retreat(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R20.C.9: `retreat UNIT HEX`, the unit first in line, to one of its retreat hexes."""
    eng = current(pos)
    u, origin = eng["retreat"][0]
    exempt = [*eng["attackers"], *eng["defenders"]]
    legal = retreat_hexes(pos, u, origin, exempt)
    if len(order.args) != 2 or order.args[0] != u:
        raise IllegalOrder(f"retreat {u} first: `retreat {u} HEX`", "R20.C.9")
    if order.args[1] not in legal:
        mps = movement_points(movement.mp_of(pos, u))
        raise IllegalOrder(f"{u} may retreat only to {', '.join(legal) or 'nowhere'}: two hexes or more "
                           f"from {origin} within its {mps} MPs, never next to an enemy", "R20.C.9")
    eng["retreat"].pop(0)
    events = [Event.of("decision_made"),
              *move_back(pos, u, origin, order.args[1], dice, retreat_rule(eng), exempt)]
    return events + run(pos.at(fold(pos.state, events)), dice, eng)


# --- the report ---

def _report(pos: Position, eng: Mapping[str, Any]) -> Event:
    return Event.of(eng["kind"], hex=eng["target"], attackers=list(eng["attackers"]),
                    defenders=list(eng["defenders"]), fvt=dict(eng["fvt"]),
                    firepower=dict(eng.get("firepower", {})), hits=dict(eng.get("hits", {})),
                    ambush=eng["ambush"], rule=eng["rule"])


# --- the decisions, answered (system.ANSWERS) ---

def _answer(kind: str, handler: Callable[[Position, Order, Dice], list[Event]]
            ) -> Callable[[Position, Order, Dice], list[Event]]:
    def answer(pos: Position, order: Order, dice: Dice) -> list[Event]:
        if pos.state.pending is None or pos.state.pending.kind != kind:
            raise IllegalOrder(f"no decision calls for `{order.verb}` now", "R20")
        return handler(pos, order, dice)
    return answer


ORDERS = {"join": _answer(JOIN, answer_join), "cover": _answer(COVER, answer_cover),
          "apply": _answer(APPLY, answer_apply), "heavy": _answer(HEAVY, answer_heavy),
          "retreat": _answer(RETREAT, answer_retreat)}
ANSWERS = {JOIN: join_answers, COVER: cover_answers, APPLY: apply_answers, HEAVY: heavy_answers,
           RETREAT: retreat_answers}
