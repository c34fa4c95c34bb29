"""The Textual application: picks the first screen and tells the player when the terminal is too small."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from tui_wargame.engine import Game
from tui_wargame.rules.capabilities import Layer
from tui_wargame.tui import cropped
from tui_wargame.tui.glyphs import glyphs

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    """Shown instead of a cramped, broken layout; it goes away when the terminal grows."""

    BINDINGS = [Binding("q,ctrl+q", "app.quit", "Quit", id="toosmall.quit")]

    def compose(self):  # noqa: ANN201
        yield Static(id="toosmall")

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#toosmall", Static).update(Text(
            f"The terminal is {width}x{height}; tui-wargame needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            f"Enlarge the window (or press q to quit)."))


class WargameApp(App[None]):
    """`start` is what to open: the title screen, a game to play or a game to replay."""

    CSS_PATH = "wargame.tcss"
    TITLE = "tui-wargame"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, id="app.quit", priority=True)]

    def __init__(self, *, start: str = "title", game: Game | None = None, ascii_only: bool = False,
                 scenario_dirs: list[Path] | None = None, saves_dir: Path | None = None,
                 hotseat: bool = True, greeting: str = "", collect_after_first_frame: bool = False) -> None:
        """`collect_after_first_frame`: turn garbage collection on once the first frame is drawn
        (the command line starts the app with it off, to start faster)."""
        super().__init__(ansi_color=True)
        self.collect_after_first_frame = collect_after_first_frame
        self.start = start
        self.game = game
        self.g = glyphs(ascii_only)
        self.scenario_dirs = scenario_dirs
        self.saves_dir = saves_dir or Path("saves")
        self.hotseat = hotseat
        self.greeting = greeting
        self._too_small: TooSmallScreen | None = None

    def get_key_display(self, binding: Binding) -> str:
        """Under --ascii, key names in plain letters (Textual shows some keys as symbols)."""
        shown = super().get_key_display(binding)
        if not self.g.ascii or shown.isascii():
            return shown
        key = binding.key.split(",")[0]
        # RET, not Enter: the game's footer fits in 80 columns only with a short name
        return {"question_mark": "?", "colon": ":", "enter": "RET"}.get(key, key)

    def on_mount(self) -> None:
        if self.g.ascii:
            self.add_class("-ascii")
        # back from a suspension (Ctrl+Z) the terminal shows what the shell left there
        self.app_resume_signal.subscribe(self, lambda _: cropped.forget(self.console))
        self.call_later(self._open_first_screen)

    def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
        """Every update goes to the terminal here (Textual's private method, checked by
        `cropped.problem`): one the cropping compositors did not write leaves their record of
        the terminal's cells out of date."""
        cropped.written(self.console, renderable)
        super()._display(screen, renderable)

    def _open_first_screen(self) -> None:
        """Pushed once the app has started: Textual draws nothing while it mounts the app, so a
        screen pushed from `on_mount` was laid out and drawn once for nothing (some 10 ms)."""
        if self.start == "play" and self.game is not None:
            self.open_game(self.game, greeting=self.greeting)
        elif self.start == "replay" and self.game is not None:
            self.open_replay(self.game)
        else:
            self.open_title()
        self.call_after_refresh(self._first_frame)

    # --- navigation: the screens ask the app, and never make each other ---

    def open_title(self) -> None:
        from tui_wargame.tui.title import TitleScreen

        self.push_screen(TitleScreen(self.g, self.scenario_dirs, self.saves_dir))

    def open_game(self, game: Game, *, greeting: str = "", instead_of: Game | None = None) -> None:
        """Play `game`. `instead_of`: it replaces the screen showing it (a replay) and, if that was
        opened from that game's screen, that screen too, so q does not lead back into a game the
        player left (nothing is lost: every accepted order is on disk, and a game screen's unmount
        closes its game)."""
        from tui_wargame.tui.game import GameScreen

        screen = GameScreen(game, self.g, hotseat=self.hotseat, greeting=greeting)
        if instead_of is None:
            self.push_screen(screen)
            return
        stack = self.screen_stack
        if len(stack) > 2 and isinstance(stack[-2], GameScreen) and stack[-2].game is instead_of:
            self.pop_screen()
        self.switch_screen(screen)

    def open_replay(self, game: Game, *, seq: int | None = None, viewer: str | None = None) -> None:
        """Replay `game` from record `seq` (the last if None), as `viewer` may see it (None: a spectator)."""
        from tui_wargame.tui.replay import ReplayScreen

        self.push_screen(ReplayScreen(game, self.g, seq=seq, saves_dir=self.saves_dir,
                                      scenario_dirs=self.scenario_dirs, viewer=viewer))

    def open_help(self, game: Game, page: str = "keys", *, hidden: frozenset[str] = frozenset(),
                  replay: bool = False, layers: Sequence[Layer] = ()) -> None:
        """The help pages; `hidden`: units the side at the keyboard may not see. From the replay
        (`replay`), the replay's keys come first; `layers`: the rule system's, for the map's legend."""
        from tui_wargame.tui.game import GameScreen
        from tui_wargame.tui.help import HelpScreen
        from tui_wargame.tui.replay import ReplayScreen

        keys = [("Game", GameScreen.BINDINGS), ("Replay", ReplayScreen.BINDINGS)]
        self.push_screen(HelpScreen(game, self.g, page, hidden=hidden, keys=keys[::-1] if replay else keys,
                                    layers=layers))

    def leave(self) -> None:
        """Back to the screen under this one, or out of the program from the first."""
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:
            self.exit()

    def _first_frame(self) -> None:
        if self.collect_after_first_frame:
            gc.enable()
        self._check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        if len(self.screen_stack) > 1:  # before on_mount has pushed the first screen, on_mount checks
            self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
            self.call_after_refresh(self._too_small.show_size, width, height)
        elif small and self._too_small is not None:
            self._too_small.show_size(width, height)
        elif not small and self._too_small is not None:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None
