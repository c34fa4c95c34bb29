"""Fire & Movement's knowledge for the computer player (Suez 1916, Gaza 1917).

What a position is worth to a side: victory points (Suez/Gaza 12.3-12.4, `fm_points`), the combat
strength each side has left (`fm_worth`), the pull of the victory hexes it must take or hold, the
exposure of its stacks to the enemy's next attacks (the CRT read at the strength that can reach
them, `fm_reach`, on their terrain row), and, before its own attacks, the attacks its stacks are
placed for. The combat planner weighs every attack by exact expectation over the die faces of the
CRT, with retreats blocked into elimination (F&M 7.7), hexes taken, its own losses, least force for
the column it wants, and plans the turn's attacks together (`fm_plan`); fire support (Suez/Gaza
18.0, `fm_fire`) and the commander (Suez 13.1, Gaza 13.4) go where they change most. The side that
must take the victory hexes marches its whole army on those of its campaign (`fm_campaign`), and
plans each movement for the attacks that follow it (`fm_assault`), bringing force beside a target
together rather than one unit at a time. The rules are asked of `rules.fm`'s own functions, never
re-made here.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any, cast

from attrs import evolve

from tui_wargame.model import Event, IllegalOrder, Order, Refusal, State, fold
from tui_wargame.players import fm_campaign
from tui_wargame.players.base import Choice, best_rated
from tui_wargame.players.fm_assault import assaults
from tui_wargame.players.fm_campaign import campaign
from tui_wargame.players.fm_fire import defensive_fire, fire
from tui_wargame.players.fm_plan import PlannedAttack, attack_plan
from tui_wargame.players.fm_points import level_worth, places, vp_at
from tui_wargame.players.fm_reach import field_of, hex_distance, threat_map
from tui_wargame.players.fm_why import why_moved
from tui_wargame.players.fm_worth import (
    ELIMINATED_PREMIUM,
    TAKEN,
    W_VP,
    scenario_key,
    step_value,
    strength,
    unit_worth,
    worth_table,
    worth_words,
)
from tui_wargame.players.view import SideView
from tui_wargame.rules.fm import combat, fire_support, sequence
from tui_wargame.rules.fm.combat import column_index, shifted
from tui_wargame.rules.fm.data import ResultEffect
from tui_wargame.rules.fm.hooks import InstantGoal
from tui_wargame.rules.fm.movement import why_not_move
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.retreat import can_retreat
from tui_wargame.rules.fm.stacking import overstack
from tui_wargame.rules.fm.victory import control_events, held_by, victory_points
from tui_wargame.rules.fm.zoc import in_enemy_zoc

WIN = 1e6
W_PULL = 0.35  # per hex between a victory hex to take (or guard) and the nearest own unit, per VP
W_SPREAD = 0.04  # per hex between each own unit and the nearest victory hex to take
W_ADVANCE = 0.2  # the same for the side that must take them: the whole army marches on them
OFF_PLAN = 0.2  # the pull of a victory hex outside the campaign's objectives, of its full pull
W_OPPORTUNITY = 0.4  # share of a placed attack's expected gain counted before it is declared
GATHERING = 3.0  # an attack still short of paying counts from this far below zero, so that
#                  units gather against a strong hex one by one rather than never start
RETREAT_COST = 0.25  # share of a stack's strength lost by being driven back
INSTANT = 10 * W_VP  # an instant win or loss (Suez 12.1, Gaza 12.1-12.2), times its chance

#: By level: which enemy units are counted as a threat to a hex (those beside it, or those whose
#: next movement can end beside it: `threat_map`), how much their expected damage weighs
#: (caution; taker_caution for the side that must take the victory hexes: an attacker that weighs
#: it as fully as a defender holds back from the fights its win needs, docs/architecture.md), the
#: smallest expected gain an attack must promise, the most attacking hexes weighed per target,
#: destinations weighed per unit, units whose best move is weighed against each other per order,
#: whether fire support is used, the risk that an unguarded victory hex is taken by an enemy
#: unit at most so many hexes away, how much of a held victory hex's worth a stack on it counts
#: as exposed with it (held: the hex goes with a result that drives the stack out), and whether a
#: scenario's own orders at the declarations are weighed (own_orders: Gaza 13.1 charges).
LEVEL: dict[str, dict[str, Any]] = {
    "easy": {"reach": "beside", "caution": 0.3, "taker_caution": 0.3, "threshold": -0.6, "sources": 2,
             "destinations": 3, "movers": 1, "fire": False, "risk": ((2, 0.6),), "assault": None,
             "held": 0.0, "own_orders": False},
    "normal": {"reach": "movement", "caution": 0.6, "taker_caution": 0.6, "threshold": 0.3, "sources": 3,
               "destinations": 5, "movers": 2, "fire": True, "risk": ((2, 0.8), (4, 0.5), (6, 0.2)),
               "assault": 1.0, "held": 0.0, "own_orders": False},
    "hard": {"reach": "movement", "caution": 0.8, "taker_caution": 0.3, "threshold": 0.3, "sources": 4,
             "destinations": 7, "movers": 3, "fire": True, "risk": ((2, 0.8), (4, 0.5), (6, 0.2)),
             "assault": 1.0, "held": 1.0, "own_orders": True},
}
#: Where a unit counts for nothing in the balance of strength: a unit waiting among the
#: reinforcements (Suez 11.5, Gaza 11.3) fights nobody until it enters, so entering is a gain.
NOT_FIGHTING = ("set-aside", "off-map", "reinforcements")
MOVES = ("move", "enter", "rail", "deploy")  # orders that take their first argument to their last
MOVE_GAIN = 0.05  # a move must improve the position by more than this to be worth giving
OWN_ORDER_GAIN = 1.0  # what a scenario's once-a-game order (Gaza 13.1) must add to a turn's attacks
OWN_ORDERS_TOGETHER = 3  # the most of them weighed as given together in one phase

THREAT_MAPS = 64  # threat maps kept, newest last: one per enemy placement, a few per turn
_THREATS: dict[tuple[object, ...], dict[str, frozenset[str]]] = {}


class Assessor:
    """One position seen by one side: the questions the planner asks, each asked once."""

    def __init__(self, view: SideView, state: State) -> None:
        self.view, self.side, self.level = view, view.side, LEVEL[view.level]
        self.pos = Position(view.scenario, state)
        self.enemy = self.pos.enemy(self.side)
        self._paths: dict[tuple[str, int], bool] = {}
        self._enemy_key: tuple[tuple[str, str, int, tuple[str, ...]], ...] | None = None
        self._exposures: dict[tuple[str, int, float, tuple[tuple[str, int], ...]], float] | None = None
        self._pressure: dict[str, float] | None = None
        self._goals: list[InstantGoal] | None = None
        self._total: int | None = None  # the scoring side's victory points, once asked
        self.plan: list[PlannedAttack] | None = None  # `fm_plan.attack_plan` of this position, once made
        scorer = self.pos.rules.victory.side
        self.taker = scorer == self.side  # the side that must take the victory hexes
        self.campaign = campaign(view) if self.taker else None
        self.caution = self.level["taker_caution" if self.taker else "caution"]

    def at(self, state: State) -> Assessor:
        """The same side's and level's look at another position."""
        return Assessor(self.view, state)

    # --- what a combat result costs each side (F&M 7.6-7.8) ---

    def _retreat_blocked(self, uid: str, hexes: int) -> bool:
        key = (uid, hexes)
        if key not in self._paths:
            self._paths[key] = not can_retreat(self.pos, uid, hexes)
        return self._paths[key]

    def effect_cost(self, effect: ResultEffect, units: Sequence[str], *, exact: bool,
                    hold: float = 0.0) -> tuple[float, bool, bool]:
        """What `effect` costs the owner of `units` (strength), whether their hex is left, and
        whether every unit is gone; `exact` checks each retreat for a path (F&M 7.7), else assumes
        one. Given a choice between a step and the hex (F&M 7.8), the owner weighs the hex at
        `hold` besides the retreat, unless the step is a lone unit's last: losing it leaves the
        hex too. A step loss (F&M 7.6) is costed at the cheapest step, a last step at the whole
        unit, but the hex is counted held (docs/architecture.md: counting it left played worse)."""
        if not units:
            return 0.0, False, False
        pos = self.pos
        whole = sum(strength(pos, u) + ELIMINATED_PREMIUM for u in units)
        if effect.eliminate:
            return whole, True, True
        cost, left, steps = 0.0, False, sum(pos.state.units[u].steps for u in units)
        if effect.retreat:
            blocked = exact and any(self._retreat_blocked(u, effect.retreat) for u in units)
            cheapest = min(step_value(pos, u) for u in units)
            if effect.deplete_instead:  # the owner loses a step instead of the whole stack retreating
                drive = sum(strength(pos, u) for u in units) * RETREAT_COST
                last = steps <= 1  # the step is the stack
                kept = 0.0 if last else hold
                if blocked or cheapest < drive + kept:
                    return (whole, True, True) if last else (cheapest, False, False)
                cost, left = drive, True
            elif blocked:
                return whole, True, True
            else:
                cost, left = sum(strength(pos, u) for u in units) * RETREAT_COST, True
        if effect.loss:
            cost += effect.loss * min(step_value(pos, u) for u in units)
        return cost, left, False

    def attack(self, target: str, attackers: Sequence[str], shift: int = 0,
               *, exact: bool = True) -> tuple[float, Fraction, str]:
        """The attack on `target` by `attackers` (F&M 7.2-7.6, shifts included): the expected
        gain to the attacker over the six faces (with an enemy instant win's threat driven back
        or removed, `instant_risk`; the hex that completes our own instant hold, `completes`,
        worth INSTANT more), the chance the defender leaves the hex, and the final column."""
        pos = self.pos
        facts = combat.odds(pos, target, list(attackers))
        crt = pos.rules.crt
        labels = crt.rows[facts["row"]]
        col = shifted(labels, facts["column_index"], shift)
        defenders = facts["defenders"]
        gain, leaves = 0.0, Fraction(0)
        taken = (TAKEN + self.vp_gain(target)
                 + (INSTANT if self.completes(target, self.side, attackers) else 0.0))
        near, others = self.goal_nearness(target, defenders)
        now = self.instant_risk(min(near, others)) if near < fm_campaign.FAR else 0.0
        for line in crt.results:
            key = crt.key[line[col]]
            stake = relief = 0.0
            if near < fm_campaign.FAR:  # an instant win's threat driven back, or gone (Suez 12.1, Gaza 12.2)
                stake = now - self.instant_risk(min(near + key.defender.retreat, others))
            won, left, gone = self.effect_cost(key.defender, defenders, exact=exact, hold=stake)
            lost, _, _ = self.effect_cost(key.attacker, attackers, exact=exact)
            if left and near < fm_campaign.FAR:
                relief = now - self.instant_risk(others) if gone else stake
            gain += won - lost + (taken if left else 0.0) + relief
            leaves += Fraction(1, len(crt.results)) if left else 0
        return gain / len(crt.results), leaves, crt.columns[col]

    def completes(self, label: str, side: str, attackers: Sequence[str] = ()) -> bool:
        """Whether `side` taking `label` wins the game at once (`Hooks.instant_holds`, Gaza 12.1):
        its units already stand in every other hex of a hold that includes `label`, units other
        than `attackers`, which may retreat, fall or advance out of theirs (F&M 7.6-7.9)."""
        pos, moving = self.pos, set(attackers)
        return any(h.side == side and label in h.hexes
                   and all(pos.occupant(x) == side and not moving.issuperset(pos.units_in(x))
                           for x in h.hexes if x != label)
                   for h in pos.hooks.instant_holds(pos))

    def vp_gain(self, label: str) -> float:
        """What taking `label` is worth to the attacker in victory points, and in the level table
        (Suez/Gaza 12.3) if the scoring side's total crosses a level by it."""
        return self.take_worth(label, vp_at(self.pos, label))

    def take_worth(self, label: str, vp: int) -> float:
        """`vp_gain` of the victory hex `label`, worth `vp`: nothing if this side holds it."""
        pos = self.pos
        holder = held_by(pos, label)
        if not vp or holder == self.side:
            return 0.0
        scorer = pos.rules.victory.side
        if self._total is None:
            self._total = victory_points(pos).get(scorer, 0)
        total = self._total
        after = total + vp if scorer == self.side else total - vp if holder == scorer else total
        return W_VP * vp + level_worth(pos, self.side, after) - level_worth(pos, self.side, total)

    # --- the enemy's next attacks, and our own placed ones ---

    def exposure(self, label: str, units: Sequence[str]) -> float:
        """Expected strength lost by the stack in `label` if the enemy attacks it with its share of
        the units that can reach it (`pressure`), on its terrain row (F&M 7.4), less half what it
        would cost them."""
        attack = round(self.pressure().get(label, 0.0))
        if not attack:
            return 0.0
        if self._exposures is None:  # one table per enemy placement: its long key hashed once per look
            table = self.view.memo.setdefault(("exposure", self.enemy_key), {})
            assert isinstance(table, dict)
            self._exposures = table
        at_stake = self.hex_at_stake(label)
        key = (label, attack, at_stake, tuple((u, self.pos.state.units[u].steps) for u in units))
        found = self._exposures.get(key)
        if found is None:
            found = self._exposures[key] = self._exposure(label, units, attack, at_stake)
        return float(found)

    def hex_at_stake(self, label: str) -> float:
        """What losing the victory hex `label`, which our stack holds, would cost (`hex_loss`),
        times the level's weight of it (nothing below hard); 0 for any other hex."""
        vp, weight = vp_at(self.pos, label), self.level["held"]
        if not vp or not weight:
            return 0.0
        return self.hex_loss(label, vp) * weight

    def hex_loss(self, label: str, vp: int) -> float:
        """What the enemy taking our victory hex `label`, worth `vp`, costs: `losing_worth`, and the
        game at INSTANT if it completes the enemy's instant hold (Gaza 12.1)."""
        return self.losing_worth(vp) + (INSTANT if self.completes(label, self.enemy) else 0.0)

    def losing_worth(self, vp: int) -> float:
        """What this side loses when the enemy gains a victory hex worth `vp` from it (Suez 12.4
        control by entry, Gaza 12.4 occupation): its points and the step of the level table
        (Suez/Gaza 12.3) they take the scoring side's total across."""
        pos, side, v = self.pos, self.side, self.pos.rules.victory
        if self._total is None:
            self._total = victory_points(pos).get(v.side, 0)
        total = self._total
        after = total - vp if v.side == side else total + vp if v.side == self.enemy else total
        return W_VP * vp + level_worth(pos, side, total) - level_worth(pos, side, after)

    @property
    def enemy_key(self) -> tuple[tuple[str, str, int, tuple[str, ...]], ...]:
        """Where the enemy's units stand, how strong, and their flags (a unit's Suez 11.3
        activation lets it move): what their threats and our exposure depend on besides our
        stacks. An order of ours may change a flag without moving them (a Central Powers move
        activating British units), so the flags belong in the key."""
        if self._enemy_key is None:
            specs, on_map, enemy = self.pos.scenario.unit, self.pos.scenario.grid.on_map, self.enemy
            self._enemy_key = tuple(sorted((uid, u.location, u.steps, tuple(sorted(u.flags)))
                                           for uid, u in self.pos.state.units.items()
                                           if specs[uid].side == enemy and on_map(u.location)))
        return self._enemy_key

    def _exposure(self, label: str, units: Sequence[str], attack: int, at_stake: float) -> float:
        pos = self.pos
        defence = sum(pos.factor(u, "defence") for u in units)
        eff = pos.terrain(label)
        labels = pos.rules.crt.rows[eff.row_by_side.get(self.side, eff.row)]
        col = column_index(labels, attack - defence)
        crt = pos.rules.crt
        total = 0.0
        for line in crt.results:
            key = crt.key[line[col]]
            lost, left, _ = self.effect_cost(key.defender, units, exact=False, hold=at_stake)
            total += lost + (at_stake if left else 0.0)
            total -= 0.5 * sum(step_value(pos, u) for u in units[:1]) * key.attacker.loss
        return max(0.0, total / len(crt.results))

    def pressure(self) -> dict[str, float]:
        """The attack strength the enemy can bring on each of our stacks next turn: each enemy unit's
        attack factor shared equally among our stacks it can reach (`threat_map`), since a unit
        attacks once (F&M 7.1). A lone stack out in front takes the whole of what can reach it; a
        stack in a line shares it with its neighbours."""
        if self._pressure is None:
            pos, side = self.pos, self.side
            ours = pos.held_by(side)
            found: dict[str, float] = {}
            for uid, hexes in self.threats().items():
                targets = ours & hexes
                share = pos.factor(uid, "attack") / len(targets) if targets else 0.0
                for h in targets:
                    found[h] = found.get(h, 0.0) + share
            self._pressure = found
        return self._pressure

    def threats(self) -> dict[str, frozenset[str]]:
        """Each enemy unit and the hexes it can attack in its next turn: at easy only those beside
        it; else those its next movement (F&M 5.0, `threat_map`) can end beside."""
        key = (*scenario_key(self.pos), self.level["reach"], self.pos.state.turn, self.enemy_key)
        found = _THREATS.get(key)
        if found is None:
            if len(_THREATS) >= THREAT_MAPS:
                del _THREATS[next(iter(_THREATS))]
            found = _THREATS[key] = threat_map(self.pos, self.enemy, moving=self.level["reach"] == "movement")
        return found

    def opportunity(self) -> float:
        """The best expected gain of each attack our stacks stand ready for, enemy hex by hex."""
        pos, total = self.pos, 0.0
        by_hex, adjacent, specs = pos.occupied_hexes(), pos.scenario.grid.adjacent, pos.scenario.unit
        for target, them in by_hex.items():
            if specs[them[0]].side != self.enemy:
                continue
            ours = [u for n in adjacent(target) for u in by_hex.get(n, ())
                    if specs[u].side == self.side and not combat.combat_blocked(pos, n, target)]
            if ours:
                key = ("opportunity", target, held_by(pos, target), self.goal_nearness(target, them),
                       tuple(sorted((u, pos.state.units[u].steps) for u in [*ours, *them])))
                found = self.view.memo.get(key)
                if found is None:
                    gain = self.attack(target, ours, exact=False)[0]
                    found = self.view.memo[key] = max(0.0, gain + GATHERING)
                total += float(found)  # type: ignore[arg-type]
        return total

    # --- the whole position ---

    def value(self) -> float:
        pos, state, side = self.pos, self.pos.state, self.side
        if state.result is not None:
            return 0.0 if not state.result.winner else WIN if state.result.winner == side else -WIN
        total = 0.0
        held, level = self._score()
        total += held
        total += level
        on_map = pos.scenario.grid.on_map
        specs, non_combat, worth = pos.scenario.unit, pos.rules.non_combat_kinds, worth_table(pos)
        mine: list[str] = []
        for uid, u in state.units.items():  # strength() and is_combat() inlined: every look at a position
            spec = specs[uid]
            if u.location == "eliminated" or spec.kind in non_combat:
                continue
            if u.location not in NOT_FIGHTING:
                now = worth.get((uid, u.steps)) or unit_worth(pos, uid)
                total += now[0] if spec.side == side else -now[0]
            if spec.side == side and on_map(u.location):
                mine.append(u.location)
        total -= self._distances(mine)
        total -= self._open_objectives()
        total -= self.instant_threats()
        for label, units in pos.occupied_hexes().items():
            if pos.side_of(units[0]) == side:
                total -= self.caution * self.exposure(label, units)
        if self._before_attacks():
            total += W_OPPORTUNITY * self.opportunity()
        return total

    def _score(self) -> tuple[float, float]:
        """The victory points the scoring side holds (Suez/Gaza 12.4), for us or against us, and
        the worth of the level they reach (12.3)."""
        pos, side = self.pos, self.side
        points = victory_points(pos)  # the rule system's own count, on this Position rather than a new one
        scorer = pos.rules.victory.side
        if not scorer:
            return 0.0, 0.0
        total = points.get(scorer, 0)
        return W_VP * total * (1 if scorer == side else -1), level_worth(pos, side, total)

    def _before_attacks(self) -> bool:
        """Whether our attacks of this turn are still to be declared: in our movement phase, or our
        combat phase's declarations (F&M 7.1), when the attacks our stacks stand ready for count."""
        state = self.pos.state
        return state.active == self.side and (state.phase == sequence.MOVEMENT or (
            state.phase == sequence.COMBAT and state.values.get(combat.STEP) == sequence.DECLARE))

    def parts(self) -> dict[str, float]:
        """The parts of `value` a hint names a move by, each as it adds to the position's worth
        (the balance of strength, which a move does not change, is left out): the victory points
        and their level, the victory hexes' pull, the open ones the enemy could walk into, the
        enemy's instant wins, our stacks' exposure, the attacks they stand ready for."""
        pos, side = self.pos, self.side
        held, level = self._score()
        mine = [pos.location(u) for u in pos.on_map_units(side)]
        ours = [(label, units) for label, units in pos.occupied_hexes().items()
                if pos.side_of(units[0]) == side]
        return {"points": held + level, "pull": -self._distances(mine), "open": -self._open_objectives(),
                "instant": -self.instant_threats(),
                "exposure": -sum(self.caution * self.exposure(label, units) for label, units in ours),
                "ready": W_OPPORTUNITY * self.opportunity() if self._before_attacks() else 0.0}

    def _open_objectives(self) -> float:
        """Victory hexes the enemy could take by walking in (Suez 12.4 control by entry, Gaza 12.4
        occupation) with none of our units on them, by how near its nearest unit stands; each
        worth its points and the step of the level table (Suez/Gaza 12.3) its loss would cost, so
        a hex that keeps a winning level is guarded as the level is worth, not as its points, and
        one whose loss completes the enemy's instant hold (Gaza 12.1) as the game (only the last
        hex of the hold: with more of it open, each counts its points)."""
        pos, side, cost = self.pos, self.side, 0.0
        v = pos.rules.victory
        theirs = pos.held_by(self.enemy)
        if not theirs:
            return 0.0
        for label, vp in places(pos):
            if pos.occupant(label) == side:
                continue
            if v.by == "occupation":
                at_stake = v.side == self.enemy
            else:
                at_stake = pos.state.control.get(label) == side
            if not at_stake:
                continue
            field = field_of(pos, label)
            near = min(map(field.__getitem__, theirs))
            chance = self.risk_at(near)
            if chance:
                cost += self.hex_loss(label, vp) * chance
        return cost

    def instant_threats(self) -> float:
        """Enemy units that would win at once by standing on a hex (Suez 12.1 an engineer beside
        the canal, Gaza 12.2 an Ottoman unit on the railway): `instant_risk` of the nearest."""
        pos, cost = self.pos, 0.0
        for goal in self.enemy_goals():
            near = min((self.goal_distance(goal, pos.location(u)) for u in goal.units),
                       default=fm_campaign.FAR)
            cost += self.instant_risk(near)
        return cost

    def enemy_goals(self) -> Sequence[InstantGoal]:
        """The enemy's instant wins by reaching a hex (`Hooks.instant_goals`), each with only its
        units within the level's `risk` table of a goal hex (our units on goal hexes only make
        the road longer), asked once per enemy placement in a decision."""
        if self._goals is None:
            key = ("goals", self.enemy_key)
            found = cast("list[InstantGoal] | None", self.view.memo.get(key))
            if found is None:
                found = []
                pos, far = self.pos, self._far
                for g in pos.hooks.instant_goals(pos):
                    if g.side != self.enemy:
                        continue
                    near = frozenset(u for u in g.units if self._ranked(g, pos.location(u))[0][0] <= far)
                    if near:
                        found.append(evolve(g, units=near))
                self.view.memo[key] = found
            assert isinstance(found, list)
            self._goals = found
        return self._goals

    def goal_nearness(self, label: str, units: Sequence[str]) -> tuple[int, int]:
        """How near the enemy's `units` in `label` stand to an instant win's hex (`goal_distance`),
        and how near the nearest other unit that could win it: FAR for none within reach."""
        goals = [g for g in self.enemy_goals() if g.units.intersection(units)]
        if not goals:
            return fm_campaign.FAR, fm_campaign.FAR
        near = min(self.goal_distance(g, label) for g in goals)
        if near == fm_campaign.FAR:
            return fm_campaign.FAR, fm_campaign.FAR
        pos = self.pos
        others = min((self.goal_distance(g, pos.location(u))
                      for g in goals for u in g.units if u not in units), default=fm_campaign.FAR)
        return near, others

    def goal_distance(self, goal: InstantGoal, where: str) -> int:
        """Hexes from `where` to the nearest of the goal's hexes none of our units holds; FAR if
        none is within the level's `risk` table."""
        for d, h in self._ranked(goal, where):
            if d > self._far:
                break
            if self.pos.occupant(h) != self.side:
                return d
        return fm_campaign.FAR

    @property
    def _far(self) -> int:
        """The most hexes off at which the level's `risk` table sees a threat."""
        return int(self.level["risk"][-1][0])

    def _ranked(self, goal: InstantGoal, where: str) -> list[tuple[int, str]]:
        """The goal's hexes by distance from `where`, nearest first, kept per place for the decision."""
        ranked = self.view.memo.setdefault(("instant", goal.hexes), {})
        assert isinstance(ranked, dict)
        if where not in ranked:
            ranked[where] = sorted((field_of(self.pos, h)[where], h) for h in goal.hexes)
        return ranked[where]

    def instant_risk(self, near: int) -> float:
        """The game lost at once, at INSTANT, times the chance that an enemy unit `near` hexes from
        its goal reaches it and stays: certain on the hex, else `risk_at`."""
        return INSTANT * (1.0 if near == 0 else self.risk_at(near))

    def risk_at(self, near: int) -> float:
        """The level's chance that an enemy unit `near` hexes from an unguarded hex walks into it."""
        return next((r for d, r in self.level["risk"] if near <= d), 0.0)

    def _distances(self, mine: list[str]) -> float:
        """The pull of the victory hexes: those to take, for the side that scores them (or that
        the enemy holds); those to hold, for the other side, each by its points and the level it
        may cross (`take_worth`). An empty one pulls its nearest unit
        (walking in takes it), one the enemy stands on the GROUP nearest: one unit dashing up to
        it alone takes nothing and is the enemy's next easy attack. For the side that must take
        them, a hex outside its campaign's objectives pulls at OFF_PLAN: the army goes where the
        winning level is reached in the turns left, not towards every point on the map."""
        if not mine:
            return 0.0
        pos, side = self.pos, self.side
        ours = set(mine)
        scorer = pos.rules.victory.side
        focus = self.campaign.objectives if self.campaign is not None and self.campaign.objectives else None
        cost = 0.0
        goals = []
        for label, vp in places(pos):
            holder = held_by(pos, label)
            if scorer == side and holder == side:
                continue
            if scorer != side and holder == side and pos.rules.victory.by != "occupation":
                continue
            field = field_of(pos, label)
            on_plan = focus is None or label in focus
            if on_plan:
                goals.append(label)
            weight = W_PULL * max(float(vp), self.take_worth(label, vp) / W_VP)  # a level's step too
            weight *= 1.0 if on_plan else OFF_PLAN
            if pos.occupant(label) == self.enemy:  # held: a force must come, not the first scout
                group = heapq.nsmallest(fm_campaign.GROUP, map(field.__getitem__, mine))
                cost += weight * (sum(group) + fm_campaign.FAR * (fm_campaign.GROUP - len(group))) \
                    / fm_campaign.GROUP
            else:
                cost += weight * min(map(field.__getitem__, ours))
        if goals:
            nearest = self.view.memo.setdefault(("goals", *goals), {})
            assert isinstance(nearest, dict)
            for h in ours:
                if h not in nearest:
                    nearest[h] = min(field_of(pos, g)[h] for g in goals)
            cost += (W_ADVANCE if self.taker else W_SPREAD) * sum(nearest[h] for h in mine)
        return cost


