"""Save-format versions: format 1 upgraded, newer formats and unknown state events refused.

The fixture `fixtures/format1_testbed.toml` was written by the format-1 program
(a testbed game with an undo, a retreat and control changes); it must read,
fold and upgrade as it is, byte for byte.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.engine.test_forgery import rehash
from tui_wargame import ledger, savefile
from tui_wargame.cli import main
from tui_wargame.model import EMPTY, Event, Marker, Table, fold
from tui_wargame.model.events import STATE_EVENTS, restore_event
from tui_wargame.savefile import Header, Record, SaveError

FORMAT_1 = Path(__file__).parent / "fixtures" / "format1_testbed.toml"


def events_of(save: savefile.SaveFile) -> list[Event]:
    return [e for r in save.records for e in r.events]


def test_the_format_1_fixture_is_read_upgraded_in_memory() -> None:
    assert re.search(r"^format = 1$", FORMAT_1.read_text(), re.M)
    save = savefile.read(FORMAT_1)
    assert save.upgraded_from == 1 and save.header.format == savefile.FORMAT == 4
    assert save.problems == [] and save.warnings == []  # the hash chain holds over the original bytes
    kinds = {e.kind for e in events_of(save)}
    assert "state_restored" in kinds and kinds & STATE_EVENTS == kinds - {"combat"}
    state = fold(EMPTY, events_of(save))
    assert state.control == {"0402": "blue", "0501": "blue"} and state.markers == {}
    with pytest.raises(SaveError, match="tui-wargame upgrade"):
        savefile.Writer(FORMAT_1)


def test_upgrade_copies_a_format_1_save_into_the_current_format(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    original = tmp_path / "old.toml"
    shutil.copy(FORMAT_1, original)
    out = tmp_path / "new.toml"
    assert main(["upgrade", str(original), "--out", str(out)]) == 0
    assert "format 1 copied" in capsys.readouterr().out
    assert original.read_bytes() == FORMAT_1.read_bytes()  # a save is never rewritten
    new = savefile.read(out)
    assert new.upgraded_from is None and new.header.format == savefile.FORMAT and new.problems == []
    assert events_of(new) == events_of(savefile.read(FORMAT_1))
    assert "state_events = [" in out.read_text()
    assert main(["upgrade", str(out)]) == 0
    assert "already in the current save format (4)" in capsys.readouterr().out


def old_save(tmp_path: Path, version: int) -> Path:
    """The format-1 fixture, or the same game as format 2 wrote it (no `game` in its header)."""
    path = tmp_path / f"format{version}.toml"
    shutil.copy(FORMAT_1, path)
    if version == 2:
        current = current_format(tmp_path)
        text = re.sub(r'^game = "[0-9a-f]*"\n', "", current.read_text(), count=1, flags=re.M)
        path.write_text(text.replace("format = 4\n", "format = 2\n", 1))
        rehash(path)
    return path


@pytest.mark.parametrize("version", [1, 2])
def test_an_upgraded_save_verifies_and_its_copy_is_a_new_game(tmp_path: Path, version: int,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Format 3 names the game in the header; an older save gets the identity its scenario, seed and
    creation time make, and its copy in the current format (re-chained) is a new save to the ledger."""
    monkeypatch.setenv(ledger.ENV, str(tmp_path / "ledger"))
    original = old_save(tmp_path, version)
    sc = ["--scenarios", str(TESTBED_DIR)]
    old = savefile.read(original)
    assert old.upgraded_from == version and old.problems == []
    assert old.header.game == savefile.read(FORMAT_1).header.game  # the same game, whichever format
    assert main([*sc, "verify", str(original)]) == 0
    out = tmp_path / "upgraded.toml"
    assert main(["upgrade", str(original), "--out", str(out)]) == 0
    assert main([*sc, "verify", str(out)]) == 0
    assert main([*sc, "verify", str(original)]) == 0  # both still open: two games to the ledger
    assert savefile.read(out).header.game != old.header.game
    assert "Traceback" not in capsys.readouterr().err


def test_an_undo_without_markers_is_written_as_format_1_wrote_it() -> None:
    """So that `verify` of an upgraded save re-runs its undo records to the very same events."""
    save = savefile.read(FORMAT_1)
    undo = next(r for r in save.records if r.kind == "undo")
    assert undo.reverts is not None
    states = [fold(EMPTY, events_of_first(save, n)) for n in range(undo.seq + 1)]
    assert undo.events == (restore_event(states[undo.seq], states[undo.reverts], undo.reverts),)


def events_of_first(save: savefile.SaveFile, n: int) -> list[Event]:
    return [e for r in save.records[:n] for e in r.events]


def test_a_format_1_report_named_like_a_new_state_event_stays_a_report(tmp_path: Path) -> None:
    """Format 1 treated every kind but its eleven as a report; its 'marker_placed' was one."""
    text = FORMAT_1.read_text()
    report = '    {"kind" = "marker_placed", "text" = "a rule system\'s own report"},\n'
    path = tmp_path / "old.toml"
    path.write_text(text.replace('event = [\n', 'event = [\n' + report, 2))
    save = savefile.read(path)
    renamed = [e for e in events_of(save) if e.kind == "marker_placed_report"]
    assert len(renamed) == 2 and not any(e.kind == "marker_placed" for e in events_of(save))
    assert fold(EMPTY, events_of(save)) == fold(EMPTY, events_of(savefile.read(FORMAT_1)))


def current_format(tmp_path: Path) -> Path:
    path = tmp_path / "new.toml"
    old = savefile.read(FORMAT_1)
    savefile.create(path, old.header, old.records)
    return path


