"""The hooks a scenario's exclusive rules use (Suez 13.1 Kress, 15.1-15.2 surprise), and the
TUI's queries: reach, preview."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run
from tests.rules.fm.test_combat import die_for
from tui_wargame.dice import Dice
from tui_wargame.model import EMPTY, Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.capabilities import Line
from tui_wargame.rules.fm import SYSTEM, Hooks, register_hooks
from tui_wargame.rules.fm.combat import declared
from tui_wargame.rules.fm.movement import enter_cost
from tui_wargame.rules.fm.position import Position


class SurpriseHooks(Hooks):
    """Suez 13.1 and 15.1-15.2 in miniature, on the test map's zero hour turn (turn 0)."""

    def movement_allowance(self, pos: Position, unit: str, allowance: Fraction) -> Fraction:
        return allowance * 2 if pos.state.turn == 0 and pos.side_of(unit) == "red" else allowance

    def may_move(self, pos: Position, unit: str) -> Refusal | None:
        if pos.state.turn == 0 and pos.side_of(unit) == "blue":
            return Refusal("blue may not move on the zero hour turn", "Suez 15.2")
        return None

    def may_bombard(self, pos: Position, side: str) -> Refusal | None:
        return Refusal("no blue fire support on the zero hour turn", "Suez 15.2") if side == "blue" else None

    def column_shifts(self, pos: Position, attackers: list[str], defenders: list[str],
                      hex_label: str) -> list[tuple[int, Line]]:
        return [(1, Line("Kress", "Suez 13.1"))] if pos.state.active == "red" else []


@pytest.fixture
def surprise():
    register_hooks("test-surprise", SurpriseHooks)
    return load(edit={'first = "red"': 'first = "red"\nhooks = "test-surprise"'})


def test_15_1_a_hook_doubles_movement(surprise) -> None:
    zero = position(surprise, {"r1": "0401"}, turn=0)
    day = position(surprise, {"r1": "0401"}, turn=1)
    assert SYSTEM.reach(surprise, zero, "r1")["0406"] == 5  # five clear hexes: within 2 x 4 MP
    assert "0406" not in SYSTEM.reach(surprise, day, "r1")


def test_15_2_a_hook_forbids_moving_with_its_rule(surprise) -> None:
    state = position(surprise, {"b1": "0401"}, turn=0, active="blue")
    assert legal(surprise, state) == ["end"]
    with pytest.raises(IllegalOrder) as exc:
        run(surprise, state, "move b1 0402")
    assert exc.value.rule == "Suez 15.2"
    assert SYSTEM.reach(surprise, state, "b1") == {}


def test_13_1_a_hook_shift_is_recorded_with_its_reason(surprise) -> None:
    state = position(surprise, {"r1": "0402", "b1": "0503"}, phase="combat")
    state, _ = run(surprise, state, "attack 0503 0402", "end")
    odds = SYSTEM.odds(surprise, state, Order("resolve", ("0503",)))
    assert odds is not None and odds["base_column"] == "7" and odds["column"] == "8"
    assert odds["shifts"] == [{"by": 1, "reason": "Kress (Suez 13.1)"}]
    state, events = run(surprise, state, "resolve 0503", dice=[die_for(surprise, "8", "Ex")])
    fight = of_kind(events, "combat")[0]
    assert {k: fight[k] for k in odds} == odds  # the preview is the explanation, without the die


def test_15_2_a_hook_forbids_fire_support(surprise) -> None:
    state = position(surprise, {"r1": "0402", "b1": "0503", "bm3": "pool"}, phase="combat", active="blue")
    assert not any(o.startswith("bombard") for o in legal(surprise, state))
    with pytest.raises(IllegalOrder) as exc:
        run(surprise, state, "bombard 0402")
    assert exc.value.rule == "Suez 15.2"


def test_preview_of_joining_an_attack() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0402", "r2": "0403", "b1": "0503"}, phase="combat")
    state, _ = run(scenario, state, "attack 0503 0402")
    odds = SYSTEM.odds(scenario, state, Order("attack", ("0503", "0403")))
    assert odds is not None and odds["attackers"] == ["r1", "r2"] and odds["attack"] == 9
    assert SYSTEM.odds(scenario, state, Order("end")) is None
    with pytest.raises(IllegalOrder):
        SYSTEM.odds(scenario, state, Order("attack", ("0503", "0401")))


