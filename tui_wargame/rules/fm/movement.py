"""F&M 5.0 Movement: allowances, terrain and route costs, ZOC stops, the one-hex minimum.

Costs are exact fractions. A move order gives a whole path; every step is
checked. `paths` finds the cheapest legal path to every hex a unit's movement reaches.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from fractions import Fraction
from math import lcm
from typing import Any

from tui_wargame.model import IllegalOrder, Refusal
from tui_wargame.rules.fm.data import fraction
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.zoc import free_exit_rule, in_enemy_zoc, zoc_of_side
from tui_wargame.rules.kept import PerScenario

ROUTE_ONLY = "route-only:"  # trait prefix: the unit moves only along this route kind (Suez 13.3)


def allowance(pos: Position, uid: str) -> Fraction:
    """F&M 5.0: the printed movement factor, as the scenario's hooks change it (Suez 15.1)."""
    return pos.hooks.movement_allowance(pos, uid, Fraction(pos.factor(uid, "move")))


def route_cost(pos: Position, uid: str, kind: str) -> Fraction:
    """F&M 5.2: a route's cost for this unit (Suez TEC: 1/3 for British infantry on tracks)."""
    effect = pos.rules.route[kind]
    spec = pos.spec(uid)
    for special in effect.special:
        side_ok = not special.side or special.side == spec.side
        if side_ok and (not special.kinds or spec.kind in special.kinds):
            return Fraction(special.cost)
    return Fraction(effect.cost)


def route_only(pos: Position, uid: str) -> str | None:
    for trait in pos.spec(uid).traits:
        if trait.startswith(ROUTE_ONLY):
            return trait.removeprefix(ROUTE_ONLY)
    return None


def enter_cost(pos: Position, uid: str, a: str | None, b: str) -> Fraction | None:
    """F&M 5.1/5.2: MP to enter `b` from `a` (None: from off the map), or None where it may not go.

    Along a route joining a and b the route's cost replaces the terrain's; hexside
    costs are added either way; prohibited terrain or hexsides stop any move.
    """
    return pos.hooks.step_cost(pos, uid, a, b, _chart_cost(pos, uid, a, b))


def _chart_cost(pos: Position, uid: str, a: str | None, b: str) -> Fraction | None:
    if pos.occupant(b) not in (None, pos.side_of(uid)):
        return None
    spec = pos.spec(uid)
    table = _STATIC(pos.scenario)
    key = (spec.side, spec.kind, spec.traits, a, b)
    try:
        return table[key]
    except KeyError:
        cost = table[key] = _static_cost(pos, uid, a, b)
        return cost


# (side, kind, traits, a, b) -> cost: the chart's part of a step's cost depends only on the map and
# the unit's side, kind and traits, and movement asks for it often.
_STATIC: PerScenario[dict[tuple[Any, ...], Fraction | None]] = PerScenario(lambda _: {})


def _static_cost(pos: Position, uid: str, a: str | None, b: str) -> Fraction | None:
    terrain = fraction(pos.terrain(b).move)
    if terrain is None:
        return None
    only = route_only(pos, uid)
    routes = pos.scenario.routes_between(a, b) if a is not None else frozenset()
    if only is not None and only not in routes:
        return None
    extra = Fraction(0)
    if a is not None:
        for f in pos.scenario.features_between(a, b):
            add = fraction(pos.rules.hexside[f.feature].move)
            if add is None:
                return None
            extra += add
    if only is not None:
        return route_cost(pos, uid, only) + extra
    if routes:
        return min(route_cost(pos, uid, k) for k in routes) + extra
    return terrain + extra


def barred_by(pos: Position, uid: str, a: str | None, b: str) -> str:
    """The rule that keeps `uid` from entering `b` from `a`: the exclusive rule where one overrides
    F&M 5.2 (a route-only unit off its route, Suez 13.3; a hexside such as the canal, Suez 14.1)."""
    only = route_only(pos, uid)
    if only is not None and only not in (pos.scenario.routes_between(a, b) if a is not None else ()):
        return pos.rules.route[only].only_rule or "F&M 5.2"
    if a is not None:
        for f in pos.scenario.features_between(a, b):
            effect = pos.rules.hexside[f.feature]
            if fraction(effect.move) is None and effect.rule:
                return effect.rule
    return "F&M 5.2"


