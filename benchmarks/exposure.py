"""How well the computer's exposure foresees what the enemy's next turn costs (issue 15).

The hard player weighs each of its stacks' exposure (`Assessor.exposure`): the strength it
expects the enemy's next attacks to take from the stack. Here games of a computer player against
another are played to a turn, and at the end of each of the first player's combat phases the
exposure of all its stacks is summed and set against the strength it then loses before its next
turn (each step lost at its `step_value`), told apart: lost to bombardment, which the exposure
does not weigh, and lost otherwise (the enemy's attacks), which it does. A ratio far from 1 is a
planner weighing its risks wrongly, whatever its caution.

    python3 benchmarks/exposure.py --scenario gaza1917 --side br --seeds 8 --turns 3

Prints one line a game (turn: foreseen / lost to bombardment + lost otherwise) and the totals,
and the figures as a JSON line.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from ai import MAKERS, scenario_path  # the sibling module: scripts run from benchmarks/
from report import machine, print_figures

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.players import Player
from tui_wargame.players.fm import Assessor
from tui_wargame.players.fm_worth import step_value
from tui_wargame.players.view import SideView
from tui_wargame.rules.fm import combat, sequence


def turn_ends(game: Game, side: str) -> bool:
    """Whether `side` is about to end its combat phase: its attacks declared and every one
    resolved, nothing owed (F&M 7.1: `end` is then its only order)."""
    state = game.state
    return (state.to_act == side and state.active == side and state.phase == sequence.COMBAT
            and state.values.get(combat.STEP) == sequence.RESOLVE and not state.pending
            and {o.verb for o in game.legal_orders()} <= {"end", "undo"})


def give(game: Game, players: dict[str, Player]) -> None:
    """The side to act gives its player's order."""
    acting = game.state.to_act
    game.submit(players[acting].choose(game, acting).order, acting)


def foreseen_and_lost(game: Game, side: str, players: dict[str, Player]) -> tuple[float, float, float]:
    """At the end of `side`'s combat phase: its stacks' exposure summed, as the hard player
    reckons it; then the phase ended, and the strength it loses until its own next turn (played
    by `players`) to bombardment (Suez/Gaza 18.4) and otherwise (combat, F&M 7.6-7.8)."""
    view = SideView(game, side, level="hard")
    judge = Assessor(view, view.state)
    pos = judge.pos
    stacks: dict[str, list[str]] = {}
    for uid in pos.on_map_units(side):
        stacks.setdefault(pos.location(uid), []).append(uid)
    foreseen = sum(judge.exposure(label, units) for label, units in stacks.items())
    value = {uid: step_value(pos, uid) for units in stacks.values() for uid in units}
    turn, first = game.state.turn, len(game.records)
    game.submit("end", side)
    while not game.state.over and not (game.state.active == side and game.state.turn > turn):
        give(game, players)
    bombarded = fought = 0.0
    for record in game.records[first:]:
        hit = None  # the unit the event before hit by bombardment
        for event in record.events:
            if event.kind == "step_lost" and event["unit"] in value:
                if event["unit"] == hit:
                    bombarded += value[event["unit"]]
                else:
                    fought += value[event["unit"]]
            hit = event["unit"] if event.kind == "bombardment" and event["loss"] else None
    return foreseen, bombarded, fought


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="gaza1917", choices=("suez1916", "gaza1917"))
    parser.add_argument("--side", default="br", help="the first player's side (by id)")
    parser.add_argument("--match", default="hard:greedy", help="FIRST:SECOND, of " + ", ".join(MAKERS))
    parser.add_argument("--seeds", type=int, default=8, help="games, seeds 0 to N-1")
    parser.add_argument("--turns", type=int, default=3, help="the last turn measured")
    args = parser.parse_args()
    first, second = args.match.split(":")
    if first not in MAKERS or second not in MAKERS:
        parser.error(f"--match: players are {', '.join(MAKERS)}")
    scenario = scenario_file.load(scenario_path(args.scenario))
    sides = [s.id for s in scenario.sides]
    if args.side not in sides:
        parser.error(f"--side: {args.scenario} has the sides {', '.join(sides)}")
    other = next(s for s in sides if s != args.side)
    totals = [0.0, 0.0, 0.0]
    for seed in range(args.seeds):
        players: dict[str, Player] = {args.side: MAKERS[first](), other: MAKERS[second]()}
        told = []
        with tempfile.TemporaryDirectory() as folder, \
                Game.new(scenario, Path(folder) / f"{args.scenario}-{seed}.toml", seed=seed) as game:
            while not game.state.over and game.state.turn <= args.turns:
                if turn_ends(game, args.side):
                    turn = game.state.turn
                    foreseen, bombarded, fought = foreseen_and_lost(game, args.side, players)
                    totals[0] += foreseen
                    totals[1] += bombarded
                    totals[2] += fought
                    told.append(f"{turn}: {foreseen:.1f} / {bombarded:.1f} + {fought:.1f}")
                    continue
                give(game, players)
        print(f"seed {seed}: " + ", ".join(told), flush=True)
    print_figures({"scenario": args.scenario, "side": args.side, "match": args.match, "games": args.seeds,
                   "turns": args.turns, "foreseen": round(totals[0], 1),
                   "lost_to_bombardment": round(totals[1], 1), "lost_in_combat": round(totals[2], 1),
                   "lost_per_foreseen": round((totals[1] + totals[2]) / totals[0], 2) if totals[0] else None,
                   "machine": machine()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
