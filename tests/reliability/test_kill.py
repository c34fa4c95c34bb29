"""Kill -9 at random moments while one or two processes append orders to one save: nothing
accepted is lost, and the hash chain holds."""

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
from tui_wargame import scenario_file
from tui_wargame.engine import Game

ROOT = Path(__file__).parents[2]


def long_testbed(folder: Path) -> Path:
    """A folder holding the testbed with 2,000 more turns, so that a game outlasts the kills (random
    play ends the testbed's own few turns in well under the time before a kill)."""
    folder.mkdir()
    text = (TESTBED_DIR / "testbed.toml").read_text()
    extra = "".join(f'\n[[turn]]\nid = "x{k}"\nname = "Extra turn {k}"\nday = {3 + k // 3}\n'
                    for k in range(2000))
    (folder / "testbed.toml").write_text(text.replace("[[terrain]]", extra + "\n[[terrain]]", 1))
    return folder


def start_appender(save: Path, scenarios: Path, seed: int) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.appender", str(save), str(scenarios), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    ready = proc.stdout.readline()
    assert ready.startswith("ready"), proc.stderr.read() if proc.stderr else ready
    return proc, ready


def first_accepted(proc: subprocess.Popen[str]) -> str:
    """The appender's first "accepted" line (or its last line, should it end first)."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    while line and not line.startswith("accepted"):
        line = proc.stdout.readline()
    return line.rstrip("\n")


def kill_rounds(save: Path, rounds: int, seed: int, writers: int = 1) -> int:
    """Start `writers` appenders on one save, kill them at random moments, check, and start again;
    the number of records kept."""
    rng = random.Random(seed)
    scenarios = long_testbed(save.parent / "scenarios")
    first, live, kept = save, 0, 0

    def begin(path: Path) -> None:
        if writers > 1:  # the save exists before they start, so that they all open it
            Game.new(scenario_file.find("testbed", [scenarios]), path, seed=seed,
                     options={"undo_dice": True}).close()

    begin(save)
    for round_no in range(rounds):
        procs = [start_appender(save, scenarios, seed * 1000 + round_no * 10 + k) for k in range(writers)]
        # the kill comes at a random moment after each writer's first accepted order, so that a round
        # always writes, however slowly a loaded machine starts the processes
        seen = {proc.pid: [ready, first_accepted(proc)] for proc, ready in procs}
        time.sleep(rng.uniform(0.0, 0.08))
        for proc, _ in procs:
            os.kill(proc.pid, signal.SIGKILL)
            time.sleep(rng.uniform(0.0, 0.01))
        accepted: dict[int, str] = {}
        for proc, _ in procs:
            out, err = proc.communicate()
            assert "Traceback" not in err, err
            for line in [*seen[proc.pid], *out.splitlines()]:
                if line.startswith("accepted"):
                    _, number, order = line.split(" ", 2)
                    assert int(number) not in accepted, f"round {round_no}: two writers took seq {number}"
                    accepted[int(number)] = order
        with Game.open(save, scenario_dirs=[scenarios]) as game:
            for seq, given in accepted.items():
                assert seq <= game.seq and game.records[seq].order == given, f"round {round_no}: lost {seq}"
            # A kill in the middle of a write leaves an incomplete last record: verify names it
            # (it was never reported accepted); nothing else may be wrong.
            assert all("is incomplete" in p for p in game.chain_problems)
            assert all("is incomplete" in p for p in game.verify())
            over, seq = game.state.over, game.seq
        if over:  # fast writers can play even the long testbed to its end: go on with a new game
            kept += seq
            save = first.with_name(f"{first.stem}-{round_no + 1}{first.suffix}")
            begin(save)
        else:
            live += 1
    assert live > rounds // 2, f"only {live} of {rounds} kills landed in a game still going: make it longer"
    with Game.open(save, scenario_dirs=[scenarios]) as game:
        return kept + game.seq


def test_kill_nine_loses_no_accepted_order(tmp_path: Path) -> None:
    kept = kill_rounds(tmp_path / "killed.toml", rounds=4, seed=1)
    assert kept > 4


# the quick run keeps one writer's kill; two writers', with the many-times runs, in --runslow
@pytest.mark.slow
def test_kill_nine_of_two_writers_loses_no_accepted_order(tmp_path: Path) -> None:
    kept = kill_rounds(tmp_path / "killed.toml", rounds=3, seed=1, writers=2)
    assert kept > 3


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 5))
def test_kill_nine_many_times(tmp_path: Path, seed: int) -> None:
    assert kill_rounds(tmp_path / "killed.toml", rounds=25, seed=seed) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 4))
def test_kill_nine_of_two_writers_many_times(tmp_path: Path, seed: int) -> None:
    assert kill_rounds(tmp_path / "killed.toml", rounds=20, seed=seed, writers=2) > 0
