"""Reading scenario files: TOML in, a checked `Scenario` out, or errors that name the place.

Structure (types, required keys, unknown keys) is checked by cattrs; meaning
(ids that exist, labels on the map, routes between adjacent hexes) by the
checks below, then the rule system checks its own `[rules]` tables. Every
problem is reported as `file: table.key: what is wrong`, all of them at once.
A file that passes is kept in the scenario cache (`scenario_cache`), so that
the next start reading the same bytes with the same code skips all of this.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui_wargame import rules, scenario_cache
from tui_wargame.errors import WargameError
from tui_wargame.files import SCENARIO_LIMIT, FileUnreadable, read_limited
from tui_wargame.hexgrid import DIRECTION_NAMES, distance, placement_problems
from tui_wargame.model.scenario import MapSpec, Scenario, Side, Terrain, Turn, placed_maphexes
from tui_wargame.text import clean, clean_all

if TYPE_CHECKING:
    import cattrs

MAX_PROBLEMS = 25
_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
NOT_AN_ID = "not a scenario id (letters, digits, '-' and '_': a scenario file's name in a scenario folder)"


#: A scenario's required keys, as its file spells them: a file with none of them is not one.
_SCENARIO_KEYS = frozenset({"id", "title", "system", "side", "turn", "map", "terrain", "unit"})


class ScenarioError(WargameError):
    """A scenario file that cannot be used; `problems` are "table.key: what is wrong" lines."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        shown = problems[:MAX_PROBLEMS]
        more = len(problems) - len(shown)
        text = "\n".join(f"{self.path}: {p}" for p in shown)
        if more:
            text += f"\n{self.path}: ... and {more} more problems"
        super().__init__(text)


class _Strict(ValueError):
    """A value of the wrong TOML type; the message is shown as it is."""


