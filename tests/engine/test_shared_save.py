"""One save, several writers: each append checks the file still ends where its writer last saw it,
takes in what the others appended, and checks its orders again (docs/save-format.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import ledger, savefile
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import IllegalOrder, Scenario


def second(save_path: Path) -> Game:
    return Game.open(save_path, write=True, scenario_dirs=[TESTBED_DIR])


def intact(save_path: Path) -> Game:
    """The save reopened: no warning, an unbroken chain, and every record what a re-run gives."""
    save = savefile.read(save_path)
    assert save.warnings == [] and save.problems == []
    game = Game.open(save_path, scenario_dirs=[TESTBED_DIR])
    assert game.verify() == []
    return game


def test_two_writers_take_turns_and_see_each_other(game: Game, save_path: Path) -> None:
    other = second(save_path)
    first = game.submit("move r1 0201 0301 0401")
    assert other.refresh() == [first] and other.state == game.state
    assert other.refresh() == []
    answer = other.submit("move r2 0202")
    assert game.refresh() == [answer] and game.state == other.state
    game.submit("end")
    assert [r.order for r in other.refresh()] == ["end"]  # as a screen polling the save does
    other.submit("attack r1 0402")
    assert game.refresh()[-1].order == "attack r1 0402" and game.state == other.state
    other.close()
    with intact(save_path) as reread:
        assert [r.order for r in reread.records] == [r.order for r in game.records]
        assert reread.state == game.state


def test_a_stale_order_still_legal_goes_in_at_the_new_seq(game: Game, save_path: Path) -> None:
    game.submit_all(["move r1 0201 0301 0401", "move r2 0202 0303 0403", "end"])
    other = second(save_path)
    game.submit("scout r2 0402")  # `other` has not looked since
    record = other.submit("attack r1 0402")
    assert record.seq == 5 and [r.order for r in other.records][4:] == ["scout r2 0402", "attack r1 0402"]
    assert game.refresh() == [record]
    other.close()
    intact(save_path).close()  # the attack's dice are those of seq 5: a re-run agrees


def test_a_stale_order_for_a_phase_that_ended_is_refused(game: Game, save_path: Path) -> None:
    other = second(save_path)
    game.submit("end")  # Red's movement is over
    before = save_path.read_bytes()
    with pytest.raises(IllegalOrder, match="the game moved on: Red gave `end` meanwhile, ending the "
                                           "phase the order was given in"):
        other.submit("move r2 0202")
    assert save_path.read_bytes() == before
    assert other.seq == 1 and other.state == game.state  # it took in the `end` all the same
    other.submit("end")
    assert game.refresh()[-1].order == "end"
    other.close()


def test_an_order_refused_on_a_stale_position_says_the_game_moved_on(game: Game, save_path: Path) -> None:
    game.submit("move r1 0201 0301 0401")
    other = second(save_path)
    game.submit("end")
    with pytest.raises(IllegalOrder, match="the game moved on: Red gave `end` meanwhile; on the position "
                                           "before, it was refused: attacks are made in the combat phase"):
        other.submit("attack r1 0402")  # legal now, but not on the position `other` showed
    assert other.state == game.state
    other.submit("attack r1 0402")
    other.close()


def test_a_stale_order_the_rules_now_refuse_names_what_changed(game: Game, save_path: Path) -> None:
    other = second(save_path)
    game.submit("move r1 0201 0301 0401")
    with pytest.raises(IllegalOrder, match=r"the game moved on: Red gave `move r1 0201 0301 0401` "
                                           r"meanwhile; .*\(Testbed 2\)"):
        other.submit("move r1 0201")  # r1 has moved this phase
    other.close()


def test_a_stale_undo_does_not_take_back_another_writers_order(game: Game, save_path: Path) -> None:
    game.submit("move r1 0201")
    other = second(save_path)
    other.submit("move r2 0202")
    with pytest.raises(IllegalOrder, match="`undo` would now take back record 2, not record 1"):
        game.undo()
    assert game.seq == 2
    game.undo()  # now it means the order it names
    assert other.refresh()[-1].reverts == 2
    other.close()


def test_a_batch_is_checked_again_as_a_whole(game: Game, save_path: Path) -> None:
    other = second(save_path)
    game.submit("move r2 0202")
    with pytest.raises(IllegalOrder, match="the game moved on"):
        other.submit_all(["move r1 0201", "move r2 0203"])  # r2 has moved meanwhile
    assert other.seq == 1
    records = other.submit_all(["move r1 0201", "end"])
    assert [r.seq for r in records] == [2, 3]
    other.close()


def test_refresh_costs_a_stat_when_nothing_changed(game: Game, save_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    reader = Game.open(save_path, scenario_dirs=[TESTBED_DIR])
    assert reader.refresh() == []
    opened: list[str] = []
    real_open = os.open

    def counted_open(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        opened.append(str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", counted_open)
    for _ in range(3):
        assert reader.refresh() == []
    assert opened == []
    game.submit("end")
    assert [r.order for r in reader.refresh()] == ["end"] and opened == [str(save_path)]
    reader.close()


def test_refresh_leaves_a_torn_tail_and_takes_the_record_once_whole(game: Game, save_path: Path) -> None:
    reader = Game.open(save_path, scenario_dirs=[TESTBED_DIR])
    game.submit("move r1 0201")
    whole = save_path.read_bytes()
    start = whole.rindex(b"\n[[record]]")
    save_path.write_bytes(whole[: start + 40])  # as a reader might catch a write cut short
    assert reader.refresh() == [] and reader.seq == 0
    save_path.write_bytes(whole)
    assert [r.order for r in reader.refresh()] == ["move r1 0201"]
    reader.close()


def test_a_save_changed_behind_a_writers_back_is_refused(game: Game, save_path: Path) -> None:
    game.submit("move r1 0201")
    data = save_path.read_bytes()
    save_path.write_bytes(data[: data.rindex(b"\n[[record]]")])  # the last record removed by hand
    with pytest.raises(savefile.SaveError, match="changed by another program: record 1 no longer ends"):
        game.submit("end")


def test_the_command_line_orders_while_a_screen_holds_the_save(game: Game, save_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Before issue 12, `order` and `undo` failed with "another tui-wargame process is playing"."""
    cli = ["--scenarios", str(TESTBED_DIR)]
    game.submit("move r1 0201 0301 0401")
    assert main([*cli, "order", str(save_path), "move r2 0202"]) == 0
    assert main([*cli, "undo", str(save_path)]) == 0
    assert main([*cli, "order", str(save_path), "move r2 0202", "end"]) == 0
    assert "accepted [5] Red: end" in capsys.readouterr().out
    assert [r.order for r in game.refresh()] == ["move r2 0202", "undo", "move r2 0202", "end"]
    game.submit("attack r1 0402")
    assert main([*cli, "undo", str(save_path)]) == 1
    assert "rolled dice" in capsys.readouterr().err


