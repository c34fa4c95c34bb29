"""Foxhole R11: movement, the one engine every phase that moves a unit calls (Supply-Movement R17,
Activities-Movement R19, Motorized-Movement R21, retreats), with the special movers of R7.

- `mp_of`: a unit's movement points now (printed, weather R8.C, Fatigued/Exhausted, R12.B);
- `step_cost`: what one hex costs, off or along a transportation line (Chart 2, R8.D, R9.B);
- `reach`: the cheapest legal stop in each hex within the MPs left (R11.A, R11.C); `retreat_reach`
  the same for a Retreat (R20.C.9, R22.C.7);
- `move_orders`, `resolve_move`: the `move UNIT HEX HEX...` order, with Motorized Pins rolled on
  leaving each hex and crossing each hexside (R11.A.2-3), Ambushes flagged (R11.C.2), the Commando's
  attempt to go on (R7.A.4), Night and Frost Fatigue (R9.A, R8.D.4).

A unit's MPs spent this phase are the State's `spent` (every phase begins at zero: R11.A, "in any
one Phase"). A hex reached along a line is only a stop if R11.C lets the unit stop there.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, fold
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.foxhole import charts, effects, marching, partisans, refugees, stacking, weather
from tui_wargame.rules.foxhole.arith import DOUBLE, HALF, Calculation, Term, chance, d10
from tui_wargame.rules.foxhole.counters import MOUNTED_TYPES, VEHICLE, is_motorized
from tui_wargame.rules.foxhole.position import (
    AMBUSHED,
    EXHAUSTED,
    FATIGUED,
    MOVED,
    OVERWATCH,
    PINNED,
    SUPPLIED,
    SUPPLY_DEPLETED,
    TRACED,
    Position,
)

#: A phase flag: the unit has made its move this phase (R11.B: one unit's move is finished before
#: another's begins, so it does not move again in the phase).
MOVED_NOW = "movement:moved"
#: Hex markers that end a move along a line (R11.C: Fire, Traps).
STOPPING_MARKERS = ("fire", "wire", "mines", "tank-traps")
#: Markers letting land units into a water hex or across a prohibited water hexside (R5.B.8-9).
BRIDGES = ("bridge-foot", "bridge-vehicle", "bridge-printed", "bridge-bailey", "bridge-damaged")
NO_PIN_TYPES = MOUNTED_TYPES | {"ski"}  # R7.A.2, 3, 11, 19: never Pin when leaving a hex
SUPPLY_POINTS = "supply-points"


def _plain(value: Fraction) -> int | str:
    """An exact amount as an event fact: a whole number, or "a/b"."""
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def motorized(pos: Position, uid: str) -> bool:
    """R6.A.5, R7.A.19: Motorized now (a Ski Company in Snow too)."""
    snow = weather.ground(pos) == weather.SNOW
    item = marching.item_traits(pos, uid)  # R25.C.4: requisitioned Bicycles, Vehicles, Skis
    return is_motorized(pos.spec(uid), snow=snow) or bool(item - {"ski"}) or (snow and "ski" in item)


def _traits(pos: Position, uid: str) -> frozenset[str]:
    return frozenset(pos.spec(uid).traits) | marching.item_traits(pos, uid)


# --- movement points (R11.A) ---

def mp_calculation(pos: Position, uid: str) -> Calculation:
    """The printed MPs and what changes them now, in R2.D's order."""
    terms = list(weather.movement_terms(pos))
    if pos.has(uid, FATIGUED):
        terms.append(Term("Fatigued", "R5.B", add=Fraction(-1)))
    if pos.has(uid, EXHAUSTED):
        terms.append(Term("Exhausted", "R5.B", steps=HALF))
    if pos.has(uid, TRACED) and not pos.has(uid, SUPPLIED):
        terms.append(Term("could not trace supply", "R12.B", steps=HALF))
    terms += marching.mp_terms(pos, uid)  # R19.D forced march
    return Calculation(Fraction(marching.base_mp(pos, uid)), tuple(terms))  # R25.C.4 requisitions


def mp_of(pos: Position, uid: str) -> Fraction:
    """R11.A: the MPs the unit may spend in a phase now (kept for the State: listing and
    explaining moves ask it of every order)."""
    key = ("movement.mp_of", uid)
    if key not in pos.memo:
        pos.memo[key] = mp_calculation(pos, uid).value
    return pos.memo[key]  # type: ignore[return-value]


def left(pos: Position, uid: str) -> Fraction:
    """The MPs the unit has not yet spent this phase."""
    return max(Fraction(0), mp_of(pos, uid) - pos.state.units[uid].spent)


# --- the cost of one hex (Chart 2, R8.D, R9.B) ---

def _hex_type(pos: Position, label: str) -> charts.HexType:
    """The hex as the ground makes it (R8.D.3, R8.D.6: `weather.effective_hex_type`)."""
    return weather.effective_hex_type(pos, label)


def _bridge(pos: Position, place: str) -> str | None:
    return next((m.kind for m in pos.markers(place) if m.kind in BRIDGES), None)


