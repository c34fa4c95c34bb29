"""The lobby of a shared host (docs/hosting.md): games listed with their seats, a new game with a seat
open, joining, resuming, watching; every path it offers acts for the player's own side only, and
no screen shows a hosted game's seed."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import lobby_listed, press, screen_text, sync
from tui_wargame import savefile
from tui_wargame.engine import Game
from tui_wargame.hosting import Host, Listing, SealedSeeds
from tui_wargame.model import IllegalOrder, Scenario
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ChoiceScreen
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.lobby import LobbyScreen
from tui_wargame.tui.replay import ReplayScreen
from tui_wargame.tui.watch import WatchScreen


def host(tmp_path: Path, player: str) -> Host:
    return Host(tmp_path / "saves", SealedSeeds(tmp_path / "sealed"), player, [TESTBED_DIR])


def lobby(tmp_path: Path, player: str) -> WargameApp:
    return WargameApp(host=host(tmp_path, player), scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path / "saves")


def toasts(app: WargameApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


@sync
async def test_a_new_game_takes_the_creator_s_seat_and_leaves_the_other_open(tmp_path: Path) -> None:
    async with lobby(tmp_path, "alice").run_test(size=(80, 24)) as pilot:
        await lobby_listed(pilot)
        assert "No hosted games yet" in screen_text(pilot.app)
        await press(pilot, "n", "enter", "down", "enter")  # the testbed; its second side, Blue
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.side == "blue" and screen.game.seat == "blue"
        assert "New game: you play Blue" in screen_text(pilot.app)
        await press(pilot, "q")
        assert isinstance(pilot.app.screen, LobbyScreen)
        await lobby_listed(pilot)
        text = screen_text(pilot.app)
        assert "testbed-1  Testbed: the River Crossing  turn 1 of 4, Red to act" in text
        assert "Red: open seat   Blue: you" in text and "Enter: play your game, as Blue." in text
    (save,) = (tmp_path / "saves").glob("*.toml")
    assert [(r.kind, r.side, r.by) for r in savefile.read(save).records[1:]] == [("seat", "blue", "alice")]


@sync
async def test_joining_an_open_seat_is_recorded_and_plays_that_side(
        tmp_path: Path, testbed: Scenario) -> None:
    made = host(tmp_path, "alice").create(testbed, {}, "red")
    made.close()
    async with lobby(tmp_path, "bob").run_test(size=(80, 24)) as pilot:
        await lobby_listed(pilot)
        assert "Red: alice   Blue: open seat" in screen_text(pilot.app)
        assert "Enter or j: join as Blue." in screen_text(pilot.app)
        await press(pilot, "enter")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.side == "blue" and screen.game.player == "bob"
        assert "You took the Blue seat" in screen_text(pilot.app)
    with Game.open(made.path, scenario_dirs=[TESTBED_DIR]) as game:  # type: ignore[arg-type]
        assert game.seats == {"red": "alice", "blue": "bob"}


@sync
async def test_a_player_cannot_act_for_the_other_side_through_the_lobby(
        tmp_path: Path, testbed: Scenario) -> None:
    """seats: every way in the lobby offers (play, join, watch, the game screen's command line and
    undo, its replay's play-on) acts for the player's own side or not at all."""
    made = host(tmp_path, "alice").create(testbed, {}, "red")
    path = made.path
    made.close()
    host(tmp_path, "bob").join(path, "blue").close()  # type: ignore[arg-type]
    before = savefile.read(path).records  # type: ignore[arg-type]
    async with lobby(tmp_path, "bob").run_test(size=(80, 24)) as pilot:  # blue; red is to act
        await lobby_listed(pilot)
        await press(pilot, "enter")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.side == "blue"
        await press(pilot, "colon", *"move r1 0201", "enter")  # a red unit: refused
        await press(pilot, "e")  # end red's phase: refused
        assert len(savefile.read(path).records) == len(before)  # type: ignore[arg-type]
        with pytest.raises(IllegalOrder, match="bob holds the Blue seat, and may not act for Red"):
            screen.game.submit("end", "red")  # nor below the screen: the game itself is seated
        await press(pilot, "r")
        assert isinstance(pilot.app.screen, ReplayScreen)
        assert "p: play on" not in screen_text(pilot.app) and "Play on" not in screen_text(pilot.app)
        await press(pilot, "p")
        assert isinstance(pilot.app.screen, ReplayScreen)  # no copy to play on
        pilot.app.screen.action_play_from_here()  # nor below the keys
        assert [p.name for p in (tmp_path / "saves").iterdir()] == [path.name]  # type: ignore[union-attr]
        await press(pilot, "q", "q", "w")
        watched = pilot.app.screen
        assert isinstance(watched, WatchScreen) and not watched.game.writable
    async with lobby(tmp_path, "carol").run_test(size=(80, 24)) as pilot:  # no seat: watch only
        await lobby_listed(pilot)
        assert "Every seat is taken: w to watch." in screen_text(pilot.app)
        await press(pilot, "j")
        assert "Every seat of this game is taken" in " ".join(toasts(pilot.app))
        await press(pilot, "enter")
        assert isinstance(pilot.app.screen, WatchScreen) and not pilot.app.screen.game.writable
        assert "[2] bob takes the Blue seat" in screen_text(pilot.app)
    assert savefile.read(path).records == before  # type: ignore[arg-type]


@sync
async def test_the_seed_is_on_no_screen_of_a_hosted_game(tmp_path: Path, testbed: Scenario) -> None:
    made = host(tmp_path, "alice").create(testbed, {}, "red")
    seed = str(made.secret.seed)  # type: ignore[union-attr]
    made.submit_all(["move r1 0201 0301 0401", "move r2 0202 0303 0403", "end"])
    made.submit("attack r1 0402")
    made.close()
    seen = []
    async with lobby(tmp_path, "alice").run_test(size=(80, 24)) as pilot:
        await lobby_listed(pilot)
        seen.append(screen_text(pilot.app))
        for key in ("enter", "n", "question_mark", "escape", "r", "q", "q", "w"):
            await press(pilot, key)
            seen.append(screen_text(pilot.app))
    assert all(seed not in text for text in seen) and "Testbed" in seen[0]


@sync
async def test_a_game_left_at_once_is_resumed_from_the_lobby(tmp_path: Path, testbed: Scenario) -> None:
    """The connection dropped: every accepted order is on disk, and the lobby resumes the game."""
    made = host(tmp_path, "alice").create(testbed, {}, "red")
    made.submit("move r1 0201 0301 0401")
    del made  # never closed, as a killed process leaves it
    async with lobby(tmp_path, "alice").run_test(size=(80, 24)) as pilot:
        await lobby_listed(pilot)
        await press(pilot, "enter")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.game.seat == "red"
        assert screen.game.records[-1].order == "move r1 0201 0301 0401"
        await press(pilot, "colon", *"move r2 0202 0303 0403", "enter")
        assert screen.game.records[-1].by == "alice"


@sync
async def test_a_save_that_cannot_be_opened_is_listed_with_why(tmp_path: Path, testbed: Scenario) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "broken.toml").write_text("[header]\nformat = 1\n")
    with Game.new(testbed, saves / "hotseat.toml", seed=1):
        pass  # not hosted: not the lobby's
    async with lobby(tmp_path, "alice").run_test(size=(80, 24)) as pilot:
        await lobby_listed(pilot)
        text = screen_text(pilot.app)
        assert "broken.toml: cannot be opened" in text and "hotseat" not in text
        await press(pilot, "enter", "j", "w")
        assert isinstance(pilot.app.screen, LobbyScreen)


@sync
async def test_the_lobby_under_a_game_does_not_relist_as_the_other_side_plays(
        tmp_path: Path, testbed: Scenario) -> None:
    """A lobby relisted under the game screen made Textual repaint the whole terminal (18 KB at
    80x24 over SSH) after every order of the opponent (benchmarks/host.py); it relists on return."""
    made = host(tmp_path, "alice").create(testbed, {}, "red")
    path = made.path
    made.close()
    host(tmp_path, "bob").join(path, "blue").close()  # type: ignore[arg-type]
    async with lobby(tmp_path, "bob").run_test(size=(80, 24)) as pilot:
        await lobby_listed(pilot)
        (listed,) = [s for s in pilot.app.screen_stack if isinstance(s, LobbyScreen)]
        await press(pilot, "enter")
        assert isinstance(pilot.app.screen, GameScreen)
        seen = listed._seen
        with host(tmp_path, "alice").play(path) as red:  # type: ignore[arg-type]
            red.submit("move r1 0201 0301 0401")
        listed.relist_if_changed()
        assert listed._looking is None and listed._seen == seen  # changed, but the lobby is not on screen
        await press(pilot, "q")
        await lobby_listed(pilot)
        assert pilot.app.screen is listed and listed._seen != seen


@sync
async def test_the_lobby_reads_the_saves_in_a_worker_and_answers_keys_meanwhile(
        tmp_path: Path, testbed: Scenario, monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing opens every changed save (long games take long): a thread worker does it, so a key
    pressed meanwhile is acted on at once, and the list comes when the reading is done."""
    host(tmp_path, "bob").create(testbed, {}, "red").close()
    reading, go_on = threading.Event(), threading.Event()
    games = Host.games

    def slow(self: Host) -> list[Listing]:
        reading.set()
        go_on.wait(timeout=2)  # as a slow disk would; the test lets it finish
        return games(self)

    monkeypatch.setattr(Host, "games", slow)
    async with lobby(tmp_path, "alice").run_test(size=(80, 24)) as pilot:
        assert reading.wait(timeout=2)
        assert "Looking at the hosted games..." in screen_text(pilot.app)
        await press(pilot, "n")  # a new game, while the saves are still being read
        assert isinstance(pilot.app.screen, ChoiceScreen) and not go_on.is_set()
        await press(pilot, "escape")
        go_on.set()
        await lobby_listed(pilot)
        assert "Red: bob   Blue: open seat" in screen_text(pilot.app)