def test_a_new_game_left_unplayed_is_removed_and_a_played_one_kept(testbed: Scenario, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: a game started on the screen and left before its first order leaves no save (nor
    an entry in the player's ledger); `new` keeps its save, and so does a game that got an order
    (its own or another writer's)."""
    monkeypatch.setenv("TUI_WARGAME_LEDGER", str(tmp_path / "ledger"))
    left = Game.new(testbed, tmp_path / "left.toml", seed=1, keep_unplayed=False)
    assert ledger.entry_path(left.header.game).exists()
    left.close()
    assert not (tmp_path / "left.toml").exists() and not ledger.entry_path(left.header.game).exists()
    kept = Game.new(testbed, tmp_path / "kept.toml", seed=1)  # the command line's `new`
    kept.close()
    assert (tmp_path / "kept.toml").exists()
    played = Game.new(testbed, tmp_path / "played.toml", seed=1, keep_unplayed=False)
    played.submit("move r1 0201 0301 0401")
    played.close()
    assert (tmp_path / "played.toml").exists()
    screen = Game.new(testbed, tmp_path / "other.toml", seed=1, keep_unplayed=False)
    second(tmp_path / "other.toml").submit("move r1 0201")  # another program's order, not yet seen here
    screen.close()
    assert [r.order for r in intact(tmp_path / "other.toml").records] == ["setup", "move r1 0201"]


def test_a_writer_refuses_a_save_removed_under_it(testbed: Scenario, tmp_path: Path) -> None:
    """No accepted order is lost: a writer that opened the save before it was removed (a new game
    left unplayed) refuses its order instead of writing it to a file no longer there."""
    screen = Game.new(testbed, tmp_path / "g.toml", seed=1, keep_unplayed=False)
    other = second(tmp_path / "g.toml")
    screen.close()
    assert not (tmp_path / "g.toml").exists()
    with pytest.raises(savefile.SaveError, match="removed or replaced since it was opened"):
        other.submit("move r1 0201")
    other.close()


def test_a_new_game_whose_save_was_replaced_meanwhile_closes_and_leaves_it(testbed: Scenario,
                                                                          tmp_path: Path) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=1, keep_unplayed=False)
    (tmp_path / "g.toml").unlink()
    (tmp_path / "g.toml").write_text("the player's own file, put there meanwhile")
    game.close()  # no error at a quit, and nothing of the player's removed
    assert (tmp_path / "g.toml").read_text() == "the player's own file, put there meanwhile"
