"""What the player is told after an order: sentences, never the rule system's bookkeeping keys."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.narrative import narrate
from tui_wargame.tui.app import WargameApp


@sync
async def test_ending_a_phase_says_which_phase_began_not_its_bookkeeping(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=3) as game:
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            await press(pilot, "e", "y")  # end the movement phase (confirmed)
            shown = screen_text(pilot.app)
            assert "fm.combat" not in shown and "fm.resolved" not in shown
            assert "Accepted: end; now" in shown and "combat" in shown.splitlines()[-2]
            await press(pilot, "n")  # the log tells the same
            assert "fm." not in screen_text(pilot.app)
        assert not any("fm." in line for line in narrate(game))


@sync
async def test_the_panel_says_a_unit_can_attack_when_attacks_name_only_hexes(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=3) as game:
        game.submit("move 31-2 2529 2429 2329 2228", "cp")
        game.submit("end", "cp")  # combat: "attack 2128 2228" names the hexes, not 31-2
        assert "attack 2128 2228" in [o.text for o in game.legal_orders()]
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            pilot.app.screen.move_cursor("2228")
            await press(pilot, "enter")
            shown = screen_text(pilot.app)
            assert "(31-2)" in shown and "can: attack" in shown and "no orders for it now" not in shown


@sync
async def test_completion_follows_the_words_already_typed(tmp_path: Path) -> None:
    from tui_wargame.tui.dialogs import CommandBar

    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=3) as game:
        legal = [o.text for o in game.legal_orders()]
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            await press(pilot, "colon", *"move 32-3 26", "tab")
            typed = pilot.app.screen.query_one(CommandBar).query_one("Input").value
            # 32-3 starts at 2632: a first step it can take, not 2628 (the first step of 31-1)
            assert typed.startswith("move 32-3 26") and any(o.startswith(typed) for o in legal), typed


@sync
async def test_the_ascii_footer_fits_80_columns(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("gaza1917"), tmp_path / "g.toml", seed=5) as game:
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            footer = screen_text(pilot.app).splitlines()[-1].rstrip()
            assert footer.isascii() and len(footer) <= 80, footer
            assert "q Quit" in footer and "f Fire" in footer, footer  # the rules' menu (Gaza 18.1) too


def test_a_report_of_several_events_ends_each_sentence(tmp_path: Path) -> None:
    """The prompt bar's report of a retreat that costs a step and asks the attacker to advance:
    three sentences, each ended, not run together."""
    from tui_wargame.tui.glyphs import UNICODE
    from tui_wargame.tui.info import Namer, short_report

    recorded = Path(__file__).parents[1] / "games" / "suez1916.txt"
    orders = [line for line in recorded.read_text().splitlines() if line and not line.startswith("#")]
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=5) as game:
        game.submit_all(orders[: orders.index("retreat 2lh 2031 2030 2029") + 1])
        told = short_report(game, game.seq, Namer(game, UNICODE))
    assert "retreats 2032 - 2031 - 2030 - 2029. 2nd Light Horse Brigade (2lh) loses a step (1 step left). " \
           "Central Powers must" in told
