"""The Fire & Movement folio system as a `RuleSystem`: orders in, events out.

Orders (the text form players, saves and `legal_orders` share):

- `move UNIT HEX...`          F&M 5.0, the whole path; one move per unit per phase;
- `enter UNIT HEX...`         a reinforcement enters at the first hex (an entry hex) and goes on;
- `attack TARGET FROM`        F&M 7.1: the stack in FROM joins the attack on TARGET;
- `resolve TARGET`            F&M 7.6: roll the attack on TARGET (the attacker picks the order);
- `bombard HEX`, `air UNIT HEX`, `observe UNIT HEX`   Suez 18.0 fire support, while declaring;
- `end`                       ends the phase or step;
- the scenario's own orders, from `Hooks.extra_orders` / `Hooks.resolve_extra`;
- answers to decisions: see `results` (`lose`, `retreat`, `deplete`, `displace`, `advance`, `stop`)
  and `fire_support` (the defender's `bombard`, `air`, then `done`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, State, fold
from tui_wargame.rules import Resolution
from tui_wargame.rules.capabilities import (
    Decision,
    Explanation,
    GameOption,
    HelpPage,
    Layer,
    Line,
    OrderMenu,
    named_units,
)
from tui_wargame.rules.fm import (
    combat,
    commander,
    decisions,
    ending,
    fire_support,
    movement,
    results,
    sequence,
    words,
    zoc,
)
from tui_wargame.rules.fm.data import FmRules, check, remember, rules_of
from tui_wargame.rules.fm.hooks import hooks_named, known_hooks
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import limit_of, overstacked_hexes
from tui_wargame.rules.fm.victory import control_events, verdict_event, victory_points
from tui_wargame.rules.fm.words import mp
from tui_wargame.text import side_name

REINFORCEMENTS = "reinforcements"
ARRIVED = "arrived"  # flag a hook sets on a reinforcement that may enter now (Suez 11.5, Gaza 11.3)
FIRE_VERBS = frozenset({"bombard", "air", "observe"})  # Suez/Gaza 18.1: placing fire support
FIRE_MENU = FIRE_VERBS | {"done"}  # and the defender's end of it (18.1)


class FireAndMovement:
    id = "fm"
    title = "Fire & Movement folio system"

    # --- the scenario ---

    def check_scenario(self, scenario: Scenario) -> list[str]:
        problems = check(scenario)
        name = scenario.rules.get("hooks", "")
        if isinstance(name, str) and name not in known_hooks():
            problems.append(f"rules.hooks: no hooks named {name!r} (known: {', '.join(known_hooks())})")
        elif isinstance(name, str):
            hooks_named(name)
        return problems

    def derived(self, scenario: Scenario) -> FmRules:
        """What checking `scenario` derived and keeps: its structured rules tables (for the
        scenario cache, which stores them with the scenario)."""
        return rules_of(scenario)

    def adopt(self, scenario: Scenario, derived: object) -> None:
        """Take back what `derived` gave for a scenario read from the scenario cache. Hooks can be
        registered from outside the package, so a name not registered now refuses the entry."""
        if not isinstance(derived, FmRules) or derived.hooks not in known_hooks():
            raise LookupError("checked with other hooks registered: check again")
        remember(scenario, derived)

    def setup(self, scenario: Scenario, options: Mapping[str, Any]) -> list[Event]:
        """The historical set-up: every counter at its start; the game begins with the first
        player's Movement Phase of the first turn (Suez 10.2, Gaza 10.2). Another set-up option
        is the scenario's (`Hooks.setup`, Suez 11.1 free deployment)."""
        pos = Position(scenario, State(turn=0, phase="", active="", units={}))
        events = [Event.of("unit_placed", unit=u.id, to=u.start, steps=u.steps) for u in scenario.units]
        events += [Event.of("control_changed", hex=p.hex, side=p.side) for p in scenario.map.place if p.side]
        option = options.get("setup", "historical")
        if option != "historical":
            more = pos.hooks.setup(pos.at(fold(pos.state, events)), str(option))
            if more is None:
                raise IllegalOrder(f"this scenario has no {option!r} set-up, only the historical one",
                                   "F&M 4.0")
            return events + more
        events.append(Event.of("phase_began", turn=0, phase=sequence.MOVEMENT, side=pos.first))
        return events

    # --- listing orders ---

    def legal_orders(self, scenario: Scenario, state: State) -> list[Order]:
        pos = Position(scenario, state)
        if state.result is not None:
            return []
        if state.pending and state.pending.kind == fire_support.DEFENSIVE_FIRE:
            return fire_support.answers(pos)
        if state.pending:
            return results.answers(pos)
        orders: list[Order] = list(pos.hooks.extra_orders(pos))
        if state.phase not in (sequence.MOVEMENT, sequence.COMBAT):  # a scenario's set-up phase
            return orders
        if state.phase == sequence.MOVEMENT:
            for uid in sorted(state.units):
                start = self._start(pos, uid)
                if start is not None:
                    verb = "move" if start[0] else "enter"
                    found = sorted(ending.reach(pos, uid, *start).items())
                    orders += [Order(verb, (uid, *path)) for _, (_, path) in found]
            if not overstacked_hexes(pos, state.active):
                orders.append(Order("end"))
        elif state.values.get(combat.STEP) == sequence.DECLARE:
            orders += [Order("attack", pair) for pair in combat.declarable(pos)]
            orders += commander.legal(pos)
            if pos.rules.fire_support is not None:
                orders += fire_support.legal(pos, state.active)
            orders.append(Order("end"))
        else:
            pending = combat.declared(pos)
            orders += [Order("resolve", (t,)) for t in sorted(pending)]
            if not pending:
                orders.append(Order("end"))
        return orders

    def _start(self, pos: Position, uid: str) -> tuple[str | None, tuple[str, ...]] | None:
        """Where `uid`'s move may begin now (F&M 5.0), as `ending.reach` takes it: its hex, or off
        the map the entry hexes of a reinforcement that may enter; None if it may not move."""
        if movement.why_not_move(pos, uid) is not None:
            return None
        if pos.on_map(uid):
            return pos.location(uid), ()
        entry = self._entry(pos, uid)
        return (None, entry) if entry else None

    def _entry(self, pos: Position, uid: str) -> tuple[str, ...]:
        """F&M reinforcements: the entry hexes of `uid` if it may enter now, else ()."""
        u = pos.state.units[uid]
        if u.location != REINFORCEMENTS:
            return ()
        for r in pos.rules.reinforcement:
            if uid not in r.units:
                continue
            due = r.turn and [t.id for t in pos.scenario.turns].index(r.turn) <= pos.state.turn
            if due or u.has(ARRIVED):
                return r.hexes
        return ()

    # --- resolving orders ---

    def resolve(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        pos = Position(scenario, state)
        if state.result is not None:
            raise IllegalOrder("the game is over", "F&M 4.0")
        if state.pending and state.pending.kind == fire_support.DEFENSIVE_FIRE:
            if order != Order("done") and not fire_support.allows(pos, state.pending.side, order):
                raise IllegalOrder(f"`{order.text}` is not an answer to: {state.pending.prompt}",
                                   fire_support.rule_of(pos))
            events = fire_support.answer(pos, order, dice)
        elif state.pending:
            if order.verb not in results.ANSWERS:
                raise IllegalOrder(f"first: {state.pending.prompt}", "F&M 7.6")
            events = results.answer(pos, order, dice)
        elif pos.rules.commander is not None and order.verb == pos.rules.commander.order:
            events = commander.resolve(pos, order)
        elif state.phase not in (sequence.MOVEMENT, sequence.COMBAT):
            own = pos.hooks.resolve_extra(pos, order, dice)
            if own is None:
                raise IllegalOrder(f"no order {order.verb!r} now", "F&M 4.0")
            events = list(own)
        else:
            handler = ORDERS.get(order.verb)
            extra = pos.hooks.resolve_extra(pos, order, dice) if handler is None else None
            if handler is None and extra is None:
                raise IllegalOrder(f"no order {order.verb!r} now (the orders: {', '.join(ORDERS)}, "
                                   f"and the scenario's own that `legal` lists)", "F&M 4.0")
            events = handler(self, pos, order, dice) if handler is not None else list(extra or ())
        after = fold(state, events)
        if after.result is None:
            verdict = pos.hooks.instant_victory(pos.at(after), "order")
            if verdict is not None:
                events.append(verdict_event(verdict))
                after = fold(after, events[-1:])
        return Resolution(tuple(events), reveals=any(e.kind == "markers_revealed" for e in events),
                          state=after)

    def _order_move(self, pos: Position, order: Order, dice: Dice) -> list[Event]:
        """F&M 5.0: move one unit along a path; `move UNIT HEX` to a hex not next to it goes by the
        cheapest path (`ending.reach`, ties broken by the search's fixed order)."""
        if len(order.args) < 2:
            raise IllegalOrder("move UNIT HEX...: a unit and its path", "F&M 5.0")
        uid, path = order.args[0], list(order.args[1:])
        self._may_move(pos, uid, on_map=True)
        path = self._cheapest(pos, uid, path)
        cost = movement.path_cost(pos, uid, path, pos.location(uid))
        self._may_end(pos, uid, path[-1])
        return self._moved(pos, uid, path, cost, dice)

    def _order_enter(self, pos: Position, order: Order, dice: Dice) -> list[Event]:
        """F&M reinforcements: enter at an entry hex, paying its cost, and move on."""
        if len(order.args) < 2:
            raise IllegalOrder("enter UNIT HEX...: a unit and its path from the entry hex", "F&M 5.4")
        uid, path = order.args[0], list(order.args[1:])
        self._may_move(pos, uid, on_map=False)
        entry = self._entry(pos, uid)
        if not entry:
            raise IllegalOrder(f"{uid} is not due to enter yet", "F&M 5.4")
        cost = movement.path_cost(pos, uid, path, None, entry)
        self._may_end(pos, uid, path[-1])
        return self._moved(pos, uid, path, cost, dice)

    def _cheapest(self, pos: Position, uid: str, path: list[str]) -> list[str]:
        """F&M 5.0: a path of one hex not next to the unit stands for the cheapest way there, the
        path `move_order` and the screen's reach give; a hex of the map it cannot reach is refused
        as out of reach (not as "not next to" it: no path was given), no hex of the map stays as
        given, to be refused with the reason."""
        grid = pos.scenario.grid
        if len(path) != 1 or not grid.on_map(path[0]):
            return path
        if pos.distance(pos.location(uid), path[0]) == 1:
            return path
        found = self._paths(pos, uid).get(path[0])
        if found is None:
            left = mp(max(movement.allowance(pos, uid) - pos.state.units[uid].spent, Fraction(0)))
            raise IllegalOrder(f"{uid} cannot reach {path[0]} this phase: no legal path with its {left} MP "
                               f"left (the map marks the hexes it can reach)", "F&M 5.0")
        return list(found[1])

    def _may_move(self, pos: Position, uid: str, on_map: bool) -> None:
        u = pos.state.units.get(uid)
        if u is None or pos.scenario.grid.on_map(u.location) != on_map:
            raise IllegalOrder(f"no unit {uid!r} {'on the map' if on_map else 'waiting to enter'}", "F&M 5.0")
        why = movement.why_not_move(pos, uid)
        if why:
            raise IllegalOrder(why)

    def _refused_end(self, pos: Position, uid: str, label: str) -> Refusal | None:
        """F&M 5.3 (house rule): why `uid`, free to move, may not end its move in `label`, a hex its
        movement reaches (F&M 5.0); None for any other hex, whose refusal the map's reach shows."""
        if not pos.on_map(uid) or movement.why_not_move(pos, uid) is not None \
                or label not in movement.paths(pos, uid, pos.location(uid)):
            return None
        return ending.beyond_repair(pos, uid, label)

    def _may_end(self, pos: Position, uid: str, label: str) -> None:
        """F&M 5.3 (house rule): no move ends where the phase could never end (`ending`)."""
        why = ending.beyond_repair(pos, uid, label)
        if why is not None:
            raise IllegalOrder(why)

    def _moved(self, pos: Position, uid: str, path: list[str], cost: Fraction, dice: Dice) -> list[Event]:
        events = [Event.of("unit_moved", unit=uid, path=path, cost=cost),
                  Event.of("unit_flagged", unit=uid, flag="moved", scope="phase")]
        events += control_events(pos, pos.side_of(uid), path)
        return events + pos.hooks.after_move(pos.at(fold(pos.state, events)), uid, path, dice)

    def _order_attack(self, pos: Position, order: Order, dice: Dice) -> list[Event]:
        """F&M 7.1: the stack in FROM joins the attack on TARGET."""
        if len(order.args) != 2:
            raise IllegalOrder("attack TARGET FROM: the hex attacked and the hex attacking", "F&M 7.1")
        target, source = order.args
        why = combat.why_not_declare(pos, target, source)
        if why:
            raise IllegalOrder(why)
        return [Event.of("unit_flagged", unit=u, flag=combat.ATTACKS + target, scope="phase")
                for u in sorted(pos.units_in(source))]

    def _order_fire(self, pos: Position, order: Order, dice: Dice) -> list[Event]:
        """Suez 18.1: the attacker places fire support (`bombard`, `air`, `observe`) while declaring
        its attacks."""
        if pos.state.phase != sequence.COMBAT or pos.state.values.get(combat.STEP) != sequence.DECLARE:
            raise IllegalOrder("fire support is placed at the start of the combat phase",
                               fire_support.rule_of(pos))
        return fire_support.place(pos, pos.state.active, order)

    def _order_resolve(self, pos: Position, order: Order, dice: Dice) -> list[Event]:
        """F&M 7.6: one die on the CRT, then the result's steps (results.py)."""
        if len(order.args) != 1 or order.args[0] not in combat.declared(pos):
            raise IllegalOrder("resolve TARGET: a hex with a declared attack", "F&M 7.6")
        if pos.state.values.get(combat.STEP) != sequence.RESOLVE:
            raise IllegalOrder("attacks are resolved after all are declared", "F&M 7.1")
        target = order.args[0]
        attackers = [u for u in combat.declared(pos)[target] if pos.distance(pos.location(u), target) == 1]
        done = [*combat.resolved(pos), target]
        events = [Event.of("value_set", key=combat.RESOLVED, value=",".join(done))]
        ctx: dict[str, Any] = {"hex": target, "attacker": pos.state.active,
                               "defender": pos.enemy(pos.state.active), "attackers": sorted(attackers),
                               "defenders": sorted(pos.units_in(target)), "paths": {}, "advanced": []}
        if not attackers:
            return [*events, Event.of("attack_cancelled", hex=target, reason="no attacker is adjacent")]
        if not ctx["defenders"]:
            ctx["queue"] = [{"do": "advance"}]
        else:
            facts = combat.odds(pos, target, attackers)
            die = dice.roll()
            key = pos.rules.crt.results[die - 1][facts["column_index"]]
            events.append(Event.of("combat", **facts, die=die, result=key))
            ctx["result"] = key
            ctx["queue"] = results.queue_for(pos.rules.crt.key[key])
        flow = results.Flow(pos.at(fold(pos.state, events)), ctx)
        return events + flow.run(answering=False)

    def _order_end(self, pos: Position, order: Order, dice: Dice) -> list[Event]:
        if order.args:
            raise IllegalOrder("end takes no arguments", "F&M 4.0")
        state = pos.state
        if state.phase not in (sequence.MOVEMENT, sequence.COMBAT):
            raise IllegalOrder("the set-up ends when every unit is placed", "F&M 4.0")
        over = overstacked_hexes(pos, state.active)
        if over:
            raise IllegalOrder(f"overstacked at {', '.join(over)}", limit_of(pos, state.active).rule)
        if state.phase == sequence.MOVEMENT:
            return sequence.begin_combat(pos)
        if state.values.get(combat.STEP) == sequence.DECLARE:
            fired = any(fire_support.placed(pos, s.id) for s in pos.scenario.sides) or any(
                pos.on_map(uid) and pos.spec(uid).kind == fire_support.AIR for uid in state.units)
            if pos.rules.fire_support is not None and (combat.declared(pos) or fired):
                return fire_support.after_declaration(pos, dice)
            if combat.declared(pos):
                return [Event.of("value_set", key=combat.STEP, value=sequence.RESOLVE)]
        if combat.declared(pos):
            raise IllegalOrder("every declared attack must be resolved first", "F&M 7.1")
        return sequence.next_player_turn(pos, dice)

    # --- queries ---

    def victory_points(self, scenario: Scenario, state: State) -> Mapping[str, int]:
        return victory_points(Position(scenario, state))

    def _paths(self, pos: Position, unit: str) -> dict[str, tuple[Fraction, list[str]]]:
        """F&M 5.0: hex -> (cost, cheapest path) for every hex `unit` may end a move in now."""
        state = pos.state
        if state.pending or state.result or unit not in state.units:
            return {}
        start = self._start(pos, unit)
        return ending.reach(pos, unit, *start) if start else {}

    # --- capabilities (rules.capabilities): what the screens and the narrative are told ---

    def options(self, scenario: Scenario) -> list[GameOption]:
        """The set-up: the historical one, or the scenario's own (Suez 11.1 free deployment)."""
        choices = {"historical": "every counter starts where the scenario places it (F&M 4.0)",
                   **hooks_named(rules_of(scenario).hooks).setup_choices()}
        return [GameOption("setup", "how the counters are deployed before the first turn", choices)]

    def describe(self, scenario: Scenario, state: State, event: Event) -> str | None:
        return words.describe(scenario, state, event)

    def formation_name(self, scenario: Scenario, formation: str) -> str:
        """The formation's name from the scenario's `rules.formations` (every one is named)."""
        return rules_of(scenario).formations.get(formation, formation)

    def headline(self, scenario: Scenario, state: State, event: Event) -> str | None:
        return words.headline(scenario, state, event)

    def help_pages(self, scenario: Scenario) -> list[HelpPage]:
        return words.help_pages(scenario)

    def actors(self, scenario: Scenario, state: State) -> frozenset[str]:
        """The units named in a legal order now (`Capabilities.actors`), without listing every path
        of a movement phase: there each unit that may move (F&M 5.0) to a hex it may end in (5.3),
        the hexes beside it asked first (5.1's one-hex minimum reaches them whatever they cost),
        its whole search only if none will do; in any other step, read from the legal orders."""
        if state.result is not None or state.pending or state.phase != sequence.MOVEMENT:
            return named_units(scenario, self.legal_orders(scenario, state))
        pos = Position(scenario, state)
        found = set(named_units(scenario, pos.hooks.extra_orders(pos)))
        for uid in state.units:
            start = self._start(pos, uid)
            if start is None:
                continue
            if ending.can_end_a_move(pos, uid) if start[0] else ending.reach(pos, uid, *start):
                found.add(uid)
        return frozenset(found)

    def reach(self, scenario: Scenario, state: State, unit: str) -> Mapping[str, Fraction]:
        return {label: cost for label, (cost, _) in self._paths(Position(scenario, state), unit).items()}

    def move_order(self, scenario: Scenario, state: State, unit: str, path: Sequence[str]) -> Order | None:
        """`move UNIT PATH` (F&M 5.0) or, from off the map, `enter UNIT PATH` (F&M 5.4); a bare
        destination goes by the cheapest path, as must an entry, which starts at an entry hex."""
        pos = Position(scenario, state)
        u = state.units.get(unit)
        if u is None or not path:
            return None
        if pos.on_map(unit) and len(path) > 1:
            return Order("move", (unit, *path))
        found = self._paths(pos, unit).get(path[-1])
        if found is None:
            return None
        return Order("move" if pos.on_map(unit) else "enter", (unit, *found[1]))

    def order_menus(self, scenario: Scenario) -> list[OrderMenu]:
        """Suez/Gaza 18.1: the fire support placed while declaring attacks (and the defender's
        `done`), under its own key; F&M 7.6: every declared attack resolved in turn, under another."""
        menus = [OrderMenu("R", "Resolve every declared attack in turn", frozenset({"resolve"}), each=True)]
        if rules_of(scenario).fire_support is None:
            return menus
        return [OrderMenu("f", "Fire support", FIRE_MENU), *menus]

    def decision(self, scenario: Scenario, state: State) -> Decision | None:
        """The decision owed now, each answer in words, a warning where it costs a unit its last
        step (F&M 7.6-7.9, Suez 18.1)."""
        return decisions.decision(Position(scenario, state))

    def order_note(self, scenario: Scenario, state: State, order: Order) -> str:
        """What `order` does in one line with its rule; for `end`, what it really ends."""
        return decisions.order_note(Position(scenario, state), order)

    def _attack(self, pos: Position, order: Order) -> tuple[str, list[str]] | Refusal | None:
        """The target and attackers of `resolve TARGET`, or of `attack TARGET FROM` with that
        stack added (F&M 7.1); a Refusal if the order would be refused; None for other orders."""
        if order.verb == "resolve" and len(order.args) == 1:
            attackers = combat.declared(pos).get(order.args[0])
            if not attackers:
                return Refusal(f"no attack is declared on {order.args[0]}", "F&M 7.1")
            return order.args[0], attackers
        if order.verb == "attack" and len(order.args) == 2:
            target, source = order.args
            why = combat.why_not_declare(pos, target, source)
            if why:
                return why
            return target, [*combat.declared(pos).get(target, []), *pos.units_in(source)]
        return None

    def explain(self, scenario: Scenario, state: State, order: Order) -> Explanation | Refusal | None:
        """The odds an attack would be resolved at (F&M 7.2-7.6), each step with its rule, and why
        no fire support may join it (Suez 19.0: none at night); for a bare fire-support verb
        (`bombard`), why none may be placed now (Suez/Gaza 18.1, 19.0), if none may; for `move UNIT
        HEX`, why a hex its movement reaches may not be the move's end (5.3), if it may not."""
        pos = Position(scenario, state)
        if order.verb == "move" and len(order.args) == 2:
            return self._refused_end(pos, *order.args)
        if order.verb in FIRE_VERBS and not order.args:
            why = fire_support.why_not(pos, state.active)
            declaring = state.phase == sequence.COMBAT and state.values.get(combat.STEP) == sequence.DECLARE
            if why is None and not declaring:
                why = Refusal("fire support is placed at the start of the combat phase",
                              fire_support.rule_of(pos))
            return why
        attack = self._attack(pos, order)
        if not isinstance(attack, tuple):
            return attack
        try:
            told = combat.explained(pos, *attack)
        except IllegalOrder as exc:
            return exc.refusal
        why = fire_support.why_not(pos, state.active) if pos.rules.fire_support is not None else None
        if order.verb == "attack" and why is not None:
            told = Explanation(told.summary, (*told.lines, Line(f"no fire support: {why.message}", why.rule)))
        return told

    def odds(self, scenario: Scenario, state: State, order: Order) -> Mapping[str, Any] | None:
        """What `explain` tells, as the facts of the combat event the attack would give without
        its die (for tests and computer players); IllegalOrder if the order would be refused."""
        pos = Position(scenario, state)
        attack = self._attack(pos, order)
        if isinstance(attack, Refusal):
            raise IllegalOrder(attack)
        return combat.odds(pos, *attack) if attack else None

    def unit_notes(self, scenario: Scenario, state: State, unit: str) -> list[Line]:
        """What matters for `unit` now: its movement left, why it may not move, enemy ZOC, advance."""
        pos = Position(scenario, state)
        u = state.units.get(unit)
        if u is None or not state.phase or not pos.is_combat(unit):
            return []
        allowance = movement.allowance(pos, unit)
        left = f"MP left {mp(max(allowance - u.spent, Fraction(0)))} of {mp(allowance)}"
        changed = pos.hooks.allowance_note(pos, unit)  # Suez 15.1: a factor doubled says why
        notes = [Line(f"{left}: {changed.text}", changed.rule) if changed else Line(left, "F&M 5.0")]
        if not pos.on_map(unit):
            return notes
        if state.phase == sequence.MOVEMENT and pos.side_of(unit) == state.active:
            why = movement.why_not_move(pos, unit)
            if why:
                notes.append(Line(f"cannot move: {why.message}", why.rule))
        if pos.hooks.ignores_zoc(pos, unit):
            notes.append(Line("ignores enemy zones of control", "F&M 6.1"))
        elif zoc.in_enemy_zoc(pos, pos.side_of(unit), u.location):
            free = zoc.free_exit_rule(pos, unit, u.location)
            cost = "is free" if free else f"costs +{pos.rules.zoc.exit_cost} MP"
            notes.append(Line(f"in an enemy ZOC: leaving {cost}", free or "F&M 6.1"))
        if pos.rules.advance.mobile_trait in pos.spec(unit).traits:
            notes.append(Line("mobile: may advance along the retreat path", "F&M 7.9"))
        return notes

    def layers(self, scenario: Scenario, state: State, viewer: str | None,
               selected: str | None) -> list[Layer]:
        """The selected unit's reach (F&M 5.0), the enemy's zones of control (F&M 6.1, on demand)
        and the face-down fire-support markers of the phase (Suez/Gaza 18.1, until the reveal)."""
        if not state.phase:
            return []
        pos = Position(scenario, state)
        found = []
        if selected is not None:
            reach = {label: cost for label, (cost, _) in self._paths(pos, selected).items()}
            found.append(Layer("reach", "Reach", "the selected unit can move here for this many MP", {
                label: mp(cost) for label, cost in reach.items()}, "*", style="reach", shown="selected",
                rule="F&M 5.0", notes={label: f"reach: {mp(cost)} MP" for label, cost in reach.items()}))
        enemies = [s.id for s in scenario.sides if s.id != viewer]
        zones = frozenset().union(*(zoc.zoc_of_side(pos, side) for side in enemies))
        found.append(Layer("zoc", "Zones of control",
                           f"enemy zone of control: leaving it costs +{pos.rules.zoc.exit_cost} MP",
                           dict.fromkeys(sorted(zones), ""), "z", style="threat", shown="toggle",
                           rule="F&M 6.1", key="Z"))
        if pos.rules.fire_support is not None:
            found.append(self._markers(pos, pos.rules.fire_support.rule))
        return found

    def _markers(self, pos: Position, rule: str) -> Layer:
        """Suez/Gaza 18.1: how many face-down markers each hex holds (no secret, their strength is),
        and whose, until the reveal (18.4)."""
        by_hex: dict[str, dict[str, int]] = {}
        for side in pos.scenario.sides:
            for label in fire_support.placed(pos, side.id):
                whose = by_hex.setdefault(label, {})
                whose[side.id] = whose.get(side.id, 0) + 1
        counts = {label: sum(whose.values()) for label, whose in by_hex.items()}
        short = {s.id: s.short or side_name(pos.scenario, s.id) for s in pos.scenario.sides}
        notes = {label: "face-down markers: " + ", ".join(f"{short[s]} {n}" for s, n in whose.items())
                 for label, whose in by_hex.items()}
        return Layer("markers", "Fire support",
                     "face-down fire-support markers: how many (whose: the hex panel)",
                     {label: str(n) if n < 10 else "+" for label, n in counts.items()}, "!",
                     style="marker", rule=rule, notes=notes)

    def prompt(self, scenario: Scenario, state: State) -> str:
        return sequence.prompt(Position(scenario, state))


#: The orders of the movement and combat phases, verb -> the method that resolves it. Answers to a
#: decision go to `results` and `fire_support`, a scenario's own orders to its hooks.
ORDERS: dict[str, Callable[[FireAndMovement, Position, Order, Dice], list[Event]]] = {
    "move": FireAndMovement._order_move,
    "enter": FireAndMovement._order_enter,
    "attack": FireAndMovement._order_attack,
    "bombard": FireAndMovement._order_fire,
    "air": FireAndMovement._order_fire,
    "observe": FireAndMovement._order_fire,
    "resolve": FireAndMovement._order_resolve,
    "end": FireAndMovement._order_end,
}

SYSTEM = FireAndMovement()
