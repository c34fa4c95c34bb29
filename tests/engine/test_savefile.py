"""The save file: append-only, hash-chained, torn tails dropped and only they, appends all or none."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import savefile
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.model import Scenario
from tui_wargame.savefile import SaveError, SaveLocked

ORDERS = ["move r1 0201 0301 0401", "move r2 0202", "end", "attack r1 0402"]


def played(game: Game) -> Game:
    for order in ORDERS:
        game.submit(order)
    return game


def test_round_trip(game: Game, save_path: Path) -> None:
    played(game)
    save = savefile.read(save_path)
    assert [r.order for r in save.records] == ["setup", *ORDERS]  # the testbed offers no game option
    assert [r.events for r in save.records] == [r.events for r in game.records]
    assert save.warnings == [] and save.problems == []
    assert save.header == game.header


def test_each_record_names_the_hash_of_the_one_before(game: Game, save_path: Path) -> None:
    played(game)
    save = savefile.read(save_path)
    assert save.records[0].prev == save.header_hash
    for before, after in zip(save.records, save.records[1:]):
        assert after.prev == before.hash


def test_records_are_appended_never_rewritten(game: Game, save_path: Path) -> None:
    sizes = []
    for order in ORDERS:
        before = save_path.read_bytes()
        game.submit(order)
        after = save_path.read_bytes()
        assert after.startswith(before)
        sizes.append(len(after))
    assert sizes == sorted(sizes)


def test_a_torn_last_record_is_dropped_with_a_warning(game: Game, save_path: Path) -> None:
    played(game)
    game.close()
    data = save_path.read_bytes()
    start = data.rindex(b"\n[[record]]")
    for cut in range(start + 2, len(data) - 1):  # all but the hash line's newline: see below
        save_path.write_bytes(data[:cut])
        save = savefile.read(save_path)
        assert len(save.records) == len(ORDERS), cut  # the setup record and all but the last order
        assert save.problems == []
        assert len(save.warnings) == 1 and "is incomplete" in save.warnings[0]
        assert "dropped" in save.warnings[0]


def test_appending_after_a_torn_record_cuts_the_torn_bytes(game: Game, save_path: Path,
                                                           testbed: Scenario) -> None:
    played(game)
    game.close()
    data = save_path.read_bytes()
    save_path.write_bytes(data[:-20])
    with Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR]) as g:
        assert any("is incomplete" in w for w in g.warnings)
        assert g.records[-1].order == "end"
        g.submit("attack r1 0402")
    save = savefile.read(save_path)
    assert save.warnings == [] and save.problems == []
    assert [r.order for r in save.records][-1] == "attack r1 0402"


def edit_the_die(game: Game, save_path: Path, written: str) -> None:
    """Play, close, and rewrite the last combat's die in the save as `written`: {die} is the face
    rolled, {other} another."""
    played(game)
    die = game.records[-1].events[1]["die"]
    game.close()
    text = save_path.read_text()
    edited = text.replace(f'"die" = {die},', written.format(die=die, other=die % 6 + 1))
    assert edited != text
    save_path.write_text(edited)


def test_an_edited_die_breaks_the_chain(game: Game, save_path: Path) -> None:
    edit_the_die(game, save_path, '"die" = {other},')
    save = savefile.read(save_path)
    assert save.problems == ["record 4: its content does not match its hash (edited after writing)"]
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as g:
        assert any("hash chain is broken" in w for w in g.warnings)
        problems = g.verify()
    assert problems[0].startswith("record 4")


def test_a_key_repeated_by_hand_is_refused_as_toml_does(game: Game, save_path: Path) -> None:
    """The record no longer matches its hash, so the reader looks for repeated keys again."""
    edit_the_die(game, save_path, '"die" = {die}, "die" = {other},')
    with pytest.raises(SaveError, match="not a readable save"):
        savefile.read(save_path)


def test_an_empty_record_table_is_named_with_its_number(game: Game, save_path: Path) -> None:
    """Found in review: a "[[record]]" line straight after another was not found as a record."""
    played(game)
    game.close()
    text = save_path.read_text()
    second = text.index("[[record]]", text.index("[[record]]") + 1)
    save_path.write_text(text[:second] + "[[record]]\n" + text[second:])
    with pytest.raises(SaveError, match="record 1: 'seq' is missing"):
        savefile.read(save_path)


def test_an_edited_die_with_a_forged_chain_is_caught_by_re_running(game: Game, save_path: Path,
                                                                   tmp_path: Path) -> None:
    """A forger who also recomputes every hash is caught because the dice come from the seed."""
    played(game)
    records = list(game.records)
    last = records[-1]
    combat = last.events[1]
    forged_combat = type(combat)(combat.kind, {**combat.facts, "die": combat["die"] % 6 + 1})
    records[-1] = savefile.Record(last.seq, last.side, last.kind, last.order,
                                  (last.events[0], forged_combat, *last.events[2:]), final=last.final)
    forged = tmp_path / "forged.toml"
    savefile.create(forged, game.header, records)
    assert savefile.read(forged).problems == []
    with Game.open(forged, scenario_dirs=[TESTBED_DIR]) as g:
        problems = g.verify()
    assert len(problems) == 1
    assert problems[0].startswith("record 4 (`attack r1 0402`): event 1 (combat) differs from a re-run")


def test_a_lock_held_longer_than_any_append_is_reported(game: Game, save_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Appends hold the lock for one write; a holder that keeps it is stuck, and is named so."""
    import fcntl

    monkeypatch.setattr(savefile, "LOCK_TIMEOUT_S", 0.1)
    before = save_path.read_bytes()
    with save_path.open("rb") as stuck:
        fcntl.flock(stuck, fcntl.LOCK_EX)
        with pytest.raises(SaveLocked, match="held this save's lock for over 0.1 s"):
            game.submit("end")
        fcntl.flock(stuck, fcntl.LOCK_UN)
    assert save_path.read_bytes() == before and game.seq == 0
    game.submit("end")
    assert savefile.read(save_path).records[-1].order == "end"


