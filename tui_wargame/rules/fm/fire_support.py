"""F&M 8.4 Bombardment as Suez/Gaza 18.0 change it (house rules in RULES-NOTES, "Fire support").

While attacks are declared, the attacker places fire support face-down
(`bombard HEX`: one marker to be drawn from the pool) or uses an air unit
(`air UNIT HEX` to bombard, `observe UNIT HEX` to observe). Then the defender
places its own against hexes holding declared attackers (a decision, ended by
`done`). Only then are the markers drawn, from the dice stream: until the
reveal no marker is tied to a hex, so neither the screen nor the save shows a
strength early. Each bombardment reads the CRT at the markers' total on each
target unit's terrain row, one die per unit; results marked `bombard` in the
CRT key cost that unit one step. Used markers come back at the next day's morning.
"""

from __future__ import annotations

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.fm.combat import STEP, column_index, declared
from tui_wargame.rules.fm.data import USED
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.results import lose_step

MARKER, AIR = "marker", "air"
OBSERVING, BOMBARDING = "observing", "bombarding"  # phase flags on a placed air unit
DEFENSIVE_FIRE = "defensive_fire"
ORDERS = ("bombard", "air", "observe", "done")


def rule_of(pos: Position) -> str:
    """The section the scenario's fire support rules are cited by (Suez 18.0), else the system's."""
    fs = pos.rules.fire_support
    return fs.rule if fs is not None else "F&M 8.0"


def placed_key(side: str) -> str:
    return f"fm.fire.{side}"


def placed(pos: Position, side: str) -> list[str]:
    """The hexes of `side`'s face-down markers placed this phase, one entry per marker."""
    text = str(pos.state.values.get(placed_key(side), ""))
    return text.split(",") if text else []


def pool(pos: Position, side: str) -> list[str]:
    """Suez 18.3: `side`'s markers in the pool that have not been drawn today."""
    return sorted(uid for uid, u in pos.state.units.items()
                  if u.location == "pool" and pos.spec(uid).kind == MARKER and pos.side_of(uid) == side
                  and not u.has(USED))


def air_units(pos: Position, side: str) -> list[str]:
    """Suez 18.5: `side`'s air units not yet placed this phase."""
    return sorted(uid for uid, u in pos.state.units.items()
                  if u.location == "pool" and pos.spec(uid).kind == AIR and pos.side_of(uid) == side)


def observed(pos: Position, side: str) -> frozenset[str]:
    """Suez 18.2: hexes adjacent to or within range of `side`'s units (farther from hills),
    and around its observing air units (18.5). Kept per position: the orders ask per hex."""
    if side not in pos.observed_cache:
        pos.observed_cache[side] = frozenset(_observed(pos, side))
    return pos.observed_cache[side]


def _observed(pos: Position, side: str) -> set[str]:
    fs = pos.rules.fire_support
    assert fs is not None
    obs = fs.observation.get(side)
    grid = pos.scenario.grid
    found: set[str] = set()
    for label, units in pos.occupied_hexes().items():
        if pos.side_of(units[0]) != side:
            continue
        reach = max(1, (obs.hill_range if pos.terrain(label).hill else obs.range) if obs else 1)
        found.update(grid.around(label, reach))
    for uid, u in pos.state.units.items():
        if pos.on_map(uid) and pos.spec(uid).kind == AIR and pos.side_of(uid) == side and u.has(OBSERVING):
            found.add(u.location)
            found.update(pos.neighbours(u.location))
    return found


def _fire_in_hexes(pos: Position, side: str) -> dict[str, int]:
    """Hex -> the fire support `side` has placed there this phase: face-down markers and
    bombarding air units (counted against the limits per hex, 18.1). One pass over the units."""
    found: dict[str, int] = {}
    for label in placed(pos, side):
        found[label] = found.get(label, 0) + 1
    spec = pos.scenario.unit
    for uid, u in pos.state.units.items():
        if spec[uid].kind == AIR and spec[uid].side == side and u.has(BOMBARDING):
            found[u.location] = found.get(u.location, 0) + 1
    return found


def _target_hexes(pos: Position, side: str) -> set[str]:
    """The attacker any enemy hex, the defender (house rule) the hexes holding units that attack."""
    if side == pos.state.active:
        return set(pos.held_by(pos.enemy(side)))
    return {pos.location(u) for us in declared(pos).values() for u in us}


