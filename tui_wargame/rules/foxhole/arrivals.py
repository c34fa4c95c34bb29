"""Foxhole R3.B.2, R5.C-D, R16, R23: what a scenario says arrives, and where, read and checked.

The scenario's `[rules]` tables (docs/rules/foxhole.md, "Scenario tables" under R3, R16, R23):

- `[[rules.setup_area]]` side, and any of `maphexes` ("A"), `sectors` ("A:N"), `hexes`: where a
  side may place its units in a free set-up (R3.B.2-3);
- `[[rules.permitted_markers]]` side, kind (a Defensive Work or Trap), number: the markers a side
  places itself in a free set-up (R3.B.3a), one level each;
- `[[rules.reinforcements]]` side, day, units, entry (hexes on the map's edge): R23.A;
- `[[rules.support]]` id, side, days (all days if absent): an off-map Support Barrage (R23.B);
- `[[rules.sorties]]` id, side, kind "air" or "gun", range (a Gun Sortie's), days, and for an Air
  Sortie flying from the map (R25.A.1) its `airfield` hex: R5.D, R23.C;
- `[[rules.allowance]]` side, day, points, entry: the Day's allowance of Supply Points, some of which
  may be exchanged for Bridging Implements (R23.D); this table and `reinforcements` may give a
  `delay` in Full Turns (R25.D.5: ordered at the Briefing, they come that much later);
- `[[rules.transports]]` id, side, kind, entry, exit, days (R5.C, R16.C-E): a "truck" enters and
  leaves at hexes and carries three cars' worth; a "train" enters and leaves at railline hexsides
  ("HEX|HEX") and pulls `cars` cars; a "ship" enters and leaves at Deep Sea hexes and carries
  `cars` cars' worth (R16.E.2);
- `[[rules.drops]]` and `[[rules.landings]]` side, units, target, turn (a turn id; the side's
  first player turn if absent), and for landings `lvts`: R16.A-B.

Units that arrive (reinforcements, drops, landings) start in a box off the map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui_wargame.hexgrid import DIRECTION_NAMES
from tui_wargame.model import Scenario

#: R23.D: Bridging Implements bought with Supply Points: marker kind -> price.
BRIDGING_PRICES: Mapping[str, int] = {
    "boats": 1, "rafts": 5, "bridge-bailey": 2, "bridge-foot": 4, "bridge-vehicle": 6,
}

#: R16.C.2 (R16.D.2, R16.E.2): the cars each item takes on a Transport.
CARS: Mapping[str, int] = {
    "company": 3, "battery": 3, "vehicle": 3, "boats": 1, "rafts": 3, "bridge-bailey": 1,
    "bridge-foot": 2, "bridge-vehicle": 3, "supply-5": 1, "railroad-artillery": 15,
}
TRUCK_CARS = 3  # R16.D.2: a Truck carries three cars' worth, and no units
TRUCK_HEXES = 60  # R16.D.1: hexes a Truck may move in one Transport Phase

SORTIE_KINDS = ("air", "gun")
WORK_KINDS = frozenset({"foxholes", "scrapes", "pillbox", "fort-unimproved", "fort-improved", "wire",
                        "tank-traps", "mines"})  # R3.B.3a: the works and traps a side may set up
TRUCK, TRAIN, SHIP = "truck", "train", "ship"
TRANSPORT_KINDS = (TRUCK, TRAIN, SHIP)

_KEYS: Mapping[str, frozenset[str]] = {
    "setup_area": frozenset({"side", "maphexes", "sectors", "hexes"}),
    "permitted_markers": frozenset({"side", "kind", "number"}),
    "reinforcements": frozenset({"side", "day", "units", "entry", "delay"}),
    "support": frozenset({"id", "name", "side", "days"}),
    "sorties": frozenset({"id", "name", "side", "kind", "range", "days", "airfield"}),
    "allowance": frozenset({"side", "day", "points", "entry", "delay"}),
    "transports": frozenset({"id", "side", "kind", "cars", "entry", "exit", "days"}),
    "drops": frozenset({"side", "units", "target", "turn"}),
    "landings": frozenset({"side", "units", "target", "turn", "lvts"}),
}


def tables(scenario: Scenario, name: str) -> list[Mapping[str, Any]]:
    """The `[[rules.NAME]]` tables (those that are tables: `problems` reports the rest)."""
    found = scenario.rules.get(name, [])
    return [t for t in found if isinstance(t, Mapping)] if isinstance(found, list) else []


def element_name(scenario: Scenario, ident: str) -> str:
    """A Support's or Sortie's name as a player reads it (R23.B-C): its table's `name`, else its id
    with a capital ("b26" as "B26"); anything else (a unit) as it is."""
    for name in ("support", "sorties"):
        for t in tables(scenario, name):
            if t.get("id") == ident:
                given = t.get("name")
                return given if isinstance(given, str) and given else ident[:1].upper() + ident[1:]
    return ident


def days(scenario: Scenario) -> list[int]:
    return list(dict.fromkeys(t.day for t in scenario.turns))


def on(table: Mapping[str, Any], day: int) -> bool:
    """Whether a Support, Sortie or Transport table serves on `day` (every day without `days`)."""
    return "days" not in table or day in table["days"]


def setup_area(scenario: Scenario, side: str) -> frozenset[str]:
    """R3.B.2: the hexes in which `side` may set up (a hex on two sectors' border is in both)."""
    grid = scenario.grid
    found: set[str] = set()
    for t in tables(scenario, "setup_area"):
        if t.get("side") != side:
            continue
        maphexes = set(t.get("maphexes", ()))
        sectors = {tuple(s.split(":", 1)) for s in t.get("sectors", ()) if ":" in s}
        for label in grid.labels():
            name = label.partition("-")[0]
            if name in maphexes or any(name == m and sec in grid.sectors(label) for m, sec in sectors):
                found.add(label)
        found.update(t.get("hexes", ()))
    return frozenset(found)


def problems(scenario: Scenario) -> list[str]:
    """What is wrong with the R3/R16/R23 tables, each naming the table, index and key."""
    found: list[str] = []
    sides = set(scenario.side)
    day_numbers = set(days(scenario))
    for name, keys in _KEYS.items():
        raw = scenario.rules.get(name, [])
        if not isinstance(raw, list):
            found.append(f"rules.{name}: must be an array of tables ([[rules.{name}]])")
            continue
        ids: set[str] = set()
        for i, t in enumerate(raw):
            where = f"rules.{name}[{i}]"
            if not isinstance(t, Mapping):
                found.append(f"{where}: must be a table")
                continue
            for key in sorted(set(t) - keys):
                found.append(f"{where}.{key}: not a key of rules.{name} ({', '.join(sorted(keys))})")
            if t.get("side") not in sides:
                found.append(f"{where}.side: no side {t.get('side')!r}")
            if "name" in t and (not isinstance(t["name"], str) or not t["name"]):
                found.append(f"{where}.name: must be words (the name a player reads)")
            if "id" in keys:
                if not isinstance(t.get("id"), str) or not t.get("id"):
                    found.append(f"{where}.id: needs an id (a word)")
                elif t["id"] in ids:
                    found.append(f"{where}.id: {t['id']!r} is used twice")
                ids.add(str(t.get("id")))
            found += _check(scenario, where, name, t, day_numbers)
    return found


def _check(scenario: Scenario, where: str, name: str, t: Mapping[str, Any],
           day_numbers: set[int]) -> list[str]:
    found: list[str] = []
    grid = scenario.grid

    def hexes(key: str, required: bool) -> None:
        value = t.get(key)
        if value is None and not required:
            return
        if not isinstance(value, list) or not value or \
                not all(isinstance(h, str) and grid.on_map(h) for h in value):
            found.append(f"{where}.{key}: must list hexes of the map, not {value!r}")

    def edge(key: str) -> None:
        """R23.A: reinforcements and supplies come in at the map's edge."""
        inner = [h for h in t.get(key, [])
                 if isinstance(h, str) and grid.on_map(h) and len(grid.adjacent(h)) == 6]
        if inner:
            found.append(f"{where}.{key}: {', '.join(inner)} not on the map's edge (R23.A)")

    def units(arriving: bool) -> None:
        value = t.get("units")
        if not isinstance(value, list) or not value:
            found.append(f"{where}.units: must list unit ids")
            return
        for u in value:
            spec = scenario.unit.get(u) if isinstance(u, str) else None
            if spec is None:
                found.append(f"{where}.units: no unit {u!r}")
            elif spec.side != t.get("side"):
                found.append(f"{where}.units: {u} is not a unit of {t.get('side')!r}")
            elif arriving and grid.on_map(spec.start):
                found.append(f"{where}.units: {u} starts on the map; an arriving unit starts in a box")

    def day(key: str = "day") -> None:
        if t.get(key) not in day_numbers:
            found.append(f"{where}.{key}: {t.get(key)!r} is not a day of the turn track "
                         f"({sorted(day_numbers)})")

    def day_list() -> None:
        value = t.get("days")
        if value is not None and (not isinstance(value, list) or not set(value) <= day_numbers):
            found.append(f"{where}.days: must list days of the turn track ({sorted(day_numbers)})")

    def whole(key: str, least: int) -> None:
        value = t.get(key)
        if type(value) is not int or value < least:
            found.append(f"{where}.{key}: must be a whole number of at least {least}, not {value!r}")

    if name == "setup_area":
        if not {"maphexes", "sectors", "hexes"} & set(t):
            found.append(f"{where}: give maphexes, sectors or hexes (R3.B.2)")
        names = {m.name for m in getattr(grid, "maphexes", ())}
        for m in t.get("maphexes", []):
            if m not in names:
                found.append(f"{where}.maphexes: no maphex {m!r}")
        for s in t.get("sectors", []):
            m, _, sec = str(s).partition(":")
            if m not in names or sec not in DIRECTION_NAMES:
                found.append(f"{where}.sectors: {s!r} is not MAPHEX:SECTOR "
                             f"(a sector is N, NE, SE, S, SW or NW)")
        hexes("hexes", False)
    elif name in ("reinforcements", "allowance") and "delay" in t:
        whole("delay", 0)
    if name == "permitted_markers":
        if t.get("kind") != "trenches" and t.get("kind") not in WORK_KINDS:
            found.append(f"{where}.kind: {t.get('kind')!r} is not a Defensive Work or Trap (R3.B.3a)")
        whole("number", 1)
    if name == "reinforcements":
        day()
        units(True)
        hexes("entry", True)
        edge("entry")
    elif name == "support":
        day_list()
    elif name == "sorties":
        day_list()
        if t.get("kind") not in SORTIE_KINDS:
            found.append(f"{where}.kind: a Sortie is \"air\" or \"gun\" (R5.D), not {t.get('kind')!r}")
        if t.get("kind") == "gun":
            whole("range", 1)
        if "airfield" in t and (t.get("kind") != "air" or not grid.on_map(str(t["airfield"]))):
            found.append(f"{where}.airfield: an Air Sortie's airfield is a hex of the map (R25.A.1)")
    if name == "allowance":
        day()
        whole("points", 0)
        hexes("entry", True)
        edge("entry")
    elif name == "transports":
        day_list()
        kind = t.get("kind")
        if kind not in TRANSPORT_KINDS:
            found.append(f"{where}.kind: a Transport is one of {', '.join(TRANSPORT_KINDS)} (R5.C), "
                         f"not {kind!r}")
        elif kind == TRAIN:
            whole("cars", 1)
            if "aboard" not in scenario.box:
                found.append(f"{where}: a scenario with Trains needs a [[box]] \"aboard\" for the units "
                             f"they carry (R16.C.1.c)")
            for key in ("entry", "exit"):
                value = t.get(key)
                if not isinstance(value, list) or not value or not all(rail(scenario, h) for h in value):
                    found.append(f"{where}.{key}: must list railline hexsides (\"HEX|HEX\", R16.C), "
                                 f"not {value!r}")
        else:
            hexes("entry", True)
            hexes("exit", True)
            if kind == SHIP:
                whole("cars", 1)
                for key in ("entry", "exit"):
                    if any(scenario.terrain_at(h).id != "deep-sea" for h in t.get(key, []) if grid.on_map(h)):
                        found.append(f"{where}.{key}: a Ship enters and leaves by Deep Sea hexes (R16.E.1)")
            else:
                if "cars" in t:
                    found.append(f"{where}.cars: a Truck carries {TRUCK_CARS} cars (R16.D.2); give no cars")
                roads = {"highway", "road"}
                for key in ("entry", "exit"):
                    off = [h for h in t.get(key, []) if isinstance(h, str) and grid.on_map(h) and not any(
                        scenario.routes_between(h, n) & roads for n in grid.adjacent(h))]
                    if off:
                        found.append(f"{where}.{key}: {', '.join(off)} on no Highway or Road (R16.D)")
    elif name in ("drops", "landings"):
        units(True)
        if not isinstance(t.get("target"), str) or not grid.on_map(t["target"]):
            found.append(f"{where}.target: {t.get('target')!r} is not a hex of the map")
        if "turn" in t and t["turn"] not in {turn.id for turn in scenario.turns}:
            found.append(f"{where}.turn: no turn {t['turn']!r}")
        if name == "landings" and "lvts" in t:
            whole("lvts", 0)
    return found


SEA = ("shallow-sea", "deep-sea")


def shore(scenario: Scenario, label: str) -> bool:
    """R16.B: a land hex next to Shallow or Deep Sea, where landings come ashore."""
    land = scenario.terrain_at(label).id not in (*SEA, "calm-river", "swift-river")
    return land and any(scenario.terrain_at(n).id in SEA for n in scenario.grid.adjacent(label))


def cargo_cars(scenario: Scenario, items: Sequence[Sequence[Any]]) -> int:
    """R16.C.2: the cars a cargo of [kind, number] items fills ("unit" and a unit id for a unit;
    five Supply Points a car, rounded up)."""
    total = 0
    for kind, n in items:
        if kind == "unit":
            spec = scenario.unit[n]
            total += CARS["railroad-artillery" if "railroad-artillery" in spec.traits else spec.kind]
        elif kind == "supply-points":
            total += -(-int(n) // 5)
        else:
            total += CARS[kind] * int(n)
    return total


def rail(scenario: Scenario, place: Any) -> bool:
    """Whether `place` is a railline hexside ("HEX|HEX", R16.C)."""
    if not isinstance(place, str) or place.count("|") != 1:
        return False
    a, b = place.split("|")
    grid = scenario.grid
    return (grid.on_map(a) and grid.on_map(b) and b in grid.adjacent(a)
            and any(f.feature == "railline" for f in scenario.features_between(a, b)))


def arriving_units(scenario: Scenario) -> Sequence[str]:
    """Every unit that some table brings onto the map."""
    return [u for name in ("reinforcements", "drops", "landings") for t in tables(scenario, name)
            for u in t.get("units", ())]