def fail_the_save_write(monkeypatch: pytest.MonkeyPatch, game: Game, keep: int, where: str) -> None:
    """Make the next write to `game`'s save fail as a full disk does: `keep` bytes written, then
    ENOSPC from os.write (`where` = "write") or EIO from os.fsync ("fsync")."""
    real_write, real_fsync = os.write, os.fsync
    fd = game._log._fd

    def write(to: int, data: bytes) -> int:
        if to != fd:
            return real_write(to, data)
        monkeypatch.setattr(os, "write", real_write)
        if where == "write":
            real_write(to, bytes(data)[:keep])
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(to, data)

    def fsync(to: int) -> None:
        if to != fd or where != "fsync":
            return real_fsync(to)
        monkeypatch.setattr(os, "fsync", real_fsync)
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize("where, keep", [("write", 40), ("write", 0), ("fsync", 0)])
def test_a_failed_append_leaves_nothing_and_the_next_starts_from_a_verified_end(
        game: Game, save_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, keep: int) -> None:
    """Failure (1): a writer that lives on after a failed write (the TUI) cuts its own partial
    bytes, so that its next order does not land after them and spoil the save for good."""
    game.submit("move r1 0201 0301 0401")
    before, state = save_path.read_bytes(), game.state
    fail_the_save_write(monkeypatch, game, keep, where)
    with pytest.raises(SaveError, match="could not be saved"):
        game.submit("move r2 0202")
    assert save_path.read_bytes() == before and game.state is state and game.seq == 1
    game.submit("move r2 0202")
    game.submit("end")
    save = savefile.read(save_path)
    assert save.warnings == [] and save.problems == []
    assert [r.order for r in save.records][1:] == ["move r1 0201 0301 0401", "move r2 0202", "end"]


