"""SVG snapshots of Foxhole on the screen at 80x24, on the proving ground. Each helper's snapshots
carry its name as a prefix (`test_fxorders_...`). Refresh with `--snapshot-update` and look at
the SVGs in tests/tui/__snapshots__/test_foxhole_snapshots/ before committing them."""

from __future__ import annotations

from pathlib import Path

from tests.tui.test_fxorders_keys import TO_BARRAGE, proving
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen


def _to_activities(tmp_path: Path):  # noqa: ANN202
    game = proving(tmp_path, TO_BARRAGE)
    for order in ("pass", "pass", "end"):
        game.submit(order)
    return game


async def a1_to_a_0505(pilot) -> None:  # noqa: ANN001
    """A1 selected, the cursor on a hex of its reach that costs a fraction of an MP."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.control.selected = "A1"
    screen.move_cursor("A-0505")


def test_fxorders_reach_with_its_costs(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """R11.A: the selected unit's reach on the map, each hex with its cost in three characters
    ("2+" for 2 1/3), and the cursor hex's exact cost in the panel; the phase prompt in a line."""
    game = _to_activities(tmp_path)
    assert game.state.phase == "activities-movement"
    app = WargameApp(start="play", game=game, ascii_only=True)
    assert snap_compare(app, run_before=a1_to_a_0505, terminal_size=(80, 24))


def test_fxorders_barrage_menu(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """R18: the barrage key's list, each barrage in words, with the first one's preview."""
    app = WargameApp(start="play", game=proving(tmp_path, TO_BARRAGE), ascii_only=True)
    assert snap_compare(app, press=["f"], terminal_size=(80, 24))


def test_fxorders_covering_fire_decision(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """R20.C.2: the Axis's Covering Fire answers in words, opened by themselves, the end key
    giving none."""
    game = _to_activities(tmp_path)
    for order in ("end", "assault B-0507 A2 AAE"):
        game.submit(order)
    assert game.state.pending is not None and game.state.pending.side == "axis"
    app = WargameApp(start="play", game=game, ascii_only=True)
    assert snap_compare(app, run_before=settled, terminal_size=(80, 24))


async def settled(pilot) -> None:  # noqa: ANN001
    """The first screen pushed and the decision's answers opened by themselves."""
    for _ in range(3):
        await pilot.pause()
