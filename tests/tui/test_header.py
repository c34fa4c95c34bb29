"""The header keeps the save's file name in view at 80 columns (saving needs no action: the file is shown)."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.glyphs import UNICODE
from tui_wargame.tui.info import Namer, header


def test_the_file_name_survives_a_long_turn_name(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "suez1916-branch-12.toml", seed=1) as game:
        top = header(game, game.state, Namer(game, UNICODE), width=80).plain
        assert top.endswith("suez1916-branch-12.toml") and len(top) <= 80
        assert "T1/9" in top and "movement" in top
        wide = header(game, game.state, Namer(game, UNICODE), width=160).plain
        assert "Zero Hour, 4 August" in wide and "Central Powers" in wide  # room: everything is told


@sync
async def test_the_map_header_names_the_save_at_80x24(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "suez1916-1.toml", seed=1) as game:
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            assert "suez1916-1.toml" in screen_text(pilot.app).splitlines()[0]


def test_a_replay_header_keeps_finished_in_view_when_even_the_short_form_is_too_long(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "suez1916-branch-12.toml", seed=1) as game:
        where = "replay 1234/5678 (unfinished)"
        for width in (80, 50, 40):
            top = header(game, game.state, Namer(game, UNICODE), where=where, width=width).plain
            assert top.endswith(where) and len(top) <= width, (width, top)


def test_a_title_that_gives_way_is_cut_at_the_end_of_a_word(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "suez1916-2.toml", seed=1) as game:
        heads = {header(game, game.state, Namer(game, UNICODE), width=w).plain.split(" │ ")[0]
                 for w in range(60, 120)}
    assert heads == {"Suez 1916", "Suez 1916: Ottoman Strike"}, heads  # the part before the colon, or all


def test_the_title_keeps_its_width_from_phase_to_phase(tmp_path: Path) -> None:
    """Issue 17: the header's title does not jump as the phase's and side's names change length."""
    with Game.new(scenario_file.find("gaza1917"), tmp_path / "gaza1917-12.toml", seed=1) as game:
        for width in (80, 100, 132):
            heads = set()
            for order in ("end", "end", "end", "end"):
                heads.add(header(game, game.state, Namer(game, UNICODE), width=width).plain.split(" │ ")[0])
                game.submit(order)
            assert len(heads) == 1, (width, heads)
        assert heads == {"Gaza 1917: Gateway to Jerusalem"}
        assert header(game, game.state, Namer(game, UNICODE), width=80).plain.startswith("Gaza 1917 │ T")


def test_the_side_names_keep_one_form_from_phase_to_phase_and_side_to_side(tmp_path: Path) -> None:
    """Issue 17: the side's part is chosen by the width alone ("Br: movement" never follows
    "British: combat"), and so is whether the turn's name shows."""
    for scenario in ("suez1916", "gaza1917"):
        with Game.new(scenario_file.find(scenario), tmp_path / f"{scenario}-1.toml", seed=1) as game:
            names = Namer(game, UNICODE)
            full = {names.side(s) for s in game.scenario.side}
            forms: dict[int, set[tuple[bool, bool]]] = {w: set() for w in range(56, 140, 4)}
            for _ in range(8):  # two game turns: each side's movement and combat
                for width, seen in forms.items():
                    parts = header(game, game.state, names, width=width).plain.split(" │ ")
                    seen.add((parts[2].split(":")[0] in full, " " in parts[1]))
                game.submit("end")
        assert all(len(seen) == 1 for seen in forms.values()), (scenario, forms)
        assert {form for seen in forms.values() for form in seen} >= {(False, False), (True, True)}, forms