def _hexsides(pos: Position, uid: str, a: str, b: str) -> list[charts.HexsideType] | None:
    """The hexside features crossed from a to b as they affect this unit, or None if prohibited.
    The ground changes them first (R8.D.3, R8.D.6: `weather.effective_hexsides`); a Mountain
    Company treats Cliffs as Embankments and ignores their penalties (R7.A.12); a bridge on the
    hexside lets a prohibited water hexside be crossed (R5.B.8)."""
    found = []
    for hs in weather.effective_hexsides(pos, a, b):
        if "mountain" in _traits(pos, uid) and hs.id in ("cliff", "embankment"):
            continue
        if hs.prohibited:
            bridge = _bridge(pos, Position.hexside_place(a, b))
            if not hs.water or bridge is None or (bridge == "bridge-foot" and motorized(pos, uid)):
                return None
            continue
        found.append(hs)
    return found


def usable_lines(pos: Position, a: str, b: str, side: str = "") -> list[charts.Line]:
    """The lines joining a and b, cheapest first; with `side`, only those its units may use now:
    not where Refugees close them (R25.C.2.b, R7.A.15: `refugees.line_closed`) nor through an
    overstacked hex (R10.D.1)."""
    wet = weather.wet(pos)
    lines = [charts.LINES[k] for k in pos.lines_between(a, b) if k in charts.LINES]
    if side:
        lines = [ln for ln in lines if not any(refugees.line_closed(pos, h, side, ln.id) for h in (a, b))]
        if pos.option("overstacking") and (stacking.lines_blocked(pos, a) or stacking.lines_blocked(pos, b)):
            return []
    return sorted(lines, key=lambda ln: (ln.wet_mp if wet else ln.mp, ln.id))


def cost_calculation(pos: Position, uid: str, a: str, b: str, along_line: bool, units: bool = True
                     ) -> Calculation | None:
    """The MPs to move from a into the adjacent b, with the reasons; None if the unit may not.
    The hex's own cost is one calculation (Wet adds to it, a "D" and the Night double it: R8.D.2,
    R11.A.1, R9.B, netted by R2.F); what crossing the hexside and entering past Refugees or Traps
    cost is added to that (R11.A.3, R9.B: the Night adds 1 per hexside feature, not a doubling);
    with `units`, what the units there do too: an enemy bars the hex, an overstacked hex costs 1
    more and closes its lines (R10.D.1)."""
    if units and pos.units_in(b, pos.enemy(pos.side_of(uid))):
        return None
    moto = motorized(pos, uid)
    extra: list[Term] = []
    if units and stacking.entry_cost(pos, b):
        extra.append(Term("overstacked hex +1", "R10.D.1", add=stacking.entry_cost(pos, b)))
    side = pos.side_of(uid)
    if along_line:
        lines = usable_lines(pos, a, b, side if units else "")
        if not lines:
            return None
        line = lines[0]
        wet = " (Wet)" if weather.wet(pos) else ""
        hex_cost = Calculation(weather.line_mp(pos, line.id), (Term(f"along the {line.name}{wet}", "R11.C"),))
    else:
        sides = _hexsides(pos, uid, a, b)
        if sides is None:
            return None
        ht = _hex_type(pos, b)
        bridge = _bridge(pos, b)
        terms: list[Term] = []
        if ht.mp is None:
            if bridge is None or (bridge == "bridge-foot" and moto):
                return None  # R11.A.4
            terms.append(Term(f"{ht.name} by its bridge", "R5.B.8"))
            base = Fraction(2)
        elif ht.motorized_prohibited and moto:
            return None  # R11.A.4
        else:
            base = ht.mp
            terms.append(Term(f"{ht.name} {_plain(base)}", "R11.A"))
            if "light-infantry" in _traits(pos, uid) and ht.id in ("woods", "forest", "swamp"):
                terms.append(Term("Light Infantry -1", "R7.A.8", add=-min(Fraction(1), base - 1)))
            if moto and ht.motorized_double:
                terms.append(Term("Motorized doubled (D)", "R11.A.1", steps=DOUBLE))
        terms += weather.step_terms(pos, False)  # Wet, Snow, Night (R8.D.2, R8.D.5, R9.B)
        hex_cost = Calculation(base, tuple(terms))
        for hs in sides:
            cost = hs.motorized_mp if moto and hs.motorized_mp is not None else hs.mp
            if cost:
                extra.append(Term(f"{hs.name} +{_plain(cost)}", "R11.A.3", add=cost))
            if hs.id != "railline":
                extra += [Term(f"{hs.name}: {t.what} +1", t.rule, add=t.add)
                          for t in weather.hexside_terms(pos)]
    fleeing = refugees.extra_mp(pos, b, side, line.id if along_line else "") if units else 0
    if fleeing:
        extra.append(Term("Refugees +1", "R25.C.2.b", add=Fraction(fleeing)))
    traps = pos.level(b, "tank-traps")
    if moto and traps:
        extra.append(Term(f"Tank Traps level {traps} +{2 * traps}", "R5.B.5", add=Fraction(2 * traps)))
    if not moto and pos.marker(b, "wire"):
        extra.append(Term("Concertina Wire +1", "R5.B.5", add=Fraction(1)))
    return Calculation(hex_cost.value, (*_described(hex_cost), *extra))


def _described(calc: Calculation) -> tuple[Term, ...]:
    """The hex's terms as words only, its cost already counted in the base."""
    return tuple(Term(t.what, t.rule) for t in calc.terms)


#: Step costs, kept while what they depend on is unchanged: the scenario, the markers, the ground
#: (Wet, Snow, Flooding, Frozen: R8.D) and the dark (R9.B); never the units: an enemy's hex is
#: checked apart. The scenario and markers are kept with the costs so that their ids stay theirs.
#: A step's cost reads the markers of its two hexes and of the hexside between them only, so when
#: the markers change the costs of the steps they do not touch are carried over.
Costs = dict[tuple[object, ...], Fraction | None]
_COSTS: OrderedDict[tuple[object, ...], tuple[tuple[object, ...], Costs]] = OrderedDict()