def exit_cost(pos: Position, uid: str, here: str) -> Fraction:
    """F&M 5.1.1 (house rule +1 MP, rules.zoc.exit_cost): leaving a hex in an enemy ZOC."""
    if pos.hooks.ignores_zoc(pos, uid) or not in_enemy_zoc(pos, pos.side_of(uid), here):
        return Fraction(0)
    if free_exit_rule(pos, uid, here):
        return Fraction(0)
    return Fraction(pos.rules.zoc.exit_cost)


def stops_in(pos: Position, uid: str, label: str) -> bool:
    """F&M 6.1: a unit entering an enemy ZOC stops there."""
    return not pos.hooks.ignores_zoc(pos, uid) and in_enemy_zoc(pos, pos.side_of(uid), label)


def why_not_move(pos: Position, uid: str) -> Refusal | None:
    """Why `uid` may not move now, with the rule; None if it may."""
    state = pos.state
    if state.phase != "movement":
        return Refusal("units move only in the movement phase", "F&M 4.0")
    u = state.units.get(uid)
    if u is None or pos.side_of(uid) != state.active:
        return Refusal(f"{uid} is not a unit of the moving side", "F&M 4.0")
    if u.has("moved"):
        return Refusal(f"{uid} has moved already this phase", "F&M 5.0")
    if not pos.is_combat(uid):
        return Refusal(f"{uid} is not a unit that moves", "F&M 5.0")
    return pos.hooks.may_move(pos, uid)


class _Unscaled(Exception):
    """A cost that is not a whole number of the search's units: search in fractions instead."""


# Every cost on the charts is a whole number of these units (1/2, 1/3, 1/4, 1/5 ...), so the
# search adds and compares integers; exact, and several times faster than fractions.
UNIT_DENOMINATOR = 2520


def paths(pos: Position, uid: str, start: str | None = None,
          entry: tuple[str, ...] = ()) -> dict[str, tuple[Fraction, list[str]]]:
    """Every hex `uid`'s movement reaches, with the cheapest cost and path (F&M 5.0, 6.1), before the
    stacking house rule (F&M 5.3: `ending.reach`). The answer is shared: do not change it.

    From the map: start at the unit's hex. Entering (F&M reinforcements): `entry`
    lists the entry hexes and the path begins with one of them.
    """
    key = (uid, start, entry)
    found = pos.paths_cache.get(key)
    if found is None:
        found = pos.paths_cache[key] = _kept(pos, uid, start, entry)
    return found


def first_steps(pos: Position, uid: str) -> list[str]:
    """The hexes beside `uid` it may enter with nothing spent yet: F&M 5.1's one-hex minimum makes
    each reachable whatever its cost, so they are a part of `paths` found without the search."""
    if pos.state.units[uid].spent != 0:
        return []
    here = pos.location(uid)
    return [n for n in pos.neighbours(here) if enter_cost(pos, uid, here, n) is not None]


# A search depends on the map and rules (the scenario), the unit's own state (allowance spent, steps,
# Suez 14.1's start in the crossing hex), the turn (Suez 15.1 zero hour, night's free exit) and the
# hexes the enemy holds (F&M 5.1 no entry, 6.1 their ZOC): never on the unit's own side. So one move
# leaves every other unit's search as it was, and each is kept across the Positions of a phase.
REACH_KEPT = 256  # searches kept, newest last: a phase of both sides' units (about 20 KB each)
_REACH: PerScenario[OrderedDict[tuple[Any, ...], dict[str, tuple[Fraction, list[str]]]]] = \
    PerScenario(lambda _: OrderedDict())


def _kept(pos: Position, uid: str, start: str | None,
          entry: tuple[str, ...]) -> dict[str, tuple[Fraction, list[str]]]:
    kept = _REACH(pos.scenario)
    key = (uid, start, entry, pos.state.units[uid], pos.state.turn, pos.held_by(pos.enemy(pos.side_of(uid))))
    found = kept.get(key)
    if found is not None:
        kept.move_to_end(key)
        return found
    try:
        found = _search(pos, uid, start, entry, UNIT_DENOMINATOR)
    except _Unscaled:
        found = _search(pos, uid, start, entry, None)
    kept[key] = found
    if len(kept) > REACH_KEPT:
        kept.popitem(last=False)
    return found


