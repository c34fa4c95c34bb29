"""Kill -9 at random moments while a process appends orders: nothing accepted is lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame.engine import Game

ROOT = Path(__file__).parents[2]


def kill_rounds(save: Path, rounds: int, seed: int) -> int:
    """Start, kill at a random moment, check, and start again on the same save; the records kept."""
    rng = random.Random(seed)
    for round_no in range(rounds):
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.reliability.appender", str(save), str(TESTBED_DIR),
             str(seed * 1000 + round_no)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        assert proc.stdout is not None
        ready = proc.stdout.readline()
        assert ready.startswith("ready"), proc.stderr.read() if proc.stderr else ready
        time.sleep(rng.uniform(0.0, 0.08))
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        lines = [ready, *out.splitlines()]
        accepted = [int(line.split()[1]) for line in lines if line.startswith("accepted")]
        with Game.open(save, scenario_dirs=[TESTBED_DIR]) as game:
            if accepted:
                assert game.seq >= max(accepted), f"round {round_no}: lost an order"
            # A kill in the middle of a write leaves an incomplete last record: verify names it
            # (it was never reported accepted); nothing else may be wrong.
            assert all("is incomplete" in p for p in game.chain_problems)
            assert all("is incomplete" in p for p in game.verify())
            if game.state.over:
                return game.seq
    with Game.open(save, scenario_dirs=[TESTBED_DIR]) as game:
        return game.seq


def test_kill_nine_loses_no_accepted_order(tmp_path: Path) -> None:
    kept = kill_rounds(tmp_path / "killed.toml", rounds=6, seed=1)
    assert kept > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 8))
def test_kill_nine_many_times(tmp_path: Path, seed: int) -> None:
    assert kill_rounds(tmp_path / "killed.toml", rounds=25, seed=seed) > 0
