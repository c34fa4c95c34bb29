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
            assert "Done: end; now" in shown and "combat" in shown.splitlines()[-2]
            await press(pilot, "n")  # the log tells the same
            assert "fm." not in screen_text(pilot.app)
        assert not any("fm." in line for line in narrate(game))