def _strict(kind: type, name: str) -> Any:
    def hook(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise _Strict(f"expected {name}, got {_describe(value)}")
        return value

    return hook


def _describe(value: Any) -> str:
    kinds = {bool: "a boolean", int: "an integer", str: "a string", float: "a float",
             list: "an array", dict: "a table"}
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{kinds.get(type(value), type(value).__name__)} {text}"


@functools.cache
def strict_converter() -> cattrs.Converter:
    """The converter that structures scenario tables, refusing extra keys and loose TOML types.

    Made (and cattrs imported) on first use: a scenario found in the scenario cache needs neither.
    """
    import cattrs

    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict(int, "an integer"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    return conv


def format_problem(exc: BaseException, kind: type | None) -> str:
    from cattrs.v import format_exception

    if isinstance(exc, _Strict):
        return str(exc)
    return format_exception(exc, kind)


def structure_problems(exc: Exception) -> list[str]:
    """cattrs' grouped exception as "what is wrong @ $.path" lines, one a problem."""
    import cattrs

    return list(cattrs.transform_error(exc, format_exception=format_problem))


# The file's table names differ from the model's attribute names in a few places.
_FILE_TO_MODEL = {"side": "sides", "turn": "turns", "unit": "units", "box": "boxes"}
_MODEL_TO_FILE = {v: k for k, v in _FILE_TO_MODEL.items()}


def _place(path: str, raw: Mapping[str, Any]) -> str:
    """'$.units[3].steps' -> 'unit[3] (id "31-1").steps', in the file's own names."""
    path = path.removeprefix("$").removeprefix(".")
    parts = path.split(".", 1)
    head = parts[0]
    m = re.fullmatch(r"(\w+)\[(\d+)\]", head)
    if m:
        table, index = _MODEL_TO_FILE.get(m[1], m[1]), int(m[2])
        head = f"{table}[{index}]"
        items = raw.get(table)
        if isinstance(items, list) and index < len(items) and isinstance(items[index], dict):
            ident = items[index].get("id")
            if isinstance(ident, str):
                head += f" (id {ident!r})"
    else:
        head = _MODEL_TO_FILE.get(head, head)
    return ".".join([head, *parts[1:]]) if head else "(top level)"


def parse(text: str, path: Path | str = "<scenario>") -> Scenario:
    """A checked Scenario from TOML text; ScenarioError naming every problem otherwise."""
    import tomllib  # here, not at the top: a scenario in the cache is not parsed (2 ms of a start)

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(path, [f"not valid TOML: {exc}"]) from None
    except ValueError:  # tomllib's int() of a number of thousands of digits
        raise ScenarioError(path, ["a number too long to read"]) from None
    except RecursionError:
        raise ScenarioError(path, ["lists or tables nested too deep"]) from None
    if "header" in raw:  # a save given where a scenario was expected
        raise ScenarioError(path, ["a save, not a scenario (it has a [header] table)"])
    if not _SCENARIO_KEYS & raw.keys():  # a table of something else: one line, not a list of absences
        raise ScenarioError(path, ["neither a scenario nor a save: it has none of a scenario's keys "
                                   f"({', '.join(sorted(_SCENARIO_KEYS))}) and no save [header]"])
    # Every string cleaned of control characters here, where the file is read, so that no name
    # drives the terminal of whoever prints it (docs/scenario-format.md).
    data = {_FILE_TO_MODEL.get(k, k): clean_all(v) for k, v in raw.items()}
    data["content_hash"] = hashlib.sha256(text.encode()).hexdigest()
    try:
        scenario = strict_converter().structure(data, Scenario)
    except Exception as exc:  # cattrs groups every problem it found into one exception
        problems = []
        for line in structure_problems(exc):
            what, _, where = line.rpartition(" @ ")
            problems.append(f"{_place(where, raw)}: {what}")
        raise ScenarioError(path, problems) from None
    problems = list(_meaning(scenario))
    if not problems:
        try:
            system = rules.get(scenario.system)
        except rules.UnknownSystem as exc:
            problems.append(f"system: {exc}")
        else:
            problems.extend(f"rules.{p}" if not p.startswith(("rules", "unit", "map")) else p
                            for p in system.check_scenario(scenario))
    if problems:
        raise ScenarioError(path, problems)
    return scenario


def load(path: Path | str) -> Scenario:
    """Read and check the scenario file at `path` (or find it checked already in the scenario cache)."""
    path = Path(path)
    try:
        data = read_limited(path, SCENARIO_LIMIT, "scenario")
    except FileUnreadable as exc:
        raise ScenarioError(path, [str(exc).removeprefix(f"{path}: ")]) from None
    cached = scenario_cache.get(path, data)
    if cached is not None:
        return cached
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ScenarioError(path, [f"line {line}: not UTF-8 text ({exc.reason})"]) from None
    scenario = parse(text, path)
    scenario_cache.put(path, data, scenario)
    return scenario


def _duplicates(kind: str, ids: Iterable[str]) -> Iterator[str]:
    for ident, n in Counter(ids).items():
        if n > 1:
            yield f"{kind}: id {ident!r} is used {n} times"


def _meaning(s: Scenario) -> Iterator[str]:
    """Problems of meaning: references that point nowhere, hexes off the map."""
    named: tuple[tuple[str, tuple[Side | Turn | Terrain, ...]], ...] = (
        ("side", s.sides), ("turn", s.turns), ("terrain", s.terrain))
    for table, items in named:
        for i, item in enumerate(items):
            if not item.id or any(c.isspace() for c in item.id):
                yield f"{table}[{i}].id: an id is one word, without spaces"
    if not s.id or any(c.isspace() for c in s.id):
        yield "id: the scenario's id is one word, without spaces"
    yield from _duplicates("side", (x.id for x in s.sides))
    yield from _duplicates("turn", (x.id for x in s.turns))
    yield from _duplicates("terrain", (x.id for x in s.terrain))
    yield from _duplicates("unit", (x.id for x in s.units))
    if len(s.sides) < 2:
        yield "side: a scenario needs at least two sides"
    if not s.turns:
        yield "turn: the turn track is empty"
    for i, box in enumerate(s.boxes):
        if not box.id or any(c.isspace() for c in box.id):
            yield f"box[{i}].id: a box's id is one word, without spaces"
    yield from _duplicates("box", (b.id for b in s.boxes))
    m = s.map
    shape_problems = list(_rectangle(m) if m.shape == "rectangle" else _maphexes(m))
    if shape_problems:
        yield from shape_problems
        return
    for i, box in enumerate(s.boxes):
        if s.grid.on_map(box.id):
            yield f"box[{i}].id: {box.id!r} is a hex of the map"
    terrain_ids = {t.id for t in s.terrain}
    for t in s.terrain:
        if len(t.glyph) != 2 or not t.glyph.isascii() or not t.glyph.isprintable():
            yield f"terrain (id {t.id!r}).glyph: must be two printable ASCII characters"
    if m.default_terrain not in terrain_ids:
        yield f"map.default_terrain: no terrain {m.default_terrain!r} in the terrain table"
    grid = s.grid

    def bad_label(label: str) -> str | None:
        try:
            grid.parse(label)
        except ValueError as exc:
            return str(exc)
        return None

    seen: dict[str, str] = {}
    for tid, labels in m.terrain.items():
        if tid not in terrain_ids:
            yield f"map.terrain.{tid}: no terrain {tid!r} in the terrain table"
        for label in labels:
            if err := bad_label(label):
                yield f"map.terrain.{tid}: {err}"
            elif label in seen and seen[label] != tid:
                yield f"map.terrain.{tid}: hex {label} is already {seen[label]!r}"
            seen[label] = tid
    for i, hs in enumerate(m.hexside):
        errs = [e for e in map(bad_label, hs.hexes) if e]
        if errs:
            yield from (f"map.hexside[{i}].hexes: {e}" for e in errs)
        elif distance(grid.parse(hs.hexes[0]), grid.parse(hs.hexes[1])) != 1:
            yield f"map.hexside[{i}].hexes: {hs.hexes[0]} and {hs.hexes[1]} are not adjacent"
        if hs.side and hs.side not in s.side:
            yield f"map.hexside[{i}].side: no side {hs.side!r}"
    for i, route in enumerate(m.route):
        if len(route.hexes) < 2:
            yield f"map.route[{i}].hexes: a route joins at least two hexes"
        errs = [e for e in map(bad_label, route.hexes) if e]
        if errs:
            yield from (f"map.route[{i}].hexes: {e}" for e in errs)
            continue
        for a, b in zip(route.hexes, route.hexes[1:]):
            if distance(grid.parse(a), grid.parse(b)) != 1:
                yield f"map.route[{i}].hexes: {a} and {b} are not adjacent"
    for i, place in enumerate(m.place):
        if err := bad_label(place.hex):
            yield f"map.place[{i}].hex: {err}"
        if place.side and place.side not in s.side:
            yield f"map.place[{i}].side: no side {place.side!r}"
    for i, u in enumerate(s.units):
        where = f"unit[{i}] (id {u.id!r})"
        if not u.id or any(c.isspace() for c in u.id):
            yield f"{where}.id: a unit id is one word, without spaces"
        if u.side not in s.side:
            yield f"{where}.side: no side {u.side!r}"
        if not u.factors:
            yield f"{where}.factors: a unit has at least one step (one table of factors)"
        if u.start not in s.box and (err := bad_label(u.start)):
            yield f"{where}.start: {err}; or one of the boxes {', '.join(s.box)}"


def _rectangle(m: MapSpec) -> Iterator[str]:
    """Problems of a rectangular map's columns and rows."""
    if m.maphex:
        yield "map.maphex: a rectangle map has no maphexes (shape = \"maphex\" for those)"
    if m.columns is None or m.rows is None:
        yield "map.columns/rows: a rectangle map needs both (first and last column, first and last row)"
        return
    if m.columns[0] > m.columns[1] or m.rows[0] > m.rows[1]:
        yield "map.columns/rows: the first number must not be larger than the last"
    elif not (0 <= m.columns[0] and m.columns[1] <= 99 and 0 <= m.rows[0] and m.rows[1] <= 99):
        yield "map.columns/rows: columns and rows run from 00 to 99 (CCRR labels)"


def _maphexes(m: MapSpec) -> Iterator[str]:
    """Problems of a maphex board (Foxhole R3.A): names, radii, placements, joins."""
    if m.columns is not None or m.rows is not None:
        yield "map.columns/rows: a maphex board has none: its maphexes give its hexes"
    if not m.maphex:
        yield "map.maphex: a maphex board needs at least one maphex"
        return
    names: set[str] = set()
    broken = False
    for i, spec in enumerate(m.maphex):
        where = f"map.maphex[{i}] (name {spec.name!r})"
        problems = []
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", spec.name):
            problems.append(f"{where}.name: a maphex's name is letters and digits, starting with a letter "
                            "(it begins its labels)")
        if spec.name in names:
            problems.append(f"{where}.name: another maphex is named {spec.name!r}")
        if not 1 <= spec.radius <= 20:
            problems.append(f"{where}.radius: {spec.radius} is not a radius from 1 to 20")
        if spec.attach or spec.edge:
            if spec.at is not None:
                problems.append(f"{where}.at: give either at, or attach and edge, not both")
            elif spec.attach not in names:
                problems.append(f"{where}.attach: no maphex {spec.attach!r} before this one")
            elif spec.edge.upper() not in DIRECTION_NAMES:
                problems.append(f"{where}.edge: {spec.edge!r} is not an edge ({', '.join(DIRECTION_NAMES)})")
        elif spec.at is None and names:
            problems.append(f"{where}: give its place: at = [q, r], or attach and edge")
        yield from problems
        broken = broken or bool(problems)
        names.add(spec.name)
    if not broken:
        for i, problem in placement_problems(placed_maphexes(m.maphex)):
            yield f"map.maphex[{i}] (name {m.maphex[i].name!r}): {problem}"


# --- the scenario library: where `tui-wargame scenarios` looks ---


def search_path() -> list[Path]:
    """Folders searched for scenarios: $TUI_WARGAME_SCENARIOS, the source tree's, the installed
    ones, and the generated ones kept beside the saves (`generated_dir`)."""
    dirs = [Path(p) for p in os.environ.get("TUI_WARGAME_SCENARIOS", "").split(os.pathsep) if p]
    package = Path(__file__).resolve().parent
    dirs += [package.parent / "scenarios", package / "_scenarios", generated_dir()]
    return dirs


def generated_dir() -> Path:
    """Where generated scenarios go (`tui-wargame generate`): `scenarios` in the saves folder
    ($TUI_WARGAME_SAVES, else saves/), so that a save of one finds its scenario again."""
    return Path(os.environ.get("TUI_WARGAME_SAVES", "saves")) / "scenarios"


def scenario_files(dirs: Iterable[Path] | None = None) -> dict[str, Path]:
    """Scenario id (the file's stem) -> file, the first folder that has it winning."""
    found: dict[str, Path] = {}
    for folder in dirs if dirs is not None else search_path():
        if folder.is_dir():
            for f in sorted(folder.glob("*.toml")):
                found.setdefault(f.stem, f)
    return found


def is_id(name: str) -> bool:
    """Whether `name` can be a scenario's id: a file's stem in a scenario folder, never a path."""
    return _ID.fullmatch(name) is not None


def find(name: str, dirs: Iterable[Path] | None = None, *, by_path: bool = True) -> Scenario:
    """A scenario by id, or (with `by_path`, for a name the player gave) by the path of its file.

    A save names its scenario by id only: a save comes from anyone, and a path in it could point
    at any file of the reader's, so it is looked up in the scenario folders and nowhere else.
    """
    if by_path and (name.endswith(".toml") or os.sep in name):
        return load(name)
    if not is_id(name):
        raise ScenarioError(repr(clean(name)), [NOT_AN_ID])
    files = scenario_files(dirs)
    if name not in files:
        known = ", ".join(sorted(files)) or "none"
        raise ScenarioError(name, [f"no such scenario (known: {known})"])
    scenario = load(files[name])
    if scenario.id != name:
        raise ScenarioError(files[name], [f"id: {scenario.id!r} differs from the file name {name!r}"])
    return scenario
