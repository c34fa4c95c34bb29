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
from typing import Any, cast

from tui_wargame.dice import Dice
from tui_wargame.hexgrid import DIRECTION_NAMES, Hex, ring, sectors
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, fold
from tui_wargame.rules.capabilities import Explanation
from tui_wargame.rules.foxhole import arrivals, charts, dawn, effects, stacking, weather
from tui_wargame.rules.foxhole.arith import HALF, Term, d5, d10, final, two_d10
from tui_wargame.rules.foxhole.counters import BATTERY, COMPANY, is_motorized
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler
from tui_wargame.rules.foxhole.transports import add_marker

ZERO = "transport:zero-strength"  # R16.A.2b: landed by air at zero strength, not yet improved
ON_ENEMY = "transport:landed-on-enemy"  # R16.B.2b: must Assault the enemies it landed on, at half FP
TRIED = "transport:improve-failed"  # phase flag: an attempt to improve failed, no more this phase
ASHORE = "landings.ashore"  # value: unit -> the hex it landed in (R16.B.2c)
DIRECTION = "landings.direction"  # value: 0 or 1, the way this player turn's landings drift
LANDED = "landings.landed"  # value: unit -> [turn index, whether it landed on or next to enemies]

#: R16.A.2a: the modified D10 -> hexes off target ("d10", "2d10" for a roll of that many).
DROP_DRIFT: tuple[tuple[int, int | str], ...] = (
    (2, 0), (4, 1), (6, 2), (9, 3), (11, 4), (13, 5), (14, 6), (15, 7), (18, "d10"), (99, "2d10"))
DROP_TIME = {"morning": 0, "afternoon": 0, "night": 3}
DROP_SKY = {weather.CLEAR: 0, weather.OVERCAST: 2, weather.PRECIPITATION: 3, weather.STORM: 4}
#: R16.B.2a, Standard Effects: the modified D10 -> hexes off target along the shore.
LANDING_DRIFT: tuple[tuple[int, int], ...] = ((3, 0), (5, 1), (7, 2), (9, 3), (11, 4), (12, 5), (99, 6))
#: R16.B.2a, Wind Effects (optional Wind rules, a Breeze or Gale not across the shore): the modified
#: D10 -> hexes along the shore, leeward positive, windward negative. A Gale adds 3.
LANDING_WIND: tuple[tuple[int, int], ...] = (
    (1, -2), (3, -1), (7, 0), (10, 1), (12, 2), (13, 3), (14, 4), (15, 5), (99, 6))
#: How far a step's direction goes with the wind: by the steps between it and the wind's (0 to 3).
DOWNWIND = (2, 1, -1, -2, -1, 1)
#: R16.B.2c: a landing Motorized unit's modified D5 -> effects.
MOTORIZED_LANDING: tuple[tuple[int, tuple[str, ...]], ...] = (
    (3, ()), (4, ("pinned",)), (6, ("reduced",)), (8, ("reduced", "pinned")), (99, ("removed",)))
HEAVY_AA, LIGHT_AA = "heavy-aa", "light-aa"  # R7.B.1 special types
CALM, BREEZE, GALE = charts.CALM, charts.BREEZE, charts.GALE
#: R16.A.2a, optional Wind (R25.C.1): the drop roll's modifier by wind strength.
DROP_WIND = {CALM: -1, BREEZE: 1, GALE: 3}


def check(scenario: Scenario) -> list[str]:
    """R16.A.1, R16.B.1: only units that may drop or land are in those tables; LVTs carry the rest."""
    found = []
    for i, t in enumerate(arrivals.tables(scenario, "drops")):
        for u in t.get("units", ()):
            spec = scenario.unit.get(u)
            if spec is not None and not {"parachute", "air-landing"} & set(spec.traits):
                found.append(f"rules.drops[{i}].units: {u} has neither the Parachute nor the Air Landing "
                             f"symbol (R16.A.1)")
        target = t.get("target")
        kind = charts.HEX_TYPES.get(scenario.terrain_at(target).id) \
            if isinstance(target, str) and scenario.grid.on_map(target) else None
        if kind is not None and kind.mp is None:
            found.append(f"rules.drops[{i}].target: {target} is water; a drop aims at land (R16.A)")
    for i, t in enumerate(arrivals.tables(scenario, "landings")):
        lvts = t.get("lvts", 0) + sum(1 for u in t.get("units", ()) if u in scenario.unit
                                      and "lvt" in scenario.unit[u].traits)
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
        on_map = isinstance(target, str) and scenario.grid.on_map(target)
        if on_map and not arrivals.shore(scenario, cast(str, target)):
            found.append(f"rules.landings[{i}].target: {target} is not a land hex on the shore (R16.B)")
    return found


