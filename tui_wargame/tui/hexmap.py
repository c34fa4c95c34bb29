"""The hex map widget: one Line-API ScrollView over the painter's rows.

The painter draws the whole map into rows of styled characters; the widget
keeps them, turns each into a Strip only when it is first shown, and after a
change refreshes only the rows that differ, so a cursor step over SSH sends
a few lines, not the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rich.segment import Segment
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui_wargame.model import Scenario, State
from tui_wargame.tui.cropped import changed_runs
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.mapdraw import COMPACT, DETAILED, Face, Overlay, Painter, Palette, Row
from tui_wargame.tui.viewport import Box, Metrics, centre, keep

if TYPE_CHECKING:
    from tui_wargame.engine import Game


def _strip(row: Row) -> Strip:
    segments: list[Segment] = []
    run, style = "", None
    for ch, st in row:
        if st is style or st == style:
            run += ch
        else:
            if run:
                segments.append(Segment(run, style))
            run, style = ch, st
    if run:
        segments.append(Segment(run, style))
    return Strip(segments, len(row))


class HexMap(ScrollView, can_focus=True, inherit_bindings=False):
    """The map: hexes, terrain, features, routes, units and the player's overlay."""

    DEFAULT_CSS = """
    HexMap { scrollbar-size: 1 1; }
    """

    class Clicked(Message):
        """The player clicked a hex."""

        def __init__(self, label: str) -> None:
            super().__init__()
            self.label = label

    @classmethod
    def of_game(cls, game: Game, glyphs: Glyphs) -> HexMap:
        """The map of `game` (the screen's "map"), each counter printed as its rule system faces it."""
        scenario, capabilities = game.scenario, game.capabilities
        return cls(scenario, glyphs, id="map",
                   face=lambda state, uid: capabilities.unit_face(scenario, state, uid))

    def __init__(self, scenario: Scenario, glyphs: Glyphs, *, id: str | None = None,
                 face: Face | None = None) -> None:
        """`face`: what a counter prints (the rule system's `unit_face`), for the painters."""
        super().__init__(id=id)
        self.scenario = scenario
        self.glyphs = glyphs
        self.face = face
        self.painters: dict[bool, Painter] = {}  # by zoom, made when first drawn (the app's colours known)
        self.detailed = False
        self.state: State | None = None
        self.overlay = Overlay()
        self.follow: tuple[str, ...] = ()  # hexes to keep in view instead of the cursor (the replay)
        self.jump: tuple[str, ...] = ()  # hexes to centre on once the map has its size
        self.kept: str | None = None  # the cursor's hex when the view last moved for it
        self.jumped: tuple[str, ...] = ()  # what the last jump showed, until the cursor moves
        self.rows: list[Row] = []
        self.strips: list[Strip | None] = []
        self.refreshed_rows = 0  # rows refreshed by the last `show`, for tests and measurements

    @property
    def painter(self) -> Painter:
        if self.detailed not in self.painters:
            shape = DETAILED if self.detailed else COMPACT
            self.painters[self.detailed] = Painter(self.scenario, self.glyphs, shape,
                                                   palette=self.palette(), face=self.face)
        return self.painters[self.detailed]

    def palette(self) -> Palette:
        """Terrain tints need more than 16 colours; under NO_COLOR the map has no colour at all."""
        if self.app.no_color:
            return "mono"
        return "full" if self.app.console.color_system in ("256", "truecolor") else "basic"

    def show(self, state: State, overlay: Overlay, *, follow: Sequence[str] | None = None) -> None:
        """Draw `state` with `overlay`, refreshing only the rows that changed. With `follow`,
        keep those hexes in view (`scroll_to_hexes`) rather than the cursor; when the overlay
        asks for a new jump (`Overlay.jump`), centre on its hexes (`viewport.centre`)."""
        self.state, self.follow = state, tuple(follow) if follow is not None else ()
        if overlay.jump != self.overlay.jump and overlay.centre:
            self.jump = overlay.centre
        self.overlay = overlay
        rows = self.painter.paint(state, overlay)
        if len(rows) != len(self.rows):
            self.rows, self.strips = rows, [None] * len(rows)
            self.virtual_size = Size(*self.metrics.padded())
            self.refreshed_rows = len(rows)
            self.refresh()
        else:
            changed = [(y, changed_runs(a, b)) for y, (a, b) in enumerate(zip(self.rows, rows)) if a != b]
            self.rows = rows
            for y, _ in changed:
                self.strips[y] = None
            self.refreshed_rows = len(changed)
            self._refresh_spans(changed)
        self._keep_in_view()

    @property
    def metrics(self) -> Metrics:
        p = self.painter
        return Metrics(p.shape.s + p.shape.w, 2 * p.shape.s, p.width, p.height)

    @property
    def view(self) -> Box:
        """The part of the map in view: (x, y, width, height), the scrollbars left out, and the
        columns at the right where only part of a hex would fit (`shown_width`)."""
        width, height = self.scrollable_content_region.size
        return (*self.scroll_offset, self.shown_width(width), height)

    def shown_width(self, width: int) -> int:
        """Of `width` columns, those that show whole hexes when the view starts at a hex column
        (as `viewport` keeps it): the rest stay blank, so no label is cut at the right edge."""
        s, w = self.painter.shape.s, self.painter.shape.w
        return max(0, (width - s) // (s + w) * (s + w) + s) if width > 2 * s + w else width

    def _keep_in_view(self, resized: bool = False) -> None:
        """Centre on a jump asked for, else keep the followed hexes in view, or the cursor once it
        has moved: after a jump to an attack the view stays there until the cursor moves, a
        resize included (the command bar closing, say). Only once the layout has sized the map:
        a jump asked before waits for it (`_size_updated`)."""
        if not self.size.area:
            return
        cursor = self.overlay.cursor
        if self.jump:
            self.scroll_to_hexes(self.jump)
            self.jumped, self.jump = self.jump, ()
        elif self.follow:
            self.scroll_to_hexes(self.follow)
        elif cursor and cursor != self.kept:
            self.scroll_to_hex(cursor)
            self.jumped = ()
        elif resized and self.jumped:
            self.scroll_to_hexes(self.jumped)
        elif resized and cursor:
            self.scroll_to_hex(cursor)
        self.kept = cursor

    def _refresh_spans(self, changed: Iterable[tuple[int, list[tuple[int, int]]]]) -> None:
        """Repaint only the changed runs of characters of each changed row in view (not the scrollbars)."""
        sx, sy = self.scroll_offset
        view = Region(0, 0, *self.scrollable_content_region.size)
        regions = [Region(x0 - sx, y - sy, x1 - x0, 1).intersection(view)
                   for y, runs in changed for x0, x1 in runs]
        in_view = [region for region in regions if region]
        if in_view:
            self.refresh(*in_view)

    def set_detailed(self, detailed: bool) -> None:
        """Change the zoom, centred on the cursor."""
        self.detailed = detailed
        self.rows = []
        if self.overlay.cursor:
            self.jump = (self.overlay.cursor,)
        if self.state is not None:
            self.show(self.state, self.overlay)

    def _scroll(self, x: int, y: int) -> None:
        if (x, y) != tuple(self.scroll_offset):
            self.scroll_to(x, y, animate=False, immediate=True)

    def scroll_to_hex(self, label: str) -> None:
        """Keep hex `label` two hexes inside the view, moving it half a screen when it must move
        (`viewport.keep`); nothing at all (no refresh) when it need not move."""
        if label in self.painter.origin and self.size.area:
            self._scroll(*keep(self.view, self.painter.box(label), self.metrics))

    def scroll_to_hexes(self, labels: Sequence[str]) -> None:
        """Show every hex of `labels`, centred on them, unless they are all well in view already;
        when they do not fit together, centred on the first (`viewport.centre`). A replayed attack
        then shows the attacker's hex and the defender's, not only one of them."""
        boxes = [self.painter.box(label) for label in labels if label in self.painter.origin]
        if boxes and self.size.area:
            self._scroll(*centre(self.view, boxes, self.metrics))

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        row = y + sy
        width = self.size.width
        if not 0 <= row < len(self.rows):
            return Strip.blank(width, self.rich_style)
        strip = self.strips[row]
        if strip is None:
            strip = self.strips[row] = _strip(self.rows[row])
        shown = self.shown_width(self.scrollable_content_region.width)
        return strip.crop(sx, sx + shown).extend_cell_length(width, self.rich_style)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        """Keep the cursor in view as soon as the layout gives the map its size: Textual calls this
        (a private hook, hence the pin below textual 9) before drawing, so the first frame, and
        the first after a resize, already shows the cursor, where a Resize handler came a frame late."""
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if resized:
            self._keep_in_view(resized=True)
        return resized

    def on_click(self, event: events.Click) -> None:
        sx, sy = self.scroll_offset
        label = self.painter.hex_at(event.x + sx, event.y + sy)
        if label:
            self.post_message(self.Clicked(label))
