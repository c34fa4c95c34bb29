"""Foxhole R25.B (optional "command-activation"): a unit acts only once a Headquarters activates it.

`activate HQ UNIT...` may be given at any time in the acting player's turn, before the units act;
an activation lasts for that player turn. An order naming a unit of the acting side is refused
until that unit is activated (`may_act`, which `system` asks for every unit an order names).
Reactions of the other side (Covering Fire, defensive Barrages) are not player-turn actions and
need no activation.

- Echelons, from traits: `hq` or `signal` is a Battalion HQ (R25.B.1), with `echelon:regiment`
  a Regimental or Brigade HQ (R25.B.2), with `echelon:division` a Divisional HQ (R25.B.3, always
  itself activated).
- Capacity: 2 non-Vehicle units (3 for a Regiment), a Vehicle counting half (R25.B.1-3); doubled
  when a higher HQ activated it (R25.B.1-2) and again when it does not move this player turn; one
  less next to an enemy, halved when Reduced or Suppressed, a third when Pinned (R25.B). An HQ
  that uses the doubling for staying put is then held (`holding`) and may give no order.
- Range: by radio within 15 hexes; farther, by runner: the unit traces as for supply (R12.A:
  half its MPs, its way of moving, never into an enemy's hex) to the HQ's hex (`runner`).

The State keeps one value, `command`: the turn and side it belongs to, who activated each unit,
and the HQs holding; a value from another player turn is stale and means nobody is activated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.foxhole import counters, movement, supply
from tui_wargame.rules.foxhole.arith import DOUBLE, HALF, THIRD, Calculation, Term
from tui_wargame.rules.foxhole.counters import VEHICLE
from tui_wargame.rules.foxhole.position import MOVED, PINNED, SUPPRESSED, Position
from tui_wargame.rules.foxhole.sequence import PLAYER_TURN

if TYPE_CHECKING:
    from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R25.B"
OPTION = "command-activation"
KEY = "command"
RADIO_RANGE = 15  # hexes (R25.B)
BATTALION, REGIMENT, DIVISION = 1, 2, 3
CAPACITY = {BATTALION: Fraction(2), REGIMENT: Fraction(3), DIVISION: Fraction(2)}  # R25.B.1-3
VEHICLE_COST = Fraction(1, 2)  # 4 Vehicles for 2 non-Vehicles: "a proportional combination"


def echelon(pos: Position, uid: str) -> int:
    """R25.B.1-3: 0 for a unit that is no HQ, else its HQ level (1 Battalion, 2 Regiment or
    Brigade, 3 Division), from the units' `echelon:` attribute (`counters.echelon`)."""
    level = counters.echelon(pos.spec(uid))
    return counters.ECHELONS.index(level) + 1 if level else 0


def _record(pos: Position) -> Mapping[str, Any]:
    """This player turn's activations, or an empty record if the value is from another one."""
    found: object = pos.state.values.get(KEY, {})
    if (not isinstance(found, Mapping) or found.get("turn") != pos.state.turn
            or found.get("side") != pos.acting):
        return {"by": {}, "holding": ()}
    return found


def activator(pos: Position, uid: str) -> str | None:
    """The HQ that activated `uid` this player turn (a Divisional HQ activates itself)."""
    if echelon(pos, uid) == DIVISION:
        return uid
    return _record(pos)["by"].get(uid)


def from_above(pos: Position, hq: str) -> bool:
    """R25.B.1-2: activated by a higher HQ (a Division's is always activated)."""
    by = activator(pos, hq)
    if by is None:
        return False
    return echelon(pos, hq) == DIVISION if by == hq else echelon(pos, by) > echelon(pos, hq)


