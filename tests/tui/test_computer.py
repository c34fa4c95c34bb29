"""Playing against the computer on the game screen and from the title screen (issue 15): it thinks
in a thread worker, its orders appear one by one with the narrative of anyone's, a key shows the
rest of its turn at once, the keyboard may not give its orders, and `H` suggests one."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import OptionList

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, screen_text, suez_defensive_fire, sync
from tui_wargame import opponent, players, scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.players import Choice
from tui_wargame.tui import computer
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ChoiceScreen, ConfirmScreen, OrderChooser
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.title import TitleScreen
from tui_wargame.tui.touched import touched_hexes

#: Red's first turn and Blue's moves up to the attack that leaves Red a decision (Testbed 4), seed 11.
TO_THE_ATTACK = ["move r1 0102 0103", "move r2 0101", "end", "end", "move b1 0401 0301 0201 0102",
                 "move b2 0401 0301 0201 0102", "end", "attack b1 0101"]


async def until(pilot, done: Callable[[], bool], tries: int = 300) -> None:  # noqa: ANN001
    """Let the app run (its workers included) until `done()`; fail if it never is."""
    for _ in range(tries):
        if done():
            return
        await pilot.pause()
    raise AssertionError("the app never got there")


def vs_computer(game: Game, player: str, level: str = "normal", pace: float = 0.0) -> WargameApp:
    chosen = opponent.against(game.scenario, player, level)
    return WargameApp(start="play", game=game, ascii_only=True, opponent=chosen, computer_pace=pace)


@pytest.fixture
def threads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The threads the screen's computer players thought in."""
    seen: list[str] = []
    made = computer.computer

    class Watched:
        def __init__(self, level: str) -> None:
            self.player = made(level)

        def choose(self, game: Game, side: str) -> Choice:
            seen.append(threading.current_thread().name)
            return self.player.choose(game, side)

    monkeypatch.setattr(computer, "computer", Watched)
    return seen


@sync
async def test_the_computer_plays_its_turn_in_a_worker(testbed: Scenario, tmp_path: Path,
                                                       threads: list[str]) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    async with vs_computer(game, "blue", "hard").run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game.state.to_act == "blue")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.control.viewer == "blue"
        computers = game.records[1:]
        assert computers and {(r.side, r.by) for r in computers} == {("red", "computer:hard")}
        assert threads and threading.main_thread().name not in threads
        assert len(threads) == len(computers)  # one thought an order
        blue = {u.location for uid, u in game.state.units.items() if testbed.unit[uid].side == "blue"}
        assert screen.control.cursor in blue  # Blue sits down at its units, as in hot-seat
        await until(pilot, lambda: "Blue: movement" in screen_text(pilot.app))  # Blue at the keyboard
    # the same orders the command line's computer gives for the same save and level
    again = Game.new(testbed, tmp_path / "h.toml", seed=11)
    hard = players.computer("hard")
    while again.state.to_act == "red":
        again.submit(hard.choose(again, "red").order, "red", by="computer:hard")
    assert [r.order for r in again.records] == [r.order for r in game.records]


@sync
async def test_its_orders_come_at_a_pace_the_skip_key_ends_and_the_keyboard_may_not_give_them(
        testbed: Scenario, tmp_path: Path) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    game.submit_all(TO_THE_ATTACK[:2])  # Red's moves
    async with vs_computer(game, "red", pace=60.0).run_test(size=(80, 24)) as pilot:
        await press(pilot, ".")  # in the player's turn: nothing to skip, and nothing skipped later
        for _ in range(2):
            pilot.app.screen.submit("end")
        await until(pilot, lambda: game.seq == 5)  # the first at once; the next waits a minute
        screen = pilot.app.screen
        text = screen_text(pilot.app)
        assert "Blue Guards (b1) moves" in text  # the narrative of a human's order
        assert pilot.app.screen.query_one(HexMap).follow == touched_hexes(game, 5)  # shown on the map
        for _ in range(5):
            await pilot.pause()
        assert game.seq == 5
        await press(pilot, "e")  # an order for Blue from the keyboard: refused, with the reason
        assert game.seq == 5
        refusal = "The computer is playing Blue; wait for it, or press . to see the rest"
        assert refusal in screen_text(pilot.app)
        await press(pilot, ".")
        await until(pilot, lambda: game.state.to_act == "red")
        assert {r.by for r in game.records[5:]} == {"computer:normal"}
        assert isinstance(screen, GameScreen) and screen.control.viewer == "red"