def _swims(spec: Any) -> bool:
    """R16.B.1.a-c: lands without an LVT."""
    traits = set(spec.traits)
    return ((spec.kind == COMPANY and not is_motorized(spec)) or (spec.kind == BATTERY and "mortar" in traits)
            or bool(traits & {"amphibious", "lvt"}))


def _due(pos: Position, name: str) -> list[tuple[Mapping[str, Any], str]]:
    """(table, unit) of the acting side's `name` ("drops", "landings") landing now."""
    first = pos.scenario.turns[0].id
    return [(t, u) for t in arrivals.tables(pos.scenario, name)
            if t["side"] == pos.acting and t.get("turn", first) == pos.turn.id
            for u in t["units"] if pos.location(u) not in ("eliminated",) and not pos.on_map(u)]


def _lost(pos: Position, uid: str, why: str, roll: int, off: int) -> list[Event]:
    return [Event.of("landing", unit=uid, hex="", off=off, roll=roll, lost=why),
            Event.of("step_lost", unit=uid, steps=0), Event.of("unit_placed", unit=uid, to="eliminated")]


def _room(pos: Position, label: str, uid: str) -> bool:
    """A land hex where the unit's side has room for it (R10.A, R10.D: `stacking.room`)."""
    return pos.hex_type(label).mp is not None and stacking.room(pos, label, pos.side_of(uid), [uid]) is None


# --- R16.A: Air Drops ---


def leeward(pos: Position, target: str, cells: list[Hex]) -> list[Hex]:
    """R16.A.2a: of the ring's hexes, those downwind of the target: in the three sectors around the
    wind's direction in a Breeze, in its own sector in a Gale, all of them in a Calm."""
    strength, toward = weather.wind(pos)
    if strength == CALM:
        return cells
    d = DIRECTION_NAMES.index(toward)
    wanted = {DIRECTION_NAMES[d]} if strength == GALE else {DIRECTION_NAMES[(d + k) % 6] for k in (-1, 0, 1)}
    centre = pos.scenario.grid.parse(target)
    return [c for c in cells if sectors(Hex(c.q - centre.q, c.r - centre.r)) & wanted]


def _drop_modifier(pos: Position, uid: str, target: str) -> int:
    """R16.A.2a: the drop roll's modifiers for a unit: the common ones and its type's."""
    spec = pos.spec(uid)
    m = _air_modifier(pos, target, pos.side_of(uid))
    m += 1 if spec.kind == BATTERY else 0
    m += 1 if is_motorized(spec) else 0
    return m - (1 if "mortar" in spec.traits else 0)


def _air_modifier(pos: Position, target: str, side: str) -> int:
    """R16.A.2a: time of day, sky, fog, the target hex's occupants, and (optional Wind) the wind."""
    m = DROP_TIME["night" if weather.night_turn(pos) else pos.turn.time]
    m += DROP_SKY.get(weather.atmosphere(pos), 0)
    m += 2 if weather.fog(pos) else 0
    m += 3 if pos.units_in(target, pos.enemy(side)) else 0
    m -= 5 if pos.units_in(target, side) else 0
    return m + (DROP_WIND[weather.wind(pos)[0]] if pos.option("environment") else 0)


def drift(pos: Position, target: str, roll: int, dice: Dice) -> tuple[int, str | None]:
    """R16.A.2a: the hexes off target for a modified `roll`, and the hex drawn among the (leeward)
    ring that far, None off the map."""
    off_by = next(v for top, v in DROP_DRIFT if roll <= top)
    off = d10(dice) if off_by == "d10" else two_d10(dice) if off_by == "2d10" else int(off_by)
    if not off:
        return 0, target
    grid = pos.scenario.grid
    cells = leeward(pos, target, ring(grid.parse(target), off))
    cell = cells[dice.roll(len(cells)) - 1]
    return off, grid.label(cell) if grid.contains(cell) else None


