"""The attacks of a whole combat phase planned together (F&M 7.1: each stack attacks once), so that
a stack two targets could use goes where it adds most and a target that needs two stacks for its
column gets both; the planner (`players.fm`) declares them one at a time, the one that gains most
first, and weighs a scenario's own orders (Gaza 13.1) by what they add to the plan."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from tui_wargame.frozen import frozen
from tui_wargame.rules.fm import combat

if TYPE_CHECKING:
    from tui_wargame.players.fm import Assessor
    from tui_wargame.players.view import SideView

PLAN_OPTIONS = 6  # ways kept per target when planning a turn's attacks together
PLAN_BUDGET = 4000  # looks at partial plans before the best found is taken


@frozen
class PlannedAttack:
    """One attack of a turn's plan: its target, the stacks' hexes added to it, the gain they add
    (`marginal`), the whole attack's expected gain, the chance the defenders leave, the column."""

    target: str
    sources: tuple[str, ...]
    marginal: float
    gain: float
    leaves: Fraction
    column: str
    force: int


def _options(view: SideView, ass: Assessor, target: str, sources: Sequence[str]) -> list[PlannedAttack]:
    """The ways to attack `target` (or add to its declared attack) from `sources`, at most
    LEVEL["sources"] hexes, each worth the threshold; a heavier way is kept only if it gains more
    than a tenth (or 0.2) beyond every lighter one: least force for the column wanted (F&M 7.2),
    the rest left free for other targets. The best PLAN_OPTIONS, best first."""
    pos, lv = ass.pos, ass.level
    base = combat.declared(pos).get(target, [])
    before = ass.attack(target, base)[0] if base else 0.0
    found = []
    for size in range(1, min(len(sources), lv["sources"]) + 1):
        for subset in combinations(sources, size):
            units = [*base, *(u for s in subset for u in pos.units_in(s))]
            gain, leaves, column = ass.attack(target, units)
            force = sum(pos.factor(u, "attack") for u in units)
            if gain - before >= lv["threshold"]:
                found.append(PlannedAttack(target, subset, gain - before, gain, leaves, column, force))
    view.work += len(found)
    found.sort(key=lambda a: (a.force, -a.marginal, a.sources))
    kept: list[PlannedAttack] = []
    for a in found:  # lightest first: a heavier way only if it gains clearly more than each lighter one
        if all(a.marginal > k.marginal + max(0.2, 0.1 * abs(k.marginal)) for k in kept):
            kept.append(a)
    kept.sort(key=lambda a: (-a.marginal, a.force, a.sources))
    return kept[:PLAN_OPTIONS]


def attack_plan(view: SideView, ass: Assessor) -> list[PlannedAttack]:
    """The whole combat phase's attacks planned together (F&M 7.1: each stack attacks once): the
    disjoint choice of attacking hexes per target of greatest total expected gain, so that a stack
    two targets could use goes where it adds most, and a target needing two stacks for its column
    gets both. A depth-first search over the targets, best options first, within PLAN_BUDGET
    looks (counted in `view.work`); past it, the best plan found so far. Kept on `ass`: the
    declarations ask it again after weighing a scenario's own orders against it."""
    if ass.plan is not None:
        return ass.plan
    legal = sorted({(o.args[0], o.args[1]) for o in view.orders if o.verb == "attack"})
    options = [opts for target in sorted({t for t, _ in legal})
               if (opts := _options(view, ass, target, [s for t, s in legal if t == target]))]
    options.sort(key=lambda opts: (-opts[0].marginal, opts[0].target))
    best: tuple[float, int, list[PlannedAttack]] = (float("-inf"), 0, [])
    looks = 0

    def search(i: int, used: frozenset[str], chosen: list[PlannedAttack], total: float, force: int) -> None:
        nonlocal best, looks
        looks += 1
        if (total, -force) > (best[0], -best[1]) and chosen:
            best = (total, force, list(chosen))
        if i == len(options) or looks > PLAN_BUDGET:
            return
        if total + sum(max(0.0, opts[0].marginal) for opts in options[i:]) <= best[0]:
            return  # even every remaining target's best option cannot beat the plan found
        for a in options[i]:
            if used.isdisjoint(a.sources):
                chosen.append(a)
                search(i + 1, used | set(a.sources), chosen, total + a.marginal, force + a.force)
                chosen.pop()
        search(i + 1, used, chosen, total, force)

    search(0, frozenset(), [], 0.0, 0)
    view.work += looks
    ass.plan = best[2]
    return ass.plan