def capacity(pos: Position, hq: str, holding: bool) -> Calculation:
    """R25.B: how many non-Vehicle units `hq` may activate this player turn (exact)."""
    level = echelon(pos, hq)
    terms = []
    if level in (BATTALION, REGIMENT) and from_above(pos, hq):
        terms.append(Term("activated from above", "R25.B.1-2", steps=DOUBLE))
    if holding:
        terms.append(Term("does not move this player turn", RULE, steps=DOUBLE))
    if pos.enemy_adjacent(pos.location(hq), pos.side_of(hq)):
        terms.append(Term("next to an enemy unit", RULE, add=Fraction(-1)))
    if pos.reduced(hq):
        terms.append(Term("Reduced", RULE, steps=HALF))
    if pos.has(hq, SUPPRESSED):
        terms.append(Term("Suppressed", RULE, steps=HALF))
    if pos.has(hq, PINNED):
        terms.append(Term("Pinned", RULE, steps=THIRD))
    return Calculation(CAPACITY[level], tuple(terms))


def cost(pos: Position, uid: str) -> Fraction:
    return VEHICLE_COST if pos.spec(uid).kind == VEHICLE else Fraction(1)


def used(pos: Position, hq: str) -> Fraction:
    """What `hq` has activated so far this player turn."""
    return sum((cost(pos, u) for u, by in _record(pos)["by"].items() if by == hq), Fraction(0))


def refusal(pos: Position, hq: str, uid: str) -> Refusal | None:
    """Why `hq` may not activate `uid` now, or None."""
    if (hq not in pos.state.units or not pos.on_map(hq) or pos.side_of(hq) != pos.acting
            or not echelon(pos, hq)):
        return Refusal(f"{hq} is not one of your Headquarters on the map", RULE)
    if uid not in pos.state.units or not pos.on_map(uid) or pos.side_of(uid) != pos.acting:
        return Refusal(f"{uid} is not one of your units on the map", RULE)
    if activator(pos, uid) is not None:
        return Refusal(f"{uid} is already Command Activated this player turn", RULE)
    if uid == hq:  # activated from above, it is activated already (R25.B.1-2; a Division always is)
        return Refusal(f"{hq} cannot activate itself: a higher HQ must activate it", "R25.B.1-2")
    if pos.distance(pos.location(hq), pos.location(uid)) > RADIO_RANGE and not runner(pos, hq, uid):
        return Refusal(f"{uid} is more than {RADIO_RANGE} hexes from {hq} (out of radio range) and cannot "
                       f"trace to it on half its MPs for a runner", RULE)
    need = used(pos, hq) + cost(pos, uid)
    if need > capacity(pos, hq, False).value and (pos.has(hq, MOVED) or need > capacity(pos, hq, True).value):
        return Refusal(f"{hq} can activate no more units this player turn (capacity "
                       f"{capacity(pos, hq, not pos.has(hq, MOVED)).value})", RULE)
    return None


def runner(pos: Position, hq: str, uid: str) -> bool:
    """R25.B: a runner reaches: `uid` traces to `hq`'s hex as it would trace supply to a
    Headquarters (R12.A: half its MPs, by its way of moving), without spending anything."""
    key = ("command.runner", uid)  # the same for every HQ asked: kept for the State
    if key not in pos.memo:
        pos.memo[key] = supply._search(pos, uid, pos.location(uid), movement.mp_of(pos, uid) / 2,
                                       keep_clear=False)
    return pos.location(hq) in pos.memo[key]  # type: ignore[operator]


