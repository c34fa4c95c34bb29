"""SVG snapshots of the Foxhole screens at 80x24 and 160x48 (pytest-textual-snapshot), each test
named with its helper's prefix. Refresh with `python -m pytest tests/tui/test_foxhole_snapshots.py
--snapshot-update` and look at the SVGs in tests/tui/__snapshots__/ before committing them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tests.rules.foxhole.helpers import HERE, load
from tests.tui.test_fxorders_keys import TO_BARRAGE, proving
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.title import TitleScreen

#: 80x24 in the quick run; 160x48 only in the long run (--runslow), which CI also runs: the
#: quick run keeps to its 60 s budget.
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48", marks=pytest.mark.slow)]

pytestmark = pytest.mark.usefixtures("short_idle_waits")


def fxstatus_game(tmp_path: Path) -> Game:
    """The proving ground, seed 1: both Dawn Briefings ended, the Allied Transport Phase."""
    game = Game.new(load(), tmp_path / "proving.toml", seed=1)
    for order in ("end", "end"):
        game.submit(order)
    return game


@pytest.mark.parametrize("size", SIZES)
def test_fxstatus_conditions_and_track(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """The R15 track in the header (the step played in brackets), the weather, ground and
    forecasts on the conditions line under it (R8, R13)."""
    app = WargameApp(start="play", game=fxstatus_game(tmp_path), hotseat=False)
    assert snap_compare(app, terminal_size=size)


def test_fxstatus_replay_ascii(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    app = WargameApp(start="replay", game=fxstatus_game(tmp_path), ascii_only=True)
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize(("page", "size"), [pytest.param("1", (80, 24), id="terrain-80x24"),
                                            pytest.param("4", (80, 24), id="weather-80x24"),
                                            pytest.param("3", (160, 48), id="combat-160x48",
                                                         marks=pytest.mark.slow)])
def test_fxstatus_chart_pages(snap_compare, tmp_path: Path, page: str, size: tuple[int, int]) -> None:  # noqa: ANN001
    """The reconstructed charts as tables (c opens the first; the number keys count the key page)."""
    app = WargameApp(start="play", game=fxstatus_game(tmp_path), hotseat=False)
    assert snap_compare(app, press=["c", str(int(page) + 1)], terminal_size=size)


async def fxstatus_options(pilot) -> None:  # noqa: ANN001
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TitleScreen)
    screen.query_one("#scenarios").highlighted = [s.id for s in screen.scenarios].index("proving")
    await pilot.pause()


def test_fxstatus_optional_rules(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """R2.K: the optional rules on one screen at 80x24, one changed (bold), its choices below."""
    app = WargameApp(scenario_dirs=[HERE, *scenario_file.search_path()], saves_dir=tmp_path / "saves")
    assert snap_compare(app, run_before=fxstatus_options, press=["enter", "down", "down", "enter"],
                        terminal_size=(80, 24))


def fxorders_activities(tmp_path: Path):  # noqa: ANN202
    game = proving(tmp_path, TO_BARRAGE)
    for order in ("pass", "pass", "end"):
        game.submit(order)
    return game


async def fxorders_a1_to_a_0505(pilot) -> None:  # noqa: ANN001
    """A1 selected, the cursor on a hex of its reach that costs a fraction of an MP."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.control.selected = "A1"
    screen.move_cursor("A-0505")


def test_fxorders_reach_with_its_costs(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """R11.A: the selected unit's reach on the map, each hex with its cost in three characters
    ("2+" for 2 1/3), and the cursor hex's exact cost in the panel; the phase prompt in a line."""
    game = fxorders_activities(tmp_path)
    assert game.state.phase == "activities-movement"
    app = WargameApp(start="play", game=game, ascii_only=True)
    assert snap_compare(app, run_before=fxorders_a1_to_a_0505, terminal_size=(80, 24))


def test_fxorders_barrage_menu(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """R18: the barrage key's list, each barrage in words, with the first one's preview."""
    app = WargameApp(start="play", game=proving(tmp_path, TO_BARRAGE), ascii_only=True)
    assert snap_compare(app, press=["f"], terminal_size=(80, 24))


def test_fxorders_covering_fire_decision(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """R20.C.2: the Axis's Covering Fire answers in words, opened by themselves, the end key
    giving none."""
    game = fxorders_activities(tmp_path)
    for order in ("end", "assault B-0507 A2 AAE"):
        game.submit(order)
    assert game.state.pending is not None and game.state.pending.side == "axis"
    app = WargameApp(start="play", game=game, ascii_only=True)
    assert snap_compare(app, run_before=fxorders_settled, terminal_size=(80, 24))


async def fxorders_settled(pilot) -> None:  # noqa: ANN001
    """The first screen pushed and the decision's answers opened by themselves."""
    for _ in range(3):
        await pilot.pause()


def fxmap_proving(tmp_path: Path) -> Game:
    """fx-map: the proving ground as it begins, the Axis to choose at the Dawn Briefing (R23), its two
    maphexes with markers, counters, coasts and sea."""
    return Game.new(load(), tmp_path / "proving.toml", seed=1)


def fxmap_cursor_on(label: str, select: str = "") -> Callable[..., Awaitable[None]]:
    async def run(pilot) -> None:  # noqa: ANN001
        await pilot.pause()  # the app pushes its first screen once started
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        if select:
            screen.control.selected = select
        screen.move_cursor(label)
        await pilot.pause()
    return run


@pytest.mark.parametrize("size", SIZES)
def test_fxmap_markers_and_counters(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """The Axis works on maphex B (R5.B): each hex's most important marker on the map, every one
    in words in the hex panel (Mines and Tank Traps in B-0506), counters by type and Defence."""
    app = WargameApp(start="play", game=fxmap_proving(tmp_path))
    assert snap_compare(app, run_before=fxmap_cursor_on("B-0506"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_fxmap_sea_and_a_unit_card(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """Maphex A's southern coast and sea (R3.A) in ASCII, and the artillery battery's card
    (R5.A.6: Range, Defence 1)."""
    app = WargameApp(start="play", game=fxmap_proving(tmp_path), ascii_only=True)
    assert snap_compare(app, run_before=fxmap_cursor_on("A-0604", select="AART"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_fxmap_utah_beach(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """Utah Beach's coast (R3.A, R16.B): the Channel's shallow and deep sea to the east, the
    beach, the sea wall and the works behind it; the cursor on the beach at A-1105."""
    game = Game.new(scenario_file.find("utah1944"), tmp_path / "utah.toml", seed=1)
    app = WargameApp(start="play", game=game)
    assert snap_compare(app, run_before=fxmap_cursor_on("A-1105"), terminal_size=size)
