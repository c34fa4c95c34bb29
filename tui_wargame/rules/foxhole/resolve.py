"""Foxhole R18.D-E (with R5.D, R7.B.2b-c, R10.D.3, R23.B, R25.A.2, R25.A.7): one barrage, from
the order to its hits.

- R18.D.1: each firer rolls its own FVT die; the Firepower is summed by kind (Hard, Soft). Hard
  Firepower falls only on Hard Vehicles, Soft on everything else (Open-Top Vehicles take Soft in a
  barrage, R5.A.4c). Terrain and Defensive Works count as the targets' Defence against a barrage
  (`benefits.defending`); the weather is each firer's own (R8.C, R9.D; see `firing`).
- R18.D.1a: the owner of the units in the hex lays three quarters of each kind on them, the firer
  one quarter, at most twice a unit's Defence unless forced; Rocket Artillery (R7.B.2b) and Gun
  Sorties (R5.D.2): the owner lays all of theirs. R18.D.1b: with both players' units in the hex, the
  firer first lays half of everything on his own units, then the quarter on the enemy's, and the
  enemy three quarters on his own. A player lays his share as a decision (`apply UNIT=AMOUNT`),
  owner before firer (allocation.py's reconstruction); with one way only, the game lays it.
- R18.E: each whole multiple of Defence is a hit: one Suppresses, two or more Pin (`effects`).
- R10.D.3 (optional overstacking): units in Overstack have Defence 0 against a barrage: any
  Firepower in the hex Reduces and Pins them all; they take no share.
- R7.B.2c, R5.D.2, R23.B: Siege Artillery, a siege Support and every second Gun Sortie into a hex
  reduce its Defensive Works one level, once a phase; the player who did not fire chooses which.
- R18.D.2: a Smoke Barrage is a marker (its count in `value`) instead of a battery's Firepower.
- R25.A.2 (optional): an unspotted barrage hits on a D10 of 2 or less (5 or less at a hex holding
  an Artillery Battery that fired this player turn).
- R25.A.7 (optional): an Artillery or Sortie barrage of 30 Soft Firepower or more leaves Shellholes.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.foxhole import (
    allocation,
    arrivals,
    benefits,
    bridge_fire,
    charts,
    effects,
    firing,
    refugees,
    sorties,
    stacking,
    weather,
)
from tui_wargame.rules.foxhole import fire as fires  # R25.C.1b (`fire` here fires a barrage)
from tui_wargame.rules.foxhole.arith import Calculation, Term, d10
from tui_wargame.rules.foxhole.counters import VEHICLE
from tui_wargame.rules.foxhole.narration import movement_points
from tui_wargame.rules.foxhole.position import EXPENDED, FIRED, OVERWATCH, PINNED, Position
from tui_wargame.text import side_name

FIRE, WORKS, GUNS, HEXES = "barrage.fire", "barrage.works", "barrage.guns", "barrage.hexes"
APPLY, CHOOSE = "barrage:apply", "barrage:works"
HARD, SOFT = "hard", "soft"
SHELLHOLES = "shellholes"
SHELL_FP = 30  # R25.A.7
#: R7.B.2c, R5.D.2: what one level off each Defensive Work leaves (None: removed).
REDUCED_WORK: Mapping[str, str | None] = {
    "foxholes": None, "scrapes": None, "pillbox": None, SHELLHOLES: None,
    "fort-improved": "fort-unimproved", "fort-unimproved": "pillbox",
}


@frozen
class Plan:
    """A barrage order read and checked: the hex, its firers (units and Support/Sortie ids), the
    smoke batteries, and whether it goes without a spotter (R25.A.2)."""

    side: str
    hex: str
    firers: tuple[str, ...]
    smoke: tuple[str, ...]
    unspotted: bool


def read(pos: Position, side: str, order: Order) -> Plan | Refusal:
    """The plan of `barrage HEX FIRER... [smoke BATTERY...]`, or why it may not be fired."""
    if not order.args:
        return Refusal("barrage HEX FIRER... [smoke BATTERY...]", "R18.C")
    target, *rest = order.args
    if not pos.scenario.grid.on_map(target):
        return Refusal(f"{target} is not a hex of the map", "R18.C")
    if target in barraged(pos, side):
        return Refusal(f"you have barraged {target} this phase already", "R18.C")
    spotted = firing.spotted(pos, side, target)
    if not spotted and not pos.option(firing.UNSPOTTED):
        return Refusal(f"no Battery or Company of yours is in or next to {target}", "R18.B")
    cut = rest.index("smoke") if "smoke" in rest else len(rest)
    alone = [u for u in rest
             if u != "smoke" and u in pos.scenario.unit and not firing.spotted(pos, side, target, u)]
    if spotted and alone and not pos.option(firing.UNSPOTTED):
        return Refusal(f"no unit of {alone[0]}'s own service and language spots {target}", "R25.A.5")
    spotted = spotted and not alone
    firers, smoke = tuple(rest[:cut]), tuple(rest[cut + 1:])
    if not firers and not smoke:
        return Refusal("name at least one unit, Support or Sortie to fire", "R18.C")
    names = [*firers, *smoke]
    if len(set(names)) < len(names):
        return Refusal("a firer is named twice", "R18.C")
    for f in names:
        refusal = _check_firer(pos, side, target, f, f in smoke)
        if refusal is not None:
            return refusal
    reduced = [u for u in smoke if pos.reduced(u)]
    if len(reduced) % 2:
        return Refusal("a Reduced Battery fires Smoke only together with another Reduced one", "R18.D.2")
    return Plan(side, target, firers, smoke, not spotted)


def _check_firer(pos: Position, side: str, target: str, f: str, smoke: bool) -> Refusal | None:
    if f not in pos.scenario.unit:
        entry = sorties.find(pos, side, f)
        if entry is None:
            return Refusal(f"{f} is neither a unit nor a Support or Sortie you have this Full Turn",
                           "R18.A.1e")
        if smoke:
            return Refusal(f"{f} has no Smoke capacity", "R23.B")
        if not sorties.reaches(pos, side, entry, target):
            return Refusal(f"{target} is beyond Gun Sortie {f}'s range of {entry.get('range')} from your "
                           f"supply sources", "R5.D.2")
        return None
    if not firing.may_fire(pos, f, side):
        return Refusal(f"{f} may not fire a barrage now (R18.A: it must have chosen to Trace Supply, "
                       f"or be reacting Artillery or Mortars on Overwatch or unexpended)", "R18.A")
    if firing.reach(pos, f, target) is None:
        return Refusal(f"{target} is out of {f}'s reach ({_reach_words(pos, f)})", _reach_rule(pos, f))
    if smoke and firing.SMOKE not in pos.spec(f).traits:
        return Refusal(f"{f} cannot fire Smoke", "R5.A.3")
    return None


def _reach_words(pos: Position, uid: str) -> str:
    if firing.is_artillery(pos, uid):
        return f"3 to {pos.value(uid, 'range')} hexes"
    return "2-3 hexes, or next to it at half Firepower" if firing.is_mortar(pos, uid) else "the next hex"


def _reach_rule(pos: Position, uid: str) -> str:
    return ("R18.A.1a" if firing.is_artillery(pos, uid)
            else ("R7.B.3" if firing.is_mortar(pos, uid) else "R18.A.1c"))


def barraged(pos: Position, side: str) -> tuple[str, ...]:
    """The hexes `side` has barraged this phase (R18.C: once each)."""
    table: object = pos.state.values.get(HEXES, {})
    return tuple(table.get(side, ())) if isinstance(table, Mapping) else ()


def defence(pos: Position, uid: str) -> Fraction:
    """A unit's Defence against a barrage (R18.D.1: its terrain and works, `benefits`)."""
    return benefits.defending(pos, uid, charts.BARRAGE).value