def activate(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R25.B: `activate HQ UNIT...`: the HQ activates each unit in turn; if that takes the
    doubling for staying put, the HQ is held for the rest of the player turn."""
    if pos.state.phase not in PLAYER_TURN or not pos.option(OPTION):
        raise IllegalOrder("Command Activation happens in your player turn, with the optional rule in play",
                           RULE)
    if len(order.args) < 2:
        raise IllegalOrder("`activate HQ UNIT...` names a Headquarters and the units it activates", RULE)
    hq, *units = order.args
    record = _record(pos)
    by, holding = dict(record["by"]), set(record["holding"])
    held_before = hq in holding
    here = pos
    runners = []
    for uid in units:
        why = refusal(here, hq, uid)
        if why is not None:
            raise IllegalOrder(why)
        if pos.distance(pos.location(hq), pos.location(uid)) > RADIO_RANGE:
            runners.append(uid)
        by[uid] = hq
        if used(here, hq) + cost(here, uid) > capacity(here, hq, False).value:
            holding.add(hq)
        here = here.at(here.state.replace(values={**here.state.values, KEY: _value(pos, by, holding)}))
    report = Event.of("activated", hq=hq, units=list(units), runners=runners,
                      holds=hq in holding and not held_before)
    return [Event.of("value_set", key=KEY, value=_value(pos, by, holding)), report]


def _value(pos: Position, by: Mapping[str, str], holding: set[str]) -> dict[str, Any]:
    return {"turn": pos.state.turn, "side": pos.acting, "by": dict(by), "holding": sorted(holding)}


def may_act(pos: Position, uid: str) -> Refusal | None:
    """R25.B: None if `uid` may act this player turn (activated, and not an HQ held to double its
    capacity), else why not. Only the acting side's units are asked."""
    if not pos.option(OPTION) or pos.side_of(uid) != pos.acting:
        return None
    if activator(pos, uid) is None:
        return Refusal(f"{uid} has not been Command Activated this player turn: `activate HQ {uid}` first",
                       RULE)
    if uid in _record(pos)["holding"]:
        return Refusal(f"{uid} stays put this player turn: it doubled its Command Activation by not moving",
                       RULE)
    return None


def orders(pos: Position) -> list[Order]:
    """One `activate HQ UNIT` per HQ and unit it may activate now."""
    if not pos.option(OPTION) or pos.state.pending is not None or pos.state.phase not in PLAYER_TURN:
        return []
    units = pos.units_of(pos.acting)
    return [Order("activate", (hq, uid)) for hq in units if echelon(pos, hq) for uid in units
            if refusal(pos, hq, uid) is None]


def reminder(pos: Position) -> str:
    """R25.B: the words every player-turn phase prompt opens with while units of the acting side
    are not yet activated and an HQ could activate them (the system puts them before each phase's)."""
    return "activate units first (R25.B); " if orders(pos) else ""


ORDERS: Mapping[str, Handler] = {"activate": activate}


def _words(pos: Position, e: Event) -> str:
    how = f" ({', '.join(e['runners'])} by runner)" if e["runners"] else ""
    held = f"; {e['hq']} stays put to double its capacity and gives no orders" if e["holds"] else ""
    return f"{e['hq']} Command Activates {', '.join(e['units'])} for this player turn{how}{held} (R25.B)"


WORDS = {"activated": _words}


def _terms(calc: Calculation) -> str:
    words = [f"{t.what} ({t.rule})" for t in calc.terms]
    return f"{calc.base}" + (f", {'; '.join(words)}" if words else "")


def explain(pos: Position, order: Order) -> Explanation | Refusal:
    """R25.B: the HQ's capacity with each modifier, what it has used, what the units cost."""
    if len(order.args) < 2:
        return Refusal("`activate HQ UNIT...` names a Headquarters and the units it activates", RULE)
    hq, *units = order.args
    why = refusal(pos, hq, units[0])
    if why is not None:
        return why
    moving, holding = capacity(pos, hq, False), capacity(pos, hq, True)
    lines = [Line(f"{hq} activates {moving.value} non-Vehicle units: {_terms(moving)}", "R25.B"),
             Line(f"{holding.value} if it does not move this player turn (then it gives no orders)", "R25.B")]
    lines.append(Line(f"used so far {used(pos, hq)}; these cost {sum(cost(pos, u) for u in units)} "
                      "(a Vehicle counts half)", "R25.B.1", strong=True))
    return Explanation(f"{hq} Command Activates {', '.join(units)}", tuple(lines))


EXPLAIN: Mapping[str, Callable[[Position, Order], Explanation | Refusal]] = {"activate": explain}
