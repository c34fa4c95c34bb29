"""A block of text that repaints only the lines that changed.

A `Static` repaints its whole region whenever its text changes, so moving the
cursor resent all twenty lines of the unit panel although one or two differ.
Over a slow SSH link those bytes are what a keystroke costs. This widget keeps
one Strip per line (Textual's Line API) and refreshes only changed lines.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class LinePanel(Widget):
    """Text, wrapped to the widget's width, refreshed line by line."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's own name
        super().__init__(id=id)
        self._text = Text()
        self._lines: list[Strip] = []

    def update(self, text: Text, layout: bool = False) -> None:
        """Show `text`; only the lines that differ from those shown are repainted."""
        self._text = text
        self._relayout()

    def _relayout(self) -> None:
        width = self.size.width
        if not width:
            return
        old = self._lines
        new = [Strip(line.render(self.app.console), line.cell_len).adjust_cell_length(width)
               for line in self._text.wrap(self.app.console, width, overflow="fold")]
        self._lines = new
        changed = [y for y in range(max(len(old), len(new)))
                   if y >= len(old) or y >= len(new) or old[y].text != new[y].text
                   or list(old[y]) != list(new[y])]
        if changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def on_resize(self) -> None:
        self._lines = []
        self._relayout()
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        strip = self._lines[y] if y < len(self._lines) else Strip.blank(width)
        return strip.apply_style(self.rich_style)
