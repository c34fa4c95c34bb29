"""A save at a glance (the title screen's list): the position read from the last lines of five
event kinds agrees with the game folded in full, at every record of a played game (issue 17)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.games.test_suez1916_game import script
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.glance import Glance, glance
from tui_wargame.model import IllegalOrder


def folded(game: Game) -> Glance:
    s, h = game.state, game.header
    winner, level = (s.result.winner, s.result.level) if s.result else ("", "")
    return Glance(h.scenario, game.seq, s.turn, s.phase, s.active, s.pending.side if s.pending else "",
                  s.result is not None, winner, level, h.seed, bool(h.seal), h.created)


def check_glances(tmp_path: Path, orders: list[str], undo_at: Callable[[int], bool]) -> Game:
    """Play `orders` of the scripted Suez game, comparing the glance with the full fold after each;
    after order n where `undo_at(n)`, a copy of the save takes it back and is compared too."""
    game = Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=5, options={"undo_dice": True})
    assert glance(game.path) == folded(game)
    owed = undone = 0
    for n, order in enumerate(orders):
        game.submit(order)
        assert glance(game.path) == folded(game), f"after order {n}: {order}"
        owed += bool(game.state.pending)
        if undo_at(n):  # a state_restored, perhaps with a decision owed again
            copy = tmp_path / f"undo-{n}.toml"
            copy.write_bytes(game.path.read_bytes())
            with Game.open(copy, write=True) as other:
                try:
                    other.undo()
                except IllegalOrder:  # a phase ended: nothing to take back
                    continue
                assert glance(copy) == folded(other), f"after undoing order {n}: {order}"
                undone += bool(other.state.pending)
    assert owed and undone  # decisions owed were seen, also after an undo
    return game


def test_a_glance_agrees_with_the_full_fold_through_orders_decisions_and_undos(tmp_path: Path) -> None:
    # Orders 29 and 34 resolve attacks whose defender owes a retreat; 30 and 35 answer it.
    check_glances(tmp_path, script("suez1916.txt")[:36], lambda n: n in (29, 35)).close()


@pytest.mark.slow
def test_a_glance_agrees_with_the_full_fold_at_every_record_of_a_whole_game(tmp_path: Path) -> None:
    with check_glances(tmp_path, script("suez1916.txt"), lambda n: n % 5 == 4) as game:
        seen = glance(game.path)
        assert seen.over and seen.winner == "british" and seen.level == "instant"


def test_a_file_that_is_no_save_is_one_line(tmp_path: Path) -> None:
    for text in ("", "[header]\nformat = 3\n", "just text\n"):
        (tmp_path / "x.toml").write_text(text)
        with pytest.raises(WargameError) as exc:
            glance(tmp_path / "x.toml")
        assert str(exc.value).startswith(str(tmp_path / "x.toml")) and "\n" not in str(exc.value)
