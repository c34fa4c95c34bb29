"""Gaza 16.0 stacking: the limits of each side, and stacks attacking together."""

from __future__ import annotations

import pytest

from tests.scenarios.gaza1917.helpers import SCENARIO, legal, position, run
from tui_wargame.model import IllegalOrder, Order
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack


def at(units: dict[str, str], **kw) -> Position:
    return Position(SCENARIO, position(units, **kw))


def test_gaza_16_1_british_one_unit_plus_a_tank_or_motor_machinegun() -> None:
    pos = at({})
    assert overstack(pos, "1818", ["155Bde", "1ETank"]) is None
    assert overstack(pos, "1818", ["155Bde", "LCMMG"]) is None
    assert "Gaza 16.1" in str(overstack(pos, "1818", ["155Bde", "156Bde"]) or "")
    assert overstack(pos, "1818", ["155Bde", "1ETank", "LCMMG"]) is not None
    assert overstack(pos, "1818", ["155Bde", "ArmTrain"]) is not None


def test_gaza_16_1_central_powers_two_units_one_regiment() -> None:
    pos = at({})
    assert overstack(pos, "0607", ["31R", "3MG"]) is None
    assert overstack(pos, "0607", ["31Bn", "32Bn"]) is None
    assert "Gaza 16.1" in str(overstack(pos, "0607", ["31R", "32R"]) or "")
    assert overstack(pos, "0607", ["31Bn", "3MG", "1Jand"]) is not None


def test_gaza_16_1_an_overstacked_phase_may_not_end() -> None:
    state = position({"155Bde": "1818", "156Bde": "1819"})
    state, _ = run(SCENARIO, state, "move 156Bde 1818")
    assert "end" not in legal(SCENARIO, state)
    with pytest.raises(IllegalOrder) as refused:  # the refusal cites the exclusive rule, not F&M 5.3
        run(SCENARIO, state, "end")
    assert refused.value.rule == "Gaza 16.1" and "1818" in str(refused.value)


def test_gaza_16_3_stacked_units_attack_together() -> None:
    state = position({"155Bde": "0608", "1ETank": "0608", "3Cav1": "0607"}, phase="combat")
    state, _ = run(SCENARIO, state, "attack 0607 0608")
    facts = SYSTEM.odds(SCENARIO, state, Order("resolve", ("0607",)))
    assert facts["attackers"] == ["155Bde", "1ETank"] and facts["attack"] == 7
