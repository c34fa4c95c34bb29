"""How tests/games/suez1916.txt was made: a simple greedy player for both sides plays a whole
game of Suez 1916 with a fixed seed, and the orders it gave are written one a line.

    python -m tests.games.record_suez1916 > tests/games/suez1916.txt

The test (test_suez1916_game.py) does not run this player: it plays the recorded orders and
checks the verdict, the save, the replay and `verify`. The player is deliberately plain:
Central Powers units march on Romani and Pelusium, British units close on the nearest enemy;
every attack whose column is at least `ODDS` is made, with fire support and Kress where
allowed; every decision takes the first legal answer.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm import combat, ending, movement
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack

SEED = 5
ROOT = Path(__file__).parents[2]
OBJECTIVES = {"cp": ["2031", "1532", "0936"], "british": []}
ODDS = 6  # the least column index (0-based) worth attacking at: 7 and up


def target_of(pos: Position, uid: str) -> str:
    side = pos.side_of(uid)
    here = pos.location(uid) if pos.on_map(uid) else "3331"
    enemies = [pos.location(u) for u in pos.on_map_units(pos.enemy(side))]
    goals = enemies + OBJECTIVES[side] if side == "cp" else enemies
    return min(goals, key=lambda h: (pos.distance(here, h), h)) if goals else here


def movement_phase(game: Game, orders: list[str]) -> None:
    side = game.state.active
    for uid in sorted(game.state.units):
        pos = Position(game.scenario, game.state)
        if game.scenario.unit[uid].side != side or movement.why_not_move(pos, uid):
            continue
        u = game.state.units[uid]
        if pos.on_map(uid):
            found = ending.reach(pos, uid, u.location)
            verb = "move"
        else:
            entry = game.system._entry(pos, uid)  # type: ignore[attr-defined]
            if not entry:
                continue
            found = ending.reach(pos, uid, None, entry)
            verb = "enter"
        goal = target_of(pos, uid)
        here = u.location if pos.on_map(uid) else None
        best = None
        for label, (cost, path) in sorted(found.items()):
            if overstack(pos, label, [*pos.units_in(label), uid]) is not None:
                continue
            score = (pos.distance(label, goal), cost)
            if here is not None and pos.distance(label, goal) >= pos.distance(here, goal):
                continue
            if best is None or score < best[0]:
                best = (score, path)
        if best is not None:
            text = " ".join([verb, uid, *best[1]])
            game.submit(text)
            orders.append(text)
    game.submit("end")
    orders.append("end")


def combat_phase(game: Game, orders: list[str]) -> None:
    pos = Position(game.scenario, game.state)
    side = game.state.active
    by_target: dict[str, list[str]] = {}
    for target, source in combat.declarable(pos):
        by_target.setdefault(target, []).append(source)
    used: set[str] = set()
    for target, sources in sorted(by_target.items()):
        sources = [s for s in sources if s not in used]
        if not sources:
            continue
        attackers = [u for s in sources for u in pos.units_in(s)]
        if combat.odds(pos, target, attackers)["column_index"] < ODDS:
            continue
        for source in sources:
            give(game, orders, f"attack {target} {source}")
            used.add(source)
        pos = Position(game.scenario, game.state)
    for target in sorted(combat.declared(pos)):
        for order in (f"kress {target}", f"bombard {target}"):
            try:
                give(game, orders, order)
            except IllegalOrder:
                pass
    give(game, orders, "end")
    while not game.state.over and game.state.active == side and game.state.phase == "combat":
        answer_all(game, orders)
        if game.state.over or game.state.active != side or game.state.phase != "combat":
            break
        pending = sorted(combat.declared(Position(game.scenario, game.state)))
        give(game, orders, f"resolve {pending[0]}" if pending else "end")


def answer_all(game: Game, orders: list[str]) -> None:
    while game.state.pending is not None and not game.state.over:
        legal = [o.text for o in game.legal_orders() if o.verb != "undo"]
        pick = "done" if "done" in legal else legal[0]
        give(game, orders, pick)


def give(game: Game, orders: list[str], text: str) -> None:
    game.submit(text)
    orders.append(text)


def play() -> tuple[list[str], Game]:
    scenario = scenario_file.load(ROOT / "scenarios" / "suez1916.toml")
    path = Path(tempfile.mkdtemp()) / "suez.toml"
    game = Game.new(scenario, path, seed=SEED)
    orders: list[str] = []
    while not game.state.over:
        answer_all(game, orders)
        if game.state.over:
            break
        if game.state.phase == "movement":
            movement_phase(game, orders)
        else:
            combat_phase(game, orders)
    return orders, game


def main() -> None:
    orders, game = play()
    result = game.state.result
    assert result is not None
    print(f"# A complete game of Suez 1916, seed {SEED}, made by tests/games/record_suez1916.py.")
    print(f"# Verdict: {result.winner or 'draw'} {result.level}: {result.reason}")
    print("# One order a line, decisions included. Played by test_suez1916_game.py.")
    for order in orders:
        print(order)
    print(f"{len(orders)} orders", file=sys.stderr)


if __name__ == "__main__":
    main()
