"""Shared fixtures: the testbed rule system and scenario, and fresh save paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.testbed.system import SYSTEM
from tui_wargame import rules, scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario

TESTBED_DIR = Path(__file__).parent / "testbed"

rules.register(SYSTEM.id, SYSTEM)


@pytest.fixture
def testbed() -> Scenario:
    return scenario_file.load(TESTBED_DIR / "testbed.toml")


@pytest.fixture
def save_path(tmp_path: Path) -> Path:
    return tmp_path / "game.toml"


@pytest.fixture
def game(testbed: Scenario, save_path: Path) -> Game:
    g = Game.new(testbed, save_path, seed=7)
    yield g
    g.close()