def drop(pos: Position, uid: str, target: str, dice: Dice) -> list[Event]:
    """R16.A.2a: where one unit comes down, and at zero strength (R16.A.2b)."""
    glider = "parachute" not in pos.spec(uid).traits
    label: str | None
    if glider and pos.hex_type(target).id == "airfield":
        roll, off, label = 0, 0, target  # gliders landing on an airfield arrive on target
    else:
        roll = d10(dice) + _drop_modifier(pos, uid, target)
        off, label = drift(pos, target, roll, dice)
    if label is None:
        return _lost(pos, uid, "off the map", roll, off)
    if not _room(pos, label, uid):
        return _lost(pos, uid, f"in {label}, where it cannot stand", roll, off)
    return [Event.of("landing", unit=uid, hex=label, off=off, roll=roll, lost=""),
            Event.of("unit_placed", unit=uid, to=label, steps=1),
            Event.of("unit_flagged", unit=uid, flag=ZERO)]


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
        raise IllegalOrder(Refusal("only an air-dropped unit of yours below full strength that has not "
                                   "failed "
                                   "may try to improve: improve UNIT", "R16.A.2b"))
    uid = order.args[0]
    die = d10(dice)
    cost = improve_cost(pos, uid, die)
    left = pos.value(uid, "mp") - pos.state.units[uid].spent
    ok = cost <= left
    events = [Event.of("improve", unit=uid, die=die, cost=cost, left=str(left), ok=ok,
                       zero=pos.has(uid, ZERO))]
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
    return any(uid in t["units"] and t.get("turn", first) == pos.turn.id
               for t in arrivals.tables(pos.scenario, "drops"))


# --- R16.B: Amphibious Landings ---


def _wind_ways(pos: Position, target: str) -> tuple[int | None, int | None] | None:
    """R16.B.2a: (the leeward way, the windward way) along the shore from `target` (0 the lower
    labelled shore neighbour, 1 the other; None where the shore does not go), or None when the
    Wind Effects do not apply: no optional Wind rules, a Calm, or the wind across the shore."""
    strength, toward = weather.wind(pos)
    if not pos.option("environment") or strength == CALM:
        return None
    grid = pos.scenario.grid
    ahead = sorted(n for n in pos.neighbours(target) if arrivals.shore(pos.scenario, n))[:2]
    wind_at = DIRECTION_NAMES.index(toward)
    scores = [DOWNWIND[(DIRECTION_NAMES.index(grid.direction_name(target, n) or toward) - wind_at) % 6]
              for n in ahead]
    if not scores or (len(scores) == 2 and scores[0] == scores[1]) or scores == [0]:
        return None
    if len(scores) == 1:
        return (0, None) if scores[0] > 0 else (None, 0)
    lee = scores.index(max(scores))
    return lee, 1 - lee


def _shore_walk(pos: Position, target: str, off: int, way: int) -> str:
    """R16.B.2a: `off` hexes along the shore from `target`, the first way (0) or the other (1)."""
    here, seen = target, {target}
    for step in range(off):
        ahead = sorted(n for n in pos.neighbours(here)
                       if n not in seen and arrivals.shore(pos.scenario, n))
        if not ahead:
            break
        here = ahead[min(way, len(ahead) - 1)] if step == 0 else ahead[0]
        seen.add(here)
    return here


