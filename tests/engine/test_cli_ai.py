"""`tui-wargame ai` and `play --vs/--as` (issue 15): the computer plays the side to act through
`Game.submit`, its records marked with its level; the opponent is kept in the save's header."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import cli, opponent
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.model import Scenario

SC = ["--scenarios", str(TESTBED_DIR)]
FIXTURES = Path(__file__).parent / "fixtures"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([*SC, *argv])
    out, err = capsys.readouterr()
    return code, out, err


def opened(save: Path, write: bool = False) -> Game:
    return Game.open(save, write=write, scenario_dirs=[TESTBED_DIR])


def new(capsys: pytest.CaptureFixture[str], path: Path, seed: int = 11) -> Path:
    assert run(capsys, "new", "testbed", "--seed", str(seed), "--out", str(path))[0] == 0
    return path


def test_ai_plays_the_side_to_act_until_the_other_sides_turn(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    save = new(capsys, tmp_path / "g.toml")
    code, out, err = run(capsys, "ai", str(save), "--level", "hard")
    assert (code, err) == (0, "")
    with opened(save) as game:
        given = game.records[1:]
        assert given and {r.side for r in given} == {"red"} and {r.by for r in given} == {"computer:hard"}
        assert game.state.to_act == "blue"
        assert game.verify() == []  # ordinary records: a replay needs no computer
    assert out.startswith("The computer (hard) plays Red.\n")
    assert "accepted [1] Red: " in out and out.rstrip().endswith(game.prompt())  # told as `order` tells it


def test_ai_answers_a_decision_its_side_owes_and_stops_at_the_other_sides(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Blue's attack leaves Red a decision (Testbed 4): `ai` for Red answers it, and stops as
    soon as Blue is to act again, in the middle of Blue's turn."""
    save = new(capsys, tmp_path / "g.toml")
    with opened(save, write=True) as game:
        game.submit_all(["move r1 0102 0103", "move r2 0101", "end", "end", "move b1 0401 0301 0201 0102",
                         "move b2 0401 0301 0201 0102", "end", "attack b1 0101", "attack b2 0101"])
        assert game.state.pending is not None and game.state.to_act == "red"
    assert run(capsys, "ai", str(save))[0] == 0
    with opened(save) as game:
        (answer,) = game.records[10:]
        assert (answer.side, answer.by, game.state.active, game.state.to_act) == (
            "red", "computer:normal", "blue", "blue")


