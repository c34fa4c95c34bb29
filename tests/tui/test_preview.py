"""The live preview of an order tells the rule system's explanation: its summary, then each
line with its rule, the strong line in bold; a refusal with its rule; nothing if it says nothing."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from tests.scenarios.suez1916.helpers import position, suez
from tui_wargame.engine import Game
from tui_wargame.model import Order
from tui_wargame.rules.capabilities import Capabilities
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.tui.glyphs import ASCII
from tui_wargame.tui.info import Namer, explain_text


def suez_attack() -> Game:
    """Suez 4 August morning: 31-1 next to the Yeomanry in the open, before any die (F&M 7.2-7.6)."""
    state = position({"31-1": "0842", "yeo": "0843"}, clear=True, turn="4am", phase="combat")
    return cast(Game, SimpleNamespace(system=SYSTEM, capabilities=Capabilities(SYSTEM), scenario=suez(),
                                      state=state))


def test_an_explanation_is_told_summary_first_then_each_line_with_its_rule() -> None:
    game = suez_attack()
    told = explain_text(game, Order.parse("attack 0843 0842"), Namer(game, ASCII))
    lines = told.plain.splitlines()
    assert lines[0] == "31-1 (3) vs yeo (3) in 0843"
    assert lines[1].endswith("(F&M 7.2)") and lines[-1] == "column 6 (F&M 7.6)"
    bold = [told.plain[span.start:span.end] for span in told.spans if span.style == "bold"]
    assert bold == ["column 6 (F&M 7.6)\n"]  # the line to read first


def test_a_refusal_is_told_with_its_rule_and_silence_as_nothing() -> None:
    game = suez_attack()
    names = Namer(game, ASCII)
    assert explain_text(game, Order.parse("attack 0844 0842"), names).plain == (
        "refused: 0844 holds no enemy unit (F&M 7.1)")
    assert explain_text(game, Order("end"), names).plain == ""