class FmPlanner:
    """The Planner of Fire & Movement: see the module's docstring."""

    def value(self, view: SideView, state: State) -> float:
        return Assessor(view, state).value()

    # --- candidates for the generic search: moves, answers to decisions, resolving ---

    def candidates(self, view: SideView, level: str) -> Sequence[Order]:
        """Outside movement, every legal order. In movement (F&M 5.0): units nearest the victory
        hexes and the enemy first, each weighed at its few destinations nearest them; the first
        units that gain by moving (more of them at higher levels) offer their best move."""
        state = view.state
        movers = [o for o in view.orders if o.verb in MOVES and len(o.args) >= 2]
        if not movers:
            return view.orders
        ass = Assessor(view, state)
        pos, lv = ass.pos, LEVEL[level]
        goals = [h for h, _ in places(pos)] + [*pos.held_by(ass.enemy)]
        nearest: dict[str, int] = {}

        def near(label: str) -> int:
            if label not in nearest:
                nearest[label] = min((hex_distance(pos, label, g) for g in goals), default=0)
            return nearest[label]

        by_unit: dict[str, list[Order]] = {}
        for o in movers:
            by_unit.setdefault(o.args[0], []).append(o)
        on_map = pos.scenario.grid.on_map
        ranked = sorted(by_unit, key=lambda u: (near(pos.location(u)) if on_map(pos.location(u)) else 99, u))
        now = ass.value()
        found: list[tuple[float, int, Order]] = []
        unrated: list[Order] = []  # orders the shortcut cannot fold: left to the search to resolve
        for rank, uid in enumerate(ranked):
            rated = []
            nearest_first = sorted(by_unit[uid], key=lambda o: (near(o.args[-1]), len(o.args)))
            for o in nearest_first[: lv["destinations"]]:
                dest = o.args[-1]
                if overstack(pos, dest, [*pos.units_in(dest), uid]) is not None:
                    continue
                after = self.shortcut(view, state, o)
                if after is None:
                    unrated += [o] if len(unrated) < lv["movers"] else []
                    continue
                rated.append((Assessor(view, after).value() - now, o))
            view.work += len(rated)
            if rated:
                gain, order = max(rated, key=lambda r: r[0])
                if gain > MOVE_GAIN:
                    found.append((gain, rank, order))
            if len(found) >= lv["movers"]:
                break
        found.sort(key=lambda r: (-r[0], r[1]))
        others = [o for o in view.orders if o.verb not in MOVES]  # `end` first: it wins a tie
        return others + [o for _, _, o in found] + unrated

    def shortcut(self, view: SideView, state: State, order: Order) -> State | None:
        """A move's own events (F&M 5.0: the unit moved, Suez 12.4 control taken on its path)
        folded without resolving it; what a scenario's hook adds after a move (Suez 11.3 an
        activation die) is left to the real order. None for any other order."""
        if order.verb not in ("move", "enter") or len(order.args) < 2 or state.pending is not None:
            return None
        pos = Position(view.scenario, state)
        uid, path = order.args[0], list(order.args[1:])
        events = [Event.of("unit_moved", unit=uid, path=path, cost="0"),
                  Event.of("unit_flagged", unit=uid, flag="moved", scope="phase"),
                  *control_events(pos, pos.side_of(uid), path)]
        return fold(state, events)

    # --- decisions the planner takes itself: declaring attacks, fire support, the commander ---

    def decide(self, view: SideView) -> Choice | None:
        state = view.state
        pending = state.pending
        if pending is not None and pending.kind == fire_support.DEFENSIVE_FIRE:
            return defensive_fire(view, Assessor(view, state))
        if pending is None and state.phase == sequence.MOVEMENT and state.active == view.side:
            return self._assault(view)
        declaring = state.phase == sequence.COMBAT and state.values.get(combat.STEP) == sequence.DECLARE
        if pending is not None or not declaring:
            return None
        ass = Assessor(view, state)
        return self._own_order(view, ass) or self._declare(view, ass) or self._commander(view, ass) \
            or fire(view, ass) or (self._declared(ass) if Order("end") in view.orders else None)

    @staticmethod
    def _declared(ass: Assessor) -> Choice:
        """`end` of the declarations (F&M 7.1), said as it is: the attacks declared go on to their
        resolution, or none was worth declaring."""
        if combat.declared(ass.pos):
            return Choice("end", "no other attack promises enough; attacks declared, on to their resolution")
        return Choice("end", "no attack promises enough at the odds on offer: none declared this phase")

    def _assault(self, view: SideView) -> Choice | None:
        """F&M 5.0 for 7.0: the next move of this movement's best planned assault (`fm_assault`),
        for the side that must take the victory hexes; None leaves the move to the search."""
        least = LEVEL[view.level]["assault"]
        ass = Assessor(view, view.state)
        if least is None or not ass.taker:
            return None
        for a in assaults(view, ass, least, lambda state: Assessor(view, state)):
            if a.moves:
                uid, order = a.moves[0]
                others = len(a.attackers) - 1
                with_others = f" with {others} other unit" + ("s" if others > 1 else "") if others else ""
                return Choice(order.text, f"move {uid} to {order.args[-1]} for the attack on {a.target}"
                                          f"{with_others} at column {a.column}: "
                                          f"expected gain {worth_words(a.gain)}")
        return None

    def _own_order(self, view: SideView, ass: Assessor) -> Choice | None:
        """A scenario's own order at the start of the declarations (Gaza 13.1: a cavalry division's
        charge, once a game, one column better for its attacks this phase), given when the turn's
        attack plan (`attack_plan`) gains at least OWN_ORDER_GAIN by it; in our last combat phase
        of the game, more than MOVE_GAIN by it alone or with others given after it (an attack by
        both Gaza divisions shifts only when both charge), since an order kept then is wasted;
        pairs spent earlier played worse (docs/architecture.md). Only orders that roll no die and
        move no unit on the map are weighed: the plan is made of the attacks legal now. Hard only:
        below it such an order is forgotten, as a hurried player forgets it."""
        pos = ass.pos
        if not ass.level["own_orders"] or combat.declared(pos):
            return None
        own = pos.hooks.extra_orders(pos)
        if not own:
            return None
        now = sum(a.marginal for a in attack_plan(view, ass))
        last = pos.state.turn == len(pos.scenario.turns) - 1
        best: tuple[float, tuple[Order, ...]] | None = None  # the fewest, first listed, of equals
        for size in range(1, (min(len(own), OWN_ORDERS_TOGETHER) if last else 1) + 1):
            for orders in combinations(own, size):
                after = _given(view, orders)
                if after is None:
                    continue
                gain = sum(a.marginal for a in attack_plan(view, ass.at(after))) - now
                enough = gain > MOVE_GAIN if last else gain >= OWN_ORDER_GAIN * size
                if enough and (best is None or gain > best[0]):
                    best = (gain, orders)
        if best is None:
            return None
        gain, (order, *then) = best
        note = pos.hooks.order_note(pos, order) or order.text
        with_ = f", with {' and '.join(o.text for o in then)} after it" if then else ""
        return Choice(order.text,
                      f"{note}; this phase's planned attacks gain {worth_words(gain)} by it{with_}")

    def _declare(self, view: SideView, ass: Assessor) -> Choice | None:
        """The next attack to declare or strengthen (F&M 7.1) of the whole turn's plan
        (`attack_plan`): the one that gains most first."""
        plan = attack_plan(view, ass)
        if not plan:
            return None
        attack = max(plan, key=lambda a: (a.marginal, a.target))
        words = (f"{100 * float(attack.leaves):.0f}% to drive the defenders out" if attack.leaves
                 else "to wear the defenders down")
        more = len(plan) - 1
        others = f"; {more} more attack{'s' if more > 1 else ''} planned this turn" if more else ""
        return Choice(f"attack {attack.target} {attack.sources[0]}",
                      f"attack {attack.target} from {', '.join(attack.sources)} at column {attack.column}: "
                      f"{words}, expected gain {worth_words(attack.gain)}{others}")

    def _commander(self, view: SideView, ass: Assessor) -> Choice | None:
        """Suez 13.1 / Gaza 13.4: the commander where his column shift gains most."""
        cmd = ass.pos.rules.commander
        if cmd is None:
            return None
        declared = combat.declared(ass.pos)
        rated = []
        for o in view.orders:
            if o.verb == cmd.order and o.args and o.args[0] in declared:
                units = declared[o.args[0]]
                shifted_gain = ass.attack(o.args[0], units, cmd.shift)[0]
                rated.append((shifted_gain - ass.attack(o.args[0], units)[0], o))
        if not rated:
            return None
        gain, order = best_rated(rated)
        if gain <= 0.05:
            return None
        return Choice(order.text, f"{cmd.name} to the attack on {order.args[0]}: one column better, "
                                  f"expected gain {worth_words(gain)} ({cmd.rule})")

    # --- hints ---

    def reason(self, view: SideView, order: Order, gain: float | None) -> str:
        pos = Position(view.scenario, view.state)
        if gain is None:
            return f"{order.text}: {_only_order(pos, view.side, order)}"
        if order.verb in MOVES and len(order.args) >= 2:
            dest = order.args[-1]
            zoc = ", into the enemy's zone of control" if in_enemy_zoc(pos, view.side, dest) else ""
            after = self.shortcut(view, view.state, order)
            why = "" if after is None else why_moved(Assessor(view, view.state), Assessor(view, after), dest,
                                                     MOVE_GAIN)
            return (f"{order.verb} {order.args[0]} to {dest}{zoc}: {why}{'; ' if why else ''}"
                    f"the position gains {worth_words(gain)}")
        if order.verb == "resolve":
            return (f"resolve the attack on {order.args[0]} now: on average the position changes by "
                    f"{worth_words(gain)}")
        if order.verb == "end":
            return "nothing left that improves the position: end the phase"
        return f"{order.text}: the best answer; on average the position changes by {worth_words(gain)}"