def test_ai_plays_a_game_to_its_end_then_refuses_it(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    save = new(capsys, tmp_path / "g.toml")
    for _ in range(40):
        with opened(save) as game:
            if game.state.over:
                break
        assert run(capsys, "ai", str(save), "--level", "easy")[0] == 0
    with opened(save) as game:
        assert game.state.over and game.verify() == []
        records = len(game.records)
    code, out, err = run(capsys, "ai", str(save))
    assert code == 1 and out == ""
    assert err.startswith(f"tui-wargame: {save}: The game is over") and "nothing to play" in err
    assert err.count("\n") == 1
    with opened(save) as game:
        assert len(game.records) == records


def test_ai_is_deterministic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same save and level give the same orders, whoever runs it and wherever the save lies."""
    first = new(capsys, tmp_path / "a.toml")
    second = tmp_path / "b.toml"
    shutil.copy(first, second)
    for save in (first, second):
        for _ in range(3):
            assert run(capsys, "ai", str(save), "--level", "normal")[0] == 0
    with opened(first) as a, opened(second) as b:
        assert [(r.side, r.order, r.by) for r in a.records] == [(r.side, r.order, r.by) for r in b.records]
        assert len(a.records) > 8


def test_ai_refuses_an_unknown_level_and_a_save_it_cannot_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = new(capsys, tmp_path / "g.toml")
    code, _, err = run(capsys, "ai", str(save), "--level", "grandmaster")
    assert code == 2 and err == ("tui-wargame: --level: no computer level 'grandmaster'; "
                                 "the levels are easy, normal, hard\n")
    old = tmp_path / "old.toml"  # a save of an older format opens, but only `upgrade` writes it
    shutil.copy(FIXTURES / "format1_testbed.toml", old)
    code, out, err = run(capsys, "ai", str(old))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"tui-wargame: {old}: written in save format 1; run `tui-wargame upgrade")


def test_play_refuses_a_bad_opponent_before_making_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUI_WARGAME_SAVES", str(tmp_path / "saves"))
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    cases = {
        ("--vs", "robot", "--as", "red"): "--vs robot: the only opponent is the computer: give `computer` "
                                          "or `computer:LEVEL`, the levels being easy, normal, hard",
        ("--vs", "computer:expert", "--as", "red"): "--vs computer:expert: no computer level 'expert'; "
                                                    "the levels are easy, normal, hard",
        ("--vs", "computer", "--as", "green"): "--as green: no such side "
                                               "(the sides are red (Red), blue (Blue))",
        ("--vs", "computer"): "--vs computer: say which side you play with --as SIDE (one of red, blue)",
    }
    for argv, message in cases.items():
        code, out, err = run(capsys, "play", "testbed", *argv)
        assert (code, out) == (2, "") and err == f"tui-wargame: {message}\n", argv
    assert not (tmp_path / "saves").exists()


def test_opponent_side_by_id_or_name_in_any_case_kept_in_the_header(testbed: Scenario,
                                                                    tmp_path: Path) -> None:
    assert (opponent.from_arguments(testbed, "computer", "BLUE")
            == opponent.Opponent("blue", "normal", ("red",)))
    chosen = opponent.from_arguments(testbed, "Computer:Hard", "Red")
    assert chosen == opponent.Opponent("red", "hard", ("blue",)) and chosen.by == "computer:hard"
    assert opponent.from_arguments(testbed, None, None) is None
    with Game.new(testbed, tmp_path / "g.toml", seed=1, options=chosen.options()) as game:
        assert dict(game.header.options) == {"undo_dice": False, "opponent": "computer:hard", "player": "red"}
    with opened(tmp_path / "g.toml") as game:
        assert opponent.from_options(testbed, game.header.options, "g.toml") == chosen
        assert game.verify() == []  # the engine accepts the opponent as options of the game
    with pytest.raises(WargameError, match=r"^g.toml: \[header.options\] player nobody: no such side"):
        opponent.from_options(testbed, {"opponent": "computer:easy", "player": "nobody"}, "g.toml")
    with pytest.raises(WargameError, match="option player: 3 is not a str"):
        Game.new(testbed, tmp_path / "h.toml", options={"opponent": "computer", "player": 3})


def test_the_opponent_options_are_named_in_one_place() -> None:
    """What the engine accepts in a header (OPPONENT_OPTIONS) and what opponent.py writes and reads
    are the same names, spelt once: a name changed in one place cannot leave the other behind."""
    import inspect
    import re

    from tui_wargame import engine

    assert engine.OPPONENT_OPTIONS == {opponent.OPPONENT, opponent.PLAYER}
    assert (opponent.OPPONENT, opponent.PLAYER) == (engine.OPPONENT, engine.PLAYER)
    spelt = [m.__name__ for m in (engine, opponent) if re.search(r"""["'](opponent|player)["']""",
                                                                inspect.getsource(m))]
    assert spelt == ["tui_wargame.engine"]


def test_play_takes_the_opponent_from_the_save_unless_given(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """`play SCENARIO --vs --as` writes the opponent in the new save; `play SAVE` plays it the same
    way, and `--vs`/`--as` given with a save hold for that session only (`--as` alone: live)."""
    seated: list[tuple[str | None, opponent.Opponent | None]] = []

    def app(args, start, game=None, greeting="", side=None, rival=None):  # noqa: ANN001, ANN202
        seated.append((side, rival))
        if game.seq == 0:
            game.submit("end")  # played: a new game left unplayed leaves no save
        game.close()
        return 0

    monkeypatch.setattr(cli, "_run_app", app)
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    monkeypatch.setenv("TUI_WARGAME_SAVES", str(tmp_path / "saves"))
    assert run(capsys, "play", "testbed", "--vs", "computer:easy", "--as", "Blue")[0] == 0
    save = tmp_path / "saves" / "testbed-1.toml"
    assert run(capsys, "play", str(save))[0] == 0
    assert run(capsys, "play", str(save), "--vs", "computer:hard", "--as", "red")[0] == 0
    assert run(capsys, "play", str(save), "--as", "red")[0] == 0
    blue_easy = (None, opponent.Opponent("blue", "easy", ("red",)))
    assert seated == [blue_easy, blue_easy, (None, opponent.Opponent("red", "hard", ("blue",))),
                      ("red", None)]
    with opened(save) as game:
        assert game.header.options["opponent"] == "computer:easy" and game.header.options["player"] == "blue"
