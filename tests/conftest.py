"""Shared fixtures (the testbed rule system and scenario, fresh save paths), and how long a run is:
by default a quick one (few hypothesis examples, the long runs skipped); `--runslow` a thorough one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.testbed.system import SYSTEM
from tui_wargame import rules, scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario

TESTBED_DIR = Path(__file__).parent / "testbed"

# Property tests give no deadline (the machine is shared; a slow example is not a failure) and take
# their number of examples from the profile: the default run stays under a minute, the thorough one
# (`--runslow`, in CI's second step) tries 200 (the whole-game properties took 15 and 25 before,
# the record reader 500).
settings.register_profile("quick", max_examples=10, deadline=None)
settings.register_profile("thorough", max_examples=200, deadline=None)


def register_testbed() -> None:
    """Make the testbed system known (also for processes the tests start)."""
    rules.register(SYSTEM.id, SYSTEM)


register_testbed()
# The tests never read or write the player's scenario cache (tests of the cache give it a folder).
os.environ["TUI_WARGAME_CACHE"] = ""
os.environ["TUI_WARGAME_LEDGER"] = ""  # nor the player's ledger of rollbacks (its tests give one)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true",
                     help="also run the long tests (marked slow), and property tests with the thorough profile")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("hypothesis_profile", None) is None:  # an explicit --hypothesis-profile wins
        settings.load_profile("thorough" if config.getoption("--runslow") else "quick")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="a long run: give --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def testbed() -> Scenario:
    """Read once a run: a Scenario is frozen, so the tests share one."""
    return scenario_file.load(TESTBED_DIR / "testbed.toml")


@pytest.fixture
def save_path(tmp_path: Path) -> Path:
    return tmp_path / "game.toml"


@pytest.fixture
def game(testbed: Scenario, save_path: Path) -> Game:
    g = Game.new(testbed, save_path, seed=7)
    yield g
    g.close()
