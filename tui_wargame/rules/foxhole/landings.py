"""Foxhole R16.A-B (R7.A.1, R7.A.10, R7.A.13, R7.C.1.a): Air Drops and Amphibious Landings.

Both land at the start of the Transport Phase of the player turn the scenario gives (its
`turn`, else the side's first; the rulebook has them come down in that player turn's
Activities-Movement Phase, and landing them one phase earlier lets every landed unit play
that phase as usual).

- Air Drops (R16.A): a Parachute unit (R7.A.13) or a Glider-borne Air Landing unit (R7.A.1)
  drifts by the R16.A.2a table to a random hex of the ring that far from its target; off the
  map, in water or in a hex without room, it is lost. It lands at zero strength (Reduced, with
  the flag `ZERO`) and may try to improve twice (`improve UNIT`, R16.A.2b) by spending the MPs
  the table asks; one still at zero strength when the phase ends is eliminated.
- Amphibious Landings (R16.B): the R16.B.2a table puts the unit on target or so many hexes
  along the shore (one direction for all of a player turn's landings). A Company or Mortar
  Battery fights and defends at half (a Marine at -1, R7.A.10) while it stays in the hex it
  landed in (`landing_terms`); a Motorized unit rolls on the D5 table (R16.B.2c). A unit landing
  on enemies must Assault them at half Firepower: it carries the flag `ON_ENEMY` for the Combat
  Phase (R16.B.2b).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.hexgrid import ring
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, fold
from tui_wargame.rules.capabilities import Explanation
from tui_wargame.rules.foxhole import arrivals, effects, weather
from tui_wargame.rules.foxhole.arith import HALF, Term, d5, d10, final, two_d10
from tui_wargame.rules.foxhole.counters import BATTERY, COMPANY, is_motorized
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler

ZERO = "transport:zero-strength"  # R16.A.2b: landed by air at zero strength, not yet improved
ON_ENEMY = "transport:landed-on-enemy"  # R16.B.2b: must Assault the enemies it landed on, at half FP
TRIED = "transport:improve-failed"  # phase flag: an attempt to improve failed, no more this phase
ASHORE = "landings.ashore"  # value: unit -> the hex it landed in (R16.B.2c)
DIRECTION = "landings.direction"  # value: "turn side" -> 0 or 1, the way off-target landings drift

#: R16.A.2a: the modified D10 -> hexes off target ("d10", "2d10" for a roll of that many).
DROP_DRIFT: tuple[tuple[int, int | str], ...] = (
    (2, 0), (4, 1), (6, 2), (9, 3), (11, 4), (13, 5), (14, 6), (15, 7), (18, "d10"), (99, "2d10"))
DROP_TIME = {"morning": 0, "afternoon": 0, "night": 3}
DROP_SKY = {weather.CLEAR: 0, weather.OVERCAST: 2, weather.PRECIPITATION: 3, weather.STORM: 4}
#: R16.B.2a, Standard Effects: the modified D10 -> hexes off target along the shore.
LANDING_DRIFT: tuple[tuple[int, int], ...] = ((3, 0), (5, 1), (7, 2), (9, 3), (11, 4), (12, 5), (99, 6))
#: R16.B.2c: a landing Motorized unit's modified D5 -> effects.
MOTORIZED_LANDING: tuple[tuple[int, tuple[str, ...]], ...] = (
    (3, ()), (4, ("pinned",)), (6, ("reduced",)), (8, ("reduced", "pinned")), (99, ("removed",)))
HEAVY_AA, LIGHT_AA = "heavy-antiaircraft", "light-antiaircraft"
SEA = ("shallow-sea", "deep-sea")


def check(scenario: Scenario) -> list[str]:
    """R16.A.1, R16.B.1: only units that may drop or land are in those tables; LVTs carry the rest."""
    found = []
    for i, t in enumerate(arrivals.tables(scenario, "drops")):
        for u in t.get("units", ()):
            spec = scenario.unit.get(u)
            if spec is not None and not {"parachute", "air-landing"} & set(spec.traits):
                found.append(f"rules.drops[{i}].units: {u} has neither the Parachute nor the Air Landing "
                             f"symbol (R16.A.1)")
    for i, t in enumerate(arrivals.tables(scenario, "landings")):
        lvts = t.get("lvts", 0)
        for u in t.get("units", ()):
            spec = scenario.unit.get(u)
            if spec is None or _swims(spec):
                continue
            if is_motorized(spec) and type(lvts) is int and lvts > 0:
                lvts -= 1
            else:
                found.append(f"rules.landings[{i}].units: {u} may not land (non-Motorized Companies, Mortar "
                             f"Batteries, Amphibious Tanks, or one Motorized unit per LVT: R16.B.1)")
        target = t.get("target")
        if isinstance(target, str) and scenario.grid.on_map(target) and not _shore(scenario, target):
            found.append(f"rules.landings[{i}].target: {target} is not a land hex on the shore (R16.B)")
    return found


def _swims(spec: Any) -> bool:
    """R16.B.1.a-c: lands without an LVT."""
    traits = set(spec.traits)
    return ((spec.kind == COMPANY and not is_motorized(spec)) or (spec.kind == BATTERY and "mortar" in traits)
            or "amphibious" in traits)


def _shore(scenario: Scenario, label: str) -> bool:
    land = scenario.terrain_at(label).id not in (*SEA, "calm-river", "swift-river")
    return land and any(scenario.terrain_at(n).id in SEA for n in scenario.grid.adjacent(label))


def _due(pos: Position, name: str) -> list[tuple[Mapping[str, Any], str]]:
    """(table, unit) of the acting side's `name` ("drops", "landings") landing now."""
    first = pos.scenario.turns[0].id
    return [(t, u) for t in arrivals.tables(pos.scenario, name)
            if t["side"] == pos.acting and t.get("turn", first) == pos.turn.id
            for u in t["units"] if pos.location(u) not in ("eliminated",) and not pos.on_map(u)]


