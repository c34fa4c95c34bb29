"""The cropping compositor: Textual's private compositor with partial updates cut to the changed
cells and every update written with a `Pen` (see `tui/cropped.py`, the only importer, which
imports this module only once it has found in `textual._compositor` what is used here)."""

from __future__ import annotations

from rich.console import Console
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate

from tui_wargame.tui.cropped import Pen, cover


class CroppedChopsUpdate(ChopsUpdate):
    """A partial update that writes each changed span, nothing to its left or right, with a `Pen`."""

    def render_segments(self, console: Console) -> str:
        pen = Pen(console)
        for y, x1, x2 in self.spans:
            for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items()):
                if strip is None or x >= x2 or end <= x1:
                    continue
                at, part = cover(strip, x, max(x1, x), min(x2, end))
                if part.cell_length:
                    pen.move_to(at, y)
                    pen.write(part)
        return pen.close()


class PenLayoutUpdate(LayoutUpdate):
    """A full update written with a `Pen` (pushing or popping a dialog repaints the whole screen)."""

    def render_segments(self, console: Console) -> str:
        pen = Pen(console)
        for y, line in enumerate(self.strips, self.region.y):
            pen.move_to(self.region.x, y)
            for strip in line:
                pen.write(strip)
        return pen.close()


class CroppingCompositor(Compositor):
    """Textual's compositor, with partial updates cut to the changed spans and all written with a Pen."""

    def render_partial_update(self) -> ChopsUpdate | None:
        update = super().render_partial_update()
        if update is None:
            return None
        return CroppedChopsUpdate(update.chops, update.spans, update.chop_ends)

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        update = super().render_full_update(simplify)
        return PenLayoutUpdate(update.strips, update.region)