def targets(pos: Position, side: str) -> list[str]:
    """Hexes `side` may bombard now: the attacker any enemy hex, the defender (house rule) the
    hexes holding units that attack; limits per hex (18.1) respected."""
    fs = pos.rules.fire_support
    assert fs is not None
    limit, fired = fs.limits.get(side, 0), _fire_in_hexes(pos, side)
    return sorted(h for h in _target_hexes(pos, side) if fired.get(h, 0) < limit)


def why_not(pos: Position, side: str) -> Refusal | None:
    """Why `side` may not use fire support now, with the rule; None if it may."""
    fs = pos.rules.fire_support
    if fs is None:
        return Refusal("this scenario has no fire support", "F&M 8.0")
    if pos.night and not fs.at_night:
        return Refusal("no bombardment at night", fs.night_rule or fs.rule)
    return pos.hooks.may_bombard(pos, side)


def legal(pos: Position, side: str) -> list[Order]:
    """Every fire support order `side` may give now."""
    if why_not(pos, side):
        return []
    orders = []
    hexes = targets(pos, side)
    if len(placed(pos, side)) < len(pool(pos, side)):
        seen = observed(pos, side)
        orders += [Order("bombard", (h,)) for h in hexes if h in seen]
    enemy_hexes = sorted(pos.held_by(pos.enemy(side)))
    near = sorted({n for h in enemy_hexes for n in (h, *pos.neighbours(h))})
    may = pos.hooks.may_place_air
    for uid in air_units(pos, side):
        orders += [Order("air", (uid, h)) for h in hexes if may(pos, uid, h, "air") is None]
        if side == pos.state.active:
            orders += [Order("observe", (uid, h)) for h in near if may(pos, uid, h, "observe") is None]
    return orders


def allows(pos: Position, side: str, order: Order) -> bool:
    """Whether `order` is one of `legal(pos, side)`, asked of that one order rather than by
    listing them all (a computer player resolves each of them in turn)."""
    if why_not(pos, side) or order.verb not in ("bombard", "air", "observe"):
        return False
    args = order.args
    if order.verb == "bombard":
        if len(args) != 1 or len(placed(pos, side)) >= len(pool(pos, side)):
            return False
        label = args[0]
        return label in observed(pos, side) and _is_target(pos, side, label)
    if len(args) != 2 or args[0] not in air_units(pos, side):
        return False
    uid, label = args
    if order.verb == "air":
        return _is_target(pos, side, label) and pos.hooks.may_place_air(pos, uid, label, "air") is None
    if side != pos.state.active or not pos.scenario.grid.on_map(label):
        return False
    near = any(pos.occupant(n) not in (None, side) for n in (label, *pos.neighbours(label)))
    return near and pos.hooks.may_place_air(pos, uid, label, "observe") is None


def _is_target(pos: Position, side: str, label: str) -> bool:
    """Whether `label` is one of `targets(pos, side)`."""
    fs = pos.rules.fire_support
    assert fs is not None
    return (label in _target_hexes(pos, side)
            and _fire_in_hexes(pos, side).get(label, 0) < fs.limits.get(side, 0))


def place(pos: Position, side: str, order: Order) -> list[Event]:
    """Place one face-down marker, or an air unit (Suez 18.1, 18.5)."""
    why = why_not(pos, side)
    if why:
        raise IllegalOrder(why)
    if not allows(pos, side, order):
        raise IllegalOrder(f"`{order.text}` is not a fire support order allowed now (observation, "
                           f"limits per hex, markers left in the pool)", rule_of(pos))
    if order.verb == "bombard":
        hexes = [*placed(pos, side), order.args[0]]
        return [Event.of("value_set", key=placed_key(side), value=",".join(hexes))]
    uid, label = order.args
    flag = BOMBARDING if order.verb == "air" else OBSERVING
    return [Event.of("unit_placed", unit=uid, to=label),
            Event.of("unit_flagged", unit=uid, flag=flag, scope="phase")]


def after_declaration(pos: Position, dice: Dice) -> list[Event]:
    """Suez 18.1: once the attacker has placed, the defender places; with nothing to place, reveal."""
    defender = pos.enemy(pos.state.active)
    if legal(pos, defender):
        return [Event.of("decision_required", side=defender, decision=DEFENSIVE_FIRE,
                         prompt="place defensive fire support against the attacking units, then done "
                                f"({rule_of(pos)})",
                         data={})]
    return reveal(pos, dice)


