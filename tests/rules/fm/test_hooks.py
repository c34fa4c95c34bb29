"""Generic hooks for scenario rules: a step's cost, events after a move, the scenario's own orders."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run
from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order
from tui_wargame.rules.fm import Hooks, register_hooks
from tui_wargame.rules.fm.movement import enter_cost
from tui_wargame.rules.fm.position import Position


class ProbeHooks(Hooks):
    def step_cost(self, pos: Position, unit: str, a: str | None, b: str,
                  cost: Fraction | None) -> Fraction | None:
        return None if b == "0404" else cost  # a hex the scenario forbids

    def after_move(self, pos: Position, unit: str, path: list[str], dice: Dice) -> list[Event]:
        return [Event.of("unit_flagged", unit=unit, flag=f"went:{path[-1]}:{dice.roll()}")]

    def orders(self, pos: Position) -> list[Order]:
        return [Order("shout", (u,)) for u in pos.on_map_units(pos.state.active)[:1]]

    def resolve_order(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        if order.verb != "shout":
            return None
        if len(order.args) != 1:
            raise IllegalOrder("shout UNIT", "test")
        return [Event.of("unit_flagged", unit=order.args[0], flag="shouted")]


def probe() -> object:
    register_hooks("test-probe", ProbeHooks)
    return load(edit={'first = "red"': 'first = "red"\nhooks = "test-probe"'})


def test_step_cost_hook_changes_the_chart_cost() -> None:
    scenario = probe()
    state = position(scenario, {"r3": "0403"})
    pos = Position(scenario, state)
    assert enter_cost(pos, "r3", "0403", "0404") is None
    assert enter_cost(pos, "r3", "0403", "0402") == Fraction(1)
    assert not any(o.startswith("move r3") and o.endswith("0404") for o in legal(scenario, state))


def test_after_move_hook_events_follow_the_move() -> None:
    scenario = probe()
    state, events = run(scenario, position(scenario, {"r3": "0401"}), "move r3 0501", dice=[4])
    assert state.units["r3"].has("went:0501:4")
    assert [e.kind for e in events][-1] == "unit_flagged"


def test_scenario_orders_are_listed_and_resolved() -> None:
    scenario = probe()
    state = position(scenario, {"r3": "0401"})
    assert "shout r3" in legal(scenario, state)
    state, events = run(scenario, state, "shout r3")
    assert state.units["r3"].has("shouted") and of_kind(events, "unit_flagged")
    with pytest.raises(IllegalOrder):
        run(scenario, state, "whisper r3")
