"""The live attack preview speaks to the player: totals, differential, row and why, shifts, column."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from tests.scenarios.suez1916.helpers import position, suez
from tui_wargame.engine import Game
from tui_wargame.model import Order
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.tui.glyphs import ASCII
from tui_wargame.tui.info import Namer, plain, preview_text


def test_the_attack_preview_has_no_internal_keys() -> None:
    """Suez 4 August morning: 31-1 against the Yeomanry in the open, before any die (F&M 7.2-7.6)."""
    state = position({"31-1": "0842", "yeo": "0843"}, clear=True, turn="4am", phase="combat")
    game = cast(Game, SimpleNamespace(system=SYSTEM, scenario=suez(), state=state))
    told = preview_text(game, Order.parse("attack 0843 0842"), Namer(game, ASCII)).plain
    assert told.splitlines() == ["31-1 (3) vs yeo (3) in 0843", "differential +0, row clear (F&M 7.4)",
                                 "column 6"]
    assert preview_text(game, Order("end"), Namer(game, ASCII)).plain == ""


def test_values_another_system_adds_are_told_plainly() -> None:
    assert plain(["a", "b"]) == "a, b"
    assert plain({"min": 16, "winner": "cp"}) == "min 16, winner cp"
    assert plain([{"by": 1}, 2]) == "by 1, 2"
