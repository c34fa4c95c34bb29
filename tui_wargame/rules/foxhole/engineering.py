"""Foxhole R19.B.2, R19.B.6.a-f, R19.B.9-10, R11.D.5: bridging, demolitions, burning, building
and Tarmac: the Engineers' trades (R7.A.5), each a `Plan` for one unit.

Bridge markers a unit carries lie in its hex; placed, a Bailey Bridge lies on a hexside ("A|B")
and a Foot or Vehicle Bridge in the Calm River hex. A Rafts marker's value is how many Rafts it
is (1 when it has none). A hex whose type was changed by building lies under a `built` marker
whose value is the hex type it became, as a `burnt-out` one's is (R5.B.12).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tui_wargame.model import Event
from tui_wargame.rules.foxhole import charts, movement
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.tasks import (
    ANY_COMPANY,
    ASSAULT,
    COMBAT,
    CONSTRUCTION,
    ENGINEERS,
    MAINTENANCE,
    PORT,
    RAILROAD,
    Plan,
    qualifies,
    refuse,
)
from tui_wargame.rules.foxhole.works import Maker

BAILEY, FOOT, VEHICLE_BRIDGE, PRINTED = "bridge-bailey", "bridge-foot", "bridge-vehicle", "bridge-printed"
BUILT, BURNT = "built", "burnt-out"
CHARGES = "activities.charges"  # place -> the unit that set demolitions there (R19.B.6.a-b)
#: R19.B.2.a: the hexsides a Bailey Bridge may span.
BAILEY_HEXSIDES = frozenset({"ford", "gully", "stream", "small-river"})


def count(pos: Position, place: str, kind: str) -> int:
    """How many of a counted marker (Rafts, Boats) lie at a place."""
    m = pos.marker(place, kind)
    if m is None:
        return 0
    return m.value if type(m.value) is int else 1


def set_count(pos: Position, place: str, kind: str, n: int, side: str = "") -> list[Event]:
    """Events that leave `n` of a counted marker at a place."""
    m = pos.marker(place, kind)
    if m is None:
        return [Event.of("marker_placed", place=place, marker=kind, side=side, value=n)] if n > 0 else []
    if n <= 0:
        return [Event.of("marker_removed", place=place, marker=kind)]
    if n == count(pos, place, kind):
        return []
    return [Event.of("marker_changed", place=place, marker=kind, value=n)]


def _target(pos: Position, hex: str, args: tuple[str, ...], usage: str, rule: str) -> str:
    if len(args) != 1 or args[0] not in pos.neighbours(hex):
        raise refuse(f"`{usage}`: name a hex next to {hex}", rule)
    return args[0]


# --- R19.B.2: bridging ---


def bridge(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.2.a-c: a Combat Engineer places the Bailey Bridge in its hex across a Ford, Gully,
    Stream or Small River hexside (3 MPs), or the Foot Bridge in its hex, with 5 Rafts, in a next
    Calm River hex (9 MPs); a second Foot Bridge there makes it a Vehicle Bridge."""
    if not args or args[0] not in ("bailey", "foot"):
        raise refuse("`bridge UNIT bailey HEX` or `bridge UNIT foot HEX`", "R19.B.2")
    hex, side = pos.location(uid), pos.side_of(uid)
    kind = args[0]
    rule = "R19.B.2.a" if kind == "bailey" else "R19.B.2.b"
    if not qualifies(pos, uid, (COMBAT,)):
        raise refuse(f"{uid} may not place bridges: Combat Engineers do", rule)
    to = _target(pos, hex, args[1:], f"bridge UNIT {kind} HEX", rule)
    if kind == "bailey":
        place = pos.hexside_place(hex, to)
        if pos.marker(hex, BAILEY) is None:
            raise refuse(f"no Bailey Bridge lies in {hex}", rule)
        if not {h.id for h in pos.hexside_types(hex, to)} & BAILEY_HEXSIDES or pos.marker(place, BAILEY):
            raise refuse(f"the {hex}-{to} hexside is no Ford, Gully, Stream or Small River without a bridge",
                         rule)
        return Plan(f"{place}/bailey", f"bridge bailey {to}", "placing a Bailey Bridge", rule, hex,
                    Fraction(3), lambda p: [Event.of("marker_removed", place=hex, marker=BAILEY),
                                            Event.of("marker_placed", place=place, marker=BAILEY, side=side)],
                    assist=frozenset({CONSTRUCTION, MAINTENANCE}))
    if pos.marker(hex, FOOT) is None or count(pos, hex, "rafts") < 5:
        raise refuse(f"a Foot Bridge needs the Foot Bridge and 5 Rafts in {hex}", rule)
    if pos.hex_type(to).id != "calm-river" or pos.marker(to, VEHICLE_BRIDGE) is not None:
        raise refuse(f"{to} is no Calm River hex that can take another bridge", "R19.B.2.c")

    def complete(p: Position) -> list[Event]:
        events = [Event.of("marker_removed", place=hex, marker=FOOT), *set_count(p, hex, "rafts",
                                                                                 count(p, hex, "rafts") - 5)]
        if p.marker(to, FOOT) is not None:
            return [*events, Event.of("marker_changed", place=to, marker=FOOT, becomes=VEHICLE_BRIDGE)]
        return [*events, Event.of("marker_placed", place=to, marker=FOOT, side=side)]

    # R19.B.2.b says these Engineers Assist "placing a Bailey Bridge": under Foot Bridge, it means this.
    return Plan(f"{to}/foot-bridge", f"bridge foot {to}", "placing a Foot Bridge", rule, hex, Fraction(9),
                complete, assist=frozenset({CONSTRUCTION, MAINTENANCE, PORT}))