def land(pos: Position, dice: Dice) -> list[Event]:
    """R16.A-B: the drops and landings due this player turn, in table order, at the targets the
    player wrote down (`aim`) or the scenario's; then the airlifts due (R16.A.1), unless a Storm
    grounds their Air Sorties (R8.C.4: lost for the Day, as a grounded Barrage is)."""
    events: list[Event] = _forget_left(pos)
    # R16.B.2b's obligation was for the landing player turn's Combat Phase: it ends with it
    events += [Event.of("unit_flagged", unit=u, flag=ON_ENEMY, on=False)
               for u in pos.units_of(pos.acting) if pos.has(u, ON_ENEMY)]
    aims = dawn.plan(pos, pos.acting).get("aims", {})
    for t, uid in _due(pos, "drops"):
        events += drop(pos.at(fold(pos.state, events)), uid, aims.get(uid, t["target"]), dice)
    landing = _due(pos, "landings")
    if landing:
        way = 0 if d10(dice) <= 5 else 1
        events.append(Event.of("value_set", key=DIRECTION, value=way))
        for t, uid in landing:
            here = pos.at(fold(pos.state, events))
            events += come_ashore(here, uid, aims.get(uid, t["target"]), way, dice)
    for sortie, lift in sorted(dawn.plan(pos, pos.acting).get("airlifts", {}).items()):
        if lift["turn"] != pos.turn.id:
            continue
        if weather.air_grounded(pos):  # R8.C.4: a Storm grounds the Air Sortie, its load with it
            events.append(Event.of("sortie_grounded", side=pos.acting, sortie=sortie))
            continue
        for kind, n in dawn.AIRLIFTS[lift["load"]]:
            events += drop_supplies(pos.at(fold(pos.state, events)), sortie, kind, n, lift["hex"], dice)
    return events


def drop_supplies(pos: Position, sortie: str, kind: str, n: int, target: str, dice: Dice) -> list[Event]:
    """R16.A.1, R16.A.2c: an airlifted load drifts by the R16.A.2a table (no unit modifiers) and
    lies where it lands; off the map or in water it is lost."""
    side = pos.acting
    roll = d10(dice) + _air_modifier(pos, target, side)
    off, label = drift(pos, target, roll, dice)
    if label is not None and pos.hex_type(label).mp is None:
        label = None  # in water
    report = Event.of("airlift", side=side, sortie=sortie, load=kind, n=n, hex=label or "", off=off,
                      roll=roll)
    return [report] + (add_marker(pos, label, kind, n, side) if label else [])


def come_ashore(pos: Position, uid: str, target: str, way: int, dice: Dice) -> list[Event]:
    """R16.B.2: one unit's landing: where, then its effects."""
    roll = d10(dice) + (1 if weather.night_turn(pos) else 0) + (1 if weather.fog(pos) else 0)
    roll += {weather.PRECIPITATION: 1, weather.STORM: 2}.get(weather.atmosphere(pos), 0)
    ways = _wind_ways(pos, target)
    if ways is None:
        off = next(v for top, v in LANDING_DRIFT if roll <= top)
        label = _shore_walk(pos, target, off, way)
    else:
        roll += 3 if weather.wind(pos)[0] == GALE else 0
        shift = next(v for top, v in LANDING_WIND if roll <= top)
        toward = ways[0] if shift > 0 else ways[1]
        off = abs(shift) if toward is not None else 0
        label = _shore_walk(pos, target, off, cast(int, toward)) if off else target  # off only with a way
    side = pos.side_of(uid)
    if stacking.room(pos, label, side, [uid]) is not None:
        return _lost(pos, uid, f"off {label}, where there is no room", roll, off)
    events = [Event.of("landing", unit=uid, hex=label, off=off, roll=roll, lost=""),
              Event.of("unit_placed", unit=uid, to=label)]
    if pos.units_in(label, pos.enemy(side)):
        events.append(Event.of("unit_flagged", unit=uid, flag=ON_ENEMY))
    spec = pos.spec(uid)
    if is_motorized(spec):
        die = d5(dice)
        total = die + (1 if weather.night_turn(pos) else 0)
        total += 2 if weather.atmosphere(pos) == weather.STORM else 0
        if pos.option("environment"):
            strength = weather.wind(pos)[0]
            total += 3 if strength == GALE else 1 if strength == BREEZE or weather.fog(pos) else 0
        hit = next(e for top, e in MOTORIZED_LANDING if final(total) <= top)  # read whole (R2.E)
        events.append(Event.of("landing_effect", unit=uid, d5=str(die), total=final(total),
                               effects=list(hit)))
        events.append(_landed(pos, uid, label))
        here = pos.at(fold(pos.state, events))
        return events + effects.apply(here, uid, hit)
    ashore = dict(pos.table(ASHORE))
    ashore[uid] = label
    return events + [Event.of("value_set", key=ASHORE, value=ashore), _landed(pos, uid, label)]


