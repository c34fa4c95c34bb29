"""Random legal play to the end of a Fire & Movement game, checking the invariants after every
record (issue 7); shared by the scenario tests and the rules tests.

A seeded policy picks among the orders `legal_orders` lists: it ends phases often enough for a
game to finish in a few hundred orders, but still moves, enters, attacks, places fire support,
answers every decision and sometimes undoes. Every order listed must be accepted, and after
every record:

- stacking (F&M 5.3 as Suez 17.1 / Gaza 16.1 change it): units may end a phase stacked only
  within the limits, and a retreat that overstacks a hex is displaced at once, so neither side is
  overstacked when a phase ends, nor in the combat phase while no decision is pending;
- terrain (F&M 5.1, 5.2): no combat unit in prohibited terrain or off the route it is bound to
  (Suez 13.3, Gaza 13.2), and no hex holds units of both sides;
- steps (F&M 7.6, Suez 13.2, Gaza 13.3): 0 <= steps <= printed steps, eliminated iff 0 steps;
- the game can always go on: some order other than undo is listed (F&M 5.3's house rule: no move
  may leave a hex overstacked beyond its units' repair);
- the units that may act (`Capabilities.actors`, F&M 5.0 and 5.3 in a movement phase, found
  without listing every path) are exactly those the legal orders name;
- once per phase (F&M 5.0, Suez 17.2 / Gaza 16.2: each unit moves individually, once; F&M 7.1:
  each unit attacks once and each hex is attacked once; Suez 13.1 / Gaza 13.4 Kress on one attack;
  Suez 16.0 / Gaza 15.0 one rail move; Suez 18.5 an air unit placed once) counted from the
  events of the phase's records that stand (an undone record no longer counts), and a fire
  support marker is drawn at most once a day (Suez/Gaza 18.3).

At the end the game has a verdict, `verify` re-runs every order to the same events, and the
reopened save folds (through `state_at`, snapshots included) to the very State seen after each
record.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from tests.plain_english import untold
from tui_wargame.engine import PHASE_EVENTS, Game
from tui_wargame.model import IllegalOrder, Order, Scenario, State, fold
from tui_wargame.rules.capabilities import named_units
from tui_wargame.rules.fm.combat import ATTACKS
from tui_wargame.rules.fm.data import fraction
from tui_wargame.rules.fm.fire_support import USED
from tui_wargame.rules.fm.movement import route_only
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes
from tui_wargame.savefile import Record

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"

ENDING = frozenset({"end", "done", "stop", "deployed"})  # orders that close a phase, step or decision
MOVES = frozenset({"move", "enter", "rail"})  # an act of movement by the unit named first


@frozen
class Policy:
    """How eagerly the random player ends things: the chance of an ending order when one is
    listed, per phase; and the chance of undoing when undo is listed."""

    end_movement: float = 0.1
    end_combat: float = 0.35
    end_decision: float = 0.4
    end_setup: float = 0.05
    undo: float = 0.04
    aggression: float = 0.6  # the chance a move goes as near the enemy as it can, not anywhere
    attack_weight: int = 3  # attacks weigh this many times another kind of order
    probe: int = 2  # further listed orders checked (with `prepare`, not appended) per record


class Broken(AssertionError):
    """An invariant failed, or a listed order was refused: the seed and record say where."""


def repairs(scenario: Scenario, state: State, orders: Sequence[Order], undid: bool) -> list[Order]:
    """While the side to act is overstacked and may not end: the orders that take a unit out of an
    overstacked hex (moves, deployments; F&M 5.3's house rule keeps one open), or undo again after
    an undo; none while it may end."""
    if state.pending or any(o.verb in ENDING for o in orders):
        return []
    pos = Position(scenario, state)
    over = set(overstacked_hexes(pos, state.active))
    if not over:
        return []
    undo = [o for o in orders if o.verb == "undo"]
    out = [o for o in orders if o.verb in {*MOVES, "deploy"} and state.units[o.args[0]].location in over]
    return undo if undid and undo else out


def choose(rng: random.Random, scenario: Scenario, state: State, orders: Sequence[Order],
           policy: Policy, undid: bool = False) -> Order:
    """One order from `orders`, by the policy; moves are picked unit first, so a unit with many
    reachable hexes is not favoured over one with few."""
    undo = Order("undo")
    fixes = repairs(scenario, state, orders, undid)
    if fixes:
        return rng.choice(fixes)
    if undo in orders and (len(orders) == 1 or rng.random() < policy.undo):
        return undo
    orders = [o for o in orders if o != undo]
    ending = [o for o in orders if o.verb in ENDING]
    others = [o for o in orders if o.verb not in ENDING]
    if state.pending:
        chance = policy.end_decision
    elif state.phase == "movement":
        chance = policy.end_movement
    elif state.phase == "combat":
        chance = policy.end_combat
    else:
        chance = policy.end_setup
    if ending and (not others or rng.random() < chance):
        return rng.choice(ending)
    verbs = sorted({o.verb for o in others})
    verb = rng.choices(verbs, [policy.attack_weight if v == "attack" else 1 for v in verbs])[0]
    of_verb = [o for o in others if o.verb == verb]
    if verb in MOVES:
        unit = rng.choice(sorted({o.args[0] for o in of_verb}))
        of_verb = [o for o in of_verb if o.args[0] == unit]
        if rng.random() < policy.aggression:
            of_verb = nearest_enemy(scenario, state, of_verb)
    return rng.choice(of_verb)


def nearest_enemy(scenario: Scenario, state: State, moves: list[Order]) -> list[Order]:
    """The moves that end nearest an enemy unit, so that random play comes to blows."""
    pos = Position(scenario, state)
    enemy = [h for h, units in pos.occupied_hexes().items() if pos.side_of(units[0]) != state.active]
    if not enemy:
        return moves
    gap = {o: min(pos.distance(o.args[-1], h) for h in enemy) for o in moves}
    least = min(gap.values())
    return [o for o in moves if gap[o] == least]


def acts(record: Record) -> tuple[list[tuple[str, str]], bool]:
    """The once-per-phase acts of `record` after its last phase change, and whether it changed
    phase. From its events: move (the unit a move, entry or rail order moved), declare, attack,
    attacked (a hex); from its order: advance, air (an air unit placed), kress, rail."""
    verb, *args = record.order.split() or [""]
    found: list[tuple[str, str]] = []
    changed = False
    for e in record.events:
        if e.kind in PHASE_EVENTS:
            found, changed = [], True
        elif e.kind == "unit_moved" and verb in MOVES and e.facts["unit"] == args[0]:
            found.append(("move", args[0]))
        elif e.kind == "unit_flagged" and str(e.facts["flag"]).startswith(ATTACKS):
            found.append(("declare", e.facts["unit"]))
        elif e.kind == "combat":
            found += [("attack", u) for u in e.facts["attackers"]]
            found.append(("attacked", e.facts["hex"]))
    if verb == "advance":
        found.append(("advance", args[0]))
    elif verb in ("air", "observe"):
        found.append(("air", args[0]))
    elif verb in ("kress", "rail"):
        found.append((verb, ""))
    return found, changed


class Checker:
    """The invariants, fed each record as it is appended."""

    def __init__(self, scenario: Scenario, label: str) -> None:
        self.scenario = scenario
        self.label = label
        self.phase: list[tuple[int, list[tuple[str, str]]]] = []  # the phase's standing records' acts

    def fail(self, record: Record, what: str) -> Broken:
        return Broken(f"{self.label}, record {record.seq} `{record.order}`: {what}")

    def check(self, before: State, record: Record, after: State) -> None:
        self.units(record, after)
        self.stacking(before, record, after)
        self.once(record)
        self.markers(before, record)

    def units(self, record: Record, state: State) -> None:
        """F&M 5.1, 5.2, 7.6; Suez 13.2, 13.3; Gaza 13.2, 13.3."""
        pos = Position(self.scenario, state)
        for uid, u in state.units.items():
            spec = self.scenario.unit[uid]
            if not 0 <= u.steps <= spec.steps:
                raise self.fail(record, f"{uid} has {u.steps} steps of {spec.steps} (F&M 7.6)")
            if (u.steps == 0) != (u.location == "eliminated"):
                raise self.fail(record, f"{uid} has {u.steps} steps in {u.location} (F&M 7.6)")
            if not (pos.on_map(uid) and pos.is_combat(uid)):
                continue
            if fraction(pos.terrain(u.location).move) is None:
                raise self.fail(record, f"{uid} stands in prohibited {pos.terrain_id(u.location)} "
                                        f"at {u.location} (F&M 5.2)")
            only = route_only(pos, uid)
            if only and not any(r.kind == only and u.location in r.hexes for r in self.scenario.map.route):
                raise self.fail(record, f"{uid} left its {only} at {u.location} (Suez 13.3, Gaza 13.2)")
            if pos.occupant(u.location) != spec.side:
                raise self.fail(record, f"{u.location} holds units of both sides (F&M 5.1)")

    def stacking(self, before: State, record: Record, after: State) -> None:
        """F&M 5.3 (Suez 17.1, Gaza 16.1): within the limits at each phase's end, and after every
        retreat once its displacements are done (the combat phase, no decision pending)."""
        ends = [i for i, e in enumerate(record.events) if e.kind in PHASE_EVENTS]
        moments = []
        if ends:
            moments.append(("at the end of the phase", fold(before, record.events[: ends[0]])))
        if after.phase == "combat" and not after.pending and not after.over:
            moments.append(("in the combat phase", after))
        for when, state in moments:
            pos = Position(self.scenario, state)
            for side in self.scenario.side:
                over = overstacked_hexes(pos, side)
                if over:
                    raise self.fail(record, f"{side} overstacked {when} at {', '.join(over)} (F&M 5.3)")

    def once(self, record: Record) -> None:
        """F&M 5.0, 7.1; Suez 13.1, 16.0, 17.2, 18.5; Gaza 13.4, 15.0, 16.2: nothing twice a phase."""
        if record.kind == "undo":
            if not self.phase or self.phase[-1][0] != record.reverts:
                raise self.fail(record, f"undid record {record.reverts}, not the phase's last standing one")
            self.phase.pop()
            return
        found, changed = acts(record)
        if changed:
            self.phase = []
        seen = Counter(a for _, done in self.phase for a in done) + Counter(found)
        twice = sorted(a for a, n in seen.items() if n > 1)
        if twice:
            raise self.fail(record, f"twice in one phase: {twice}")
        self.phase.append((record.seq, found))

    def markers(self, before: State, record: Record) -> None:
        """Suez/Gaza 18.3: a marker is drawn at most once a day."""
        for e in record.events:
            if e.kind == "markers_revealed":
                used = [m for m in e.facts["markers"] if USED in before.units[m].flags]
                if used:
                    raise self.fail(record, f"markers {used} drawn twice in a day (18.3)")


def play(scenario: Scenario, path: Path, seed: int, *, setup: str = "historical",
         policy: Policy = Policy(), max_records: int = 5000, stop_after: int | None = None,
         scenario_dirs: Sequence[Path] = (SCENARIOS,)) -> Counter[str]:
    """Play `scenario` from `seed` to its end with random legal orders, checking everything;
    how many orders of each verb it gave. With `stop_after`, stop after that many records instead
    (the quick run): the same checks, verify and replay, but no verdict is required."""
    label = f"{scenario.id} {setup} seed {seed}"
    rng = random.Random(seed)
    game = Game.new(scenario, path, seed=seed, options={"setup": setup})
    checker = Checker(scenario, label)
    states = [game.state]
    verbs: Counter[str] = Counter()
    with game:
        while not game.state.over and (stop_after is None or game.seq < stop_after):
            if game.seq >= max_records:
                raise Broken(f"{label}: no verdict after {max_records} records ({game.prompt()})")
            orders = game.legal_orders()
            if not orders:
                raise Broken(f"{label}: a live game lists no order ({game.prompt()})")
            if all(o.verb == "undo" for o in orders):
                raise Broken(f"{label}, after record {game.seq}: only undo is listed: the game cannot go "
                             f"on without taking an order back ({game.prompt()})")
            actors, named = game.capabilities.actors(scenario, game.state), named_units(scenario, orders)
            if actors != named:
                raise Broken(f"{label}, after record {game.seq}: the units that may act are "
                             f"{sorted(actors)}, the legal orders name {sorted(named)}")
            order = choose(rng, scenario, game.state, orders, policy, game.records[-1].kind == "undo")
            for probe in [order, *rng.sample(orders, min(policy.probe, len(orders)))]:
                try:
                    game.prepare(probe)
                except IllegalOrder as exc:
                    raise Broken(f"{label}, after record {game.seq}: `{probe}` listed but refused: "
                                 f"{exc}") from None
            before = game.state
            record = game.submit(order)
            verbs[order.verb] += 1
            checker.check(before, record, game.state)
            states.append(game.state)
        problems = game.verify()
        if problems:
            raise Broken(f"{label}: verify found {problems}")
        raw = untold(game)
        if raw:
            raise Broken(f"{label}: events not told in plain English: {raw[:5]}")
    replay(path, states, scenario_dirs, label)
    return verbs


def replay(path: Path, states: Sequence[State], scenario_dirs: Sequence[Path], label: str) -> None:
    """The reopened save folds to the same State after every record, the verdict included."""
    with Game.open(path, scenario_dirs=list(scenario_dirs)) as reopened:
        if reopened.seq != len(states) - 1:
            raise Broken(f"{label}: reopened with {reopened.seq + 1} records, played {len(states)}")
        if reopened.warnings or reopened.chain_problems:
            raise Broken(f"{label}: reopened with {reopened.warnings + reopened.chain_problems}")
        if reopened.state != states[-1]:
            raise Broken(f"{label}: the reopened final State differs")
        for seq in range(len(states) - 1, -1, -1):
            if reopened.state_at(seq) != states[seq]:
                raise Broken(f"{label}: replay differs after record {seq}")
