"""Computer opponent benchmark: whole games of Suez 1916 and Gaza 1917 between computer players.

Run from the repository root:  python3 benchmarks/ai.py [--games N] [--quick] [--match hard:random]
[--scenario suez1916] [--side cp] [--first-seed K]

Each match (hard vs random, hard vs greedy, hard vs normal, normal vs easy) is played on both
scenarios, the first-named player taking each side in turn, over fixed seeds 0..N-1 (K..K+N-1
from --first-seed K; the historical set-up). It prints, per match, scenario and side, the first
player's wins, draws and losses with a 95% Wilson interval on its win rate (a game stuck where
the side to act has no order but `undo` is named and left out of N); the time each computer
player takes over one of its player turns (its orders while its side is the active one: median,
p95, max); and the process's peak memory (max RSS). Figures, not assertions:
nothing here can fail a build.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
import resource
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tui_wargame import scenario_file  # noqa: E402
from tui_wargame.engine import Game  # noqa: E402
from tui_wargame.players import GreedyPlayer, NothingToDo, Player, RandomPlayer, computer  # noqa: E402

SCENARIOS = ("suez1916", "gaza1917")
MATCHES = ("hard:random", "hard:greedy", "hard:normal", "normal:easy")
MAX_ORDERS = 6000  # a game still running after this many orders is stopped and counted a draw
STUCK = "stuck"  # play()'s winner for a game whose side to act has no order but undo

MAKERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
    "easy": lambda: computer("easy"), "normal": lambda: computer("normal"), "hard": lambda: computer("hard"),
}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate of `wins` in `n`."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(scenario_id: str, seed: int, players: dict[str, Player], folder: Path,
         turn_times: dict[str, list[float]]) -> tuple[str, int]:
    """One whole game; each side's player turns timed into `turn_times` by level. Returns the
    winner ("" a draw, STUCK if the side to act has no order a player may give) and the orders
    given."""
    scenario = scenario_file.load(ROOT / "scenarios" / f"{scenario_id}.toml")
    game = Game.new(scenario, folder / f"{scenario_id}-{seed}-{time.monotonic_ns()}.toml", seed=seed)
    spent: dict[tuple[int, str, str], float] = defaultdict(float)
    orders = 0
    while not game.state.over and orders < MAX_ORDERS:
        side = game.state.to_act
        player = players[side]
        start = time.perf_counter()
        try:
            choice = player.choose(game, side)
        except NothingToDo as stuck:
            print(f"{scenario_id} seed {seed}: stuck at record {game.seq} (turn {game.state.turn}, "
                  f"{game.state.phase}): {stuck}", flush=True)
            game.close()
            return STUCK, orders
        took = time.perf_counter() - start
        if game.state.active == side:
            spent[(game.state.turn, side, player.level)] += took
        game.submit(choice.order, side)
        orders += 1
    for (_, _, level), took in spent.items():
        turn_times[level].append(took)
    problems = game.verify()
    if problems:
        raise SystemExit(f"{scenario_id} seed {seed}: verify found {problems[0]}")
    game.close()
    return (game.state.result.winner if game.state.result else ""), orders


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per scenario and side (default 100)")
    parser.add_argument("--quick", action="store_true", help="2 games per scenario and side")
    parser.add_argument("--first-seed", type=int, default=0, help="seeds from this one (default 0)")
    parser.add_argument("--match", action="append", choices=MATCHES, help="only these matches")
    parser.add_argument("--scenario", action="append", choices=SCENARIOS, help="only these scenarios")
    parser.add_argument("--side", action="append", help="only these sides for the first player (by id)")
    args = parser.parse_args()
    games = 2 if args.quick else args.games
    turn_times: dict[str, list[float]] = defaultdict(list)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for match in args.match or MATCHES:
            first, second = match.split(":")
            for scenario_id in args.scenario or SCENARIOS:
                sides = [s.id for s in scenario_file.load(ROOT / "scenarios" / f"{scenario_id}.toml").sides]
                for side in sides:
                    if args.side and side not in args.side:
                        continue
                    other = next(s for s in sides if s != side)
                    wins = draws = losses = stuck = 0
                    for seed in range(args.first_seed, args.first_seed + games):
                        players = {side: MAKERS[first](), other: MAKERS[second]()}
                        winner, _ = play(scenario_id, seed, players, Path(tmp), turn_times)
                        wins += winner == side
                        draws += winner == ""
                        losses += winner == other
                        stuck += winner == STUCK
                    n = games - stuck
                    low, high = wilson(wins, n)
                    rows.append((match.replace(":", " vs "), scenario_id, side, n, wins, draws, losses,
                                 low, high))
                    print(f"{rows[-1][0]:17} {scenario_id:9} {first} as {side:8} N={n:3} "
                          f"won {wins:3} drew {draws:3} lost {losses:3}  win rate {wins / max(1, n):5.1%} "
                          f"(95% CI {low:5.1%}-{high:5.1%}){f'  stuck {stuck}' if stuck else ''}", flush=True)
    print()
    print("| match | scenario | first player's side | N | won | drawn | lost | win rate (95% CI) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, sc, side, n, w, d, lo, low, high in rows:
        rate = f"{w / max(1, n):.0%} ({low:.0%}-{high:.0%})"
        print(f"| {name} | {sc} | {side} | {n} | {w} | {d} | {lo} | {rate} |")
    print()
    print("| player | player turns | median s | p95 s | max s |")
    print("| --- | --- | --- | --- | --- |")
    for level, times in sorted(turn_times.items()):
        print(f"| {level} | {len(times)} | {statistics.median(times):.3f} | {percentile(times, 0.95):.3f} "
              f"| {max(times):.3f} |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print(f"\npeak memory of the process (max RSS): {peak / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