def _memo(pos: Position) -> Costs:
    """The costs remembered for this terrain, ground and dark: found by the objects' ids, else by
    the markers' contents (a State folded anew, as in a replay, holds equal markers anew), else
    those of the last markers seen under the same conditions, less the steps whose places changed."""
    refs = (pos.scenario, pos.state.markers)
    conditions = (weather.ground(pos), weather.frozen(pos), weather.dark(pos))
    key = (*map(id, refs), *conditions)
    found = _COSTS.get(key)
    if found is not None and all(a is b for a, b in zip(found[0], refs)):
        _COSTS.move_to_end(key)
        return found[1]
    costs: Costs | None = None
    latest: tuple[Mapping[str, object], Costs] | None = None
    for was_key, (was, known) in list(_COSTS.items()):  # a copy: a computer player's thread asks too
        if was_key[2:] == conditions and was[0] is refs[0]:
            if was[1] == refs[1]:
                costs = known
                break
            latest = (was[1], known)  # type: ignore[assignment]
    if costs is None:
        costs = _carried(latest[0], pos.state.markers, latest[1]) if latest is not None else {}
    _COSTS[key] = (refs, costs)
    _COSTS.move_to_end(key)
    while len(_COSTS) > 8:
        _COSTS.popitem(last=False)
    return costs


def _carried(was: Mapping[str, object], now: Mapping[str, object], costs: Costs) -> Costs:
    """The costs of the steps whose hexes and hexside hold the same markers in `now` as in `was`."""
    changed = {p for p in was.keys() | now.keys() if was.get(p) != now.get(p)}
    if not changed:
        return dict(costs)
    return {k: c for k, c in costs.items()
            if k[1] not in changed and k[2] not in changed
            and Position.hexside_place(str(k[1]), str(k[2])) not in changed}


def enemy_hexes(pos: Position, side: str) -> frozenset[str]:
    """The hexes holding a unit of `side`'s enemy (R11.A: a unit never enters one)."""
    key = ("movement.enemy_hexes", side)
    if key not in pos.memo:
        enemy = pos.enemy(side)
        pos.memo[key] = frozenset(h for h, units in pos.occupied().items()
                                  if any(pos.side_of(u) == enemy for u in units))
    return pos.memo[key]  # type: ignore[return-value]


def enemy_near(pos: Position, side: str) -> frozenset[str]:
    """The hexes next to a unit of `side`'s enemy (`Position.enemy_adjacent`, all at once)."""
    key = ("movement.enemy_near", side)
    if key not in pos.memo:
        pos.memo[key] = frozenset(n for h in enemy_hexes(pos, side) for n in pos.neighbours(h))
    return pos.memo[key]  # type: ignore[return-value]


def coster(pos: Position, uid: str) -> Callable[[str, str, bool], Fraction | None]:
    """`step_cost` for one unit, for the searches that ask it for many steps: the costs are
    remembered while the terrain, the weather and the time of day stay as they are, and shared
    by the side's units that move alike in this State."""
    traits = _traits(pos, uid)
    # what a cost depends on besides those: the unit's way of moving and its special types
    kind = (motorized(pos, uid), "light-infantry" in traits, "mountain" in traits)
    side = pos.side_of(uid)
    key = ("movement.coster", kind, side)
    if key not in pos.memo:
        pos.memo[key] = _coster(pos, uid, kind, side)
    return pos.memo[key]  # type: ignore[return-value]


def _coster(pos: Position, uid: str, kind: tuple[bool, ...], side: str
            ) -> Callable[[str, str, bool], Fraction | None]:
    memo = _memo(pos)
    barred = enemy_hexes(pos, side)
    overstacking = pos.option("overstacking")
    crowded = pos.option("refugees")  # Refugees (and Police) are the units' and markers' doing
    seen: dict[tuple[str, str, bool], Fraction | None] = {}

    def cost(a: str, b: str, along_line: bool) -> Fraction | None:
        step = (a, b, along_line)
        if step not in seen:
            seen[step] = _cost(a, b, along_line)
        return seen[step]

    def _cost(a: str, b: str, along_line: bool) -> Fraction | None:
        if b in barred:
            return None
        key = (kind, a, b, along_line)
        if key not in memo:
            calc = cost_calculation(pos, uid, a, b, along_line, units=False)
            memo[key] = None if calc is None else calc.value
        found = memo[key]
        if found is None or not (overstacking or crowded):
            return found
        more = _crowding(pos, side, a, b, along_line)
        return None if more is None else found + more if more else found

    return cost


def _crowding(pos: Position, side: str, a: str, b: str, along_line: bool) -> int | None:
    """What the units make a step from a to b cost `side` beyond the terrain: Refugees (R25.C.2.b)
    and an overstacked hex (R10.D.1); None if they close the line. Kept for the State, as every
    unit of the side weighs the same steps."""
    memo = cast("dict[tuple[str, str, bool], int | None]",
                pos.memo.setdefault(("movement.crowding", side), {}))
    key = (a, b, along_line)
    if key not in memo:
        if along_line:
            lines = usable_lines(pos, a, b, side)
            memo[key] = None if not lines else \
                refugees.extra_mp(pos, b, side, lines[0].id) + int(stacking.entry_cost(pos, b))
        else:
            memo[key] = refugees.extra_mp(pos, b, side) + int(stacking.entry_cost(pos, b))
    return memo[key]


