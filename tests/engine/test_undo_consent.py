"""Undo by consent in a live game (docs/playing.md, "Undo in a live game"): the request and its
answer are records of the save, so a request survives a killed terminal and `verify` re-runs them."""

from __future__ import annotations

import pytest

from tests.conftest import TESTBED_DIR

from tui_wargame.engine import ALLOW_UNDO, ASK_UNDO, REFUSE_UNDO, Game
from tui_wargame.model import IllegalOrder
from tui_wargame.narrative import narrate


def test_asking_writes_a_request_that_changes_nothing(game: Game) -> None:
    moved = game.submit("move r1 0102", "red")
    state = game.state
    asked = game.submit(ASK_UNDO, "red")
    assert asked.kind == "order" and asked.side == "red" and game.state == state
    assert asked.events[0].kind == "undo_asked" and asked.events[0]["reverts"] == moved.seq
    assert game.undo_asked() == asked
    # on disk: another terminal, or this one after a kill, sees it
    reopened = Game.open(game.path, scenario_dirs=[TESTBED_DIR])
    assert reopened.undo_asked() == asked


def test_consent_takes_the_order_back(game: Game) -> None:
    moved = game.submit("move r1 0102", "red")
    before = game.state_at(moved.seq - 1)
    game.submit(ASK_UNDO, "red")
    undone = game.submit(ALLOW_UNDO, "blue")
    assert undone.kind == "undo" and undone.reverts == moved.seq and undone.side == "red"
    assert game.state.units == before.units and game.undo_asked() is None
    assert game.verify() == []
    assert any("asks to take back record 1 (move r1 0102)" in line for line in narrate(game))


def test_a_refusal_leaves_the_order_standing(game: Game) -> None:
    game.submit("move r1 0102", "red")
    state = game.state
    game.submit(ASK_UNDO, "red")
    refused = game.submit(REFUSE_UNDO, "blue")
    assert refused.side == "blue" and game.state == state and game.undo_asked() is None
    with pytest.raises(IllegalOrder, match="no undo has been asked for"):
        game.submit(ALLOW_UNDO, "blue")
    assert game.undo().reverts == 1  # the request was no order: a plain undo still finds the move
    assert game.verify() == []


def test_only_the_other_side_answers_and_only_the_orders_side_asks(game: Game) -> None:
    game.submit("move r1 0102", "red")
    with pytest.raises(IllegalOrder, match="Red's to undo"):
        game.submit(ASK_UNDO, "blue")
    game.submit(ASK_UNDO, "red")
    with pytest.raises(IllegalOrder, match="the other side answers") as exc:
        game.submit(ALLOW_UNDO, "red")
    assert exc.value.rule == "undo by consent: docs/playing.md"
    with pytest.raises(IllegalOrder, match="takes no arguments but ask, allow or refuse"):
        game.submit("undo now", "red")


def test_another_order_lets_the_request_lapse(game: Game) -> None:
    game.submit("move r1 0102", "red")
    game.submit(ASK_UNDO, "red")
    game.submit("end", "red")
    assert game.undo_asked() is None
    with pytest.raises(IllegalOrder, match="no undo has been asked for"):
        game.submit(ALLOW_UNDO, "blue")


def test_an_undo_the_rules_refuse_cannot_be_asked_for(game: Game) -> None:
    with pytest.raises(IllegalOrder, match="nothing to undo"):
        game.submit(ASK_UNDO, "red")
