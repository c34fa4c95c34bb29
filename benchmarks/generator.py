"""Competitive-scenario generator benchmark (Foxhole R24.D, issue 14).

Run from the repository root:  python3 benchmarks/generator.py [--seeds N]

For seeds 0..N-1 it times generating the scenario (the tables and the file's text), then reading
and checking the written file as `tui-wargame new` does (the scenario cache off), then starting a
game of it (`Game.new`, record 0), and prints median, p95 and max of each, the missions drawn,
and the counters per scenario. Figures, not assertions: nothing here can fail a build.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["TUI_WARGAME_CACHE"] = ""  # every file read and checked afresh

from tui_wargame import scenario_file  # noqa: E402
from tui_wargame.engine import Game  # noqa: E402
from tui_wargame.rules.foxhole.generator import generate  # noqa: E402


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{name:<24} median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   "
            f"max {ordered[-1] * 1000:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    args = parser.parse_args()
    made, loaded, started = [], [], []
    missions: Counter[str] = Counter()
    units = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generate(0)  # imports and the library's first reading
        for seed in range(args.seeds):
            t0 = time.perf_counter()
            g = generate(seed)
            t1 = time.perf_counter()
            path = folder / f"{g.table['id']}.toml"
            path.write_text(g.text, encoding="utf-8")
            scenario = scenario_file.load(path)
            t2 = time.perf_counter()
            with Game.new(scenario, folder / f"save-{seed}.toml", seed=seed):
                pass
            t3 = time.perf_counter()
            made.append(t1 - t0)
            loaded.append(t2 - t1)
            started.append(t3 - t2)
            missions[g.roll.plan.mission.name] += 1
            units.append(len(scenario.units))
    print(f"{args.seeds} seeds")
    print(summary("generate", made))
    print(summary("read and check the file", loaded))
    print(summary("start a game (record 0)", started))
    print(f"counters per scenario: median {statistics.median(units):.0f}, min {min(units)}, max {max(units)}")
    print("missions: " + ", ".join(f"{name} {n}" for name, n in missions.most_common()))


if __name__ == "__main__":
    main()
