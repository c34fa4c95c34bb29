"""Foxhole combat benchmark: how long the allocation plans (R18.D.1, R20.C.5) and the legal orders
of a Combat Phase with a pending allocation take on the proving ground.

Run from the repository root:  python3 benchmarks/foxhole_combat.py [--repeat N]

It prints the median and worst time of `allocation.plans` for 1 to 8 targets (8: overstacking)
at each cap, and of `legal_orders` in a Combat Phase and at a pending allocation. Figures, not
assertions: nothing here can fail a build.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.rules.foxhole.helpers import load, position, run  # noqa: E402
from tui_wargame.rules.foxhole import SYSTEM, allocation  # noqa: E402


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, max(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print("allocation.plans (ms, median / worst)")
    for cap in (2, 3):
        for n in (1, 2, 4, 8):
            defences = {f"U{i}": 2 + i % 3 for i in range(n)}
            amount = Fraction(sum(defences.values()) * cap * 3, 4)
            med, worst = timed(lambda: allocation.plans(amount, defences, cap),  # noqa: B023 (called at once)
                               args.repeat)
            print(f"  cap {cap}, {n} targets: {med:.2f} / {worst:.2f}")
    scenario = load()
    state = position(scenario, phase="combat", active="allied")
    med, worst = timed(lambda: SYSTEM.legal_orders(scenario, state), args.repeat)
    print(f"legal_orders, Combat Phase: {med:.2f} / {worst:.2f} ms")
    pending, _ = run(scenario, state, "assault B-0307 A1 A2", "cover", dice=[5, 5, 5])
    med, worst = timed(lambda: SYSTEM.legal_orders(scenario, pending), args.repeat)
    print(f"legal_orders, allocation pending: {med:.2f} / {worst:.2f} ms")


if __name__ == "__main__":
    main()
