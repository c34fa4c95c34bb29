"""The static side of a game: map, sides, turn track, units and the rule system's data.

These classes mirror the scenario TOML one to one (see docs/scenario-format.md);
`tui_wargame.scenario_file` reads and checks them. Nothing here changes
during play: the changing side is `State`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal

from attrs import field

from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import Board, Grid, Hex, Maphex, MaphexBoard, attached, hexside


@frozen
class Box:
    """A place off the map where units can be: a box on the game's charts."""

    id: str  # the word a unit's location holds ("eliminated")
    description: str = ""  # one line for the screen's panels


#: The boxes of a scenario that declares none: those the Fire & Movement games use.
DEFAULT_BOXES: tuple[Box, ...] = (
    Box("reinforcements", "units yet to arrive"),
    Box("set-aside", "units out of play for now"),
    Box("pool", "units a side may draw on"),
    Box("eliminated", "units destroyed"),
    Box("off-map", "units that have left the map"),
    Box("deploy", "units waiting to be placed in a free set-up"),
)


@frozen
class Side:
    id: str
    name: str
    short: str = ""  # a one- or two-letter tag for the map ("CP", "Br")


@frozen
class Turn:
    """One box of the turn track."""

    id: str
    name: str
    day: int = 0
    time: str = ""  # "morning", "afternoon", "night", ...
    night: bool = False


@frozen
class Terrain:
    id: str
    name: str
    glyph: str = ".."  # two ASCII characters for the compact map


@frozen
class Hexside:
    """A feature on the side between two adjacent hexes (canal, trench line, river)."""

    hexes: tuple[str, str]
    feature: str
    side: str = ""  # the side that owns it (trench lines); then hexes[0] is the hex on its side


@frozen
class Route:
    """A road, track or railway: a chain of hexes, each adjacent to the next."""

    kind: str
    hexes: tuple[str, ...]
    name: str = ""


@frozen
class Place:
    """A named hex: a town, a victory hex, an entry area."""

    hex: str
    name: str
    vp: int = 0
    side: str = ""  # who holds it at the start, if anyone
    kind: str = "town"


@frozen
class MaphexSpec:
    """One maphex of a maphex board (Foxhole R3.A): placed at `at` (its centre hex's axial q, r),
    or joined to the `edge` ("N", "NE", ...) of the earlier maphex named `attach`; the first one
    placed by neither is at (0, 0)."""

    name: str
    radius: int
    at: tuple[int, int] | None = None
    attach: str = ""
    edge: str = ""


@frozen
class MapSpec:
    shape: Literal["rectangle", "maphex"] = "rectangle"
    columns: tuple[int, int] | None = None  # a rectangle's
    rows: tuple[int, int] | None = None
    stagger: Literal["odd", "even"] = "even"
    maphex: tuple[MaphexSpec, ...] = ()  # a maphex board's
    default_terrain: str = "clear"
    terrain: Mapping[str, tuple[str, ...]] = field(factory=dict)  # terrain id -> hex labels
    hexside: tuple[Hexside, ...] = ()
    route: tuple[Route, ...] = ()
    place: tuple[Place, ...] = ()


@frozen
class UnitSpec:
    """One counter. `factors[k]` are its printed values with k steps lost."""

    id: str
    name: str
    side: str
    kind: str
    factors: tuple[Mapping[str, int], ...]
    start: str  # a hex label or an off-map box
    formation: str = ""
    traits: tuple[str, ...] = ()

    @property
    def steps(self) -> int:
        return len(self.factors)


@frozen
class Scenario:
    id: str
    title: str
    system: str
    sides: tuple[Side, ...]
    turns: tuple[Turn, ...]
    map: MapSpec
    terrain: tuple[Terrain, ...]
    units: tuple[UnitSpec, ...]
    description: str = ""
    boxes: tuple[Box, ...] = DEFAULT_BOXES
    rules: Mapping[str, Any] = field(factory=dict)  # the rule system's own tables
    content_hash: str = ""  # sha256 of the file it came from

    @cached_property
    def grid(self) -> Board:
        """The board the map's shape makes; `scenario_file` has checked the map before asking."""
        m = self.map
        if m.shape == "maphex":
            return MaphexBoard(placed_maphexes(m.maphex))
        assert m.columns is not None and m.rows is not None
        return Grid(m.columns, m.rows, m.stagger)

    @cached_property
    def box(self) -> Mapping[str, Box]:
        return {b.id: b for b in self.boxes}

    @cached_property
    def unit(self) -> Mapping[str, UnitSpec]:
        return {u.id: u for u in self.units}

    @cached_property
    def side(self) -> Mapping[str, Side]:
        return {s.id: s for s in self.sides}

    @cached_property
    def terrain_type(self) -> Mapping[str, Terrain]:
        return {t.id: t for t in self.terrain}

    @cached_property
    def hex_terrain(self) -> Mapping[str, str]:
        """Hex label -> terrain id, for the hexes not of the default terrain."""
        return {label: tid for tid, labels in self.map.terrain.items() for label in labels}

    def terrain_at(self, label: str) -> Terrain:
        return self.terrain_type[self.hex_terrain.get(label, self.map.default_terrain)]

    @cached_property
    def hexside_features(self) -> Mapping[frozenset[Hex], tuple[Hexside, ...]]:
        grid = self.grid
        found: dict[frozenset[Hex], list[Hexside]] = {}
        for hs in self.map.hexside:
            key = hexside(grid.parse(hs.hexes[0]), grid.parse(hs.hexes[1]))
            found.setdefault(key, []).append(hs)
        return {k: tuple(v) for k, v in found.items()}

    @cached_property
    def routes(self) -> Mapping[frozenset[Hex], frozenset[str]]:
        """For each pair of adjacent hexes joined by a route, the route kinds joining them."""
        grid = self.grid
        found: dict[frozenset[Hex], set[str]] = {}
        for route in self.map.route:
            cells = [grid.parse(label) for label in route.hexes]
            for a, b in zip(cells, cells[1:]):
                found.setdefault(hexside(a, b), set()).add(route.kind)
        return {k: frozenset(v) for k, v in found.items()}

    @cached_property
    def places(self) -> Mapping[str, Place]:
        return {p.hex: p for p in self.map.place}

    def features_between(self, a: str, b: str) -> tuple[Hexside, ...]:
        grid = self.grid
        return self.hexside_features.get(hexside(grid.parse(a), grid.parse(b)), ())

    def routes_between(self, a: str, b: str) -> frozenset[str]:
        grid = self.grid
        return self.routes.get(hexside(grid.parse(a), grid.parse(b)), frozenset())


def placed_maphexes(specs: tuple[MaphexSpec, ...]) -> list[Maphex]:
    """The maphexes with their centres: given, joined to an earlier one's edge, or (0, 0). Each
    `attach` must name an earlier maphex and each `edge` be a compass name (`scenario_file` checks)."""
    placed: dict[str, Maphex] = {}
    for spec in specs:
        if spec.attach:
            centre = attached(placed[spec.attach], spec.radius, spec.edge)
        else:
            centre = Hex(*spec.at) if spec.at is not None else Hex(0, 0)
        placed[spec.name] = Maphex(spec.name, spec.radius, centre)
    return list(placed.values())