def firepower(pos: Position, side: str, target: str, firer: str, kind: str) -> Calculation:
    """One firer's Hard or Soft Firepower before its FVT die."""
    if firer in pos.scenario.unit:
        return firing.unit_firepower(pos, firer, side, target, kind)
    entry = sorties.find(pos, side, firer) or {}
    return firing.sortie_firepower(pos, str(entry.get("kind")), side, target)


def _owner_lays_all(pos: Position, side: str, firer: str) -> bool:
    """R7.B.2b, R5.D.2: Rocket Artillery and Gun Sorties: the owner lays all their Firepower."""
    if firer in pos.scenario.unit:
        return firing.ROCKET in pos.spec(firer).traits
    return (sorties.find(pos, side, firer) or {}).get("kind") == sorties.GUN


def _smoked(pos: Position, plan: Plan, calcs: Mapping[str, Calculation]) -> list[str]:
    """R5.B.1: each Smoke marker in the hex weakens one firer (-1 Hard, -2 Soft), Fog all of them
    (R25.C.1a); none in the dark (R9.D: at Night, or an Arctic winter Morning, R25.C.3), as in
    combat (`benefits.smoke`). The receiving player chooses which: Reconstruction, the game picks
    the firers of most Soft Firepower for him."""
    n = len(plan.firers) if weather.fog(pos) and not weather.dark(pos) else benefits.smoke(pos, plan.hex)
    return sorted(plan.firers, key=lambda f: (-calcs[f].value, plan.firers.index(f)))[:n]


