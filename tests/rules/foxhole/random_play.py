"""Random legal play of a Foxhole game to its end, with the invariants checked after every
record (issue 13): every helper's phase must keep these true.

A seeded policy picks among the orders `legal_orders` lists, every one of which must be
accepted; it ends phases often enough for a game to finish. After every record:

- units (R5.A.8-9): each on a hex of the map or in one of the scenario's boxes; 1 or 2 steps,
  none at all only in the `eliminated` box; only known conditions as flags;
- stacking (R10.A, R10.D): at most 4 units of a side in a hex (8 with overstacking) when no
  decision is pending;
- markers (R10.C, R19.B.3-5): only R5.B kinds; at most 4 levels of works and 3 of traps in a hex;
  levels are whole numbers from 1;
- fire (R25.C.1b): a burning hex is Burnt Out too;
- the verdict (R24): only after the last Full Turn, unless a goal the scenario checks "at any
  time" ended it (R24.D.5); its winner is a side or nobody (a draw); the game ends within the
  turn track.

At the end `verify` re-runs every order to the same events, and the reopened save folds to the
very State seen after each record.
"""

from __future__ import annotations

import random
from pathlib import Path

from tui_wargame.engine import Game
from tui_wargame.model import Scenario, State
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole.counters import ELIMINATED
from tui_wargame.rules.foxhole.position import CONDITIONS, TURN_FLAGS, Position

HERE = Path(__file__).parent
ENDING = frozenset({"end", "pass", "done"})
WORK_LEVELS = {"foxholes": 1, "scrapes": 1, "shellholes": 1, "pillbox": 2, "fort-unimproved": 3,
               "fort-improved": 4}
TRAPS = {"mines", "tank-traps", "wire"}


class Broken(AssertionError):
    """An invariant failed, or a listed order was refused: the seed and record say where."""


def invariants(scenario: Scenario, state: State) -> list[str]:
    """What is wrong with `state`, each problem one line."""
    pos = Position(scenario, state)
    grid = scenario.grid
    found = []
    boxes = set(scenario.box)
    flags = set(CONDITIONS) | TURN_FLAGS
    for uid, u in sorted(state.units.items()):
        if not grid.on_map(u.location) and u.location not in boxes:
            found.append(f"{uid} is at {u.location!r}, neither a hex nor a box")
        if (u.steps == 0) != (u.location == ELIMINATED) or not 0 <= u.steps <= scenario.unit[uid].steps:
            found.append(f"{uid} has {u.steps} steps in {u.location}")
        strange = u.flags - flags
        if strange and not all(":" in f for f in strange):  # "module:detail" flags are a module's own
            found.append(f"{uid} has unknown conditions {sorted(strange)}")
    if state.pending is None:
        limit = 8 if pos.option("overstacking") else 4
        for label, units in pos.occupied().items():
            for side in scenario.side:
                if len([u for u in units if pos.side_of(u) == side]) > limit:
                    found.append(f"{label} holds more than {limit} units of {side} (R10)")
    for place, markers in state.markers.items():
        works = traps = 0
        for m in markers:
            if m.kind not in charts.MARKER_KINDS:
                found.append(f"{place} holds a {m.kind!r} marker, not an R5.B kind")
            level = m.value if type(m.value) is int else 1
            if m.kind in ("trenches", "mines", "tank-traps") and level < 1:
                found.append(f"{place}: {m.kind} at level {m.value!r}")
            if m.kind == "trenches" or m.kind in WORK_LEVELS:
                works += level if m.kind == "trenches" else WORK_LEVELS[m.kind]
            if m.kind in TRAPS:
                traps += level
        if works > charts.MAX_WORK_LEVELS + 1:  # an upgrade's prerequisites stand together (R19.B.4)
            found.append(f"{place} holds {works} levels of works (R10.C)")
        if traps > charts.MAX_TRAP_LEVELS:
            found.append(f"{place} holds {traps} levels of traps (R19.B.5)")
        if any(m.kind == "fire" for m in markers) and not any(m.kind == "burnt-out" for m in markers):
            found.append(f"{place} burns but is not Burnt Out (R25.C.1b)")
    return found + verdict_problems(scenario, state)


def verdict_problems(scenario: Scenario, state: State) -> list[str]:
    """R24: a verdict only at the end of the turn track, or by a goal met "at any time"."""
    if state.result is None:
        return []
    found = []
    if state.result.winner not in ("", *scenario.side):
        found.append(f"the verdict names no side: {state.result.winner!r}")
    goals = scenario.rules.get("victory", {}).get("goal", [])
    any_time = {g["winner"] for g in goals if g.get("when") == "any"}
    if state.turn < len(scenario.turns) - 1 and state.result.winner not in any_time:
        found.append(f"the game ended in turn {state.turn + 1} of {len(scenario.turns)}: "
                     f"{state.result.reason}")
    return found


def play(scenario: Scenario, path: Path, seed: int, *, options: dict[str, str] | None = None,
         end_chance: float = 0.3, limit: int = 4000, scenario_dir: Path = HERE) -> Game:
    """Play one game at random to its verdict, checking after every record; returns the game.
    `scenario` must be the file in `scenario_dir` as it is, so that the save reopens."""
    rng = random.Random(seed)
    game = Game.new(scenario, path, seed=seed, options=options or {})
    seen: list[State] = [game.state]
    for _ in range(limit):
        if game.state.over:
            break
        orders = game.legal_orders()
        if not orders:
            raise Broken(f"seed {seed}, record {game.seq}: nothing is legal and the game is not over "
                         f"({game.prompt()})")
        ending = [o for o in orders if o.verb in ENDING]
        others = [o for o in orders if o.verb not in ENDING]
        if ending and (not others or rng.random() < end_chance):
            order = rng.choice(ending)
        else:
            verb = rng.choice(sorted({o.verb for o in others}))
            order = rng.choice([o for o in others if o.verb == verb])
        try:
            game.submit(order)
        except Exception as exc:
            raise Broken(f"seed {seed}, record {game.seq}: the listed order `{order}` failed: {exc}") from exc
        problems = invariants(scenario, game.state)
        if problems:
            raise Broken(f"seed {seed}, record {game.seq} after `{order}`: " + "; ".join(problems))
        seen.append(game.state)
    else:
        raise Broken(f"seed {seed}: no verdict after {limit} orders")
    assert game.verify() == [], f"seed {seed}: verify failed"
    game.close()
    reopened = Game.open(path, scenario_dirs=[scenario_dir])
    for seq, state in enumerate(seen):
        assert reopened.state_at(seq) == state, f"seed {seed}: record {seq} folds otherwise when reopened"
    reopened.close()
    return game