def _lost(pos: Position, uid: str, why: str, roll: int, off: int) -> list[Event]:
    return [Event.of("landing", unit=uid, hex="", off=off, roll=roll, lost=why),
            Event.of("step_lost", unit=uid, steps=0), Event.of("unit_placed", unit=uid, to="eliminated")]


def _room(pos: Position, label: str, side: str) -> bool:
    return pos.hex_type(label).mp is not None and len(pos.units_in(label, side)) < 4


# --- R16.A: Air Drops ---


def _drop_modifier(pos: Position, uid: str, target: str) -> int:
    spec = pos.spec(uid)
    side = pos.side_of(uid)
    m = DROP_TIME.get(pos.turn.time, 0) + DROP_SKY.get(weather.atmosphere(pos), 0)
    m += 2 if weather.fog(pos) else 0
    m += 1 if spec.kind == BATTERY else 0
    m += 1 if is_motorized(spec) else 0
    m -= 1 if "mortar" in spec.traits else 0
    m += 3 if pos.units_in(target, pos.enemy(side)) else 0
    m -= 5 if pos.units_in(target, side) else 0
    return m


def drop(pos: Position, uid: str, target: str, dice: Dice) -> list[Event]:
    """R16.A.2a: where one unit comes down, and at zero strength (R16.A.2b)."""
    spec = pos.spec(uid)
    glider = "parachute" not in spec.traits
    if glider and pos.hex_type(target).id == "airfield":
        roll, off = 0, 0  # gliders landing on an airfield arrive on target
    else:
        roll = d10(dice) + _drop_modifier(pos, uid, target)
        off_by = next(v for top, v in DROP_DRIFT if roll <= top)
        off = d10(dice) if off_by == "d10" else two_d10(dice) if off_by == "2d10" else int(off_by)
    label = target
    if off:
        grid = pos.scenario.grid
        cells = ring(grid.parse(target), off)
        cell = cells[dice.roll(len(cells)) - 1]
        if not grid.contains(cell):
            return _lost(pos, uid, "off the map", roll, off)
        label = grid.label(cell)
    if not _room(pos, label, pos.side_of(uid)):
        return _lost(pos, uid, f"in {label}, where it cannot stand", roll, off)
    return [Event.of("landing", unit=uid, hex=label, off=off, roll=roll, lost=""),
            Event.of("unit_placed", unit=uid, to=label, steps=1), Event.of("unit_flagged", unit=uid, flag=ZERO)]


def improve_cost(pos: Position, uid: str, die: int) -> int:
    """R16.A.2b: the MPs an attempt to improve costs, the D5 (as a D10 `die`) minus 1 and the
    table's modifiers; final by R2.E."""
    spec = pos.spec(uid)
    traits = set(spec.traits)
    here = pos.location(uid)
    enemy = pos.enemy(pos.side_of(uid))
    cost = Fraction(die, 2) - 1  # a D5 (R2.C)
    if "air-landing" in traits:
        battery, motorized = spec.kind == BATTERY, is_motorized(spec)
        cost += 6 if battery and motorized else 4 if battery or motorized else 2
        cost -= 3 if pos.hex_type(here).id == "airfield" else 0
    cost -= 2 if "mortar" in traits else 0
    cost += {weather.PRECIPITATION: 1, weather.STORM: 2}.get(weather.atmosphere(pos), 0)
    cost += sum(pos.level(here, t) for t in ("wire", "mines", "tank-traps"))
    cost += pos.hex_type(here).defence.barrage
    cost += len(pos.units_in(here, enemy))
    cost += 2 if pos.enemy_adjacent(here, pos.side_of(uid)) or pos.units_in(here, enemy) else 0
    cost += _antiaircraft(pos, uid)
    return final(cost)