def fire(pos: Position, plan: Plan, dice: Dice) -> list[Event]:
    """Fire the barrage: dice, markers on the firers, smoke, the report, then its Firepower laid."""
    side, target = plan.side, plan.hex
    units = [f for f in (*plan.firers, *plan.smoke) if f in pos.scenario.unit]
    events: list[Event] = [e for u in units for e in weather.night_fatigue(pos, u)]
    pos = pos.at(fold(pos.state, events))
    hit, roll = True, 0
    if plan.unspotted:  # R25.A.2
        fired_guns = any(pos.has(u, FIRED) and firing.is_artillery(pos, u)
                         for u in pos.units_in(target, pos.enemy(side)))
        roll = d10(dice)
        hit = roll <= (5 if fired_guns else 2)
    soft = {f: firepower(pos, side, target, f, SOFT) for f in plan.firers}
    smoked = _smoked(pos, plan, soft)
    totals = {HARD: Fraction(0), SOFT: Fraction(0)}
    owner_all = {HARD: Fraction(0), SOFT: Fraction(0)}
    shelling = Fraction(0)
    shown = []
    for f in plan.firers:
        die = d10(dice)
        line: dict[str, object] = {"firer": f, "die": die}
        for kind, cut in ((HARD, -1), (SOFT, -2)):
            calc = firepower(pos, side, target, f, kind)
            if f in smoked:
                calc = calc.with_(Term("smoke", "R5.B.1", add=Fraction(cut)))
            value = calc.with_(Term("FVT", "R18.D.1", times=charts.FVT[die])).value
            (owner_all if _owner_lays_all(pos, side, f) else totals)[kind] += value
            line[kind] = value
            if kind == SOFT and (f not in pos.scenario.unit or firing.is_artillery(pos, f)):
                shelling += value
        shown.append(line)
    guns = firing.machineguns(pos, side, target) if plan.firers else []
    totals[SOFT] += len(guns)
    for u in units:
        events.append(Event.of("unit_flagged", unit=u, flag=FIRED))
        if side != pos.acting and side == pos.offensive:
            events.append(Event.of("unit_flagged", unit=u, flag=OVERWATCH, on=False))  # R18.A.2a-b
        if side == pos.defensive:
            events.append(Event.of("unit_flagged", unit=u, flag=EXPENDED))  # R18.A.2c-d, Chart 5
    spent = [f for f in plan.firers if f not in pos.scenario.unit]
    events += sorties.spend(pos, side, spent)
    events += _smoke(pos, plan)
    kinds = {f: str((sorties.find(pos, side, f) or {}).get("kind", "")) for f in spent}
    events.append(Event.of("barrage", side=side, hex=target, firers=shown, machineguns=guns,
                           hard=totals[HARD] + owner_all[HARD], soft=totals[SOFT] + owner_all[SOFT],
                           smoked=smoked, unspotted=plan.unspotted, roll=roll, hit=hit))
    if not hit or not plan.firers:  # missed (R25.A.2), or Smoke alone: nothing to lay
        from tui_wargame.rules.foxhole import barrage

        events.append(Event.of("value_set", key=FIRE, value={}))
        return events + barrage.after_barrage(pos.at(fold(pos.state, events)), side)
    siege = any(firing.SIEGE in pos.spec(u).traits for u in units) or any(
        bool((sorties.find(pos, side, f) or {}).get("siege")) for f in spent)
    gun = sum(1 for k in kinds.values() if k == sorties.GUN)
    table = {"hex": target, "side": side, "applied": {}, "siege": siege, "gun": gun,
             "shell": shelling >= SHELL_FP, "any": any(totals.values()) or any(owner_all.values()),
             "pools": _pools(pos, side, target, totals, owner_all)}
    events.append(Event.of("value_set", key=FIRE, value=table))
    here = pos.at(fold(pos.state, events))
    return events + proceed(here, dice)


