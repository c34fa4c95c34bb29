"""Drawing a hex map into a grid of styled characters, without any Textual.

Flat-topped hexes sit in columns, each column half a hex higher or lower than
the next; the board says where each hex is drawn (`Board.layout`), whatever
its shape, and a place where it has no hex stays blank. A hex of slope `s`
and top edge `w` is `2s + w` wide and `2s` lines tall, columns `s + w` apart,
so neighbours share their slanted edges. Compact zoom is s=1, w=4 (the
label's last four characters, then the content on the bottom edge); detailed
zoom is s=2, w=7 (room for the label, factors, names and marks).

The painter knows the map once; `paint` draws one State with an Overlay (cursor,
selection, path, and the rule system's layers) and returns the rows, so the
widget can compare them with the previous picture and refresh only the rows
that changed.

A layer (`rules.capabilities.Layer`) is drawn by its palette role, never by
what it means: "reach" on the hex's free bottom line (a glyph and the mark,
a cost say), "threat" on the two ends of that line, "marker" over the label
(compact) or in the bottom line (detailed), as a counter on the board hides
the printed label, and "info" where a marker would be when there is none.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Literal

from rich.style import Style

from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import MaphexBoard, direction, neighbours
from tui_wargame.model import Scenario, State
from tui_wargame.rules.capabilities import Layer
from tui_wargame.text import clean
from tui_wargame.tui.glyphs import Glyphs, layer_glyph, to_ascii

Cell = tuple[str, Style]
Row = tuple[Cell, ...]

_EDGES = "_/\\"  # a hexside feature is drawn over these

PLAIN = Style()
EDGE = Style(color="bright_black")
# A label in the edges' grey, not dim: a hex's label, edges and terrain then differ by few SGR
# codes, and a scroll of the map is a quarter fewer bytes; without colour (NO_COLOR) it stays dim.
LABEL = Style(color="bright_black")
MONO_LABEL = Style(dim=True)
CURSOR = Style(reverse=True, bold=True, dim=False)  # a dim label would fade in reverse
REACH = Style(color="bright_green", bold=True)
PATH = Style(color="bright_yellow", bold=True)
PLACE = Style(bold=True, underline=True)
MARK = Style(color="bright_yellow", bold=True, underline=True)
#: The palette role of each layer style (`Layer.style`); "mono" keeps only their bold.
LAYER_STYLES = {
    "reach": REACH,
    "threat": Style(color="magenta", bold=True),
    "marker": Style(color="bright_white", bgcolor="red", bold=True),
    "info": Style(color="bright_white", bgcolor="blue", bold=True),
}
SIDE_STYLES = (Style(color="bright_red", bold=True), Style(color="bright_cyan", bold=True),
               Style(color="bright_yellow", bold=True), Style(color="bright_magenta", bold=True))
FEATURE = Style(color="bright_blue", bold=True)
COAST = Style(color="bright_yellow", bold=True)  # the edge between water and land
WATER = Style(color="blue", bold=False)  # the edges between two water hexes, drawn as waves
#: Terrain ids holding one of these are water, whose edges with land are coasts.
WATER_WORDS = ("sea", "ocean", "lake", "river", "water", "bay")
ROUTE = Style(color="yellow")

#: Background by terrain id keyword; terrain names are the scenario's, so this is a guess with a fallback.
TERRAIN_BG = (
    (("clear", "open", "flat", "plain"), None),
    (("sand", "desert", "dune"), "#4e4a2a"),
    (("hill", "rough", "mountain", "ridge", "rock"), "#5a4632"),
    (("wood", "forest", "palm", "oasis", "orchard", "scrub"), "#2a4a2a"),
    (("lake", "marsh", "water", "sea", "swamp", "salt"), "#1e3a5a"),
    (("town", "village", "city", "urban"), "#4a3a4a"),
)
FALLBACK_BG = ("#3a3a4a", "#4a4a3a", "#3a4a4a", "#4a3a3a")


Palette = Literal["full", "basic", "mono"]
#: The values a counter prints now (state, unit id) -> "5-4-4-8": a rule system's `unit_face`.
Face = Callable[[State, str], str]


@functools.cache
def _without_colour(style: Style) -> Style:
    return style.without_color


def terrain_style(terrain_id: str) -> Style:
    tid = terrain_id.lower()
    for words, colour in TERRAIN_BG:
        if any(w in tid for w in words):
            return Style(bgcolor=colour) if colour else PLAIN
    return Style(bgcolor=FALLBACK_BG[sum(map(ord, tid)) % len(FALLBACK_BG)])


def squeeze(name: str, width: int) -> str:
    """`name` in `width` characters for a hex's name line: whole if it fits, else its first whole
    words, the next word shortened with a full stop when a letter of it fits: "157th Br." reads
    as shortened, "157th Bri" as a name of its own."""
    if len(name) <= width:
        return name
    kept = ""
    for word in name.split():
        joined = f"{kept} {word}" if kept else word
        if len(joined) <= width:
            kept = joined
            continue
        room = width - len(kept) - (1 if kept else 0) - 1  # letters of `word` before the full stop
        if room >= (1 if kept else 2):  # an initial after whole words ("Hod el R."), else two letters
            kept = f"{kept} {word[:room]}." if kept else f"{word[:room]}."
        break
    return kept.rstrip(" &/-,(") or name[:width]


@frozen
class Shape:
    s: int  # slope: characters (and lines) of each slanted edge
    w: int  # length of the top edge

    @functools.cached_property
    def widths(self) -> tuple[int, ...]:
        """The interior width of each of the hex's 2s lines (asked for every hex of every paint)."""
        return tuple(self.w + 2 * k for k in range(self.s)) + tuple(
            self.w + 2 * (self.s - 1 - j) for j in range(self.s))


