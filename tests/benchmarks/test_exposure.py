"""benchmarks/exposure.py: the hard player's foreseen exposure set against what the enemy's next
turn took (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "exposure.py"), *args],
                          cwd=ROOT / "benchmarks", capture_output=True, text=True, timeout=600)


def test_a_side_the_scenario_has_not_is_refused_with_its_sides() -> None:
    done = run("--scenario", "suez1916", "--side", "br")
    assert done.returncode == 2 and "suez1916 has the sides cp, british" in done.stderr


@pytest.mark.slow  # a whole Gaza turn of hard against greedy: about 15 s
def test_the_zero_hour_turn_is_foreseen_and_what_it_cost_counted() -> None:
    done = run("--scenario", "gaza1917", "--side", "br", "--seeds", "1", "--turns", "0")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("seed 0: 0: ")  # one measure: the British Zero Hour turn
    figures = json.loads(lines[-1])
    lost = figures["lost_to_bombardment"] + figures["lost_in_combat"]
    assert figures["games"] == 1 and figures["foreseen"] > 0 and lost > 0
    # the ratio of the unrounded totals: within the rounding of the printed ones
    assert figures["lost_per_foreseen"] == pytest.approx(lost / figures["foreseen"], rel=0.02)