def _smoke(pos: Position, plan: Plan) -> list[Event]:
    """R18.D.2: a Smoke Barrage marker per full-strength smoke Battery, one per two Reduced ones."""
    n = sum(1 for u in plan.smoke if not pos.reduced(u)) + sum(1 for u in plan.smoke if pos.reduced(u)) // 2
    if not n:
        return []
    before = pos.marker(plan.hex, "smoke")
    events = [Event.of("smoke_barrage", side=plan.side, hex=plan.hex, batteries=list(plan.smoke), markers=n)]
    if before is None:
        return events + [Event.of("marker_placed", place=plan.hex, marker="smoke", value=n)]
    return events + [Event.of("marker_changed", place=plan.hex, marker="smoke",
                              value=pos.level(plan.hex, "smoke") + n)]


def _is_hard(pos: Position, uid: str) -> bool:
    """Hard Firepower falls on Hard Vehicles (and SP Artillery, R7.C.4) only (R5.A.1, R5.A.4)."""
    spec = pos.spec(uid)
    return spec.kind == VEHICLE and bool({"hard", firing.SP_ARTILLERY} & set(spec.traits))


def _pools(pos: Position, side: str, target: str, totals: Mapping[str, Fraction],
           owner_all: Mapping[str, Fraction]) -> list[dict[str, object]]:
    """R18.D.1a-b: who lays how much of which kind, in the order they lay it."""
    share = charts.COMBAT_EFFECTS[charts.BARRAGE]
    enemy = pos.enemy(side)
    found: list[dict[str, object]] = []
    both = bool(pos.units_in(target, side)) and bool(pos.units_in(target, enemy))
    owner = enemy if pos.units_in(target, enemy) or not pos.units_in(target, side) else side
    for kind in (HARD, SOFT):
        every = totals[kind] + owner_all[kind]
        shares = []
        if both:
            shares.append((side, side, every / 2))
        shares.append((owner, owner, totals[kind] * share.to_owner + owner_all[kind]))
        shares.append((side, owner, totals[kind] * share.to_firer))
        for by, whose, amount in shares:
            if amount > 0:
                found.append({"by": by, "whose": whose, "kind": kind, "amount": str(amount)})
    return found


def pool_targets(pos: Position, hex_: str, whose: str, kind: str) -> dict[str, Fraction]:
    """The units of `whose` in `hex_` that a pool of `kind` Firepower falls on, with their Defence."""
    crowd = set(stacking.overstacked(pos, hex_, whose))
    return {u: defence(pos, u) for u in pos.units_in(hex_, whose)
            if u not in crowd and _is_hard(pos, u) == (kind == HARD)}


def _table(pos: Position) -> Mapping[str, Any]:
    found: object = pos.state.values.get(FIRE, {})
    return found if isinstance(found, Mapping) else {}


