"""The movement phase planned for the combat that follows it (F&M 5.0 then 7.0-7.2): small Suez 1916
positions, every other counter set aside."""

from __future__ import annotations

from pathlib import Path

from tests.players.helpers import game_at
from tests.players.test_blunders import suez_position
from tests.players.test_players import scenario
from tui_wargame.players import computer
from tui_wargame.players.fm import LEVEL, Assessor
from tui_wargame.players.fm_assault import assaults
from tui_wargame.players.view import SideView


def test_f_m_5_0_force_is_brought_beside_a_target_together_and_then_attacks(tmp_path: Path) -> None:
    """Four Central Powers battalions two hexes from a British brigade group on the sand (2430): no
    one of them pays alone, three together do. Hard moves three beside it, one after the other,
    each move naming the attack, and declares it once movement ends; the fourth, not needed for
    the column, takes empty Romani."""
    sc = scenario("suez1916")
    state = suez_position({"157a": "2430", "31-1": "2632", "31-2": "2632", "32-1": "2633", "32-2": "2633"},
                          phase="movement", active="cp")
    game = game_at(sc, state, tmp_path)
    view = SideView(game, "cp", level="hard")
    ass = Assessor(view, view.state)
    assert ass.attack("2430", ["31-1"], exact=False)[0] < 0  # alone, on this row, it does not pay
    plan = assaults(view, ass, LEVEL["hard"]["assault"], lambda s: Assessor(view, s))
    assert [a.target for a in plan] == ["2430"] and len(plan[0].moves) >= 3
    player = computer("hard")
    moved = []
    while game.state.phase == "movement":
        choice = player.choose(game, "cp")
        if choice.order.startswith("move"):
            moved.append(choice)
        game.submit(choice.order, "cp")
    beside = [c for c in moved if "for the attack on 2430" in c.reason]
    assert len(beside) == 3
    assert all(game.state.units[c.order.split()[1]].location in sc.grid.adjacent("2430") for c in beside)
    assert player.choose(game, "cp").order.startswith("attack 2430 ")


def test_f_m_7_2_no_assault_where_the_force_that_can_come_is_too_weak(tmp_path: Path) -> None:
    """One battalion against a brigade group on a hill (2132): nothing this movement can bring pays,
    so no assault is planned and the move is left to the search."""
    sc = scenario("suez1916")
    state = suez_position({"157a": "2132", "31-1": "2334"}, phase="movement", active="cp")
    game = game_at(sc, state, tmp_path)
    view = SideView(game, "cp", level="hard")
    assert assaults(view, Assessor(view, view.state), LEVEL["hard"]["assault"],
                    lambda s: Assessor(view, s)) == []
    assert "for the attack on" not in computer("hard").choose(game, "cp").reason


def test_easy_plans_no_assault(tmp_path: Path) -> None:
    """Easy moves one unit at a time, as a hurried player does: the same position plans nothing."""
    sc = scenario("suez1916")
    state = suez_position({"157a": "2430", "31-1": "2632", "31-2": "2632", "32-1": "2633"},
                          phase="movement", active="cp")
    game = game_at(sc, state, tmp_path)
    assert "for the attack on" not in computer("easy").choose(game, "cp").reason
