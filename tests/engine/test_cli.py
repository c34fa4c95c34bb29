"""The headless command line: each command over the engine API, its output and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import cli, savefile
from tui_wargame.cli import _merge_late, main, parser
from tui_wargame.engine import Game

SC = ["--scenarios", str(TESTBED_DIR)]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([*SC, *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "g.toml"
    code, out, _ = run(capsys, "new", "testbed", "--seed", "11", "--out", str(path))
    assert code == 0 and "seed 11" in out and str(path) in out
    return path


def test_scenarios_lists_id_title_sides_and_length(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios", "--json")
    [s] = [x for x in json.loads(out) if x["id"] == "testbed"]
    assert code == 0 and s["title"] == "Testbed: the River Crossing"
    assert [x["id"] for x in s["sides"]] == ["red", "blue"]
    assert s["turns"] == 4 and "Day 1 Morning to Day 2 Morning" in s["length"]
    code, out, _ = run(capsys, "scenarios")
    assert "testbed" in out and "Red vs Blue" in out


def test_new_writes_under_saves_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TUI_WARGAME_SAVES")  # the default folder, saves/ in the current one
    assert run(capsys, "new", "testbed")[0] == 0
    assert run(capsys, "new", "testbed")[0] == 0
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["testbed-1.toml", "testbed-2.toml"]


def test_new_takes_the_next_free_name_when_another_new_takes_its_name_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: two `new` at once both see testbed-1 free; the one that loses the race takes
    testbed-2 instead of failing."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TUI_WARGAME_SAVES")  # the default folder, saves/ in the current one
    create = savefile.create

    def raced(path: Path, *args: object) -> savefile.SaveFile:
        if path.name == "testbed-1.toml":
            path.parent.mkdir(exist_ok=True)
            path.write_text("another process's game")  # it got there between the look and the create
        return create(path, *args)

    monkeypatch.setattr(savefile, "create", raced)
    code, out, err = run(capsys, "new", "testbed")
    assert code == 0, err
    assert f"saved in {Path('saves') / 'testbed-2.toml'}" in out
    assert (tmp_path / "saves" / "testbed-1.toml").read_text() == "another process's game"


def test_new_with_a_saves_folder_that_cannot_be_one(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for saves in (tmp_path / "a-file", Path("/dev/null")):
        if saves != Path("/dev/null"):
            saves.write_text("a file")
        monkeypatch.setenv("TUI_WARGAME_SAVES", str(saves))
        code, _, err = run(capsys, "new", "testbed")
        assert code == 2 and err.startswith(f"tui-wargame: {saves}: the saves folder cannot be made (")


def test_new_refuses_unknown_scenarios_and_options(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "new", "atlantis", "--out", str(tmp_path / "x.toml"))
    assert code == 2 and "no such scenario" in err and "Traceback" not in err
    code, _, err = run(capsys, "new", "testbed", "--option", "setup=free", "--out", str(tmp_path / "y.toml"))
    assert code == 2 and "no game option 'setup'" in err and "undo_dice" in err
    assert not (tmp_path / "y.toml").exists()
    code, _, err = run(capsys, "new", "testbed", "--option", "setup", "--out", str(tmp_path / "y.toml"))
    assert code == 2 and "NAME=CHOICE" in err and not (tmp_path / "y.toml").exists()
    code, _, err = run(capsys, "new", "testbed", "--option", "undo_dice=false", "--out",
                       str(tmp_path / "y.toml"))
    assert code == 2 and "set by its own flag, --undo-dice" in err and not (tmp_path / "y.toml").exists()
    code, _, err = run(capsys, "new", "testbed", "--option", "x=1", "--option", "x=2", "--out",
                       str(tmp_path / "y.toml"))
    assert code == 2 and "x is given twice" in err and not (tmp_path / "y.toml").exists()


def test_legal_lists_orders_and_decision_answers(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "legal", str(save), "--json")
    data = json.loads(out)
    assert code == 0 and data["to_act"] == "red" and data["pending"] is None
    assert "move r1 0201" in data["orders"] and "end" in data["orders"]
    code, out, _ = run(capsys, "legal", str(save))
    assert out.splitlines()[0] == "# Red: movement phase (Testbed 1)" and "move r2 0202" in out


def test_order_appends_and_reports(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "order", str(save), "move r1 0201 0301 0401", "end")
    assert code == 0
    assert "accepted [1] Red: move r1 0201 0301 0401" in out
    # the narrative's own words: the testbed has no `describe`
    assert "1st Red Rifles (r1) moves 0101 - 0201 - 0301 - 0401 (cost 3/2)" in out
    assert out.rstrip().endswith("Red: combat phase (Testbed 1)")


def test_an_illegal_order_exits_1_and_leaves_the_file_unchanged(
        save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = save.read_bytes()
    code, _, err = run(capsys, "order", str(save), "move r1 0201", "move r1 0202")
    assert code == 1 and err.strip() == "refused: r1 has moved already this phase (Testbed 2)"
    code, _, err = run(capsys, "order", str(save), "fly r1 0606")
    assert code == 1 and "unknown order 'fly'" in err
    code, _, err = run(capsys, "order", str(save), "end", "--as", "blue")
    assert code == 1 and "the Red turn to act, not the Blue turn" in err
    assert save.read_bytes() == before


def test_undo(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "order", str(save), "move r1 0201")
    code, out, _ = run(capsys, "undo", str(save))
    assert code == 0 and "Undone: record 1 (move r1 0201)" in out
    code, _, err = run(capsys, "undo", str(save))
    assert code == 1 and "nothing to undo" in err


def test_show_text_and_json(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "order", str(save), "move r1 0201 0301 0401", "end")
    code, out, _ = run(capsys, "show", str(save), "--json")
    view = json.loads(out)
    assert code == 0 and view["phase"] == "combat" and view["active"] == "red" and view["seq"] == 2
    assert view["turn_name"] == "Day 1 Morning" and view["to_act"] == "red"
    r1 = next(u for u in view["units"] if u["id"] == "r1")
    assert r1 == {"id": "r1", "name": "1st Red Rifles", "side": "red", "where": "0401", "on_map": True,
                  "steps": 2, "max_steps": 2, "flags": []}
    r3 = next(u for u in view["units"] if u["id"] == "r3")
    assert r3["where"] == "reinforcements" and not r3["on_map"]
    assert view["victory_points"] == {"red": 0, "blue": 3} and view["over"] is False
    code, out, _ = run(capsys, "show", str(save), "--at", "1", "--json")
    assert json.loads(out)["phase"] == "movement"
    code, out, _ = run(capsys, "show", str(save))
    assert "Phase: combat" in out and "Victory points: Red 0, Blue 3" in out and "1st Red Rifles" in out
    code, _, err = run(capsys, "show", str(save), "--at", "99")
    assert code == 2 and "records 0 to 2" in err


def test_show_names_a_pending_decision_and_the_verdict(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(50):
        path = tmp_path / f"g{seed}.toml"
        run(capsys, "new", "testbed", "--seed", str(seed), "--out", str(path))
        run(capsys, "order", str(path), "move r1 0201 0301 0401", "end", "attack r1 0402")
        view = json.loads(run(capsys, "show", str(path), "--json")[1])
        if view["pending"]:
            break
    assert view["pending"]["side"] == "blue" and view["pending"]["kind"] == "retreat_or_lose"
    assert view["to_act"] == "blue"
    run(capsys, "order", str(path), "lose b1", *["end"] * 15)  # to the end of the last turn
    view = json.loads(run(capsys, "show", str(path), "--json")[1])
    assert view["over"] and view["result"]["winner"] in ("red", "blue", "")
    assert "Game over. The game ends" in run(capsys, "show", str(path))[1]


def test_log_carries_the_combat_explanation(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "order", str(save), "move r1 0201 0301 0401", "end", "attack r1 0402")
    code, out, _ = run(capsys, "log", str(save), "--json")
    records = json.loads(out)
    assert [r["seq"] for r in records] == [0, 1, 2, 3]
    assert records[3]["side"] == "red" and records[3]["order"] == "attack r1 0402" and records[3]["final"]
    combat = next(e for e in records[3]["events"] if e["kind"] == "combat")
    assert set(combat) >= {"attackers", "defenders", "attack", "defence", "differential", "row", "shifts",
                           "column", "die", "result"}
    code, out, _ = run(capsys, "log", str(save))
    assert "[3] red order: attack r1 0402" in out and "    combat attackers=[\"r1\"]" in out


def test_log_says_who_gave_an_order_when_the_record_knows(save: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with Game.open(save, write=True, scenario_dirs=[TESTBED_DIR]) as game:
        game.submit("move r1 0201 0301 0401", by="computer:hard")
    code, out, _ = run(capsys, "log", str(save))
    assert code == 0 and "[1] red order: move r1 0201 0301 0401 by computer:hard" in out
    code, out, _ = run(capsys, "log", str(save), "--json")
    records = json.loads(out)
    assert records[1]["by"] == "computer:hard" and "by" not in records[0]


def test_replay_text_tells_the_game_turn_by_turn(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "order", str(save), "move r1 0201 0301 0401", "end", "attack r1 0402")
    code, out, _ = run(capsys, "replay", str(save), "--text")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Testbed: the River Crossing: set-up")
    assert "== Day 1 Morning ==" in lines and "-- Red: combat phase --" in lines
    # the testbed words none of its reports: the narrative lists their facts plainly
    assert any(line.strip().startswith("combat: attackers r1; defenders b1;") for line in lines), lines


def test_verify(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "order", str(save), "move r1 0201 0301 0401", "end", "attack r1 0402")
    code, out, _ = run(capsys, "verify", str(save))
    assert code == 0 and "ok: 4 records" in out
    text = save.read_text()
    die = json.loads(run(capsys, "log", str(save), "--json")[1])[3]["events"][1]["die"]
    save.write_text(text.replace(f'"die" = {die}', f'"die" = {die % 6 + 1}'))
    code, out, err = run(capsys, "verify", str(save))
    assert code == 1 and "record 3" in out and "hash chain is broken" in err


def test_bad_files_give_one_line_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("this is not a save")
    for command in ("show", "log", "legal", "verify"):
        code, out, err = run(capsys, command, str(bad))
        assert code == 2 and err.startswith(f"tui-wargame: {bad}") and "Traceback" not in err
    code, _, err = run(capsys, "show", str(tmp_path / "missing.toml"))
    assert code == 2 and "cannot be read" in err


def test_names_with_control_characters_print_inert(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "scen"
    folder.mkdir()
    text = (TESTBED_DIR / "testbed.toml").read_text().replace(
        'name = "1st Red Rifles"', 'name = "1st \\u001b]0;pwned\\u0007Red\\u001b[2J Rifles"')
    (folder / "testbed.toml").write_text(text)
    path = tmp_path / "g.toml"
    assert main(["--scenarios", str(folder), "new", "testbed", "--out", str(path)]) == 0
    assert main(["--scenarios", str(folder), "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "1st ]0;pwnedRed[2J Rifles" in out


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0 and "usage: tui-wargame" in out
    for command in ("scenarios", "new", "legal", "order", "undo", "show", "log", "replay", "verify"):
        assert command in out


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run([sys.executable, "-m", "tui_wargame", "--version"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and result.stdout.startswith("tui-wargame ")


def test_an_unknown_side_is_a_bad_argument(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = save.read_bytes()
    code, _, err = run(capsys, "order", str(save), "end", "--as", "nobody")
    assert code == 2 and "--as nobody: no such side (the sides are red (Red), blue (Blue))" in err
    assert save.read_bytes() == before


def test_new_takes_the_rule_systems_options_by_name(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """`--option NAME=CHOICE` is checked against what the scenario's system offers (F&M: the set-up)."""
    out_file = tmp_path / "free.toml"
    code, _, err = run(capsys, "new", "suez1916", "--seed", "3", "--option", "setup=free",
                       "--out", str(out_file))
    assert code == 0, err
    game = Game.open(out_file)
    assert game.header.options == {"undo_dice": False, "setup": "free"}
    assert game.records[0].order == "setup free"
    assert game.state.phase == "setup"  # Suez 11.1: the free set-up's own phase
    code, _, err = run(capsys, "new", "suez1916", "--option", "setup=random", "--out",
                       str(tmp_path / "x.toml"))
    assert code == 2 and "option setup: no choice 'random' (the choices are: historical, free)" in err
    assert not (tmp_path / "x.toml").exists()