def proceed(pos: Position, dice: Dice) -> list[Event]:
    """Lay the remaining shares (asking the player who lays one when he has a choice), then the
    hits, then the works; then the next opportunity of the phase."""
    events: list[Event] = []
    table = dict(_table(pos))
    pools = [dict(p) for p in table.get("pools", ())]
    applied = {u: Fraction(str(v)) for u, v in dict(table.get("applied", {})).items()}
    cap = charts.COMBAT_EFFECTS[charts.BARRAGE].cap
    while pools:
        p = pools[0]
        targets = pool_targets(pos, str(table["hex"]), str(p["whose"]), str(p["kind"]))
        amount = Fraction(str(p["amount"]))
        options = allocation.plans(amount, targets, cap) if targets else []
        if len(options) > 1:
            table.update(pools=pools, applied={u: str(v) for u, v in applied.items()})
            prompt = (f"lay {movement_points(amount)} {p['kind']} Firepower on the units in {table['hex']}: "
                      f"all of it, at most {cap} x Defence on one unless forced (R18.D.1)")
            return [Event.of("value_set", key=FIRE, value=table),
                    Event.of("decision_required", side=p["by"], decision=APPLY, prompt=prompt, data={})]
        for u, v in (options[0] if options else {}).items():
            applied[u] = applied.get(u, Fraction(0)) + v
        pools.pop(0)
    table.update(pools=[], applied={u: str(v) for u, v in applied.items()})
    if not table.get("hits_done"):
        events += _hits(pos, table, applied)
        table["hits_done"] = True
    here = pos.at(fold(pos.state, [*events, Event.of("value_set", key=FIRE, value=table)]))
    works = _works_due(here, table)
    if len(works) > 1:
        chooser = here.enemy(str(table["side"]))
        return [*events, Event.of("value_set", key=FIRE, value=table),
                Event.of("decision_required", side=chooser, decision=CHOOSE,
                         prompt=f"choose the Defensive Work in {table['hex']} that loses a level (R7.B.2c)",
                         data={})]
    if works:
        events += _reduce(here, str(table["hex"]), works[0])
    return events + _close(pos.at(fold(pos.state, events)), table, dice)


def _hits(pos: Position, table: Mapping[str, object], applied: Mapping[str, Fraction]) -> list[Event]:
    """R18.E: one hit per whole multiple of Defence, 1 Suppressed, 2 Pinned; R10.D.3 Overstack."""
    events: list[Event] = []
    effect = charts.COMBAT_EFFECTS[charts.BARRAGE]
    hex_ = str(table["hex"])
    results = []
    for uid in sorted(applied):
        d = defence(pos, uid)
        n = allocation.hits([applied[uid]], d, len(effect.hits))
        results.append({"unit": uid, "applied": applied[uid], "defence": d, "hits": n})
        if n:
            events += effects.apply(pos.at(fold(pos.state, events)), uid, effect.hits[n - 1])
    crowd = []
    if table.get("any"):
        for side in pos.scenario.side:
            crowd += stacking.overstacked(pos, hex_, side)
    for uid in crowd:  # R10.D.3: Defence 0: Reduced and Pinned
        here = pos.at(fold(pos.state, events))
        events += effects.reduce(here, uid)
        here = pos.at(fold(pos.state, events))
        if here.on_map(uid) and not here.has(uid, PINNED):
            events += effects.pin(here, uid)
    untouched = {u: ("hard" if _is_hard(pos, u) else "soft") for u in pos.units_in(hex_)
                 if u not in applied and u not in crowd}
    return [Event.of("barrage_hits", hex=hex_, side=table["side"], results=results, overstack=crowd,
                     untouched=untouched), *events]


def _works(pos: Position, hex_: str) -> list[str]:
    return [m.kind for m in pos.markers(hex_) if m.kind in REDUCED_WORK or m.kind == "trenches"]


def _works_due(pos: Position, table: Mapping[str, object]) -> list[str]:
    """R7.B.2c, R5.D.2, R23.B: the works that may lose a level now (none if none is due)."""
    hex_ = str(table["hex"])
    done = pos.state.values.get(WORKS, ())
    if hex_ in tuple(done if isinstance(done, tuple | list) else ()):
        return []
    guns: object = pos.state.values.get(GUNS, {})
    before = int(guns.get(hex_, 0)) if isinstance(guns, Mapping) else 0
    gun = int(str(table.get("gun", 0)))
    second = (before + gun) // 2 > before // 2
    return _works(pos, hex_) if table.get("siege") or second else []


