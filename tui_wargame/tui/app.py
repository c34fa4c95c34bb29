"""The Textual application: picks the first screen and tells the player when the terminal is too small."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.color import Color
from textual.filter import LineFilter, Monochrome
from textual.filter import NoColor as TextualNoColor
from textual.screen import Screen
from textual.widgets import Static

from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.opponent import Opponent, from_options
from tui_wargame.rules.capabilities import Layer
from tui_wargame.tui import cropped
from tui_wargame.tui.glyphs import glyphs

if TYPE_CHECKING:
    from tui_wargame.hosting import Host

MIN_WIDTH, MIN_HEIGHT = 80, 24


@lru_cache(maxsize=1024)
def _colourless(style: Style) -> Style:
    return style.without_color


class NoColour(LineFilter):
    """Under NO_COLOR, every colour dropped and only attributes kept (bold, reverse, underline,
    dim): Textual's own NO_COLOR filter turns colours grey, which still sends 256-colour codes."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, None if style is None else _colourless(style), control)
                for text, style, control in segments]


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
                 hotseat: bool = True, greeting: str = "", collect_after_first_frame: bool = False,
                 side: str | None = None, by: str = "", host: Host | None = None,
                 opponent: Opponent | None = None, computer_pace: float | None = None) -> None:
        """`collect_after_first_frame`: turn garbage collection on once the first frame is drawn
        (the command line starts the app with it off, to start faster). `side`: the game is played
        live as that side only, the other side at another terminal; `by`: the player's name, recorded
        with each order. `host`: a shared host's lobby is the first screen, and nothing leads
        elsewhere (no title screen, no copy of a game to play on). `opponent`: the first game is
        against the computer (else as its save says); `computer_pace`: seconds between the
        computer's orders (tui.computer.PACE_S if None)."""
        super().__init__(ansi_color=True)  # the 16 colours as their own codes: 2 bytes, not 8 or more
        if self.no_color:  # Textual's filter (greys, or the terminal's default colours) replaced
            self._filters = [f for f in self._filters if not isinstance(f, (Monochrome, TextualNoColor))]
            self._filters.append(NoColour())
        self.collect_after_first_frame = collect_after_first_frame
        self.start = start
        self.game = game
        self.g = glyphs(ascii_only)
        self.scenario_dirs = scenario_dirs
        self.saves_dir = saves_dir or Path("saves")
        self.hotseat = hotseat
        self.greeting = greeting
        self.side = side
        self.by = by
        self.host = host
        self.opponent = opponent
        self.computer_pace = computer_pace
        self._too_small: TooSmallScreen | None = None
        self.quitting = False  # set by `exit`: input typed ahead after it is dropped

    def exit(self, *args: object, **kwargs: object) -> None:
        """Leave the program; keys already typed (a paste, a slow link) are no longer acted on,
        as the screens they would open or change are being torn down."""
        self.quitting = True
        super().exit(*args, **kwargs)  # type: ignore[arg-type]

    async def on_event(self, event: events.Event) -> None:
        if self.quitting and isinstance(event, events.InputEvent):
            return
        await super().on_event(event)

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
        if self.no_color:
            self.add_class("-nocolor")
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
        if self.host is not None:
            self.open_lobby(self.host)
        elif self.start == "play" and self.game is not None:
            self.open_game(self.game, greeting=self.greeting, side=self.side, by=self.by,
                           opponent=self.opponent)
        elif self.start == "watch" and self.game is not None:
            self.open_watch(self.game)
        elif self.start == "replay" and self.game is not None:
            self.open_replay(self.game)
        else:
            self.open_title()
        self.call_after_refresh(self._first_frame)

    # --- navigation: the screens ask the app, and never make each other ---

    def open_title(self) -> None:
        from tui_wargame.tui.title import TitleScreen

        self.push_screen(TitleScreen(self.g, self.scenario_dirs, self.saves_dir))

    def open_lobby(self, host: Host) -> None:
        from tui_wargame.tui.lobby import LobbyScreen

        self.push_screen(LobbyScreen(host, self.g))

    def open_game(self, game: Game, *, greeting: str = "", instead_of: Game | None = None,
                  side: str | None = None, by: str = "", opponent: Opponent | None = None) -> None:
        """Play `game`. `instead_of`: it replaces the screen showing it (a replay) and, if that was
        opened from that game's screen, that screen too, so q does not lead back into a game the
        player left (nothing is lost: every accepted order is on disk, and a game screen's unmount
        closes its game). `side`: played live as that side only; else against the computer if
        `opponent` says so, or else its save's header does."""
        from tui_wargame.tui.game import GameScreen

        if opponent is None and side is None:
            try:
                opponent = from_options(game.scenario, game.header.options, str(game.path or "the save"))
            except WargameError as exc:
                self.notify(str(exc), severity="error", markup=False)  # file text, never markup
                return
        if side is not None and game.seat is None:  # live, not hosted (a seat asks every undo itself):
            game.play_live()                           # until the screen closes it, others' undo is asked
        screen = GameScreen(game, self.g, hotseat=self.hotseat, greeting=greeting, side=side, by=by,
                            opponent=opponent, pace=self.computer_pace)
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

    def open_watch(self, game: Game) -> None:
        """Follow `game` (opened read-only) as a spectator, with the replay's keys to look back."""
        from tui_wargame.tui.watch import WatchScreen

        self.push_screen(WatchScreen(game, self.g, saves_dir=self.saves_dir,
                                     scenario_dirs=self.scenario_dirs))

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
        from tui_wargame.tui.game import GameScreen

        if isinstance(self.screen, GameScreen):  # closed now, not when unmounted: the title below
            self.screen.game.close()             # lists the saves, and an unplayed new game has none
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