def test_scenarios_lists_each_option_with_its_choices(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios", "--json")
    by_id = {s["id"]: s for s in json.loads(out)}
    assert by_id["testbed"]["options"] == []  # a core-only system offers none
    (setup,) = by_id["suez1916"]["options"]
    assert setup["name"] == "setup" and setup["default"] == "historical" and set(setup["choices"]) == {
        "historical", "free"}
    code, out, _ = run(capsys, "scenarios")
    assert "--option setup=historical|free: how the counters are deployed" in out


def test_a_save_written_with_the_old_setup_option_still_opens_and_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Saves from before system options name `setup` in their header whatever the system."""
    new = tmp_path / "new.toml"
    assert run(capsys, "new", "testbed", "--seed", "5", "--out", str(new))[0] == 0
    assert run(capsys, "order", str(new), "move r1 0201 0301 0401", "end", "attack r1 0402")[0] == 0
    save = savefile.read(new)
    header = attrs.evolve(save.header, options={"setup": "historical", "undo_dice": False})
    setup = attrs.evolve(save.records[0], order="setup historical")
    old = tmp_path / "old.toml"
    savefile.create(old, header, [setup])
    with Game.open(old, write=True, scenario_dirs=[TESTBED_DIR]) as game:
        for record in save.records[1:]:
            game.submit(record.order, record.side)
    code, out, _ = run(capsys, "verify", str(old))
    assert code == 0 and "ok: 4 records" in out
    first = run(capsys, "replay", str(old), "--text")[1].splitlines()[0]
    assert first.endswith("set-up (setup historical), seed 5")


def test_order_move_to_a_far_hex_takes_the_cheapest_path(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    """F&M 5.0 on Suez: `move 31-2 2228` (four hexes away) goes the cheapest way, as the screen's
    reach and `move_order` find it; the record keeps the order as typed."""
    path = tmp_path / "s.toml"
    assert run(capsys, "new", "suez1916", "--seed", "3", "--out", str(path))[0] == 0
    code, out, err = run(capsys, "order", str(path), "move 31-2 2228")
    assert code == 0, err
    assert "accepted [1] Central Powers: move 31-2 2228" in out and "2628 - 2529 - 2429 - 2329 - 2228" in out
    with Game.open(path) as game:
        assert game.records[-1].events[0]["path"] == ["2529", "2429", "2329", "2228"]


# --- issue 17: the command line as a newcomer meets it ---


def test_global_options_are_taken_after_the_command_too(
        save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["play", "suez1916", "--ascii", "--debug", "--scenarios", "a"])
    _merge_late(args)
    assert args.ascii and args.debug and args.scenarios == ["a"]
    args = parser().parse_args(["--scenarios", "a", "play", "suez1916", "--scenarios", "b"])
    _merge_late(args)
    assert args.scenarios == ["a", "b"] and not args.ascii  # added to those before, never instead
    assert main(["show", str(save), "--scenarios", str(TESTBED_DIR)]) == 0
    assert "1st Red Rifles" in capsys.readouterr().out


def test_a_scenarios_folder_that_does_not_exist_is_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--scenarios", str(tmp_path / "nowhere"), "scenarios"]) == 2
    assert capsys.readouterr().err == f"tui-wargame: --scenarios {tmp_path / 'nowhere'}: no such folder\n"
    (tmp_path / "a-file").write_text("")
    assert main(["scenarios", "--scenarios", str(tmp_path / "a-file")]) == 2
    assert capsys.readouterr().err == f"tui-wargame: --scenarios {tmp_path / 'a-file'}: not a folder\n"


def test_a_toml_that_is_neither_save_nor_scenario_is_told_in_one_line(
        save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)  # play looks at the file before any screen
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "x"\n')
    for command in (["play", str(other)], ["new", str(other)]):
        code, _, err = run(capsys, *command)
        assert code == 2 and err.count("\n") == 1, err
        assert err.startswith(f"tui-wargame: {other}: neither a scenario nor a save")
    code, _, err = run(capsys, "new", str(save))
    assert code == 2 and err == f"tui-wargame: {save}: a save, not a scenario (it has a [header] table)\n"


def test_show_never_cuts_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = "The Very Long Name of the First Red Rifles Regiment"
    source = (TESTBED_DIR / "testbed.toml").read_text().replace('name = "1st Red Rifles"', f'name = "{long}"')
    (tmp_path / "testbed.toml").write_text(source)
    path = tmp_path / "g.toml"
    assert main(["new", str(tmp_path / "testbed.toml"), "--out", str(path)]) == 0
    capsys.readouterr()
    assert main(["show", str(path), "--scenarios", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    [row] = [line for line in out.splitlines() if line.strip().startswith("r1 ")]
    assert long in row and "2/2" in row
    [other] = [line for line in out.splitlines() if line.strip().startswith("r2 ")]
    assert row.index("0101") == other.index("0102")  # the columns still line up


def test_play_without_a_terminal_exits_at_once_and_writes_no_save(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2]), "TUI_WARGAME_SAVES": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "tui_wargame", "play", "suez1916"], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and done.stderr.startswith("tui-wargame: play needs a terminal")
    assert done.stderr.count("\n") == 1 and list(tmp_path.iterdir()) == []