def _reduce(pos: Position, hex_: str, kind: str) -> list[Event]:
    """One level off a Defensive Work (R7.B.2c): Trenches drop a level, Forts step down, the rest
    go; an Unimproved Fort over a Pillbox that still stands simply goes. Once a phase a hex."""
    done = pos.state.values.get(WORKS, ())
    events = [Event.of("works_reduced", hex=hex_, work=kind),
              Event.of("value_set", key=WORKS,
                       value=[*(done if isinstance(done, tuple | list) else ()), hex_])]
    if kind == "trenches" and pos.level(hex_, kind) > 1:
        return events + [Event.of("marker_changed", place=hex_, marker=kind, value=pos.level(hex_, kind) - 1)]
    after = REDUCED_WORK.get(kind)
    if after is None or pos.marker(hex_, after) is not None:
        return events + [Event.of("marker_removed", place=hex_, marker=kind)]
    return events + [Event.of("marker_changed", place=hex_, marker=kind, becomes=after)]


def _close(pos: Position, table: Mapping[str, object], dice: Dice) -> list[Event]:
    """The barrage is over: Gun Sorties counted, Shellholes (R25.A.7), bridges (R18.F), next turn."""
    from tui_wargame.rules.foxhole import barrage

    hex_, side = str(table["hex"]), str(table["side"])
    events = []
    gun = int(str(table.get("gun", 0)))
    if gun:
        guns = dict(pos.table(GUNS))
        events.append(Event.of("value_set", key=GUNS, value={**guns, hex_: int(guns.get(hex_, 0)) + gun}))
    events += _shellholes(pos, table)
    events.append(Event.of("value_set", key=FIRE, value={}))
    events += bridge_fire.after_barrage(pos.at(fold(pos.state, events)), hex_, side, dice)
    events += refugees.on_attack(pos.at(fold(pos.state, events)), hex_)  # R25.C.2.c
    burning = fires.after_attack(pos.at(fold(pos.state, events)), hex_, charts.BARRAGE, [], dice, by=side,
                                resume="barrage")  # R25.C.1b: if units must choose, the alternation waits
    if any(e.kind == "decision_required" for e in burning):
        return events + burning
    events += burning
    return events + barrage.after_barrage(pos.at(fold(pos.state, events)), side)


def _shellholes(pos: Position, table: Mapping[str, object]) -> list[Event]:
    """R25.A.7: 30 Soft Firepower or more of Artillery and Sorties leaves Shellholes where Foxholes
    could be dug: a land hex without them, with a level of works to spare (R10.C)."""
    hex_ = str(table["hex"])
    if not pos.option(SHELLHOLES) or not table.get("shell"):
        return []
    if pos.hex_type(hex_).water or pos.marker(hex_, SHELLHOLES) is not None:
        return []
    levels = sum(charts.WORKS[m.kind].levels for m in pos.markers(hex_) if m.kind in charts.WORKS)
    if levels + pos.level(hex_, "trenches") >= charts.MAX_WORK_LEVELS:
        return []
    return [Event.of("marker_placed", place=hex_, marker=SHELLHOLES)]


# --- the answers ---


def _apply_answers(pos: Position) -> list[Order]:
    table = _table(pos)
    p = dict(table["pools"][0])
    targets = pool_targets(pos, str(table["hex"]), str(p["whose"]), str(p["kind"]))
    cap = charts.COMBAT_EFFECTS[charts.BARRAGE].cap
    return [allocation.order(plan) for plan in allocation.plans(Fraction(str(p["amount"])), targets, cap)]