def _antiaircraft(pos: Position, uid: str) -> int:
    """R16.A.2b: enemy Antiaircraft on, next to, or within three hexes of the landing hex."""
    here = pos.location(uid)
    extra = 0
    for other in pos.units_of(pos.enemy(pos.side_of(uid))):
        traits, away = set(pos.spec(other).traits), pos.distance(here, pos.location(other))
        if HEAVY_AA in traits:
            extra += 3 if away == 0 else 2 if away == 1 else 1 if away <= 3 else 0
        elif LIGHT_AA in traits:
            extra += 2 if away == 0 else 1 if away == 1 else 0
    return extra


def improve(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R16.A.2b: an air-dropped unit tries to spend the MPs to improve one step."""
    if len(order.args) != 1 or order.args[0] not in _improvable(pos):
        raise IllegalOrder(Refusal("only an air-dropped unit of yours below full strength that has not failed "
                                   "may try to improve: improve UNIT", "R16.A.2b"))
    uid = order.args[0]
    die = d10(dice)
    cost = improve_cost(pos, uid, die)
    left = pos.value(uid, "mp") - pos.state.units[uid].spent
    ok = cost <= left
    events = [Event.of("improve", unit=uid, die=die, cost=cost, left=str(left), ok=ok)]
    if not ok:
        return events + [Event.of("unit_flagged", unit=uid, flag=TRIED, scope="phase")]
    here = pos.location(uid)
    events.append(Event.of("unit_moved", unit=uid, path=[here], cost=cost))
    if pos.has(uid, ZERO):
        return events + [Event.of("unit_flagged", unit=uid, flag=ZERO, on=False)]
    return events + [Event.of("unit_placed", unit=uid, to=here, steps=pos.spec(uid).steps)]


def _improvable(pos: Position) -> list[str]:
    dropped = {u for t in arrivals.tables(pos.scenario, "drops") for u in t["units"]}
    return [u for u in pos.units_of(pos.acting) if u in dropped and not pos.has(u, TRIED)
            and (pos.has(u, ZERO) or pos.state.units[u].steps < pos.spec(u).steps)
            and _landed_now(pos, u)]


def _landed_now(pos: Position, uid: str) -> bool:
    first = pos.scenario.turns[0].id
    return any(uid in t["units"] and t.get("turn", first) == pos.turn.id for t in arrivals.tables(pos.scenario, "drops"))


# --- R16.B: Amphibious Landings ---


def _shore_walk(pos: Position, target: str, off: int, way: int) -> str:
    """R16.B.2a: `off` hexes along the shore from `target`, the first way (0) or the other (1)."""
    here, seen = target, {target}
    for step in range(off):
        ahead = sorted(n for n in pos.neighbours(here) if n not in seen and _shore(pos.scenario, n))
        if not ahead:
            break
        here = ahead[min(way, len(ahead) - 1)] if step == 0 else ahead[0]
        seen.add(here)
    return here


def land(pos: Position, dice: Dice) -> list[Event]:
    """R16.A-B: the drops and landings due this player turn, in table order."""
    events: list[Event] = _forget_left(pos)
    for t, uid in _due(pos, "drops"):
        events += drop(pos.at(fold(pos.state, events)), uid, t["target"], dice)
    landing = _due(pos, "landings")
    if landing:
        way = 0 if d10(dice) <= 5 else 1
        events.append(Event.of("value_set", key=DIRECTION, value=way))
        for t, uid in landing:
            events += come_ashore(pos.at(fold(pos.state, events)), uid, t["target"], way, dice)
    return events


def come_ashore(pos: Position, uid: str, target: str, way: int, dice: Dice) -> list[Event]:
    """R16.B.2: one unit's landing: where, then its effects."""
    roll = d10(dice) + (1 if pos.night else 0) + (1 if weather.fog(pos) else 0)
    roll += {weather.PRECIPITATION: 1, weather.STORM: 2}.get(weather.atmosphere(pos), 0)
    off = next(v for top, v in LANDING_DRIFT if roll <= top)
    label = _shore_walk(pos, target, off, way)
    side = pos.side_of(uid)
    if len(pos.units_in(label, side)) >= 4:
        return _lost(pos, uid, f"off {label}, where there is no room", roll, off)
    events = [Event.of("landing", unit=uid, hex=label, off=off, roll=roll, lost=""),
              Event.of("unit_placed", unit=uid, to=label)]
    if pos.units_in(label, pos.enemy(side)):
        events.append(Event.of("unit_flagged", unit=uid, flag=ON_ENEMY))
    spec = pos.spec(uid)
    if is_motorized(spec):
        die = d5(dice)
        total = die + (1 if pos.night else 0) + (2 if weather.atmosphere(pos) == weather.STORM else 0)
        total += 1 if weather.fog(pos) else 0
        hit = next(e for top, e in MOTORIZED_LANDING if total <= top)
        events.append(Event.of("landing_effect", unit=uid, d5=str(die), total=str(total), effects=list(hit)))
        here = pos.at(fold(pos.state, events))
        return events + effects.apply(here, uid, hit)
    ashore = dict(pos.state.values.get(ASHORE, {}))
    ashore[uid] = label
    return events + [Event.of("value_set", key=ASHORE, value=ashore)]


def _forget_left(pos: Position) -> list[Event]:
    """R16.B.2c: a landed unit that has left its landing hex loses the landing's effects for good."""
    ashore = dict(pos.state.values.get(ASHORE, {}))
    kept = {u: h for u, h in ashore.items() if pos.location(u) == h}
    return [] if kept == ashore else [Event.of("value_set", key=ASHORE, value=kept)]


def landing_terms(pos: Position, uid: str) -> list[Term]:
    """R16.B.2c, R7.A.10: what a landing does to the Firepower and Defence of a Company or Mortar
    Battery still in the hex it landed in: halved, or -1 for a Marine (its Defence never below 1:
    the caller's final value)."""
    ashore = pos.state.values.get(ASHORE, {})
    if ashore.get(uid) != pos.location(uid):
        return []
    if "marine" in pos.spec(uid).traits:
        return [Term("landed (Marine)", "R7.A.10", add=-1)]
    return [Term("just landed", "R16.B.2c", steps=HALF)]


# --- the phase's share ---


ORDERS: Mapping[str, Handler] = {"improve": improve}


def orders(pos: Position) -> list[Order]:
    return [Order("improve", (u,)) for u in _improvable(pos)]


def finish(pos: Position) -> list[Event]:
    """R16.A.2b: a unit still at zero strength after its landing player turn is eliminated."""
    events: list[Event] = []
    for uid in pos.units_of(pos.acting):
        if pos.has(uid, ZERO):
            events += [Event.of("unit_flagged", unit=uid, flag=ZERO, on=False),
                       Event.of("landing_failed", unit=uid), *effects.eliminate(pos, uid)]
    return events


# --- words ---


def _landing(pos: Position, e: Event) -> str:
    name = pos.spec(e["unit"]).name
    if e["lost"]:
        return f"{name} came down {e['lost']} and is lost (R16.A.2a, R16.B.2a)"
    where = "on target" if not e["off"] else f"{e['off']} hexes off target"
    return f"{name} lands in {e['hex']}, {where} (roll {e['roll']}; R16.A.2a, R16.B.2a)"


def _improve(pos: Position, e: Event) -> str:
    name = pos.spec(e["unit"]).name
    result = "improves one step" if e["ok"] else "fails to improve"
    return f"{name} needs {e['cost']} MPs (D10 {e['die']}) and has {e['left']}: it {result} (R16.A.2b)"


def _failed(pos: Position, e: Event) -> str:
    return f"{pos.spec(e['unit']).name} never recovered from its drop and is eliminated (R16.A.2b)"


def _effect(pos: Position, e: Event) -> str:
    what = " and ".join(e["effects"]) or "no effect"
    return f"{pos.spec(e['unit']).name} lands with D5 {e['d5']}, total {e['total']}: {what} (R16.B.2c)"


WORDS = {"landing": _landing, "improve": _improve, "landing_failed": _failed, "landing_effect": _effect}


def _explain_improve(pos: Position, order: Order) -> Explanation | Refusal:
    return Explanation("spend D5-1 MPs plus the landing hex's costs to improve one step; a unit still at zero "
                       "strength when the phase ends is eliminated (R16.A.2b)")


EXPLAIN = {"improve": _explain_improve}
