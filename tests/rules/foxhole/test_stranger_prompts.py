"""Foxhole's decision prompts as a newcomer reads them: amounts as the answers give them."""

from __future__ import annotations

from pathlib import Path

from tests.rules.foxhole.helpers import load, position
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Event
from tui_wargame.rules.foxhole import SYSTEM

UTAH = Path(__file__).parents[3] / "scenarios" / "utah1944.toml"


def test_r20_c_5_the_firepower_to_lay_is_a_mixed_number_as_in_its_answers(tmp_path: Path) -> None:
    """R20.C.5: the Allies' share of the defenders' fire was asked as "lay 3/2", the answers
    saying "lay 1 1/2 on A8": both now say 1 1/2."""
    game = Game.new(scenario_file.load(UTAH), tmp_path / "utah.toml", seed=10123686)
    for order in ("end", "end", "end", "pass", "pass", "end", "dig A8 foxholes", "end",
                  "assault A-1006 A8 E8 G8 H8", "apply WN5=2", "apply WN5G=6"):
        game.submit(order)
    assert game.state.pending is not None
    assert game.state.pending.prompt.startswith("lay 1 1/2 soft firepower on A8, E8, G8, H8 ")


def test_r19_b_1_mp_spent_on_an_activity_where_the_unit_stands_is_no_move() -> None:
    """R19.B.1: digging was told as "A8 moves A-1106 - A-1106 (4 MP)" before the activity's own
    line; a move to another hex on the way to an activity is still told."""
    scenario = load()
    state = position(scenario, phase="activities-movement", active="allied")
    here = state.units["A1"].location
    spent = Event.of("unit_moved", unit="A1", path=[here], cost="4", activity="Foxholes")
    assert SYSTEM.describe(scenario, state, spent) == ""
    moved = Event.of("unit_moved", unit="A1", path=["A-0505"], cost="1", activity="Foxholes")
    assert " moves " in SYSTEM.describe(scenario, state, moved)


def test_r20_c_9_a_retreat_is_told_by_its_way_not_as_a_move_of_0_mp() -> None:
    """R20.C.9: a retreat's move (no MP) was told "moves ... (0 MP, R11.A)" after the retreat's own
    line; it is told by the hexes it went through."""
    scenario = load()
    state = position(scenario, phase="combat", active="allied")
    went = SYSTEM.describe(scenario, state, Event.of("unit_moved", unit="A1", path=["A-0505"], cost=0))
    assert went.endswith(f"goes {state.units['A1'].location} - A-0505") and "MP" not in went, went
