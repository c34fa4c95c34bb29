"""Foxhole R10: stacking. Movement, retreats, landings and set-up ask `room` whether units may
end in a hex, and `crossing_room` whether a group may cross a bridged hexside together;
activities ask `level_room` whether a Defensive Work or Trap fits; activities, barrage, combat
and the limited places of R20.F.2 ask which units are in overstack (`overstacked`, the one answer).

- R10.A: up to 4 units of one player in a hex, when moving or retreating.
- R10.B: a bridge holds fewer: Foot 1 Company or Battery; Vehicle 1 unit of any type and 1
  Company or Battery; Printed 2 of any type and 1 Company or Battery. A bridge in a water hex
  limits the units in that hex; a bridge on a hexside limits the units crossing it at once.
- R10.C: works and traps fill at most 4 levels of a hex.
- R10.D (optional "overstacking"): 4 more units may stack; those in overstack suffer.
- R5.A.7: a unit that cannot move but must (a retreat) is Reduced, or eliminated (`forced_to_move`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, UnitSpec
from tui_wargame.rules.foxhole import charts, counters, effects
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.text import side_name

RULE = "R10"
LIMIT = 4  # R10.A
OVERSTACK = 4  # R10.D: more units a player may stack, in overstack
LEVELLED = frozenset({"trenches", "mines", "tank-traps"})  # level = the marker's value (R10.C)
ZERO, ONE = Fraction(0), Fraction(1)


@frozen
class Bridge:
    """R10.B: what a bridge holds: `any` units of any type plus `company_battery` more Companies
    or Batteries; a Foot Bridge takes no Motorized unit (R5.B.8)."""

    kind: str
    any: int
    company_battery: int
    rule: str
    motorized: bool = True


BRIDGES: Mapping[str, Bridge] = {b.kind: b for b in (
    Bridge("bridge-foot", 0, 1, "R10.B.a", motorized=False),
    Bridge("bridge-vehicle", 1, 1, "R10.B.b"),
    Bridge("bridge-printed", 2, 1, "R10.B.c"),
)}


def bridge(pos: Position, place: str) -> Bridge | None:
    """The bridge at a hexside place ("A|B") or in a water hex, if one stands there (not
    Destroyed); a bridge marker on land is an implement carried, not a bridge (R19.B.2). Asked
    of every hex a move weighs: kept for the State."""
    key = ("stacking.bridge", place)
    if key not in pos.memo:
        pos.memo[key] = _bridge(pos, place)
    return pos.memo[key]  # type: ignore[return-value]


def bridged_hexes(pos: Position) -> frozenset[str]:
    """The water hexes with a bridge standing in them (R10.B), for the searches that ask of every
    hex they weigh: kept for the State."""
    key = ("stacking.bridged_hexes",)
    if key not in pos.memo:
        pos.memo[key] = frozenset(p for p in pos.state.markers if "|" not in p and bridge(pos, p) is not None)
    return pos.memo[key]  # type: ignore[return-value]


def _bridge(pos: Position, place: str) -> Bridge | None:
    if "|" not in place and not pos.hex_type(place).water:
        return None
    kinds = {m.kind for m in pos.markers(place)}
    if "bridge-destroyed" in kinds:
        return None
    return next((b for k, b in BRIDGES.items() if k in kinds), None)


def limit(pos: Position, label: str, side: str) -> int:
    """How many units of `side` may be in the hex: a bridge's room (R10.B), else 4 (R10.A), 8 with
    overstacking (R10.D). (A bridge holds what it holds: overstacking adds nothing to it.)"""
    b = bridge(pos, label)
    if b is not None:
        return b.any + b.company_battery
    return LIMIT + (OVERSTACK if pos.option("overstacking") else 0)


def room(pos: Position, label: str, side: str, adding: Iterable[str] = ()) -> Refusal | None:
    """Whether `side`'s units in the hex, with those of `adding` (units arriving) that are its,
    obey R10.A-B and R10.D; None if they do, else why not."""
    adding = [u for u in adding if pos.side_of(u) == side]
    units = [u for u in pos.units_in(label, side) if u not in adding] + adding
    b = bridge(pos, label)
    if b is not None:
        return _bridge_refusal(b, [pos.spec(u) for u in units], f"the bridge in {label}")
    most = limit(pos, label, side)
    if len(units) > most:
        rule = "R10.D" if most > LIMIT else "R10.A"
        return Refusal(f"{label} would hold {len(units)} units of {side_name(pos.scenario, side)}; "
                       f"at most {most} may stack there", rule)
    return None


def crossing_room(pos: Position, a: str, b: str, units: Sequence[str]) -> Refusal | None:
    """R10.B: whether `units` may cross (or Assault across) the bridged hexside a-b together."""
    found = bridge(pos, Position.hexside_place(a, b))
    if found is None:
        return None
    return _bridge_refusal(found, [pos.spec(u) for u in units], f"the bridge between {a} and {b}")


def _bridge_refusal(b: Bridge, specs: Sequence[UnitSpec], where: str) -> Refusal | None:
    if not b.motorized and any(counters.is_motorized(s) for s in specs):
        return Refusal(f"{where} is a Foot Bridge: no Vehicle or Mounted unit may use it", "R5.B.8")
    vehicles = sum(counters.kind_of(s, movement=True) == counters.VEHICLE for s in specs)
    if vehicles > b.any or len(specs) > b.any + b.company_battery:
        holds = (f"{b.any} unit{'s' if b.any != 1 else ''} of any type and " if b.any else "")
        return Refusal(f"{where} holds {holds}{b.company_battery} Company or Battery at once, "
                       f"not {len(specs)} units ({vehicles} Vehicles)", b.rule)
    return None


# --- R10.C ---

def levels_of(kind: str, value: object = None) -> int:
    """R10.C: the levels one marker fills: Trenches, Mines and Tank Traps their level (1 if none
    is shown), a Pillbox 2, Forts 3 and 4, Foxholes, Scrapes, Shellholes and Wire 1; 0 for a
    marker that is no Defensive Work or Trap."""
    if kind in LEVELLED:
        return value if isinstance(value, int) and not isinstance(value, bool) else 1
    work = charts.WORKS.get(kind)
    return work.levels if work is not None else 0


def levels(pos: Position, label: str) -> int:
    """R10.C: the levels of Defensive Works and Traps in the hex, together."""
    return sum(levels_of(m.kind, m.value) for m in pos.markers(label))


def level_room(pos: Position, label: str, adding: int, freeing: int = 0) -> Refusal | None:
    """Whether `adding` more levels fit in the hex once the markers an upgrade replaces (`freeing`
    levels) are gone: at most 4 in all (R10.C)."""
    after = levels(pos, label) - freeing + adding
    if after > charts.MAX_WORK_LEVELS:
        return Refusal(f"{label} would hold {after} levels of Defensive Works and Traps; at most "
                       f"{charts.MAX_WORK_LEVELS}", "R10.C")
    return None


# --- R10.D (optional) ---

def order_key(label: str) -> str:
    """The value keeping the owner's order of his units in a hex (a list of unit ids)."""
    return f"stacking.order.{label}"


