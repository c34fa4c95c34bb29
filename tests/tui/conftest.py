"""Fixtures for the TUI tests: games on the testbed and on a 30x25 map, and the app around them."""

from __future__ import annotations

from pathlib import Path

import pytest
import textual.constants
from textual import _wait as textual_wait

from tests.tui.helpers import KEY_SLICE
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario

HERE = Path(__file__).parent


@pytest.fixture(autouse=True)
def truecolor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps under test draw for a true-colour terminal, whatever TERM says here (a test of
    16 colours patches it again)."""
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")


@pytest.fixture
def short_idle_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every idle wait of the test in `press`'s short slices: for the snapshot tests, whose
    plugin's pilot waits five times and draws the screen after each before it takes the picture
    (a bare `pause` elsewhere is one wait, which a short slice can end before a menu opens)."""
    monkeypatch.setattr(textual_wait, "SLEEP_GRANULARITY", KEY_SLICE, raising=False)


@pytest.fixture(scope="session")
def bigmap() -> Scenario:
    return scenario_file.load(HERE / "bigmap.toml")


@pytest.fixture
def big_game(bigmap: Scenario, tmp_path: Path) -> Game:
    g = Game.new(bigmap, tmp_path / "big.toml", seed=3)
    yield g
    g.close()
