"""A block of text that repaints only the characters that changed.

A `Static` repaints its whole region whenever its text changes, so moving the
cursor resent all twenty lines of the unit panel although one or two differ,
often by a character (the hex number). Over a slow SSH link those bytes are
what a keystroke costs. This widget keeps one Strip per line (Textual's Line
API) and refreshes only the changed runs of characters of each line.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tui_wargame.tui.cropped import changed_runs

Cells = tuple[tuple[str, Style | None], ...]


def cells(strip: Strip) -> Cells:
    """A strip cell by cell as (character, style); a wide character's second cell is ("", style)."""
    out: list[tuple[str, Style | None]] = []
    for text, style, _ in strip:
        for ch in text:
            out.append((ch, style))
            out.extend([("", style)] * (cell_len(ch) - 1))
    return tuple(out)


class LinePanel(Widget):
    """Text, wrapped to the widget's width, refreshed character by character."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's own name
        super().__init__(id=id)
        self._text = Text()
        self._lines: list[Strip] = []
        self._cells: list[Cells] = []
        self._width = 0  # that of the lines

    @property
    def text(self) -> Text:
        """The text shown (all of it, lines out of view too)."""
        return self._text

    def update(self, text: Text, layout: bool = False) -> None:
        """Show `text`; only the characters that differ from those shown are repainted."""
        self._text = text
        if not self.size.width:
            self._width = 0  # not laid out, or hidden: the next render with a width wraps it
            return
        old = self._cells
        self._wrap(self.size.width)
        blank: Cells = ((" ", None),) * self._width  # what render_line shows below the text
        regions = []
        # only the lines in view: Textual clips a refresh to the parent, so one below the panel's
        # last line repainted whatever is there (the footer, under the prompt's hidden third line)
        for y in range(min(max(len(old), len(self._cells)), self.size.height)):
            a = old[y] if y < len(old) else blank
            b = self._cells[y] if y < len(self._cells) else blank
            if a != b:
                runs = changed_runs(a, b) if len(a) == len(b) else [(0, self._width)]
                regions += [Region(x0, y, x1 - x0, 1) for x0, x1 in runs]
        if regions:
            self.refresh(*regions)

    def _wrap(self, width: int) -> None:
        """Lay the text out in lines of `width` cells."""
        console = self.app.console
        self._lines = [Strip(line.render(console), line.cell_len)  # render() leaves out the Text's own style
                       .apply_style(console.get_style(line.style)).adjust_cell_length(width)
                       for line in self._text.wrap(console, width, overflow="fold")]
        self._cells = [cells(strip) for strip in self._lines]
        self._width = width

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if width and width != self._width:  # the first render, or a new width: Textual repaints it all
            self._wrap(width)
        strip = self._lines[y] if y < len(self._lines) else Strip.blank(width)
        return strip.apply_style(self.rich_style)
