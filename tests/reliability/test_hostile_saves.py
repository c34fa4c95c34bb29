"""Hostile saves and scenarios (issue 18, "Numbers and structure" and "Escape codes"): each forged
value is refused with one line naming the file and the record, exit status 2, nothing changed;
none hangs, exhausts memory or reaches the terminal as an escape code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.reliability.hostile import TESTBED_ORDERS, assert_refused, printable, rehash, run
from tests.reliability.random_play import ROOT
from tests.reliability.test_fuzz import play
from tui_wargame.engine import Game
from tui_wargame.scenario_file import find, load


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The text of a testbed save: set-up, two moves, an undo of the second (records 0 to 3)."""
    path = tmp_path_factory.mktemp("good") / "good.toml"
    with Game.new(find("testbed", [TESTBED_DIR]), path, seed=3) as game:
        for order in TESTBED_ORDERS:
            game.submit(order)
    return path.read_text()


def forged(tmp_path: Path, text: str, old: str, new: str) -> Path:
    """A save whose one occurrence of `old` became `new`, every hash recomputed."""
    assert text.count(old) == 1, old
    path = tmp_path / "forged.toml"
    path.write_bytes(rehash(text.replace(old, new).encode()))
    return path


R1_STEPS = '"unit" = "r1", "to" = "0101", "steps" = 2'
R1_MOVE = '"path" = ["0201", "0301", "0401"], "cost" = "3/2"'
R2_RESTORED = '"r2" = {"location" = "0102", "steps" = 2, "spent" = "0", "flags" = [], "phase_flags" = []}'