def bridge_removal_cost(pos: Position, uid: str) -> int | None:
    """R11.D.5: 2 MPs for an Assault, Combat or Construction Engineer Company, 3 for another
    Company; None for a unit that is no Company."""
    if not qualifies(pos, uid, (ANY_COMPANY,)):
        return None
    return 2 if qualifies(pos, uid, (ASSAULT, COMBAT, CONSTRUCTION)) else 3


def unbridge(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R11.D.5: a Bridge Marker taken up from a next hex or hexside with no enemy beyond: 2 MPs for
    Assault, Combat and Construction Engineers, 3 for another Company. A Vehicle Bridge becomes a
    Foot Bridge (R19.B.2.c); printed bridges are only demolished (R19.B.6)."""
    hex = pos.location(uid)
    if not args:
        return _unbridge_here(pos, uid, hex)
    if not qualifies(pos, uid, (ANY_COMPANY,)):
        raise refuse(f"{uid} may not take up bridges: Companies do", "R11.D.5")
    to = _target(pos, hex, args, "remove UNIT bridge HEX", "R11.D.5")
    if pos.units_in(to, pos.enemy(pos.side_of(uid))):
        raise refuse(f"enemy units hold {to}", "R11.D.5")
    mp = bridge_removal_cost(pos, uid) or 3
    place = pos.hexside_place(hex, to)
    if pos.marker(place, BAILEY) is not None:
        done = [Event.of("marker_removed", place=place, marker=BAILEY)]
        what, key = "taking up a Bailey Bridge", f"{place}/remove-bailey"
    elif pos.marker(to, VEHICLE_BRIDGE) is not None:
        done = [Event.of("marker_changed", place=to, marker=VEHICLE_BRIDGE, becomes=FOOT)]
        what, key = "taking up a Vehicle Bridge", f"{to}/remove-vehicle-bridge"
    elif pos.marker(to, FOOT) is not None:
        done = [Event.of("marker_removed", place=to, marker=FOOT)]
        what, key = "taking up a Foot Bridge", f"{to}/remove-foot-bridge"
    else:
        raise refuse(f"no Bailey, Foot or Vehicle Bridge between {hex} and {to}", "R11.D.5")
    return Plan(key, f"remove bridge {to}", what, "R11.D.5", hex, Fraction(mp), lambda p: done)


#: R19.B.2.b-c: MPs to take up the Foot Bridge a unit stands on, or to turn its Vehicle Bridge
#: into a Foot Bridge.
ON_BRIDGE_COST = 6


def _exit_cost(pos: Position, uid: str, hex: str) -> Fraction | None:
    """The fewest MPs that take the unit out of its hex, the bridge still in place (None: it
    cannot leave)."""
    steps = [movement.step_cost(pos, uid, hex, n, line)
             for n in pos.neighbours(hex) for line in (False, True)]
    found = [c for c in steps if c is not None]
    return min(found) if found else None


def _unbridge_here(pos: Position, uid: str, hex: str) -> Plan:
    """R19.B.2.b-c: `remove UNIT bridge` on the bridge itself: any Company or Engineer spends 6 MPs
    to turn a Vehicle Bridge into a Foot Bridge, or to take up a Foot Bridge; working on the latter
    a unit keeps back the MPs to leave the hex in this phase (reckoned with the bridge still there:
    the cost of entering the cheapest next hex), so Cooperating units may share the 6 MPs."""
    if not qualifies(pos, uid, (ANY_COMPANY, *ENGINEERS)):
        raise refuse(f"{uid} may not take up bridges: Companies and Engineers do", "R19.B.2.b")
    if pos.marker(hex, VEHICLE_BRIDGE) is not None:
        done = [Event.of("marker_changed", place=hex, marker=VEHICLE_BRIDGE, becomes=FOOT)]
        return Plan(f"{hex}/remove-vehicle-bridge", "remove bridge", "turning the Vehicle Bridge into a Foot "
                    "Bridge", "R19.B.2.c", hex, Fraction(ON_BRIDGE_COST), lambda p: done)
    if pos.marker(hex, FOOT) is None:
        raise refuse(f"no Foot or Vehicle Bridge in {hex}", "R19.B.2.b")
    leave = _exit_cost(pos, uid, hex)
    if leave is None:
        raise refuse(f"{uid} could not leave {hex} afterwards", "R19.B.2.b")
    return Plan(f"{hex}/remove-foot-bridge", "remove bridge", "taking up the Foot Bridge", "R19.B.2.b", hex,
                Fraction(ON_BRIDGE_COST), lambda p: [Event.of("marker_removed", place=hex, marker=FOOT)],
                reserve=leave)


# --- R19.B.6: demolitions ---

#: R19.B.6.a-c: MPs per bridge hex, per rail-bridge hexside, per railline hexside, by Engineer type.
BRIDGE_CHARGES: Mapping[str, tuple[int, int]] = {COMBAT: (10, 5), MAINTENANCE: (16, 8)}
#: R19.B.6.a-b: a D10 -> what the demolition does to each bridge hex or hexside.
DEMOLITION: Mapping[int, str] = {1: "none", 2: "damaged", **{n: "destroyed" for n in range(3, 11)}}


def demolish(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.6.a-d: set demolitions on a printed bridge (`demolish U bridge PLACE`, the unit's
    hex or one of its hexsides "A|B"), break a railline hexside (`demolish U railline HEX`), or
    demolish the Port in the unit's hex (`demolish U port`)."""
    hex, side = pos.location(uid), pos.side_of(uid)
    what = args[0] if args else ""
    if what == "bridge" and len(args) == 2:
        place = args[1]
        rail = "|" in place
        rule = "R19.B.6.b" if rail else "R19.B.6.a"
        if place != hex and not (rail and hex in place.split("|")):
            raise refuse(f"{uid} must be in the bridge hex (or at one end of the bridge hexside)", rule)
        if pos.marker(place, PRINTED) is None:
            raise refuse(f"no printed bridge at {place}", rule)
        if place in _charges(pos):
            raise refuse(f"demolitions are set at {place} already", rule)
        kind = next((k for k in BRIDGE_CHARGES if qualifies(pos, uid, (k,))), None)
        if kind is None:
            raise refuse(f"{uid} may not set demolitions: Combat and Maintenance Engineers do", rule)
        mp = BRIDGE_CHARGES[kind][1 if rail else 0]
        return Plan(f"{place}/charges", f"demolish bridge {place}", f"setting demolitions at {place}", rule,
                    hex, Fraction(mp), lambda p: [_charge(p, place, uid)])
    if what == "railline" and len(args) == 2:
        to = _target(pos, hex, args[1:], "demolish UNIT railline HEX", "R19.B.6.c")
        place = pos.hexside_place(hex, to)
        if "railline" not in {h.id for h in pos.hexside_types(hex, to)} or pos.marker(place, "rail-break"):
            raise refuse(f"no unbroken railline hexside between {hex} and {to}", "R19.B.6.c")
        cost = _rail_cost(pos, uid)
        if cost is None:
            raise refuse(f"{uid} may not demolish railline: Engineers do, or a Company with a friendly "
                         f"Engineer in or next to its hex", "R19.B.6.c")
        return Plan(f"{place}/rail-break", f"demolish railline {to}", "breaking the railline", "R19.B.6.c",
                    hex, Fraction(cost),
                    lambda p: [Event.of("marker_placed", place=place, marker="rail-break", side=side)],
                    assist=frozenset({ANY_COMPANY}))
    if what == "port" and len(args) == 1:
        if not qualifies(pos, uid, (COMBAT, CONSTRUCTION, PORT)):
            raise refuse(f"{uid} may not demolish a Port: Combat, Construction and Port Engineers do",
                         "R19.B.6.d")
        if pos.marker(hex, "port") is None or pos.marker(hex, "port-damaged") is not None:
            raise refuse(f"no working Port in {hex}", "R19.B.6.d")
        return Plan(f"{hex}/port", "demolish port", "demolishing the Port", "R19.B.6.d", hex, Fraction(30),
                    lambda p: [Event.of("marker_placed", place=hex, marker="port-damaged", side=side)])
    raise refuse("`demolish UNIT bridge PLACE`, `demolish UNIT railline HEX` or `demolish UNIT port`",
                 "R19.B.6")


def _rail_cost(pos: Position, uid: str) -> int | None:
    """R19.B.6.c: 1 MP for Railroad Engineers, 2 for other Engineers, 3 for a Company in or next
    to a hex with a friendly Engineer Company."""
    if qualifies(pos, uid, (RAILROAD,)):
        return 1
    if qualifies(pos, uid, tuple(ENGINEERS)):
        return 2
    hex, side = pos.location(uid), pos.side_of(uid)
    near = any(qualifies(pos, u, tuple(ENGINEERS)) for h in (hex, *pos.neighbours(hex))
               for u in pos.units_in(h, side))
    return 3 if near and qualifies(pos, uid, (ANY_COMPANY,)) else None


def _charges(pos: Position) -> Mapping[str, object]:
    found: object = pos.state.values.get(CHARGES, {})
    return found if isinstance(found, Mapping) else {}


def _charge(pos: Position, place: str, uid: str | None) -> Event:
    table = {k: v for k, v in _charges(pos).items() if k != place}
    if uid is not None:
        table[place] = uid
    return Event.of("value_set", key=CHARGES, value=table)


def charged(pos: Position, uid: str) -> list[str]:
    """The bridge places where this unit's demolitions are set (R19.B.6.a-b)."""
    return sorted(p for p, u in _charges(pos).items() if u == uid)


def blow_refusal(pos: Position, uid: str, place: str) -> str | None:
    if _charges(pos).get(place) != uid:
        return f"{uid} set no demolitions at {place}"
    if pos.location(uid) == place:
        return f"{uid} must move off the bridge first"
    return None


def blown(pos: Position, uid: str, place: str, roll: int) -> list[Event]:
    """R19.B.6.a-b: the demolition's D10 applied to one bridge hex or hexside (a second Damaged
    result destroys it, R5.B)."""
    effect = DEMOLITION[roll]
    events: list[Event] = [_charge(pos, place, None),
                           Event.of("demolition", unit=uid, place=place, roll=roll, effect=effect)]
    damaged = pos.marker(place, "bridge-damaged") is not None
    if effect == "destroyed" or (effect == "damaged" and damaged):
        if damaged:
            events.append(Event.of("marker_removed", place=place, marker="bridge-damaged"))
        events.append(Event.of("marker_changed", place=place, marker=PRINTED, becomes="bridge-destroyed"))
    elif effect == "damaged":
        events.append(Event.of("marker_placed", place=place, marker="bridge-damaged"))
    return events


# --- R19.B.6.e-f: burning ---

#: R19.B.6.e-f: (who, MPs) to Burn Out a Building feature, a Buildings hex, a woodland hex.
BURN_FEATURE: tuple[tuple[str, ...], int] = ((ASSAULT, COMBAT, CONSTRUCTION, MAINTENANCE), 2)
BURN_BUILDINGS: tuple[tuple[str, ...], int] = ((ASSAULT, COMBAT, CONSTRUCTION, MAINTENANCE), 6)
BURN_WOODS: tuple[tuple[str, ...], int] = ((ANY_COMPANY,), 15)


def burn(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.6.e-f: Engineers burn a Building or Tall Building (2 MPs: the feature is gone) or a
    Buildings or Tall Buildings hex (6); any Company burns a Scrub, Woods or Forest hex (15). A
    Burnt Out hex is what it burnt to and cannot burn again (R5.B.12)."""
    hex, side = pos.location(uid), pos.side_of(uid)
    what = args[0] if len(args) == 1 else ""
    if what in ("building", "tall-building"):
        who, mp = BURN_FEATURE
        if pos.marker(hex, what) is None:
            raise refuse(f"no {charts.MARKER_KINDS[what]} in {hex}", "R19.B.6.e")
        rule, done = "R19.B.6.e", [Event.of("marker_removed", place=hex, marker=what)]
    elif what == "hex":
        htype = pos.hex_type(hex)
        if pos.marker(hex, BURNT) is not None or not htype.burns_to:
            raise refuse(f"{hex} cannot be burnt out", "R5.B.12")
        rule = "R19.B.6.e" if htype.id in ("buildings", "tall-buildings") else "R19.B.6.f"
        who, mp = BURN_BUILDINGS if rule == "R19.B.6.e" else BURN_WOODS
        done = [Event.of("marker_placed", place=hex, marker=BURNT, side=side, value=htype.burns_to)]
    else:
        raise refuse("`burn UNIT building`, `burn UNIT tall-building` or `burn UNIT hex`", "R19.B.6.e")
    if not qualifies(pos, uid, who):
        raise refuse(f"{uid} may not burn that out", rule)
    return Plan(f"{hex}/burn-{what}", f"burn {what}", f"burning out {what}", rule, hex, Fraction(mp),
                lambda p: done)


# --- R19.B.9-10: buildings and Tarmac ---

#: R19.B.9-10: what is built -> ((what the hex must have, MPs), ...): "feature:X" is a Building
#: feature, "hex:X" the hex type; the result is (hex type or "", feature or "", feature removed).
BUILDINGS: Mapping[str, tuple[tuple[str, int, str, str, bool], ...]] = {
    "building": (("none", 20, "", "building", False),),
    "tall-building": (("none", 50, "", "tall-building", False),),
    "buildings": (("feature:building", 60, "buildings", "", True),),
    "tall-buildings": (("feature:tall-building", 100, "tall-buildings", "", True),
                       ("hex:buildings", 140, "tall-buildings", "", False)),
    "buildings-tall": (("hex:buildings", 35, "", "tall-building", False),
                       ("feature:tall-building", 60, "buildings", "", False)),
    "tarmac": (("hex:clear", 10, "tarmac", "", False),),  # Reconstruction: R19.B.10 prints no cost
}
_RULES = {"building": "R19.B.9.a", "buildings": "R19.B.9.b", "tall-building": "R19.B.9.c",
          "tall-buildings": "R19.B.9.d", "buildings-tall": "R19.B.9.e", "tarmac": "R19.B.10"}


def _has(pos: Position, hex: str, need: str) -> bool:
    features = [k for k in ("building", "tall-building") if pos.marker(hex, k) is not None]
    htype = pos.hex_type(hex).id
    if need == "none":
        return not features and htype not in ("buildings", "tall-buildings")
    kind, _, name = need.partition(":")
    if kind == "feature":
        return features == [name] and htype not in ("buildings", "tall-buildings")
    return htype == name and not (name == "buildings" and features)


def construct(pos: Position, uid: str, args: tuple[str, ...]) -> Plan:
    """R19.B.9-10: Construction Engineers build (Combat and Construction Engineers Assist); the
    cost depends on what stands in the hex already."""
    what = args[0] if len(args) == 1 else ""
    if what not in BUILDINGS:
        raise refuse(f"`build UNIT WHAT`: WHAT is one of {', '.join(BUILDINGS)}", "R19.B.9")
    rule = _RULES[what]
    if not qualifies(pos, uid, (CONSTRUCTION,)):
        raise refuse(f"{uid} may not build: Construction Engineers do", rule)
    hex, side = pos.location(uid), pos.side_of(uid)
    row = next((r for r in BUILDINGS[what] if _has(pos, hex, r[0])), None)
    if row is None or pos.hex_type(hex).water:
        raise refuse(f"{hex} does not have what {what} needs "
                     f"({' or '.join(r[0] for r in BUILDINGS[what])})", rule)
    need, mp, htype, feature, gone = row

    def complete(p: Position) -> list[Event]:
        events = []
        if gone:
            events.append(Event.of("marker_removed", place=hex, marker=need.partition(":")[2]))
        if feature:
            events.append(Event.of("marker_placed", place=hex, marker=feature, side=side))
        if htype:
            if p.marker(hex, BURNT) is not None:
                events.append(Event.of("marker_removed", place=hex, marker=BURNT))
            if p.marker(hex, BUILT) is not None:
                events.append(Event.of("marker_changed", place=hex, marker=BUILT, value=htype))
            else:
                events.append(Event.of("marker_placed", place=hex, marker=BUILT, side=side, value=htype))
        return events

    return Plan(f"{hex}/{what}", f"build {what}", f"building {what}", rule, hex, Fraction(mp), complete,
                assist=frozenset({COMBAT, CONSTRUCTION}))


MAKERS: Mapping[str, Maker] = {"bridge": bridge, "demolish": demolish, "burn": burn}
