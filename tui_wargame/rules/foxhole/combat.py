"""Foxhole R20: the Combat Phase. The Acting player Assaults or Fights enemy hexes one at a time
(R20.B), each hex once; Ambushed units (R11.C.2, R20.E.1) and units sharing a hex with the enemy
(R20.E.2) must Assault before the phase ends. The Assault or Fight itself is engagement.py.

Orders: `assault HEX UNIT...`, `fight HEX UNIT...`. At the end of the phase the Offensive
player's Overwatch markers come off (R20.G) and Smoke clears (Chart 5).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.foxhole import benefits, charts, crossings, engagement, firepower, stacking
from tui_wargame.rules.foxhole.arith import Calculation
from tui_wargame.rules.foxhole.benefits import HARD, SOFT
from tui_wargame.rules.foxhole.counters import BATTERY, VEHICLE, attribute, is_motorized, kind_of
from tui_wargame.rules.foxhole.engagement import done
from tui_wargame.rules.foxhole.participants import (
    ASSAULT,
    FIGHT,
    STACK,
    artillery_or_mortar,
    enterable,
    may_act,
    mixed_services,
    target_types,
)
from tui_wargame.rules.foxhole.position import AMBUSHED, FIRED, OVERWATCH, PINNED, Position
from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R20"


# --- who may take part (R20.A) ---

def assault_refusal(pos: Position, uid: str, target: str, rule: str = RULE) -> Refusal | None:
    """R20.A.1 (R22.A): why `uid` may not Assault `target`, or None."""
    if uid not in pos.state.units or pos.side_of(uid) != pos.acting:
        return Refusal(f"{uid} is not one of your units", rule)
    if not may_act(pos, uid):
        return Refusal(f"{uid} may not act now (Exhausted, Expended, on Overwatch, a Hospital, "
                       f"off the map, or engaged already this phase)", f"{rule}.A")
    spec = pos.spec(uid)
    kind = kind_of(spec)  # R7.C.4: SP Artillery is an Artillery Battery here
    here = pos.location(uid)
    if kind == BATTERY:
        return Refusal(f"{uid} is a Battery: no Battery may Assault", "R20.A.1.b")
    if rule == "R22" and kind != VEHICLE and not (pos.has(uid, AMBUSHED) and is_motorized(spec)):
        return Refusal(f"{uid} is not a Vehicle: only Vehicles Assault in this phase", "R22.A")
    if kind == VEHICLE and pos.has(uid, FIRED):
        return Refusal(f"{uid} fired a Barrage this turn", "R20.A.1.c")
    if here != target and pos.has(uid, PINNED):
        return Refusal(f"{uid} is Pinned and cannot move into {target}", "R20.A.1")
    if rule == RULE and uid in crossings.landers(pos):
        return _landing_refusal(pos, uid, target)
    if pos.distance(here, target) > 1:
        return Refusal(f"{uid} is not next to {target}", "R20.A.1")
    if not enterable(pos, uid, here, target):
        return Refusal(f"{uid} could not move into {target}, so may not Assault it", "R20.A.1")
    return None


def _landing_refusal(pos: Position, uid: str, target: str) -> Refusal | None:
    """R19.B.8.a: a unit that set out by Boat or Raft onto enemies Assaults the hex it lands in,
    from wherever it set out, and no other."""
    shore = crossings.landers(pos)[uid]
    if target == shore:
        return None
    return Refusal(f"{uid} is landing on {shore} and Assaults only it", "R19.B.8.a")


def fight_refusal(pos: Position, uid: str, target: str) -> Refusal | None:
    """R20.A.1: why `uid` may not Fight `target`, or None (two or three hexes away with Long Range
    Fights, R25.A.3)."""
    if uid not in pos.state.units or pos.side_of(uid) != pos.acting:
        return Refusal(f"{uid} is not one of your units", RULE)
    if not may_act(pos, uid):
        return Refusal(f"{uid} may not act now (Exhausted, Expended, on Overwatch, a Hospital, "
                       f"off the map, or engaged already this phase)", "R20.A")
    spec = pos.spec(uid)
    kind = kind_of(spec)  # R7.C.4: SP Artillery is an Artillery Battery here
    if kind == BATTERY and artillery_or_mortar(pos, uid):
        return Refusal(f"{uid} is an Artillery or Mortar Battery: it does not Fight", "R20.A.1.b")
    if kind in (BATTERY, VEHICLE) and pos.has(uid, FIRED):
        return Refusal(f"{uid} fired a Barrage this turn",
                       "R20.A.1.b" if kind == BATTERY else "R20.A.1.c")
    if pos.has(uid, AMBUSHED):
        return Refusal(f"{uid} is Ambushed: it must Assault, not Fight", "R20.B")
    if uid in crossings.landers(pos) or not crossings.may_fight(pos, uid):
        return Refusal(f"{uid} crossed by Boat or Raft this turn: it lands by Assault or may not Fight",
                       "R19.B.8.a")
    reach = 1
    if pos.option("long-range-fights"):
        reach = 3 if spec.kind == VEHICLE and attribute(spec, "nation") == "german" else 2
    d = pos.distance(pos.location(uid), target)
    if not 1 <= d <= reach:
        return Refusal(f"{uid} is not within {reach} hex{'es' if reach > 1 else ''} of {target}",
                       "R25.A.3" if reach > 1 else "R20.A.1")
    return None


def refusal(pos: Position, verb: str, target: str, units: Sequence[str], rule: str = RULE) -> Refusal | None:
    """R20.B, R20.E.2, R22.B: why this Assault or Fight may not be made, or None."""
    if not pos.scenario.grid.on_map(target):
        return Refusal(f"{target} is not a hex of the map", rule)
    if target in done(pos):
        return Refusal(f"{target} has been attacked already this phase", f"{rule}.B")
    if not pos.units_in(target, pos.reacting):
        return Refusal(f"no enemy unit in {target}", f"{rule}.B")
    if not units:
        return Refusal(f"name the units that {verb} {target}", f"{rule}.B")
    if len(set(units)) != len(units):
        return Refusal("a unit is named twice", f"{rule}.B")
    if len(units) > STACK:
        return Refusal(f"no more than {STACK} units may {verb} one hex", f"{rule}.B")
    for u in units:
        why = assault_refusal(pos, u, target, rule) if verb == ASSAULT else fight_refusal(pos, u, target)
        if why is not None:
            return why
    others = [u for u in pos.units_in(target, pos.acting) if u not in units]
    if verb == ASSAULT and len(units) + len(others) > STACK:
        return Refusal(f"{target} holds {len(others)} of your units already: no more than {STACK} may be "
                       f"there after the Assault", f"{rule}.B")
    crowded = bridge_room(pos, verb, target, units)
    if crowded is not None:
        return crowded
    if verb == ASSAULT and rule == RULE:
        missing = [u for u in others if assault_refusal(pos, u, target, rule) is None]
        if missing:
            return Refusal(f"{', '.join(missing)} share{'s' if len(missing) == 1 else ''} {target} with the "
                           f"enemy and must take part in its Assault", "R20.E.2")
    if mixed_services(pos, units):
        return Refusal("units of different services or languages may not attack together", "R25.A.5")
    return None


def bridge_room(pos: Position, verb: str, target: str, units: Sequence[str]) -> Refusal | None:
    """R20.A.1, R10.B: no more units attack a bridge hex than its bridge holds; assaulters crossing
    a bridged hexside together must fit on that bridge."""
    if stacking.bridge(pos, target) is not None:
        if verb == ASSAULT:
            return stacking.room(pos, target, pos.acting, units)
        most = stacking.limit(pos, target, pos.acting)
        if len(units) > most:
            return Refusal(f"the bridge in {target} holds {most} unit{'s' if most != 1 else ''}: no more may "
                           f"Fight it", "R10.B")
    if verb == ASSAULT:
        for h in sorted({pos.location(u) for u in units} - {target}):
            why = stacking.crossing_room(pos, h, target, [u for u in units if pos.location(u) == h])
            if why is not None:
                return why
    return None


def targets(pos: Position) -> list[str]:
    """Enemy hexes some acting unit is next to, shares, or (Long Range Fights) can reach."""
    reach = 3 if pos.option("long-range-fights") else 1
    found = set()
    for u in pos.units_of(pos.acting):
        here = pos.location(u)
        for h, units in pos.occupied().items():
            if pos.distance(here, h) <= reach and any(pos.side_of(x) == pos.reacting for x in units):
                found.add(h)
    found |= {h for h in crossings.landers(pos).values() if pos.units_in(h, pos.reacting)}
    return sorted(found - set(done(pos)))


def group(pos: Position, verb: str, target: str, rule: str = RULE) -> list[str]:
    """The largest legal group for an order, built greedily: units sharing the hex, then Ambushed
    units, then the rest in id order."""
    landing = crossings.landers(pos)
    candidates = [u for u in pos.units_of(pos.acting)
                  if pos.distance(pos.location(u), target) <= 3 or landing.get(u) == target]
    candidates.sort(key=lambda u: (pos.location(u) != target, not pos.has(u, AMBUSHED), u))
    chosen: list[str] = []
    for u in candidates:
        ok = assault_refusal(pos, u, target, rule) if verb == ASSAULT else fight_refusal(pos, u, target)
        if (ok is None and len(chosen) < STACK and not mixed_services(pos, [*chosen, u])
                and bridge_room(pos, verb, target, [*chosen, u]) is None):
            chosen.append(u)
    return chosen


def phase_orders(pos: Position, verbs: Sequence[str], rule: str) -> list[Order]:
    found = []
    for t in targets(pos):
        for verb in verbs:
            order = _order(pos, verb, t, rule)
            if order is not None:
                found.append(order)
    return found


def _order(pos: Position, verb: str, target: str, rule: str) -> Order | None:
    """The order of the largest legal group for `verb` on `target`, if any; kept for the State,
    as the phase's orders and what it owes (`owed`) ask the same."""
    key = ("combat.order", verb, target, rule)
    if key not in pos.memo:
        units = group(pos, verb, target, rule)
        ok = units and refusal(pos, verb, target, units, rule) is None
        pos.memo[key] = Order(verb, (target, *units)) if ok else None
    return pos.memo[key]  # type: ignore[return-value]


