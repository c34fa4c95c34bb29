"""The live preview of an order tells the rule system's explanation: its summary, then each
line with its rule, the strong line in bold; a refusal with its rule; nothing if it says nothing."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from tests.scenarios.suez1916.helpers import legal, position, run, suez
from tui_wargame.engine import Game
from tui_wargame.model import Order, Refusal
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
    assert lines[1].endswith("(F&M 7.2)") and lines[-2] == "column 6 (F&M 7.6)"
    assert lines[2] == "Clear row: the defender is in Open (F&M 7.4)"  # named as on the CRT
    assert lines[-1] == "die 1 Ex, 2 Ex, 3 -, 4 A2, 5 A3, 6 (A) (F&M 7.3)"  # what column 6 can give
    bold = [told.plain[span.start:span.end] for span in told.spans if span.style == "bold"]
    assert bold == ["column 6 (F&M 7.6)\n"]  # the line to read first


def test_the_preview_names_a_trench_hexsides_row_and_agrees_with_the_combat_write_up() -> None:
    """Suez 14.2: attacked only across a British trench hexside, the Yeomanry defends on the Town
    row; the preview says so, and the combat's write-up uses the same row and column."""
    state = position({"31-1": "0534", "yeo": "0434"}, clear=True, turn="4am", phase="combat")
    game = cast(Game, SimpleNamespace(system=SYSTEM, capabilities=Capabilities(SYSTEM), scenario=suez(),
                                      state=state))
    lines = explain_text(game, Order.parse("attack 0434 0534"), Namer(game, ASCII)).plain.splitlines()
    assert "Town row: every attacker attacks across a trench hexside (F&M 7.4)" in lines
    column = next(line for line in lines if line.startswith("column "))
    after, events = run(state, "attack 0434 0534", "end", *(["done"] if "done" in legal(state) else []),
                        "resolve 0434", dice=[3])
    (combat,) = [e for e in events if e.kind == "combat"]
    assert combat["row"] == "town" and column == f"column {combat['column']} (F&M 7.6)"
    told = game.capabilities.describe(suez(), after, combat)
    assert told is not None and "Town row" in told and f"column {combat['column']}" in told


def test_at_night_the_preview_says_why_no_fire_support_may_join() -> None:
    """Suez 19.0: no bombardment at night; the attack's preview and the empty fire-support menu
    both say so, with the rule."""
    state = position({"31-1": "0842", "yeo": "0843"}, clear=True, turn="4nt", phase="combat")
    game = cast(Game, SimpleNamespace(system=SYSTEM, capabilities=Capabilities(SYSTEM), scenario=suez(),
                                      state=state))
    lines = explain_text(game, Order.parse("attack 0843 0842"), Namer(game, ASCII)).plain.splitlines()
    assert lines[-1] == "no fire support: no bombardment at night (Suez 19.0)"
    assert game.capabilities.explain(suez(), state, Order("bombard")) == Refusal(
        "no bombardment at night", "Suez 19.0")


def test_a_refusal_is_told_with_its_rule_and_silence_as_nothing() -> None:
    game = suez_attack()
    names = Namer(game, ASCII)
    assert explain_text(game, Order.parse("attack 0844 0842"), names).plain == (
        "refused: 0844 holds no enemy unit (F&M 7.1)")
    assert explain_text(game, Order("end"), names).plain == ""
