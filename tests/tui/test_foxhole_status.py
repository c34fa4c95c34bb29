"""Foxhole's situation on the screen, through the capabilities only: the conditions line and
the sequence-of-play track (R8, R13, R15) on the game and replay screens, the charts in the help
(fitting 80 columns, never a cell cut), and the optional rules chosen on one screen (R2.K)."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.containers import VerticalScroll
from textual.widgets import Static

from tests.rules.foxhole.helpers import HERE, load
from tests.tui.helpers import press, screen_text, suez, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Decision
from tui_wargame.rules.capabilities import Table
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ChoiceScreen
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.glyphs import ASCII, UNICODE
from tui_wargame.tui.help import HelpScreen, page_text, table_text
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.info import Namer
from tui_wargame.tui.options import OptionsScreen
from tui_wargame.tui.status import conditions_line, header_line
from tui_wargame.tui.title import TitleScreen
from tui_wargame.tui.viewport import Metrics, keep


def proving(tmp_path: Path, *orders: str) -> Game:
    """The proving ground, seed 1, with `orders` given (two `end`s: the Allied Transport Phase)."""
    game = Game.new(load(), tmp_path / "fx.toml", seed=1)
    for order in orders:
        game.submit(order)
    return game


@sync
async def test_r15_r8_the_track_is_in_the_header_and_the_conditions_under_it_at_80x24(tmp_path: Path) -> None:
    app = WargameApp(start="play", game=proving(tmp_path, "end", "end"), hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        # each step cut at four, marked with a full stop; the sides' short names in the label and the track
        assert "T1/6 │ Al: Dawn Wea. [Transport] Sup. Bar. Act." in lines[0]
        assert lines[0].endswith("V.A. Ax │ fx.toml")
        assert lines[1].startswith("Day 1 Morning: ") and "; ground Dry 4; then " in lines[1]
        assert app.screen.query_one("#conditions").display


@sync
async def test_a_system_without_conditions_keeps_its_screen_as_it_was(tmp_path: Path) -> None:
    app = WargameApp(start="play", game=suez(tmp_path), hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#conditions").display
        assert app.screen.query_one("#body").region.y == 1  # the map right under the header


def test_r15_the_header_fits_every_width_keeping_the_step_played_and_the_save(tmp_path: Path) -> None:
    game = proving(tmp_path, "end", "end")
    names = Namer(game, UNICODE)
    for width in (60, 80, 100, 120, 160, 200):
        text = header_line(game, game.state, names, width=width).plain
        assert len(text) <= width and text.endswith("fx.toml") and "[Transport]" in text, (width, text)
    assert "Allies: Dawn > Weather > [Transport] > Supply > Barrage" in header_line(game, game.state, names,
                                                                                  width=240).plain
    game.close()


def test_r8_the_conditions_are_cut_at_a_word_when_the_line_is_short(tmp_path: Path) -> None:
    game = proving(tmp_path, "end", "end")
    names = Namer(game, ASCII)
    whole = conditions_line(game, game.state, names, 200).plain
    short = conditions_line(game, game.state, names, 30).plain
    assert len(short) <= 30 and short.endswith("...") and whole.startswith(short[:-3].rstrip())
    game.close()


@sync
async def test_r8_the_replay_shows_the_conditions_of_the_record_shown(tmp_path: Path) -> None:
    app = WargameApp(start="replay", game=proving(tmp_path, "end", "end"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert lines[1].startswith("Day 1 Morning: ") and "[Transport]" in lines[0]
        await press(pilot, "home")  # the set-up: the first Dawn Briefing, before any weather
        assert screen_text(app).splitlines()[1] == "Day 1 Morning: forecast Overcast; ground Dry 4"


def test_every_chart_page_fits_80_columns_and_no_cell_is_cut(tmp_path: Path) -> None:
    """Each table's rows fit (its note, like a paragraph, wraps in the widget) and every word of
    every cell is on the page: a cell too wide wraps in its column, never cut."""
    game = proving(tmp_path)
    for glyphs, width in ((UNICODE, 78), (ASCII, 80)):  # the scroll bar's two cells, none in --ascii
        names = Namer(game, glyphs)
        for page in game.capabilities.help_pages(game.scenario):
            tables = [b for b in page.blocks if isinstance(b, Table)]
            assert tables, page.id
            for table in tables:
                lines = table_text(table, names, width).plain.splitlines()
                rows = lines[1:-1] if table.note else lines[1:]
                assert all(len(line) <= width for line in rows), (page.id, table.title)
                words = set(" ".join(lines).split())
                cells = [c for row in (table.columns, *table.rows) for c in row]
                assert all(w in words for c in cells for w in c.split()), (page.id, table.title)
            assert page_text(page, names, width).plain.startswith(page.blocks[0] if isinstance(
                page.blocks[0], str) else page.blocks[0].title)
    game.close()


@sync
async def test_the_charts_open_with_c_each_page_in_turn_and_a_long_one_scrolls(tmp_path: Path) -> None:
    app = WargameApp(start="play", game=proving(tmp_path, "end", "end"), hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "c")
        assert isinstance(app.screen, HelpScreen)
        tabs = "\n".join(screen_text(app).splitlines()[:3])  # at 80 columns the titles take three lines
        shown = []
        for _ in range(6):
            shown.append(app.screen.page)
            await press(pilot, "right")
        assert shown == ["terrain", "works", "combat", "weather", "dawn", "sequence"]
        for n, title in enumerate(["Terrain (Chart 2)", "Works (Chart 2)", "Combat (Chart 2, FVT)",
                                   "Weather (Chart 3)", "Dawn (Chart 4)", "Sequence (Chart 5)"], 2):
            assert f" {n} {title}" in tabs, tabs  # every page's title beside its number
        await press(pilot, "4", "j", "j", "j")  # the weather page is longer than the screen
        assert app.screen.query_one("#page", VerticalScroll).scroll_y == 3
        await press(pilot, "v")  # no binding: still the help
        await press(pilot, "q")
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "v")
        text = screen_text(app)
        assert "Sector status (R24.A.1)" in text and "Otherwise: Axis wins." in text


def _title(tmp_path: Path) -> WargameApp:
    return WargameApp(ascii_only=True, scenario_dirs=[HERE, *scenario_file.search_path()],
                      saves_dir=tmp_path / "saves")


async def _highlight(app: WargameApp, scenario_id: str) -> None:
    screen = app.screen
    assert isinstance(screen, TitleScreen)
    screen.query_one("#scenarios").highlighted = [s.id for s in screen.scenarios].index(scenario_id)


@sync
async def test_r2_k_the_optional_rules_are_chosen_on_one_screen_defaults_off(tmp_path: Path) -> None:
    app = _title(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _highlight(app, "proving")
        await press(pilot, "enter")
        assert isinstance(app.screen, OptionsScreen)
        text = screen_text(app)
        assert "Start the game (all defaults)" in text and "R9: play Night player turns" in text
        await press(pilot, "down", "down", "enter")  # the night-turns rule on
        assert "1 changed from the defaults" in screen_text(app) and "> on: in play" in screen_text(app)
        await press(pilot, "down", "space", "d")  # another on, then every default back
        assert "Start the game (all defaults)" in screen_text(app)
        await press(pilot, "up", "enter", "s")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.game.state.values.get("option.night-turns") is True
        assert "option.overstacking" not in app.screen.game.state.values


@sync
async def test_r2_k_enter_twice_starts_with_every_default_and_a_long_list_scrolls(tmp_path: Path) -> None:
    app = _title(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _highlight(app, "proving")
        await press(pilot, "enter")
        options = app.screen
        assert isinstance(options, OptionsScreen)
        await press(pilot, "end")
        text = screen_text(app)  # the last option, scrolled to, whole: its choices' lines fixed in height
        assert "R7.A.14-18: partisans slip away" in text and "security hunt them" in text
        await press(pilot, "home", "enter")
        assert isinstance(app.screen, GameScreen)
        assert not any(k.startswith("option.") for k in app.screen.game.state.values)


@sync
async def test_a_system_with_one_option_still_asks_it_in_its_own_dialog(tmp_path: Path) -> None:
    app = _title(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _highlight(app, "suez1916")
        await press(pilot, "enter")
        assert isinstance(app.screen, ChoiceScreen)
        assert "historical" in screen_text(app)
        about = str(app.screen_stack[-2].query_one("#about", Static).render())
        assert "When the game starts, choose" in about


def test_a_view_one_row_shorter_never_scrolls_back_and_forth_between_two_neighbours() -> None:
    """The conditions line takes a map row: in a view 18 lines high a half-screen jump (8) was
    wider than the band where a hex 3 lines high keeps its margins of 4 (7), so a hex and its
    upper neighbour each scrolled the view away from the other. The jump is kept within the band."""
    m = Metrics(col=5, row=2, width=51, height=28)
    lower, upper = (25, 12, 6, 3), (30, 11, 6, 3)  # B-0507 and B-0606 of the proving ground
    _, top = keep((0, 0, 46, 18), lower, m)
    assert top > 0 and keep((0, top, 46, 18), upper, m) == (0, top)


@sync
async def test_a_cursor_step_back_and_forth_scrolls_the_map_at_most_once(tmp_path: Path) -> None:
    app = WargameApp(start="play", game=proving(tmp_path), hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        tops = []
        for key in ("right", "left") * 3:
            await press(pilot, key)
            tops.append(hexmap.scroll_y)
        assert len(set(tops[1:])) == 1, tops


def test_r15_a_decision_owed_by_the_other_side_is_said_after_the_track_the_save_kept(tmp_path: Path) -> None:
    game = proving(tmp_path, "end", "end")
    owed = attrs.evolve(game.state, pending=Decision("axis", "barrage:reply", "fire back?"))
    names = Namer(game, ASCII)
    for width in (80, 120):
        text = header_line(game, owed, names, width=width).plain
        assert len(text) <= width and text.endswith(" | fx.toml") and "to decide" in text, text
        assert text.index("[Transport]") < text.index("to decide")
    game.close()


@sync
async def test_r13_r3_b_4_utah_opens_on_its_dawn_briefing_with_the_fixed_opening_weather(
        tmp_path: Path) -> None:
    game = Game.new(scenario_file.find("utah1944"), tmp_path / "utah.toml", seed=1)
    app = WargameApp(start="play", game=game, hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        header, conditions = screen_text(app).splitlines()[:2]
        assert "Axis: [Dawn] > Weather > Allies turn > Axis turn" in header and header.endswith("utah.toml")
        assert conditions.startswith("6 June Morning: Overcast (scenario); ground ")
