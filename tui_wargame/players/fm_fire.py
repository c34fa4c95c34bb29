"""Fire support for the computer player of Fire & Movement (Suez/Gaza 18.0): markers and air
units placed where their bombardment (18.4) most helps a declared attack, and defensive fire (the
house rule on 18.1) where it is likeliest to cost the attackers steps. Each placement is weighed
by the chance, read off the CRT's bombardment results on the target's terrain row, that it costs
a unit a step, at that step's value (`fm_worth`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tui_wargame.model import Order, fold
from tui_wargame.players.base import Choice, best_rated
from tui_wargame.players.fm_worth import TAKEN, step_value, worth_words
from tui_wargame.rules.fm import combat, fire_support
from tui_wargame.rules.fm.combat import column_index
from tui_wargame.rules.fm.results import lose_step

if TYPE_CHECKING:
    from tui_wargame.players.fm import Assessor
    from tui_wargame.players.view import SideView
    from tui_wargame.rules.fm.position import Position

MARKER_KEEP = 1.5  # what a marker spent in defence must gain while the attacker's own attacks could use it
FIRE_GAIN = 0.1  # a fire support marker must add this much to its attack's expected gain


def _bombard_strength(view: SideView, ass: Assessor, order: Order) -> float:
    """The strength `order` adds to its hex's bombardment (Suez/Gaza 18.4): an air unit's own; a
    marker's, the mean of the pool's not yet placed (markers are drawn only at the reveal)."""
    pos = ass.pos
    if order.verb == "air":
        return float(pos.factor(order.args[0], "attack"))
    markers = fire_support.pool(pos, ass.side)
    return sum(pos.factor(m, "attack") for m in markers) / len(markers) if markers else 0.0


def _hit_chance(pos: Position, label: str, uid: str, strength: float) -> float:
    """The chance a bombardment at `strength` costs `uid`, in `label`, a step (Suez/Gaza 18.4: the
    CRT's `bombard` results, on the row of the unit's terrain for its side)."""
    if strength <= 0:
        return 0.0
    crt, eff = pos.rules.crt, pos.terrain(label)
    col = column_index(crt.rows[eff.row_by_side.get(pos.side_of(uid), eff.row)], round(strength))
    return sum(1 for line in crt.results if crt.key[line[col]].bombard) / len(crt.results)


def _placed_strength(view: SideView, ass: Assessor, label: str) -> float:
    """The bombardment `ass.side` has already placed on `label` this phase: its markers (each at
    the pool's mean) and its bombarding air units."""
    pos = ass.pos
    markers = fire_support.placed(pos, ass.side).count(label)
    found = markers * _bombard_strength(view, ass, Order("bombard", (label,))) if markers else 0.0
    return found + sum(pos.factor(u, "attack") for u in pos.state.units if pos.location(u) == label
                       and pos.spec(u).kind == fire_support.AIR and pos.side_of(u) == ass.side)


def bombard_gain(view: SideView, ass: Assessor, order: Order, attackers: Sequence[str]) -> float:
    """What `order` adds to the declared attack by `attackers` on its hex: each defender hit by
    the bombardment (18.4) loses a step before the attack, which is worth that step and the
    better attack after it; the gain of this marker over those already placed there."""
    pos, target = ass.pos, order.args[-1]
    before = _placed_strength(view, ass, target)
    after = before + _bombard_strength(view, ass, order)
    now = ass.attack(target, attackers)[0]
    total = 0.0
    for uid in pos.units_in(target):
        if pos.side_of(uid) == ass.side:
            continue
        chance = _hit_chance(pos, target, uid, after) - _hit_chance(pos, target, uid, before)
        if chance <= 0:
            continue
        weaker = ass.at(fold(pos.state, lose_step(pos, uid)))
        shifted_gain = weaker.attack(target, attackers)[0] if weaker.pos.units_in(target) else now + TAKEN
        total += chance * (step_value(pos, uid) + max(0.0, shifted_gain - now))
    view.work += 1
    return total


def defensive_gain(view: SideView, ass: Assessor, order: Order) -> float:
    """What defensive fire `order` (house rule on Suez/Gaza 18.1) is worth: each enemy attacker in
    its hex that the bombardment hits (18.4, on that hex's row) loses a step before it attacks,
    counted at that step's value (the weaker attack that follows is not weighed)."""
    pos, label = ass.pos, order.args[-1]
    before = _placed_strength(view, ass, label)
    after = before + _bombard_strength(view, ass, order)
    return sum((_hit_chance(pos, label, u, after) - _hit_chance(pos, label, u, before)) * step_value(pos, u)
               for u in pos.units_in(label) if pos.side_of(u) != ass.side)


def own_attacks_before_reuse(pos: Position, side: str) -> bool:
    """Whether `side` has a combat phase of its own, with fire support allowed, before today's used
    markers come back (Suez/Gaza 18.3: at the next day's Morning): later in this turn, or in a later
    turn of the same day that is not a night without bombardment (Suez 19.0)."""
    turns, now = pos.scenario.turns, pos.state.turn
    if pos.state.active != side and side != pos.first:
        return True
    fs = pos.rules.fire_support
    at_night = fs is None or fs.at_night
    return any(t.day == turns[now].day and (at_night or not t.night) for t in turns[now + 1:])


def fire(view: SideView, ass: Assessor) -> Choice | None:
    """Suez/Gaza 18.1: fire support only on a declared attack's hex, where its expected
    bombardment (`bombard_gain`) adds most to that attack; never on a stack nobody attacks,
    which spends the marker for the day (18.3) and, in Suez, wakes inactive units (11.3)."""
    if not ass.level["fire"]:
        return None
    declared = combat.declared(ass.pos)
    rated = []
    for o in view.orders:
        if o.verb in ("bombard", "air") and o.args[-1] in declared:
            gain = bombard_gain(view, ass, o, declared[o.args[-1]])
            if gain > FIRE_GAIN:
                rated.append(((gain, o.verb == "bombard"), o))
    if not rated:
        return None
    why, order = best_rated(rated)
    rule = fire_support.rule_of(ass.pos)
    return Choice(order.text, f"fire support on the attack on {order.args[-1]}: a step lost there before "
                              f"it is resolved is worth {worth_words(why[0])} to it ({rule})")


def defensive_fire(view: SideView, ass: Assessor) -> Choice:
    """Suez/Gaza 18.1 (house rule): defensive fire where it is likeliest to cost the attackers
    steps (`defensive_gain`). The side that must take the victory hexes spends a marker only
    where that beats MARKER_KEEP while its own attacks still come before the markers return
    (18.3), since its assaults need them; the defender fires wherever it can hit. Air
    units (18.5) and Gaza's naval unit (18.6) come back every turn and go wherever they gain
    at all, before a marker of equal gain; easy forgets."""
    pos = ass.pos
    rated, kept = [], False
    if ass.level["fire"]:
        keep = MARKER_KEEP if ass.taker and own_attacks_before_reuse(pos, view.side) else FIRE_GAIN
        for o in view.orders:
            if o.verb in ("bombard", "air"):
                gain = defensive_gain(view, ass, o)
                if gain > (keep if o.verb == "bombard" else FIRE_GAIN):
                    rated.append(((gain, o.verb == "air"), o))  # of equals, the unit back next turn
                kept = kept or gain > FIRE_GAIN
    if not rated:
        return Choice("done", "no defensive fire worth placing" + (
            ": the markers are kept for our own attacks today" if kept else ""))
    why, order = best_rated(rated)
    rule = fire_support.rule_of(pos)
    return Choice(order.text, f"defensive fire on the attackers in {order.args[-1]}: a step they lose "
                              f"before attacking is worth {worth_words(why[0])} ({rule})")
