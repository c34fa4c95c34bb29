"""The hooks for a scenario's own orders (Gaza 13.1, 13.4, 15.0), for what follows a step loss
(Gaza 13.3) and for where an air unit may go (Gaza 18.6): their defaults are the standard rules."""

from __future__ import annotations

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run, where
from tests.rules.fm.test_combat import die_for
from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal
from tui_wargame.rules.fm import Hooks, register_hooks
from tui_wargame.rules.fm.position import Position


class ScenarioHooks(Hooks):
    def extra_orders(self, pos: Position) -> list[Order]:
        return [Order("rally", ("r1",))] if pos.state.phase == "movement" else []

    def resolve_extra(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        if order.verb != "rally":
            return None
        if order not in self.extra_orders(pos):
            raise IllegalOrder("no rally now", "test rally")
        return [Event.of("unit_flagged", unit=order.args[0], flag="rallied")]

    def step_lost(self, pos: Position, unit: str, steps: int) -> list[Event]:
        return [Event.of("unit_placed", unit="r4", to=pos.location(unit))] if steps == 0 else []

    def may_place_air(self, pos: Position, unit: str, label: str, verb: str) -> Refusal | None:
        return None if label == "0503" and verb == "air" else Refusal("only on 0503", "test air")


@pytest.fixture
def scenario():
    register_hooks("test-scenario-hooks", ScenarioHooks)
    return load(edit={'first = "red"': 'first = "red"\nhooks = "test-scenario-hooks"'})


def test_default_hooks_add_no_order_and_nothing_after_a_loss() -> None:
    plain = load()
    state = position(plain, {"r1": "0401"})
    assert not any(o.startswith("rally") for o in legal(plain, state))
    with pytest.raises(IllegalOrder):
        run(plain, state, "rally r1")


def test_a_scenario_order_is_listed_and_resolved_by_its_hook(scenario) -> None:
    state = position(scenario, {"r1": "0401"})
    assert "rally r1" in legal(scenario, state)
    state, _ = run(scenario, state, "rally r1")
    assert state.units["r1"].has("rallied")
    combat = position(scenario, {"r1": "0401"}, phase="combat")
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, combat, "rally r1")
    assert exc.value.rule == "test rally"


def test_step_lost_hook_follows_the_loss(scenario) -> None:
    # r2 on its last step (attack 2) against b3 (defence 3) in the clear: -1, column 5; an Ex costs r2
    # its last step, and the hook's replacement appears where r2 was.
    state = position(scenario, {"r2": "0402", "b3": "0503"}, phase="combat", steps={"r2": 1})
    state, events = run(scenario, state, "attack 0503 0402", "end", "resolve 0503",
                        dice=[die_for(scenario, "5", "Ex")])
    assert where(state, "r2") == "eliminated"
    assert where(state, "r4") == "0402"
    assert of_kind(events, "step_lost")


def test_may_place_air_hook_filters_air_orders(scenario) -> None:
    state = position(scenario, {"rair": "pool", "r1": "0402", "b1": "0303", "b3": "0503"}, phase="combat")
    air = [o for o in legal(scenario, state) if o.startswith(("air rair", "observe rair"))]
    assert air == ["air rair 0503"]


class DeployHooks(Hooks):
    """A set-up phase of the scenario's own, run by its hooks alone."""

    def setup(self, pos: Position, option: str) -> list[Event] | None:
        return [Event.of("phase_began", turn=0, phase="deploy", side="blue")] if option == "free" else None

    def extra_orders(self, pos: Position) -> list[Order]:
        return [Order("ready")] if pos.state.phase == "deploy" else []

    def prompt(self, pos: Position) -> str | None:
        return "deploy, then ready (test deploy)" if pos.state.phase == "deploy" else None

    def resolve_extra(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        if order.verb != "ready" or pos.state.phase != "deploy":
            return None
        return [Event.of("phase_began", turn=0, phase="movement", side="red")]


def test_free_setup_is_refused_by_default() -> None:
    from tui_wargame.rules.fm import SYSTEM

    with pytest.raises(IllegalOrder) as exc:
        SYSTEM.setup(load(), {"setup": "free"})
    assert exc.value.rule == "F&M 4.0"


def test_a_free_setup_phase_is_run_by_the_hooks_alone() -> None:
    from tui_wargame.model import EMPTY, fold
    from tui_wargame.rules.fm import SYSTEM

    register_hooks("test-deploy-hooks", DeployHooks)
    scenario = load(edit={'first = "red"': 'first = "red"\nhooks = "test-deploy-hooks"'})
    state = fold(EMPTY, SYSTEM.setup(scenario, {"setup": "free"}))
    assert (state.phase, state.active) == ("deploy", "blue")
    assert legal(scenario, state) == ["ready"]
    assert SYSTEM.prompt(scenario, state).endswith(": deploy, then ready (test deploy)")
    with pytest.raises(IllegalOrder):
        run(scenario, state, "end")
    state, _ = run(scenario, state, "ready")
    assert (state.phase, state.active) == ("movement", "red")
    assert SYSTEM.setup(scenario, {})[-1]["phase"] == "movement"


def test_route_only_units_retreat_and_advance_along_their_route() -> None:
    from tui_wargame.rules.fm.advance import may_advance_into
    from tui_wargame.rules.fm.retreat import may_retreat_into

    scenario = load(edit={'formation = "2div"\ntraits = ["mobile"]':
                          'formation = "2div"\ntraits = ["mobile", "route-only:railway"]'})
    pos = Position(scenario, position(scenario, {"r3": "0306"}))
    assert may_retreat_into(pos, "r3", "0306", "0206") and may_advance_into(pos, "r3", "0306", "0406")
    assert not may_retreat_into(pos, "r3", "0306", "0305") and not may_advance_into(pos, "r3", "0306", "0305")
    plain = Position(load(), position(load(), {"r3": "0306"}))
    assert may_retreat_into(plain, "r3", "0306", "0305")
