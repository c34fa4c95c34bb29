"""The game screen's one handler of new records, what a key repaints, and who opens the screens."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, screen_text, sync
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import HandOverScreen
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.hexmap import HexMap

TUI = Path(__file__).parents[2] / "tui_wargame" / "tui"


@sync
async def test_a_record_appended_elsewhere_is_shown_as_one_given_here(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        await press(pilot, "tab", "right", "w", "n")  # r1 selected, a path begun, the log shown
        assert screen.path == ("0201",) and screen.seq == 0
        record = game.submit("move r1 0102")  # not by this screen: as another writer would
        screen.post_message(GameScreen.RecordsAppended([record]))
        await pilot.pause()
        assert screen.seq == record.seq == 1 and screen.path == () and screen.selected == "r1"
        shown = screen_text(pilot.app)
        assert "moves 0101 - 0102" in shown.splitlines()[-3]  # the prompt reports it, its keys below
        assert screen.logged == 2 and "moves 0101 - 0102" in screen.log_lines[-1]  # the log tells it
        assert screen.query_one(HexMap).state is game.state  # the map shows it


@sync
async def test_a_record_that_passes_the_turn_hands_the_keyboard_over(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        records = [game.submit("end"), game.submit("end")]  # Red's movement and combat: Blue's turn
        screen.post_message(GameScreen.RecordsAppended(records))
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandOverScreen) and screen.seq == 2
        await press(pilot, "enter")
        assert screen.viewer == "blue" and pilot.app.screen is screen


@sync
async def test_a_key_that_changes_several_fields_repaints_each_widget_once(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        hexmap = screen.query_one(HexMap)
        shows: list[Any] = []
        real = hexmap.show

        def show(state: Any, overlay: Any, **kw: Any) -> None:  # noqa: ANN401 - passed through
            shows.append(overlay)
            real(state, overlay, **kw)

        hexmap.show = show  # type: ignore[method-assign]
        await press(pilot, "down", "tab")  # Tab: the cursor and the selection change together
        assert [(o.cursor, o.selected) for o in shows] == [("0102", None), ("0101", "r1")]
        await press(pilot, "n")  # the log shown: no field of the map changed
        assert len(shows) == 2


def test_the_screens_do_not_import_each_other() -> None:
    """The app opens every screen: game, help, replay and title name none of the others."""
    screens = {"game", "help", "replay", "title"}
    for name in screens:
        tree = ast.parse((TUI / f"{name}.py").read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        others = {f"tui_wargame.tui.{other}" for other in screens - {name}}
        assert not imported & others, name


@sync
async def test_an_order_given_by_another_program_on_the_same_save_is_followed(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert game.path is not None
        # another terminal, or the CLI
        with Game.open(game.path, write=True, scenario_dirs=[TESTBED_DIR]) as other:
            other.submit("move r1 0102")
        for _ in range(20):  # the screen looks every FOLLOW_EVERY_S
            await pilot.pause(0.05)
            if screen.seq == 1:
                break
        assert screen.seq == game.seq == 1 and game.state.units["r1"].location == "0102"
        assert "moves 0101 - 0102" in screen_text(pilot.app).splitlines()[-2]  # the prompt reports it
        await press(pilot, "u")  # this screen may take back the order the other program gave
        assert game.state.units["r1"].location == "0101"


@sync
async def test_a_save_that_cannot_be_followed_is_said_once_not_over_every_later_message(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        assert game.path is not None
        with game.path.open("a") as damage:  # another program appends what is no record
            damage.write("[[record]]\nseq = 99\n# sha256 0123456789abcdef0123456789abcdef\n")
        await pilot.pause(0.3)
        assert "cannot be followed" in screen_text(pilot.app)
        await press(pilot, "m")  # nothing selected: that is said ...
        await pilot.pause(0.3)  # ... and stays through the screen's next looks at the save
        prompt = "\n".join(screen_text(pilot.app).splitlines()[-3:-1])
        assert "cannot be followed" not in prompt and "Select a unit first" in prompt, prompt


@sync
async def test_records_another_program_appended_first_are_shown_with_this_screens_order(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and game.path is not None
        await press(pilot, "n")  # the log shown
        with Game.open(game.path, write=True, scenario_dirs=[TESTBED_DIR]) as other:
            other.submit("move r1 0102")
        screen.submit("move r2 0202")  # before the screen looked: the append takes the other's record in
        await pilot.pause()
        assert screen.seq == game.seq == 2 and screen.logged == 3
        told = "\n".join(screen.log_lines)
        assert "[1] Red: move r1 0102" in told and "[2] Red: move r2 0202" in told


@sync
async def test_an_order_refused_because_the_game_moved_on_still_shows_what_moved_it(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and game.path is not None
        with Game.open(game.path, write=True, scenario_dirs=[TESTBED_DIR]) as other:
            other.submit("end")  # Red's movement phase ended by another program
        screen.submit("move r1 0102")
        await pilot.pause()
        assert screen.seq == game.seq == 1 and game.state.units["r1"].location == "0101"
        assert "moved on" in screen.message[0] and screen.message[1] == "bold"