def owed(pos: Position, rule: str) -> Refusal | None:
    """R20.B, R20.E.2 (R22.B): an Ambushed unit that can still Assault must; in the Combat Phase,
    units sharing a hex with the enemy must Assault it. Only an Assault that can be made is owed
    (one `orders` lists), so the phase can always end."""
    for o in phase_orders(pos, (ASSAULT,), rule):
        target, units = o.args[0], o.args[1:]
        ambushed = [u for u in units if pos.has(u, AMBUSHED)]
        if ambushed:
            return Refusal(f"{', '.join(ambushed)} {'is' if len(ambushed) == 1 else 'are'} Ambushed and must "
                           f"Assault ({target}) before the phase ends", f"{rule}.B")
        landing = [u for u in units if crossings.landers(pos).get(u) == target]
        if rule == RULE and landing:
            return Refusal(f"{', '.join(landing)} must Assault {target} on landing", "R19.B.8.a")
        inside = [u for u in units if pos.location(u) == target]
        if rule == RULE and inside:
            return Refusal(f"{', '.join(inside)} share {target} with the enemy and must Assault it",
                           "R20.E.2")
    return None


# --- the phase ---

def declare(verb: str, rule: str) -> Handler:
    def handler(pos: Position, order: Order, dice: Dice) -> list[Event]:
        if not order.args:
            raise IllegalOrder(f"`{verb} HEX UNIT...`: name the hex and the units", f"{rule}.B")
        target, units = order.args[0], list(order.args[1:])
        why = refusal(pos, verb, target, units, rule)
        if why is not None:
            raise IllegalOrder(why)
        return engagement.start(pos, dice, verb, rule, target, units)
    return handler


