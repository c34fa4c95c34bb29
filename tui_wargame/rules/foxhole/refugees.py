"""Foxhole R25.C.2 (optional "refugees"): refugees fleeing the fighting, and the Police and
Security units that keep them in hand (R7.A.15, R7.A.16, R7.A.18).

- Generation (a): a unit entering a hex that can hold refugees rolls its chance again and again
  until a roll fails; each success puts one `refugees` marker on the nearest hex with a road,
  path or highway (railroads do not count) that has none, ties broken by a die; the hex then
  gets `no-refugees` (e). A Hospital Company Eliminated leaves refugees in its hex.
- Effects (b): +1 MP to enter, and the hex's transportation line is closed, unless a friendly
  Police unit is there (R7.A.15): `extra_mp` and `line_closed`, which movement reads.
- Removal (c): a Barrage (not Smoke), Fight or Assault on the hex clears it (`on_attack`), and
  every Night Full Turn clears the map (`night`), each removal taking one Supply Point from the
  hex (either side's, through supply.use_supply_point) unless Police or Security are there
  (d; R25.D.3.d).
"""

from __future__ import annotations

from collections.abc import Iterator

from tui_wargame.dice import Dice
from tui_wargame.model import Event, Scenario, fold
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole.arith import chance
from tui_wargame.rules.foxhole.position import Position

RULE = "R25.C.2"
OPTION = "refugees"
REFUGEES, NO_REFUGEES, SUPPLY_POINTS = "refugees", "no-refugees", "supply-points"
POLICE = frozenset({"police", "political-police"})  # R7.A.15-16
GUARDS = POLICE | {"security"}  # R7.A.18: they also keep the Supply Points
HOSPITAL = "hospital"  # R7.A.7


def _line_hexes(scenario: Scenario) -> tuple[str, ...]:
    """The hexes on a transportation line for this rule: Highways, Roads, Paths (not Railroads)."""
    return tuple(sorted({h for r in scenario.map.route if r.kind != "railroad" for h in r.hexes}))


def refugee_chance(pos: Position, hex: str) -> int:
    """Chart 2: the hex's refugee chance in 10 (the higher of its type and any Building on it);
    none once it has produced refugees or burnt out (R25.C.2.e, R5.B.12)."""
    if pos.marker(hex, NO_REFUGEES) is not None or pos.marker(hex, "burnt-out") is not None:
        return 0
    return max([pos.hex_type(hex).refugees] + [charts.FEATURES[m.kind].refugees for m in pos.markers(hex)
                                                if m.kind in charts.FEATURES])


def on_enter(pos: Position, uid: str, hex: str, dice: Dice) -> list[Event]:
    """R25.C.2.a: `uid` has entered `hex`: its owner rolls for refugees until a roll fails."""
    in_ten = refugee_chance(pos, hex) if pos.option(OPTION) else 0
    if in_ten <= 0:
        return []
    rolls = []
    while True:
        ok, die = chance(dice, in_ten)
        rolls.append(die)
        if not ok:
            break
    made = len(rolls) - 1
    events = [Event.of("refugees-check", hex=hex, unit=uid, chance=in_ten, dice=rolls, refugees=made)]
    if made == 0:
        return events
    events.append(Event.of("marker_placed", place=hex, marker=NO_REFUGEES))
    for _ in range(made):
        here = pos.at(fold(pos.state, events))
        place = _nearest_free(here, hex, dice)
        if place is None:
            break
        events.append(Event.of("marker_placed", place=place, marker=REFUGEES))
    return events


def _nearest_free(pos: Position, origin: str, dice: Dice) -> str | None:
    """R25.C.2.a: the closest line hex, not the origin, without refugees; ties by a die."""
    free = [h for h in _line_hexes(pos.scenario) if h != origin and pos.marker(h, REFUGEES) is None]
    if not free:
        return None
    best = min(pos.distance(origin, h) for h in free)
    ties = [h for h in free if pos.distance(origin, h) == best]
    return ties[0] if len(ties) == 1 else ties[dice.roll(len(ties)) - 1]


def from_hospital(pos: Position, uid: str) -> list[Event]:
    """R25.C.2.a: an Eliminated Hospital Company leaves a refugees marker in its hex."""
    hex = pos.location(uid)
    if (not pos.option(OPTION) or HOSPITAL not in pos.spec(uid).traits or not pos.on_map(uid)
            or pos.marker(hex, REFUGEES) is not None):
        return []
    return [Event.of("marker_placed", place=hex, marker=REFUGEES)]


def _policed(pos: Position, hex: str, side: str) -> bool:
    return any(POLICE & set(pos.spec(u).traits) for u in pos.units_in(hex, side))


def extra_mp(pos: Position, hex: str, side: str = "", line: str = "") -> int:
    """R25.C.2.b: what refugees add to the cost of entering the hex; nothing for `side`'s unit
    moving along the hex's `line` past its own Police (R7.A.15: no penalty on the line)."""
    if pos.marker(hex, REFUGEES) is None or (line and side and _policed(pos, hex, side)):
        return 0
    return 1


def line_closed(pos: Position, hex: str, side: str, line: str) -> bool:
    """R25.C.2.b, R7.A.15: refugees close the hex's line (not a Railroad) to `side`, unless one
    of its Police units is in the hex."""
    if line == "railroad" or pos.marker(hex, REFUGEES) is None:
        return False
    return not _policed(pos, hex, side)


def _remove(pos: Position, hex: str) -> list[Event]:
    """R25.C.2.c-d: the refugees leave the hex, taking one Supply Point unless Police or Security
    are there (R7.A.15, R7.A.18)."""
    from tui_wargame.rules.foxhole import supply  # supply imports movement, which imports this module

    events = [Event.of("marker_removed", place=hex, marker=REFUGEES)]
    points = [m for m in pos.markers(hex) if m.kind == SUPPLY_POINTS]  # either side's, any id
    guarded = any(GUARDS & set(pos.spec(u).traits) for u in pos.units_in(hex))
    if points and not guarded:
        events += supply.use_supply_point(pos, hex, points[0].side)  # R25.D.3: one point, the one way
    return events


def on_attack(pos: Position, hex: str) -> list[Event]:
    """R25.C.2.c: a Barrage (not Smoke), Fight or Assault on the hex clears its refugees."""
    return _remove(pos, hex) if pos.marker(hex, REFUGEES) is not None else []


def _with_refugees(pos: Position) -> Iterator[str]:
    return (place for place, ms in sorted(pos.state.markers.items()) if any(m.kind == REFUGEES for m in ms))


def night(pos: Position) -> list[Event]:
    """R25.C.2.c: at the beginning of every Night Full Turn the refugees leave the map."""
    return [e for hex in _with_refugees(pos) for e in _remove(pos, hex)]


def _check_words(pos: Position, e: Event) -> str:
    dice = ", ".join(str(d) for d in e["dice"])
    n = e["refugees"]
    result = (f"{n} Refugees marker{'s' if n > 1 else ''} go to the nearest roads and paths, and the hex "
              "makes no more" if n else "no refugees flee")
    return (f"{e['unit']} enters {e['hex']}: refugee roll {dice} against {e['chance']} or less, {result} "
            "(R25.C.2.a)")


WORDS = {"refugees-check": _check_words}
