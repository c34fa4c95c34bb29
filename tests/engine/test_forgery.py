"""Forged saves (issue 18): a header bound to the game, orders compared exactly, and rollbacks.

A forger who edits a save and recomputes every hash makes a well-formed save.
`verify` re-derives every field a record claims from the header and the seed;
what the file alone cannot show (a changed header hashed again, records cut off
the end) the player's ledger of rollbacks (tui_wargame.ledger) refuses.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import ledger, savefile
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import IllegalOrder, Scenario
from tui_wargame.savefile import SaveError

ORDERS = ["move r1 0201 0301 0401", "move r2 0202", "end", "attack r1 0402"]  # the attack rolls a die


@pytest.fixture
def ledger_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ledger for this test (the other tests run without one)."""
    folder = tmp_path / "ledger"
    monkeypatch.setenv(ledger.ENV, str(folder))
    return folder


def rehash(path: Path) -> None:
    """What a forger does after an edit: every record's `prev` and hash line computed again."""
    data = path.read_bytes()
    starts = [m.start() - 1 for m in re.finditer(rb"^\[\[record\]\]\n", data, re.M)]
    out = [data[: starts[0]]]
    prev = savefile.digest(out[0])
    for a, b in zip(starts, [*starts[1:], len(data)]):
        chunk = data[a:b]
        body = chunk[: chunk.rindex(b"# sha256 ")]
        body = re.sub(rb'^prev = "[0-9a-f]*"$', f'prev = "{prev}"'.encode(), body, count=1, flags=re.M)
        prev = savefile.digest(body)
        out.append(body + f"# sha256 {prev}\n".encode())
    path.write_bytes(b"".join(out))


def forge(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    rehash(path)
    assert savefile.read(path).problems == []  # the chain holds: only a re-run or the ledger can tell


def played(testbed: Scenario, path: Path) -> None:
    with Game.new(testbed, path, seed=7) as game:
        for order in ORDERS:
            game.submit(order)


def test_undo_dice_turned_on_and_hashed_again_is_refused(testbed: Scenario, save_path: Path,
                                                         ledger_dir: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """docs/api.md: without undo_dice a die stands; turning it on in the header would let the
    player undo a bad die and roll again."""
    played(testbed, save_path)
    with Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR]) as game:
        with pytest.raises(IllegalOrder, match="rolled dice"):
            game.undo()
    forge(save_path, "undo_dice = false", "undo_dice = true")
    with pytest.raises(SaveError, match=r"\[header\]: not the header this game had"):
        Game.open(save_path, scenario_dirs=[TESTBED_DIR])
    assert main(["--scenarios", str(TESTBED_DIR), "verify", str(save_path)]) == 2
    err = capsys.readouterr().err
    assert f"{save_path}: [header]" in err and "delete" in err and "Traceback" not in err


@pytest.mark.parametrize(("old", "new"), [
    ('created = "', 'created = "1999'),
    ('app = "tui-wargame', 'app = "tui-wargame-forged'),
])
def test_a_header_field_changed_and_hashed_again_is_refused(testbed: Scenario, save_path: Path,
                                                            ledger_dir: Path, old: str, new: str) -> None:
    played(testbed, save_path)
    forge(save_path, old, new)
    with pytest.raises(SaveError, match=r"\[header\]"):
        Game.open(save_path, scenario_dirs=[TESTBED_DIR])


def test_an_option_no_one_offers_is_found(testbed: Scenario, save_path: Path) -> None:
    played(testbed, save_path)
    forge(save_path, "undo_dice = false\n", 'undo_dice = false\nfog = "thick"\n')
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as game:
        problems = game.verify()
    assert len(problems) == 1 and problems[0].startswith("[header.options]: no game option 'fog'")


def test_record_0_order_text_is_derived_from_the_options(testbed: Scenario, save_path: Path) -> None:
    played(testbed, save_path)
    text = save_path.read_text()
    setup = re.search(r'^order = "(setup[^"]*)"$', text, re.M)
    assert setup is not None
    forge(save_path, f'order = "{setup.group(1)}"', 'order = "setup free"')
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as game:
        problems = game.verify()
    assert problems == [f"record 0 (`setup free`): its order text is not as written: a re-run writes "
                        f"`{setup.group(1)}`"]


@pytest.mark.parametrize("forged", ["MOVE r1 0201 0301 0401", "move  r1 0201 0301 0401"])
def test_an_order_text_not_as_written_is_found(testbed: Scenario, save_path: Path, forged: str) -> None:
    """The verb is read in any case, so a re-run of "MOVE" gives the same events: the text itself
    must be compared."""
    played(testbed, save_path)
    forge(save_path, f'order = "{ORDERS[0]}"', f'order = "{forged}"')
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as game:
        problems = game.verify()
    assert len(problems) == 1 and problems[0].startswith("record 1 (") and "order text" in problems[0]


def test_a_record_claiming_another_kind_is_found(testbed: Scenario, save_path: Path) -> None:
    played(testbed, save_path)
    text = save_path.read_text()
    save_path.write_text(text.replace('kind = "order"\norder = "end"', 'kind = "undo"\norder = "end"', 1)
                         .replace('order = "end"\n', 'order = "end"\nreverts = 2\n', 1))
    rehash(save_path)
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as game:
        problems = game.verify()
    assert problems == ["record 3 (`end`): its order text is not as written: a re-run writes `undo`"]