def test_a_batch_is_one_append(game: Game, save_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Failure (3): `order A B C` promises all or none; one write and one fsync make it so."""
    fd = game._log._fd
    calls: list[str] = []
    real_write, real_fsync = os.write, os.fsync

    def write(to: int, data: bytes) -> int:
        calls.extend(["write"] if to == fd else [])
        return real_write(to, data)

    def fsync(to: int) -> None:
        calls.extend(["fsync"] if to == fd else [])
        real_fsync(to)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)
    game.submit_all(["move r1 0201 0301 0401", "move r2 0202", "end"])
    assert calls == ["write", "fsync"]
    assert [r.order for r in savefile.read(save_path).records][1:] == ["move r1 0201 0301 0401",
                                                                       "move r2 0202", "end"]


def test_a_batch_cut_short_by_a_failed_write_leaves_none_of_it(
        game: Game, save_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Failure (3): the write fails after the first two records of three are whole on disk."""
    before = save_path.read_bytes()
    batch = ["move r1 0201 0301 0401", "move r2 0202", "end"]
    records = game._resolve([(order, None) for order in batch])
    two = sum(len(savefile.record_bytes(r)[0]) for r, _ in records[:2])
    fail_the_save_write(monkeypatch, game, two + 5, "write")
    with pytest.raises(SaveError, match="could not be saved"):
        game.submit_all(batch)
    assert save_path.read_bytes() == before and game.seq == 0
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as again:
        assert again.seq == 0 and again.warnings == []


@pytest.mark.parametrize("damage", ["final newline", "hash digit", "hash line"])
def test_a_damaged_last_record_is_refused_never_cut(game: Game, save_path: Path, damage: str) -> None:
    """Failure (2): only a really incomplete record may be cut. A whole record whose hash line lost
    its final newline or a digit is damage: a writer refuses it, naming the file and the record."""
    played(game)
    game.close()
    data = save_path.read_bytes()
    if damage == "final newline":
        data = data[:-1]
    elif damage == "hash digit":
        data = data[:-2] + b"\n"
    else:
        data = data[:-34] + b"sha256 " + data[-33:]  # "# sha256 sha256 ...": a whole line, malformed
    save_path.write_bytes(data)
    save = savefile.read(save_path)  # readers still read every record before it, and say why not it
    assert len(save.records) == len(ORDERS) and "record 4 (from line" in save.warnings[0]
    for attempt in (lambda: Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR]),
                    lambda: savefile.Writer(save_path)):
        with pytest.raises(SaveError) as info:
            attempt()
        assert str(info.value).startswith(f"{save_path}: record 4 (from line")
        assert "hash line" in str(info.value) and "incomplete" not in str(info.value)
    assert save_path.read_bytes() == data


def test_damage_appended_by_another_process_is_refused(game: Game, save_path: Path) -> None:
    """A writer already open finds the damage when it next appends: refused, not cut."""
    other = Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR])
    other.submit("move r1 0201")
    other.close()
    data = save_path.read_bytes()[:-1]
    save_path.write_bytes(data)
    with pytest.raises(SaveError, match=r"record 1 \(at byte \d+\): its hash line is whole but lacks"):
        game.submit("move r2 0202")
    assert save_path.read_bytes() == data


def test_tail_damage_tells_torn_from_damaged() -> None:
    """docs/save-format.md: what a write cut short can leave, and nothing else, may be cut."""
    record = savefile.record_bytes(savefile.Record(1, "red", "order", "end", ()))[0]
    for cut in range(len(record) - 1):
        assert savefile.tail_damage(record[:cut]) is None, cut
    assert savefile.tail_damage(b"\n\n  \n") is None  # nothing but blank space
    assert savefile.tail_damage(record[:-1]) is not None  # every digit, no newline
    assert savefile.tail_damage(record.replace(b"# sha256 ", b"# sha257 ")[:-5]) is not None
    assert savefile.tail_damage(record.replace(b"# sha256 ", b"# sha256 x")[:-1]) is not None
    assert savefile.tail_damage(b"# a note\n") is not None
    assert savefile.tail_damage(b"\n[[record]]\nseq = 1\n# a note\nkind") is not None


def test_new_never_overwrites(game: Game, save_path: Path, testbed: Scenario) -> None:
    before = save_path.read_bytes()
    with pytest.raises(SaveError, match="exists already"):
        Game.new(testbed, save_path, seed=3)
    assert save_path.read_bytes() == before


