"""The map's viewport: two hexes of margin around the cursor, half-screen scrolls in whole hex
columns, centring on the unit Tab (or Shift+Tab) selects, on a combat and on a phase's forces, and
the opening view on the acting side's units (issue 17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.helpers import burst, press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.rules.capabilities import named_units
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.controller import MapController
from tui_wargame.tui.forces import forces
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.viewport import Metrics, centre, inside, keep

COMPACT = Metrics(col=5, row=2, width=166, height=120)  # a map of 33 columns, compact zoom


# --- the arithmetic ---------------------------------------------------------------------------

def test_a_cursor_well_inside_the_view_moves_nothing() -> None:
    assert keep((50, 20, 46, 19), (70, 28, 6, 3), COMPACT) == (50, 20)


def test_near_an_edge_the_view_moves_half_a_screen_in_whole_pairs_of_columns() -> None:
    # the cursor's hex 9 columns from the view's right edge: less than two hexes of margin
    x, y = keep((50, 20, 46, 19), (81, 28, 6, 3), COMPACT)
    assert (x, y) == (70, 20) and (x - 50) % 10 == 0 and 20 >= 46 // 2 - 10
    x, y = keep((50, 20, 46, 19), (70, 35, 6, 3), COMPACT)  # 1 line above the bottom margin
    assert (x, y) == (50, 28) and (y - 20) % 2 == 0
    assert keep((50, 20, 46, 19), (58, 22, 6, 3), COMPACT) == (30, 12)  # up and left at once


def test_at_the_maps_edges_the_view_stops_at_whole_columns() -> None:
    assert keep((10, 4, 46, 19), (1, 1, 6, 3), COMPACT) == (0, 0)
    x, _ = keep((100, 4, 46, 19), (160, 10, 6, 3), COMPACT)
    assert x == 120 and x % 5 == 0 and x + 46 == 166  # the map's last column shown whole


def test_a_jump_centres_unless_already_well_in_view() -> None:
    view = (50, 20, 46, 19)
    assert centre(view, [(70, 28, 6, 3)], COMPACT) == (50, 20)  # well in view: nothing moves
    x, y = centre(view, [(120, 80, 6, 3)], COMPACT)
    assert x % 5 == 0 and abs(x + 23 - 123) <= 5 and abs(y + 9 - 81) <= 1
    assert inside((x, y, 46, 19), (120, 80, 6, 3), COMPACT)
    x, y = centre(view, [(120, 80, 6, 3), (125, 70, 6, 3)], COMPACT)  # both fit: centred on both
    assert inside((x, y, 46, 19), (120, 70, 11, 13), COMPACT)
    x, y = centre(view, [(120, 80, 6, 3), (10, 10, 6, 3)], COMPACT)  # too far apart: the first
    assert inside((x, y, 46, 19), (120, 80, 6, 3), COMPACT)


# --- the controller: what the view is asked to show ---------------------------------------------

def test_tab_and_shift_tab_cycle_both_ways_and_ask_the_view_to_show_the_unit(game: Game) -> None:
    control = MapController(game)
    jumps = control.jumps
    assert control.next_unit(back=True) is None and control.selected == "r2"  # back from none: the last
    assert control.centre == (control.cursor,) == ("0102",) and control.jumps == jumps + 1
    assert control.next_unit(back=True) is None and control.selected == "r1"
    assert control.next_unit(back=True) is None and control.selected == "r2"  # round again
    assert control.next_unit() is None and control.selected == "r1"


def test_a_phase_start_puts_the_cursor_and_the_view_on_the_acting_sides_forces(game: Game) -> None:
    control = MapController(game)
    assert control.cursor in ("0101", "0102") and set(control.centre) == {"0101", "0102"}
    game.submit("move r1 0201 0301 0401")
    control.records_appended(game.records[-1:])
    control.cursor, jumps = "0605", control.jumps
    game.submit("end")  # Red's combat phase: only r1, beside the enemy, may attack
    control.records_appended(game.records[-1:])
    assert control.cursor == control.centre[0] and set(control.centre) == {"0401"}
    assert control.jumps == jumps + 1


def test_after_a_combat_the_view_is_asked_to_show_it(game: Game) -> None:
    control = MapController(game)
    for order in ("move r1 0201 0301 0401", "end", "attack r1 0402"):
        game.submit(order)
        control.records_appended(game.records[-1:])
    assert "0402" in control.centre  # the defender's hex (a decision it owes is there too)


def test_the_viewers_own_order_asks_the_view_to_show_what_it_touched(game: Game) -> None:
    control = MapController(game)
    control.cursor, jumps = "0605", control.jumps
    game.submit("move r1 0201")
    control.records_appended(game.records[-1:])
    assert "0201" in control.centre and control.jumps == jumps + 1
    assert control.cursor == "0201"  # the cursor goes with the view: the panel describes a hex in view


def test_after_a_combat_the_cursor_goes_with_the_view(game: Game) -> None:
    """Issue 17: a combat centred in view while the cursor was far away: the cursor comes along, so
    the hex the panel describes is on the screen; on one of the combat's hexes already, it stays."""
    control = MapController(game)
    for order in ("move r1 0201 0301 0401", "end"):
        game.submit(order)
        control.records_appended(game.records[-1:])
    control.cursor = "0605"
    game.submit("attack r1 0402")
    control.records_appended(game.records[-1:])
    assert control.cursor == control.centre[0] and control.cursor in ("0401", "0402")