def test_the_forger_helper_makes_a_save_that_verifies(good: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = forged(tmp_path, good, R1_STEPS, R1_STEPS)  # nothing changed: the tests below change one value
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0 and err == "" and "ok" in out


@pytest.mark.parametrize(("new", "place"), [
    (R1_STEPS.replace("2", "9" * 5000), "record 0"),  # int() of over 4,300 digits: ValueError
    (R1_STEPS.replace("2", "[" * 100_000 + "]" * 100_000), "record 0"),  # RecursionError
    (R1_STEPS.replace("2", "9223372036854775808"), "record 0: event 0"),  # 2**63: IndexError in legal
    (R1_STEPS.replace("2", "9223372036854775807"), "record 0: unit_placed: 'r1' with"),
    (R1_STEPS.replace("2", "-1"), "record 0: unit_placed: 'r1' with -1 steps"),  # shown as "-1/2"
    (R1_STEPS.replace("2", "99"), "record 0: unit_placed: 'r1' with 99 steps"),
    (R1_STEPS.replace("2", "1.5"), "record 0: event 0"),
    (R1_STEPS + ', "note" = ' + "[" * 40 + "1" + "]" * 40, "record 0: event 0: unit_placed: note"),
])
def test_numbers_and_nesting_in_a_setup_event(good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               new: str, place: str) -> None:
    assert_refused(capsys, forged(tmp_path, good, R1_STEPS, new), place)


@pytest.mark.parametrize(("new", "place"), [
    (R1_MOVE.replace('"3/2"', '"1e999999999"'), "record 1: unit_moved: cost"),  # hung `show`
    (R1_MOVE.replace('"3/2"', '"3/0"'), "record 1: unit_moved: cost"),
    (R1_MOVE.replace('"3/2"', '"-3/2"'), "record 1: unit_moved: cost must not be negative"),
    (R1_MOVE.replace('"3/2"', '"1' + "0" * 30 + '"'), "record 1: unit_moved: cost"),
    (R1_MOVE + ', "when" = 1979-05-27', "record 1: event 0: unit_moved: when"),  # TypeError in `log`
])
def test_forged_move_facts(good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                           new: str, place: str) -> None:
    assert_refused(capsys, forged(tmp_path, good, R1_MOVE, new), place)


def test_a_date_in_a_report_is_refused(good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flagged = '{"kind" = "unit_flagged", "unit" = "r1", "flag" = "moved", "scope" = "phase"}'
    path = forged(tmp_path, good, flagged, flagged + ', {"kind" = "roll", "at" = 1979-05-27T07:32:00Z}')
    assert_refused(capsys, path, "record 1: event 2: roll: at")


@pytest.mark.parametrize(("new", "place"), [
    ('"r2" = 5', "record 3: state_restored: unit 'r2' must be a table"),  # AttributeError before
    (R2_RESTORED.replace('"steps" = 2', '"steps" = 99'), "record 3: state_restored: 'r2' with 99 steps"),
    (R2_RESTORED.replace('"0102"', '"9999"'), "record 3: state_restored: '9999' is neither"),
    (R2_RESTORED.replace('"spent" = "0"', '"spent" = "1e999999999"'), "record 3: state_restored: unit 'r2'"),
    (R2_RESTORED.replace('"flags" = []', '"flags" = [1]'), "record 3: state_restored: unit 'r2'"),
    ('"x9" = {"location" = "0102", "steps" = 1}', "record 3: state_restored: no unit 'x9'"),
])
def test_forged_undo_records(good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             new: str, place: str) -> None:
    assert_refused(capsys, forged(tmp_path, good, R2_RESTORED, new), place)


@pytest.mark.parametrize(("old", "new", "place"), [
    ('"turn" = 0, "phase" = "movement", "side" = "red", "units"', '"turn" = 9223372036854775807, '
     '"phase" = "movement", "side" = "red", "units"', "record 3: state_restored: turn"),
    ('"control_removed" = []', '"control_removed" = [1]', "record 3: state_restored: control_removed"),
    ('"control" = {}', '"control" = {"0101" = 1}', "record 3: state_restored: control"),
    ('"control" = {}', '"control" = {"0101" = "green"}', "record 3: state_restored: control of '0101'"),
    ('"control" = {}', '"result" = {"winner" = 1, "level" = "x", "reason" = "y"}',
     "record 3: state_restored: result"),
    ('"control" = {}', '"pending" = {"side" = "red", "decision" = 7, "prompt" = "p"}',
     "record 3: state_restored: pending"),
    ('reverts = 2\n', 'reverts = 7\n', "record 3: 'reverts' must name an earlier record"),
])
def test_forged_undo_facts(good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                           old: str, new: str, place: str) -> None:
    assert_refused(capsys, forged(tmp_path, good, old, new), place)


@pytest.mark.parametrize(("old", "new", "place"), [
    ('side = "red"\nkind = "order"\norder = "move r1', 'side = "\\u001b[2J\\u001b]0;pwned\\u0007"\n'
     'kind = "order"\norder = "move r1', "record 1: the text"),  # `log` printed a record's side
    ('"unit" = "r1", "flag" = "moved"', '"unit" = "r1", "flag" = "\\u001b[5mmoved"',
     "record 1: the text"),  # show printed a unit's flag
    ('order = "move r1 0201 0301 0401"', 'order = "move r1 0201 0301 0401\\u001b[8m"',
     "record 1: the text"),  # verify printed the order; SGR 8 hid the rest
    ('order = "move r1 0201 0301 0401"', 'order = "move r1 0201\u202e 0301 0401"', "record 1: the text"),
    ('order = "move r1 0201 0301 0401"', 'order = "move r1 0201\u009b31m 0301 0401"', "record 1: the text"),
    ('order = "move r1 0201 0301 0401"', 'order = "move r1 0201\t0301 0401"', "record 1: the text"),
    ('"kind" = "unit_flagged", "unit" = "r1"', '"kind" = "combat\\n\\u001b[31mresult", "unit" = "r1"',
     "record 1: the text"),  # replay --text printed a combat result
])
def test_control_characters_in_a_save_are_refused(good: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  old: str, new: str, place: str) -> None:
    assert_refused(capsys, forged(tmp_path, good, old, new), place)


def test_a_scenario_s_names_are_cleaned_where_it_is_read(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    text = (TESTBED_DIR / "testbed.toml").read_text()
    for name in ('name = "Red"', 'name = "Day 1 Morning"', 'title = "Testbed: the River Crossing"'):
        assert name in text, name
        text = text.replace(name, name[:-1] + '\\u001b]0;x\\u0007\\u001b[31m\\u202e\\u0085"', 1)
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "testbed.toml").write_text(text)
    scenario = load(folder / "testbed.toml")
    assert scenario.side["red"].name == "Red]0;x[31m" and scenario.turns[0].name == "Day 1 Morning]0;x[31m"
    code, out, err = run(capsys, "--scenarios", str(folder), "new", str(folder / "testbed.toml"),
                         "--out", str(tmp_path / "g.toml"))
    assert code == 0 and printable(out) and printable(err)
    assert "Testbed: the River Crossing]0;x[31m, seed" in out and "Red]0;x[31m: movement phase" in out


def test_a_forged_report_is_told_fact_by_fact(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A report the rule system cannot word (a combat whose attackers are a number) is still told."""
    text = play(tmp_path / "suez.toml", "suez1916", 250, 4)
    combat = re.search(r'\{"kind" = "combat", "attackers" = \[[^\]]*\]', text)
    assert combat, "the seeded game has a combat"
    path = forged(tmp_path, text, combat.group(), '{"kind" = "combat", "attackers" = 7')
    code, out, err = run(capsys, "--scenarios", str(ROOT / "scenarios"), "replay", "--text", str(path))
    assert code == 0 and "combat: attackers 7" in out and printable(out)
