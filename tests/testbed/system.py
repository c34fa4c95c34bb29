"""The testbed rule system: the smallest complete game that exercises the engine.

Its rulebook, in full (cited by the engine's tests as "Testbed N"):

1. Sequence. Each turn the first side plays a movement phase then a combat
   phase, then the second side does the same. After the last turn the game ends.
2. Movement. A unit moves once per movement phase, hex by hex, paying the
   terrain's cost (plus hexside costs), or the route's cost along a route. It
   may not exceed its move factor, enter a prohibited hex, or enter a hex held
   by the enemy. Entering a victory hex takes control of it.
3. Reinforcements. The reinforcing unit is placed at its hex when its side's
   movement phase of its turn begins, or of the first later turn on which the
   enemy does not hold that hex.
4. Combat. In the combat phase a unit may attack an adjacent enemy hex once.
   One die on the CRT column for (attack - defence), the ends taken beyond
   them. A1: the attacker loses a step. D1: the defender decides: retreat one
   hex (not into an enemy or prohibited hex) or lose a step.
5. Scouting. A unit may scout an adjacent enemy hex, revealing who is there.
6. Victory. At the end, the side holding more victory points wins.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.hexgrid import distance
from tui_wargame.model import Event, IllegalOrder, Order, Scenario, State
from tui_wargame.rules import Resolution

MOVEMENT, COMBAT = "movement", "combat"


class Testbed:
    """The required core of a rule system (`rules.RuleSystem`) and nothing else: every optional
    capability is the default (`rules.capabilities`), which is what proves the defaults play."""

    id = "testbed"
    title = "Testbed (engine tests)"

    # --- scenario checks ---

    def check_scenario(self, scenario: Scenario) -> list[str]:
        rules = scenario.rules
        problems = []
        for key in ("move_cost", "hexside_cost", "route_cost", "crt", "crt_columns"):
            if key not in rules:
                problems.append(f"rules.{key}: missing")
        tables, arrays = ("move_cost", "hexside_cost", "route_cost"), ("crt", "crt_columns")
        for names, kind, what in ((tables, dict, "a table"), (arrays, list, "an array")):
            problems += [f"rules.{key}: must be {what}" for key in names
                         if key in rules and not isinstance(rules[key], kind)]
        if problems:
            return problems
        for key in tables:  # costs are read with Fraction(): small ones only ("1e999999999" would hang)
            problems += [f"rules.{key}.{k}: a cost is a whole number, a fraction \"a/b\" or \"P\""
                         for k, v in rules[key].items()
                         if not (type(v) is int and 0 <= v < 10**9 or type(v) is str and re.fullmatch(
                             r"[0-9]{1,9}(/[1-9][0-9]{0,8})?" + ("|P" if key == "move_cost" else ""), v))]
        problems += [f"map.route[{i}].kind: no rules.route_cost for {r.kind!r}"
                     for i, r in enumerate(scenario.map.route) if r.kind not in rules["route_cost"]]
        for t in scenario.terrain:
            if t.id not in rules["move_cost"]:
                problems.append(f"rules.move_cost: no cost for terrain {t.id!r}")
        for u in scenario.units:
            for k, f in enumerate(u.factors):
                missing = {"attack", "defence", "move"} - set(f)
                if missing:
                    missing_text = ", ".join(sorted(missing))
                    problems.append(f"unit (id {u.id!r}).factors[{k}]: missing {missing_text}")
        return problems

    # --- helpers ---

    def _factor(self, scenario: Scenario, state: State, uid: str, name: str) -> int:
        spec = scenario.unit[uid]
        return spec.factors[spec.steps - state.units[uid].steps][name]

    def _enemy(self, scenario: Scenario, side: str) -> str:
        return next(s.id for s in scenario.sides if s.id != side)

    def _occupant(self, scenario: Scenario, state: State, label: str) -> str | None:
        for uid in state.units_at(label):
            return scenario.unit[uid].side
        return None

    def _step_cost(self, scenario: Scenario, state: State, side: str, a: str, b: str) -> Fraction | None:
        """Testbed 2: the cost of stepping from a to b, None if prohibited."""
        rules = scenario.rules
        occupant = self._occupant(scenario, state, b)
        if occupant is not None and occupant != side:
            return None
        routes = scenario.routes_between(a, b)
        if routes:
            return min(Fraction(rules["route_cost"][k]) for k in routes)
        cost = rules["move_cost"][scenario.terrain_at(b).id]
        if cost == "P":
            return None
        extra = sum((Fraction(rules["hexside_cost"].get(f.feature, "0"))
                     for f in scenario.features_between(a, b)), Fraction(0))
        return Fraction(cost) + extra

    def _reach(self, scenario: Scenario, state: State, uid: str) -> dict[str, tuple[Fraction, list[str]]]:
        """Testbed 2: every hex `uid` can reach, with its cheapest cost and path."""
        side = scenario.unit[uid].side
        allowance = Fraction(self._factor(scenario, state, uid, "move"))
        start = state.units[uid].location
        grid = scenario.grid
        best: dict[str, tuple[Fraction, list[str]]] = {start: (Fraction(0), [])}
        queue: list[tuple[Fraction, str]] = [(Fraction(0), start)]
        while queue:
            cost, here = heapq.heappop(queue)
            if cost > best[here][0]:
                continue
            for n in grid.neighbours(grid.parse(here)):
                there = grid.label(n)
                step = self._step_cost(scenario, state, side, here, there)
                if step is None or cost + step > allowance:
                    continue
                total = cost + step
                if there not in best or total < best[there][0]:
                    best[there] = (total, [*best[here][1], there])
                    heapq.heappush(queue, (total, there))
        del best[start]
        return best

    # --- the interface ---

    def setup(self, scenario: Scenario, options: Mapping[str, Any]) -> list[Event]:
        if options.get("setup", "historical") != "historical":
            raise IllegalOrder("the testbed has only the historical set-up", "Testbed 1")
        events = [Event.of("unit_placed", unit=u.id, to=u.start, steps=u.steps) for u in scenario.units]
        events += [Event.of("control_changed", hex=p.hex, side=p.side) for p in scenario.map.place if p.side]
        events.append(Event.of("phase_began", turn=0, phase=MOVEMENT, side=scenario.sides[0].id))
        return events

    def legal_orders(self, scenario: Scenario, state: State) -> list[Order]:
        if state.pending:
            d = state.pending
            orders = [Order("lose", (uid,)) for uid in d.data["units"]]
            for there in self._retreats(scenario, state, d.data["hex"], d.side):
                orders += [Order("retreat", (uid, there)) for uid in d.data["units"]]
            return orders
        orders = []
        mine = [uid for uid, u in state.units.items()
                if scenario.grid.on_map(u.location) and scenario.unit[uid].side == state.active]
        for uid in mine:
            u = state.units[uid]
            if state.phase == MOVEMENT and not u.has("moved"):
                for _, (_, path) in sorted(self._reach(scenario, state, uid).items()):
                    orders.append(Order("move", (uid, *path)))
            if state.phase == COMBAT and not u.has("attacked"):
                for there in self._enemy_neighbours(scenario, state, uid):
                    orders.append(Order("attack", (uid, there)))
                    orders.append(Order("scout", (uid, there)))
        orders.append(Order("end"))
        return orders

    def _enemy_neighbours(self, scenario: Scenario, state: State, uid: str) -> list[str]:
        grid = scenario.grid
        side = scenario.unit[uid].side
        here = grid.parse(state.units[uid].location)
        return [grid.label(n) for n in grid.neighbours(here)
                if self._occupant(scenario, state, grid.label(n)) not in (None, side)]

    def _retreats(self, scenario: Scenario, state: State, label: str, side: str) -> list[str]:
        grid = scenario.grid
        return [grid.label(n) for n in grid.neighbours(grid.parse(label))
                if self._step_cost(scenario, state, side, label, grid.label(n)) is not None
                and self._occupant(scenario, state, grid.label(n)) is None]

    def resolve(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        handler = ORDERS.get(order.verb)
        if handler is None:
            raise IllegalOrder(f"unknown order {order.verb!r} (the orders: {', '.join(ORDERS)})", "Testbed 1")
        if state.pending and order.verb not in ("retreat", "lose"):
            raise IllegalOrder(f"{state.pending.prompt} first", "Testbed 4")
        return handler(self, scenario, state, order, dice)

    def _own_unit(self, scenario: Scenario, state: State, uid: str, side: str) -> None:
        if uid not in state.units or not scenario.grid.on_map(state.units[uid].location):
            raise IllegalOrder(f"no unit {uid!r} on the map", "Testbed 2")
        if scenario.unit[uid].side != side:
            raise IllegalOrder(f"{uid} is not yours", "Testbed 1")

    def _order_move(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        if len(order.args) < 2:
            raise IllegalOrder("move needs a unit and at least one hex", "Testbed 2")
        uid, path = order.args[0], list(order.args[1:])
        if state.phase != MOVEMENT:
            raise IllegalOrder("units move only in the movement phase", "Testbed 1")
        self._own_unit(scenario, state, uid, state.active)
        if state.units[uid].has("moved"):
            raise IllegalOrder(f"{uid} has moved already this phase", "Testbed 2")
        grid = scenario.grid
        allowance = Fraction(self._factor(scenario, state, uid, "move"))
        here, total = state.units[uid].location, Fraction(0)
        for there in path:
            try:
                a, b = grid.parse(here), grid.parse(there)
            except ValueError as exc:
                raise IllegalOrder(str(exc), "Testbed 2") from None
            if distance(a, b) != 1:
                raise IllegalOrder(f"{there} is not next to {here}", "Testbed 2")
            step = self._step_cost(scenario, state, scenario.unit[uid].side, here, there)
            if step is None:
                raise IllegalOrder(f"{there} cannot be entered", "Testbed 2")
            total += step
            if total > allowance:
                raise IllegalOrder(f"the path costs more than {uid}'s {allowance} MP", "Testbed 2")
            here = there
        events = [Event.of("unit_moved", unit=uid, path=path, cost=total),
                  Event.of("unit_flagged", unit=uid, flag="moved", scope="phase")]
        for label in path:
            place = scenario.places.get(label)
            if place and place.vp and state.control.get(label) != state.active:
                events.append(Event.of("control_changed", hex=label, side=state.active))
        return Resolution(tuple(events))

    def _odds(self, scenario: Scenario, state: State, order: Order) -> dict[str, Any]:
        """Testbed 4: the odds of an attack, before the die."""
        uid, target = self._combat_args(scenario, state, order)
        defenders = state.units_at(target)
        attack = self._factor(scenario, state, uid, "attack")
        defence = sum(self._factor(scenario, state, d, "defence") for d in defenders)
        columns: list[int] = scenario.rules["crt_columns"]
        column = min(max(attack - defence, columns[0]), columns[-1])
        return {"attackers": [uid], "defenders": defenders, "hex": target, "attack": attack,
                "defence": defence, "differential": attack - defence,
                "row": scenario.terrain_at(target).id, "shifts": [], "column": str(column)}

    def _order_attack(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        odds = self._odds(scenario, state, order)
        uid, target, defenders = odds["attackers"][0], odds["hex"], odds["defenders"]
        columns: list[int] = scenario.rules["crt_columns"]
        die = dice.roll()
        result = scenario.rules["crt"][die - 1][columns.index(int(odds["column"]))]
        events = [
            Event.of("unit_flagged", unit=uid, flag="attacked", scope="phase"),
            Event.of("combat", **odds, die=die, result=result),
        ]
        if result == "A1":
            events += self._lose_step(scenario, state, uid)
        elif result == "D1":
            defender = scenario.unit[defenders[0]].side
            events.append(Event.of("decision_required", side=defender, decision="retreat_or_lose",
                                   prompt=f"Retreat from {target} or lose a step",
                                   data={"hex": target, "units": defenders}))
        return Resolution(tuple(events))

    def _order_scout(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        uid, target = self._combat_args(scenario, state, order)
        events = [Event.of("unit_flagged", unit=uid, flag="attacked", scope="phase")]
        events += [Event.of("unit_flagged", unit=d, flag="revealed") for d in state.units_at(target)]
        return Resolution(tuple(events), reveals=True)

    def _combat_args(self, scenario: Scenario, state: State, order: Order) -> tuple[str, str]:
        if len(order.args) != 2:
            raise IllegalOrder(f"{order.verb} needs a unit and a hex", "Testbed 4")
        uid, target = order.args
        if state.phase != COMBAT:
            raise IllegalOrder("attacks are made in the combat phase", "Testbed 1")
        self._own_unit(scenario, state, uid, state.active)
        if state.units[uid].has("attacked"):
            raise IllegalOrder(f"{uid} has attacked already this phase", "Testbed 4")
        if target not in self._enemy_neighbours(scenario, state, uid):
            raise IllegalOrder(f"{target} holds no enemy next to {uid}", "Testbed 4")
        return uid, target

    def _lose_step(self, scenario: Scenario, state: State, uid: str) -> list[Event]:
        steps = state.units[uid].steps - 1
        events = [Event.of("step_lost", unit=uid, steps=steps)]
        if steps == 0:
            events.append(Event.of("unit_placed", unit=uid, to="eliminated"))
        return events

    def _answer(self, state: State, order: Order, n: int) -> str:
        if not state.pending:
            raise IllegalOrder(f"no decision is pending to {order.verb}", "Testbed 4")
        if len(order.args) != n:
            raise IllegalOrder(f"{order.verb} takes {n} argument(s)", "Testbed 4")
        uid = order.args[0]
        if uid not in state.pending.data["units"]:
            raise IllegalOrder(f"{uid} is not in the attacked hex", "Testbed 4")
        return uid

    def _order_lose(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        uid = self._answer(state, order, 1)
        return Resolution((*self._lose_step(scenario, state, uid), Event.of("decision_made")))

    def _order_retreat(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        uid = self._answer(state, order, 2)
        assert state.pending is not None
        there = order.args[1]
        if there not in self._retreats(scenario, state, state.pending.data["hex"], state.pending.side):
            raise IllegalOrder(f"{uid} cannot retreat to {there}", "Testbed 4")
        return Resolution((Event.of("unit_moved", unit=uid, path=[there], cost=0), Event.of("decision_made")))

    def _order_end(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        first, second = scenario.sides[0].id, scenario.sides[1].id
        if state.phase == MOVEMENT:
            return Resolution((Event.of("phase_began", turn=state.turn, phase=COMBAT, side=state.active),))
        if state.active == first:
            turn, side = state.turn, second
        elif state.turn + 1 < len(scenario.turns):
            turn, side = state.turn + 1, first
        else:
            return Resolution((self._verdict(scenario, state),))
        events = [Event.of("phase_began", turn=turn, phase=MOVEMENT, side=side)]
        r = scenario.rules.get("reinforcement")
        if (r and r["turn"] <= turn and scenario.unit[r["unit"]].side == side
                and state.units[r["unit"]].location == "reinforcements"
                and self._occupant(scenario, state, r["hex"]) in (None, side)):
            events.append(Event.of("unit_placed", unit=r["unit"], to=r["hex"]))
        return Resolution(tuple(events))

    def _verdict(self, scenario: Scenario, state: State) -> Event:
        vp = self.victory_points(scenario, state)
        ranked = sorted(vp.items(), key=lambda kv: -kv[1])
        if ranked[0][1] == ranked[1][1]:
            return Event.of("game_ended", winner="", level="draw", reason="victory points are level")
        return Event.of("game_ended", winner=ranked[0][0], level="victory",
                        reason=f"{ranked[0][1]} VP to {ranked[1][1]} (Testbed 6)")

    def victory_points(self, scenario: Scenario, state: State) -> dict[str, int]:
        vp = {s.id: 0 for s in scenario.sides}
        for label, side in state.control.items():
            place = scenario.places.get(label)
            if place:
                vp[side] += place.vp
        return vp

    def prompt(self, scenario: Scenario, state: State) -> str:
        if state.pending:
            return f"{scenario.side[state.pending.side].name}: {state.pending.prompt} (Testbed 4)"
        return f"{scenario.side[state.active].name}: {state.phase} phase (Testbed 1)"


#: Every order, verb -> the method that resolves it (Testbed 1-5).
ORDERS: dict[str, Callable[[Testbed, Scenario, State, Order, Dice], Resolution]] = {
    "move": Testbed._order_move,
    "attack": Testbed._order_attack,
    "scout": Testbed._order_scout,
    "lose": Testbed._order_lose,
    "retreat": Testbed._order_retreat,
    "end": Testbed._order_end,
}

SYSTEM = Testbed()