def test_a_save_from_a_newer_format_is_refused_with_what_to_do(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = current_format(tmp_path)
    path.write_text(path.read_text().replace("format = 4\n", "format = 5\n", 1))
    with pytest.raises(SaveError) as info:
        savefile.read(path)
    assert str(info.value) == (f"{path}: written by a newer tui-wargame (format 5); this one reads "
                               f"formats 1-4: upgrade tui-wargame to open it")
    assert main(["--scenarios", str(TESTBED_DIR), "show", str(path)]) == 2
    err = capsys.readouterr().err
    assert "newer tui-wargame (format 5)" in err and "Traceback" not in err


def test_a_state_event_this_program_does_not_know_is_refused_not_skipped(tmp_path: Path) -> None:
    """A newer program's state event listed in the header: folding on as if it were a report
    would misread the game, so the save is refused, naming the event."""
    path = current_format(tmp_path)
    text = path.read_text()
    path.write_text(text.replace('state_events = [', 'state_events = [\n    "marker_moved",', 1))
    with pytest.raises(SaveError) as info:
        savefile.read(path)
    assert str(info.value) == (f"{path}: written by a newer tui-wargame (format 4, with state events this "
                               f"one does not know: marker_moved): upgrade tui-wargame to open it")


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: re.sub(r"state_events = \[[^]]*\]\n", "", t), "state_events: missing"),
    (lambda t: t.replace('    "marker_changed",\n', "", 1), "marker_changed missing, which format 4 folds"),
    (lambda t: t.replace("state_events = [", "state_events = [\n    3,", 1), "not a list of event kinds"),
])
def test_a_damaged_list_of_state_events_is_refused(tmp_path: Path, edit, message: str) -> None:
    path = current_format(tmp_path)
    path.write_text(edit(path.read_text()))
    with pytest.raises(SaveError, match=message):
        savefile.read(path)


def test_kinds_the_header_does_not_list_are_reports(tmp_path: Path) -> None:
    """Reports are told apart by the save itself: any kind its header does not list."""
    path = current_format(tmp_path)
    path.write_text(path.read_text().replace(
        'event = [\n', 'event = [\n    {"kind" = "barrage_drifted", "hex" = "0402"},\n', 1))
    save = savefile.read(path)
    assert events_of(save)[0].kind == "barrage_drifted"
    assert fold(EMPTY, events_of(save)) == fold(EMPTY, events_of(savefile.read(FORMAT_1)))


def test_markers_and_structured_values_survive_a_save(tmp_path: Path) -> None:
    """Written and read back (by the fast record reader and by tomllib alike), folded the same."""
    weather = {"sky": "storm", "moisture": 9, "forecast": [{"turn": 2, "sky": "clear"}], "wind": ["NE", 2]}
    events = (
        Event.of("value_set", key="weather", value=weather),
        Event.of("marker_placed", place="0402", marker="trenches", value=2, side="blue"),
        Event.of("marker_placed", place="0402", marker="mines", id="a", side="red", hidden=True, value=1),
        Event.of("marker_changed", place="0402", marker="trenches", becomes="improved_fort"),
    )
    header = Header("testbed", "x" * 64, "testbed", 1, "2026-11-24T00:00:00Z", "tui-wargame test", {})
    path = tmp_path / "markers.toml"
    savefile.create(path, header, [Record(0, "", "setup", "setup", events)])
    fast = savefile.read(path)
    assert events_of(fast) == list(events)
    path.write_text(path.read_text().replace('"sky" = "storm"', '"sky"="storm"'))  # off the fast path
    slow = savefile.read(path)
    assert events_of(slow) == list(events) and slow.problems  # the edit is seen, the reading agrees
    state = fold(EMPTY, events_of(fast))
    assert state.values["weather"] == Table({"sky": "storm", "moisture": 9, "wind": ("NE", 2),
                                             "forecast": (Table({"turn": 2, "sky": "clear"}),)})
    assert state.markers == {"0402": (Marker("improved_fort", side="blue", value=2),
                                      Marker("mines", "a", "red", 1, True))}


def test_a_loaded_marker_must_belong_to_a_side_of_the_scenario(testbed, tmp_path: Path) -> None:
    from tui_wargame.engine import Game

    game = Game.new(testbed, tmp_path / "g.toml", seed=3)
    game.close()
    setup = game.records[0]
    for side, ok in (("blue", True), ("", True), ("green", False)):
        marker = Event.of("marker_placed", place="0402", marker="wire", side=side)
        records = [Record(0, "", "setup", setup.order, (*setup.events, marker))]
        if ok:
            assert Game(testbed, game.header, records).state.markers["0402"] == (Marker("wire", side=side),)
        else:
            with pytest.raises(SaveError, match="record 0: marker_placed: no side 'green'"):
                Game(testbed, game.header, records)


def test_a_new_state_event_needs_a_new_format() -> None:
    """The state events each format folds: adding one to STATE_EVENTS without a new FORMAT (and its
    upgrade step) would let this program and the one before it read one save differently."""
    by_format = {
        1: savefile.FORMAT_1_STATE_EVENTS,
        2: savefile.FORMAT_1_STATE_EVENTS | {"marker_placed", "marker_changed", "marker_removed"},
    }
    by_format[3] = by_format[2]  # format 3 bound the game's identity into the header, no new event
    by_format[4] = by_format[3]  # format 4: a hosted game's seal and seat records, no new event
    assert STATE_EVENTS == by_format[savefile.FORMAT], "a state event was added or removed: bump FORMAT"
    assert set(savefile.UPGRADES) == set(range(1, savefile.FORMAT))
