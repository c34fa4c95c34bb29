"""The hooks a scenario's exclusive rules use (Suez 13.1 Kress, 15.1-15.2 surprise), and the
TUI's queries: reach, preview."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run
from tests.rules.fm.test_combat import die_for
from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order
from tui_wargame.rules.fm import SYSTEM, Hooks, register_hooks
from tui_wargame.rules.fm.combat import declared
from tui_wargame.rules.fm.position import Position


class SurpriseHooks(Hooks):
    """Suez 13.1 and 15.1-15.2 in miniature, on the test map's zero hour turn (turn 0)."""

    def movement_allowance(self, pos: Position, unit: str, allowance: Fraction) -> Fraction:
        return allowance * 2 if pos.state.turn == 0 and pos.side_of(unit) == "red" else allowance

    def may_move(self, pos: Position, unit: str) -> str | None:
        if pos.state.turn == 0 and pos.side_of(unit) == "blue":
            return "blue may not move on the zero hour turn (Suez 15.2)"
        return None

    def may_bombard(self, pos: Position, side: str) -> str | None:
        return "no blue fire support on the zero hour turn (Suez 15.2)" if side == "blue" else None

    def column_shifts(self, pos: Position, attackers: list[str], defenders: list[str],
                      hex_label: str) -> list[tuple[int, str]]:
        return [(1, "Kress (Suez 13.1)")] if pos.state.active == "red" else []


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
    odds = SYSTEM.preview(surprise, state, Order("resolve", ("0503",)))
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
    odds = SYSTEM.preview(scenario, state, Order("attack", ("0503", "0403")))
    assert odds is not None and odds["attackers"] == ["r1", "r2"] and odds["attack"] == 9
    assert SYSTEM.preview(scenario, state, Order("end")) is None
    with pytest.raises(IllegalOrder):
        SYSTEM.preview(scenario, state, Order("attack", ("0503", "0401")))


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
                      hex_label: str) -> list[tuple[int, str]]:
        return [(1, "Kress (Suez 13.1)")] if pos.state.values.get("kress") == hex_label else []


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
    odds = SYSTEM.preview(scenario, state, Order("resolve", ("0503",)))
    assert odds is not None and odds["shifts"] == [{"by": 1, "reason": "Kress (Suez 13.1)"}]
