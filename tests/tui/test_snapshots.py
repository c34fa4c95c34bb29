"""SVG snapshots of the main screens at 80x24 and 160x48 (pytest-textual-snapshot).

After a deliberate change of the look, refresh them with
`python -m pytest tests/tui/test_snapshots.py --snapshot-update` and look at the
SVGs in tests/tui/__snapshots__/ before committing them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.tui.app import WargameApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]


def mid_game(testbed: Scenario, tmp_path: Path) -> Game:
    game = Game.new(testbed, tmp_path / "game.toml", seed=7)
    for order in ("move r1 0201 0301 0401", "end"):
        game.submit(order)
    return game


@pytest.mark.parametrize("size", SIZES)
def test_game_screen(snap_compare, testbed: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = WargameApp(start="play", game=mid_game(testbed, tmp_path))
    assert snap_compare(app, press=["tab", "down"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_attack_preview(snap_compare, testbed: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = WargameApp(start="play", game=mid_game(testbed, tmp_path), ascii_only=True)
    assert snap_compare(app, press=["tab", "down", "a"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_detailed_zoom(snap_compare, bigmap: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = WargameApp(start="play", game=Game.new(bigmap, tmp_path / "big.toml", seed=1))
    keys = ["tab"] if size[0] >= 140 else ["tab", "z"]  # large terminals open in the detailed zoom
    assert snap_compare(app, press=keys, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_replay_screen(snap_compare, testbed: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    game = mid_game(testbed, tmp_path)
    game.submit("attack r1 0402")
    app = WargameApp(start="replay", game=game)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_help_crt(snap_compare, testbed: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = WargameApp(start="play", game=mid_game(testbed, tmp_path))
    assert snap_compare(app, press=["c"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_title_screen(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = WargameApp(scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path / "saves")
    assert snap_compare(app, terminal_size=size)
