"""Saves-list benchmark: what the title screen pays to list a folder of saves with where each game stands.

Run from the repository root:  python3 benchmarks/saves_list.py [--saves 50] [--orders 320]

It plays the scripted Suez 1916 game (tests/games/suez1916.txt) for --orders orders, copies its
save --saves times into a temporary folder, and times, over the whole folder (median of --runs):

- a glance at each save (tui_wargame.glance: the header and the last line of five event kinds),
  which is what the title screen does for its list;
- reading each save in full (savefile.read: every record parsed and its hash checked), what
  a list showing more than file names would pay without the glance;
- opening each as a game (Game.open: read, checked and every event folded), as the game's own
  position is found otherwise;
- the title screen started headless at 80x24 on that folder, to its first frame (Textual's
  start included), against the same with an empty folder.

It prints a table and one JSON line. Figures only: nothing here fails a build.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from report import machine, print_figures  # the sibling module: scripts run from benchmarks/

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TUI_WARGAME_LEDGER", "")  # no entries in the player's ledger of rollbacks

from tui_wargame import savefile, scenario_file  # noqa: E402
from tui_wargame.engine import Game  # noqa: E402
from tui_wargame.glance import glance  # noqa: E402


def median_time(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def title_start(folder: Path) -> float:
    """Seconds from creating the app to the title screen's first frame with `folder`'s saves listed."""
    from tui_wargame.tui.app import WargameApp

    async def run() -> float:
        started = time.perf_counter()
        app = WargameApp(saves_dir=folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return time.perf_counter() - started

    return asyncio.run(run())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--saves", type=int, default=50)
    p.add_argument("--orders", type=int, default=320, help="orders of the scripted game in each save")
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    orders = [line.strip() for line in (ROOT / "tests" / "games" / "suez1916.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")][: args.orders]
    with tempfile.TemporaryDirectory() as tmp:
        folder, empty = Path(tmp) / "saves", Path(tmp) / "empty"
        folder.mkdir()
        empty.mkdir()
        with Game.new(scenario_file.find("suez1916"), folder / "model.toml", seed=5) as game:
            game.submit_all(orders)
            records = game.seq + 1
        for n in range(1, args.saves):
            shutil.copyfile(folder / "model.toml", folder / f"suez1916-{n}.toml")
        saves = sorted(folder.glob("*.toml"))
        size = saves[0].stat().st_size
        glanced = median_time(args.runs, lambda: [glance(s) for s in saves])
        read = median_time(args.runs, lambda: [savefile.read(s) for s in saves])
        opened = median_time(max(1, args.runs // 2), lambda: [Game.open(s).close() for s in saves])
        title_start(empty)  # a warm-up: Textual's imports
        bare = statistics.median(title_start(empty) for _ in range(args.runs))
        listed = statistics.median(title_start(folder) for _ in range(args.runs))
    print_figures({
        "machine": machine(),
        "saves": len(saves),
        "records a save": records,
        "bytes a save": size,
        "glance at every save, s": round(glanced, 4),
        "read every save in full, s": round(read, 4),
        "open every save as a game, s": round(opened, 4),
        "title screen to its first frame, no saves / these saves, s": f"{bare:.3f} / {listed:.3f}",
    })


if __name__ == "__main__":
    main()