def answers(pos: Position) -> list[Order]:
    assert pos.state.pending is not None
    return [*legal(pos, pos.state.pending.side), Order("done")]


def answer(pos: Position, order: Order, dice: Dice) -> list[Event]:
    assert pos.state.pending is not None
    if order.verb == "done" and not order.args:
        return [Event.of("decision_made"), *reveal(pos, dice)]
    return place(pos, pos.state.pending.side, order)


def reveal(pos: Position, dice: Dice) -> list[Event]:
    """Suez 18.3-18.4: draw every face-down marker from the dice, reveal, resolve each bombardment
    (the attacker's first, then the defender's), return markers, then resolve the attacks."""
    events: list[Event] = []

    def emit(more: list[Event]) -> None:
        nonlocal pos
        events.extend(more)
        pos = pos.at(fold(pos.state, more))

    attacker = pos.state.active
    for side in (attacker, pos.enemy(attacker)):
        drawn: dict[str, list[str]] = {}
        left = pool(pos, side)
        for label in placed(pos, side):
            marker = dice.choice(left)
            left.remove(marker)
            drawn.setdefault(label, []).append(marker)
        for label, markers in sorted(drawn.items()):
            emit([e for m in markers for e in (Event.of("unit_placed", unit=m, to=label),
                                               Event.of("unit_flagged", unit=m, flag=USED))])
            emit([Event.of("markers_revealed", side=side, hex=label, markers=markers,
                           strengths=[pos.factor(m, "attack") for m in markers])])
        emit([Event.of("value_set", key=placed_key(side), value="")])
        hexes = sorted({*drawn, *(u.location for uid, u in pos.state.units.items() if pos.on_map(uid)
                                  and pos.spec(uid).kind == AIR and pos.side_of(uid) == side
                                  and u.has(BOMBARDING))})
        for label in hexes:
            emit(bombard(pos, side, label, dice))
            emit(pos.hooks.after_bombardment(pos, side, label, dice))
    for uid in sorted(pos.state.units):
        if pos.on_map(uid) and pos.spec(uid).kind in (MARKER, AIR):
            emit([Event.of("unit_placed", unit=uid, to="pool")])
    emit([Event.of("value_set", key=STEP, value="resolve")])
    return events


def bombard(pos: Position, side: str, label: str, dice: Dice) -> list[Event]:
    """Suez 18.4: the markers' total strength is the column on each target unit's own row; each
    unit separately, one die each; results marked `bombard` cost one step; no retreat."""
    markers = sorted(uid for uid, u in pos.state.units.items()
                     if u.location == label and pos.side_of(uid) == side
                     and (pos.spec(uid).kind == MARKER or (pos.spec(uid).kind == AIR and u.has(BOMBARDING))))
    strength = sum(pos.factor(m, "attack") for m in markers)
    crt = pos.rules.crt
    events: list[Event] = []
    for uid in sorted(pos.units_in(label)):
        if pos.side_of(uid) == side:
            continue
        eff = pos.terrain(label)
        row = eff.row_by_side.get(pos.side_of(uid), eff.row)
        index = column_index(crt.rows[row], strength)
        die = dice.roll()
        key = crt.results[die - 1][index]
        hit = crt.key[key].bombard
        events.append(Event.of("bombardment", side=side, hex=label, markers=markers, strength=strength,
                               unit=uid, row=row, column=crt.columns[index], die=die, result=key, loss=hit))
        if hit:
            events += lose_step(pos, uid)
    return events


def reuse(pos: Position) -> list[Event]:
    """Suez/Gaza 18.3: a marker used on a day is set aside until the reuse time (the Morning turn) of
    the following day: at a reuse-time turn that begins a new day, every used marker is back in the
    pool. The turn track's `day` says which day a turn belongs to: Zero Hour is part of the first
    day (docs/rules/fire-and-movement.md), so a marker used then waits for the second Morning."""
    fs = pos.rules.fire_support
    if fs is None or pos.turn.time != fs.reuse_time or pos.state.active != pos.first:
        return []
    turn = pos.state.turn
    if turn > 0 and pos.scenario.turns[turn - 1].day == pos.turn.day:
        return []
    return [Event.of("unit_flagged", unit=uid, flag=USED, on=False)
            for uid, u in sorted(pos.state.units.items()) if USED in u.flags]
