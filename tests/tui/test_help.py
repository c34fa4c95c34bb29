"""Help pages: the key map, the rule system's pages (its tables laid out to fit the screen), the
map's legend from the layers, the results so far, and the unit panel's notes."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.binding import Binding

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.rules.capabilities import Layer, Table
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.glyphs import ASCII, UNICODE
from tui_wargame.tui.help import (
    KEY_WORDS,
    HelpScreen,
    keys_text,
    map_text,
    page_text,
    results_text,
    rules_text,
    table_text,
)
from tui_wargame.tui.info import Namer, unit_panel


def test_key_map_says_what_every_key_does_in_words_and_lists_the_systems_menus(tmp_path: Path) -> None:
    from tui_wargame.tui.game import GameScreen
    from tui_wargame.tui.replay import ReplayScreen

    screens = [("Game", GameScreen.BINDINGS), ("Replay", ReplayScreen.BINDINGS)]
    text = keys_text(screens).plain
    flowing = " ".join(text.split())  # the words wrap under themselves
    for _, bindings in screens:
        for binding in bindings:
            assert isinstance(binding, Binding) and binding.id
            assert KEY_WORDS[binding.id] in flowing and binding.id not in text  # words, not action names
    assert "  Up, k         move the cursor up" in text and "j and k scroll" in text
    assert "  Esc, x        drop the selection" in text and "\n                cursor; else select" in text
    assert "[ ]" not in text and "leftsquarebracket" not in text
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        menus = game.capabilities.order_menus(game.scenario)
    assert menus and f"  {menus[0].key:<13} {menus[0].title}" in keys_text([], menus=menus).plain


def test_a_table_is_laid_out_in_columns_under_its_header(game: Game) -> None:
    table = Table("Results", ("die", "-1", "0", "+1"), (("1", "A1", "NE", "D1"), ("2", "NE", "D1", "De")),
                  note="a note")
    assert table_text(table, Namer(game, ASCII), 80).plain == (
        "Results\ndie  -1   0  +1\n1    A1  NE  D1\n2    NE  D1  De\na note\n")


def test_words_that_begin_with_a_figure_line_up_on_the_left_under_their_header(game: Game) -> None:
    table = Table("Routes", ("route", "cost", "special"), (("track", "1/2", "1/3 for the infantry"),
                                                           ("railway", "1/2", "")))
    assert table_text(table, Namer(game, ASCII), 80).plain.splitlines() == [
        "Routes",
        "route    cost  special",
        "track     1/2  1/3 for the infantry",
        "railway   1/2"]


def test_a_table_too_wide_is_cut_into_parts_that_fit_each_with_the_first_column(game: Game) -> None:
    columns = ("row", *(f"col{i:02d}" for i in range(20)))
    table = Table("Wide", columns, (("clear", *(f"v{i}" for i in range(20))),))
    told = table_text(table, Namer(game, ASCII), 40).plain
    parts = told.split("\n\n")
    assert len(parts) > 1 and all(line.startswith(("row", "clear", "Wide")) for p in parts for line in
                                  p.strip().splitlines())
    assert all(len(line) <= 40 for line in told.splitlines())
    assert all(f"col{i:02d}" in told for i in range(20))


def test_a_cell_too_wide_for_half_the_width_wraps_in_its_column(game: Game) -> None:
    units = ", ".join(f"{n}-1" for n in range(70, 82))
    table = Table("Arrivals", ("units", "from"), ((units, "when the scenario's rules say so"),))
    assert table_text(table, Namer(game, ASCII), 40).plain.splitlines() == [
        "Arrivals",
        "units                from",
        "70-1, 71-1, 72-1,    when the scenario's",
        "73-1, 74-1, 75-1,    rules say so",
        "76-1, 77-1, 78-1,",
        "79-1, 80-1, 81-1"]


@pytest.mark.parametrize("scenario_id", ["suez1916", "gaza1917"])
def test_the_systems_pages_fit_80_columns_and_show_no_python_repr(scenario_id: str, tmp_path: Path) -> None:
    with Game.new(scenario_file.find(scenario_id), tmp_path / "g.toml", seed=1) as game:
        pages = game.capabilities.help_pages(game.scenario)
        assert pages
        for page in pages:
            told = page_text(page, Namer(game, UNICODE), 76).plain
            assert "['" not in told and "{'" not in told and "[{" not in told
            assert all(len(line) <= 76 for line in told.splitlines() if "  " in line)  # table lines


def test_the_map_legend_names_the_terrain_and_every_layer_with_its_rule(game: Game) -> None:
    layer = Layer("zones", "Zones", "the enemy holds it", {"0303": ""}, "z", style="threat", shown="toggle",
                  rule="Testbed 9")
    text = map_text(game, Namer(game, ASCII), ASCII, [layer]).plain
    assert "%%  Woods" in text and "~   river" in text and "=   road" in text
    assert "z    Zones: the enemy holds it (Testbed 9), on demand (Z)" in text


def test_results_are_told_in_full_and_hidden_units_kept_hidden(tmp_path: Path) -> None:
    """Suez zero hour: 2/31st attacks the town of 2128 (F&M 7.1-7.7): one combat, headlined."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=3) as game:
        for order in ("move 31-2 2529 2429 2329 2228", "end", "attack 2128 2228", "end", "resolve 2128"):
            game.submit(order, "cp")
        names = Namer(game, ASCII)
        told = results_text(game, names).plain
        assert told.startswith("[5] Combat: 2/31st Infantry Regiment (31-2)") and "die 2" in told
        hidden = results_text(game, names, frozenset({"31-2"})).plain
        assert hidden == "[5] a result involving a hidden unit\n"


