"""Pilot tests of the replay viewer: stepping, jumping, autoplay, and playing on from a record."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import burst, press, screen_text, sync
from tui_wargame.engine import Game
from tui_wargame.savefile import read
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.replay import ReplayScreen


def played(game: Game) -> Game:
    for order in ("move r1 0201 0301 0401", "end", "attack r1 0402", "retreat b1 0502", "end",
                  "move b2 0601", "end"):
        game.submit(order)
    return game


def viewer(game: Game, tmp_path: Path) -> WargameApp:
    return WargameApp(start="replay", game=game, ascii_only=True, saves_dir=tmp_path / "saves",
                      scenario_dirs=[TESTBED_DIR])


@sync
async def test_step_back_and_forth_by_record_phase_and_turn(game: Game, tmp_path: Path) -> None:
    played(game)
    async with viewer(game, tmp_path).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen) and screen.seq == game.seq == 7
        await press(pilot, "left", "left", "left", "left")
        assert screen.seq == 3
        shown = screen_text(pilot.app)
        assert "[3] Red: attack r1 0402" in shown and "die 5;" in shown and "result D1" in shown
        assert "R4-4" in shown and "B3-3" in shown  # the map as it stood after record 3
        await press(pilot, "right")
        assert screen.seq == 4 and "retreat b1 0502" in screen_text(pilot.app)
        await press(pilot, "up")  # back to the start of the phase shown
        assert screen.seq == 2
        await press(pilot, "up")
        assert screen.seq == 0
        await press(pilot, "down", "down")
        assert screen.seq == 5  # Blue's movement phase began at record 5
        await press(pilot, "pagedown")
        assert screen.seq == 7
        await press(pilot, "home")
        assert screen.seq == 0
        await press(pilot, "colon", "4", "enter")
        assert screen.seq == 4
        await press(pilot, "colon", "t", "1", "enter")
        assert screen.seq == 0


@sync
async def test_autoplay_steps_until_the_end(game: Game, tmp_path: Path) -> None:
    played(game)
    async with viewer(game, tmp_path).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        await press(pilot, "space")
        assert screen.timer is not None and screen.seq == 0  # from the start when at the end
        await press(pilot, "plus")
        assert "autoplay 0.5s/record" in screen_text(pilot.app)
        for _ in range(10):
            screen._tick()
        assert screen.seq == game.seq and screen.timer is None


@sync
async def test_play_from_here_branches_and_never_changes_the_original(
        game: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUI_WARGAME_LEDGER", str(tmp_path / "ledger"))  # the branch is a new game to it
    played(game)
    original = game.path.read_bytes()
    async with viewer(game, tmp_path).run_test(size=(80, 24)) as pilot:
        await press(pilot, "colon", "2", "enter", "p")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        branch = screen.game
        assert branch.path == tmp_path / "saves" / "testbed-branch-1.toml"
        assert branch.seq == 2 and branch.state.phase == "combat"
        await press(pilot, "u")  # the phase just began: nothing to undo, but the branch is live
        await press(pilot, "e", "y")  # r1 could still attack: confirm
        assert branch.seq == 3
    assert game.path.read_bytes() == original
    assert [r.order for r in read(tmp_path / "saves" / "testbed-branch-1.toml").records][-1] == "end"
    assert branch.verify() == []


@sync
async def test_replay_of_an_unfinished_game_opened_read_only(game: Game, tmp_path: Path) -> None:
    played(game)
    game.close()
    with Game.open(game.path, scenario_dirs=[TESTBED_DIR]) as readonly:
        async with viewer(readonly, tmp_path).run_test(size=(80, 24)) as pilot:
            assert "(unfinished)" in screen_text(pilot.app)
            await press(pilot, "left")
            assert pilot.app.screen.seq == 6


@sync
async def test_a_jump_typed_in_one_burst_lands_in_the_jump_box(game: Game, tmp_path: Path) -> None:
    played(game)
    async with viewer(game, tmp_path).run_test(size=(80, 24)) as pilot:
        burst(pilot.app, ":4")
        await pilot.pause()
        await press(pilot, "enter")
        assert pilot.app.screen.seq == 4


def branch_recorded(tmp_path: Path) -> int:
    return len(read(tmp_path / "saves" / "testbed-branch-1.toml").records) - 1


def suez_attack(path: Path) -> Game:
    """Suez at zero hour: 31-2 moves to 2228 and declares an attack on 2128 (record 3)."""
    from tui_wargame import scenario_file

    game = Game.new(scenario_file.find("suez1916"), path, seed=3)
    game.submit("move 31-2 2529 2429 2329 2228", "cp")
    game.submit("end", "cp")
    game.submit("attack 2128 2228", "cp")
    return game


def in_view(hexmap: HexMap, label: str) -> bool:
    from textual.geometry import Region

    view = Region(*hexmap.scroll_offset, *hexmap.scrollable_content_region.size)
    return view.contains_region(Region(*hexmap.painter.box(label)))


@sync
async def test_the_map_follows_every_hex_the_record_touched(tmp_path: Path) -> None:
    with suez_attack(tmp_path / "suez.toml") as game:
        game.submit("end", "cp")
        game.submit("resolve 2128", "cp")
        async with viewer(game, tmp_path).run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            hexmap = screen.query_one(HexMap)
            await press(pilot, "colon", "3", "enter")  # "attack 2128 2228": its events name no hex
            assert in_view(hexmap, "2128") and in_view(hexmap, "2228")
            where = hexmap.scroll_offset
            await press(pilot, "right", "right")  # the combat at 2128: both already in view
            assert screen.seq == 5 and hexmap.scroll_offset == where
            await press(pilot, "home", "colon", "5", "enter")  # from afar: the attacker's hex too
            assert in_view(hexmap, "2128") and in_view(hexmap, "2228")


@sync
async def test_the_prompt_fits_80_columns_and_help_opens_from_the_replay(game: Game, tmp_path: Path) -> None:
    from tui_wargame.tui.help import HelpScreen

    played(game)
    async with viewer(game, tmp_path).run_test(size=(80, 24)) as pilot:
        lines = screen_text(pilot.app).splitlines()
        assert lines[-3].endswith("?: help") and lines[-2].endswith("+/-: speed")  # nothing cropped
        assert lines[-1].rstrip().endswith("? Help q Back")  # --ascii key bar: every key fits
        for key in ("question_mark", "f1"):
            await press(pilot, key)
            assert isinstance(pilot.app.screen, HelpScreen) and pilot.app.screen.page == "keys"
            assert "play faster" in screen_text(pilot.app)  # the speed keys, with the rest
            await press(pilot, "q")
            assert isinstance(pilot.app.screen, ReplayScreen)


@sync
async def test_playing_on_from_a_replay_in_a_game_replaces_that_game(game: Game, tmp_path: Path) -> None:
    played(game)
    app = WargameApp(start="play", game=game, ascii_only=True, saves_dir=tmp_path / "saves",
                     scenario_dirs=[TESTBED_DIR])
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "r")
        assert isinstance(pilot.app.screen, ReplayScreen)
        await press(pilot, "colon", "2", "enter", "p")
        games = [s for s in pilot.app.screen_stack if isinstance(s, GameScreen)]
        assert len(games) == 1 and games[0] is pilot.app.screen and games[0].game is not game
        assert len(pilot.app.screen_stack) == 2  # so q in the branch quits, not back into the original
        assert not game.writable  # the original game was closed (its save's lock released)
        assert branch_recorded(tmp_path) == 2


@sync
async def test_the_replay_opens_where_the_game_screen_would(tmp_path: Path) -> None:
    """Issue 17: a record that touched no hex (a phase's end), or the set-up, shows the acting
    side's forces as the game screen does at a phase start, not the map's top-left corner."""
    from tui_wargame import scenario_file
    from tui_wargame.tui.controller import MapController

    with Game.new(scenario_file.find("suez1916"), tmp_path / "suez.toml", seed=3) as game:
        game.submit("end", "cp")
        game.submit("end", "cp")  # the British zero-hour movement phase
        front = MapController(game).forces()[0]
        async with viewer(game, tmp_path).run_test(size=(80, 24)) as pilot:
            hexmap = pilot.app.screen.query_one(HexMap)
            assert in_view(hexmap, front) and not in_view(hexmap, "0122")
            await press(pilot, "home")  # the set-up: the Central Powers' forces, not its first counter
            state = game.state_at(0)
            cursor = hexmap.overlay.cursor
            assert pilot.app.screen.seq == 0 and state.active == "cp" and in_view(hexmap, cursor)
            assert cursor in {u.location for uid, u in state.units.items()
                              if game.scenario.unit[uid].side == "cp"}
            assert not in_view(hexmap, "0122")
