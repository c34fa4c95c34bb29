"""Hosted games (docs/hosting.md): seats in the save, a seated game acting for its side only, and
dice sealed by the host until the game ends."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.engine.test_forgery import rehash
from tui_wargame import savefile
from tui_wargame.cli import main
from tui_wargame.dice import SealedSeed
from tui_wargame.engine import REVEAL, Game
from tui_wargame.errors import WargameError
from tui_wargame.hosting import Host, HostError, SealedSeeds
from tui_wargame.model import IllegalOrder, Scenario

FIRST = ["move r1 0201 0301 0401", "move r2 0202 0303 0403", "end"]  # Testbed 2: red's movement


def host(tmp_path: Path, player: str) -> Host:
    return Host(tmp_path / "saves", SealedSeeds(tmp_path / "sealed"), player, [TESTBED_DIR])


def hosted(tmp_path: Path, testbed: Scenario) -> tuple[Game, Path]:
    """A hosted testbed game, made by alice for red; bob has taken blue."""
    game = host(tmp_path, "alice").create(testbed, {}, "red")
    assert game.path is not None
    host(tmp_path, "bob").join(game.path, "blue").close()
    game.refresh()
    return game, game.path


def test_a_hosted_save_holds_the_seal_never_the_seed(tmp_path: Path, testbed: Scenario) -> None:
    game, path = hosted(tmp_path, testbed)
    sealed = game.secret
    assert sealed is not None and game.header.seed == 0 and game.header.seal == sealed.seal
    game.submit_all(FIRST)
    game.submit("attack r1 0402")  # Testbed 4: a die from the sealed seed
    text = path.read_text()
    assert str(sealed.seed) not in text and sealed.salt not in text
    assert f'seal = "{sealed.seal}"' in text and "\nseed = 0\n" in text
    assert (tmp_path / "sealed").stat().st_mode & 0o777 == 0o700
    assert os.stat(tmp_path / "sealed" / f"{sealed.seal}.toml").st_mode & 0o777 == 0o600
    assert str(sealed.seed) not in repr(sealed)


def test_seats_are_records_and_the_creator_s_is_in_the_first_write(
        tmp_path: Path, testbed: Scenario, capsys: pytest.CaptureFixture[str]) -> None:
    game, path = hosted(tmp_path, testbed)
    records = savefile.read(path).records
    seated = [(r.kind, r.side, r.by) for r in records[1:]]
    assert seated == [("seat", "red", "alice"), ("seat", "blue", "bob")]
    assert game.seats == {"red": "alice", "blue": "bob"}
    game.close()
    assert main(["--scenarios", str(TESTBED_DIR), "replay", "--text", str(path)]) == 0
    told = capsys.readouterr().out
    assert "dice sealed by the host" in told and "[2] bob takes the Blue seat" in told


def test_a_seated_game_acts_only_for_its_side(tmp_path: Path, testbed: Scenario) -> None:
    """seats: the lobby's Game is bound to the player's seat: orders for the other side are refused
    whatever side the caller names, and every record is marked as the player's."""
    game, path = hosted(tmp_path, testbed)
    with pytest.raises(IllegalOrder, match="alice holds the Red seat, and may not act for Blue"):
        game.submit("end", "blue")
    records = game.submit_all(FIRST)
    assert {(r.side, r.by) for r in records} == {("red", "alice")}
    with pytest.raises(IllegalOrder, match="turn to act"):  # red's combat phase: blue may not
        host(tmp_path, "bob").play(path).submit("end")
    game.submit("end")  # red's combat phase over: blue's movement
    with pytest.raises(IllegalOrder, match="the Blue turn to act, not the Red turn"):
        game.submit("end")  # no side named: still red's
    bob = host(tmp_path, "bob").play(path)
    move = next(o for o in bob.legal_orders() if o.verb == "move")
    assert bob.submit(move).by == "bob"
    game.refresh()
    with pytest.raises(IllegalOrder, match="was Blue's to undo"):
        game.undo()


def test_a_seat_is_taken_once_and_a_player_holds_one(tmp_path: Path, testbed: Scenario) -> None:
    game = host(tmp_path, "alice").create(testbed, {}, "red")
    assert game.path is not None
    with pytest.raises(IllegalOrder, match="alice holds the Red seat already"):
        game.take_seat("blue", "alice")
    with pytest.raises(IllegalOrder, match="the Red seat is taken already, by alice"):
        host(tmp_path, "carol").join(game.path, "red")
    with pytest.raises(WargameError, match="carol holds no seat"):
        host(tmp_path, "carol").play(game.path)
    assert len(savefile.read(game.path).records) == 2


