"""Issue 17's loose ends, each on a real Suez or Gaza position: a decision's title tidied, the
end-phase question in paragraphs, the side owing a decision named, words for players, the "."
key, the saves list's room and the select and move keys told (F&M 4.0, 7.7-7.8)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import OptionList

from tests.tui.helpers import press, screen_text, suez, sync
from tui_wargame import scenario_file
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.tui.answers import Choose
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.controller import MapController
from tui_wargame.tui.dialogs import ConfirmScreen
from tui_wargame.tui.glyphs import UNICODE
from tui_wargame.tui.info import Namer, header, unit_panel
from tui_wargame.tui.replay import ReplayScreen

#: Seed 4, zero hour: two Central Powers battalions attack the machine guns in 2129, resolved:
#: the British owe a retreat of two hexes, or a step lost instead (F&M 7.7, 7.8).
RETREAT_OWED = ("move 31-1 2228", "move 31-2 2229", "move 31-3 2230", "end", "attack 2129 2228",
                "attack 2129 2229", "end", "resolve 2129")



def test_a_decisions_title_cites_each_rule_once(tmp_path: Path) -> None:
    """The saved prompt ends "(F&M 7.8) (F&M 7.7)"; the menu's title joins them."""
    with suez(tmp_path, *RETREAT_OWED) as game:
        assert game.state.pending.prompt.endswith("instead (F&M 7.8) (F&M 7.7)")
        control = MapController(game, viewer=game.state.to_act)
        menu = control.decision_menu()
    assert isinstance(menu, Choose)
    assert menu.title == "retreat each unit 2 hexes, or deplete one unit instead (F&M 7.8; F&M 7.7)"


@sync
async def test_the_end_phase_question_is_told_in_paragraphs_at_80x24(tmp_path: Path) -> None:
    """Suez zero hour (F&M 4.0): what ends, the units that could still act, then the question."""
    with suez(tmp_path, seed=1) as game:
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            await press(pilot, "e")
            assert isinstance(pilot.app.screen, ConfirmScreen)
            dialog = [line.split("|")[1].strip() for line in screen_text(pilot.app).splitlines()
                      if line.count("|") == 2]  # the dialog's lines, between its borders
    assert dialog == [
        "End the Central Powers movement phase; the combat phase follows (F&M",
        "4.0).", "", "19 units could still act: 31-1, 31-2, 31-3, 32-1, 32-2, 32-3, 39-1,",
        "39-2 and 11 more.", "", "End it anyway?", "y/Enter: yes    n/q/Esc: no"]


def test_the_header_names_the_side_that_owes_the_decision(tmp_path: Path) -> None:
    """In the Central Powers' combat phase the British owe the retreat: the header says they act."""
    with suez(tmp_path, *RETREAT_OWED) as game:
        names = Namer(game, UNICODE)
        assert header(game, game.state, names, width=80).plain == (
            "Suez 1916 │ T1/9 │ Central Powers: combat │ British to decide │ suez.toml")
        game.submit("deplete 52mg")  # answered: the Central Powers act again, nobody else is named
        assert game.state.pending is None or game.state.pending.side == game.state.active
        assert "to decide" not in header(game, game.state, names, width=80).plain


def test_show_tells_a_finished_game_as_players_read_it(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Suez 12.3: every phase ended at once leaves the Central Powers 3 VP, a British victory."""
    with suez(tmp_path, seed=1) as game:
        while not game.state.over:
            game.submit("end")
    assert main(["show", str(tmp_path / "suez.toml")]) == 0
    assert ("Game over. The game ends in an operational victory for the British: 3 VP for the "
            "Central Powers (Suez 12.3)\n") in capsys.readouterr().out


def test_the_unit_panel_names_the_formation(tmp_path: Path) -> None:
    """Suez 20.0 and Gaza's order of battle: the formation by its name, not the scenario's id."""
    with suez(tmp_path, seed=1) as game:
        panel = unit_panel(game, game.state, "31-1", Namer(game, UNICODE), concealed=frozenset(), reach={})
        assert "Central Powers infantry, 3rd Division\n" in panel.plain
        panel = unit_panel(game, game.state, "1lh", Namer(game, UNICODE), concealed=frozenset(), reach={})
        assert "British cavalry, Anzac Mounted Division\n" in panel.plain
    with Game.new(scenario_file.find("gaza1917"), tmp_path / "gaza.toml", seed=1) as game:
        panel = unit_panel(game, game.state, "163R", Namer(game, UNICODE), concealed=frozenset(), reach={})
        assert "Central Powers regiment, 53rd Division\n" in panel.plain


@sync
async def test_the_replays_punctuation_keys_step_as_the_keys_page_says(tmp_path: Path) -> None:
    """"." and "," step a record, "]" and "[" a phase (Textual names them full_stop, comma,
    right_square_bracket, left_square_bracket)."""
    with suez(tmp_path, *RETREAT_OWED) as game:
        app = WargameApp(start="replay", game=game, ascii_only=True, saves_dir=tmp_path / "saves")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen) and screen.seq == 8
            await press(pilot, ",", ",")
            assert screen.seq == 6
            await press(pilot, ".")
            assert screen.seq == 7
            await press(pilot, "[")  # back to the start of the combat phase
            assert screen.seq == 4
            await press(pilot, "[", "]")
            assert screen.seq == 4


@sync
async def test_the_saves_list_has_the_room_the_scenarios_do_not_need(tmp_path: Path) -> None:
    """Twelve Suez saves: the three scenarios take their three lines, the saves the rest, at 80x24
    and larger."""
    saves = tmp_path / "saves"
    saves.mkdir()
    with suez(tmp_path, "move 31-1 2527", seed=1):
        pass
    for n in range(12):
        shutil.copy(tmp_path / "suez.toml", saves / f"suez1916-{n + 1}.toml")
    for size in ((80, 24), (120, 40)):
        async with WargameApp(saves_dir=saves).run_test(size=size) as pilot:
            screen = pilot.app.screen
            scenarios, listed = (screen.query_one(f"#{i}", OptionList) for i in ("scenarios", "saves"))
            assert scenarios.content_region.height == 3  # Gaza 1917, Suez 1916 and Utah 1944
            assert listed.content_region.height == size[1] - 13  # the header, labels, borders, prompt, keys
            assert listed.content_region.width >= 32


@sync
async def test_select_and_move_are_told_under_the_prompt_at_80x24(tmp_path: Path) -> None:
    """The key bar is full at 80 columns without s and m: once a unit is selected (Enter or Tab,
    which the bar shows) the prompt's last line names them, in the Suez movement phase (F&M 5.0),
    whose prompt would take both lines."""
    with suez(tmp_path, seed=1) as game:
        assert len(game.prompt()) > 80
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            lines = screen_text(pilot.app).splitlines()
            assert " s " not in lines[-1] and " m " not in lines[-1]  # the key bar
            assert "tab Next" in lines[-1] and "RET Act" in lines[-1]
            await press(pilot, "tab")
            lines = screen_text(pilot.app).splitlines()
            assert lines[-3].startswith("Central Powers, Zero Hour, 4 August: Movement Phase")
            assert lines[-2] == ("Enter/m: move here  s: select  w: path step  a: attack  o: orders  "
                                 "x: deselect")
