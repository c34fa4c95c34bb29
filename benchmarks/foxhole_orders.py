"""Foxhole legal-orders benchmark: the CPU time `legal_orders` takes over random play of the
proving ground (mostly `movement.reach`, R11), and a digest of every list it gave, so that a
change meant only to be faster can show it lists the same orders.

Run from the repository root:  python3 benchmarks/foxhole_orders.py [--games N] [--screen]

For each seed (plain rules, then every optional rule) it plays a game as random play does and
prints the positions seen, the CPU seconds spent in `legal_orders` and the digest. `--screen`
also asks what the game screen asks of each position (the prompt, and the explanation of every
listed order), times it apart and puts the answers in the digest. Figures, not assertions:
nothing here can fail a build.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.rules.foxhole.helpers import load  # noqa: E402
from tests.rules.foxhole.random_play import ENDING  # noqa: E402
from tui_wargame.engine import Game  # noqa: E402
from tui_wargame.rules.foxhole.optional import OPTIONAL_RULES  # noqa: E402


def play(seed: int, options: dict[str, str], digest: hashlib._Hash, screen: bool = False
         ) -> tuple[int, float, float]:
    """One game by random play's policy: (positions, CPU seconds in legal_orders, CPU seconds in
    the screen's prompt and explanations when `screen`)."""
    rng = random.Random(seed)
    spent, shown, positions = 0.0, 0.0, 0
    with tempfile.TemporaryDirectory() as folder:
        game = Game.new(load(), Path(folder) / "g.toml", seed=seed, options=options)
        while not game.state.over and positions < 4000:
            start = time.process_time()
            orders = game.legal_orders()
            spent += time.process_time() - start
            positions += 1
            digest.update("\n".join(sorted(str(o) for o in orders)).encode() + b"\0")
            if screen:
                start = time.process_time()
                said = [game.prompt(), *(repr(game.capabilities.explain(game.scenario, game.state, o))
                                         for o in orders)]
                shown += time.process_time() - start
                digest.update("\n".join(said).encode() + b"\0")
            ending = [o for o in orders if o.verb in ENDING]
            others = [o for o in orders if o.verb not in ENDING]
            if ending and (not others or rng.random() < 0.3):
                order = rng.choice(ending)
            else:
                verb = rng.choice(sorted({o.verb for o in others}))
                order = rng.choice([o for o in others if o.verb == verb])
            game.submit(order)
        game.close()
    return positions, spent, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeds of each kind (default 3)")
    parser.add_argument("--screen", action="store_true", help="also time the prompt and every explanation")
    args = parser.parse_args()
    digest = hashlib.sha256()
    total_positions, total_spent, total_shown = 0, 0.0, 0.0
    for seed in range(args.games):
        for label, options in (("plain", {}), ("all optional", dict.fromkeys(OPTIONAL_RULES, "on"))):
            positions, spent, shown = play(seed if not options else 100 + seed, options, digest, args.screen)
            total_positions += positions
            total_spent += spent
            total_shown += shown
            screen = f", prompt and explanations {shown:.2f} s CPU" if args.screen else ""
            print(f"seed {seed} {label:>12}: {positions:4d} positions, "
                  f"legal_orders {spent:.2f} s CPU{screen}")
    each = 1000 * total_spent / max(1, total_positions)
    screen = f", prompt and explanations {total_shown:.2f} s CPU" if args.screen else ""
    print(f"all: {total_positions} positions, legal_orders {total_spent:.2f} s CPU "
          f"({each:.2f} ms each){screen}; "
          f"{'answers' if args.screen else 'orders'} digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
