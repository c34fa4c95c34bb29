"""Foxhole R5.A.8-9, R18.E, R20.D.3: reducing, eliminating, pinning and suppressing a unit."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import fold
from tui_wargame.rules.foxhole import effects
from tui_wargame.rules.foxhole.position import PINNED, Position

SCENARIO = load()


def _after(state, events):
    return fold(state, events)


def test_r5_a_8_reduced_flips_to_cadre_and_loses_its_pin():
    state = position(SCENARIO, phase="combat", active="allied", flags={"X1": [PINNED]})
    after = _after(state, effects.reduce(Position(SCENARIO, state), "X1"))
    assert after.units["X1"].steps == 1 and not after.units["X1"].has(PINNED)
    assert after.units["X1"].has(effects.ONCE_REDUCED)


def test_r5_a_9_a_cadre_reduced_is_eliminated():
    state = position(SCENARIO, phase="combat", active="allied", steps={"X1": 1})
    after = _after(state, effects.reduce(Position(SCENARIO, state), "X1"))
    assert after.units["X1"].location == "eliminated" and after.units["X1"].steps == 0


def test_r20_d_3_a_a_vehicle_pinned_again_is_reduced():
    state = position(SCENARIO, phase="combat", active="axis", flags={"AT1": [PINNED]})
    after = _after(state, effects.pin(Position(SCENARIO, state), "AT1"))
    assert after.units["AT1"].steps == 1 and not after.units["AT1"].has(PINNED)


def test_r18_e_1_a_vehicle_ignores_suppression_a_company_does_not():
    state = position(SCENARIO, phase="barrage", active="axis")
    pos = Position(SCENARIO, state)
    assert effects.suppress(pos, "AT1") == []
    assert _after(state, effects.suppress(pos, "A1")).units["A1"].has("suppressed")


def test_r20_d_3_c_reduced_and_pinned_pins_the_cadre():
    state = position(SCENARIO, phase="combat", active="allied")
    after = _after(state, effects.apply(Position(SCENARIO, state), "X1", ("reduced", "pinned")))
    assert after.units["X1"].steps == 1 and after.units["X1"].has(PINNED)