def step_cost(pos: Position, uid: str, a: str, b: str, along_line: bool) -> Fraction | None:
    """R11.A, Chart 2: the MPs to move from a into b, or None if the unit may not (R11.A.4)."""
    return coster(pos, uid)(a, b, along_line)


# --- Motorized Pins (R11.A.2-3, R8.D.2) ---

def pin_chances(pos: Position, uid: str, a: str, b: str, along_line: bool, road_rolls: bool = True
                ) -> list[tuple[str, int]]:
    """The Pin chances in 10 a Motorized unit rolls to leave a for b: the hex it leaves (Wet adds
    1), each hexside crossed; along a line, the line's Wet chance instead (Highways and Railroads
    never; a Road only every second hex, `road_rolls`). Bicycle, Cavalry, Motorcycle and Ski
    Companies never Pin on leaving a hex (R7.A.2-3, 11, 19)."""
    if not motorized(pos, uid):
        return []
    wet = weather.wet(pos)
    if along_line:
        line = usable_lines(pos, a, b, pos.side_of(uid))[0]
        if wet and line.wet_pin and (line.id != "road" or road_rolls):
            return [(f"leaving {a} along the {line.name} in Wet", line.wet_pin)]
        return []
    found = []
    if not _traits(pos, uid) & NO_PIN_TYPES:
        here = _hex_type(pos, a).pin + (1 if wet else 0)
        if here > 0:
            found.append((f"leaving {_hex_type(pos, a).name} {a}", here))
    for hs in _hexsides(pos, uid, a, b) or []:
        if hs.pin:
            found.append((f"crossing the {hs.name}", hs.pin))
    return found


def roll_pins(uid: str, here: str, chances: Iterable[tuple[str, int]], dice: Dice, retreating: bool = False
              ) -> tuple[list[Event], bool]:
    """R11.A.2-3: the unit leaving `here` rolls its Pin chances (`pin_chances`) in turn until one
    Pins it; the rolls, and whether it was Pinned (it then stays in `here`; `retreating` from
    `here`, it is Reduced to retreat instead, R20.C.9: the report says which)."""
    events = []
    extra = {"retreating": True} if retreating else {}
    for why, in_ten in chances:
        hit, die = chance(dice, in_ten)
        events.append(Event.of("pin_roll", unit=uid, hex=here, why=why, chance=in_ten, die=die, pinned=hit,
                               **extra))
        if hit:
            return events, True
    return events, False


def way_pins(pos: Position, uid: str, hexes: Sequence[str]) -> list[list[tuple[str, int]]]:
    """The Pin chances of each step of a way already found (a Retreat's, R20.C.9 "as per
    Movement"), on the unit's whole MPs for the phase: each step along a line where that is the
    cheaper way and the unit may stop on it, as `_plan` reads a path; a Road's Wet Pin on every
    second Road step."""
    cost_of = coster(pos, uid)
    budget = mp_of(pos, uid)
    along = []
    for i, (a, b) in enumerate(zip(hexes, hexes[1:])):
        along.append(_along(pos, uid, a, b, budget, i == len(hexes) - 2, cost_of))
        budget -= cost_of(a, b, along[-1]) or Fraction(0)
    return path_pins(pos, uid, hexes, along)


def path_pins(pos: Position, uid: str, hexes: Sequence[str], along: Sequence[bool]
              ) -> list[list[tuple[str, int]]]:
    """The Pin chances (`pin_chances`) of each step of a path, `along` a line or not: a Road's Wet
    Pin on its first Road step and every second one after (R8.D.2)."""
    found, road_steps = [], 0
    for a, b, line in zip(hexes, hexes[1:], along):
        on_road = line and usable_lines(pos, a, b, pos.side_of(uid))[0].id == "road"
        road_steps = road_steps + 1 if on_road else 0
        found.append(pin_chances(pos, uid, a, b, line, road_rolls=road_steps % 2 == 1))
    return found


def _along(pos: Position, uid: str, a: str, b: str, left: Fraction, last: bool,
           cost_of: Callable[[str, str, bool], Fraction | None]) -> bool:
    """Whether a step of a path goes along a line (R11.C): where that is the cheaper way, `left`
    MPs before it; but not the `last` step of a move that may not stop on the line there (it
    goes off it)."""
    off, on = cost_of(a, b, False), cost_of(a, b, True)
    if on is None or (off is not None and on > off):
        return False
    return not last or off is None or _stops_along_line(pos, uid, a, b, left - on, cost_of)


# --- where a unit may go (R11.A, R11.C) ---

def may_move(pos: Position, uid: str) -> Refusal | None:
    """Whether the unit may move at all now, and the rule that says not."""
    if not pos.on_map(uid):
        return Refusal(f"{uid} is not on the map", "R11.A")
    if pos.side_of(uid) != pos.acting:
        return Refusal(f"{uid} is not the acting player's", "R2.H.3")
    if pos.has(uid, PINNED):
        return Refusal(f"{uid} is Pinned and may not move", "R5.B")
    if pos.has(uid, EXHAUSTED):
        return Refusal(f"{uid} is Exhausted and may not act", "R5.B")
    if pos.has(uid, OVERWATCH):
        return Refusal(f"{uid} is on Overwatch and may not act this turn", "R17.D")
    if pos.has(uid, SUPPLY_DEPLETED) and motorized(pos, uid):
        return Refusal(f"{uid} is Supply Depleted: a Motorized unit may not move", "R5.B")
    if pos.state.units[uid].has(MOVED_NOW):
        return Refusal(f"{uid} has already moved this phase", "R11.B")
    traits = _traits(pos, uid)
    if traits & {"hq", "signal"} and pos.state.phase != "supply-movement":
        return Refusal(f"{uid} is a Headquarters: it moves only in the Supply-Movement Phase", "R7.A.6")
    return None