def test_a_record_of_the_other_side_moves_no_view(game: Game) -> None:
    control = MapController(game, viewer="blue")
    jumps = control.jumps
    game.submit("move r1 0201")
    control.records_appended(game.records[-1:])
    assert control.jumps == jumps


# --- on the screen ------------------------------------------------------------------------------

def suez_or_gaza(name: str, tmp_path: Path) -> Game:
    return Game.new(scenario_file.find(name, scenario_file.search_path()), tmp_path / "g.toml", seed=1)


def app_for(game: Game) -> WargameApp:
    return WargameApp(start="play", game=game, ascii_only=True)


def boxes_in_view(hexmap: HexMap, labels: list[str]) -> int:
    x, y, w, h = hexmap.view
    return sum(1 for label in labels if x <= hexmap.painter.box(label)[0]
               and hexmap.painter.box(label)[0] + hexmap.painter.box(label)[2] <= x + w
               and y <= hexmap.painter.box(label)[1] and hexmap.painter.box(label)[1] + 3 <= y + h)


@pytest.mark.parametrize("name", ["suez1916", "gaza1917"])
@sync
async def test_the_map_opens_on_the_middle_of_the_acting_sides_forces(name: str, tmp_path: Path) -> None:
    game = suez_or_gaza(name, tmp_path)
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        hexmap, screen = pilot.app.screen.query_one(HexMap), pilot.app.screen
        forces = screen.control.forces()
        assert screen.cursor == forces[0]
        assert inside(hexmap.view, hexmap.painter.box(screen.cursor), hexmap.metrics)
        # not two-thirds sea: most of what the view could hold of the forces is in it
        assert boxes_in_view(hexmap, forces) >= min(len(forces), 8)
        assert hexmap.scroll_offset.x % hexmap.metrics.col == 0