@sync
async def test_c_opens_the_systems_first_page_and_the_keys_when_it_has_none(tmp_path: Path,
                                                                            game: Game) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as suez:
        first = suez.capabilities.help_pages(suez.scenario)[0]
        async with WargameApp(start="play", game=suez).run_test(size=(80, 24)) as pilot:
            await press(pilot, "c")
            assert isinstance(pilot.app.screen, HelpScreen) and pilot.app.screen.page == first.id
            assert first.title in screen_text(pilot.app)
            tabs = "\n".join(screen_text(pilot.app).splitlines()[:2])  # the titles wrap to a second line
            pages = pilot.app.screen.pages
            assert all(f" {n} {title}" in tabs for n, (_, title) in enumerate(pages, 1)), tabs
    async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "c")
        screen = pilot.app.screen
        assert isinstance(screen, HelpScreen)
        expected = "keys" if not game.capabilities.help_pages(game.scenario) else screen.pages[1][0]
        assert screen.page == expected


def test_the_unit_panel_gives_the_rules_notes_with_their_rules(tmp_path: Path) -> None:
    """Suez 15.1 doubles Central Powers movement on the Zero Hour turn: the panel says so."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "s.toml", seed=1) as game:
        uid = next(u for u, s in game.state.units.items()
                   if game.scenario.grid.on_map(s.location) and game.scenario.unit[u].side == "cp"
                   and u.startswith("31-"))
        printed = game.scenario.unit[uid].factors[0]["move"]
        text = unit_panel(game, game.state, uid, Namer(game, ASCII), concealed=frozenset(), reach={}).plain
    assert f"MP left {2 * printed} of {2 * printed}: doubled at zero hour (Suez 15.1)" in text


def test_the_unit_panel_words_a_units_flags_f_m_7_1_a_declared_attack(tmp_path: Path) -> None:
    """F&M 7.1: a declared attacker's flag names the hex it attacks, in words, not "attacks:2131"."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "s.toml", seed=1) as game:
        state = game.state
        flagged = attrs.evolve(state.units["31-1"], phase_flags=frozenset({"attacks:2131", "rail-moved"}))
        state = state.replace(units={**state.units, "31-1": flagged})
        text = unit_panel(game, state, "31-1", Namer(game, ASCII), concealed=frozenset(), reach={}).plain
    assert "status: attacks 2131, rail moved" in text and "attacks:" not in text
    with Game.new(scenario_file.find("gaza1917"), tmp_path / "g.toml", seed=1) as game:
        text = unit_panel(game, game.state, "125R", Namer(game, ASCII), concealed=frozenset(), reach={}).plain
    assert "traits: battalion 125Bn" in text  # Gaza 13.3: the battalion that replaces it


def test_the_rules_page_tells_the_game_and_the_system_its_orders_not_its_code(tmp_path: Path) -> None:
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        text = rules_text(game, Namer(game, ASCII)).plain
        assert game.scenario.title in text and "RuleSystem" not in text and "Hooks" not in text
        pages = {p.id: p for p in game.capabilities.help_pages(game.scenario)}
        orders = pages["orders"].blocks[0]
        assert isinstance(orders, Table)
        assert ("move UNIT HEX...", "F&M 5.0") in [(row[0], row[-1]) for row in orders.rows]


