"""A process that plays random legal orders into a save until it is killed.

Used by test_kill.py and test_two_writers.py: it prints "accepted SEQ ORDER"
only after `Game.submit` returned, that is after the record was written and
fsynced. Another process may be appending to the same save: an order refused
because the game moved on meanwhile is chosen again. When the game is over it
prints "seen SEQ", the last record it knows of. Given GO, a path, it waits for
that file to exist before its first order, so that two appenders start together.
Usage: python -m tests.reliability.appender SAVE SCENARIO_DIR SEED [GO]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from tests.conftest import register_testbed
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import IllegalOrder


def main(save: Path, scenarios: Path, seed: int, go: Path | None) -> None:
    register_testbed()
    rng = random.Random(seed)
    if save.exists():
        game = Game.open(save, write=True, scenario_dirs=[scenarios])
    else:
        game = Game.new(scenario_file.find("testbed", [scenarios]), save, seed=seed,
                        options={"undo_dice": True})
    print(f"ready {game.seq}", flush=True)
    while go is not None and not go.exists():
        time.sleep(0.001)
    while not game.state.over:
        try:
            record = game.submit(rng.choice(game.legal_orders()))
        except IllegalOrder as exc:
            if "the game moved on" not in exc.reason:
                raise
            continue
        print(f"accepted {record.seq} {record.order}", flush=True)
    print(f"seen {game.seq}", flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]),
         Path(sys.argv[4]) if len(sys.argv) > 4 else None)