def test_two_players_joining_at_once_one_gets_the_seat(tmp_path: Path, testbed: Scenario) -> None:
    """The join is checked under the save's lock after what the other appended (docs/save-format.md)."""
    path = host(tmp_path, "alice").create(testbed, {}, "red").path
    assert path is not None
    games = [Game.open(path, write=True, scenario_dirs=[TESTBED_DIR]) for _ in range(2)]
    results: list[str] = []
    start = threading.Barrier(2)

    def join(game: Game, player: str) -> None:
        start.wait()
        try:
            game.take_seat("blue", player)
            results.append(f"{player} sat")
        except IllegalOrder as exc:
            results.append(exc.reason)

    threads = [threading.Thread(target=join, args=(g, p)) for g, p in zip(games, ["bob", "carol"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winner = [r for r in results if r.endswith(" sat")]
    assert len(winner) == 1 and len(results) == 2
    assert "the Blue seat is taken already" in next(r for r in results if r not in winner)
    with Game.open(path, scenario_dirs=[TESTBED_DIR]) as reread:
        assert reread.seats["blue"] == winner[0].split()[0] and len(reread.records) == 3


def test_a_forged_seat_is_refused_where_the_save_is_read(tmp_path: Path, testbed: Scenario) -> None:
    _, path = hosted(tmp_path, testbed)
    text = path.read_text().replace('by = "bob"', 'by = "alice"')
    forged = tmp_path / "forged.toml"
    forged.write_text(text)
    with pytest.raises(WargameError, match="record 2: seat: alice holds the Red seat already"):
        Game.open(forged, scenario_dirs=[TESTBED_DIR])


def play_to_the_end(game: Game, bob: Game) -> None:
    """Testbed 1: both sides end every phase of the four turns; one attack rolls a die."""
    game.submit_all(FIRST)
    game.submit("attack r1 0402")
    while not game.state.over:
        mover = game if game.state.to_act == "red" else bob
        mover.refresh()
        mover.submit(mover.legal_orders()[0] if game.state.pending is not None else "end")
        game.refresh()


def test_verify_before_the_end_checks_the_chain_and_says_the_dice_wait(
        tmp_path: Path, testbed: Scenario, capsys: pytest.CaptureFixture[str]) -> None:
    game, path = hosted(tmp_path, testbed)
    game.submit_all(FIRST)
    game.submit("attack r1 0402")
    game.close()
    assert main(["--scenarios", str(TESTBED_DIR), "verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "the hash chain holds" in out and "the dice cannot be checked yet" in out
    assert main(["--scenarios", str(TESTBED_DIR), "show", "--json", str(path)]) == 0
    assert str(game.secret.seed) not in capsys.readouterr().out  # type: ignore[union-attr]
    assert main(["--scenarios", str(TESTBED_DIR), "order", str(path), "end"]) == 2  # no seed: no dice
    assert "dice only its host holds" in capsys.readouterr().err
    edited = path.read_text().replace('"move r2 0202 0303 0403"', '"move r2 0202 0303"')
    path.write_text(edited)
    assert main(["--scenarios", str(TESTBED_DIR), "verify", str(path)]) == 1
    assert "does not match its hash" in capsys.readouterr().out


def test_the_end_reveals_the_seed_and_verify_then_checks_every_die(
        tmp_path: Path, testbed: Scenario, capsys: pytest.CaptureFixture[str]) -> None:
    game, path = hosted(tmp_path, testbed)
    sealed = game.secret
    bob = host(tmp_path, "bob").play(path)
    play_to_the_end(game, bob)
    last = game.records[-1]
    assert [e.facts for e in last.events if e.kind == REVEAL] == [{"seed": sealed.seed, "salt": sealed.salt}]
    game.close()
    bob.close()
    assert main(["--scenarios", str(TESTBED_DIR), "verify", str(path)]) == 0
    assert "reproduces every event" in capsys.readouterr().out
    assert main(["--scenarios", str(TESTBED_DIR), "log", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)[-1]["events"][-1]["kind"] == REVEAL


def test_a_revealed_seed_that_breaks_the_seal_is_refused(tmp_path: Path, testbed: Scenario) -> None:
    game, path = hosted(tmp_path, testbed)
    sealed = game.secret
    play_to_the_end(game, host(tmp_path, "bob").play(path))
    forged = tmp_path / "forged.toml"
    forged.write_text(path.read_text().replace(f'"seed" = {sealed.seed}', f'"seed" = {sealed.seed + 1}'))
    with pytest.raises(WargameError, match="dice_revealed: not the seed and salt the header's seal"):
        Game.open(forged, scenario_dirs=[TESTBED_DIR])


def test_the_sealed_seeds_folder_must_be_the_host_s_alone(tmp_path: Path, testbed: Scenario) -> None:
    folder = tmp_path / "sealed"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    with pytest.raises(HostError, match="may be read by others .* chmod 700"):
        host(tmp_path, "alice").create(testbed, {}, "red")
    folder.chmod(0o700)
    game = host(tmp_path, "alice").create(testbed, {}, "red")
    (folder / f"{game.header.seal}.toml").unlink()
    with pytest.raises(HostError, match="sealed seed is missing"):
        host(tmp_path, "alice").play(game.path)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["", "-rm", "a b", "al;ce", "é", "x" * 33, "../bob", "alice\n"])
def test_a_player_name_is_checked_strictly(tmp_path: Path, name: str) -> None:
    with pytest.raises(HostError, match="is not a player name"):
        host(tmp_path, name)


def test_a_seal_is_a_hash_of_seed_and_salt() -> None:
    a = SealedSeed(5, "00" * 16)
    assert a.seal == SealedSeed(5, "00" * 16).seal != SealedSeed(6, "00" * 16).seal
    assert len(a.seal) == 64 and SealedSeed.make() != SealedSeed.make()


def test_a_copy_of_a_hosted_save_rolls_no_dice(tmp_path: Path, testbed: Scenario) -> None:
    """A branch or upgraded copy is a new game (savefile.as_new_game): the host's seed is not its,
    so no one can try the dice to come on a copy."""
    game, path = hosted(tmp_path, testbed)
    copy = tmp_path / "saves" / "copy.toml"
    savefile.create(copy, savefile.as_new_game(game.header), game.records)
    with pytest.raises(HostError, match="another game's"):
        host(tmp_path, "alice").play(copy)


def test_a_format_3_save_is_continued_as_it_is_but_never_seated(tmp_path: Path, testbed: Scenario) -> None:
    """Save format 4 only added what hosted games hold: a format-3 game plays on without an upgrade."""
    path = tmp_path / "old.toml"
    Game.new(testbed, path, seed=4).close()
    path.write_text(path.read_text().replace("format = 4\n", "format = 3\n", 1))
    rehash(path)
    with Game.open(path, write=True, scenario_dirs=[TESTBED_DIR]) as game:
        game.submit("move r1 0201 0301 0401")
        with pytest.raises(WargameError, match="not a hosted game"):
            game.take_seat("red", "alice")
    assert savefile.read(path).problems == [] and "format = 3\n" in path.read_text()


def test_the_lobby_refuses_a_sealed_seeds_folder_others_may_read(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "sealed"
    folder.mkdir()
    folder.chmod(0o750)
    assert main(["lobby", "--player", "alice", "--saves", str(tmp_path), "--seeds", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "may be read by others (mode 750)" in err and "Traceback" not in err
    assert main(["lobby", "--player", "al ice", "--seeds", str(folder)]) == 2
    assert "--player: 'al ice' is not a player name" in capsys.readouterr().err


def test_the_lobby_reads_again_only_the_saves_that_changed(tmp_path: Path, testbed: Scenario,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    game, path = hosted(tmp_path, testbed)
    other = host(tmp_path, "carol").create(testbed, {}, "red")
    lobby = host(tmp_path, "alice")
    assert len(lobby.games()) == 2
    opened: list[Path] = []
    real = Game.open.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Game], p: Path, **kw: object) -> Game:
        opened.append(Path(p))
        return real(cls, p, **kw)

    monkeypatch.setattr(Game, "open", classmethod(counted))
    assert len(lobby.games()) == 2 and opened == []
    game.submit("move r1 0201 0301 0401")
    (listed,) = [g for g in lobby.games() if g.path == path]
    assert opened == [path] and listed.seats == {"red": "alice", "blue": "bob"}
    other.close()
    other.path.unlink()  # type: ignore[union-attr]
    assert [g.path for g in lobby.games()] == [path]
