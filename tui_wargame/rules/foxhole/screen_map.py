"""What the map shows of a Foxhole hex besides its units: the markers (R5.B) and the conditions of
the units in it, the most important at a glance and every one in words.

A hex may hold many markers (works, traps, smoke, fire, bridges, supply) and its hexsides more
(a Bailey Bridge, a Rail Break). The map has room for one mark a hex, so `layers` draws the most
important by `IMPORTANCE`: what harms or stops a unit entering first (Fire, Traps), then what
blinds (Smoke), then what shelters (Works, strongest first), then the units' conditions (Pinned
before Suppressed, Exhausted before Fatigued, supply), then crossings, transports and supply, then
the rest; a "+" after the mark says there is more. `hex_notes` lists every one for the hex panel,
its mark first (the panel's legend), with what it does and its rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal

from tui_wargame.model import Marker
from tui_wargame.rules.capabilities import Layer, Line
from tui_wargame.rules.foxhole import charts, markers
from tui_wargame.rules.foxhole.narration import CONDITION_WORDS
from tui_wargame.rules.foxhole.position import CONDITIONS, Position
from tui_wargame.rules.foxhole.screen_units import CONDITION_LETTERS
from tui_wargame.text import side_name

#: A marker's short mark on the map (at most two characters; a level follows a one-letter mark).
MARKS: Mapping[str, str] = {
    "fire": "F", "mines": "M", "tank-traps": "K", "wire": "W", "smoke": "S",
    "fort-improved": "IF", "fort-unimproved": "UF", "pillbox": "PB", "trenches": "T",
    "scrapes": "SC", "foxholes": "FH", "shellholes": "SH",
    "bridge-destroyed": "BX", "bridge-damaged": "BD", "bridge-bailey": "BB", "bridge-vehicle": "BV",
    "bridge-foot": "BF", "bridge-printed": "B", "boats": "Bo", "rafts": "Ra",
    "rail-break": "RB", "port-damaged": "PD", "port": "Pt", "ship": "Sh", "truck": "Tk", "train": "Tr",
    "supply-points": "$", "refugees": "R", "sapping": "Sa", "tunnel": "Tu",
    "burnt-out": "BO", "no-refugees": "NR", "building": "Bu", "tall-building": "TB", "built": "Bt",
    "rail-circle": "RC",
}
#: Unit conditions, drawn as markers are: the letter on the counter's face in lower case, apart
#: from the hex markers' capitals (p Pinned, s Suppressed; S Smoke).
CONDITION_MARKS: Mapping[str, str] = {flag: letter.lower() for flag, letter in CONDITION_LETTERS.items()}

#: The order of importance, most important first: the mark drawn for a hex is its first here.
IMPORTANCE: tuple[str, ...] = (
    "fire", "mines", "tank-traps", "wire", "smoke",
    "fort-improved", "fort-unimproved", "pillbox", "trenches", "scrapes", "foxholes", "shellholes",
    "pinned", "exhausted", "suppressed", "fatigued", "supply-depleted", "supply-reduced", "overwatch",
    "expended",
    "bridge-destroyed", "bridge-damaged", "bridge-bailey", "bridge-vehicle", "bridge-foot",
    "bridge-printed", "boats", "rafts", "rail-break", "port-damaged", "port", "ship", "truck", "train",
    "supply-points", "refugees", "sapping", "tunnel", "burnt-out", "no-refugees", "building",
    "tall-building", "built", "rail-circle",
)
_RANK = {kind: i for i, kind in enumerate(IMPORTANCE)}


def _defence(d: charts.Defence) -> str:
    return f"Defence +{d.barrage} Barrage, +{d.fight} Fight, +{d.assault} Assault"


def _work(kind: str) -> Callable[[Marker], str]:
    def said(_: Marker) -> str:
        work = charts.WORKS[kind]
        units = "the whole hex" if work.capacity is None else f"{work.capacity} unit" + \
            ("s" if work.capacity != 1 else "")
        return f"{_defence(work.defence)}; {units}"
    return said


def _level(m: Marker) -> int:
    return m.value if type(m.value) is int else 1


def _fixed(text: str) -> Callable[[Marker], str]:
    return lambda _: text


#: kind -> what the marker does, in words (its rule is `markers.KINDS[kind].rule`).
EFFECTS: Mapping[str, Callable[[Marker], str]] = {
    "trenches": lambda m: f"{_defence(charts.trench_defence(_level(m)))}; the whole hex",
    "foxholes": _work("foxholes"), "scrapes": _work("scrapes"), "pillbox": _work("pillbox"),
    "fort-unimproved": _work("fort-unimproved"), "fort-improved": _work("fort-improved"),
    "shellholes": _work("shellholes"),
    "mines": lambda m: f"Assaulting in, Pinned {2 * _level(m)} in 10; line moves stop here",
    "tank-traps": lambda m: f"Motorized: +{2 * _level(m)} MP to enter, Pinned {3 * _level(m)} in 10 "
                            "Assaulting in",
    "wire": _fixed("+1 MP to enter but for Motorized units; a Company Assaulting in, -1 firepower"),
    "smoke": _fixed("one firer in a Fight -1 Hard, -2 Soft firepower, or one Assaulter +1 Defence; "
                    "none at Night"),
    "fire": _fixed("units here flee or are Reduced; it may spread; line moves stop here"),
    "burnt-out": lambda m: f"burnt out: the hex is now {charts.HEX_TYPES[m.value].name}"
                           if isinstance(m.value, str) and m.value in charts.HEX_TYPES
                           else "burnt out: it cannot burn again nor make Refugees",
    "built": lambda m: f"Engineers made the hex {charts.HEX_TYPES[m.value].name}"
                       if isinstance(m.value, str) and m.value in charts.HEX_TYPES else "built up",
    "building": lambda m: f"{_defence(charts.FEATURES['building'].defence)}; 1 unit",
    "tall-building": lambda m: f"{_defence(charts.FEATURES['tall-building'].defence)}; 1 unit",
    "refugees": _fixed("+1 MP to enter; the hex's transportation line may not be used"),
    "no-refugees": _fixed("the hex makes no more Refugees"),
    "supply-points": lambda m: f"{_level(m)} Supply Points stored here",
    "boats": _fixed("carried here: float foot Companies, Light AA and Mortars over rivers"),
    "rafts": _fixed("carried here: float any unit over rivers; several make a bridge"),
    "bridge-foot": _fixed("crosses the water hex for 2 MP, not Motorized; Defence halved on it"),
    "bridge-vehicle": _fixed("crosses the water hex for 2 MP; Defence halved on it"),
    "bridge-bailey": _fixed("crossing costs 1 MP; Defence halved crossing"),
    "bridge-printed": _fixed("the printed bridge"),
    "bridge-damaged": _fixed("each Vehicle crossing destroys it 1 in 10, Eliminating itself; a second "
                             "damage destroys it"),
    "bridge-destroyed": _fixed("no crossing here"),
    "rail-break": _fixed("Trains may not pass"),
    "port": _fixed("Ships may enter and unload here"),
    "port-damaged": _fixed("Transports may not use the port"),
    "sapping": _fixed("Engineers are digging a mine under the hex"),
    "tunnel": _fixed("a tunnel runs here"),
    "rail-circle": _fixed("Railroad Artillery may fire from here"),
    "truck": lambda m: "a Truck carrying Supplies or a unit",
    "ship": lambda m: "a Ship" + (f" carrying {m.value}" if type(m.value) is int else ""),
    "train": lambda m: "a Train" + (f" of {m.value} cars" if type(m.value) is int else ""),
}


#: A Bailey Bridge in a hex is carried there, not yet placed across a hexside (R5.B.9, R19.B.2).
CARRIED = "carried here, to be placed across a hexside"


def mark(m: Marker, viewer: str | None = None) -> str:
    """The marker's mark on the map: "T2" for Trenches level 2, "M" for one level of Mines; "?"
    for one face down that `viewer` may not see."""
    if m.hidden and m.side != viewer:
        return "?"
    short = MARKS.get(m.kind, m.kind[:2].title())
    kind = markers.KINDS.get(m.kind)
    if kind is not None and kind.levels and len(short) == 1:
        return f"{short}{_level(m)}"
    return short


def _name(m: Marker) -> str:
    kind = markers.KINDS.get(m.kind)
    name = kind.name if kind else charts.MARKER_KINDS.get(m.kind, m.kind)
    return f"{name}, level {_level(m)}" if kind is not None and kind.levels else name


def _hexsides(pos: Position, label: str) -> list[tuple[str, Marker]]:
    """(the hex across, marker) for each marker on a hexside of `label`."""
    found = []
    for other in pos.neighbours(label):
        for m in pos.markers(pos.hexside_place(label, other)):
            found.append((other, m))
    return found


def _conditions(pos: Position, label: str) -> dict[str, list[str]]:
    """condition -> the units in `label` carrying it, in the order of `CONDITIONS`."""
    units = pos.units_in(label)
    return {flag: [u for u in units if pos.has(u, flag)] for flag in CONDITIONS
            if any(pos.has(u, flag) for u in units)}


def hex_notes(pos: Position, label: str) -> list[Line]:
    """Every marker in `label` and on its hexsides, and every condition of its units, most
    important first: its mark, name, what it does, and its rule."""
    lines: list[tuple[int, Line]] = []
    for m in pos.markers(label):
        if m.hidden:
            owner = side_name(pos.scenario, m.side) if m.side else "nobody"
            lines.append((len(IMPORTANCE), Line(f"? a face-down marker of {owner}", "R5.B")))
            continue
        kind = markers.KINDS.get(m.kind)
        effect = _fixed(CARRIED) if m.kind == "bridge-bailey" else EFFECTS.get(m.kind)
        owner = f" ({side_name(pos.scenario, m.side)})" if m.side else ""
        said = f"{mark(m)} {_name(m)}{owner}" + (f": {effect(m)}" if effect else "")
        lines.append((_RANK.get(m.kind, len(IMPORTANCE)), Line(said, kind.rule if kind else "R5.B")))
    for other, m in _hexsides(pos, label):
        kind = markers.KINDS.get(m.kind)
        effect = EFFECTS.get(m.kind)
        said = f"{mark(m)} {_name(m)} to {other}" + (f": {effect(m)}" if effect else "")
        lines.append((_RANK.get(m.kind, len(IMPORTANCE)), Line(said, kind.rule if kind else "R5.B")))
    for flag, units in _conditions(pos, label).items():
        name, words, rule = CONDITION_WORDS[flag]
        lines.append((_RANK[flag], Line(f"{CONDITION_MARKS[flag]} {name}: {', '.join(units)}: {words}",
                                        rule)))
    return [line for _, line in sorted(lines, key=lambda pair: pair[0])]


def layers(pos: Position, viewer: str | None) -> list[Layer]:
    """Two layers: "markers" (style marker), each hex's most important marker or unit condition
    (`IMPORTANCE`), with a "+" when it holds more; and "features" (style info, drawn where no
    marker is), what is part of the map more than placed on it (`FEATURE_KINDS`: a Port, a
    Building). Hexside markers count for the hexes on both sides."""
    found: dict[str, list[tuple[int, str]]] = {}
    features: dict[str, list[tuple[int, str]]] = {}
    for place, placed in pos.state.markers.items():
        for m in placed:
            hidden = m.hidden and m.side != viewer
            rank = len(IMPORTANCE) if hidden else _RANK.get(m.kind, len(IMPORTANCE))
            into = features if m.kind in FEATURE_KINDS and not hidden else found
            for label in place.split("|"):
                if pos.scenario.grid.on_map(label):
                    into.setdefault(label, []).append((rank, mark(m, viewer)))
    for label in pos.occupied():
        for flag in _conditions(pos, label):
            found.setdefault(label, []).append((_RANK[flag], CONDITION_MARKS[flag]))
    return [_layer("markers", found, LEGEND, "marker"),
            _layer("features", features, FEATURES_LEGEND, "info")]


def _layer(name: str, found: Mapping[str, list[tuple[int, str]]], legend: str,
           style: Literal["marker", "info"]) -> Layer:
    marks, notes = {}, {}
    for label, ranked in found.items():
        ranked = sorted(ranked)
        first = ranked[0][1]
        marks[label] = first + "+" if len(ranked) > 1 else first
        notes[label] = f"{name}: " + " ".join(m for _, m in ranked)
    return Layer(name, name, legend, marks, "!" if style == "marker" else "o", style=style, rule="R5.B",
                 notes=notes)


def _legend(kinds: tuple[str, ...]) -> str:
    return ", ".join(f"{MARKS[k]}{f'1-{kind.levels}' if kind.levels and len(MARKS[k]) == 1 else ''}"
                     f" {kind.name}" for k in kinds for kind in [markers.KINDS[k]])


#: What is part of the map more than placed on it: drawn apart (style info), under any marker.
FEATURE_KINDS = frozenset({"port", "building", "tall-building", "built", "burnt-out", "no-refugees",
                           "rail-circle", "tunnel", "bridge-printed"})
_PLACED = tuple(k for k in IMPORTANCE if k in MARKS and k not in FEATURE_KINDS)
LEGEND = ("each hex's most important marker, by this order (with its level: T2 is Trenches level 2; "
          "a + when the hex holds more): " + _legend(_PLACED[:12]) + "; units: "
          + ", ".join(f"{CONDITION_MARKS[flag]} {CONDITION_WORDS[flag][0]}" for flag in CONDITION_MARKS)
          + "; then " + _legend(_PLACED[12:]))
FEATURES_LEGEND = "where no marker is: " + _legend(tuple(k for k in IMPORTANCE if k in FEATURE_KINDS))