def ordered(pos: Position, label: str, side: str) -> list[str]:
    """`side`'s units in the hex in the order its owner set (value `stacking.order.HEX`), the rest
    after in id order: the first four are out of overstack (R10.D) and fill the hex's limited
    places first (R20.F.2)."""
    here = pos.units_in(label, side)
    chosen: object = pos.state.values.get(order_key(label), ())
    first = [u for u in chosen if u in here] if isinstance(chosen, (list, tuple)) else []
    return first + [u for u in here if u not in first]


def overstacked(pos: Position, label: str, side: str) -> list[str]:
    """R10.D: `side`'s units in overstack in the hex: with the optional rule in play, those past
    the fourth in the owner's order (`ordered`); none without it. Every rule that asks which
    units are in overstack asks this."""
    if label not in crowded(pos):
        return []
    return ordered(pos, label, side)[LIMIT:]


def is_overstacked(pos: Position, uid: str) -> bool:
    return uid in overstacked(pos, pos.location(uid), pos.side_of(uid))


def crowded(pos: Position) -> frozenset[str]:
    """R10.D: the hexes where a side has units in overstack (more than 4 there, the optional rule
    in play); worked out once for the State (movement asks it of every step it weighs)."""
    key = ("stacking.crowded",)
    found = pos.memo.get(key)
    if found is None:
        found = pos.memo[key] = frozenset(
            label for label, units in pos.occupied().items()
            if pos.option("overstacking") and max(Counter(map(pos.side_of, units)).values()) > LIMIT)
    return found  # type: ignore[return-value]


def entry_cost(pos: Position, label: str) -> Fraction:
    """R10.D.1: a hex with units in overstack costs 1 more MP to enter (as Refugees; Police do
    not help)."""
    return ONE if label in crowded(pos) else ZERO


def lines_blocked(pos: Position, label: str) -> bool:
    """R10.D.1: no unit may use a transportation line through a hex with units in overstack."""
    return label in crowded(pos)