ORDERS: Mapping[str, Handler] = {"assault": declare(ASSAULT, RULE), "fight": declare(FIGHT, RULE)}


def orders(pos: Position) -> list[Order]:
    return phase_orders(pos, (ASSAULT, FIGHT), RULE)


def begin(pos: Position, dice: Dice) -> list[Event]:
    return [Event.of("value_set", key=engagement.DONE, value=[])]


def finish(pos: Position, dice: Dice) -> list[Event]:
    """R20.G: the Offensive player's Overwatch markers left come off, at the end of the Defensive
    player's Combat Phase (Reconstruction: in the Offensive player's own turn they were just placed,
    R17.D, to be used in the Defensive turn that follows); Chart 5: Smoke clears; landings by Boat
    or Raft come ashore or are over (R19.B.8.a)."""
    events = [] if pos.acting == pos.offensive else [
        Event.of("unit_flagged", unit=u, flag=OVERWATCH, on=False)
        for u in pos.units_of(pos.offensive) if pos.has(u, OVERWATCH)]
    for place, markers in sorted(pos.state.markers.items()):
        events += [Event.of("marker_removed", place=place, marker=m.kind, id=m.id)
                   for m in markers if m.kind == "smoke"]
    return events + crossings.ashore(pos)


def blocks_end(pos: Position) -> Refusal | None:
    return owed(pos, RULE)


