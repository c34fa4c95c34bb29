"""Watching a live game: the replay viewer that follows its save as other terminals append to it.

A spectator sees only what every side may see (`viewer` None). The save is opened read-only: the
screen never writes it, and each look takes the save's shared lock for one read (`Game.refresh`).
"""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.replay import ReplayScreen
from tui_wargame.tui.savewatch import SaveWatch

#: How often the save is looked at, as the game screen does: one `stat` when nothing changed
#: (inotify, where there is one, wakes the screen as soon as the save is written, too).
FOLLOW_EVERY_S = 0.1


class WatchScreen(ReplayScreen):
    """The replay's keys over a game still being played: at the last record it follows the game;
    stepped back, it stays where it is while the game goes on, and End returns to live."""

    BINDINGS = [Binding("end,G", "jump_to(-1)", "Live", id="watch.live")]

    def __init__(self, game: Game, glyphs: Glyphs, *, saves_dir: Path,
                 scenario_dirs: list[Path] | None = None) -> None:
        super().__init__(game, glyphs, saves_dir=saves_dir, scenario_dirs=scenario_dirs, viewer=None)
        self._unfollowed = ""  # why the save could not be read at the last look, said once
        self._watch: SaveWatch | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.set_interval(FOLLOW_EVERY_S, self.follow)
        if self.game.path is not None:
            self._watch = SaveWatch(self.game.path, self.follow)
            self._watch.start()

    def on_unmount(self) -> None:
        if self._watch:
            self._watch.stop()

    def follow(self) -> None:
        """Take in what the players appended; stay live if live, else where the spectator is."""
        live = self.seq == self.game.seq
        try:
            news = self.game.refresh()
        except WargameError as exc:
            if str(exc) != self._unfollowed:
                self._unfollowed = str(exc)
                self.notify(self.names.text(f"The save cannot be followed: {exc}"), severity="error",
                            markup=False)
            return
        self._unfollowed = ""
        if news:
            if live:
                self.seq = self.game.seq
            self.show()

    def where(self) -> str:
        game = self.game
        if game.state.over:
            return f"watching {self.seq}/{game.seq} (finished)"
        if self.seq == game.seq:
            return f"watching live, record {game.seq}"
        return f"watching {self.seq}/{game.seq}, End: live"