def _landed(pos: Position, uid: str, label: str) -> Event:
    side = pos.side_of(uid)
    near = bool(pos.units_in(label, pos.enemy(side))) or pos.enemy_adjacent(label, side)
    landed = dawn.plain(pos.state.values.get(LANDED, {}))
    landed[uid] = [pos.state.turn, near]
    return Event.of("value_set", key=LANDED, value=landed)


def landing_mp_terms(pos: Position, uid: str) -> list[Term]:
    """R16.B.2: in the player turn it lands, a unit may spend half its MPs, none if it landed on
    or next to an enemy (for the Activities-Movement Phase, where the text lands it)."""
    found = pos.table(LANDED).get(uid)
    if found is None or found[0] != pos.state.turn or pos.side_of(uid) != pos.acting:
        return []
    if found[1]:
        return [Term("landed beside the enemy", "R16.B.2", times=Fraction(0))]
    return [Term("just landed", "R16.B.2", steps=HALF)]


def _forget_left(pos: Position) -> list[Event]:
    """R16.B.2c: a landed unit that has left its landing hex loses the landing's effects for good."""
    ashore = dict(pos.table(ASHORE))
    kept = {u: h for u, h in ashore.items() if pos.location(u) == h}
    return [] if kept == ashore else [Event.of("value_set", key=ASHORE, value=kept)]


def landing_terms(pos: Position, uid: str) -> list[Term]:
    """R16.B.2c, R7.A.10: what a landing does to the Firepower and Defence of a Company or Mortar
    Battery still in the hex it landed in: halved, or -1 for a Marine (its Defence never below 1:
    the caller's final value)."""
    ashore = pos.table(ASHORE)
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


def _hexes(n: int) -> str:
    return "1 hex" if n == 1 else f"{n} hexes"


def _landing(pos: Position, e: Event) -> str:
    name = pos.spec(e["unit"]).name
    dropped = any(e["unit"] in t["units"] for t in arrivals.tables(pos.scenario, "drops"))
    rule = "R16.A.2a" if dropped else "R16.B.2a"
    off = f"{_hexes(e['off'])} off target" if e["off"] else "on target"
    how = f"D10 with its modifiers {e['roll']}, {off}; {rule}"
    if e["lost"]:
        return f"{name} came down {e['lost']} and is lost ({how})"
    return f"{name} {'drops' if dropped else 'comes ashore'} in {e['hex']} ({how})"


def _improve(pos: Position, e: Event) -> str:
    name = pos.spec(e["unit"]).name
    if e["ok"]:
        result = "improves one step"
    elif e.get("zero"):
        result = "fails, may not try again, and is eliminated when the phase ends"
    else:
        result = "fails, may not try again, and stays Reduced"
    return f"{name} needs {e['cost']} MPs (D10 {e['die']}) and has {e['left']}: it {result} (R16.A.2b)"


def _failed(pos: Position, e: Event) -> str:
    return f"{pos.spec(e['unit']).name} never recovered from its drop and is eliminated (R16.A.2b)"


def _effect(pos: Position, e: Event) -> str:
    what = " and ".join(e["effects"]) or "no effect"
    return f"{pos.spec(e['unit']).name} lands with D5 {e['d5']}, total {e['total']}: {what} (R16.B.2c)"


def _airlift(pos: Position, e: Event) -> str:
    where = f"lands in {e['hex']}" if e["hex"] else "is lost off the map or in water"
    sortie = arrivals.element_name(pos.scenario, e["sortie"])
    return (f"Air Sortie {sortie}'s {e['n']} {e['load']} {where}, {_hexes(e['off'])} off "
            f"(roll {e['roll']}; R16.A.2c)")


WORDS = {"landing": _landing, "improve": _improve, "landing_failed": _failed, "landing_effect": _effect,
         "airlift": _airlift}


def _explain_improve(pos: Position, order: Order) -> Explanation | Refusal:
    return Explanation("spend D5-1 MPs plus the landing hex's costs to improve one step; a unit still at "
                       "zero "
                       "strength when the phase ends is eliminated (R16.A.2b)")


EXPLAIN = {"improve": _explain_improve}
