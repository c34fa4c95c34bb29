"""The Foxhole tactical system as a `RuleSystem`: orders in, events out.

The phase the game is in (R15, `sequence`) owns the orders: each phase module lists what the
side to act may give (`orders`) and resolves it (`ORDERS`, verb -> handler). A decision owed
by a side (covering fire, where firepower falls, a retreat) is answered with the orders of the
module that asked it (`ANSWERS`, decision kind -> the legal answers). `end` closes a phase.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from types import ModuleType
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, State
from tui_wargame.rules import Resolution
from tui_wargame.rules.capabilities import (
    Decision,
    Explanation,
    GameOption,
    HelpPage,
    Layer,
    Line,
    OrderMenu,
    Track,
)
from tui_wargame.rules.foxhole import (
    charts,
    command,
    counters,
    dawn,
    optional,
    screen_charts,
    screen_map,
    screen_orders,
    screen_status,
    screen_units,
    sequence,
    stacking,
)
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.text import side_name

TIMES = ("morning", "afternoon", "night")  # R13: a Day's Full Turns

#: Modules that check their own part of a scenario's `[rules]` (`check(scenario) -> problems`)
#: and may answer decisions (`ANSWERS`) or word their reports (`WORDS`): the phases and these.
OTHER_MODULES = ("narration", "weather", "victory", "stacking", "movement", "supply", "engagement", "markers",
                 "fire", "refugees", "command", "partisans")


@cache
def _modules() -> tuple[ModuleType, ...]:
    names = [*dict.fromkeys(sequence.MODULES.values()), *OTHER_MODULES]
    found = []
    for name in names:
        try:
            found.append(importlib.import_module(f"tui_wargame.rules.foxhole.{name}"))
        except ModuleNotFoundError as exc:
            if exc.name != f"tui_wargame.rules.foxhole.{name}":
                raise
    return tuple(found)


@cache
def _words() -> Mapping[str, Callable[[Position, Event], str]]:
    """Report kind -> its sentence: each module's `WORDS`."""
    return {kind: fn for m in _modules() for kind, fn in getattr(m, "WORDS", {}).items()}


@cache
def _explainers() -> Mapping[str, Callable[[Position, Order], Explanation | Refusal]]:
    """Order verb -> its explanation before any die: each module's `EXPLAIN`."""
    return {verb: fn for m in _modules() for verb, fn in getattr(m, "EXPLAIN", {}).items()}


@cache
def _answers() -> Mapping[str, tuple[Callable[[Position], list[Order]], Mapping[str, Any]]]:
    """Decision kind -> (its legal answers, the handlers of the module that asks it)."""
    return {kind: (fn, m.ORDERS) for m in _modules() for kind, fn in getattr(m, "ANSWERS", {}).items()}


def _unit_may_act(pos: Position, order: Order, obliged: bool = False) -> Refusal | None:
    """R25.B (optional): every unit of the acting side an order names (`move UNIT ...`, `assault
    HEX UNIT...`) needs to be Command Activated this player turn, unless `obliged` (see
    `_phase_orders`)."""
    if not pos.option(command.OPTION) or obliged:
        return None
    for uid in order.args:
        if uid in pos.scenario.unit and uid in pos.state.units and pos.side_of(uid) == pos.acting:
            refusal = command.may_act(pos, uid)
            if refusal is not None:
                return refusal
    return None


def _phase_orders(pos: Position, phase: sequence.Phase) -> tuple[list[Order], bool]:
    """The phase's orders that R25.B lets the acting side give, and whether it is obliged: when
    the phase may not end and no listed order is left, what the rules force (an owed Assault,
    R20.E.2) is done without activation rather than stop the game."""
    listed = phase.orders(pos)
    allowed = [o for o in listed if _unit_may_act(pos, o) is None]
    if not allowed and listed and phase.blocks_end(pos) is not None:
        return listed, True
    return allowed, False