def _given(view: SideView, orders: Sequence[Order]) -> State | None:
    """The State after `orders`, given one after another from the view's, if each is legal there,
    rolls no die and moves no unit on the map (a marker played, as Gaza 13.1's, is no move:
    `FmPlanner._own_order`); else None."""
    state, on_map = view.state, view.scenario.grid.on_map
    for order in orders:
        try:
            after = view.outcomes(state, order)
        except IllegalOrder:
            return None
        if len(after) != 1 or any(after[0].state.units[u].location != s.location
                                  for u, s in state.units.items() if on_map(s.location)):
            return None
        state = after[0].state
    return state


def _only_order(pos: Position, side: str, order: Order) -> str:
    """Why `order` is the only one: at the end of a movement phase, what keeps the units that have
    not moved still (a scenario's rule such as Suez 11.3 or 15.2), so a hint never just says "end"."""
    if order.verb != "end" or pos.state.phase != sequence.MOVEMENT:
        return "the only order the rules allow now"
    still = [u for u in sorted(pos.on_map_units(side))
             if pos.is_combat(u) and not pos.state.units[u].has("moved")]
    if not still:
        return "every unit on the map has moved (F&M 5.0: once a phase)"
    refusals = [why_not_move(pos, u) for u in still]
    if any(r is None for r in refusals):
        return "no unit that may still move has a hex to go to"
    first: dict[str, Refusal] = {}
    for r in filter(None, refusals):
        first.setdefault(r.rule, r)
    return "no unit may move now: " + "; ".join(map(str, first.values()))


PLANNER = FmPlanner()
