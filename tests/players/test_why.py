"""A hint's reason for a move names what the move gains most (issue 15: a suggestion "with its
reason"), in a player's words, with the hex it concerns. Small Suez 1916 positions, every other
counter set aside (`test_blunders.suez_position`)."""

from __future__ import annotations

from pathlib import Path

from tests.players.helpers import game_at
from tests.players.test_blunders import suez_position
from tests.players.test_players import scenario
from tui_wargame.players.fm import PLANNER
from tui_wargame.players.view import SideView


def _reason_for(view: SideView, unit: str, dest: str) -> str:
    order = next(o for o in view.orders if o.verb == "move" and o.args[0] == unit and o.args[-1] == dest)
    return PLANNER.reason(view, order, 1.0)


def test_suez_12_4_a_move_into_an_empty_victory_town_says_it_guards_it(tmp_path: Path) -> None:
    """Suez 12.4: a hex is won by entering it. Romani (2031) is empty with Central Powers
    battalions two hexes off; the British brigade beside it moving in guards it, and the hint
    says so by name."""
    sc = scenario("suez1916")
    state = suez_position({"158a": "1931", "31-1": "2231", "31-2": "2230"},
                          phase="movement", active="british")
    view = SideView(game_at(sc, state, tmp_path), "british", level="hard")
    told = _reason_for(view, "158a", "2031")
    assert told.startswith("move 158a to 2031: it guards Romani (2031), a victory hex the enemy could "
                           "walk into; the position gains +1.0 strength points")


def test_suez_12_3_the_attackers_march_names_the_victory_hex_it_goes_for(tmp_path: Path) -> None:
    """Suez 12.3-12.4: the Central Powers must take victory hexes; a battalion marching west from
    Katia with no British unit near goes for Romani (2031), the campaign's objective, and the hint
    names it; entering Romani takes it, and the hint says that instead."""
    sc = scenario("suez1916")
    state = suez_position({"31-1": "2633", "158a": "0936"}, phase="movement", active="cp")
    view = SideView(game_at(sc, state, tmp_path), "cp", level="hard")
    grid = view.game.scenario.grid
    dest = min((o.args[-1] for o in view.orders if o.verb == "move" and o.args[0] == "31-1"
                and "2031" not in o.args and grid.distance(o.args[-1], "2031") >= 2),  # nor through it
               key=lambda h: (grid.distance(h, "2031"), h))
    told = _reason_for(view, "31-1", dest)
    assert f"move 31-1 to {dest}: it marches on Romani (2031), a victory hex to take; " in told
    into = _reason_for(view, "31-1", "2031")
    assert into.startswith("move 31-1 to 2031: it takes Romani (2031) and the victory points there; ")


def test_a_move_that_gains_nothing_in_any_part_gives_only_the_number(tmp_path: Path) -> None:
    """A move that changes no part of the position's worth by the planner's least gain for a move
    (MOVE_GAIN) names none: the hint gives the number alone rather than a reason it does not have."""
    sc = scenario("suez1916")
    state = suez_position({"158a": "0234", "31-1": "3331"}, phase="movement", active="british")
    view = SideView(game_at(sc, state, tmp_path), "british", level="hard")
    order = next(o for o in view.orders if o.verb == "move" and o.args[0] == "158a")
    told = PLANNER.reason(view, order, 0.0)
    assert told.startswith(f"move 158a to {order.args[-1]}")
    assert ": it " not in told
    assert told.endswith("the position gains +0.0 strength points (a victory point is 6)")
