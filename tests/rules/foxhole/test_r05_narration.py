"""Foxhole R5.B: a unit's condition markers told in words, bookkeeping untold."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event
from tui_wargame.rules.foxhole import SYSTEM
from tui_wargame.rules.foxhole.position import PINNED, TRACED

SCENARIO = load()
STATE = position(SCENARIO, phase="combat", active="allied")


def test_r5_b_6_a_pin_is_told_with_what_it_does():
    said = SYSTEM.describe(SCENARIO, STATE, Event.of("unit_flagged", unit="X1", flag=PINNED))
    assert said == ("1st Company, Grenadier Bn (X1) is Pinned: it may not move and its firepower is cut "
                    "to a third (R5.B.6)")
    gone = SYSTEM.describe(SCENARIO, STATE, Event.of("unit_flagged", unit="X1", flag=PINNED, on=False))
    assert gone == "1st Company, Grenadier Bn (X1) is no longer Pinned (R5.B.6)"


def test_r5_b_what_a_unit_did_this_turn_and_a_modules_own_flags_are_untold():
    for flag in (TRACED, "losses:reduced"):
        assert SYSTEM.describe(SCENARIO, STATE, Event.of("unit_flagged", unit="X1", flag=flag)) == ""


def test_r11_a_a_moves_cost_is_told_as_a_player_counts_it():
    said = SYSTEM.describe(SCENARIO, STATE,
                           Event.of("unit_moved", unit="A1", path=["A-0402", "A-0403"], cost="29/6"))
    assert said == "Able Company, 1st Bn (A1) moves A-0401 - A-0402 - A-0403 (4 5/6 MP, R11.A)"
    half = SYSTEM.describe(SCENARIO, STATE, Event.of("unit_moved", unit="A1", path=["A-0402"], cost="1/2"))
    assert half.endswith("(1/2 MP, R11.A)")