def idle(pos: Position) -> bool:
    return not orders(pos)


def prompt(pos: Position) -> str:
    why = owed(pos, RULE)
    if why is not None:
        return f"{why.message} ({why.rule})"
    return "Assault or Fight an enemy hex, or end (R20.B)"


# --- the preview (EXPLAIN) ---

def _calc_text(calc: Calculation) -> str:
    parts = [str(calc.base)]
    for t in calc.terms:
        if t.add:
            parts.append(f"{'+' if t.add > 0 else '-'}{abs(t.add)} {t.what} ({t.rule})")
        if t.steps:
            parts.append(f"{'doubled' if t.steps > 0 else 'halved'} x{abs(t.steps)} {t.what} ({t.rule})")
        if t.times != 1:
            parts.append(f"x{t.times} {t.what} ({t.rule})")
    return " ".join(parts) + f" = {calc.value}"


def _return_fire(pos: Position, verb: str, eng: dict[str, Any], units: list[str]) -> list[Line]:
    """R20.C.5, R20.D.2: the defenders fire back at the same time, as `engagement` fires them:
    each defender's firepower, then each attacker's Defence against it."""
    defenders = pos.units_in(eng["target"], pos.reacting)
    role = "defending" if verb == ASSAULT else "fought"
    into = pos.location(units[0]) if units else eng["target"]
    lines, kinds = [], set()
    for d in defenders:
        for fp in (SOFT, HARD):
            calc = firepower.unit(pos, d, fp, role, into, defenders, []).with_(
                *crossings.combat_terms(pos, d, "firepower"))
            if calc.base or calc.value:
                kinds.add(fp)
                lines.append(Line(f"{d} fires back, {fp}: {_calc_text(calc)}", "R5.A.1"))
    for u in units:
        for fp in sorted(kinds & set(target_types(pos, u, verb))):
            calc = engagement.defence_calc(pos, eng, u, fp)
            lines.append(Line(f"{u} Defence against {fp}: {_calc_text(calc)}", "R20.F"))
    return lines


def explain(pos: Position, order: Order) -> Explanation | Refusal:
    """Each unit's firepower and each defender's Defence with every modifier, the FVT range, the
    split and cap of charts.COMBAT_EFFECTS: everything but the dice."""
    verb = order.verb
    rule = "R22" if pos.state.phase == "vehicle-assault" else RULE
    if not order.args:
        return Refusal(f"`{verb} HEX UNIT...`", f"{rule}.B")
    target, units = order.args[0], list(order.args[1:])
    why = refusal(pos, verb, target, units, rule)
    if why is not None:
        return why
    effect = charts.COMBAT_EFFECTS[verb]
    lines = []
    hexes = [pos.location(u) for u in units]
    role = firepower.ASSAULTING if verb == ASSAULT else firepower.FIGHTING
    smoked = set(units[:benefits.smoke(pos, target)]) if verb == FIGHT else set()
    for u in units:
        for fp in (SOFT, HARD):
            calc = firepower.unit(pos, u, fp, role, target, units, hexes, u in smoked)
            calc = calc.with_(*crossings.combat_terms(pos, u, "firepower"))
            if calc.base or calc.value:
                lines.append(Line(f"{u} {fp} firepower: {_calc_text(calc)}", "R5.A.1"))
    eng = {"kind": verb, "target": target, "attackers": units, "reacting": pos.reacting}
    for d in pos.units_in(target, pos.reacting):
        for fp in target_types(pos, d, verb):
            calc = engagement.defence_calc(pos, eng, d, fp)
            lines.append(Line(f"{d} Defence against {fp}: {_calc_text(calc)}", "R20.F"))
    lines += _return_fire(pos, verb, eng, units)
    if not pos.option("less-random-combat"):
        lo, hi = min(charts.FVT.values()), max(charts.FVT.values())
        lines.append(Line(f"each unit's firepower is varied by its own D10 on the FVT, x{lo} to x{hi}",
                          "R20.C.5"))
    lines.append(Line(f"you lay {effect.to_firer} of your firepower, the enemy {effect.to_owner}; at most "
                      f"{effect.cap} x Defence on a unit unless forced",
                      f"{rule}.C" if verb == ASSAULT else "R20.D.2"))
    hits = ", ".join(f"{i + 1}: {' and '.join(e)}" for i, e in enumerate(effect.hits))
    lines.append(Line(f"hits: {hits}", "R20.C.6" if verb == ASSAULT else "R20.D.3", strong=True))
    return Explanation(f"{verb.capitalize()} {target} with {', '.join(units)}", tuple(lines))