COMPACT = Shape(1, 4)
DETAILED = Shape(2, 7)


@frozen
class Overlay:
    """What the player is doing, drawn over the state: everything here is optional."""

    cursor: str | None = None
    selected: str | None = None  # a unit id
    path: tuple[str, ...] = ()
    concealed: frozenset[str] = frozenset()
    marks: frozenset[str] = frozenset()  # hexes an event touched (replay)
    layers: tuple[Layer, ...] = ()  # the rule system's, to draw now; of one style, the first is drawn
    centre: tuple[str, ...] = ()  # hexes the view should show, the first above all (not drawn)
    jump: int = 0  # changes each time the view is asked to centre on `centre` again

    def layer_at(self, label: str, style: str) -> Layer | None:
        """The first layer of `style` that marks hex `label`."""
        for layer in self.layers:
            if layer.style == style and label in layer.marks:
                return layer
        return None


class Painter:
    """Draws one scenario's map at one zoom level."""

    def __init__(self, scenario: Scenario, glyphs: Glyphs, shape: Shape = COMPACT, *,
                 palette: Palette = "full", face: Face | None = None) -> None:
        """`palette`: "full" tints each terrain (256 colours and more); "basic" (16 colours) leaves
        the terrain to its glyph, since the dark tints would all become one grey and hide the edges;
        "mono" (NO_COLOR) uses no colour at all, only bold, underline and reverse: a colour turned
        grey by the terminal's filter can all but vanish on a dark screen. `face`: the values a
        counter prints (the rule system's `unit_face`), by default its factors joined by "-"."""
        self.scenario = scenario
        self.face = face or self._factors
        self.g = glyphs
        self.shape = shape
        grid = scenario.grid
        s, w = shape.s, shape.w
        columns, half_rows = grid.layout_size()
        self.width = columns * (s + w) + s
        self.height = half_rows * s + 1
        self.origin: dict[str, tuple[int, int]] = {}
        for label in sorted(grid.labels(), key=grid.layout):  # column by column, as the owner grid expects
            x, y = grid.layout(label)
            self.origin[label] = (x * (s + w), y * s + 1)
        self.owner: list[list[str | None]] = [[None] * self.width for _ in range(self.height)]
        for label, (x, y) in self.origin.items():
            for k, (x0, width) in enumerate(self._interior(x)):
                for dx in range(width):
                    self.owner[y + k][x0 + dx] = label
        self.side_index = {side.id: i for i, side in enumerate(scenario.sides)}
        self.palette = palette
        self.terrain_bg = {t.id: terrain_style(t.id) for t in scenario.terrain} if palette == "full" else {}
        self._routes_at = self._route_kinds()
        self._layers: dict[tuple[Style, Style, Style], Style] = {}
        self.label = MONO_LABEL if palette == "mono" else LABEL

    def _interior(self, x: int) -> list[tuple[int, int]]:
        """(first x, width) of each interior line of the hex whose box starts at `x`."""
        s = self.shape.s
        out = []
        for k, width in enumerate(self.shape.widths):
            inset = s - k if k < s else k - s + 1
            out.append((x + inset, width))
        return out

    def _route_kinds(self) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for route in self.scenario.map.route:
            for label in route.hexes:
                found.setdefault(label, set()).add(route.kind)
        return found

    def hex_at(self, x: int, y: int) -> str | None:
        """The hex whose interior holds the character at (x, y) of the map, if any."""
        if 0 <= y < self.height and 0 <= x < self.width:
            return self.owner[y][x]
        return None

    def box(self, label: str) -> tuple[int, int, int, int]:
        """(x, y, width, height) of hex `label`, edges included, for scrolling it into view."""
        x, y = self.origin[label]
        return x, y - 1, 2 * self.shape.s + self.shape.w, 2 * self.shape.s + 1

    def side_char(self, side: str) -> str:
        """The side's letter on its counters: the first of its short name, unless two sides' begin
        alike ("Al", "Ax"): then each the first capital no side before it took ("A", "X"), so the
        sides differ without colour too."""
        letter = self._side_letters.get(side)
        if letter is None:
            text = clean(side) or "?"
            letter = text[0]
        return to_ascii(letter) if self.g.ascii else letter

    @functools.cached_property
    def _side_letters(self) -> dict[str, str]:
        names = {sd.id: clean(sd.short or sd.name) or "?" for sd in self.scenario.sides}
        if len({text[0] for text in names.values()}) == len(names):
            return {sid: text[0] for sid, text in names.items()}
        letters: dict[str, str] = {}
        for sd in self.scenario.sides:
            words = f"{names[sd.id]}{clean(sd.name)}"
            taken = set(letters.values())
            letters[sd.id] = next((ch.upper() for ch in words if ch.isalpha() and ch.upper() not in taken),
                                  names[sd.id][0])
        return letters

    def text(self, value: str) -> str:
        return self.g.text(value)

    def layer_glyph(self, layer: Layer) -> str:
        return layer_glyph(self.g, layer.glyph, layer.style)

    def _factors(self, state: State, uid: str) -> str:
        """A unit's factors for the steps it has lost, joined by "-" (`Capabilities.unit_face`'s default)."""
        spec = self.scenario.unit[uid]
        lost = min(max(spec.steps - state.units[uid].steps, 0), len(spec.factors) - 1)
        return "-".join(str(v) for v in spec.factors[lost].values()) if spec.factors else ""

    def unit_code(self, state: State, uid: str, concealed: frozenset[str], width: int) -> str:
        """A unit in `width` characters: side letter (lower case once it has lost steps) and its
        face ("5-4-4-8"): whole when it fits (after a space, detailed), else its first and last
        parts ("5-8"), else its first ("I3": a Foxhole counter's type and Defence)."""
        spec = self.scenario.unit[uid]
        side = self.side_char(spec.side)
        if state.units[uid].steps < spec.steps:
            side = side.lower()
        if uid in concealed:
            return side + self.g.hidden * 2
        face = self.text(self.face(state, uid))
        parts = face.split("-")
        # detailed, a space keeps the side letter off a first value ("A 5-4-4-8"); a face that
        # begins with a letter (a type: "I3-1/4-4") reads as a compact counter does, "AI3-1/4-4"
        tries = [f"{side} {face}"] if width >= 7 and face[:1].isdigit() else []
        tries += [side + face, f"{side}{parts[0]}-{parts[-1]}", side + parts[0]]
        return next((t for t in tries if len(t) <= width), tries[0])

    def paint(self, state: State, overlay: Overlay) -> list[Row]:
        """The map's rows for `state` under `overlay`.

        Most hexes show only their terrain, whatever the state: those come from the
        `_background`, drawn once, and only the hexes that units, the overlay or control
        can change are drawn again (a tenth of the map on an ordinary turn: a cursor step
        then costs a twentieth of drawing every hex).
        """
        stacks: dict[str, list[str]] = {}
        on_map = self.scenario.grid.on_map
        for uid, u in state.units.items():
            if on_map(u.location):
                stacks.setdefault(u.location, []).append(uid)
        changing = {*stacks, *overlay.path, *overlay.marks, *self._controlled}
        for layer in overlay.layers:
            changing.update(layer.marks)
        if overlay.cursor:
            changing.add(overlay.cursor)
        grid = [list(row) for row in self._background]
        for label in changing:
            if label in self.origin:
                self._draw_hex(grid, label, state, overlay, stacks.get(label, []))
        return [tuple(row) for row in grid]

    @functools.cached_property
    def _controlled(self) -> frozenset[str]:
        """Victory hexes, which show who holds them."""
        return frozenset(label for label, place in self.scenario.places.items() if place.vp)

    def _side_cells(self, label: str, d: int) -> list[tuple[int, int]]:
        """The cells of hex `label`'s edge in direction `d` (N, NE, SE, S, SW, NW: 0 to 5)."""
        s, w = self.shape.s, self.shape.w
        x, y = self.origin[label]
        if d == 0:
            return [(x + s + i, y - 1) for i in range(w)]
        if d == 3:
            return [(x + s + i, y + 2 * s - 1) for i in range(w)]
        if d == 1:
            return [(x + s + w + k, y + k) for k in range(s)]
        if d == 2:
            return [(x + 2 * s + w - 1 - k, y + s + k) for k in range(s)]
        if d == 4:
            return [(x + k, y + s + k) for k in range(s)]
        return [(x + s - 1 - k, y + k) for k in range(s)]

    @functools.cached_property
    def _water(self) -> frozenset[str]:
        """The hexes of water terrain (sea, lake, river: by the terrain's id, as `TERRAIN_BG` guesses)
        on a maphex board, whose coasts matter (landings from the sea); an offset board keeps its
        look (its sea a strip along an edge, where a wave would read as a water hexside)."""
        if not isinstance(self.scenario.grid, MaphexBoard):
            return frozenset()
        return frozenset(label for label in self.origin
                         if any(word in self.scenario.terrain_at(label).id.lower() for word in WATER_WORDS))

    @functools.cached_property
    def _features(self) -> dict[tuple[int, int], tuple[str | None, Style]]:
        """What is drawn over the edges, by cell: (a glyph, or None to keep the edge's own, style).
        A coast (the edge between water and land) is drawn bold in the coast's colour; an edge between
        two water hexes is a wave, so the sea reads as one body; then the hexside features (canal,
        trench line, ...) over both."""
        parse = self.scenario.grid.parse
        at: dict[tuple[int, int], tuple[str | None, Style]] = {}
        labels = {parse(label): label for label in self.origin} if self._water else {}
        for a in self._water:
            for d, there in enumerate(neighbours(parse(a))):
                b = labels.get(there)
                if b is None:
                    continue
                look = (self.g.water, WATER) if b in self._water else (None, COAST)
                for cell in self._side_cells(a, d):
                    at[cell] = look
        for hs in self.scenario.map.hexside:
            a, b = hs.hexes
            if a not in self.origin or b not in self.origin:
                continue
            way = direction(parse(a), parse(b))
            if way is None:
                continue
            for cell in self._side_cells(a, way):
                at[cell] = (self.g.for_feature(hs.feature), FEATURE)
        return at

    @functools.cached_property
    def _background(self) -> list[Row]:
        """Every hex's edges and terrain as they are with no unit on the map and no overlay."""
        s, w = self.shape.s, self.shape.w
        grid: list[list[Cell]] = [[(" ", PLAIN)] * self.width for _ in range(self.height)]
        edge = self._shown(EDGE)
        for x, y in self.origin.values():
            cells = [(x + s + dx, y - 1, "_") for dx in range(w)]
            for k in range(s):
                cells += [(x + s - 1 - k, y + k, "/"), (x + s + w + k, y + k, "\\"),
                          (x + k, y + s + k, "\\"), (x + 2 * s + w - 1 - k, y + s + k, "/")]
            for cx, cy, ch in cells:
                if 0 <= cy < self.height and 0 <= cx < self.width:
                    grid[cy][cx] = (ch, edge)
        for (cx, cy), (mark, look) in self._features.items():  # where no hex's content covers the edge
            old, style = grid[cy][cx]
            if old in _EDGES:
                grid[cy][cx] = (mark or old, self._shown(style + look))
        empty, bare = State(0, "", "", {}), Overlay()
        for label in self.origin:  # contents after all edges: a top edge is a bottom line
            self._draw_hex(grid, label, empty, bare, [])
        return [tuple(row) for row in grid]

    def _draw_hex(self, grid: list[list[Cell]], label: str, state: State, overlay: Overlay,
                  stack: list[str]) -> None:
        """Draw hex `label`'s interior: its content, a hexside feature over any edge in it."""
        x, y = self.origin[label]
        lines = self._content(label, state, overlay, stack)
        bg = self.terrain_bg.get(self.scenario.terrain_at(label).id, PLAIN)
        features = self._features
        drawn = shown = PLAIN
        # the cursor marks the label line only (a step then repaints one short span per hex); the
        # next line where a selected unit, reversed already, covers the label (compact zoom)
        on_top = self.shape.s == 1 and overlay.selected is not None and overlay.selected in stack
        cursor_line = (1 if on_top else 0) if label == overlay.cursor else -1
        for k, ((x0, width), cells) in enumerate(zip(self._interior(x), lines)):
            cursor = CURSOR if k == cursor_line else PLAIN
            row = grid[y + k]
            given: Style | None = None
            for dx, (ch, style) in enumerate(cells[:width]):
                if style is not given:  # a line has runs of one style: add the styles once a run
                    given, drawn = style, self._layered(bg, style, cursor)
                    shown = self._shown(drawn)
                if ch in _EDGES and (over := features.get((x0 + dx, y + k))):
                    row[x0 + dx] = (over[0] or ch, self._shown(drawn + over[1]))
                else:
                    row[x0 + dx] = (ch, shown)

    def _layered(self, bg: Style, style: Style, cursor: Style) -> Style:
        """`bg + style + cursor`, kept: a map has a few dozen of these, asked for thousands of times."""
        key = (bg, style, cursor)
        if (layered := self._layers.get(key)) is None:
            if cursor is CURSOR and style is LABEL:  # reversed, the label's grey would be a dull block
                cursor = CURSOR + Style(color="default")
            layered = self._layers[key] = bg + style + cursor
        return layered

    def _shown(self, style: Style) -> Style:
        """`style` as this palette shows it: without colour under "mono"."""
        return _without_colour(style) if self.palette == "mono" else style

    def _content(self, label: str, state: State, ov: Overlay, stack: list[str]) -> list[list[Cell]]:
        """The interior text of hex `label`, line by line, each line a list of cells."""
        g, sc = self.g, self.scenario
        widths = self.shape.widths
        terrain = sc.terrain_at(label)
        glyph = self.text(terrain.glyph)[:2].ljust(2, ".")
        place = sc.places.get(label)
        holder = state.control.get(label, "")
        routes = self._routes_at.get(label, set())
        route_ch = g.for_route(sorted(routes)[0]) if routes else "_"
        edge_ch, edge_style = route_ch, (ROUTE if routes else EDGE)
        marked = label in ov.marks
        reach = over = ""
        over_style = PLAIN
        if ov.layers:
            if threat := ov.layer_at(label, "threat"):
                edge_ch, edge_style = self.layer_glyph(threat), LAYER_STYLES["threat"]
            if layer := ov.layer_at(label, "reach"):
                reach = self.layer_glyph(layer) + self.text(layer.marks[label])
            if layer := ov.layer_at(label, "marker") or ov.layer_at(label, "info"):
                over = self.layer_glyph(layer) + self.text(layer.marks[label])
                over_style = LAYER_STYLES[layer.style]

        def cells(text: str, style: Style, width: int, fill: str = " ") -> list[Cell]:
            text = text[:width].ljust(width, fill)
            return [(ch, style) for ch in text]

        unit_line: list[Cell] | None = None
        shown = list(stack)
        if shown:
            top = ov.selected if ov.selected in shown else shown[0]
            side = sc.unit[top].side
            style = SIDE_STYLES[self.side_index.get(side, 0) % len(SIDE_STYLES)]
            if top == ov.selected:
                style = style + Style(reverse=True)
            if marked and len(widths) == 2:  # the counter covers the label that would show the mark
                style = style + Style(underline=True)
            if len(shown) > 1 and widths[-1] < 7:
                code = self.side_char(side) + self.g.stack + str(len(shown))
            else:
                code = self.unit_code(state, top, ov.concealed, widths[min(1, len(widths) - 1)])
            unit_line = cells(code, style, max(widths))
        label_style = MARK if marked else (PLACE if place and place.vp else self.label)
        if len(widths) == 2:
            # compact: a counter or marker covers the printed label, as on the board, so a unit sits
            # under its hex's top edge and never on the line where the next column's labels are
            # (`2027\B4-3` read as a unit of 2027); a marker under a unit goes to the bottom edge
            if unit_line is not None:
                first = unit_line[:4]
            elif over:
                first = cells(over, over_style, 4)
            else:
                first = cells(sc.grid.short_label(label), label_style, 4)
            if label in ov.path:
                second = cells(g.path + "__", PATH, 4, "_")
            elif over and unit_line is not None:
                second = cells(over, over_style, 4, "_")
            elif reach:
                second = cells(reach, REACH, 4, "_")
            elif place and place.vp:
                mark = self.side_char(holder) if holder else "-"
                second = cells(self.text(place.name)[:3] + mark, PLACE, 4, "_")
            else:
                second = [(edge_ch, edge_style), (glyph[0], PLAIN), (glyph[1], PLAIN), (edge_ch, edge_style)]
            return [first, second]
        # detailed: label and victory mark; unit; name or stack or reach; terrain and routes
        top_text = label
        if place and place.vp:
            top_text += f" {g.vp}" + (self.side_char(holder) if holder else "-")
        lines = [cells(top_text, label_style, widths[0])]
        if unit_line is not None:
            lines.append(unit_line)
            top = ov.selected if ov.selected in shown else shown[0]
            extra = f"+{len(shown) - 1} more" if len(shown) > 1 else self.text(sc.unit[top].name)
            lines.append(cells(squeeze(extra, widths[2]), PLAIN, widths[2]))
        else:
            name = self.text(place.name) if place else self.text(terrain.name)
            lines.append(cells(squeeze(name, widths[1]), PLACE if place else PLAIN, widths[1]))
            if label in ov.path:
                lines.append(cells(f" {g.path} path", PATH, widths[2]))
            elif reach:
                lines.append(cells(f" {reach}", REACH, widths[2]))
            else:
                lines.append(cells("", PLAIN, widths[2]))
        if len(over) > 2:  # a longer mark ("✸T2+") takes the edge's "_" and, at four, its corner
            bottom = [(edge_ch, edge_style), (glyph[0], PLAIN), (glyph[1], PLAIN),
                      *[(ch, over_style) for ch in over[:4]], (edge_ch, edge_style)]
        else:
            bottom = [(edge_ch, edge_style), ("_", EDGE), (glyph[0], PLAIN), (glyph[1], PLAIN),
                      *([(ch, over_style) for ch in over.ljust(2, "_")] if over
                        else [("_", EDGE), ("_", EDGE)]),
                      (edge_ch, edge_style)]
        lines.append(bottom[: widths[3]])
        return lines
