"""The save file: append-only, hash-chained, torn tails dropped, one writer at a time."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import savefile
from tui_wargame.engine import Game
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
    for cut in range(start + 2, len(data)):
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


def test_a_second_writer_in_the_same_process_is_refused(game: Game, save_path: Path) -> None:
    before = save_path.read_bytes()
    with pytest.raises(SaveLocked, match="another tui-wargame process"):
        savefile.Writer(save_path)
    assert save_path.read_bytes() == before
    game.close()
    savefile.Writer(save_path).close()  # free again once the first writer is gone


def test_a_second_writer_in_another_process_is_refused(save_path: Path, testbed: Scenario) -> None:
    Game.new(testbed, save_path, seed=1).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys
            from tui_wargame import savefile
            w = savefile.Writer({str(save_path)!r})
            print("locked", flush=True)
            sys.stdin.read()
        """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(SaveLocked):
            savefile.Writer(save_path)
    finally:
        holder.communicate("")
    savefile.Writer(save_path).close()


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
    # Pretend this version writes format 3 and knows how to upgrade format 2.
    def rename_order(doc: dict) -> dict:
        doc["header"]["options"]["upgraded"] = True
        return doc

    monkeypatch.setattr(savefile, "FORMAT", 3)
    monkeypatch.setitem(savefile.UPGRADES, 2, rename_order)
    old = savefile.read(save_path)
    assert old.upgraded_from == 2 and old.header.format == 3 and old.header.options["upgraded"]
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
    monkeypatch.setattr(savefile, "FORMAT", 3)
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
