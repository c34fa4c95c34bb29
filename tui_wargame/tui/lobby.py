"""The lobby of a shared host: the hosted games, and the player's ways into them.

The player is who the host says (`Host.player`, from `tui-wargame lobby --player NAME`); every
game opened here for playing is bound to that player's seat (`Host.play`), so nothing on this
screen or those it opens can act for a side the player does not hold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.hosting import Host, Listing, ago, scenarios
from tui_wargame.model import IllegalOrder, Scenario
from tui_wargame.rules.capabilities import GameOption
from tui_wargame.tui.appscreen import AppScreen
from tui_wargame.tui.dialogs import ChoiceScreen
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.keybar import KeyBar
from tui_wargame.tui.options import ask_options
from tui_wargame.tui.title import game_options

#: How often the lobby looks at the saves folder for games made, joined or played meanwhile.
RELIST_EVERY_S = 2.0
RELIST = "lobby.relist"  # the group of its thread workers


class LobbyScreen(AppScreen):
    BINDINGS = [
        Binding("enter", "enter", "Play", show=False, id="lobby.enter"),
        Binding("j", "join", "Join", id="lobby.join"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("n", "new_game", "New game", id="lobby.new"),
        Binding("r", "relist", "Refresh", show=False, id="lobby.refresh"),
        Binding("q", "app.quit", "Quit", id="lobby.quit"),
    ]

    def __init__(self, host: Host, glyphs: Glyphs) -> None:
        super().__init__()
        self.host = host
        self.g = glyphs
        self.games: list[Listing] = []
        self._seen: tuple[tuple[str, int, int], ...] = ()  # each save's (name, mtime, size) when last listed
        self._looking: Worker[object] | None = None  # the thread worker reading the saves
        self._again = False  # a relisting was asked while one ran

    def text(self, value: object) -> str:
        return self.g.text(value)

    def compose(self) -> ComposeResult:
        yield Static(Text(self.text(f"tui-wargame lobby: you are {self.host.player}"), style="bold"),
                     id="header")
        yield OptionList(id="games")
        yield Static(Text("Looking at the hosted games...", style="dim"), id="about")
        yield Static(Text("Enter: play or join   j: join   w: watch   n: new game   r: refresh   q: quit",
                          style="dim"), id="prompt")
        yield KeyBar()

    def on_mount(self) -> None:
        self.relist()
        self.query_one("#games", OptionList).focus()
        self.set_interval(RELIST_EVERY_S, self.relist_if_changed)

    def on_screen_resume(self) -> None:
        self.relist()  # a game played since has moved on

    # --- the list, read in a thread worker: opening many long saves must not stop the keys ---

    def _stamps(self) -> tuple[tuple[str, int, int], ...]:
        try:
            return tuple(sorted((p.name, st.st_mtime_ns, st.st_size) for p in self.host.saves.glob("*.toml")
                                if (st := p.stat())))
        except OSError:
            return ()

    def relist_if_changed(self) -> None:
        # `is_current` is also true under the game screen (Textual counts the screen beneath as
        # maybe visible): relisting there repainted the whole terminal at every opponent's order
        if self.app.screen is self:
            self.relist(if_changed=True)

    def action_relist(self) -> None:
        self.relist()

    def relist(self, *, if_changed: bool = False) -> None:
        """Read the hosted games again in a thread worker (`_listed` shows them); with `if_changed`,
        only if a save was added, removed or written since the last listing. One worker at a time
        (the host's cache of listings is not shared between threads): asked meanwhile, it reads again
        when the one running ends."""
        if self._looking is not None:
            self._again = self._again or not if_changed
            return
        seen = self._seen if if_changed else None
        player = self.host.player

        def look() -> tuple[tuple[tuple[str, int, int], ...], list[Listing]] | None:
            stamps = self._stamps()
            if stamps == seen:
                return None
            return stamps, sorted(self.host.games(), key=lambda g: g.seat_of(player) is None)

        self._looking = self.run_worker(look, group=RELIST, thread=True, exit_on_error=False)

    @on(Worker.StateChanged)
    def _looked(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._looking or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                              WorkerState.CANCELLED):
            return
        self._looking = None
        if event.state == WorkerState.ERROR:
            self.notify(self.text(f"The hosted games could not be listed: {worker.error}"),
                        severity="error", markup=False)
        elif event.state == WorkerState.SUCCESS and worker.result is not None:
            self._seen, games = cast("tuple[tuple[tuple[str, int, int], ...], list[Listing]]", worker.result)
            self._show(games)
        if self._again:
            self._again = False
            self.relist()

    def _show(self, games: list[Listing]) -> None:
        """List `games`, the player's own first, keeping the highlighted one highlighted."""
        listed = self.query_one("#games", OptionList)
        chosen = self.chosen()
        self.games = games
        listed.clear_options()
        listed.add_options([Option(self.line(g), id=str(i)) for i, g in enumerate(self.games)])
        paths = [g.path for g in self.games]
        if chosen is not None and chosen.path in paths:
            listed.highlighted = paths.index(chosen.path)
        elif self.games:
            listed.highlighted = 0
        self.describe()

    def line(self, g: Listing) -> Text:
        """Two lines of a game: its name, scenario and turn; its seats and last activity."""
        text = Text()
        if g.problem:
            text.append(f"{self.text(g.path.name)}: cannot be opened\n", style="bold")
            text.append(f"  {self.text(g.problem)[:150]}")
            return text
        mine = g.seat_of(self.host.player)
        text.append(f"{self.text(g.path.stem)}  ", style="bold")
        text.append(f"{self.text(g.title)}  {self.text(g.turn)}")
        if g.to_act:
            text.append(f", {self.text(g.to_act)} to act")
        text.append("\n  ")
        for side, name in g.sides:
            who = g.seats.get(side)
            shown = "you" if who == self.host.player else (who or "open seat")
            text.append(f"{self.text(name)}: ")
            text.append(self.text(shown), style="bold" if side == mine or who is None else "")
            text.append("   ")
        text.append(ago(g.activity), style="dim")
        return text

    def chosen(self) -> Listing | None:
        listed = self.query_one("#games", OptionList)
        index = listed.highlighted
        return self.games[index] if index is not None and 0 <= index < len(self.games) else None

    @on(OptionList.OptionHighlighted, "#games")
    def _highlighted(self) -> None:
        self.describe()

    @on(OptionList.OptionSelected, "#games")
    def _selected(self) -> None:
        self.action_enter()

    def describe(self) -> None:
        """What Enter does with the highlighted game, in words."""
        g = self.chosen()
        about = Text()
        if not self.games:
            about.append("No hosted games yet. Press n to make one, choosing your side; the other seat "
                         "stays open for another player to join.")
        elif g is not None and not g.problem:
            mine, open_seats = g.seat_of(self.host.player), g.open_seats()
            names = dict(g.sides)
            if mine is not None:
                about.append(f"Enter: play your game, as {self.text(names[mine])}.")
            elif open_seats:
                about.append(f"Enter or j: join as {' or '.join(self.text(names[s]) for s in open_seats)}.")
            else:
                about.append("Every seat is taken: w to watch.")
        self.query_one("#about", Static).update(about)

    # --- actions: every one goes through Host, as the player the host named ---

    def _try(self, act: Callable[[], Game]) -> Game | None:
        try:
            return act()
        except IllegalOrder as exc:
            self.notify(self.text(f"{exc.reason} ({exc.rule})"), severity="error", markup=False)
        except WargameError as exc:
            self.notify(self.text(exc), severity="error", markup=False)  # file text, never markup
        self.relist()
        return None

    def action_enter(self) -> None:
        g = self.chosen()
        if g is None or g.problem:
            return
        if g.seat_of(self.host.player) is not None:
            self._play(g)
        elif g.open_seats():
            self.action_join()
        else:
            self.action_watch()

    def _play(self, g: Listing) -> None:
        game = self._try(lambda: self.host.play(g.path))
        if game is not None:
            self._open(game, f"Your game: you play {game.side_name(game.seat or '')}")

    def _open(self, game: Game, greeting: str) -> None:
        self.nav.open_game(game, greeting=self.text(greeting), side=game.seat, by=self.host.player)

    def action_join(self) -> None:
        g = self.chosen()
        if g is None or g.problem:
            return
        if g.seat_of(self.host.player) is not None:
            self.notify("You hold a seat in this game already: Enter plays it", severity="warning")
            return
        open_seats = g.open_seats()
        if not open_seats:
            self.notify("Every seat of this game is taken: w watches it", severity="warning")
            return
        names = dict(g.sides)

        def chosen(side: str | None) -> None:
            if side is not None:
                game = self._try(lambda: self.host.join(g.path, side))
                if game is not None:
                    self._open(game, f"You took the {game.side_name(side)} seat")

        if len(open_seats) == 1:
            chosen(open_seats[0])
        else:
            self.app.push_screen(ChoiceScreen("Join as", [(s, self.text(names[s])) for s in open_seats]),
                                 chosen)

    def action_watch(self) -> None:
        g = self.chosen()
        if g is None or g.problem:
            return
        game = self._try(lambda: self.host.watch(g.path))
        if game is not None:
            self.nav.open_watch(game)

    # --- a new game: scenario, each option the rule system offers, then the player's side ---

    def action_new_game(self) -> None:
        found = scenarios(self.host.scenario_dirs)
        if not found:
            self.notify("No scenarios are installed on this host", severity="error")
            return
        by_id = {s.id: s for s in found}

        def chosen(scenario_id: str | None) -> None:
            if scenario_id is not None:
                scenario = by_id[scenario_id]
                self._ask(scenario, game_options(scenario), {})

        self.app.push_screen(ChoiceScreen("New game: which scenario?",
                                          [(s.id, self.text(s.title)) for s in found]), chosen)

    def _ask(self, scenario: Scenario, left: list[GameOption], chosen: dict[str, str]) -> None:
        ask_options(self.app, self.text(scenario.title), left, self.text,
                    lambda options: self._ask_side(scenario, options), chosen)

    def _ask_side(self, scenario: Scenario, options: dict[str, str]) -> None:
        def answered(side: str | None) -> None:
            if side is not None:
                game = self._try(lambda: self.host.create(scenario, options, side))
                if game is not None:
                    self.relist()
                    self._open(game, f"New game: you play {game.side_name(side)}; the other seat is "
                                     f"open in the lobby")

        sides = [(s.id, self.text(s.name)) for s in scenario.sides]
        self.app.push_screen(ChoiceScreen(f"{self.text(scenario.title)}: your side", sides), answered)
