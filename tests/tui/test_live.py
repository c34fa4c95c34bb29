"""Two terminals on one save (issue 16): each `play --as SIDE` app acts for its side only, shows
the other's orders after its poll, pops up only what its side owes, and hides what its side may
not see; an undo needs the other side's consent; a spectator's `watch` follows and never writes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.tui.helpers import press, screen_text, sync
from tests.tui.test_hidden import fog_game
from tui_wargame.engine import Game
from tui_wargame.tui import game as game_screen
from tui_wargame.tui import watch
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ConfirmScreen, OrderChooser
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.watch import WatchScreen


@pytest.fixture(autouse=True)
def quick_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens look at the save every 20 ms here, not every 100 ms: the same code, less waiting."""
    monkeypatch.setattr(game_screen, "FOLLOW_EVERY_S", 0.02)
    monkeypatch.setattr(watch, "FOLLOW_EVERY_S", 0.02)


SIZE = (80, 24)


def live(game: Game, side: str) -> WargameApp:
    return WargameApp(start="play", game=game, ascii_only=True, side=side)


def second(game: Game, tmp_path: Path, *, write: bool = True) -> Game:
    """The same save opened again, as the other terminal's process would."""
    assert game.path is not None
    return Game.open(game.path, write=write, scenario_dirs=[tmp_path])


async def until(pilot, done: Callable[[], bool]) -> None:  # noqa: ANN001
    """Let the app run (its poll of the save every 0.1 s) until `done`, for at most two seconds."""
    for _ in range(200):
        if done():
            return
        await asyncio.sleep(0.01)
        await pilot.pause()
    assert done()


@sync
async def test_an_order_given_in_one_terminal_shows_in_the_other(tmp_path: Path) -> None:
    red = fog_game(tmp_path)
    blue = second(red, tmp_path)
    async with live(red, "red").run_test(size=SIZE) as pr, live(blue, "blue").run_test(size=SIZE) as pb:
        red_screen, blue_screen = pr.app.screen, pb.app.screen
        assert isinstance(red_screen, GameScreen) and isinstance(blue_screen, GameScreen)
        assert "Waiting for Red: movement phase" in screen_text(pb.app)
        red_screen.submit("move r1 0201 0301 0401")
        await until(pb, lambda: blue_screen.seq == 1)
        shown = screen_text(pb.app)
        assert "Waiting for Red: movement phase" in shown
        assert "a hidden unit acts" in shown  # told, without naming what Blue may not see
        assert blue_screen.control.cursor == "0201"  # the map went to where Red's order happened
        assert "R??" in shown and "B1-3" in shown  # Blue sees its own units, not Red's
        assert "B??" in screen_text(pr.app) and "R4-4" in screen_text(pr.app)


@sync
async def test_a_terminal_refuses_orders_for_the_other_side_with_the_reason(tmp_path: Path) -> None:
    red = fog_game(tmp_path)
    blue = second(red, tmp_path)
    size = red.path.stat().st_size
    async with live(blue, "blue").run_test(size=(80, 24)) as pb:
        await press(pb, "e")
        assert "Refused: Waiting for Red: movement phase; the orders are theirs now" in screen_text(pb.app)
        await press(pb, "colon", *"end", "enter")
        assert "Refused: Waiting for Red" in screen_text(pb.app)
    assert red.path.stat().st_size == size  # nothing written
    red.close()


@sync
async def test_a_decision_pops_up_only_on_the_owing_sides_screen(tmp_path: Path) -> None:
    red = fog_game(tmp_path)
    red.submit("move r1 0201 0301 0401")
    red.submit("end")
    blue = second(red, tmp_path)
    async with live(red, "red").run_test(size=SIZE) as pr, live(blue, "blue").run_test(size=SIZE) as pb:
        pr.app.screen.submit("attack r1 0402")  # seed 7 rolls D1: Blue must retreat or lose a step
        await until(pb, lambda: isinstance(pb.app.screen, OrderChooser))
        assert "Retreat from 0402 or lose a step" in screen_text(pb.app)
        await pr.pause()
        assert isinstance(pr.app.screen, GameScreen)  # nothing pops up on Red's screen
        assert "Waiting for Blue to decide: Retreat from 0402 or lose a step" in screen_text(pr.app)
        await press(pb, "down", "enter")
        assert blue.records[-1].order == "retreat b1 0502"
        await until(pr, lambda: pr.app.screen.seq == blue.seq)
        assert "Waiting for" not in screen_text(pr.app)


