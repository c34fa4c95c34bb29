"""The prompt bar: the outcome of an order (a refusal and its rule) is always in view at 80x24."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.info import prompt_text

LONG = ("Central Powers, Zero Hour, 4 August: Movement Phase - move units (move UNIT HEX...), "
        "bring on reinforcements (enter UNIT HEX...), then end (F&M 4.0, 5.0)")


def test_a_long_prompt_takes_both_lines_until_there_is_something_to_say() -> None:
    quiet = prompt_text(LONG, Text(""), "keys", 80).plain.split("\n")
    assert len(quiet) == 2 and quiet[1].endswith("(F&M 4.0, 5.0)")
    said = prompt_text(LONG, Text("Refused: overstacked at 0101 (F&M 5.3)"), "keys", 80).plain.split("\n")
    assert said[0].startswith("Central Powers, Zero Hour, 4 August: Movement") and said[0].endswith("...")
    assert len(said) == 2 and len(said[0]) <= 80 and said[1] == "Refused: overstacked at 0101 (F&M 5.3)"
    long_refusal = "Refused: " + "x " * 50 + "(Suez 11.3)"
    both = prompt_text(LONG, Text(long_refusal), "keys", 80).plain.split("\n")
    assert len(both) == 2 and both[1].endswith("(Suez 11.3)")  # the message wins both lines
    short = prompt_text("Red: movement (F&M 5.0)", Text(""), "e: end phase", 80).plain
    assert short == "Red: movement (F&M 5.0)\ne: end phase"  # room for the keys


def test_a_kept_prompt_keeps_its_first_line_under_a_long_message() -> None:
    """A live game's "Waiting for ..." stays in view under a two-line result of the other side's order."""
    result = "Combat at 2032: " + "the defenders retreat " * 8 + "(b: results in full)"
    kept = prompt_text("Waiting for British to decide: retreat (F&M 7.7)", Text(result), "keys", 80,
                       keep=True).plain.split("\n")
    assert kept[0] == "Waiting for British to decide: retreat (F&M 7.7)"
    assert len(kept) == 2 and kept[1].startswith("Combat at 2032: ") and kept[1].endswith("...")


def test_an_outcome_cut_short_says_where_to_read_the_rest() -> None:
    story = "Reinforcement roll for 3rd Cavalry Division (3Cav1): die 3, not yet (Gaza 11.3). " * 3
    cut = prompt_text(LONG, Text(story), "keys", 80, rest=" n: in full").plain.split("\n")
    assert len(cut) == 2 and cut[1].endswith("... n: in full") and len(cut[1]) <= 80
    whole = prompt_text(LONG, Text("Accepted: end"), "keys", 80, rest=" n: in full").plain.split("\n")
    assert whole[-1] == "Accepted: end"  # nothing cut, nothing more to read


@sync
async def test_the_news_of_a_new_turn_cut_short_points_to_the_log(tmp_path: Path) -> None:
    """Gaza 11.3: the British end their turn and the Central Powers' reinforcement rolls are its
    story, longer than two lines at 80x24: the prompt says where the rest is (n, the log), and the
    log, shown, tells every roll (then the pointer goes)."""
    with Game.new(scenario_file.find("gaza1917"), tmp_path / "g.toml", seed=3) as game:
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            for _ in range(2):  # the British movement phase, then their combat phase
                await press(pilot, "colon", *"end", "enter")
            assert game.state.active == "cp"
            await press(pilot, "enter")  # the hand-over to the Central Powers player
            bottom = screen_text(pilot.app).splitlines()[-3:-1]
            assert bottom[0].startswith("Reinforcement roll for ") and bottom[1].endswith("... n: in full")
            await press(pilot, "n")
            shown = screen_text(pilot.app)
            assert "n: in full" not in shown and shown.count("Reinforcement roll") > 1


@sync
async def test_a_waiting_live_screen_says_whom_it_waits_for_under_a_long_result(tmp_path: Path) -> None:
    from tests.tui.test_hidden import fog_game

    with fog_game(tmp_path) as game:
        async with WargameApp(start="play", game=game, side="blue").run_test(size=(80, 24)) as pilot:
            pilot.app.screen.message = ("Combat at 0402: " + "the defenders retreat " * 8, "")
            await pilot.pause()
            assert "Waiting for Red: movement phase" in screen_text(pilot.app)


@sync
async def test_a_refusal_is_seen_at_80x24_under_a_long_prompt(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            assert "then end (F&M 4.0, 5.0)" in screen_text(pilot.app)  # the whole prompt, on two lines
            await press(pilot, "m")
            assert "Select a unit first (Enter on it, or Tab)" in screen_text(pilot.app)
            await press(pilot, "colon", *"attack 0101 0102", "enter")  # no attacks in the movement phase
            shown = screen_text(pilot.app)
            assert "Refused: attacks are declared at the start of the combat phase (F&M 7.1)" in shown


def test_a_cut_prompt_ends_after_a_whole_word() -> None:
    said = prompt_text(LONG, Text("Refused: overstacked at 0101 (F&M 5.3)"), "keys", 60).plain.split("\n")
    kept = said[0].removesuffix("...")
    assert said[0].endswith("...") and LONG.startswith(kept) and LONG[len(kept)] == " "  # a word ends there


@sync
async def test_after_a_resize_the_prompt_re_wraps_and_the_panel_grows(tmp_path: Path) -> None:
    """Issue 17: the message bar and the side panel follow the terminal's width."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            await press(pilot, "tab")
            side = pilot.app.screen.query_one("#side")
            narrow = side.size.width
            first = screen_text(pilot.app).splitlines()[-3]  # one line: the keys of the selected unit below
            assert len(first) <= 80 and LONG.startswith(first.removesuffix("..."))
            await pilot.resize_terminal(120, 24)
            await pilot.pause()
            await pilot.pause()
            lines = screen_text(pilot.app).splitlines()
            assert len(lines[-3]) > 80 and LONG.startswith(lines[-3].removesuffix("..."))  # re-wrapped
            assert side.size.width > narrow and "1/31st Infantry Regiment 3-3-5" in "\n".join(lines)
