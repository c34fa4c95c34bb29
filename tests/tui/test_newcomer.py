"""What a newcomer met playing Suez 1916 hot-seat at 80x24 (issue 17): words that read as English
on the hand-over screen, and the typed order line."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import HandOverScreen, candidates, hint


def suez_game(path: Path) -> Game:
    return Game.new(scenario_file.find("suez1916"), path, seed=1)


@sync
async def test_the_hand_over_to_the_central_powers_reads_the_central_powers_turn(tmp_path: Path) -> None:
    """F&M 4.0: the British combat phase ends the game turn; the next belongs to the Central Powers."""
    with suez_game(tmp_path / "s.toml") as game:
        while not (game.state.active == "british" and game.state.phase == "combat"):
            game.submit("end")
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            await press(pilot, "e", "y")
            assert isinstance(pilot.app.screen, HandOverScreen)
            shown = " ".join(screen_text(pilot.app).split())
    assert "It is the Central Powers' turn." in shown and "Powers turn" not in shown
    assert "Hand the keyboard to the Central Powers player." in shown


def test_the_order_lines_example_is_a_legal_order_of_this_game(tmp_path: Path) -> None:
    """F&M 5.0 on Suez: the `:` line's example can be typed as it is (the testbed's `move r1 0201`,
    shown before, means nothing in Suez)."""
    with suez_game(tmp_path / "s.toml") as game:
        orders = game.legal_orders()
        example = hint(orders).split("order, e.g. ")[1].split("  (Tab")[0]
    assert example in {o.text for o in orders} and example.startswith("move ") and "r1" not in example
    assert hint([]) == "order  (Tab completes, empty Enter cancels)"


def test_tab_without_one_completion_lists_the_candidates_or_says_none_fits() -> None:
    many = [f"u{n}" for n in range(10)]
    assert candidates("move ", many) == "Tab: one of u0, u1, u2, u3, u4, u5, u6, u7 and 2 more"
    assert candidates("move u", ["u1", "u2"]) == "Tab: one of u1, u2"
    assert candidates("move zz", many) == "no legal order goes on with 'zz'"


@sync
async def test_tab_on_the_order_line_shows_what_may_follow(game: Game) -> None:
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        await press(pilot, "colon", "m", "o", "v", "e", "space", "tab")
        listed = screen_text(pilot.app)
        await press(pilot, "z", "tab")
        nothing = screen_text(pilot.app)
    assert "Tab: one of r1, r2" in listed
    assert "no legal order goes on with 'z'" in nothing


@sync
async def test_the_story_log_wraps_again_to_its_new_width_after_a_resize(game: Game) -> None:
    """From 160x48 (the log shown, the panel wide) to 80x40: the log's lines fit the narrower
    panel rather than running past its edge, cut mid-word."""
    game.submit("move r1 0201 0301 0401")
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        log = pilot.app.screen.query_one("#log")
        wide = log.scrollable_content_region.width
        await pilot.resize_terminal(80, 40)
        for _ in range(200):  # the log wraps again once the resize has settled: later on a loaded machine
            await pilot.pause()
            narrow = log.scrollable_content_region.width
            widest = max(strip.cell_length for strip in log.lines)
            if narrow < wide and widest <= narrow:
                break
        told = " ".join(strip.text.strip() for strip in log.lines)
    assert narrow < wide and widest <= narrow
    assert "moves 0101 - 0201 - 0301 - 0401" in told