@sync
async def test_an_undo_the_other_side_has_seen_needs_its_consent(tmp_path: Path) -> None:
    red = fog_game(tmp_path)
    blue = second(red, tmp_path)
    async with live(red, "red").run_test(size=SIZE) as pr, live(blue, "blue").run_test(size=SIZE) as pb:
        pr.app.screen.submit("move r1 0201 0301 0401")
        await press(pr, "u")
        assert red.records[-1].order == "undo ask" and red.state.units["r1"].location == "0401"
        waiting = "Waiting for Blue to allow or refuse taking back"
        assert waiting in screen_text(pr.app)
        await until(pb, lambda: isinstance(pb.app.screen, ConfirmScreen))
        assert "Red ask to take back `move r1 0201 0301 0401`: allow?" in screen_text(pb.app)
        await press(pb, "n")
        await until(pr, lambda: pr.app.screen.seq == 3)
        assert red.records[-1].order == "undo refuse" and red.state.units["r1"].location == "0401"
        assert "Blue refuses to take back record 1; it stands" in screen_text(pr.app)
    red.close()


@sync
async def test_an_undo_from_a_shell_is_asked_of_the_live_terminal(tmp_path: Path) -> None:
    """A bare `tui-wargame undo FILE` beside Blue's live terminal asks Blue, who saw the order."""
    from tui_wargame.cli import main
    from tui_wargame.presence import held

    red = fog_game(tmp_path)
    red.submit("move r1 0201 0301 0401", "red")
    red.close()
    blue = second(red, tmp_path)
    assert red.path is not None and not held(red.path)
    async with live(blue, "blue").run_test(size=SIZE) as pb:
        assert held(red.path)
        assert main(["--scenarios", str(tmp_path), "undo", str(red.path)]) == 0
        await until(pb, lambda: isinstance(pb.app.screen, ConfirmScreen))
        assert "Red ask to take back `move r1 0201 0301 0401`: allow?" in screen_text(pb.app)
        assert blue.state.units["r1"].location == "0401"
    assert not held(red.path)  # the live terminal closed its game


@sync
async def test_a_y_typed_before_the_undo_question_popped_up_is_no_consent(tmp_path: Path) -> None:
    from textual import events

    red = fog_game(tmp_path)
    red.submit("move r1 0201 0301 0401", "red")
    red.submit("undo ask", "red")
    blue = second(red, tmp_path)
    ahead = events.Key("y", "y")  # typed for the map before the question was up
    async with live(blue, "blue").run_test(size=SIZE) as pb:
        await until(pb, lambda: isinstance(pb.app.screen, ConfirmScreen))
        pb.app.post_message(ahead)
        await press(pb, "down")
        assert isinstance(pb.app.screen, ConfirmScreen) and blue.records[-1].order == "undo ask"
        await press(pb, "y")  # pressed with the question in sight
        assert blue.records[-1].kind == "undo"
    red.close()


@sync
async def test_an_undo_request_waits_in_the_save_for_the_other_side_to_allow_it(tmp_path: Path) -> None:
    red = fog_game(tmp_path)
    red.submit("move r1 0201 0301 0401", "red")
    red.submit("undo ask", "red")  # asked while Blue's terminal was closed
    blue = second(red, tmp_path)
    async with live(blue, "blue").run_test(size=SIZE) as pb:
        await until(pb, lambda: isinstance(pb.app.screen, ConfirmScreen))  # Blue joins: asked at once
        await pb.pause()
        assert "y: yes    n/q/Esc: no" in screen_text(pb.app)
        await press(pb, "enter")  # an Enter meant for the map, as the question popped up: no answer
        assert isinstance(pb.app.screen, ConfirmScreen) and blue.records[-1].order == "undo ask"
        await press(pb, "y")
        assert blue.records[-1].kind == "undo" and blue.state.units["r1"].location == "0101"
        assert "Undone: record 1" in screen_text(pb.app)
    assert blue.verify() == []
    red.close()


