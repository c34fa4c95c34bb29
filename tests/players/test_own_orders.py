"""A scenario's own order at the start of the declarations, weighed by the attacks it improves:
Gaza 13.1, a cavalry division's charge (once a game, one column right for the attacks of that
division alone this phase). Small positions on the Gaza map around the clear hex 1608."""

from __future__ import annotations

from pathlib import Path

from tests.players.helpers import game_at
from tests.scenarios.gaza1917 import helpers as gaza
from tui_wargame.engine import Game
from tui_wargame.players import Choice, computer
from tui_wargame.players.fm import OWN_ORDER_GAIN, Assessor
from tui_wargame.players.fm_plan import attack_plan
from tui_wargame.players.view import SideView

LAST = len(gaza.SCENARIO.turns) - 1  # 19 April Evening


def declaring(at: dict[str, str], turn: int, folder: Path) -> Game:
    """A Gaza game at the start of the British declarations of `turn`, the units of `at` placed."""
    return game_at(gaza.SCENARIO, gaza.position(at, phase="combat", active="br", turn=turn), folder)


def charge_gain(at: dict[str, str], turn: int, tmp_path: Path) -> tuple[float, Choice]:
    """What the IMD's charge adds to the turn's planned attacks, and hard's first choice there."""
    game = declaring(at, turn, tmp_path)
    view = SideView(game, "br", level="hard")
    ass = Assessor(view, view.state)
    (charged,) = view.outcomes(view.state, next(o for o in view.orders if o.text == "charge imd"))
    gain = sum(a.marginal for a in attack_plan(view, ass.at(charged.state))) \
        - sum(a.marginal for a in attack_plan(view, ass))
    return gain, computer("hard").choose(game, "br")


def test_gaza_13_1_the_charge_is_made_where_it_improves_the_attacks(tmp_path: Path) -> None:
    """The 79th Regiment in the open, three IMD brigades beside it: one column right is worth the
    once-a-game charge, which comes before the attack it helps is declared, and once. Below hard
    the charge is forgotten (LEVEL own_orders), as a hurried player forgets it."""
    at = {"79R": "1608", "3LH": "1607", "4LH": "1708", "5Mtd": "1709"}
    gain, choice = charge_gain(at, 2, tmp_path)
    assert gain >= OWN_ORDER_GAIN
    assert choice.order == "charge imd"
    assert "(Gaza 13.1)" in choice.reason and f"gain {gain:+.1f}" in choice.reason
    game = declaring(at, 2, tmp_path / "charged")
    game.submit("charge imd", "br")
    assert computer("hard").choose(game, "br").order.startswith("attack 1608")
    normal = computer("normal").choose(declaring(at, 2, tmp_path / "normal"), "br")
    assert normal.order.startswith("attack 1608")


def test_gaza_13_1_the_charge_is_kept_for_a_better_attack_but_not_past_the_last_turn(tmp_path: Path) -> None:
    """One brigade against the Syrian Camel Corps: the charge adds little, so it is kept for a
    better day; in the last British combat phase nothing is left to keep it for."""
    at = {"SCC": "1608", "3LH": "1607"}
    gain, early = charge_gain(at, 2, tmp_path / "early")
    assert 0 < gain < OWN_ORDER_GAIN
    assert early.order == "attack 1608 1607"
    _, last = charge_gain(at, LAST, tmp_path / "last")
    assert last.order == "charge imd"


def test_gaza_13_1_an_attack_by_both_divisions_needs_both_charges(tmp_path: Path) -> None:
    """An attack with brigades of both divisions is a charge only with both markers played
    (13.1): the IMD's alone adds nothing. Both together add less than two charges are worth
    keeping for, so early they are kept; in the last British combat phase both are made, one
    after the other, before the attack."""
    at = {"79R": "1608", "3LH": "1607", "4LH": "1708", "1LH": "1709", "2LH": "1609"}
    gain, early = charge_gain(at, 2, tmp_path / "early")
    assert gain == 0
    assert early.order == "attack 1608 1607"
    game = declaring(at, LAST, tmp_path / "last")
    first = computer("hard").choose(game, "br")
    assert first.order == "charge anzmd" and "with charge imd after it" in first.reason
    game.submit(first.order, "br")
    assert computer("hard").choose(game, "br").order == "charge imd"
    game.submit("charge imd", "br")
    assert computer("hard").choose(game, "br").order == "attack 1608 1607"
