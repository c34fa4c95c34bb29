"""A process that plays random legal orders into a save until it is killed.

Used by test_kill.py: it prints "accepted SEQ" only after `Game.submit`
returned, that is after the record was written and fsynced.
Usage: python -m tests.reliability.appender SAVE SCENARIO_DIR SEED
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from tests.conftest import register_testbed
from tui_wargame import scenario_file
from tui_wargame.engine import Game


def main(save: Path, scenarios: Path, seed: int) -> None:
    register_testbed()
    rng = random.Random(seed)
    if save.exists():
        game = Game.open(save, write=True, scenario_dirs=[scenarios])
    else:
        game = Game.new(scenario_file.find("testbed", [scenarios]), save, seed=seed,
                        options={"undo_dice": True})
    print(f"ready {game.seq}", flush=True)
    while not game.state.over:
        record = game.submit(rng.choice(game.legal_orders()))
        print(f"accepted {record.seq}", flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]))
