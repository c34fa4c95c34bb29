"""What still stood in a newcomer's way playing Foxhole at 80x24 from the README alone: Utah Beach
(`utah1944`) and a generated scenario, by keys."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp


def utah(path: Path, seed: int = 1) -> Game:
    return Game.new(scenario_file.find("utah1944"), path, seed=seed)


@sync
async def test_newcomer_the_key_bar_names_o_beside_the_barrage_menu(tmp_path: Path) -> None:
    """R18 and every order in words: at 80 columns the key bar shows `o Orders` as well as Foxhole's
    `f Barrage`, and every other key it shows, whole."""
    with utah(tmp_path / "u.toml") as game:
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            await press(pilot)
            bar = screen_text(pilot.app).splitlines()[-1]
    for key in ("o Orders", "f Barrage", ": Order", "e End", "q Quit", "? Help"):
        assert key in bar, bar