class Foxhole:
    id = "foxhole"
    title = "Foxhole tactical system"
    #: The legal orders of the last state the screen's capabilities asked about (reach, layers,
    #: move_order, decision each need them, for the same record): (scenario, state, orders).
    _screen_legal: tuple[Scenario, State, tuple[Order, ...]] | None = None

    def _legal_for_screen(self, scenario: Scenario, state: State) -> list[Order]:
        """`legal_orders`, computed once for the state the screen shows (states never change)."""
        last = self._screen_legal
        if last is not None and last[0] is scenario and last[1] is state:
            return list(last[2])
        found = self.legal_orders(scenario, state)
        self._screen_legal = (scenario, state, tuple(found))
        return found

    # --- the scenario ---

    def check_scenario(self, scenario: Scenario) -> list[str]:
        problems: list[str] = []
        if scenario.map.shape != "maphex":
            problems.append("map.shape: Foxhole is played on maphexes (R2.B, R3.A): shape = \"maphex\"")
        for t in scenario.terrain:
            if t.id not in charts.HEX_TYPES:
                problems.append(f"terrain (id {t.id!r}): not a Foxhole hex type "
                                f"({', '.join(charts.HEX_TYPES)})")
        for i, hs in enumerate(scenario.map.hexside):
            if hs.feature not in charts.HEXSIDE_TYPES:
                problems.append(f"map.hexside[{i}].feature: {hs.feature!r} is not a Foxhole hexside "
                                f"({', '.join(charts.HEXSIDE_TYPES)})")
        for i, route in enumerate(scenario.map.route):
            if route.kind not in charts.LINES:
                problems.append(f"map.route[{i}].kind: {route.kind!r} is not a transportation line "
                                f"({', '.join(charts.LINES)})")
        for i, turn in enumerate(scenario.turns):
            if turn.time not in TIMES:
                problems.append(f"turn[{i}] (id {turn.id!r}).time: a Foxhole Full Turn is morning, "
                                f"afternoon or night (R13), not {turn.time!r}")
            if turn.night != (turn.time == "night"):
                problems.append(f"turn[{i}] (id {turn.id!r}).night: must be true for a night turn only")
        offensive = scenario.rules.get("offensive")
        if offensive not in scenario.side:
            problems.append(f"rules.offensive: must name the Offensive side (R2.H.1), one of "
                            f"{', '.join(scenario.side)}")
        if len(scenario.sides) != 2:
            problems.append("side: a Foxhole game has two sides (R2.H)")
        for spec in scenario.units:
            problems += counters.problems(spec)
        for m in _modules():
            check = getattr(m, "check", None)
            if check is not None:
                problems += check(scenario)
        return problems

    def options(self, scenario: Scenario) -> list[GameOption]:
        return [GameOption("setup", "R3.B: where the units start", {
            "historical": "every unit where the scenario places it",
            "free": "each side places its units in its set-up area, in private (R3.B.3c)"}),
            *optional.game_options()]

    def setup(self, scenario: Scenario, options: Mapping[str, Any]) -> list[Event]:
        """R3.B: the counters placed, the optional rules in play recorded (R2.K), then the set-up
        phase (a free set-up) or the first Day's Dawn Briefing (R14, R23)."""
        events = [Event.of("unit_placed", unit=u.id, to=u.start, steps=u.steps) for u in scenario.units]
        events += [Event.of("value_set", key=f"option.{name}", value=True)
                   for name in optional.OPTIONAL_RULES if options.get(name) == "on"]
        for m in _modules():
            more = getattr(m, "setup_events", None)
            if more is not None:
                events += more(scenario, options)
        pos = Position(scenario, State(turn=0, phase="", active="", units={}))
        first = sequence.SETUP if options.get("setup", "historical") == "free" else sequence.DAWN
        side = pos.offensive if first == sequence.SETUP else pos.defensive
        return [*events, Event.of("phase_began", turn=0, phase=first, side=side)]

    # --- orders ---

    def legal_orders(self, scenario: Scenario, state: State) -> list[Order]:
        if state.result is not None:
            return []
        pos = Position(scenario, state)
        if state.pending is not None:
            return _answers()[state.pending.kind][0](pos)
        phase = sequence.module(state.phase)
        found = _phase_orders(pos, phase)[0] + command.orders(pos) + stacking.orders(pos)
        if phase.blocks_end(pos) is None:
            found.append(Order("end"))
        return found

    def resolve(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        pos = Position(scenario, state)
        if state.result is not None:
            raise IllegalOrder("the game is over", "R24")
        if state.pending is not None:
            _, handlers = _answers()[state.pending.kind]
            handler = handlers.get(order.verb)
            if handler is None:
                raise IllegalOrder(f"{side_name(scenario, state.pending.side)} must first answer: "
                                   f"{state.pending.prompt}", "")
            return Resolution(tuple(handler(pos, order, dice)))
        phase = sequence.module(state.phase)
        if order.verb == "end":
            if order.args:
                raise IllegalOrder("`end` takes no arguments", "R15")
            refusal = phase.blocks_end(pos)
            if refusal is not None:
                raise IllegalOrder(refusal)
            return Resolution(tuple(sequence.advance(pos, dice)))
        handler = (phase.ORDERS.get(order.verb) or command.ORDERS.get(order.verb)
                   or stacking.ORDERS.get(order.verb))
        if handler is None:
            known = ", ".join(sorted({*phase.ORDERS, "end"}))
            raise IllegalOrder(f"no `{order.verb}` order in the {state.phase} phase (orders now: {known})",
                               phase.RULE)
        free = {*command.ORDERS, *stacking.ORDERS}  # activating, choosing the overstack: no unit acts
        if order.verb not in free and (refusal := _unit_may_act(pos, order)) is not None:
            if not _phase_orders(pos, phase)[1]:
                raise IllegalOrder(refusal)
        return Resolution(tuple(handler(pos, order, dice)))

    def victory_points(self, scenario: Scenario, state: State) -> Mapping[str, int]:
        from tui_wargame.rules.foxhole import victory

        points = getattr(victory, "points", None)
        return points(Position(scenario, state)) if points is not None else {}

    # --- capabilities (rules.capabilities) ---

    def describe(self, scenario: Scenario, state: State, event: Event) -> str | None:
        """A module's sentence for its reports; None leaves the narrative's own wording."""
        fn = _words().get(event.kind)
        return fn(Position(scenario, state), event) if fn is not None else None

    def explain(self, scenario: Scenario, state: State, order: Order) -> Explanation | Refusal | None:
        if not order.args and order.verb in screen_orders.BARRAGE_MENU.verbs - {"pass"} \
                and not any(o.verb == order.verb for o in self._legal_for_screen(scenario, state)):
            return screen_orders.no_barrage(Position(scenario, state))  # the barrage key's "none now"
        fn = _explainers().get(order.verb)
        return fn(Position(scenario, state), order) if fn is not None else None

    def order_note(self, scenario: Scenario, state: State, order: Order) -> str:
        """What `order` does in plain English; for `end`, the step it really ends, by its rulebook
        name ("end the Axis Dawn Briefing")."""
        if order.verb != "end":
            return screen_orders.order_note(Position(scenario, state), order, _explainers().get(order.verb))
        if state.pending is not None or state.phase not in sequence.NAMES:
            return ""
        return f"end the {side_name(scenario, state.active)} {sequence.NAMES[state.phase]}"

    def settled(self, scenario: Scenario, state: State) -> frozenset[str]:
        return dawn.settled(Position(scenario, state)) if state.phase == sequence.DAWN else frozenset()

    def unit_face(self, scenario: Scenario, state: State, unit: str) -> str:
        return screen_units.face(Position(scenario, state), unit)

    def unit_card(self, scenario: Scenario, state: State, unit: str) -> Sequence[Line]:
        return screen_units.card(Position(scenario, state), unit)

    def hex_notes(self, scenario: Scenario, state: State, hex: str) -> Sequence[Line]:
        return screen_map.hex_notes(Position(scenario, state), hex)


    def reach(self, scenario: Scenario, state: State, unit: str) -> Mapping[str, Fraction]:
        return screen_orders.reach(Position(scenario, state), unit, self._legal_for_screen(scenario, state))

    def move_order(self, scenario: Scenario, state: State, unit: str, path: Sequence[str]) -> Order | None:
        legal = self._legal_for_screen(scenario, state)
        return screen_orders.move_order(Position(scenario, state), unit, path, legal)

    def layers(self, scenario: Scenario, state: State, viewer: str | None,
               selected: str | None) -> list[Layer]:
        """The selected unit's reach, each hex with its cost (R11.A); the markers and features
        (R5.B)."""
        marked = screen_map.layers(Position(scenario, state), viewer)
        if not state.phase or selected is None or selected not in state.units:
            return marked
        legal = self._legal_for_screen(scenario, state)
        found = screen_orders.reach_layer(Position(scenario, state), selected, legal)
        return [found, *marked] if found is not None else marked

    def order_menus(self, scenario: Scenario) -> list[OrderMenu]:
        return [screen_orders.BARRAGE_MENU]

    def decision(self, scenario: Scenario, state: State) -> Decision | None:
        return screen_orders.decision(Position(scenario, state), self._legal_for_screen(scenario, state),
                                      lambda order: self.order_note(scenario, state, order))

    def unit_notes(self, scenario: Scenario, state: State, unit: str) -> list[Line]:
        return screen_orders.unit_notes(Position(scenario, state), unit)

    def headline(self, scenario: Scenario, state: State, event: Event) -> str | None:
        return screen_orders.headline(Position(scenario, state), event)

    def concealed(self, scenario: Scenario, state: State, viewer: str) -> frozenset[str]:
        """R3.B.3c: the other side's units while both set up in private."""
        from tui_wargame.rules.foxhole import setup

        return setup.concealed(scenario, state, viewer)

    def conditions(self, scenario: Scenario, state: State) -> str:
        return screen_status.conditions(scenario, state)

    def track(self, scenario: Scenario, state: State) -> Track | None:
        return screen_status.track(scenario, state)

    def help_pages(self, scenario: Scenario) -> list[HelpPage]:
        return screen_charts.help_pages(scenario)

    def prompt(self, scenario: Scenario, state: State) -> str:
        pos = Position(scenario, state)
        if state.result is not None:
            return f"the game is over: {state.result.reason}"
        if state.pending is not None:
            return f"{side_name(scenario, state.pending.side)}: {state.pending.prompt}"
        who = f"{side_name(scenario, state.active)}, {pos.turn.name}"
        return f"{who}: {command.reminder(pos)}{sequence.module(state.phase).prompt(pos)}"


SYSTEM = Foxhole()
