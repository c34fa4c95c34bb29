"""Play by e-mail with `order --as SIDE` (issue 16): the received save is verified before anything
is done, the player is told what the opponent did since their last order and whose turn it is,
and an order for the other side is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.test_cli import run
from tests.engine.test_forgery import forge


@pytest.fixture
def sent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Red's first turn, as Red mails it to Blue: Blue is to act."""
    path = tmp_path / "g.toml"
    assert run(capsys, "new", "testbed", "--seed", "11", "--out", str(path))[0] == 0
    code, out, _ = run(capsys, "order", str(path), "--as", "red", "move r1 0201 0301 0401", "end", "end")
    assert code == 0 and "Nothing has happened since the set-up (record 0)." in out
    return path


def test_the_player_is_told_what_the_opponent_did_and_whose_turn_it_is(
        sent: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "order", str(sent), "--as", "Blue", "end")  # a side by name, any case
    assert code == 0
    told = out.split("accepted")[0]
    assert "Since the set-up (record 0):" in told
    assert "[1] Red: move r1 0201 0301 0401" in told and "moves 0101 - 0201 - 0301 - 0401" in told
    assert "-- Day 1 Morning: Blue movement phase --" in told
    assert "It is your turn (Blue)" in told
    code, out, _ = run(capsys, "order", str(sent), "--as", "red", "end")
    assert code == 1 and "Since your last order (record 3):" in out and "[4] Blue: end" in out
    assert "It is the Blue turn" in out


def test_an_order_for_the_other_side_is_refused_and_nothing_written(
        sent: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = sent.read_bytes()
    code, _, err = run(capsys, "order", str(sent), "--as", "red", "end")
    assert code == 1 and "refused: it is the Blue turn to act, not the Red turn" in err
    assert sent.read_bytes() == before


def test_a_tampered_save_is_refused_with_the_reason(sent: Path, capsys: pytest.CaptureFixture[str]) -> None:
    forge(sent, '"cost" = "3/2"', '"cost" = "1"')  # hashes recomputed
    before = sent.read_bytes()
    code, out, err = run(capsys, "order", str(sent), "--as", "blue", "end")
    assert code == 2 and "refused: the save does not verify" in err and "record 1" in err
    assert "It is" not in out and sent.read_bytes() == before
    code, _, _ = run(capsys, "order", str(sent), "end")  # without --as: as before, no check
    assert code == 0
