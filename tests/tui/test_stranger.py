"""What a newcomer at 80x24 could not read or make out, found by playing Utah Beach by keys."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import OrderChooser
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.glyphs import ASCII
from tui_wargame.tui.info import Namer, prompt_text, short_report
from tui_wargame.tui.status import header_line

PROVING = Path(__file__).parents[1] / "rules" / "foxhole" / "proving.toml"


@sync
async def test_stranger_the_side_orders_show_the_phase_prompt_the_bar_cuts(tmp_path: Path) -> None:
    """R23: the Dawn Briefing's prompt (today's Full Turns, the plan) is longer than the prompt bar's
    two lines at 80 columns; `o` with nothing selected shows it whole above the orders."""
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    whole = game.prompt()
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "o")
        chooser = pilot.app.screen
        assert isinstance(chooser, OrderChooser)
        assert chooser.title_text == "Orders for the Axis" and chooser.about == whole
        about = str(chooser.query_one("#about").render())
        assert "Plan:" in whole and " ".join(about.split()) == " ".join(whole.split())


def test_stranger_the_phase_begun_is_told_in_words_not_by_its_id(tmp_path: Path) -> None:
    """R15: ending the Axis Dawn Briefing tells the next phase as words ("dawn briefing"), where the
    prompt bar said "now Day 1 Morning: Allies dawn-briefing"."""
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    game.submit("end")
    names = Namer(game, ASCII)
    said = short_report(game, len(game.records) - 1, names)
    assert said.endswith("now Day 1 Morning: Allies dawn briefing"), said


@sync
async def test_stranger_e_where_the_phase_may_not_end_says_why_by_its_rule(tmp_path: Path) -> None:
    """R18.C: the Barrage Phase goes on until both players pass; `e` there said only "The phase
    cannot be ended now", leaving a newcomer stuck. It gives the rule's reason and the way on."""
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    for _ in range(4):  # both Dawn Briefings, Transport, Supply-Movement: the Allied Barrage Phase
        game.submit("end")
    assert game.state.phase == "barrage"
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "e")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        said, style = screen.message
        assert said.startswith("The phase cannot be ended now: ") and "(R18.C)" in said, said
        assert said.endswith("o lists the orders") and style == "bold"


@sync
async def test_stranger_e_after_the_verdict_says_the_game_is_over_and_where_the_verdict_is(
        tmp_path: Path) -> None:
    """R24.B: after the last Full Turn `e` said "The phase cannot be ended now"; it says the game is
    over and which key shows the verdict."""
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    while not game.state.over:
        game.submit(next(o for o in game.legal_orders() if o.verb in ("end", "pass")).text)
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "e")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert screen.message[0].startswith("The game is over: nothing more to end. v: the verdict")


@sync
async def test_stranger_e_in_the_barrage_menu_passes(tmp_path: Path) -> None:
    """R18.C: `f` lists the barrages, its one order without a hex (pass) last, below a long list;
    `e` in the list gives it, as the footer says."""
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    for _ in range(4):  # to the Allied Barrage Phase
        game.submit("end")
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f")
        chooser = pilot.app.screen
        assert isinstance(chooser, OrderChooser) and chooser.finish is not None
        assert chooser.finish.text == "pass" and "e: pass" in screen_text(pilot.app)
        await press(pilot, "e")
    assert game.records[-1].order == "pass" and game.records[-1].side == "allied"


def test_stranger_the_header_after_the_verdict_says_game_over_not_the_last_phase(tmp_path: Path) -> None:
    """R24.B: once the last Full Turn's Weather gave the verdict, the header read "Allies: weather"."""
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    while not game.state.over:
        game.submit(next(o for o in game.legal_orders() if o.verb in ("end", "pass")).text)
    line = header_line(game, game.state, Namer(game, ASCII), width=80).plain
    assert "game over" in line and "weather" not in line, line


def test_stranger_a_prompt_cut_short_says_where_it_is_whole() -> None:
    """A phase prompt longer than the bar's two lines ends "... o: in full", within the width; one
    that fits is left as it is."""
    long = "Dawn Briefing (R23): time the arrivals, then end. " + "Plan: a unit comes in the Morning; " * 6
    lines = prompt_text(long, Text(""), "keys", 80, whole=" o: in full").plain.splitlines()
    assert len(lines) == 2 and lines[-1].endswith("... o: in full") and max(map(len, lines)) <= 80
    assert (prompt_text("end the phase", Text(""), "keys", 80, whole=" o: in full").plain
            == "end the phase\nkeys")


@sync
async def test_stranger_the_dawn_briefing_prompt_points_at_o(tmp_path: Path) -> None:
    """R23: at 80x24 the Dawn Briefing's prompt is cut; the bar says o shows it whole."""
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "o", "escape")
        assert screen_text(pilot.app).splitlines()[-2].endswith("... o: in full")