def _stops_along_line(pos: Position, uid: str, prev: str, here: str, budget: Fraction,
                      cost_of: Callable[[str, str, bool], Fraction | None]) -> bool:
    """R11.C: a unit moving along a line may stop in `here` only next to an enemy, or for one of
    the other reasons (`_other_stop`)."""
    return pos.enemy_adjacent(here, pos.side_of(uid)) or _other_stop(pos, uid, prev, here, budget, cost_of)


def _other_stop(pos: Position, uid: str, prev: str, here: str, budget: Fraction,
                cost_of: Callable[[str, str, bool], Fraction | None]) -> bool:
    """R11.C: a friendly unit in `here`, a Fire or Traps marker, the line ends (no doubling back),
    or the MPs left (`budget`) pay for no further step along it; with the optional Refugees, a
    Police or Security Company may stop where Supply Points and Refugees are together."""
    if [u for u in pos.units_in(here, pos.side_of(uid)) if u != uid]:
        return True
    if any(pos.marker(here, k) for k in STOPPING_MARKERS):
        return True
    if (pos.option(refugees.OPTION) and _traits(pos, uid) & refugees.GUARDS
            and pos.marker(here, refugees.REFUGEES) and pos.marker(here, SUPPLY_POINTS)):
        return True
    return all((cost_of(here, n, True) or Fraction(0)) > budget
               for n in _onward(pos, pos.side_of(uid), prev, here))


def _onward(pos: Position, side: str, prev: str, here: str) -> list[str]:
    """The hexes a line leads on to from `here`, not back to `prev`, that `side` may use (R11.C);
    kept for the State, as every unit of the side searching its moves asks."""
    key = ("movement.onward", side, prev, here)
    found = pos.memo.get(key)
    if found is None:
        found = pos.memo[key] = [n for n in pos.neighbours(here)
                                 if n != prev and usable_lines(pos, here, n, side)]
    return found  # type: ignore[return-value]


def _commando(pos: Position, uid: str) -> bool:
    return "commando" in _traits(pos, uid)


def _full_hexes(pos: Position, uid: str) -> frozenset[str]:
    """R10.A-B, R10.D: the hexes the unit may not enter, even to pass through, as its side's
    stack there has no room for it (`stacking.room`): the limit holds at every moment of a move,
    so a unit Pinned on leaving a hex (R11.A.2) never stays in one overfull. Off bridges, the
    hexes where the side has its limit already (kept for the State: every unit of the side asks);
    a bridge's room depends on the unit too. (The unit's own hex may be among them: a move never
    enters it again.)"""
    side = pos.side_of(uid)
    key = ("movement.full_hexes", side)
    if key not in pos.memo:
        bridges = stacking.bridged_hexes(pos)
        pos.memo[key] = frozenset(
            h for h, units in pos.occupied().items()
            if h not in bridges
            and sum(pos.side_of(u) == side for u in units) >= stacking.limit(pos, h, side))
    full: frozenset[str] = pos.memo[key]  # type: ignore[assignment]
    bridged = [h for h in stacking.bridged_hexes(pos) if stacking.room(pos, h, side, [uid]) is not None]
    return full.union(bridged) if bridged else full


#: The search counts MPs in 1/SCALE parts, as ints: exact for every cost whose denominator divides
#: it (halves, thirds, quarters ... sixteenths), and many times quicker than Fractions.
SCALE = 720720  # lcm(1..16)


class _Unscaled(Exception):
    """A cost that is no whole number of 1/SCALE parts: the search is made in Fractions instead."""


def reach(pos: Position, uid: str) -> dict[str, tuple[Fraction, tuple[str, ...]]]:
    """R11.A, R11.C: each hex the unit may end its move in now -> (the cheapest cost, its path
    from the hex it is in, excluded). A unit stops on moving next to an enemy (a Commando may try
    to go on, at 1 MP more: R7.A.4); a hex reached along a line is a stop only as R11.C allows."""
    return _searched(pos, uid, _own_move(pos, uid))


def retreat_reach(pos: Position, uid: str, origin: str, avoid: frozenset[str], halt: frozenset[str]
                  ) -> dict[str, tuple[Fraction, tuple[str, ...]]]:
    """R20.C.9, R22.C.7: a Retreat moves "as per Movement": each hex the unit may end it in ->
    (the cheapest cost, its path from `origin`, excluded), within its whole MPs for the phase
    (`mp_of`: R11.A counts them per phase, and the retreat is the unit's move in the enemy's
    phase or after its assault), never entering a hex of `avoid` (next to an enemy the rule does
    not except) nor one without room (R10.A). `halt` are the hexes next to the engagement's
    enemies, which the rule lets it pass: they do not stop it (R11.A), but it may end a move along
    a line there as beside any enemy (R11.C)."""
    return _searched(pos, uid, _Walk(origin, mp_of(pos, uid), frozenset(), avoid, halt))


