"""The key bar: the shown bindings of the screen, on one line, as one widget.

Textual's Footer is a grid of one widget per key and builds them all again
whenever the bindings change (the `:` bar opening, a dialog closing). That was
a tenth of a start-up's layout and a full repaint of the bottom line at each
change. This bar is text in a LinePanel, so a change repaints only the keys that
differ; a click on a key presses it, as on the Footer.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen

from tui_wargame.tui.linepanel import LinePanel

#: The actions whose keys give way, in this order, when even the close-set bar is wider than the
#: screen (a system's two order menus at 80 columns): the typed order (`o` lists every order in
#: words), then quitting; the help's key page lists them all.
GIVE_WAY = ("command", "leave")


class KeyBar(LinePanel):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $panel; }
    """

    def __init__(self) -> None:
        super().__init__(id="keybar")
        self._keys: list[tuple[int, int, str]] = []  # (first cell, end, key) of each key shown

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self.show_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.show_keys()

    def show_keys(self) -> None:
        """One entry per action, as the Footer shows them: the key, then what it does; closer
        together when they would not fit the width (ASCII key names are longer), and without the
        keys that give way (`GIVE_WAY`) when even that is too wide."""
        entries, seen = [], set()
        for _, binding, enabled, _ in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                entries.append((self.app.get_key_display(binding), binding.description, enabled,
                                binding.key.split(",")[0], binding.action))
        width = self.size.width or 80
        for action in GIVE_WAY:
            if sum(len(k) + len(d) + 2 for k, d, *_ in entries) <= width:
                break
            entries = [e for e in entries if e[4] != action]
        wide = sum(len(k) + len(d) + 3 for k, d, *_ in entries) <= width
        text, self._keys = Text(no_wrap=True, overflow="crop"), []
        for shown, description, enabled, key, _ in entries:
            start = text.cell_len
            text.append(f" {shown} " if wide else f" {shown}", style="bold" if enabled else "dim")
            text.append(f"{description} " if wide else f" {description}", style="" if enabled else "dim")
            self._keys.append((start, text.cell_len, key))
        self.update(text)

    def on_resize(self) -> None:
        self.show_keys()  # wide or compact by the width

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._keys:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