def cut_after(path: Path, seq: int) -> None:
    """Cut the save after record `seq`: a well-formed, shorter save."""
    save = savefile.read(path)
    mark = f"# sha256 {save.records[seq].hash}\n".encode()
    data = path.read_bytes()
    path.write_bytes(data[: data.index(mark) + len(mark)])


def test_records_cut_off_the_end_are_refused_as_a_rollback(testbed: Scenario, save_path: Path,
                                                           ledger_dir: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    played(testbed, save_path)
    cut_after(save_path, 2)
    assert savefile.read(save_path).problems == []  # the file alone cannot tell
    with pytest.raises(SaveError, match=r"rolled back: it ends at record 2, but you already saw this game "
                                        r"up to record 4 \(records 3 to 4 cut off\)"):
        Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR])
    assert main(["--scenarios", str(TESTBED_DIR), "show", str(save_path)]) == 2
    err = capsys.readouterr().err
    assert "rolled back" in err and "Traceback" not in err


def test_a_save_read_elsewhere_is_remembered_too(testbed: Scenario, save_path: Path, tmp_path: Path,
                                                 ledger_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The opponent's program, which only read the save that came by e-mail, refuses it cut back."""
    monkeypatch.setenv(ledger.ENV, "")
    played(testbed, save_path)  # by the other player, whose ledger this test does not see
    monkeypatch.setenv(ledger.ENV, str(ledger_dir))
    mail = tmp_path / "mail.toml"
    shutil.copy(save_path, mail)
    Game.open(mail, scenario_dirs=[TESTBED_DIR]).close()
    cut_after(mail, 3)
    with pytest.raises(SaveError, match=r"up to record 4 \(record 4 cut off\)"):
        Game.open(mail, scenario_dirs=[TESTBED_DIR])


def test_a_save_diverging_from_what_this_player_saw_is_refused(testbed: Scenario, save_path: Path,
                                                               tmp_path: Path, ledger_dir: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    with Game.new(testbed, save_path, seed=7) as game:
        game.submit(ORDERS[0])
        other = tmp_path / "other.toml"
        shutil.copy(save_path, other)
        game.submit(ORDERS[1])
        game.submit(ORDERS[2])
    monkeypatch.setenv(ledger.ENV, "")  # another history of the same game, made where this ledger is not
    with Game.open(other, write=True, scenario_dirs=[TESTBED_DIR]) as game:
        game.submit("end")
        game.submit("end")
        game.submit("end")
    monkeypatch.setenv(ledger.ENV, str(ledger_dir))
    with pytest.raises(SaveError, match=r"rewritten: record 3 is not the record 3 you already saw"):
        Game.open(other, scenario_dirs=[TESTBED_DIR])
    Game.open(save_path, scenario_dirs=[TESTBED_DIR]).close()  # the history this player saw still opens


def test_several_writers_extending_a_save_never_trip_the_ledger(testbed: Scenario, save_path: Path,
                                                                ledger_dir: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    with Game.new(testbed, save_path, seed=7) as first, \
            Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR]) as second, \
            Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as reader:
        first.submit(ORDERS[0])
        second.submit(ORDERS[1])  # takes in the first's record, then appends after it
        assert main(["--scenarios", str(TESTBED_DIR), "order", str(save_path), ORDERS[2]]) == 0
        assert len(first.refresh()) == 2
        first.submit(ORDERS[3])
        assert len(reader.refresh()) == 4
        second.refresh()
        stale = Game.open(save_path, scenario_dirs=[TESTBED_DIR])  # opened now, closed last
        assert [g.seq for g in (first, second, reader, stale)] == [4, 4, 4, 4]
    stale.close()
    entry = json.loads(ledger.entry_path(first.header.game).read_text())
    assert entry["seq"] == 4 and entry["hash"] == first.records[-1].hash
    assert main(["--scenarios", str(TESTBED_DIR), "verify", str(save_path)]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_an_unwritable_ledger_folder_still_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    monkeypatch.setenv(ledger.ENV, str(blocker / "ledger"))
    save = tmp_path / "g.toml"
    sc = ["--scenarios", str(TESTBED_DIR)]
    assert main([*sc, "new", "testbed", "--seed", "3", "--out", str(save)]) == 0
    assert main([*sc, "order", str(save), *ORDERS]) == 0
    assert main([*sc, "verify", str(save)]) == 0
    assert "Traceback" not in capsys.readouterr().err


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


@pytest.mark.parametrize("spoil", [
    lambda entry: entry.write_text('{"header": 1, "seq": "x"'),
    lambda entry: entry.write_text("[" * 4000),
    fifo,  # would hang a plain open
], ids=["broken", "deep", "fifo"])
def test_a_damaged_ledger_entry_is_no_ledger(testbed: Scenario, save_path: Path, ledger_dir: Path,
                                            spoil: Callable[[Path], None]) -> None:
    played(testbed, save_path)
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as game:
        entry = ledger.entry_path(game.header.game)
    spoil(entry)
    cut_after(save_path, 2)
    Game.open(save_path, scenario_dirs=[TESTBED_DIR]).close()
    assert json.loads(entry.read_text())["seq"] == 2  # rewritten whole from what was read
