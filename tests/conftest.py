"""Shared fixtures: the testbed rule system and scenario, and fresh save paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.testbed.system import SYSTEM
from tui_wargame import rules, scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario

TESTBED_DIR = Path(__file__).parent / "testbed"



def register_testbed() -> None:
    """Make the testbed system known (also for processes the tests start)."""
    rules.register(SYSTEM.id, SYSTEM)


register_testbed()
# The tests never read or write the player's scenario cache (tests of the cache give it a folder).
os.environ["TUI_WARGAME_CACHE"] = ""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", help="also run the long reliability tests")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="a long run: give --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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
