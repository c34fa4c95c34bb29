"""Foxhole's decision prompts as a newcomer reads them: amounts as the answers give them."""

from __future__ import annotations

from pathlib import Path

from tui_wargame import scenario_file
from tui_wargame.engine import Game

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
