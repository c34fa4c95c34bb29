"""Foxhole played by keys on the proving ground at 80x24: a move by cursor, the barrage key, an
assault and its Covering Fire decision, the Dawn Briefing's orders with their notes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.rules.foxhole.narration import movement_points
from tui_wargame.tui.answers import Note
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.controller import MapController
from tui_wargame.tui.dialogs import ConfirmScreen, HandOverScreen, OrderChooser
from tui_wargame.tui.game import GameScreen

PROVING = Path(__file__).parents[1] / "rules" / "foxhole" / "proving.toml"

#: The Allied Dawn Briefing's prompt, up to the end of its instruction (R23).
INSTRUCTION = "Allies, Day 1 Morning: Dawn Briefing (R23): time the arrivals, then end."

#: `end` this many times from the start: Axis and Allied Dawn Briefings, then the Allied phases.
TO_SUPPLY_MOVEMENT, TO_BARRAGE = 3, 4


def dialog_text(app: WargameApp) -> str:
    """The words of the dialog on the screen (ASCII borders), its wrapped lines joined."""
    lines = screen_text(app).splitlines()
    top = next(i for i, line in enumerate(lines) if "+--" in line)
    left, right = lines[top].index("+"), lines[top].rindex("+")
    inside = []
    for line in lines[top + 1:]:
        if "+--" in line:
            break
        inside.append(line[left + 1:right].strip())
    return " ".join(" ".join(inside).split())


def proving(tmp_path: Path, ends: int) -> Game:
    game = Game.new(scenario_file.load(PROVING), tmp_path / "proving.toml", seed=7)
    for _ in range(ends):
        game.submit("end")
    return game


@sync
async def test_fxorders_a_unit_moves_where_the_cursor_is_at_the_cost_the_panel_gives(tmp_path: Path) -> None:
    """R11.A: Tab selects a unit, its reach is marked, Enter on a hex of it moves it there."""
    game = proving(tmp_path, TO_SUPPLY_MOVEMENT)
    assert game.state.phase == "supply-movement"
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        uid = screen.control.selected
        reach = screen.control.reach()
        assert uid and reach
        far = max(reach, key=lambda h: (reach[h], h))
        screen.move_cursor(far)
        await pilot.pause()
        assert f"reach: {movement_points(reach[far])} MP (R11.A)" in screen_text(pilot.app)
        await press(pilot, "enter")
        assert game.state.units[uid].location == far
        assert game.records[-1].order.startswith(f"move {uid} ")


@sync
async def test_fxorders_the_barrage_key_lists_each_barrage_in_words_and_fires_one(tmp_path: Path) -> None:
    """R18.C: f lists the barrages and the pass, each with its line; Enter fires the first, and
    the other side is asked to reply."""
    game = proving(tmp_path, TO_BARRAGE)
    assert game.state.phase == "barrage"
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f")
        chooser = pilot.app.screen
        assert isinstance(chooser, OrderChooser)
        text = dialog_text(pilot.app)
        assert "Navy and Jabo fire into B-0307 on X1 (R18.D)" in text and "once both players pass" in text
        await press(pilot, "enter")
        assert game.records[-1].order.startswith("barrage ")
        assert game.state.pending is not None and game.state.pending.side == "axis"


@sync
async def test_fxorders_an_assault_by_keys_and_covering_fire_answered_in_words(tmp_path: Path) -> None:
    """R20.B-C: in the Combat Phase Tab finds a unit named after its target, a lists its
    assaults with their preview, Enter declares one; the Axis, handed the keyboard, see their
    Covering Fire answers in words, and the end key gives none."""
    game = proving(tmp_path, TO_BARRAGE)
    for order in ("pass", "pass", "end", "end"):
        game.submit(order)
    assert game.state.phase == "combat"
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "a")
        assert isinstance(pilot.app.screen, OrderChooser)
        text = dialog_text(pilot.app)
        assert "Assault B-" in text and "(R20.C.6)" in text  # the preview, down to the hits
        await press(pilot, "enter")
        assert game.records[-1].order.startswith("assault ")
        assert isinstance(pilot.app.screen, HandOverScreen)
        await press(pilot, "enter")
        assert isinstance(pilot.app.screen, OrderChooser)
        assert "no Covering Fire: the assault goes on (R20.C.2)" in dialog_text(pilot.app)
        await press(pilot, "e")
        assert game.records[-1].order == "cover"


@sync
async def test_fxorders_the_dawn_briefing_prompt_fits_and_its_orders_say_what_they_change(
        tmp_path: Path) -> None:
    """R23: the Briefing's prompt says what to do in its first line; Enter on an empty hex lists
    the orders, each with what it changes in the plan."""
    game = proving(tmp_path, 1)
    assert game.state.phase == "dawn-briefing" and game.state.active == "allied"
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        lines = screen_text(pilot.app).splitlines()
        assert lines[-3].startswith(INSTRUCTION)
        await press(pilot, "o")
        assert isinstance(pilot.app.screen, OrderChooser)
        note = "reinforce AR1 1pm AR1 enters at its map edge in the Afternoon (R23.A)"
        assert note in dialog_text(pilot.app)
        await press(pilot, "enter")
        assert game.records[-1].order == "reinforce AR1 1pm"
        lines = screen_text(pilot.app).splitlines()  # the news on the last line: the instruction whole
        assert lines[-3].startswith(INSTRUCTION)
        assert lines[-2].startswith("Accepted: reinforce AR1 1pm")


async def day_by_keys(game: Game, until: int) -> None:
    """Play `game` hot-seat by keys alone at 80x24 until Full Turn `until` begins: in each phase
    the first unit Tab finds moves to the far end of its reach, a barrage is fired with f, an
    assault given with a (Tab and a again while an Assault is owed, R20.E.2), every decision
    answered from its list or on the map, then e."""
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        tried: dict[tuple[int, str, str], int] = {}  # phase -> the times its units were tried
        for _ in range(1500):
            state = game.state
            if state.turn >= until or state.over:
                break
            screen = pilot.app.screen
            if isinstance(screen, HandOverScreen):
                await press(pilot, "enter")
            elif isinstance(screen, ConfirmScreen):
                await press(pilot, "y")
            elif isinstance(screen, OrderChooser):
                await press(pilot, "enter")
            elif not isinstance(screen, GameScreen):
                await press(pilot, "escape")
            elif screen.control.picking:  # a retreat chosen on the map: the first marked hex
                screen.move_cursor(screen.control.picking.hexes[0])
                await press(pilot, "enter")
            elif state.pending:
                await press(pilot, "enter")
            else:
                key = (state.turn, state.active, state.phase)
                tried[key] = tried.get(key, 0) + 1
                if tried[key] % 2 == 0:  # every other time: end (refused while an Assault is owed)
                    await press(pilot, "e")
                    continue
                before = game.seq
                if state.phase == "barrage":
                    await press(pilot, "f")
                elif state.phase in ("combat", "vehicle-assault"):
                    await press(pilot, "tab", "a")
                else:
                    await press(pilot, "tab")
                    reach = screen.control.reach()
                    if reach:
                        screen.move_cursor(max(reach, key=lambda h: (reach[h], h)))
                        await press(pilot, "enter")
                if game.seq == before and isinstance(pilot.app.screen, GameScreen):
                    await press(pilot, "e")
        assert game.state.turn >= until or game.state.over, f"stuck in {game.state.phase}: {game.prompt()}"


@pytest.mark.slow
@sync
async def test_fxorders_a_whole_day_by_keys_alone(tmp_path: Path) -> None:
    """Issue 14: Day 1 of the proving ground played by keys alone (`day_by_keys`), to Day 2."""
    game = proving(tmp_path, 0)
    await day_by_keys(game, until=3)
    verbs = {r.order.split()[0] for r in game.records[1:]}
    assert {"move", "barrage", "assault", "end"} <= verbs


def test_fxorders_tab_finds_a_unit_named_after_its_target_and_says_when_o_lists_the_rest(
        tmp_path: Path) -> None:
    """Tab in the Combat Phase selects a unit an `assault HEX UNIT...` names; at the Axis Dawn
    Briefing, whose one order names a Sortie, it says that o lists it."""
    game = proving(tmp_path, TO_BARRAGE)
    for order in ("pass", "pass", "end", "end"):
        game.submit(order)
    control = MapController(game)
    assert control.next_unit() is None and control.selected in {"A1", "A2", "AAE"}
    dawn = proving(tmp_path / "dawn", 0)
    assert [o.text for o in dawn.legal_orders()] == ["sortie rail-gun 1pm", "end"]
    note = MapController(dawn).next_unit()
    assert note == Note("No unit has an order left; o lists the 1 order still open, e ends the phase")


def utah(tmp_path: Path) -> Game:
    return Game.new(scenario_file.find("utah1944"), tmp_path / "utah.toml", seed=7)


@sync
async def test_fxorders_utah_a_landing_is_aimed_by_cursor_at_the_dawn_briefing(tmp_path: Path) -> None:
    """Utah 1944, the Allied Dawn Briefing (R16.B): Tab selects a company yet to land, the hexes
    its landing may aim at are marked, Enter on one aims it there."""
    game = utah(tmp_path)
    game.submit("end")  # the Axis Briefing
    app = WargameApp(start="play", game=game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        uid, reach = screen.control.selected, screen.control.reach()
        assert uid and reach and screen.control.cursor in reach
        assert "its drop or landing may aim" in screen_text(pilot.app)  # the panel's note on the hex
        await press(pilot, "enter")
        assert game.records[-1].order == f"aim {uid} {screen.control.cursor}"


@pytest.mark.slow
@sync
async def test_fxorders_utah_the_first_day_by_keys_alone(tmp_path: Path) -> None:
    """Issue 14: Utah Beach's Day played by keys alone at 80x24, hot-seat, as the proving
    ground's Day is (`day_by_keys`): landings, moves, barrages and assaults, to the Night."""
    game = utah(tmp_path)
    await day_by_keys(game, until=2)
    verbs = {r.order.split()[0] for r in game.records[1:]}
    assert {"move", "barrage", "assault", "end"} <= verbs