@dataclass(frozen=True)
class _Walk:
    """What one search weighs: where it starts, the MPs it has, the hexes where the unit must stop
    (next to an enemy), those it may not enter beside the full ones, and those where it may end a
    move along a line though it need not stop (R11.C)."""

    start: str
    budget: Fraction
    near: frozenset[str]
    barred: frozenset[str]
    stops: frozenset[str]


def _own_move(pos: Position, uid: str) -> _Walk:
    """The unit's move in its own phase (`reach`): from its hex, with the MPs it has left."""
    near = enemy_near(pos, pos.side_of(uid))
    return _Walk(pos.location(uid), left(pos, uid), near, frozenset(), frozenset())


def _searched(pos: Position, uid: str, walk: _Walk) -> dict[str, tuple[Fraction, tuple[str, ...]]]:
    try:
        return _reach(pos, uid, SCALE, walk)
    except _Unscaled:
        return _reach(pos, uid, 1, walk)


def _reach(pos: Position, uid: str, scale: int, walk: _Walk | None = None
           ) -> dict[str, tuple[Fraction, tuple[str, ...]]]:
    """`reach` (or the search `walk` sets) counting in 1/`scale` MPs: ints when `scale` > 1
    (refused with _Unscaled if a cost does not divide), Fractions when it is 1."""
    walk = walk or _own_move(pos, uid)

    def scaled(x: Fraction) -> Fraction | int:
        if scale == 1:
            return x
        if scale % x.denominator:
            raise _Unscaled
        return x.numerator * (scale // x.denominator)

    budget = scaled(walk.budget)
    start = walk.start
    cost_of = coster(pos, uid)
    near = walk.near
    found: dict[str, tuple[Fraction | int, tuple[str, ...]]] = {}
    full = _full_hexes(pos, uid)  # R10.A-B, R10.D: no room even to pass through
    if walk.barred:
        full = full | walk.barred
    steps = _scaled_steps(pos, cost_of, scale)
    best: dict[tuple[str, bool], Fraction | int] = {(start, False): 0}
    queue: list[tuple[Fraction | int, tuple[str, ...], bool]] = [(0, (start,), False)]
    while queue:
        cost, path, along = heapq.heappop(queue)
        here = path[-1]
        if best.get((here, along), cost) < cost:
            continue
        if len(path) > 1:
            stop = not along or here in near or here in walk.stops or \
                _other_stop(pos, uid, path[-2], here, Fraction(budget - cost, scale), cost_of)
            if stop and (here not in found or found[here][0] > cost):
                found[here] = (cost, path[1:])
            if here in near:
                if not _commando(pos, uid):
                    continue
                cost += scale  # 1 MP
        for nxt in pos.neighbours(here):
            if nxt in path or nxt in full:
                continue
            for line in (False, True):
                step_key = (here, nxt, line)
                if step_key not in steps:
                    unscaled = cost_of(here, nxt, line)
                    steps[step_key] = None if unscaled is None else scaled(unscaled)
                step = steps[step_key]
                if step is None:
                    continue
                total = cost + step
                if total > budget:
                    continue
                key = (nxt, line)
                known = best.get(key)
                if known is None or known > total:
                    best[key] = total
                    heapq.heappush(queue, (total, (*path, nxt), line))
    return {h: (Fraction(c, scale), p) for h, (c, p) in found.items()}


def _scaled_steps(pos: Position, cost_of: Callable[[str, str, bool], Fraction | None], scale: int
                  ) -> dict[tuple[str, str, bool], Fraction | int | None]:
    """The step costs `reach` has weighed in this State, in 1/`scale` MPs, for the units moving
    alike (`coster` shares its costs among them the same way)."""
    key = ("movement.scaled_steps", id(cost_of), scale)  # the coster is kept in the memo: ids stay
    if key not in pos.memo:
        pos.memo[key] = {}
    return pos.memo[key]  # type: ignore[return-value]


def move_orders(pos: Position, uids: Iterable[str]) -> list[Order]:
    """`move UNIT HEX HEX...`, one cheapest path to each hex each unit may end in."""
    found = []
    for uid in uids:
        now = acting(pos, uid)
        if may_move(now, uid) is not None:
            continue
        for _, (_, path) in sorted(reach(now, uid).items()):
            found.append(Order("move", (uid, *path)))
    return found


# --- a move resolved ---

def _plan(pos: Position, order: Order) -> tuple[str, list[str], list[bool]]:
    """The unit, its path and, for each step, whether it goes along a line (the cheaper way), as
    the unit will be when it moves (Night Fatigue first, R9.A)."""
    if len(order.args) < 2:
        raise IllegalOrder("move UNIT HEX [HEX...]: name a unit and the hexes it moves through", "R11.A")
    uid, *path = order.args
    if uid not in pos.state.units:
        raise IllegalOrder(f"no unit {uid!r}", "R11.A")
    pos = acting(pos, uid)
    refusal = may_move(pos, uid)
    if refusal is not None:
        raise IllegalOrder(refusal)
    for label in path:
        if not pos.scenario.grid.on_map(label):
            raise IllegalOrder(f"{label} is not a hex of the map", "R11.A")
    hexes = [pos.location(uid), *path]
    cost_of = coster(pos, uid)
    budget = left(pos, uid)
    side = pos.side_of(uid)
    spent = Fraction(0)
    along = []
    for i, (a, b) in enumerate(zip(hexes, hexes[1:])):
        if b not in pos.neighbours(a) or b in hexes[:i + 1]:
            raise IllegalOrder(f"{a} to {b} is no step of a path: each hex next to the one before, "
                               f"none twice", "R11.A")
        if i and pos.enemy_adjacent(a, side):
            if not _commando(pos, uid):
                raise IllegalOrder(f"{uid} must stop in {a}, next to an enemy", "R11.A")
            spent += 1  # R7.A.4
        off, on = cost_of(a, b, False), cost_of(a, b, True)
        if off is None and on is None:
            raise IllegalOrder(f"{uid} may not enter {b} from {a}", "R11.A.4")
        crowded = stacking.room(pos, b, side, [uid])
        if crowded is not None:  # R10.A-B, R10.D: no room in the hex, even to pass through it
            raise IllegalOrder(crowded if b == hexes[-1] else Refusal(
                f"{uid} may not pass through {b}: {crowded.message}", crowded.rule))
        line = _along(pos, uid, a, b, budget - spent, i == len(hexes) - 2, cost_of)
        spent += on if line and on is not None else off  # type: ignore[operator]
        along.append(line)
    if spent > budget:
        raise IllegalOrder(f"{uid} has {_plain(budget)} MPs left; that path costs {_plain(spent)}", "R11.A")
    dest = hexes[-1]
    if along[-1] and not _stops_along_line(pos, uid, hexes[-2], dest, budget - spent, cost_of):
        raise IllegalOrder(f"{uid} may not stop in {dest} along the line: no friendly unit, enemy, Fire "
                           f"or Traps there, the line goes on and MPs remain", "R11.C")
    return uid, hexes, along


def acting(pos: Position, uid: str) -> Position:
    """The position as the unit will act in it: at Night, Fatigued (or Exhausted) first (R9.A)."""
    events = weather.night_fatigue(pos, uid)
    return pos.at(fold(pos.state, events)) if events else pos


def frost_fatigue(pos: Position) -> list[Event]:
    """R8.D.4-5: in Frost or Snow, every unit that moved in this Movement Phase becomes Fatigued at
    its end (`weather.frost_fatigue`). Each movement phase's `finish` calls this."""
    return [e for uid, u in sorted(pos.state.units.items()) if u.has(MOVED_NOW)
            for e in weather.frost_fatigue(pos, uid)]


def _commando_roll(pos: Position, uid: str, here: str, dice: Dice) -> tuple[bool, Event]:
    """R7.A.4: D10 + 6 - the hex's Defence (features of limited room ignored) - 3 on a Night Turn
    - 1 per Smoke, below the Commando's Experience (5 if none printed: `counters.value`), to go
    on. The Night's -3 is a movement penalty, so it follows `weather.dark`: an Arctic winter's
    Morning too, never an Arctic summer (R25.C.3)."""
    die = d10(dice)
    defence = _hex_type(pos, here).defence.fight
    smoke = sum(1 for m in pos.markers(here) if m.kind == "smoke")
    total = die + 6 - defence - (3 if weather.dark(pos) else 0) - smoke
    experience = pos.value(uid, "experience")
    ok = total < experience
    return ok, Event.of("commando_roll", unit=uid, hex=here, die=die, total=total, experience=experience,
                        ok=ok)


def resolve_move(pos: Position, order: Order, dice: Dice, rule: str) -> list[Event]:
    """R11: move a unit along its path, rolling Motorized Pins as it leaves each hex (a Pinned unit
    stays where it was, R11.A.2-3), a Commando's roll to go on past an enemy (R7.A.4); then MOVED,
    an Ambush if it ended along a line only by coming next to an enemy (R11.C.2; not Recon, R7.C.3).
    `rule` is the phase's rule for the report."""
    uid, hexes, along = _plan(pos, order)
    spared = _ambush_ahead(pos, uid, hexes, along)
    events = weather.night_fatigue(pos, uid)
    side = pos.side_of(uid)
    moved = [hexes[0]]
    cost = Fraction(0)
    pins = path_pins(pos, uid, hexes, along)
    stopped = pinned = False
    for i, (a, b, line) in enumerate(zip(hexes, hexes[1:], along)):
        if i and pos.enemy_adjacent(a, side):
            ok, report = _commando_roll(pos, uid, a, dice)
            events.append(report)
            if not ok:
                stopped = True
                break
            cost += 1
        chances = [] if spared and i == len(along) - 1 else pins[i]
        rolls, pinned = roll_pins(uid, a, chances, dice)
        events += rolls
        if pinned:
            stopped = True
            break
        cost += step_cost(pos, uid, a, b, line) or Fraction(0)
        moved.append(b)
    if len(moved) > 1:
        events.append(Event.of("unit_moved", unit=uid, path=moved[1:], cost=_plain(cost)))
    if pinned:
        events += effects.pin(pos.at(fold(pos.state, events)), uid)
    for entered in moved[1:]:  # R25.C.2.a: each hex entered may send refugees fleeing
        events += refugees.on_enter(pos.at(fold(pos.state, events)), uid, entered, dice)
    events += capture(pos, uid, moved[1:])
    if len(moved) > 1:  # R7.A.15, R7.A.18: a Partisan, or its hunter, where the move ends
        events += partisans.on_enter(pos.at(fold(pos.state, events)), uid, moved[-1], dice)
    events.append(Event.of("unit_flagged", unit=uid, flag=MOVED))
    events.append(Event.of("unit_flagged", unit=uid, flag=MOVED_NOW, scope="phase"))
    if (not stopped and len(moved) > 1 and along[len(moved) - 2]
            and _ambushed(pos, uid, moved, left(acting(pos, uid), uid) - cost)):
        events.append(Event.of("unit_flagged", unit=uid, flag=AMBUSHED))
    return events


def _ambush_ahead(pos: Position, uid: str, hexes: list[str], along: list[bool]) -> bool:
    """R11.A.2.b: whether the planned move, made in full, ends in an Ambush (R11.C.2); the Pin its
    last step would roll is then ignored."""
    if not along[-1]:
        return False
    now = acting(pos, uid)
    cost = sum((step_cost(pos, uid, a, b, line) or Fraction(0)
                for a, b, line in zip(hexes, hexes[1:], along)), Fraction(0))
    cost += sum(1 for a in hexes[1:-1] if pos.enemy_adjacent(a, pos.side_of(uid)))  # R7.A.4
    return _ambushed(pos, uid, hexes, left(now, uid) - cost)


def capture(pos: Position, uid: str, hexes: list[str]) -> list[Event]:
    """R25.D.3.b: a unit entering a hex with the enemy's Supply Points takes them for its side."""
    if not pos.option("advanced-supply"):
        return []
    side = pos.side_of(uid)
    events = []
    for place in hexes:
        for m in pos.markers(place):
            if m.kind == SUPPLY_POINTS and m.side not in ("", side):
                events.append(Event.of("marker_changed", place=place, marker=SUPPLY_POINTS, id=m.id,
                                       side=side))
                events.append(Event.of("supply_captured", unit=uid, hex=place,
                                       points=m.value if type(m.value) is int else 1))
    return events


def _ambushed(pos: Position, uid: str, moved: list[str], budget: Fraction) -> bool:
    """R11.C.2: the move ended along a line only because the unit came next to an enemy, with no
    other reason to stop there (`budget`: the MPs it has left). Recon Vehicles may stop instead
    (R7.C.3)."""
    if "recon" in _traits(pos, uid) and pos.spec(uid).kind == VEHICLE:
        return False
    prev, here = moved[-2], moved[-1]
    return (pos.enemy_adjacent(here, pos.side_of(uid))
            and not _other_stop(pos, uid, prev, here, budget, coster(pos, uid)))


# --- words and explanations ---

def _pin_words(pos: Position, event: Event) -> str:
    if not event["pinned"]:
        result = "no Pin"
    elif event.get("retreating"):
        result = "Pinned in the hex it retreats from: Reduced to retreat (R20.C.9)"
    else:
        result = "Pinned: it stays where it was"
    return (f"{event['unit']} rolls for a Motorized Pin {event['why']}: {event['die']} against "
            f"{event['chance']} in 10, {result} (R11.A.2-3)")


def _commando_words(pos: Position, event: Event) -> str:
    went = "goes on" if event["ok"] else "must stop"
    return (f"Commando {event['unit']} in {event['hex']}: {event['die']} + 6 - Defence, Night and Smoke "
            f"= {event['total']} against Experience {event['experience']}: it {went} (R7.A.4)")


def _capture_words(pos: Position, event: Event) -> str:
    return f"{event['unit']} captures {event['points']} Supply Point(s) in {event['hex']} (R25.D.3.b)"


WORDS = {"pin_roll": _pin_words, "commando_roll": _commando_words, "supply_captured": _capture_words}


def explain_move(pos: Position, order: Order) -> Explanation | Refusal:
    """The cost of a move, step by step, and the Pin chances it runs (no dice)."""
    try:
        uid, hexes, along = _plan(pos, order)
    except IllegalOrder as exc:
        return exc.refusal
    pos = acting(pos, uid)
    lines = [Line(f"{uid}: {_plain(left(pos, uid))} MPs left of {_plain(mp_of(pos, uid))}", "R11.A")]
    total = Fraction(0)
    for a, b, line, pins in zip(hexes, hexes[1:], along, path_pins(pos, uid, hexes, along)):
        cost, told = _step_told(pos, uid, a, b, line, tuple(pins))
        total += cost
        lines += told
    lines.append(Line(f"total {_plain(total)} MP", "R11.A", strong=True))
    return Explanation(f"move {uid} to {hexes[-1]} for {_plain(total)} MP", tuple(lines))


def _step_told(pos: Position, uid: str, a: str, b: str, line: bool, pins: tuple[tuple[str, int], ...]
               ) -> tuple[Fraction, tuple[Line, ...]]:
    """One step of a move explained: its cost and its lines (the cost's reasons, the Pin chances
    `pins` it runs). Kept for the State: the moves listed share their first steps."""
    key = ("movement.step_told", uid, a, b, line, pins)
    if key not in pos.memo:
        calc = cost_calculation(pos, uid, a, b, line)
        assert calc is not None
        why = ", ".join(t.what for t in calc.terms)
        told = [Line(f"{a} -> {b}: {_plain(calc.value)} MP ({why})", "R11.C" if line else "R11.A")]
        told += [Line(f"  Pin chance {what}: {in_ten} in 10", "R11.A.2")
                 for what, in_ten in pins]
        pos.memo[key] = (calc.value, tuple(told))
    return pos.memo[key]  # type: ignore[return-value]


EXPLAIN = {"move": explain_move}
