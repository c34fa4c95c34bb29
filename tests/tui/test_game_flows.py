"""Pilot tests of the game screen: every order given by keys, through the engine."""

from __future__ import annotations

from pathlib import Path

from textual.geometry import Region
from textual.strip import Strip

from tests.tui.helpers import burst, press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.savefile import read
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import CommandBar, ConfirmScreen, HandOverScreen, OrderChooser
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.hexmap import HexMap


def app_for(game: Game, **kw: object) -> WargameApp:
    return WargameApp(start="play", game=game, ascii_only=True, **kw)  # type: ignore[arg-type]


@sync
async def test_select_and_move_by_choosing_a_destination(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.selected == "r1"
        assert "reach: " in screen_text(pilot.app)
        await press(pilot, "right", "right", "m")
        assert game.records[-1].order == "move r1 0201 0301"
        assert game.state.units["r1"].location == "0301"
        assert "moves 0101 - 0201 - 0301" in screen_text(pilot.app)
        # it is on disk already: saving needs no action
        assert read(game.path).records[-1].order == "move r1 0201 0301"


@sync
async def test_move_by_cursor_steps(tmp_path: Path) -> None:
    """Suez zero hour: 2/31st steps west hex by hex (F&M 5.0: a move names its path)."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=3) as game:
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            screen.move_cursor(game.state.units["31-2"].location)
            await press(pilot, "enter")
            assert screen.selected == "31-2"
            for label in ("2529", "2429"):
                screen.move_cursor(label)
                await press(pilot, "w")
            await press(pilot, "m")
            assert game.records[-1].order == "move 31-2 2529 2429"


@sync
async def test_a_refused_order_says_why_and_changes_nothing(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "right", "right", "right", "right", "m")
        assert len(game.records) == 1
        assert "cannot reach 0501" in screen_text(pilot.app)
        await press(pilot, "colon", *"move r1 0501", "enter")
        assert len(game.records) == 1
        assert "Refused:" in screen_text(pilot.app) and "(Testbed 2)" in screen_text(pilot.app)


@sync
async def test_undo_takes_back_the_last_move(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "right", "m")
        assert game.state.units["r1"].location == "0201"
        await press(pilot, "u")
        assert game.state.units["r1"].location == "0101"
        assert game.records[-1].kind == "undo"
        await press(pilot, "u")
        assert "Refused: there is nothing to undo" in screen_text(pilot.app)


@sync
async def test_end_phase_asks_when_units_have_not_acted(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "e")
        assert isinstance(pilot.app.screen, ConfirmScreen)
        assert "2 units could still act: r1, r2" in screen_text(pilot.app)
        await press(pilot, "n")
        assert game.state.phase == "movement"
        await press(pilot, "e", "y")
        assert game.state.phase == "combat"
        await press(pilot, "e")  # nobody can attack: no question
        assert game.state.active == "blue"
        assert isinstance(pilot.app.screen, HandOverScreen)
        assert "Hand the keyboard to the Blue player" in screen_text(pilot.app)
        assert "R4-4" not in screen_text(pilot.app)  # the map is covered during the handover
        await press(pilot, "enter")
        assert isinstance(pilot.app.screen, GameScreen) and pilot.app.screen.viewer == "blue"


@sync
async def test_attack_with_preview_and_the_defenders_decision(game: Game) -> None:
    game.submit("move r1 0201 0301 0401")
    game.submit("end")
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "down", "a")
        assert isinstance(pilot.app.screen, OrderChooser)
        assert "attack r1 0402" in screen_text(pilot.app)  # the testbed explains nothing (test_preview)
        await press(pilot, "enter")
        assert game.records[-1].order == "attack r1 0402"
        assert game.state.pending is not None  # seed 7 rolls D1: Blue must decide
        assert isinstance(pilot.app.screen, HandOverScreen)
        assert "Blue to decide: Retreat from 0402 or lose a step" in screen_text(pilot.app)
        await press(pilot, "enter")  # Blue takes the keyboard: the answers open by themselves
        assert isinstance(pilot.app.screen, OrderChooser)
        # the attack's story, under them (the testbed words none)
        assert "result D1" in screen_text(pilot.app)
        await press(pilot, "down", "enter")
        assert game.records[-1].order == "retreat b1 0502"
        assert game.state.pending is None
        await press(pilot, "enter")  # the keyboard goes back to Red
        assert pilot.app.screen.viewer == "red"
        assert game.state.units["b1"].location == "0502"


@sync
async def test_command_line_completes_units_and_hexes(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", "m", "o", "tab", "r", "2", "tab", "0", "2", "0")  # typed without pauses
        await pilot.pause()
        bar = pilot.app.screen.query_one(CommandBar)
        assert bar.display and bar.query_one("Input").value.startswith("move r2 020")
        await press(pilot, "2", "enter")
        assert game.records[-1].order == "move r2 0202"


@sync
async def test_keys_typed_in_the_same_burst_as_the_colon_reach_the_command_line(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        burst(pilot.app, ":move r1 0201")
        await pilot.pause()
        bar = pilot.app.screen.query_one(CommandBar)
        assert bar.query_one("Input").value == "move r1 0201"
        assert pilot.app.screen.selected is None  # nothing of it reached the map
        burst(pilot.app, ":")  # inside the bar ":" is text
        await pilot.pause()
        assert bar.query_one("Input").value == "move r1 0201:"


@sync
async def test_escape_has_alternatives_in_dialogs(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "colon", "enter")  # an empty command line closes
        assert isinstance(pilot.app.screen, GameScreen)
        await press(pilot, "o")
        assert isinstance(pilot.app.screen, OrderChooser)
        await press(pilot, "q")
        assert isinstance(pilot.app.screen, GameScreen)
        await press(pilot, "question_mark")
        assert "end the phase, or the step of it" in screen_text(pilot.app)
        await press(pilot, "q")
        assert isinstance(pilot.app.screen, GameScreen)
        assert len(game.records) == 1


@sync
async def test_zoom_zoc_and_log(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "z")
        assert "R 4-3-4" in screen_text(pilot.app)
        await press(pilot, "z", "n")
        assert pilot.app.screen.query_one("#log").display


@sync
async def test_z_shows_and_hides_the_layers_the_rules_draw_on_demand(tmp_path: Path) -> None:
    """Suez: the enemy's zones of control (F&M 6.1), a layer shown on demand."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            control = pilot.app.screen.control
            toggled = {layer.id: layer.name for layer in control.offered_layers() if layer.shown == "toggle"}
            assert toggled and not toggled.keys() & {layer.id for layer in control.drawn_layers()}
            await press(pilot, "Z")
            assert toggled.keys() <= {layer.id for layer in control.drawn_layers()}
            assert f"Shown: {next(iter(toggled.values()))}" in screen_text(pilot.app)
            await press(pilot, "Z")
            assert not toggled.keys() & {layer.id for layer in control.drawn_layers()}


@sync
async def test_the_first_frame_leaves_for_later_what_it_does_not_show(game: Game) -> None:
    """Start-up: the detailed map painter and the narrative of the hidden log wait until wanted."""
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert list(screen.query_one(HexMap).painters) == [False]  # compact only
        assert screen.log_lines == [] and not screen.query_one("#log").display
        await press(pilot, "tab", "right", "m", "n")  # an order given while hidden is told too
        assert screen.logged == len(game.records) and "r1" in "\n".join(screen.log_lines)
        await press(pilot, "z")
        assert list(screen.query_one(HexMap).painters) == [False, True]


@sync
async def test_big_map_scrolls_to_keep_the_cursor_in_view(big_game: Game) -> None:
    async with app_for(big_game).run_test(size=(80, 24)) as pilot:
        hexmap = pilot.app.screen.query_one(HexMap)
        assert hexmap.virtual_size.width > hexmap.size.width
        assert hexmap.scroll_offset == (0, 0)
        await press(pilot, *["right"] * 20, *["down"] * 15)
        assert pilot.app.screen.cursor == "2116"
        assert "2116" in screen_text(pilot.app)
        assert hexmap.scroll_offset.x > 0 and hexmap.scroll_offset.y > 0


@sync
async def test_a_cursor_step_refreshes_only_the_rows_it_changes(big_game: Game) -> None:
    async with app_for(big_game).run_test(size=(80, 24)) as pilot:
        hexmap = pilot.app.screen.query_one(HexMap)
        await press(pilot, "down")
        assert hexmap.refreshed_rows == 2  # the old and the new cursor hex: their label lines
        assert hexmap.refreshed_rows < len(hexmap.rows)


@sync
async def test_clicking_a_hex_moves_the_cursor(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        hexmap = pilot.app.screen.query_one(HexMap)
        x, y = hexmap.painter.origin["0303"]
        await pilot.click(HexMap, offset=(x + 2, y))
        await pilot.pause()
        assert pilot.app.screen.cursor == "0303"


@sync
async def test_leaving_releases_the_save(game: Game, tmp_path: Path) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "q")
    assert not game.writable


@sync
async def test_the_map_opens_on_the_side_to_acts_units(big_game: Game) -> None:
    big_game.submit("end")
    big_game.submit("end")  # Blue to act: its unit is at the far corner, 2825
    async with app_for(big_game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")  # take the keyboard
        assert pilot.app.screen.cursor == "2825"
        assert "B1-3" in screen_text(pilot.app)


@sync
async def test_the_orders_menu_concerns_the_selected_unit(game: Game) -> None:
    """o: the selected unit's orders, moves aside (Enter and m give those); none: the side's."""
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "o")
        assert "1st Red Rifles can only move now: Enter or m on a hex it can reach" in " ".join(
            screen_text(pilot.app).split())
        await press(pilot, "x", "o")
        chooser = pilot.app.screen
        assert isinstance(chooser, OrderChooser) and chooser.title_text == "Orders for the Red"
        assert [o.text for o in chooser.orders] == ["end"]
        assert "end the movement phase" not in screen_text(pilot.app)  # the testbed words nothing


@sync
async def test_the_rules_order_menu_has_its_key_and_offers_its_orders(tmp_path: Path) -> None:
    """Suez 18.1: fire support is placed while attacks are declared, under the menu's own key."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        menu = next(m for m in game.capabilities.order_menus(game.scenario) if not m.each)
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            await press(pilot, menu.key)  # Zero Hour's movement phase: nothing of the menu's, and why
            assert f"{menu.title}: none now: no bombardment at night (Suez 19.0)" in screen_text(pilot.app)
    with Game.new(scenario_file.find("suez1916"), tmp_path / "h.toml", seed=1) as game:
        while game.state.phase != "combat" or game.state.active != "british" or game.state.turn != 1:
            game.submit("end")
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            await press(pilot, menu.key)
            chooser = pilot.app.screen
            assert isinstance(chooser, OrderChooser) and chooser.orders
            assert all(o.verb in menu.verbs for o in chooser.orders)


@sync
async def test_the_panel_shows_hex_stack_and_the_selected_units_state(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "right", "m", "enter")
        panel = screen_text(pilot.app)
        assert "0201 Clear" in panel and ">r1 1st Red Rifles 4-3-4" in panel
        assert "status: moved" in panel
        assert "no orders for it now" in panel
        await press(pilot, "right", "down")
        panel = screen_text(pilot.app)
        assert "0302 Clear" in panel and "river to 0402" in panel
        await press(pilot, "right")
        panel = screen_text(pilot.app)
        assert "Ford Hill, 2 VP, held by Blue" in panel and "b1 Blue Guards 3-4-3" in panel


@sync
async def test_after_the_hand_over_the_cursor_is_on_the_new_sides_units(game: Game) -> None:
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        await press(pilot, "e", "y", "e", "enter")
        assert pilot.app.screen.viewer == "blue" and pilot.app.screen.cursor in ("0402", "0501")


@sync
async def test_the_first_lines_drawn_already_show_the_cursor_and_a_resize_keeps_it(tmp_path: Path,
                                                                                monkeypatch) -> None:  # noqa: ANN001
    """The map scrolls to the cursor while the layout sizes it, before anything is drawn: a start
    writes one frame with the cursor in view, not the map's corner and then another frame."""
    game = Game.new(scenario_file.find("suez1916", scenario_file.search_path()), tmp_path / "s.toml", seed=1)
    seen: list[Region] = []
    draw = HexMap.render_line

    def render_line(self: HexMap, y: int) -> Strip:
        if not seen:
            seen.append(Region(*self.scroll_offset, *self.scrollable_content_region.size))
        return draw(self, y)

    monkeypatch.setattr(HexMap, "render_line", render_line)
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        hexmap = pilot.app.screen.query_one(HexMap)
        cursor = Region(*hexmap.painter.box(pilot.app.screen.cursor))
        assert seen[0].contains_region(cursor) and seen[0].x > 0  # Suez starts far from the corner
        for size in ((160, 48), (81, 25)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            view = Region(*hexmap.scroll_offset, *hexmap.scrollable_content_region.size)
            assert view.contains_region(cursor)