def apply_order(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """`apply UNIT=AMOUNT ...`: a player lays his share of a barrage (R18.D.1)."""
    pending = pos.state.pending
    if pending is None or pending.kind != APPLY:
        raise IllegalOrder("no barrage Firepower is waiting to be laid", "R18.D.1")
    table = dict(_table(pos))
    pools = [dict(p) for p in table["pools"]]
    p = pools[0]
    plan = allocation.parse(order, "R18.D.1")
    if isinstance(plan, Refusal):
        raise IllegalOrder(plan)
    targets = pool_targets(pos, str(table["hex"]), str(p["whose"]), str(p["kind"]))
    cap = charts.COMBAT_EFFECTS[charts.BARRAGE].cap
    refusal = allocation.valid(plan, Fraction(str(p["amount"])), targets, cap, "R18.D.1a")
    if refusal is not None:
        raise IllegalOrder(refusal)
    applied = {u: Fraction(str(v)) for u, v in dict(table.get("applied", {})).items()}
    for u, v in plan.items():
        applied[u] = applied.get(u, Fraction(0)) + v
    table.update(pools=pools[1:], applied={u: str(v) for u, v in applied.items()})
    events = [Event.of("decision_made", side=pending.side, decision=APPLY),
              Event.of("value_set", key=FIRE, value=table)]
    return events + proceed(pos.at(fold(pos.state, events)), dice)


def _works_answers(pos: Position) -> list[Order]:
    return [Order("reduce", (k,)) for k in _works(pos, str(_table(pos)["hex"]))]


def reduce_order(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """`reduce WORK`: the player who did not fire chooses the work that loses a level (R7.B.2c)."""
    pending = pos.state.pending
    if pending is None or pending.kind != CHOOSE:
        raise IllegalOrder("no Defensive Work is waiting to lose a level", "R7.B.2c")
    table = dict(_table(pos))
    hex_ = str(table["hex"])
    if len(order.args) != 1 or order.args[0] not in _works(pos, hex_):
        raise IllegalOrder(f"reduce one of: {', '.join(_works(pos, hex_))}", "R7.B.2c")
    events = [Event.of("decision_made", side=pending.side, decision=CHOOSE),
              *_reduce(pos, hex_, order.args[0]),
              Event.of("value_set", key=FIRE, value=table)]
    return events + proceed(pos.at(fold(pos.state, events)), dice)


ANSWERS = {APPLY: _apply_answers, CHOOSE: _works_answers}


# --- words ---


def _barrage_words(pos: Position, e: Event) -> str:
    firers = ", ".join(f"{arrivals.element_name(pos.scenario, f['firer'])} (FVT {f['die']}: "
                       f"{f['hard']} hard, {f['soft']} soft)" for f in e["firers"])
    text = f"{side_name(pos.scenario, e['side'])} barrage {e['hex']}" + (f" with {firers}" if firers else "")
    if e.get("machineguns"):
        text += f", machineguns +{len(e['machineguns'])} soft (R7.A.9)"
    if e.get("smoked"):
        text += f"; smoke weakens {', '.join(e['smoked'])} (R5.B.1)"
    if e.get("unspotted"):
        text += f"; unspotted, D10 {e['roll']}: {'hits' if e['hit'] else 'no effect'} (R25.A.2)"
    return text + f": {e['hard']} hard, {e['soft']} soft in all (R18.D.1)"


def _hits_words(pos: Position, e: Event) -> str:
    names = {1: "Suppressed", 2: "Pinned"}
    parts = [f"{r['unit']} took {r['applied']} against Defence {r['defence']}: "
             f"{names.get(r['hits'], 'no hit')}" for r in e["results"]]
    for u, kind in sorted(dict(e.get("untouched", {})).items()):
        parts.append(f"{u} took nothing (a {kind.capitalize()} target: only {kind.capitalize()} "
                     f"Firepower hits it, R5.A.4)")
    if e.get("overstack"):
        parts.append(f"overstacked {', '.join(e['overstack'])} Reduced and Pinned (R10.D.3)")
    return f"barrage on {e['hex']}: " + ("; ".join(parts) or "no unit hit") + " (R18.E)"


WORDS = {
    "barrage": _barrage_words,
    "barrage_hits": _hits_words,
    "barrage_pass": lambda pos, e: f"{side_name(pos.scenario, e['side'])} pass their barrage (R18.C)",
    "smoke_barrage": lambda pos, e: (f"{side_name(pos.scenario, e['side'])} lay {e['markers']} "
                                     f"Smoke Barrage marker(s) on {e['hex']} (R18.D.2)"),
    **bridge_fire.WORDS,
    "works_reduced": lambda pos, e: (f"a level comes off the {e['work']} in {e['hex']} "
                                     f"under the barrage (R7.B.2c, R5.D.2)"),
}