@pytest.mark.parametrize("name", ["suez1916", "gaza1917"])
@sync
async def test_the_map_opens_on_the_units_that_may_act_without_listing_every_order(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up (docs/architecture.md): the first frame asks which units may act
    (`Capabilities.actors`), not for every path of every unit; the cursor opens where the list of
    orders would have put it, and Tab still finds the units by the list."""
    game = suez_or_gaza(name, tmp_path)
    system, listed = type(game.system), []
    real = system.legal_orders
    monkeypatch.setattr(system, "legal_orders",
                        lambda self, sc, state: listed.append(state) or real(self, sc, state))
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert listed == []
        named = named_units(game.scenario, real(game.system, game.scenario, game.state))
        assert screen.cursor == forces(game, game.state, game.state.to_act, actors=named)[0]
        await press(pilot, "tab")
        assert listed and screen.control.selected in named


@sync
async def test_a_walk_keeps_the_margin_and_scrolls_by_half_a_screen_in_whole_columns(tmp_path: Path) -> None:
    game = suez_or_gaza("suez1916", tmp_path)
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        hexmap = pilot.app.screen.query_one(HexMap)
        m = hexmap.metrics
        scrolls = 0
        for key in ["left"] * 8 + ["down"] * 6:
            before = hexmap.view
            await press(pilot, key)
            x, y, w, h = view = hexmap.view
            box = hexmap.painter.box(pilot.app.screen.cursor)
            at_edge = x == 0 or y + h >= m.height
            assert inside(view, box, m) or at_edge  # two hexes of margin, but at the map's edge
            assert x % m.col == 0  # whole columns: no label cut at the left edge
            if (x, y) != before[:2]:
                scrolls += 1
                moved = abs(x - before[0]) + abs(y - before[1])
                assert moved >= min(w, h) // 2 - m.row or at_edge  # half a screen, not a hex
        assert 2 <= scrolls <= 5  # 14 steps: a scroll every few, not one each step at the edge
        lines = screen_text(pilot.app).splitlines()[1:20]
        assert not any(line[:4].isdigit() and line[3] != "\\" for line in lines)  # `722\` never


@sync
async def test_tab_and_shift_tab_centre_the_view_on_the_unit(tmp_path: Path) -> None:
    game = suez_or_gaza("suez1916", tmp_path)
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        screen, hexmap = pilot.app.screen, pilot.app.screen.query_one(HexMap)
        for key in ("tab", "shift+tab"):
            screen.move_cursor("0626")  # far from every unit
            await press(pilot, key)
            unit = game.state.units[screen.selected]
            assert screen.cursor == unit.location
            x, y, w, h = hexmap.view
            bx, by, bw, bh = hexmap.painter.box(unit.location)
            assert abs((bx + bw / 2) - (x + w / 2)) <= hexmap.metrics.col
            assert abs((by + bh / 2) - (y + h / 2)) <= 2
        ready = sorted({o.args[0] for o in game.legal_orders() if o.args and o.args[0] in game.scenario.unit
                        and game.scenario.unit[o.args[0]].side == "cp"})
        assert screen.selected == ready[-1]  # Shift+Tab from the first: the last


@sync
async def test_the_view_follows_the_players_own_order_and_the_next_phase(tmp_path: Path) -> None:
    game = suez_or_gaza("suez1916", tmp_path)
    async with app_for(game).run_test(size=(80, 24)) as pilot:
        screen, hexmap = pilot.app.screen, pilot.app.screen.query_one(HexMap)
        screen.move_cursor("0626")  # far from every unit
        await pilot.pause()
        far = hexmap.view
        game_unit = screen.control.forces()[0]
        uid = next(u for u, s in game.state.units.items() if s.location == game_unit)
        target = next(iter(screen.control.reach_of(uid)))
        burst(pilot.app, f":move {uid} {target}")  # typed after ":", the bar closing after it
        await press(pilot, "enter")
        assert game.records[-1].order == f"move {uid} {target}"
        assert hexmap.view != far and inside(hexmap.view, hexmap.painter.box(target), hexmap.metrics)
        await press(pilot, "right")  # the view stays on the move until the cursor moves, then follows it
        assert inside(hexmap.view, hexmap.painter.box(screen.cursor), hexmap.metrics) or hexmap.view[0] == 0
        screen.move_cursor("0626")
        await press(pilot, "e", "y")  # the combat phase: the same side's forces
        assert game.state.phase == "combat" and screen.cursor == screen.control.forces()[0]
        assert inside(hexmap.view, hexmap.painter.box(screen.cursor), hexmap.metrics)


def test_a_phase_start_centres_on_the_front_not_the_middle_of_the_rear(tmp_path: Path) -> None:
    """Issue 17: at the British zero-hour turn of Suez no unit may move; the cursor goes to the
    British unit nearest the enemy (Katib Gannit), not to the middle of all of them (Dueidar)."""
    with suez_or_gaza("suez1916", tmp_path) as game:
        game.submit("end")
        game.submit("end")
        state, grid = game.state, game.scenario.grid
        assert (state.active, state.phase) == ("british", "movement")
        control = MapController(game)
        sides = {s: {u.location for uid, u in state.units.items()
                     if grid.on_map(u.location) and game.scenario.unit[uid].side == s}
                 for s in ("british", "cp")}

        def front(h: str) -> int:
            return min(grid.distance(h, e) for e in sides["cp"])

        assert control.cursor in sides["british"] and control.cursor != "1336"
        assert front(control.cursor) == min(front(h) for h in sides["british"])