@sync
async def test_the_screen_answers_keys_while_the_computer_thinks(testbed: Scenario, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer thinks as long as it likes (here: until the test lets it) off the UI thread."""
    go = threading.Event()
    made = computer.computer

    class Slow:
        def __init__(self, level: str) -> None:
            self.player = made(level)

        def choose(self, game: Game, side: str) -> Choice:
            assert go.wait(10)
            return self.player.choose(game, side)

    monkeypatch.setattr(computer, "computer", Slow)
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    async with vs_computer(game, "blue").run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        before = screen.control.cursor
        await press(pilot, "right", "z")
        assert screen.control.cursor != before and game.seq == 0  # moved while the computer thinks
        assert "The computer (normal) is playing Red.  .: skip its turn" in screen_text(pilot.app)
        go.set()
        await until(pilot, lambda: game.state.to_act == "blue")


def test_the_map_follows_the_computers_orders_but_never_a_unit_the_player_may_not_see(
        testbed: Scenario, tmp_path: Path) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    mine = game.submit("move r1 0102 0103", "red", by="computer:normal")
    theirs = game.submit("move r2 0101", "red")
    chosen = opponent.against(testbed, "blue", "normal")
    pilot = computer.Autopilot(None, game, chosen, 0.0, print, print)  # type: ignore[arg-type]
    assert pilot.followed(mine, frozenset()) == touched_hexes(game, mine.seq) == ("0102", "0103", "0101")
    assert pilot.followed(mine, frozenset({"r1"})) is None  # where a hidden unit went stays hidden
    assert pilot.followed(theirs, frozenset()) is None  # the player's own orders: the cursor stays


@sync
async def test_a_decision_the_computers_side_owes_in_the_players_turn_is_answered(
        testbed: Scenario, tmp_path: Path) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    game.submit_all(TO_THE_ATTACK)
    async with vs_computer(game, "blue").run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        screen.move_cursor("0303")
        screen.submit("attack b2 0101")  # die 6, D1: Red retreats or loses a step
        await until(pilot, lambda: game.seq == 10)
        await pilot.pause()
        # Blue's own attack took the cursor to the combat (issue 17); Red's answer, given by the
        # computer, leaves it there: Blue's turn goes on where Blue's attack left it
        assert screen.control.cursor == "0101"
        answer = game.records[10]
        assert (answer.side, answer.by) == ("red", "computer:normal")
        assert game.state.to_act == "blue" and screen.control.viewer == "blue"
        assert not any(isinstance(s, ConfirmScreen) for s in pilot.app.screen_stack)  # no hand-over


@sync
async def test_H_suggests_the_computers_order_with_its_reason_and_y_gives_it(
        testbed: Scenario, tmp_path: Path) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    expected = players.computer("hard").choose(game.branch(game.seq), "red")
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")  # hot-seat: Red takes the keyboard
        await press(pilot, "H")
        await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
        text = screen_text(pilot.app)
        assert f"The computer (hard) suggests: {expected.order}" in text
        assert expected.reason[:40] in text.replace("\n", " ").replace("|", "")
        await press(pilot, "y")
        (given,) = game.records[1:]
        assert (given.order, given.side, given.by) == (expected.order, "red", "")  # the player's order


@sync
async def test_H_in_a_decisions_menu_closes_it_for_the_suggestion(tmp_path: Path) -> None:
    """Suez 18.1: the British owe defensive fire; its menu opens by itself, and H there asks the
    computer (hard, whatever the opponent) as it does on the map; n brings the menu back, y gives
    the suggested order."""
    with suez_defensive_fire(tmp_path) as game:
        expected = players.computer("hard").choose(game.branch(game.seq), "british")
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderChooser))
            assert "H: hint" in screen_text(pilot.app)
            await press(pilot, "H")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
            assert f"The computer (hard) suggests: {expected.order}" in screen_text(pilot.app)
            await press(pilot, "n")  # declined: the menu is back, nothing given
            assert isinstance(pilot.app.screen, OrderChooser) and game.records[-1].order == "end"
            await press(pilot, "H")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
            await press(pilot, "y")
            assert (game.records[-1].order, game.records[-1].side) == (expected.order, "british")


@sync
async def test_no_suggestion_for_the_computers_side(testbed: Scenario, tmp_path: Path) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    async with vs_computer(game, "blue", pace=60.0).run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game.seq == 1)
        await press(pilot, "H")
        assert not isinstance(pilot.app.screen, ConfirmScreen)
        assert "The computer is playing Red" in screen_text(pilot.app)


@sync
async def test_title_against_the_computer_then_continued_the_same_way(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    app = WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=saves, computer_pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "a")
        assert isinstance(pilot.app.screen, ChoiceScreen)
        assert "Blue (the computer plays Red)" in screen_text(pilot.app)
        assert "rules:" not in screen_text(pilot.app)  # the title behind hidden: no cut words beside the box
        await press(pilot, "down", "enter")  # Blue
        choices = pilot.app.screen.query_one(OptionList)
        assert choices.highlighted == 1  # normal, the default
        await press(pilot, "down", "enter")  # hard
        screen = pilot.app.screen
        assert (isinstance(screen, GameScreen)
                and screen.opponent == opponent.Opponent("blue", "hard", ("red",)))
        await until(pilot, lambda: screen.game.state.to_act == "blue")
        await press(pilot, "q")
        assert isinstance(pilot.app.screen, TitleScreen)
        await press(pilot, "tab")
        assert "against the computer (hard), you play Blue" in screen_text(pilot.app)
        await press(pilot, "c")
        again = pilot.app.screen
        assert isinstance(again, GameScreen) and again.opponent == screen.opponent
        assert again.control.viewer == "blue"
    with Game.open(saves / "testbed-1.toml", scenario_dirs=[TESTBED_DIR]) as game:
        assert {r.by for r in game.records[1:]} == {"computer:hard"}


class Blunders:
    """A computer player with a bug: it gives an order the rules refuse."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, game: Game, side: str) -> Choice:
        return Choice("fly r1 0909", "a bug")


@sync
async def test_a_refused_computer_order_is_said_and_its_side_is_the_players_for_the_turn(
        testbed: Scenario, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "computer", Blunders)
    game = Game.new(testbed, tmp_path / "g.toml", seed=11)
    async with vs_computer(game, "blue").run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "which was refused" in screen_text(pilot.app))
        text = screen_text(pilot.app).replace("\n", " ")
        assert ("A bug to report: its side's orders are yours this turn. The computer (normal) gave "
                "`fly r1 0909`, which was refused") in text
        assert game.seq == 0
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        screen.submit("end")  # Red's order, from the keyboard, until Red's turn is over
        assert game.seq == 1 and game.records[1].by == ""


class Suggests:
    """A computer player that always suggests one order: the snapshot pictures the screen, not
    the computer's judgement, which changes as the computer improves."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, game: Game, side: str) -> Choice:
        return Choice("move 31-1 2528 2427", "1/31st marches on the canal: the road to Kantara is open")


def test_suez_suggestion_snapshot(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(computer, "computer", Suggests)
    game = Game.new(scenario_file.find("suez1916"), tmp_path / "suez.toml", seed=3)
    app = vs_computer(game, "cp", "hard")

    async def suggested(pilot) -> None:  # noqa: ANN001
        await pilot.pause()
        await press(pilot, "H")
        await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))

    assert snap_compare(app, run_before=suggested, terminal_size=(80, 24))
