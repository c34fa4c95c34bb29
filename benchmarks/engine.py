"""Engine benchmark: a long game's save size, open time, seek time, fold rate and append latency.

Run from the repository root:  python3 benchmarks/engine.py [--records 10000]

It plays random legal games of the testbed system (tests/testbed) on a turn
track stretched to 2,000 turns, so the log holds ordinary records (moves,
attacks, decisions, ends, undos), writes the save, then measures. It prints a
table and one JSON line. Figures, not assertions: nothing here can fail a build.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--seeks", type=int, default=100)
    parser.add_argument("--appends", type=int, default=100)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        scenario = scenario_file.load(long_scenario(folder, 2000))
        seed_game = Game.new(scenario, folder / "seed.toml", seed=1, options={"undo_dice": True})
        seed_game.close()
        game = Game(scenario, seed_game.header, seed_game.records)
        t0 = time.perf_counter()
        build(game, args.records, rng)
        build_s = time.perf_counter() - t0
        path = folder / "long.toml"
        savefile.create(path, game.header, game.records)
        size = path.stat().st_size

        events = [e for r in game.records for e in r.events]
        t0 = time.perf_counter()
        fold(EMPTY, events)
        fold_s = time.perf_counter() - t0

        opens = []
        for _ in range(5):
            t0 = time.perf_counter()
            opened = Game.open(path, scenario_dirs=[folder])
            opens.append(time.perf_counter() - t0)
            opened.close()

        seeks = []
        for seq in rng.sample(range(opened.seq + 1), min(args.seeks, opened.seq + 1)):
            t0 = time.perf_counter()
            opened.state_at(seq)
            seeks.append(time.perf_counter() - t0)

        appends = []
        with Game.open(path, write=True, scenario_dirs=[folder]) as writer:
            for _ in range(args.appends):
                if writer.state.over:
                    break
                order = rng.choice(writer.legal_orders())
                t0 = time.perf_counter()
                writer.submit(order)
                appends.append(time.perf_counter() - t0)

    figures = {
        "records": len(game.records),
        "events": len(events),
        "save_bytes": size,
        "bytes_per_record": round(size / len(game.records)),
        "events_folded_per_s": round(len(events) / fold_s),
        "open_s_median": round(statistics.median(opens), 4),
        "seek_ms_mean": round(1000 * statistics.mean(seeks), 3),
        "seek_ms_max": round(1000 * max(seeks), 3),
        "append_ms_median": round(1000 * statistics.median(appends), 3),
        "build_records_per_s": round(len(game.records) / build_s),
        "machine": machine(),
    }
    print_figures(figures)


if __name__ == "__main__":
    main()