class KressHooks(Hooks):
    """Suez 13.1 in miniature: `kress TARGET` adds one column to one declared red attack a phase."""

    def extra_orders(self, pos: Position) -> list[Order]:
        if pos.state.phase != "combat" or pos.state.active != "red" or pos.state.values.get("kress"):
            return []
        return [Order("kress", (t,)) for t in sorted(declared(pos))]

    def resolve_extra(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        if order.verb != "kress":
            return None
        if order not in self.extra_orders(pos):
            raise IllegalOrder("Kress helps one declared attack per combat phase", "Suez 13.1")
        return [Event.of("value_set", key="kress", value=order.args[0])]

    def column_shifts(self, pos: Position, attackers: list[str], defenders: list[str],
                      hex_label: str) -> list[tuple[int, Line]]:
        return [(1, Line("Kress", "Suez 13.1"))] if pos.state.values.get("kress") == hex_label else []


def test_13_1_a_scenario_adds_its_own_orders() -> None:
    register_hooks("test-kress", KressHooks)
    scenario = load(edit={'first = "red"': 'first = "red"\nhooks = "test-kress"'})
    state = position(scenario, {"r1": "0402", "b1": "0503", "r2": "0302", "b2": "0303"}, phase="combat")
    assert not any(o.startswith("kress") for o in legal(scenario, state))
    state, _ = run(scenario, state, "attack 0503 0402", "attack 0303 0302")
    assert {"kress 0303", "kress 0503"} <= set(legal(scenario, state))
    state, _ = run(scenario, state, "kress 0503")
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "kress 0303")
    assert exc.value.rule == "Suez 13.1"
    with pytest.raises(IllegalOrder) as unknown:
        run(scenario, state, "charge 0303")
    assert unknown.value.rule == "F&M 4.0"
    state, _ = run(scenario, state, "end")
    odds = SYSTEM.odds(scenario, state, Order("resolve", ("0503",)))
    assert odds is not None and odds["shifts"] == [{"by": 1, "reason": "Kress (Suez 13.1)"}]


class ProbeHooks(Hooks):
    def step_cost(self, pos: Position, unit: str, a: str | None, b: str,
                  cost: Fraction | None) -> Fraction | None:
        return None if b == "0404" else cost  # a hex the scenario forbids (like Suez 14.1's canal)

    def after_move(self, pos: Position, unit: str, path: list[str], dice: Dice) -> list[Event]:
        return [Event.of("unit_flagged", unit=unit, flag=f"went:{path[-1]}:{dice.roll()}")]

    def after_bombardment(self, pos: Position, side: str, hex_label: str, dice: Dice) -> list[Event]:
        return [Event.of("unit_flagged", unit=u, flag=f"shelled-by:{side}") for u in pos.units_in(hex_label)]


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


def test_after_bombardment_hook_events_follow_each_bombardment() -> None:
    scenario = probe()
    state = position(scenario, {"r1": "0402", "b1": "0503", "rm4": "pool"}, phase="combat")
    state, events = run(scenario, state, "bombard 0503", "end", dice=[1, 6])
    assert of_kind(events, "bombardment") and state.units["b1"].has("shelled-by:red")


class DeployHooks(Hooks):
    """A set-up option in miniature: blue places b1 by an order, then red moves first."""

    def setup(self, pos: Position, option: str) -> list[Event] | None:
        if option != "free":
            return None
        return [Event.of("unit_placed", unit="b1", to="off-map"),
                Event.of("phase_began", turn=0, phase="setup", side="blue")]

    def extra_orders(self, pos: Position) -> list[Order]:
        if pos.state.phase != "setup":
            return []
        return [Order("deploy", ("b1", h)) for h in ("0303", "0403")]

    def prompt(self, pos: Position) -> str | None:
        return "deploy b1 (test set-up)" if pos.state.phase == "setup" else None

    def resolve_extra(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        if order.verb != "deploy":
            return None
        if order not in self.extra_orders(pos):
            raise IllegalOrder("not a place to deploy", "test")
        return [Event.of("unit_placed", unit="b1", to=order.args[1]),
                Event.of("phase_began", turn=0, phase="movement", side="red")]


def test_a_scenario_set_up_option_runs_its_own_phase() -> None:
    register_hooks("test-deploy", DeployHooks)
    scenario = load(edit={'first = "red"': 'first = "red"\nhooks = "test-deploy"'})
    with pytest.raises(IllegalOrder):
        SYSTEM.setup(scenario, {"setup": "random"})
    state = fold(EMPTY, SYSTEM.setup(scenario, {"setup": "free"}))
    assert (state.phase, state.active) == ("setup", "blue") and state.units["b1"].location == "off-map"
    assert legal(scenario, state) == ["deploy b1 0303", "deploy b1 0403"]
    assert SYSTEM.prompt(scenario, state) == "Blue, Zero Hour: deploy b1 (test set-up)"
    with pytest.raises(IllegalOrder):
        run(scenario, state, "end")
    state, _ = run(scenario, state, "deploy b1 0403")
    assert (state.phase, state.active, state.units["b1"].location) == ("movement", "red", "0403")
    assert SYSTEM.setup(load(), {}) == SYSTEM.setup(load(), {"setup": "historical"})