def orders(pos: Position) -> list[Order]:
    """R10.D: in his player turn the acting player may choose who is in overstack in his crowded
    hexes: `stack HEX UNIT` takes a unit in overstack out of it (first in his order of the hex),
    the fourth of the others going in. One order per unit in overstack: a short list."""
    from tui_wargame.rules.foxhole.sequence import PLAYER_TURN  # sequence imports fire, which imports this

    if pos.state.pending is not None or pos.state.phase not in PLAYER_TURN:
        return []
    return [Order(STACK, (label, uid)) for label in sorted(crowded(pos))
            for uid in overstacked(pos, label, pos.acting)]


def stack(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """`stack HEX UNIT` (R10.D): the owner's choice, kept as his order of the hex's units (value
    `stacking.order.HEX`), which every rule asking who is in overstack reads."""
    if Order(STACK, order.args) not in orders(pos):
        raise IllegalOrder(Refusal("`stack HEX UNIT` names a hex where your units are overstacked, in your "
                                   "player turn, and one of yours in overstack there", "R10.D"))
    label, uid = order.args
    chosen = [uid, *(u for u in ordered(pos, label, pos.acting) if u != uid)]
    return [Event.of("value_set", key=order_key(label), value=chosen),
            Event.of("overstack_chosen", hex=label, side=pos.acting, unit=uid, overstack=chosen[LIMIT:])]


def _chosen_words(pos: Position, event: Event) -> str:
    return (f"{side_name(pos.scenario, event['side'])} takes {event['unit']} out of overstack in "
            f"{event['hex']}; in overstack there now: {', '.join(event['overstack'])} (R10.D)")


STACK = "stack"
ORDERS: Mapping[str, Callable[[Position, Order, Dice], list[Event]]] = {STACK: stack}
WORDS = {"overstack_chosen": _chosen_words}


def activity_refusal(pos: Position, uid: str) -> Refusal | None:
    """R10.D.2: a unit in overstack neither conducts nor assists Activities (it may trace supply
    and move)."""
    if is_overstacked(pos, uid):
        return Refusal(f"{uid} is in overstack in {pos.location(uid)}: it may not conduct or assist "
                       "Activities", "R10.D.2")
    return None


# --- R5.A.7 ---

def forced_to_move(pos: Position, uid: str) -> tuple[list[Event], bool]:
    """R5.A.7: a unit printing 0 MPs that must move (a Retreat) is Reduced; if its Cadre side
    cannot move either it is eliminated. Returns the events and whether the unit may now move."""
    spec, steps = pos.spec(uid), pos.state.units[uid].steps
    if not counters.immobile(spec, steps):
        return [], True
    if steps > 1 and not counters.immobile(spec, steps - 1):
        return effects.reduce(pos, uid), True
    return effects.eliminate(pos, uid), False


# --- the scenario ---

def check(scenario: Scenario) -> list[str]:
    """R3.B, R10: the set-up the scenario gives obeys stacking: at most 4 units of a side in a hex
    (R10.A), a bridge's room (R10.B), at most 4 levels of works and traps (R10.C)."""
    problems = []
    grid = scenario.grid
    markers = [m for m in scenario.rules.get("markers", []) if isinstance(m, dict)] \
        if isinstance(scenario.rules.get("markers", []), list) else []
    bridges = {m["place"]: BRIDGES[m["kind"]] for m in markers
               if m.get("kind") in BRIDGES and grid.on_map(m.get("place", ""))
               and charts.HEX_TYPES[scenario.terrain_at(m["place"]).id].water}
    stacks: dict[tuple[str, str], list[UnitSpec]] = {}
    for spec in scenario.units:
        if grid.on_map(spec.start):
            stacks.setdefault((spec.start, spec.side), []).append(spec)
    for (label, side), specs in sorted(stacks.items()):
        if label in bridges:
            refusal = _bridge_refusal(bridges[label], specs, f"the bridge in {label}")
            if refusal is not None:
                problems.append(f"unit (start {label!r}): {refusal}")
        elif len(specs) > LIMIT:
            problems.append(f"unit (start {label!r}): {len(specs)} units of {side} start in one hex; "
                            f"at most {LIMIT} (R10.A, R3.B)")
    filled: Counter[str] = Counter()
    for m in markers:
        if isinstance(m.get("place"), str) and isinstance(m.get("kind"), str):
            filled[m["place"]] += levels_of(m["kind"], m.get("value"))
    for place, n in sorted(filled.items()):
        if n > charts.MAX_WORK_LEVELS:
            problems.append(f"rules.markers (place {place!r}): {n} levels of Defensive Works and Traps; "
                            f"at most {charts.MAX_WORK_LEVELS} (R10.C)")
    return problems