def _search(pos: Position, uid: str, start: str | None, entry: tuple[str, ...],
            denominator: int | None) -> dict[str, tuple[Fraction, list[str]]]:
    """Dijkstra over the costs, in whole units of 1/`denominator` (None: in fractions); scaling
    keeps every comparison, so the paths found are the same either way."""
    mp_fraction = allowance(pos, uid)
    zoc_exit_fraction = Fraction(pos.rules.zoc.exit_cost)
    if denominator is not None:
        denominator = lcm(denominator, mp_fraction.denominator, zoc_exit_fraction.denominator)

    def units(cost: Fraction) -> Any:
        if denominator is None:
            return cost
        if denominator % cost.denominator:
            raise _Unscaled
        return cost.numerator * (denominator // cost.denominator)

    mp = units(mp_fraction)
    full = pos.state.units[uid].spent == 0
    # exit_cost and stops_in, with the enemy ZOC looked up once (F&M 5.1.1, 6.1)
    zoc = frozenset() if pos.hooks.ignores_zoc(pos, uid) else zoc_of_side(pos, pos.enemy(pos.side_of(uid)))
    zoc_exit, nothing = units(zoc_exit_fraction), units(Fraction(0))

    def leave(here: str) -> Any:
        return zoc_exit if here in zoc and not free_exit_rule(pos, uid, here) else nothing

    best: dict[str, tuple[Any, list[str]]] = {}
    queue: list[tuple[Any, int, str]] = []
    tick = 0

    def offer(label: str, cost: Any, path: list[str], first_step: bool) -> None:
        nonlocal tick
        if cost > mp and not (first_step and full):
            return  # F&M 5.1: beyond the allowance, except the one-hex minimum
        if label in best and best[label][0] <= cost:
            return
        best[label] = (cost, path)
        if cost <= mp:
            tick += 1
            heapq.heappush(queue, (cost, tick, label))

    if start is None:
        for label in entry:
            c = enter_cost(pos, uid, None, label)
            if c is not None:
                offer(label, units(c), [label], True)
        origin = None
    else:
        origin = start
        out = leave(start)
        for n in pos.neighbours(start):
            c = enter_cost(pos, uid, start, n)
            if c is not None:
                offer(n, out + units(c), [n], True)
    while queue:
        cost, _, here = heapq.heappop(queue)
        if best[here][0] < cost or here in zoc:
            continue
        out = cost + leave(here)
        for n in pos.neighbours(here):
            if n == origin:
                continue
            c = enter_cost(pos, uid, here, n)
            if c is not None:
                offer(n, out + units(c), [*best[here][1], n], False)
    best.pop(origin or "", None)
    if denominator is None:
        return best
    return {label: (Fraction(cost, denominator), path) for label, (cost, path) in best.items()}


def path_cost(pos: Position, uid: str, path: list[str], start: str | None,
              entry: tuple[str, ...] = ()) -> Fraction:
    """F&M 5.0: check every step of `path` and return its cost; IllegalOrder naming the rule. (Where
    the path may end under the stacking house rule is `ending.beyond_repair`'s.)"""
    if not path:
        raise IllegalOrder("a move needs at least one hex", "F&M 5.0")
    grid = pos.scenario.grid
    for label in path:
        try:
            grid.parse(label)
        except ValueError as exc:
            raise IllegalOrder(str(exc), "F&M 5.1") from None
    mp = allowance(pos, uid)
    full = pos.state.units[uid].spent == 0
    total = Fraction(0)
    here = start
    if here is None and path[0] not in entry:
        raise IllegalOrder(f"{path[0]} is not an entry hex for {uid}", "F&M 5.4")
    for i, there in enumerate(path):
        if here is not None:
            if pos.distance(here, there) != 1:
                raise IllegalOrder(f"{there} is not next to {here}", "F&M 5.0")
            if i > 0 and stops_in(pos, uid, here):
                raise IllegalOrder(f"{uid} must stop on entering the enemy ZOC at {here}", "F&M 6.1")
            total += exit_cost(pos, uid, here)
        step = enter_cost(pos, uid, here, there)
        if step is None:
            raise IllegalOrder(f"{uid} may not enter {there}", barred_by(pos, uid, here, there))
        total += step
        if total > mp and not (i == 0 and full):
            raise IllegalOrder(f"the path costs {total} MP, more than {uid}'s {mp}", "F&M 5.1")
        here = there
    return total
