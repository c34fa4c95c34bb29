"""Live-game benchmark: what a player in a live game waits and pays for the other side's orders.

Run from the repository root:  python3 benchmarks/live.py [--orders 40]

A real `tui-wargame play SAVE --as british` runs in an 80x24 pseudo-terminal, waiting while the
Central Powers move; this process is the other player, giving the Central Powers' orders to the same
save through the engine (`Game.submit`, as the other terminal's game screen does): a move, then
its undo, then the next move, one every --gap seconds. For each order it measures

- the latency: from the order accepted (on disk, `submit` returned) to the first byte the waiting
  terminal wrote in answer, and to the last byte of that answer (the screen complete: no more
  output for 0.15 s after it); median and 95th percentile. The screen looks at the save every
  0.1 s, so half of that is waiting for the next look, on average;
- the bytes written to the waiting terminal per order (the answer, all of it);

and at the end the resident memory (RSS now, and peak) of the waiting player's process and of a
spectator's (`tui-wargame watch SAVE`, also in an 80x24 pseudo-terminal, following the same orders),
and the CPU a waiting player's process uses while nothing happens (its look at the save every 0.1 s),
over --idle seconds.

It prints a table and one JSON line. Figures only: nothing here fails a build.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from report import machine, print_figures  # the sibling modules: scripts run from benchmarks/
from terminal import Terminal

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tui_wargame import scenario_file  # noqa: E402 - after the path is set
from tui_wargame.engine import Game  # noqa: E402

QUIET_S = 0.15  # no output for this long: the screen is complete


def answer(term: Terminal, accepted: float, limit: float = 5.0) -> tuple[float, float, int]:
    """Seconds from `accepted` to the first and the last byte of the terminal's answer, and its bytes."""
    first = last = None
    total, deadline = 0, accepted + limit
    while time.perf_counter() < deadline:
        n = term._read(QUIET_S if first is not None else 0.01)
        now = time.perf_counter()
        if n:
            first = first if first is not None else now
            last, total = now, total + n
        elif first is not None:
            break
    if first is None or last is None:
        raise TimeoutError(f"the waiting terminal showed nothing within {limit} s")
    return first - accepted, last - accepted, total


def rss_mb(pid: int) -> tuple[float, float]:
    """(resident now, peak) in MB, from /proc."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=40, help="orders the other side gives")
    parser.add_argument("--gap", type=float, default=0.4, help="seconds between two orders")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of waiting measured for CPU")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TEXTUAL", "PYTHONDONTWRITEBYTECODE")}
    env.update(TERM="xterm-256color", COLUMNS="", LINES="")
    with tempfile.TemporaryDirectory() as tmp:
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        env["TUI_WARGAME_CACHE"] = str(Path(tmp) / "cache")
        env["TUI_WARGAME_LEDGER"] = ""
        os.environ["TUI_WARGAME_LEDGER"] = ""
        save = Path(tmp) / "live.toml"
        game = Game.new(scenario_file.find("suez1916"), save, seed=args.seed)
        tool = [sys.executable, "-m", "tui_wargame"]
        player = Terminal([*tool, "play", str(save), "--as", "british"], 80, 24, env)
        player.read_until(b"Waiting for")
        player.quiet(1.0)
        spectator = Terminal([*tool, "watch", str(save)], 80, 24, env)
        spectator.read_until(b"watching")
        spectator.quiet(1.0)
        rng = random.Random(args.seed)
        firsts, lasts, sizes = [], [], []
        for i in range(args.orders):
            if i % 2:
                game.undo("cp")
            else:
                moves = [o for o in game.legal_orders() if o.verb == "move"]
                game.submit(rng.choice(moves), "cp")
            accepted = time.perf_counter()
            first, last, size = answer(player, accepted)
            firsts.append(first)
            lasts.append(last)
            sizes.append(size)
            spectator.quiet(0.05)
            time.sleep(max(0.0, args.gap - (time.perf_counter() - accepted)))
        spectator.quiet(0.3)
        player.quiet(0.3)
        cpu_before = player.cpu_s()
        time.sleep(args.idle)
        idle_cpu = (player.cpu_s() - cpu_before) / args.idle
        player_mb, spectator_mb = rss_mb(player.pid), rss_mb(spectator.pid)
        player.close()
        spectator.close()
        game.close()
    figures: dict[str, object] = {
        "orders": args.orders,
        "latency_first_byte_median_ms": round(statistics.median(firsts) * 1000, 1),
        "latency_first_byte_p95_ms": round(p95(firsts) * 1000, 1),
        "latency_screen_done_median_ms": round(statistics.median(lasts) * 1000, 1),
        "latency_screen_done_p95_ms": round(p95(lasts) * 1000, 1),
        "bytes_per_order_median_80x24": statistics.median(sizes),
        "bytes_per_order_max_80x24": max(sizes),
        "player_rss_mb": round(player_mb[0], 1),
        "player_peak_rss_mb": round(player_mb[1], 1),
        "spectator_rss_mb": round(spectator_mb[0], 1),
        "spectator_peak_rss_mb": round(spectator_mb[1], 1),
        "player_idle_cpu_percent": round(idle_cpu * 100, 2),
        "machine": machine(),
    }
    print_figures(figures)


if __name__ == "__main__":
    main()
