"""Gaza 13.1: the British cavalry charge, once a game per division, where it shifts the turn's
attacks. A small Gaza 1917 position, every other counter set aside."""

from __future__ import annotations

from pathlib import Path

from tests import positions
from tests.players.helpers import game_at
from tests.players.test_players import scenario
from tui_wargame.players import computer


def test_gaza_13_1_the_division_charges_where_it_shifts_the_turns_attack(tmp_path: Path) -> None:
    """Two IMD mounted regiments beside a Turkish regiment in the open: charging (once a game,
    before the phase's first attack) moves their attack a column right, so hard and normal
    charge first; easy, which uses no fire support nor charges, declares the attack at once."""
    sc = scenario("gaza1917")
    beside = sc.grid.adjacent("1810")
    at = {"31R": "1810", "3LH": beside[0], "4LH": beside[1]}
    aside = [u.id for u in sc.units if u.id not in at and not u.id.startswith("Charge")]
    state = positions.position(sc, at=at, aside=aside, turn=1, phase="combat", active="br")
    game = game_at(sc, state, tmp_path)
    for level in ("normal", "hard"):
        choice = computer(level).choose(game, "br")
        assert choice.order == "charge imd" and "Gaza 13.1" in choice.reason
    assert computer("easy").choose(game, "br").order.startswith("attack 1810 ")


def test_gaza_13_1_no_charge_where_it_adds_little(tmp_path: Path) -> None:
    """The same two regiments against a lone battalion (2-2) attack at column 10 already, half the
    faces driving it out: the charge's column adds under CHARGE_GAIN (0.6), so hard keeps the
    once-a-game marker for a better turn and declares the attack."""
    sc = scenario("gaza1917")
    beside = sc.grid.adjacent("1810")
    at = {"39Bn": "1810", "3LH": beside[0], "4LH": beside[1]}
    aside = [u.id for u in sc.units if u.id not in at and not u.id.startswith("Charge")]
    state = positions.position(sc, at=at, aside=aside, turn=1, phase="combat", active="br")
    game = game_at(sc, state, tmp_path)
    assert computer("hard").choose(game, "br").order.startswith("attack 1810 ")