@sync
async def test_a_spectator_follows_read_only_and_can_look_back(tmp_path: Path) -> None:
    red = fog_game(tmp_path)
    red.submit("move r1 0201 0301 0401")
    watched = second(red, tmp_path, write=False)
    assert not watched.writable
    before = red.path.read_bytes()
    app = WargameApp(start="watch", game=watched, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, WatchScreen)
        assert "watching live, record 1" in screen_text(pilot.app)
        shown = screen_text(pilot.app)
        assert "R??" in shown and "B??" in shown  # a spectator sees what every side may
        red.submit("end")
        await until(pilot, lambda: screen.seq == 2)  # live: it follows
        await press(pilot, "left")
        red.submit("scout r1 0402")
        await until(pilot, lambda: watched.seq == 3)
        assert screen.seq == 1 and "watching 1/3, End: live" in screen_text(pilot.app)
        await press(pilot, "end")
        assert screen.seq == 3 and "watching live, record 3" in screen_text(pilot.app)
    assert red.path.read_bytes()[: len(before)] == before and watched.seq == red.seq
    red.close()


@sync
async def test_the_title_screen_joins_a_save_as_one_side(testbed, tmp_path: Path) -> None:  # noqa: ANN001
    from tests.conftest import TESTBED_DIR
    from tui_wargame.tui.dialogs import ChoiceScreen

    saves = tmp_path / "saves"
    saves.mkdir()
    Game.new(testbed, saves / "g.toml", seed=7).close()
    app = WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "j")
        assert isinstance(pilot.app.screen, ChoiceScreen) and "Join g.toml as" in screen_text(pilot.app)
        await press(pilot, "down", "enter")  # Blue
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.side == "blue"
        assert "Waiting for Red: movement phase" in screen_text(pilot.app)


@sync
async def test_a_face_down_marker_stays_face_down_on_the_other_sides_screen(tmp_path: Path) -> None:
    from tests.tui.test_fire_markers import british_bombarding

    british = british_bombarding(tmp_path)  # Suez 18.1: one face-down marker on 2627
    assert british.path is not None
    cp = Game.open(british.path, write=True)
    async with live(cp, "cp").run_test(size=SIZE) as pilot:
        screen = pilot.app.screen
        assert "Waiting for British: combat phase" in screen_text(pilot.app)
        british.submit("bombard 2628")
        await until(pilot, lambda: screen.seq == british.seq)
        shown = screen_text(pilot.app)
        assert screen.control.cursor == "2628" and "! face-down markers: Br 1" in shown
        assert "!1" in shown and "British: bombard 2628" in shown  # drawn face down over the hex, told so
    british.close()


def test_a_typed_undo_in_a_live_game_asks_the_other_side(tmp_path: Path) -> None:
    from tui_wargame.tui.controller import MapController

    game = fog_game(tmp_path)
    game.submit("move r1 0201 0301 0401", "red")
    asked = MapController(game, side="red").give("undo")  # as `:undo` would: never without consent
    assert not isinstance(asked, type(None)) and game.records[-1].order == "undo ask"
    note = MapController(game, side="red").give("end")
    assert getattr(note, "refused", False) and "Waiting for Blue to allow or refuse" in note.text
    assert game.state.units["r1"].location == "0401"
    game.close()


def test_an_undo_typed_in_capitals_is_asked_too(tmp_path: Path) -> None:
    from tui_wargame.tui.controller import MapController

    game = fog_game(tmp_path)
    game.submit("move r1 0201 0301 0401", "red")
    MapController(game, side="red").give("UNDO")  # orders' verbs are read in any case
    assert game.records[-1].order == "undo ask" and game.state.units["r1"].location == "0401"
    game.close()


@sync
async def test_inotify_wakes_a_live_screen_without_waiting_for_its_next_look(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("inotify is Linux's")
    monkeypatch.setattr(game_screen, "FOLLOW_EVERY_S", 60.0)  # no look for a minute: only the watch
    red = fog_game(tmp_path)
    blue = second(red, tmp_path)
    async with live(blue, "blue").run_test(size=SIZE) as pb:
        screen = pb.app.screen
        assert screen._watch is not None and screen._watch.fd >= 0
        red.submit("move r1 0201 0301 0401")
        await until(pb, lambda: screen.seq == 1)
    assert screen._watch.fd == -1  # closed with the screen
    red.close()
