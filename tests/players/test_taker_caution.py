"""The attacker's caution (issue 15): the side that must take the victory hexes weighs its stacks'
exposure to the enemy's next attacks at LEVEL["hard"]["taker_caution"], below the defender's
caution, since an attacker that weighs it as fully gives up the ground its win needs
(docs/architecture.md, 2 December 2026). A real game: Suez 1916, seed 1, the Central Powers'
first combat phase, replayed from the orders of hard against greedy (tests/players/kept/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.players.test_kept_choices import KEPT, scenario
from tui_wargame.engine import Game
from tui_wargame.players import computer
from tui_wargame.players.fm import LEVEL


@pytest.mark.parametrize(("caution", "order"), [(LEVEL["hard"]["taker_caution"], "advance comp-1 1932"),
                                                (LEVEL["hard"]["caution"], "stop")])
def test_f_m_7_8_hard_as_the_attacker_advances_into_the_hex_its_attack_emptied(
        caution: float, order: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """4 August morning: the attack on 1932 drove the 1st Light Horse out through Romani. Hard as
    the Central Powers advances a company into 1932 (F&M 7.8), a hex nearer Romani; weighing its
    exposure there with the defender's caution, it would stop where it stood."""
    sc = scenario("suez1916")
    game = Game.new(sc, tmp_path / "g.toml", seed=1)
    for line in (KEPT / "suez1916-1-cp-advance.txt").read_text().splitlines():
        side, given = line.split(": ", 1)
        game.submit(given, side)
    monkeypatch.setitem(LEVEL["hard"], "taker_caution", caution)
    assert game.state.pending is not None and game.state.to_act == "cp"
    assert computer("hard").choose(game, "cp").order == order
    game.close()
