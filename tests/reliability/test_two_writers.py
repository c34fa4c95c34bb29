"""Two processes hold one save open and play random orders into it at once until the game is
over (issue 12): every order each was told was accepted is in the save, in one unbroken hash
chain that a re-run confirms, and each ends knowing the whole save, the other's orders taken in."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import TESTBED_DIR
from tui_wargame import savefile, scenario_file
from tui_wargame.engine import Game

ROOT = Path(__file__).parents[2]


def test_two_processes_append_to_one_save(tmp_path: Path) -> None:
    save = tmp_path / "shared.toml"
    Game.new(scenario_file.find("testbed", [TESTBED_DIR]), save, seed=5, options={"undo_dice": True}).close()
    go = tmp_path / "go"
    procs = [subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.appender", str(save), str(TESTBED_DIR), str(seed), str(go)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    ) for seed in (11, 12)]
    readies = [proc.stdout.readline() if proc.stdout else "" for proc in procs]
    assert all(r.startswith("ready") for r in readies), readies
    go.touch()  # both have the save open: they play at once
    outputs = [proc.communicate(timeout=120) for proc in procs]
    accepted: list[dict[int, str]] = []
    for (out, err), proc in zip(outputs, procs):
        assert proc.returncode == 0, err
        accepted.append({int(line.split(" ", 2)[1]): line.split(" ", 2)[2]
                         for line in out.splitlines() if line.startswith("accepted")})
    save_file = savefile.read(save)
    assert save_file.warnings == [] and save_file.problems == []
    with Game.open(save, scenario_dirs=[TESTBED_DIR]) as game:
        assert game.verify() == []
        mine, theirs = accepted
        assert mine and theirs and not set(mine) & set(theirs)
        assert {**mine, **theirs} == {r.seq: r.order for r in game.records[1:]}
        assert game.state.over
        for (out, _) in outputs:  # each knows the whole save, the other's orders included
            assert f"seen {game.seq}" in out.splitlines()
