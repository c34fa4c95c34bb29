"""Undo by consent in a live game (docs/playing.md, "Undo in a live game"): the request and its
answer are records of the save, so a request survives a killed terminal and `verify` re-runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame.engine import ALLOW_UNDO, ASK_UNDO, REFUSE_UNDO, Game
from tui_wargame.model import IllegalOrder, Scenario
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


def test_an_undo_is_asked_for_once(game: Game) -> None:
    game.submit("move r1 0102", "red")
    asked = game.submit(ASK_UNDO, "red")
    with pytest.raises(IllegalOrder, match="taking back `move r1 0102` is asked already"):
        game.submit(ASK_UNDO, "red")
    assert game.records[-1] == asked


def test_a_save_that_asked_twice_still_verifies(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves written before the one-request rule may hold two requests in a row: they re-run."""
    game.submit("move r1 0102", "red")
    game.submit(ASK_UNDO, "red")
    with monkeypatch.context() as m:
        m.setattr(Game, "undo_asked", lambda self: None)  # as the older program wrote it
        game.submit(ASK_UNDO, "red")
    assert [r.order for r in game.records[-2:]] == [ASK_UNDO, ASK_UNDO] and game.verify() == []


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


def test_one_sides_command_line_undo_is_asked_of_the_other(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`order FILE --as SIDE undo` and `undo FILE --as SIDE` (any case) write a request, never the undo:
    the other terminal, or the other player of an e-mailed game, may have seen the order."""
    from tui_wargame.cli import main

    path = tmp_path / "g.toml"
    sc = ["--scenarios", str(TESTBED_DIR)]
    assert main([*sc, "new", "testbed", "--seed", "3", "--out", str(path)]) == 0
    assert main([*sc, "order", str(path), "--as", "red", "move r1 0201"]) == 0
    assert main([*sc, "order", str(path), "--as", "red", "UNDO"]) == 0
    out = capsys.readouterr().out
    assert "Red: undo ask" in out and "Nothing is taken back until Blue allows it" in out
    assert main([*sc, "order", str(path), "--as", "blue", "undo refuse"]) == 0
    out = capsys.readouterr().out
    assert "Red ask to take back `move r1 0201`: give \"undo allow\" or \"undo refuse\"" in out
    assert main([*sc, "undo", str(path), "--as", "red"]) == 0  # asked again, after the refusal
    assert main([*sc, "order", str(path), "--as", "blue", "undo refuse"]) == 0
    with Game.open(path, scenario_dirs=[TESTBED_DIR]) as game:
        assert [r.order for r in game.records[2:]] == [ASK_UNDO, REFUSE_UNDO, ASK_UNDO, REFUSE_UNDO]
        assert game.state.units["r1"].location == "0201"
    assert main([*sc, "undo", str(path)]) == 0  # hot-seat, without --as: at once, as before
    with Game.open(path, scenario_dirs=[TESTBED_DIR]) as game:
        assert game.records[-1].kind == "undo" and game.state.units["r1"].location != "0201"


def test_a_seated_players_bare_undo_is_a_request(tmp_path: Path, testbed: Scenario) -> None:
    """A hosted game's seat (Game.sit) takes no undo without the other side's consent, however typed."""
    from tui_wargame.hosting import Host, SealedSeeds

    game = Host(tmp_path / "saves", SealedSeeds(tmp_path / "sealed"), "alice",
                scenario_dirs=[TESTBED_DIR]).create(testbed, {}, "red")
    game.submit("move r1 0201")
    assert game.submit("undo").order == ASK_UNDO
    for typed in ("Undo", " UNDO "):  # asks again, so refused as asked already: never an undo
        with pytest.raises(IllegalOrder, match="is asked already"):
            game.submit(typed)
    assert game.state.units["r1"].location == "0201"
    game.close()


def test_a_bare_command_line_undo_is_asked_while_a_terminal_plays_live(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`undo FILE` and `order FILE undo` without `--as`, beside a terminal playing the save live
    (`play FILE --as SIDE`), write a request: that terminal showed the order at once. Its answer
    must name its side. Once no terminal plays it live, a bare undo is made at once, as by e-mail."""
    from tui_wargame.cli import main

    path = tmp_path / "g.toml"
    sc = ["--scenarios", str(TESTBED_DIR)]
    assert main([*sc, "new", "testbed", "--seed", "3", "--out", str(path)]) == 0
    assert main([*sc, "order", str(path), "move r1 0201"]) == 0
    terminal = Game.open(path, write=True, scenario_dirs=[TESTBED_DIR])
    terminal.play_live()
    for command in (["undo", str(path)], ["order", str(path), "Undo"]):
        capsys.readouterr()
        assert main([*sc, *command]) == 0
        out = capsys.readouterr().out
        assert "Red: undo ask" in out and ("until Blue allows it, on their screen where it is asked now, "
                                           "or with: tui-wargame") in out
        assert main([*sc, "order", str(path), "--as", "blue", "undo refuse"]) == 0
    assert main([*sc, "order", str(path), "undo ask"]) == 0
    assert main([*sc, "order", str(path), "undo allow"]) == 1
    assert "answered by the side asked: give it with --as SIDE" in capsys.readouterr().err
    terminal.close()
    assert not (tmp_path / ".g.toml.live").exists()  # the last live terminal leaves no mark behind
    with Game.open(path, scenario_dirs=[TESTBED_DIR]) as game:
        assert [r.order for r in game.records[2:]] == [ASK_UNDO, REFUSE_UNDO] * 2 + [ASK_UNDO]
        assert game.state.units["r1"].location == "0201"
    assert main([*sc, "undo", str(path)]) == 0  # no terminal plays it live now: at once
    with Game.open(path, scenario_dirs=[TESTBED_DIR]) as game:
        assert game.records[-1].kind == "undo" and game.state.units["r1"].location != "0201"
