"""Foxhole R18: the Barrage Phase.

The players take turns (R18.C): the acting player barrages one hex or passes, then the reacting
player does the same, and so on until both pass one after the other or neither has anything that
may fire. The acting player's opportunities are his own orders (`barrage`, `pass`); the reacting
player's are a pending decision of his (`barrage:reply`), answered the same way. A player barrages
each hex at most once a phase. Orders:

    barrage HEX FIRER... [smoke BATTERY...]   (a FIRER is a unit or a Support/Sortie id)
    pass
    aa UNIT up|mixed|down                      (R7.B.1, with the optional Air Sortie rules)

The Firepower is laid on the units by both players (`apply UNIT=AMOUNT ...`, decisions
`barrage:apply`, see `allocation`), then the hits fall (R18.E); Siege Artillery, siege Support and
every second Gun Sortie then reduce the hex's Defensive Works (`reduce WORK`, `barrage:works`).
The State values `barrage.*` keep the phase's progress: `hexes` (side -> hexes barraged),
`passed` (the side whose last opportunity was a pass), `over`, `fire` (the barrage being laid),
`works` (hexes whose works were reduced this phase), `guns` (hex -> Gun Sorties fired into it).
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.foxhole import arrivals, benefits, bridge_fire, charts, firing, resolve, sorties
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.sequence import Handler
from tui_wargame.text import side_name

RULE = "R18"
REPLY = "barrage:reply"
HEXES, PASSED, OVER = resolve.HEXES, "barrage.passed", "barrage.over"


def side_to_fire(pos: Position) -> str:
    """Whose opportunity it is: the reacting player while his reply is owed, else the acting one."""
    pending = pos.state.pending
    return pending.side if pending is not None and pending.kind == REPLY else pos.acting


def targets(pos: Position, side: str) -> list[str]:
    """The hexes `side` may still barrage that hold enemy units (R18.B, R18.C, R25.A.2)."""
    enemy = pos.enemy(side)
    done = resolve.barraged(pos, side)
    unspotted = pos.option(firing.UNSPOTTED)
    return [h for h, units in pos.occupied().items()
            if h not in done and any(pos.side_of(u) == enemy for u in units)
            and (unspotted or firing.spotted(pos, side, h))]


def bridge_targets(pos: Position, side: str) -> list[str]:
    """R18.F (optional): the empty hexes `side` may still barrage to wreck a bridge
    (`bridge_fire.targets`), spotted as any target is (R18.B, R25.A.2)."""
    done = resolve.barraged(pos, side)
    unspotted = pos.option(firing.UNSPOTTED)
    return [h for h in bridge_fire.targets(pos, side)
            if h not in done and not pos.units_in(h) and (unspotted or firing.spotted(pos, side, h))]


def barrage_orders(pos: Position, side: str) -> list[Order]:
    """For each hex: every unit that can reach it at once, every Support and Sortie at once, and a
    Smoke Barrage by its first full-strength smoke Battery; small, and every order resolves. The
    hexes are those holding enemy units and, with R18.F, those holding a bridge to wreck."""
    found = []
    shooters = [u for u in pos.units_of(side) if firing.may_fire(pos, u, side)]
    enemy_held = set(targets(pos, side))
    for h in sorted({*enemy_held, *bridge_targets(pos, side)}):
        extra = [str(s["id"]) for s in sorties.available(pos, side) if sorties.reaches(pos, side, s, h)]
        units = [u for u in shooters if firing.reach(pos, u, h) is not None
                 and (pos.option(firing.UNSPOTTED) or firing.spotted(pos, side, h, u))]
        if units:
            found.append(Order("barrage", (h, *units)))
        if extra and (pos.option(firing.UNSPOTTED) or firing.spotted(pos, side, h)):
            found.append(Order("barrage", (h, *extra)))
        smoke = [u for u in units if firing.SMOKE in pos.spec(u).traits and not pos.reduced(u)]
        if smoke and h in enemy_held:  # an empty hex's Smoke is a screen's (below)
            found.append(Order("barrage", (h, "smoke", smoke[0])))
    smokers = [u for u in shooters if firing.SMOKE in pos.spec(u).traits and not pos.reduced(u)]
    for h in screens(pos, side) if smokers else []:
        smoke = [u for u in smokers if firing.reach(pos, u, h) is not None
                 and (pos.option(firing.UNSPOTTED) or firing.spotted(pos, side, h, u))]
        if smoke:
            found.append(Order("barrage", (h, "smoke", smoke[0])))
    return found


def screens(pos: Position, side: str) -> list[str]:
    """R18.D.2: the empty hexes `side` may still Smoke to screen a move: spotted (R18.B, or
    R25.A.2 in play) and next to an enemy unit or to its own (a short list, not every hex in range)."""
    held = pos.occupied()
    near = {n for h in held for n in pos.neighbours(h)}
    done = resolve.barraged(pos, side)
    unspotted = pos.option(firing.UNSPOTTED)
    return sorted(h for h in near if h not in held and h not in done
                  and (unspotted or firing.spotted(pos, side, h)))


def can_fire(pos: Position, side: str) -> bool:
    return bool(barrage_orders(pos, side))


def aa_orders(pos: Position, side: str) -> list[Order]:
    if not pos.option(sorties.AA_OPTION):
        return []
    return [Order("aa", (u, m)) for u in pos.units_of(side) if sorties.is_aa(pos, u)
            for m in sorties.aa_modes(pos, u) if m != sorties.aa_mode(pos, u)]


def _opportunity(pos: Position) -> list[Order]:
    side = side_to_fire(pos)
    return [*barrage_orders(pos, side), *aa_orders(pos, side), Order("pass")]


def orders(pos: Position) -> list[Order]:
    if pos.state.values.get(OVER) or pos.state.values.get(resolve.FIRE):
        return []
    return _opportunity(pos)


def hand_on(pos: Position, side: str, passed: bool) -> list[Event]:
    """R18.C: after `side`'s opportunity (a barrage, or a pass), the other player's comes, unless
    both have now passed one after the other; a player with nothing that may fire passes."""
    other = pos.enemy(side)
    over = [Event.of("value_set", key=OVER, value=True), Event.of("value_set", key=PASSED, value="")]
    if passed and pos.state.values.get(PASSED) == other:
        return over
    for turn, before in ((other, side if passed else ""), (side, other)):
        if can_fire(pos, turn):
            events = [Event.of("value_set", key=PASSED, value=before)]
            if turn != pos.acting:
                events.append(Event.of("decision_required", side=turn, decision=REPLY,
                                       prompt="barrage a hex or pass (R18.C)", data={}))
            return events
        if passed:
            return over
        passed = True  # the other player, with nothing to fire, passes
    return over


def _pass(pos: Position, order: Order, dice: Dice) -> list[Event]:
    if order.args:
        raise IllegalOrder("`pass` takes no arguments", "R18.C")
    side = side_to_fire(pos)
    if side == pos.acting and (pos.state.values.get(OVER) or pos.state.values.get(resolve.FIRE)):
        raise IllegalOrder("the barrages are over or being laid: nothing to pass", "R18.C")
    events = [Event.of("decision_made", side=side, decision=REPLY)] if side != pos.acting else []
    events.append(Event.of("barrage_pass", side=side))
    return events + hand_on(pos.at(fold(pos.state, events)), side, passed=True)


def _aa(pos: Position, order: Order, dice: Dice) -> list[Event]:
    side = side_to_fire(pos)
    pending = pos.state.pending
    if (pending is not None and pending.kind != REPLY) or pos.state.values.get(resolve.FIRE):
        raise IllegalOrder("a barrage is being laid: AA modes change between barrages", "R7.B.1")
    if not pos.option(sorties.AA_OPTION):
        raise IllegalOrder("AA modes matter only with the optional Air Sortie rules in play", "R7.B.1")
    if len(order.args) != 2:
        raise IllegalOrder("aa UNIT up|mixed|down", "R7.B.1")
    uid, mode = order.args
    if uid not in pos.scenario.unit or pos.side_of(uid) != side or not sorties.is_aa(pos, uid):
        raise IllegalOrder(f"{uid} is not an Antiaircraft Battery of yours", "R7.B.1")
    if mode not in sorties.aa_modes(pos, uid):
        raise IllegalOrder(f"{uid} may be {' or '.join(sorties.aa_modes(pos, uid)) or 'Down only'} "
                           f"(a Reduced Battery has fewer modes)", "R7.B.1")
    modes = pos.table(sorties.AA)
    return [Event.of("value_set", key=sorties.AA, value={**dict(modes), uid: mode})]


def _barrage(pos: Position, order: Order, dice: Dice) -> list[Event]:
    side = side_to_fire(pos)
    if side == pos.acting and (pos.state.values.get(OVER) or pos.state.values.get(resolve.FIRE)):
        raise IllegalOrder("the barrages of this phase are over, or one is being laid", "R18.C")
    plan = resolve.read(pos, side, order)
    if isinstance(plan, Refusal):
        raise IllegalOrder(plan)
    events = [Event.of("decision_made", side=side, decision=REPLY)] if side != pos.acting else []
    done = {k: list(v) for k, v in dict(pos.table(HEXES)).items()}
    done[side] = [*done.get(side, []), plan.hex]
    events.append(Event.of("value_set", key=HEXES, value=done))
    return events + resolve.fire(pos.at(fold(pos.state, events)), plan, dice)


def after_barrage(pos: Position, side: str) -> list[Event]:
    """Called by `resolve` once a barrage is over (laid and hit, missed, or Smoke alone)."""
    return hand_on(pos, side, passed=False)


ORDERS: Mapping[str, Handler] = {
    "barrage": _barrage, "pass": _pass, "aa": _aa, "apply": resolve.apply_order,
    "reduce": resolve.reduce_order,
}

ANSWERS = {REPLY: _opportunity, **resolve.ANSWERS}


def begin(pos: Position, dice: Dice) -> list[Event]:
    return [Event.of("value_set", key=HEXES, value={}), Event.of("value_set", key=PASSED, value=""),
            Event.of("value_set", key=OVER, value=False), Event.of("value_set", key=resolve.FIRE, value={}),
            Event.of("value_set", key=resolve.WORKS, value=[])]


def finish(pos: Position, dice: Dice) -> list[Event]:
    return []


def blocks_end(pos: Position) -> Refusal | None:
    if pos.state.values.get(OVER) or not (can_fire(pos, pos.acting) or can_fire(pos, pos.reacting)):
        return None
    return Refusal("the barrages go on until both players pass in turn: fire or pass", "R18.C")


def idle(pos: Position) -> bool:
    return not (can_fire(pos, pos.acting) or can_fire(pos, pos.reacting))


def prompt(pos: Position) -> str:
    if pos.state.values.get(OVER):
        return "both players have passed: end the Barrage Phase (R18.C)"
    return "barrage a hex or pass (R18.C)"


def explain(pos: Position, order: Order) -> Explanation | Refusal:
    """The barrage before its dice: each firer's Firepower and what changes it, the FVT's range,
    the Defence of the units in the hex against a barrage, the caps and the shares (R18.D)."""
    side = side_to_fire(pos)
    plan = resolve.read(pos, side, order)
    if isinstance(plan, Refusal):
        return plan
    lines = []
    low, high = min(charts.FVT.values()), max(charts.FVT.values())
    for f in plan.firers:
        for kind in ("hard", "soft"):
            calc = resolve.firepower(pos, side, plan.hex, f, kind)
            terms = ", ".join(f"{t.what} ({t.rule})" for t in calc.terms) or "as printed"
            lines.append(Line(f"{arrivals.element_name(pos.scenario, f)} {kind} {calc.base} -> {calc.value} "
                              f"[{terms}]; FVT x{low} to x{high}",
                              "R18.D.1"))
    for u in plan.smoke:
        lines.append(Line(f"{u}: a Smoke Barrage marker instead of its Firepower", "R18.D.2"))
    for uid in pos.units_in(plan.hex):
        calc = benefits.defending(pos, uid, charts.BARRAGE)
        why = "".join(f", {t.what} ({t.rule})" for t in calc.terms)
        whose = side_name(pos.scenario, pos.side_of(uid))
        lines.append(Line(f"{uid} ({whose}) Defence against a barrage {calc.value} (printed "
                          f"{calc.base}{why}); at most {2 * calc.value} laid on it unless forced",
                          "R18.D.1a"))
    share = charts.COMBAT_EFFECTS[charts.BARRAGE]
    lines.append(Line(f"the firer lays {share.to_firer}, the owner {share.to_owner} of each kind; "
                      f"1 hit per Defence: Suppressed, 2: Pinned", "R18.E", strong=True))
    return Explanation(f"barrage {plan.hex} with {len(plan.firers)} firer(s)", tuple(lines))


EXPLAIN = {"barrage": explain}
WORDS = resolve.WORDS