@pytest.mark.parametrize(("scenario_id", "first_row"), [
    ("suez1916", "Town     -3   -2   -1    0   +1  +2,+3"),
    ("gaza1917", "Fort    -2  -1   0  +1 +2,+3 +4,+5")])
def test_the_crt_is_one_grid_of_each_rows_differentials_over_the_results_with_its_key_in_words(
        scenario_id: str, first_row: str, tmp_path: Path) -> None:
    """F&M 7.3-7.8: the differential headings of every terrain row over the twelve result columns,
    which terrain uses which row, and every result in words; it fits 78 columns (80 less the
    scroll bar) without being cut into parts."""
    with Game.new(scenario_file.find(scenario_id), tmp_path / "g.toml", seed=1) as game:
        crt = next(p for p in game.capabilities.help_pages(game.scenario) if p.id == "crt")
        lines = page_text(crt, Namer(game, UNICODE), 78).plain.splitlines()
    grid = lines.index("Combat results (F&M 7.3)")
    assert lines[grid + 1].split() == ["column", *map(str, range(1, 13))]
    assert lines[grid + 2].startswith(first_row)
    rows = len(game.scenario.rules["crt"]["rows"])
    assert lines[grid + 2 + rows].startswith("───")  # ruled off
    assert lines[grid + 3 + rows].split()[:5] == ["die", "1", "(A)", "A3", "A2"]
    assert all(len(line) <= 78 for line in lines if "  " in line)  # table lines; paragraphs wrap on screen
    text = "\n".join(lines)
    assert "D2      the defenders retreat 2 hexes, or one of them loses a step instead" in text
    assert "A1      the attackers retreat 1 hex, or one of them loses a step instead" in text
    assert "Ex      the attackers lose 1 step; the defenders lose 1 step" in text
    assert "A bombardment costs its target one step on De, D3, D2" in text
    assert not any(word in text for word in ("True", "False", "hooks", "bombard:", "deplete_instead"))


@sync
async def test_rules_and_victory_pages_summarise_the_scenario_and_name_every_hex_in_full(
        tmp_path: Path) -> None:
    """Suez 10.2-19.0 in brief, each line with its section; 12.3's levels under 12.4's hexes, the
    names uncut; j and k scroll a page."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            await press(pilot, "v")
            screen = pilot.app.screen
            assert isinstance(screen, HelpScreen) and screen.page == "victory"
            shown = screen_text(pilot.app)
            assert "1532 Pelusium Station 2 British" in shown
            assert "3331 To Bir el Abd    1 Central Powers" in shown
            assert "13-15              Central Powers operational victory" in shown
            await press(pilot, *"7")
            assert screen.page == "rules"
            content = str(screen.query_one("#content").render())
            assert "F&M 6.1" in content and "14.1-14.2" in content and "19.0" in content
            assert '"""' not in content and "def " not in content
            scroller = screen.query_one("#page")
            await press(pilot, "j", "j", "j")
            assert scroller.scroll_y == 3
            await press(pilot, "k")
            assert scroller.scroll_y == 2


def test_the_vp_line_uses_short_side_names_where_the_long_ones_would_wrap(tmp_path: Path) -> None:
    """Suez 12.3: the replay's 28-column panel reads "VP: CP 3, Br 0", not "British" over "0"."""
    from tui_wargame.tui.info import victory_text

    with Game.new(scenario_file.find("suez1916"), tmp_path / "s.toml", seed=1) as game:
        narrow = victory_text(game, game.state, Namer(game, ASCII), width=28).plain.splitlines()[0]
        wide = victory_text(game, game.state, Namer(game, ASCII), width=80).plain.splitlines()[0]
    assert narrow == "VP: CP 3, Br 0" and wide == "VP: Central Powers 3, British 0"


def test_the_keys_page_says_what_o_lists() -> None:
    """Issue 17: `o` lists the selected unit's orders, else the whole side's (test_game_flows pins
    the behaviour): the keys page says so, not "the cursor's hex"."""
    words = KEY_WORDS["game.orders"]
    assert "selected unit" in words and "nothing selected every order of your side" in words
    assert "cursor" not in words
