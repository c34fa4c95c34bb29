"""SVG snapshots of Foxhole's screens (pytest-textual-snapshot): the proving ground's two maphexes
with their markers, counters, coasts and sea, at 80x24 and 160x48. Each helper's snapshots carry
its name as a prefix (`test_fxmap_...`).

After a deliberate change of the look, refresh them with
`python -m pytest tests/tui/test_foxhole_snapshots.py --snapshot-update` and look at the SVGs
in tests/tui/__snapshots__/test_foxhole_snapshots/ before committing them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tests.rules.foxhole.helpers import load
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]


def proving(tmp_path: Path) -> Game:
    """The proving ground as it begins: the Axis to choose at the Dawn Briefing (R23)."""
    return Game.new(load(), tmp_path / "proving.toml", seed=1)


def cursor_on(label: str, select: str = "") -> Callable[..., Awaitable[None]]:
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
    app = WargameApp(start="play", game=proving(tmp_path))
    assert snap_compare(app, run_before=cursor_on("B-0506"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_fxmap_sea_and_a_unit_card(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """Maphex A's southern coast and sea (R3.A) in ASCII, and the artillery battery's card (R5.A.6: Range, Defence 1)."""
    app = WargameApp(start="play", game=proving(tmp_path), ascii_only=True)
    assert snap_compare(app, run_before=cursor_on("A-0604", select="AART"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_fxmap_utah_beach(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """Utah Beach's coast (R3.A, R16.B): the Channel's shallow and deep sea to the east, the
    beach, the sea wall and the works behind it; the cursor on the beach at A-1105."""
    game = Game.new(scenario_file.find("utah1944"), tmp_path / "utah.toml", seed=1)
    app = WargameApp(start="play", game=game)
    assert snap_compare(app, run_before=cursor_on("A-1105"), terminal_size=size)
