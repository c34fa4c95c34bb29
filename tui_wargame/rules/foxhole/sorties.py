"""Foxhole R5.D, R23.B-C, R7.B.1, R8.C: Support and Sorties in the Barrage Phase, and what
Antiaircraft and the weather do to Air Sorties.

The Dawn Briefing publishes what each side may fire this Full Turn in the State value
`dawn.available` (side -> list of {kind: "support" | "air" | "gun", id, siege, range, turn}); a
Support or Sortie that fires is struck from that list, so it fires once (once per Day, R5.D,
R23.B-C). With R25.A.1 in play an Air Sortie whose entry names an `airfield` hex flies from the map:
only from two contiguous Tarmac hexes, and twice a Day.

Antiaircraft modes (R7.B.1, with the optional Air Sortie rules R25.A.1 in play): each AA Battery
is Up, Mixed or Down (the default), kept in the State value `barrage.aa` (unit -> mode) until its
owner changes it in a Barrage Phase. Up: the Battery has no Firepower, and it weakens enemy Air
Sorties around it; Mixed: half its Firepower, and it weakens them in its own hex; Down: as normal.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tui_wargame.model import Event
from tui_wargame.rules.foxhole import airfields, supply, weather
from tui_wargame.rules.foxhole.arith import HALF, THIRD, Term
from tui_wargame.rules.foxhole.position import Position

SUPPORT, AIR, GUN = "support", "air", "gun"
KINDS = (SUPPORT, AIR, GUN)
AVAILABLE = "dawn.available"
#: R23.B-C: a Support Barrage or an Air Sortie is worth 20 Hard and 20 Soft Firepower; the text
#: gives no figure for a Gun Sortie, which "works just like" a Support Barrage (Reconstruction).
FIREPOWER = 20
AA_MODES = ("down", "mixed", "up")
AA = "barrage.aa"
LIGHT_AA, HEAVY_AA = "light-aa", "heavy-aa"
AA_OPTION = "on-map-air-sorties"  # R7.B.1: "when the optional Air Sortie rules are in play"
FLOWN, FLIGHTS = "barrage.flown", 2  # R25.A.1: an on-map Air Sortie flies twice a Day
RUNWAY = frozenset({"tarmac", "airfield"})


def available(pos: Position, side: str) -> list[Mapping[str, object]]:
    """The Support and Sorties `side` may fire now: those published for this Full Turn (an entry's
    `turn`, if it has one), Air Sorties not grounded by a Storm (R8.C.4)."""
    table: object = pos.state.values.get(AVAILABLE, {})
    found = table.get(side, ()) if isinstance(table, Mapping) else ()
    storm = weather.atmosphere(pos) == weather.STORM
    return _maintained(pos, side, [
        s for s in found if isinstance(s, Mapping) and s.get("kind") in KINDS
        and s.get("turn", pos.state.turn) == pos.state.turn and not (storm and s.get("kind") == AIR)
        and (not on_map(pos, s) or runway(pos, s))])


def _maintained(pos: Position, side: str, entries: list[Mapping[str, object]]) -> list[Mapping[str, object]]:
    """R19.B.10: an on-map Air Sortie from a built airfield (a Tarmac hex) flies only while the
    airfield maintains it: the first `airfields.level` of the Sorties naming it, in the Briefing's
    order. A printed Airfield hex is as the scenario gives it (R25.A.1's runway is enough)."""
    based: dict[str, int] = {}
    kept = []
    for s in entries:
        field = str(s.get("airfield"))
        if on_map(pos, s) and pos.hex_type(field).id == "tarmac":
            based[field] = based.get(field, 0) + 1
            if based[field] > airfields.level(pos, field, side):
                continue
        kept.append(s)
    return kept


def sources(pos: Position, side: str) -> tuple[str, ...]:
    """R12.A.2: `side`'s supply source hexes (`supply.sources`: `[rules.supply_sources]`)."""
    return supply.sources(pos.scenario, side)


def reaches(pos: Position, side: str, entry: Mapping[str, object], target: str) -> bool:
    """R5.D.2: a Gun Sortie's range counts from the hexes next to its side's off-map supply sources
    (the source hexes on the map edge); Air Sorties and Support reach anywhere (R18.A.1e). A Gun
    Sortie without a range, or a side without sources, reaches anywhere too (R18.A.1e)."""
    limit = entry.get("range", 0)
    if entry.get("kind") != GUN or not isinstance(limit, int) or limit <= 0 or not sources(pos, side):
        return True
    return any(pos.distance(h, target) <= limit for h in sources(pos, side))


def find(pos: Position, side: str, sid: str) -> Mapping[str, object] | None:
    return next((s for s in available(pos, side) if s.get("id") == sid), None)


def spend(pos: Position, side: str, ids: list[str]) -> list[Event]:
    """The Support and Sorties `ids` fired: each struck from `dawn.available` (once per Day, R5.D,
    R23.B-C), but an on-map Air Sortie (R25.A.1) only at its second flight of the Day, its flights
    counted in `barrage.flown` (id@day -> flights)."""
    flown = dict(pos.table(FLOWN))
    events = []
    struck = []
    for sid in ids:
        entry = find(pos, side, sid) or {}
        key = f"{sid}@{pos.turn.day}"
        if on_map(pos, entry) and int(flown.get(key, 0)) + 1 < FLIGHTS:
            flown[key] = int(flown.get(key, 0)) + 1
            events.append(Event.of("value_set", key=FLOWN, value=flown))
        else:
            struck.append(sid)
    table: object = pos.state.values.get(AVAILABLE, {})
    entries = table.items() if isinstance(table, Mapping) else ()
    left = {s: [dict(e) for e in found
                if isinstance(e, Mapping) and not (s == side and e.get("id") in struck)]
            for s, found in entries if isinstance(found, tuple | list)}
    return [*events, Event.of("value_set", key=AVAILABLE, value=left)] if struck else events


def on_map(pos: Position, entry: Mapping[str, object]) -> bool:
    """R25.A.1 (optional): an Air Sortie flying from an airfield on the map (its entry's `airfield`)."""
    return pos.option(AA_OPTION) and entry.get("kind") == AIR and isinstance(entry.get("airfield"), str)


def runway(pos: Position, entry: Mapping[str, object]) -> bool:
    """R25.A.1: an on-map Air Sortie flies only from two contiguous hexes of Tarmac (the airfield's
    hex and one next to it, each Tarmac or Airfield)."""
    hex_ = str(entry.get("airfield"))
    if not pos.scenario.grid.on_map(hex_) or pos.hex_type(hex_).id not in RUNWAY:
        return False
    return any(pos.hex_type(h).id in RUNWAY for h in pos.neighbours(hex_))


def air_weather(pos: Position) -> list[Term]:
    """R8.C.2-3: Overcast takes a third off Air Sorties, Precipitation two thirds."""
    sky = weather.atmosphere(pos)
    if sky == weather.OVERCAST:
        return [Term("overcast: a third off", "R8.C.2", times=Fraction(2, 3))]
    if sky == weather.PRECIPITATION:
        return [Term("precipitation: two thirds off", "R8.C.3", times=Fraction(1, 3))]
    return []


def aa_mode(pos: Position, uid: str) -> str:
    """R7.B.1: the mode of an AA Battery; a Reduced Light AA is always Down (R7.B.1.a), a Reduced
    Heavy AA is Up or Down (R7.B.1.b: a Mixed one counts as Down)."""
    modes: object = pos.state.values.get(AA, {})
    mode = str(modes.get(uid, "down")) if isinstance(modes, Mapping) else "down"
    traits = pos.spec(uid).traits
    if pos.reduced(uid) and (LIGHT_AA in traits or mode == "mixed"):
        return "down"
    return mode


def is_aa(pos: Position, uid: str) -> bool:
    return bool({LIGHT_AA, HEAVY_AA} & set(pos.spec(uid).traits))


def aa_modes(pos: Position, uid: str) -> tuple[str, ...]:
    """The modes an AA Battery may take now (R7.B.1.a-b)."""
    if pos.reduced(uid):
        return () if LIGHT_AA in pos.spec(uid).traits else ("down", "up")
    return AA_MODES


def aa_firepower_terms(pos: Position, uid: str) -> list[Term]:
    """R7.B.1: an AA Battery firing a barrage: Mixed halves its Firepower, Up leaves none."""
    if not pos.option(AA_OPTION) or not is_aa(pos, uid):
        return []
    mode = aa_mode(pos, uid)
    if mode == "mixed":
        return [Term("AA mixed", "R7.B.1", steps=HALF)]
    if mode == "up":
        return [Term("AA up: no firepower", "R7.B.1", times=Fraction(0))]
    return []


def air_defence_terms(pos: Position, target: str, firing_side: str) -> list[Term]:
    """R7.B.1.a-b: what the enemy's Up or Mixed AA Batteries do to an Air Sortie fired at `target`.
    Light Up: halves it in its hex and the next; Light Mixed: halves it in its hex. Heavy Up: ÷3 in
    its hex, halved next to it, -1 up to 3 hexes away; Heavy Mixed: halves it in its hex; a Reduced
    Heavy Up halves it in its hex only."""
    if not pos.option(AA_OPTION):
        return []
    terms = []
    for uid in pos.units_of(pos.enemy(firing_side)):
        if not is_aa(pos, uid):
            continue
        mode, d = aa_mode(pos, uid), pos.distance(pos.location(uid), target)
        what = f"{uid} AA {mode}"
        if LIGHT_AA in pos.spec(uid).traits:
            if (mode == "up" and d <= 1) or (mode == "mixed" and d == 0):
                terms.append(Term(what, "R7.B.1.a", steps=HALF))
        elif pos.reduced(uid):
            if mode == "up" and d == 0:
                terms.append(Term(what, "R7.B.1.b", steps=HALF))
        elif mode == "up":
            if d == 0:
                terms.append(Term(what, "R7.B.1.b", steps=THIRD))
            elif d == 1:
                terms.append(Term(what, "R7.B.1.b", steps=HALF))
            elif d <= 3:
                terms.append(Term(what, "R7.B.1.b", add=Fraction(-1)))
        elif mode == "mixed" and d == 0:
            terms.append(Term(what, "R7.B.1.b", steps=HALF))
    return terms