EXPLAIN: Mapping[str, Callable[[Position, Order], Explanation | Refusal]] = {
    "assault": explain, "fight": explain}


# --- the reports (WORDS) ---

SEIZURE = {"seized": "the hex is seized", "shared": "the sides share the hex (R20.E.2 next turn)",
           "held": "the hex is held", "repulsed": "the assault is thrown back"}

def _hits_text(hits: Mapping[str, int]) -> str:
    found = [f"{u} {n} hit{'s' if n != 1 else ''}" for u, n in sorted(hits.items()) if n]
    return "; ".join(found) if found else "no hits"


def _assault(pos: Position, e: Event) -> str:
    ambush = "Ambush: " if e.get("ambush") else ""
    hits = _hits_text(e.get("hits", {}))
    return f"{ambush}{', '.join(e['attackers'])} assaulted {e['hex']}: {hits} ({e['rule']}.C)"


def _fight(pos: Position, e: Event) -> str:
    return f"{', '.join(e['attackers'])} fought {e['hex']}: {_hits_text(e.get('hits', {}))} (R20.D)"


def _pin(pos: Position, e: Event) -> str:
    result = "Pinned" if e["pinned"] else "not Pinned"
    return (f"{e['unit']} rolled {e['die']} against a {e['chance']} in 10 Pin chance ({e['what']}): "
            f"{result} ({e['rule']}.C.1)")


def _heavy(pos: Position, e: Event) -> str:
    plural = "s" if e["ratings"] != 1 else ""
    return (f"{e['ratings']} Heavy Weapons rating{plural} on {e['unit']}: "
            f"{' and '.join(e['effects']) or 'no effect'} ({e.get('rule', 'R20.C.7')})")


def _retreat(pos: Position, e: Event) -> str:
    if e.get("tunnel"):
        return f"{e['unit']} retreats through the tunnel from {e['hex']} to {e['to']} (R19.B.6.h)"
    if e["to"]:
        return f"{e['unit']} retreats from {e['hex']} to {e['to']} ({e.get('rule', 'R20.C.9')})"
    return f"{e['unit']} cannot retreat from {e['hex']} and is eliminated ({e.get('rule', 'R20.C.9')})"


WORDS: Mapping[str, Callable[[Position, Event], str]] = {
    "assault": _assault,
    "fight": _fight,
    "covering_fire": lambda pos, e: f"Covering Fire into {e['hex']}: {_hits_text(e['hits'])} (R20.C.3)",
    "assault_pin": _pin,
    "assault_called_off": lambda pos, e: (f"every unit assaulting {e['hex']} was Pinned: no Assault "
                                          f"({e['rule']}.C.1)"),
    "hospital_lost": lambda pos, e: f"{e['unit']}, a Hospital, is lost as {e['hex']} is attacked (R7.A.7)",
    "heavy_weapons": _heavy,
    "seizure": lambda pos, e: (f"{e['hex']}: assaulters' Defence {e['acting']} against {e['reacting']}: "
                               f"{SEIZURE[e['result']]} ({e['rule']}.C)"),
    "retreat": _retreat,
}
