"""The hand-made maphex library of the competitive-scenario generator (Foxhole R24.D.2).

A Competitive Scenario gives each player one maphex (R24.D.2); the generator draws them from
this library, one TOML file per maphex in `maphexes/` (the format: docs/scenario-format.md, "The maphex
library"). A library maphex has radius 4 and its hexes are labelled without a maphex prefix
("0405"); `as_map_tables` gives them a prefix and returns the tables of a scenario's `[map]`,
`as_markers` the features printed on it (bridges, ports) as a scenario's `[[rules.markers]]`.
Every problem in a file is an error naming the file, the key and what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tui_wargame.errors import WargameError
from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import DIRECTION_NAMES, Hex, Maphex, MaphexBoard, along, distance
from tui_wargame.model.scenario import Hexside, Place, Route
from tui_wargame.rules.foxhole import charts
from tui_wargame.rules.foxhole.markers import KINDS, place_kind

RADIUS = 4  # every library maphex: 73 hexes, an edge of seven hexes facing each compass direction
#: The marker kinds a map prints (R3.B.1 bridges, R16.E ports, R19.B.9 single structures, R7.B.2.a).
PRINTED = ("bridge-printed", "port", "building", "tall-building", "rail-circle")
SEA = ("shallow-sea", "deep-sea")
#: R24.D.5 names maphexes by their country: Blitzkrieg draws "Clear or Desert Maphexes", Scorched
#: Earth "non-Desert" ones; the rest are "mixed".
COUNTRIES = ("clear", "desert", "mixed")
_KEYS = ("id", "name", "description", "radius", "country", "coast", "terrain", "hexside", "route", "place",
         "marker")
_BOARD = MaphexBoard([Maphex("M", RADIUS, Hex(0, 0))])


class MaphexError(WargameError):
    """A library maphex file that cannot be used: the message names the file and the key."""


@frozen
class PrintedMarker:
    """A feature the maphex prints that the rules keep as a marker: a bridge, a port (R3.B.1)."""

    place: str  # a hex, or a hexside "HEX|HEX" (labels sorted)
    kind: str


@frozen
class LibraryMaphex:
    """One library maphex: its terrain (hex type -> labels, the rest Clear), hexside features,
    transportation lines, named places, printed markers, and the edges that are sea (`coast`)."""

    id: str
    name: str
    description: str
    radius: int
    country: str
    coast: tuple[str, ...]
    terrain: Mapping[str, tuple[str, ...]]
    hexsides: tuple[Hexside, ...]
    routes: tuple[Route, ...]
    places: tuple[Place, ...]
    markers: tuple[PrintedMarker, ...]

    def hex_type(self, label: str) -> str:
        return next((t for t, labels in self.terrain.items() if label in labels), "clear")


@frozen
class Exit:
    """Where a transportation line leaves the maphex: its end hex on the edge(s) it lies on."""

    edges: tuple[str, ...]
    hex: str
    kind: str
    name: str


@cache
def labels() -> tuple[str, ...]:
    """Every hex label of a library maphex ("0301" to "1105"), column by column."""
    return tuple(_BOARD.short_label(_BOARD.label(h)) for h in _BOARD.hexes())


@cache
def edge_hexes(edge: str) -> tuple[str, ...]:
    """R3.A: the seven hexes along the maphex edge facing `edge` (a corner hex is on two edges)."""
    d = DIRECTION_NAMES.index(edge)
    return tuple(lb for lb in labels() if along(_hex(lb), d) >= 2 * RADIUS - 1)


def edges_of(label: str) -> tuple[str, ...]:
    """The edges hex `label` lies on (none for an inner hex)."""
    return tuple(e for d, e in enumerate(DIRECTION_NAMES) if along(_hex(label), d) >= 2 * RADIUS - 1)


def exits(m: LibraryMaphex) -> tuple[Exit, ...]:
    """Each end of a line that lies on an edge: where it leaves the maphex (R24.D.2: those on the
    edge away from the enemy are a player's supply sources)."""
    found = []
    for r in m.routes:
        for end in dict.fromkeys((r.hexes[0], r.hexes[-1])):
            if edges := edges_of(end):
                found.append(Exit(edges, end, r.kind, r.name))
    return tuple(found)


def ids() -> tuple[str, ...]:
    """The library's maphexes, sorted."""
    return tuple(sorted(p.name.removesuffix(".toml") for p in _directory().iterdir()
                        if p.name.endswith(".toml")))


def load(ident: str) -> LibraryMaphex:
    """The library maphex `ident`."""
    if ident not in ids():
        raise MaphexError(f"no library maphex {ident!r} (maphexes: {', '.join(ids())})")
    item = _directory().joinpath(f"{ident}.toml")
    return parse(item.read_text(encoding="utf-8"), f"maphexes/{ident}.toml", ident)


def read(path: Path) -> LibraryMaphex:
    """A maphex file outside the library (a player's own, or a test's)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MaphexError(f"{path}: cannot be read ({exc.strerror})") from None
    return parse(text, str(path), path.stem)


def parse(text: str, where: str, ident: str) -> LibraryMaphex:
    """A maphex from its TOML text; `where` names the file in errors, `ident` is its id."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MaphexError(f"{where}: not TOML: {exc}") from None
    except (ValueError, RecursionError):  # a number of thousands of digits; lists nested too deep
        raise MaphexError(f"{where}: a number too long or lists nested too deep to read") from None
    problems = list(_problems(raw, ident))
    if problems:
        raise MaphexError("\n".join(f"{where}: {p}" for p in problems))
    return LibraryMaphex(
        id=raw["id"], name=raw["name"], description=raw["description"], radius=raw["radius"],
        country=raw.get("country", "mixed"), coast=tuple(raw.get("coast", ())),
        terrain={t: tuple(hexes) for t, hexes in raw.get("terrain", {}).items()},
        hexsides=tuple(Hexside((h["hexes"][0], h["hexes"][1]), h["feature"]) for h in raw.get("hexside", ())),
        routes=tuple(Route(r["kind"], tuple(r["hexes"]), r.get("name", "")) for r in raw.get("route", ())),
        places=tuple(Place(p["hex"], p["name"], kind=p.get("kind", "town")) for p in raw.get("place", ())),
        markers=tuple(PrintedMarker(_sorted_place(m["place"]), m["kind"]) for m in raw.get("marker", ())))


def as_map_tables(m: LibraryMaphex, prefix: str) -> dict[str, Any]:
    """The maphex as a scenario's `[map]` tables (`terrain`, `hexside`, `route`, `place`), each
    label given the maphex's name `prefix` ("0405" -> "A-0405")."""
    def lb(label: str) -> str:
        return f"{prefix}-{label}"

    return {
        "terrain": {t: [lb(h) for h in hexes] for t, hexes in m.terrain.items()},
        "hexside": [{"hexes": [lb(h) for h in hs.hexes], "feature": hs.feature} for hs in m.hexsides],
        "route": [{"kind": r.kind, "hexes": [lb(h) for h in r.hexes], **({"name": r.name} if r.name else {})}
                  for r in m.routes],
        "place": [{"hex": lb(p.hex), "name": p.name, "kind": p.kind} for p in m.places],
    }


def as_markers(m: LibraryMaphex, prefix: str) -> list[dict[str, str]]:
    """The maphex's printed features as a scenario's `[[rules.markers]]` (R3.B.1, R3.B.3a)."""
    return [{"place": "|".join(f"{prefix}-{h}" for h in p.place.split("|")), "kind": p.kind}
            for p in m.markers]


# --- checking a file ---


def _directory() -> Any:
    return resources.files("tui_wargame.rules.foxhole").joinpath("maphexes")


def _hex(label: str) -> Hex:
    return _BOARD.parse(f"M-{label}")


def _sorted_place(place: str) -> str:
    return "|".join(sorted(place.split("|")))


def _label_problem(label: object) -> str | None:
    if not isinstance(label, str) or not (len(label) == 4 and label.isascii() and label.isdigit()):
        return f"{label!r} is not a hex label (four digits, column and row: \"0405\")"
    if not _BOARD.on_map(f"M-{label}"):
        return f"{label!r} is not a hex of a radius-{RADIUS} maphex (columns 01-11, rows 01-09)"
    return None


def _not_strings(value: object, at_least: int = 0) -> str | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return "must be a list of strings"
    if len(value) < at_least:
        return f"needs at least {at_least}"
    return None


def _tables(raw: Mapping[str, Any], key: str, needed: Sequence[str], optional: Sequence[str] = ()
            ) -> Iterator[tuple[str, dict[str, Any] | None, str]]:
    """(where, table, "") for each good `[[key]]` table (its keys known, its values strings but
    `hexes`), else (where, None, problem)."""
    items = raw.get(key, [])
    if not isinstance(items, list):
        yield key, None, f"{key}: must be an array of tables ([[{key}]])"
        return
    for i, item in enumerate(items):
        where = f"{key}[{i}]"
        if not isinstance(item, dict):
            yield where, None, f"{where}: must be a table"
        elif missing := [k for k in needed if k not in item]:
            yield where, None, f"{where}: needs {', '.join(missing)}"
        elif unknown := sorted(set(item) - set(needed) - set(optional)):
            yield where, None, f"{where}.{unknown[0]}: not a key here ({', '.join((*needed, *optional))})"
        elif wrong := [k for k, v in item.items() if k != "hexes" and not isinstance(v, str)]:
            yield where, None, f"{where}.{wrong[0]}: must be a string"
        else:
            yield where, item, ""


def _problems(raw: Mapping[str, Any], ident: str) -> Iterator[str]:
    for key in sorted(set(raw) - set(_KEYS)):
        yield f"{key}: not a maphex key ({', '.join(_KEYS)})"
    for key in ("id", "name", "description"):
        if not isinstance(raw.get(key), str) or not raw.get(key):
            yield f"{key}: needs a string"
    if isinstance(raw.get("id"), str) and raw["id"] != ident:
        yield f"id: {raw['id']!r} is not the file's name ({ident!r})"
    if raw.get("country", "mixed") not in COUNTRIES:
        yield f"country: {raw['country']!r} is not one of {', '.join(COUNTRIES)} (R24.D.5)"
    if raw.get("radius") != RADIUS or type(raw.get("radius")) is not int:
        yield f"radius: every library maphex has radius {RADIUS}, not {raw.get('radius')!r}"
        return
    terrain: dict[str, str] = {}
    yield from _terrain(raw.get("terrain", {}), terrain)
    for where, hs, problem in _tables(raw, "hexside", ("hexes", "feature")):
        if hs is None:
            yield problem
            continue
        if hs["feature"] not in charts.HEXSIDE_TYPES:
            yield (f"{where}.feature: {hs['feature']!r} is not a hexside of Chart 2 "
                   f"({', '.join(charts.HEXSIDE_TYPES)})")
        yield from _chain(hs["hexes"], f"{where}.hexes", hexside=True)
    for where, route, problem in _tables(raw, "route", ("kind", "hexes"), ("name",)):
        if route is None:
            yield problem
            continue
        if route["kind"] not in charts.LINES:
            yield f"{where}.kind: {route['kind']!r} is not a transportation line ({', '.join(charts.LINES)})"
        yield from _chain(route["hexes"], f"{where}.hexes")
    for where, place, problem in _tables(raw, "place", ("hex", "name"), ("kind",)):
        if place is None:
            yield problem
        elif err := _label_problem(place["hex"]):
            yield f"{where}.hex: {err}"
    for where, marker, problem in _tables(raw, "marker", ("place", "kind")):
        if marker is None:
            yield problem
        else:
            yield from _marker(marker["place"], marker["kind"], where)
    yield from _coast(raw.get("coast", []), terrain)


def _terrain(table: object, terrain: dict[str, str]) -> Iterator[str]:
    """Problems of `[terrain]`; each good hex's type goes into `terrain`."""
    if not isinstance(table, dict):
        yield "terrain: must be a table (hex type = [labels])"
        return
    for tid, hexes in table.items():
        if tid not in charts.HEX_TYPES:
            yield f"terrain.{tid}: not a hex type of Chart 2 ({', '.join(charts.HEX_TYPES)})"
        if err := _not_strings(hexes):
            yield f"terrain.{tid}: {err}"
            continue
        for label in hexes:
            if err := _label_problem(label):
                yield f"terrain.{tid}: {err}"
            elif label in terrain:
                yield f"terrain.{tid}: hex {label} is already {terrain[label]!r}"
            else:
                terrain[label] = tid


def _marker(place: str, kind: str, where: str) -> Iterator[str]:
    """Problems of a printed marker: its kind, and its place (a hex or a hexside "HEX|HEX")."""
    if kind not in PRINTED:
        yield f"{where}.kind: {kind!r} is not a marker a map prints ({', '.join(PRINTED)})"
        return
    ends = place.split("|")
    if len(ends) == 1 and (err := _label_problem(place)):
        yield f"{where}.place: {err}"
    elif len(ends) > 1:
        yield from _chain(ends, f"{where}.place", hexside=True)
    if place_kind(place) not in KINDS[kind].places:
        yield (f"{where}.place: a {KINDS[kind].name} goes on a {' or '.join(sorted(KINDS[kind].places))}, "
               f"not {place!r}")


def _chain(hexes: object, key: str, hexside: bool = False) -> Iterator[str]:
    """Problems of a list of labels each adjacent to the next: a route, or a hexside's two hexes."""
    if err := _not_strings(hexes, at_least=2):
        yield f"{key}: {err}"
        return
    assert isinstance(hexes, list)
    if hexside and len(hexes) != 2:
        yield f"{key}: a hexside lies between exactly two hexes"
    elif bad := [err for err in map(_label_problem, hexes) if err]:
        yield from (f"{key}: {err}" for err in bad)
    else:
        yield from (f"{key}: {a} and {b} are not adjacent" for a, b in zip(hexes, hexes[1:])
                    if distance(_hex(a), _hex(b)) != 1)


def _coast(coast: object, terrain: Mapping[str, str]) -> Iterator[str]:
    """R24.D.2: each coast edge names a compass edge whose hexes are all sea."""
    if err := _not_strings(coast):
        yield f"coast: {err}"
        return
    assert isinstance(coast, list)
    for edge in coast:
        if edge not in DIRECTION_NAMES:
            yield f"coast: {edge!r} is not a maphex edge ({', '.join(DIRECTION_NAMES)})"
        elif dry := [h for h in edge_hexes(edge) if terrain.get(h, "clear") not in SEA]:
            yield f"coast: the {edge} edge is a coast but {', '.join(dry)} are not sea ({', '.join(SEA)})"