@pytest.mark.parametrize("content, message", [
    (b"", "no \\[header\\] table"),
    (b"hello = [", "not a readable save"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[header]\nformat = 99\n", "newer tui-wargame"),
    (b"[header]\nformat = '1'\n", "format version"),
    (b"[header]\nformat = 1\nscenario = 3\n", "scenario: missing or not str"),
])
def test_unreadable_saves_name_the_problem(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=message) as info:
        savefile.read(path)
    assert str(path) in str(info.value)


def test_a_malformed_record_names_its_number(game: Game, save_path: Path) -> None:
    played(game)
    game.close()
    text = save_path.read_text().replace('kind = "order"\norder = "end"', 'kind = "order"\norder = 5', 1)
    save_path.write_text(text)
    with pytest.raises(SaveError, match="record 3: 'order' is missing or not str"):
        savefile.read(save_path)


def test_older_formats_are_upgraded_in_memory_and_copied_forward(
        game: Game, save_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played(game)
    game.close()
    # Pretend this version writes the next format and knows how to upgrade the current one.
    now = savefile.FORMAT

    def rename_order(doc: dict) -> dict:
        doc["header"]["options"]["upgraded"] = "yes"  # a system's choice: a string
        return doc

    monkeypatch.setattr(savefile, "FORMAT", now + 1)
    monkeypatch.setitem(savefile.UPGRADES, now, rename_order)
    old = savefile.read(save_path)
    assert old.upgraded_from == now and old.header.format == now + 1 and old.header.options["upgraded"]
    assert [r.order for r in old.records][1:] == ORDERS
    with pytest.raises(SaveError, match="tui-wargame upgrade"):
        savefile.Writer(save_path)
    copy = tmp_path / "copy.toml"
    savefile.create(copy, old.header, old.records)
    new = savefile.read(copy)
    assert new.upgraded_from is None and new.problems == []
    assert [r.events for r in new.records] == [r.events for r in old.records]


def test_a_format_without_an_upgrade_is_refused(game: Game, save_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game.close()
    monkeypatch.setattr(savefile, "FORMAT", savefile.FORMAT + 1)
    with pytest.raises(SaveError, match="too old"):
        savefile.read(save_path)


def test_text_after_the_last_record_is_not_called_a_torn_record(game: Game, save_path: Path) -> None:
    played(game)
    game.close()
    with save_path.open("a") as f:
        f.write("# a note from a player\n")
    save = savefile.read(save_path)
    assert len(save.records) == len(ORDERS) + 1  # nothing dropped
    assert "not part of the game" in save.warnings[0] and "incomplete" not in save.warnings[0]
    with pytest.raises(SaveError, match="not part of the game"):  # never removed silently
        Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR])


def test_verify_names_a_dropped_last_record(game: Game, save_path: Path) -> None:
    """Deleting the hash line of the last record drops it: verify must not call the file intact."""
    played(game)
    game.close()
    text = save_path.read_text()
    save_path.write_text(text[: text.rindex("# sha256")])
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as g:
        assert len(g.records) == len(ORDERS)
        problems = g.verify()
    assert problems and "is incomplete" in problems[0]


def test_header_options_must_have_their_types(game: Game, save_path: Path) -> None:
    game.close()
    save_path.write_text(save_path.read_text().replace("undo_dice = false", 'undo_dice = "yes"'))
    with pytest.raises(SaveError, match=r"\[header.options\] undo_dice: must be bool"):
        savefile.read(save_path)
    save_path.write_text(save_path.read_text().replace('undo_dice = "yes"', "undo_dice = false\nfree = 1"))
    with pytest.raises(SaveError, match=r"\[header.options\] free: must be str"):  # any system's choice
        savefile.read(save_path)


def test_play_names_the_damage_of_a_save_it_cannot_continue(game: Game, save_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """`play SAVE` used to take a save it could not write for a scenario file and report that."""
    from tui_wargame.cli import main

    played(game)
    game.close()
    save_path.write_bytes(save_path.read_bytes()[:-1])
    assert main(["--scenarios", str(TESTBED_DIR), "play", str(save_path)]) == 2
    err = capsys.readouterr().err
    assert "record 4 (from line" in err and "lacks its final newline" in err and "required field" not in err


def test_who_gave_each_order_is_kept_in_its_record_and_read_back(game: Game, save_path: Path) -> None:
    game.submit(ORDERS[0], by="computer:hard")
    game.submit_all(ORDERS[1:3], by="alice")
    game.submit(ORDERS[3])
    game.close()
    save = savefile.read(save_path)
    assert [r.by for r in save.records] == ["", "computer:hard", "alice", "alice", ""]
    assert save.problems == [] and save.warnings == []
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as again:
        assert [r.by for r in again.records] == ["", "computer:hard", "alice", "alice", ""]
        assert again.verify() == []  # who gave an order is not a rule's business


def test_who_gave_an_order_is_in_the_chain(game: Game, save_path: Path) -> None:
    game.submit(ORDERS[0], by="alice")
    game.close()
    save_path.write_text(save_path.read_text().replace('by = "alice"', 'by = "mallory"'))
    assert savefile.read(save_path).problems


@pytest.mark.parametrize("by", ["x" * (savefile.BY_LIMIT + 1), "bad\x1b[2Jname", "two\nlines"])
def test_a_name_that_is_not_one_is_refused_and_nothing_written(game: Game, save_path: Path, by: str) -> None:
    size = save_path.stat().st_size
    with pytest.raises(WargameError, match="printable name"):
        game.submit(ORDERS[0], by=by)
    assert save_path.stat().st_size == size and len(game.records) == 1


def test_a_by_that_is_not_a_short_string_names_its_record(game: Game, save_path: Path) -> None:
    game.submit(ORDERS[0], by="alice")
    game.close()
    save_path.write_text(save_path.read_text().replace('by = "alice"', "by = 5"))
    with pytest.raises(SaveError, match="record 1: 'by' must be a name"):
        savefile.read(save_path)
