"""Engine benchmark: a long game's save size, open time, seek time, fold rate and append latency.

Run from the repository root:  python3 benchmarks/engine.py [--records 1000 10000]

It plays a random legal game of the testbed system (tests/testbed) on a turn
track stretched to 2,000 turns, so the log holds ordinary records (moves,
attacks, decisions, ends, undos), writes its first N records as a save for each
size asked, then measures each. The scenario is read through a scenario cache
in a temporary folder, as every open of a player's save after the first reads
it; `scenario_uncached_s` is what reading and checking it afresh takes. It
prints a table per size and one JSON line each. Figures, not assertions:
nothing here can fail a build.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from report import machine, print_figures  # noqa: E402

from tests.testbed.system import SYSTEM  # noqa: E402
from tui_wargame import rules, savefile, scenario_file  # noqa: E402
from tui_wargame.engine import Game  # noqa: E402
from tui_wargame.model import EMPTY, fold  # noqa: E402

rules.register(SYSTEM.id, SYSTEM)


def long_scenario(folder: Path, turns: int) -> Path:
    text = (ROOT / "tests" / "testbed" / "testbed.toml").read_text()
    extra = "".join(f'\n[[turn]]\nid = "x{k}"\nname = "Extra turn {k}"\nday = {3 + k // 3}\n'
                    for k in range(turns))
    path = folder / "testbed.toml"
    path.write_text(text.replace("[[terrain]]", extra + "\n[[terrain]]", 1))
    return path


def build(game: Game, records: int, rng: random.Random) -> None:
    """Random legal play in memory (no disk) until the log holds `records` records."""
    while game.seq + 1 < records and not game.state.over:
        legal = game.legal_orders()
        undo = [o for o in legal if o.verb == "undo"]
        if undo and rng.random() < 0.2:
            game.submit(undo[0])
            continue
        others = [o for o in legal if o.verb not in ("end", "undo")]
        if others and (game.state.pending or rng.random() < 0.8):
            game.submit(rng.choice(others))
        else:
            game.submit("end")


@contextlib.contextmanager
def no_scenario_cache() -> Iterator[None]:
    cached = os.environ["TUI_WARGAME_CACHE"]
    os.environ["TUI_WARGAME_CACHE"] = ""
    try:
        yield
    finally:
        os.environ["TUI_WARGAME_CACHE"] = cached


def measure(scenario_dir: Path, path: Path, records: list, seeks: int, appends: int,
            rng: random.Random) -> dict[str, object]:
    """Size, open, seek, fold and append figures for the save at `path` holding `records`."""
    size = path.stat().st_size
    events = [e for r in records for e in r.events]
    t0 = time.perf_counter()
    fold(EMPTY, events)
    fold_s = time.perf_counter() - t0

    opens = []
    for _ in range(9):
        t0 = time.perf_counter()
        opened = Game.open(path, scenario_dirs=[scenario_dir])
        opens.append(time.perf_counter() - t0)
        opened.close()

    loads, checks = [], []  # the part of an open that reads the scenario: 2,000 extra turns make it large
    for _ in range(9):
        t0 = time.perf_counter()
        scenario_file.load(scenario_dir / "testbed.toml")
        loads.append(time.perf_counter() - t0)
        with no_scenario_cache():
            t0 = time.perf_counter()
            scenario_file.load(scenario_dir / "testbed.toml")
            checks.append(time.perf_counter() - t0)

    times = []
    for seq in rng.sample(range(opened.seq + 1), min(seeks, opened.seq + 1)):
        t0 = time.perf_counter()
        opened.state_at(seq)
        times.append(time.perf_counter() - t0)

    latencies = []
    with Game.open(path, write=True, scenario_dirs=[scenario_dir]) as writer:
        for _ in range(appends):
            if writer.state.over:
                break
            order = rng.choice(writer.legal_orders())
            t0 = time.perf_counter()
            writer.submit(order)
            latencies.append(time.perf_counter() - t0)
    return {
        "records": len(records),
        "events": len(events),
        "save_bytes": size,
        "bytes_per_record": round(size / len(records)),
        "events_folded_per_s": round(len(events) / fold_s),
        "open_s_median": round(statistics.median(opens), 4),
        "of_which_scenario_s": round(statistics.median(loads), 4),
        "scenario_uncached_s": round(statistics.median(checks), 4),
        "seek_ms_mean": round(1000 * statistics.mean(times), 3),
        "seek_ms_max": round(1000 * max(times), 3),
        "append_ms_median": round(1000 * statistics.median(latencies), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--seeks", type=int, default=100)
    parser.add_argument("--appends", type=int, default=100)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["TUI_WARGAME_CACHE"] = str(folder / "cache")  # as a player's, kept from the first read
        os.environ["TUI_WARGAME_LEDGER"] = str(folder / "ledger")  # as a player's: its notes are timed
        scenario = scenario_file.load(long_scenario(folder, 2000))
        seed_game = Game.new(scenario, folder / "seed.toml", seed=1, options={"undo_dice": True})
        seed_game.close()
        game = Game(scenario, seed_game.header, seed_game.records)
        t0 = time.perf_counter()
        build(game, max(args.records), rng)
        build_rate = round(len(game.records) / (time.perf_counter() - t0))
        for n in sorted(args.records):
            path = folder / f"long-{n}.toml"
            savefile.create(path, savefile.as_new_game(game.header), game.records[:n])  # each its own game
            figures = measure(folder, path, game.records[:n], args.seeks, args.appends, rng)
            print_figures({**figures, "build_records_per_s": build_rate, "machine": machine()})
            print()


if __name__ == "__main__":
    main()
