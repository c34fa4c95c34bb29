"""The title screen: choose a scenario and start a hot-seat game or one against the computer,
continue or replay a save, quit."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_wargame import rules, scenario_file
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.files import first_free
from tui_wargame.glance import Glance, glance
from tui_wargame.model import Scenario
from tui_wargame.opponent import DEFAULT_LEVEL, Opponent, against
from tui_wargame.rules.capabilities import Capabilities, GameOption
from tui_wargame.text import side_name
from tui_wargame.tui.appscreen import AppScreen
from tui_wargame.tui.dialogs import ChoiceScreen
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.keybar import KeyBar
from tui_wargame.tui.options import MANY, ask_options
from tui_wargame.views import scenario_summary


def _newest_first(path: Path) -> float:
    """A save's sort key; a link to nothing sorts by the link's own time (it is listed, and
    choosing it says what is wrong)."""
    try:
        return -path.stat().st_mtime
    except OSError:
        return -path.lstat().st_mtime


def game_options(scenario: Scenario) -> list[GameOption]:
    """The choices the scenario's rule system offers a new game (none if it is unknown here)."""
    try:
        return list(Capabilities(rules.get(scenario.system)).options(scenario))
    except WargameError:
        return []


class TitleScreen(AppScreen):
    BINDINGS = [
        Binding("n", "new_game", "New game", id="title.new"),
        Binding("a", "against_computer", "Vs computer", id="title.computer"),
        Binding("g", "generate", "Generate", id="title.generate", show=False),  # the prompt line tells it
        Binding("c", "continue_game", "Continue", id="title.continue"),
        Binding("j", "join_game", "Join", id="title.join"),
        Binding("r", "replay", "Replay", id="title.replay"),
        Binding("tab", "switch_list", "Scenarios/saves", id="title.switch", priority=True),
        Binding("q", "app.quit", "Quit", id="title.quit"),
    ]

    def __init__(self, glyphs: Glyphs, scenario_dirs: list[Path] | None, saves_dir: Path) -> None:
        super().__init__()
        self.g = glyphs
        self.scenario_dirs = scenario_dirs
        self.saves_dir = saves_dir
        self.scenarios: list[Scenario] = []
        self.saves: list[Path] = []
        self.problems: list[str] = []

    def text(self, value: object) -> str:
        return self.g.text(value)

    def compose(self) -> ComposeResult:
        yield Static(Text("tui-wargame: choose a scenario, or a save to continue or replay", style="bold"),
                     id="header")
        with Horizontal(id="body"):
            with Vertical(id="lists"):
                yield Static("Scenarios")
                yield OptionList(id="scenarios")
                yield Static("Saves")
                yield OptionList(id="saves")
            yield Static(id="about")
        yield Static(Text("Enter/n: new hot-seat game  a: against the computer  g: generate a new scenario  "
                          "c: continue save  j: join a save live  r: replay save  Tab: switch list  q: quit",
                          style="dim"), id="prompt")
        yield KeyBar()

    def on_mount(self) -> None:
        self.load()
        self.query_one("#scenarios", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.load_saves()  # a game played since may have added or touched a save

    def dirs(self) -> list[Path]:
        """The scenario folders, and the generated scenarios' beside the saves (tui/generate.py)."""
        given = self.scenario_dirs if self.scenario_dirs is not None else scenario_file.search_path()
        return [*given, self.saves_dir / "scenarios"]

    def load(self) -> None:
        self.scenarios = []
        for path in sorted(scenario_file.scenario_files(self.dirs()).values()):
            try:
                self.scenarios.append(scenario_file.load(path))
            except WargameError as exc:
                self.problems.append(str(exc))
        scen = self.query_one("#scenarios", OptionList)
        scen.clear_options()
        scen.add_options([Option(Text(self.text(s.title)), id=s.id) for s in self.scenarios])
        if self.scenarios:
            scen.highlighted = 0
        self.describe_scenario(0)
        self.load_saves()

    def load_saves(self) -> None:
        """List the saves, newest first, keeping the highlighted one highlighted."""
        saves = self.query_one("#saves", OptionList)
        chosen = self.saves[saves.highlighted] if saves.highlighted is not None and self.saves else None
        try:
            self.saves = sorted(self.saves_dir.glob("*.toml"), key=_newest_first)
        except OSError:  # not a folder, or not one this user may list: no saves to show
            self.saves = []
        saves.clear_options()
        saves.add_options([Option(self.save_line(p)) for p in self.saves])
        if chosen in self.saves:
            saves.highlighted = self.saves.index(chosen)

    def _glance(self, path: Path) -> tuple[Glance | None, Scenario | None, str]:
        """Where the save's game stands, its scenario if known here, or why it cannot be read."""
        try:
            seen = glance(path)
        except WargameError as exc:
            return None, None, str(exc)
        return seen, next((s for s in self.scenarios if s.id == seen.scenario), None), ""

    def save_line(self, path: Path) -> Text:
        """A save in the list: its name, and on a second line the scenario, turn, side and phase."""
        seen, scenario, _ = self._glance(path)
        line = Text(self.text(path.name))
        if seen is None:
            line.append("\n  not a save this can read", style="dim")
            return line
        if scenario is None:
            where = f"{seen.scenario} T{seen.turn + 1} {seen.active}: {seen.phase}"
        else:
            title = scenario.title.partition(":")[0]
            short = {s.id: s.short or s.name for s in scenario.sides}
            if seen.over:
                where = f"{title} over: " + (f"{short.get(seen.winner, seen.winner)} won" if seen.winner
                                              else "a draw")
            else:
                side = short.get(seen.active, seen.active)
                where = f"{title} T{seen.turn + 1}/{len(scenario.turns)} {side}: {seen.phase}"
                if seen.owes and seen.owes != seen.active:
                    where += f", {short.get(seen.owes, seen.owes)} to decide"
        line.append("\n  " + self.text(where), style="dim")
        return line

    def describe_scenario(self, index: int) -> None:
        about = Text()
        if not self.scenarios:
            about.append("No scenarios found.\n" + "\n".join(self.text(p) for p in self.problems))
        elif 0 <= index < len(self.scenarios):
            s = scenario_summary(self.scenarios[index])
            about.append(self.text(s["title"]) + "\n", style="bold")
            about.append(f"{self.text(' vs '.join(x['name'] for x in s['sides']))}\n")
            about.append(f"{self.text(s['length'])}\nrules: {self.text(s['system_title'])}\n\n")
            about.append(self.text(s["description"]))
            options = game_options(self.scenarios[index])
            if len(options) >= MANY:  # one screen of options when the game starts: one line each here
                about.append("\n\nWhen the game starts, choose its options on one screen (Enter there "
                             "takes every default):", style="bold")
                for option in options:
                    about.append(f"\n  {self.text(option.description)}")
            else:
                for option in options:
                    about.append(f"\n\nWhen the game starts, choose {self.text(option.description)}:",
                                 style="bold")
                    for choice, line in option.choices.items():
                        about.append(f"\n  {self.text(choice)}: {self.text(line)}")
        self.query_one("#about", Static).update(about)

    def describe_save(self, index: int) -> None:
        about = Text()
        if 0 <= index < len(self.saves):
            path = self.saves[index]
            seen, scenario, problem = self._glance(path)
            about.append(f"{self.text(path.name)}\n", style="bold")
            if seen is None:
                about.append(self.text(problem))
            elif scenario is None:
                about.append(f"a game of {self.text(seen.scenario)}, a scenario not found here\n")
            else:
                about.append(self.text(scenario.title) + "\n")
                turn = scenario.turns[min(seen.turn, len(scenario.turns) - 1)]
                about.append(f"Turn {seen.turn + 1} of {len(scenario.turns)}: {self.text(turn.name)}\n")
                if seen.over:
                    winner = side_name(scenario, seen.winner) if seen.winner else ""
                    about.append(f"Over: {self.text(winner)} won ({self.text(seen.level)})\n" if winner
                                 else "Over: a draw\n")
                else:
                    side = side_name(scenario, seen.active)
                    about.append(f"{self.text(side)}: {self.text(seen.phase)} phase\n")
                    if seen.owes:
                        about.append(f"{self.text(side_name(scenario, seen.owes))} owes a decision\n")
            if seen is not None:
                records = f"{seen.seq + 1} record" + ("s" if seen.seq else "")
                seed = "dice sealed by the host" if seen.sealed else f"seed {seen.seed}"
                about.append(f"\n{records}, {seed}\nstarted {self.text(seen.created)}\n")
                about.append(self._opponent_line(seen, scenario))
        self.query_one("#about", Static).update(about)

    def _opponent_line(self, seen: Glance, scenario: Scenario | None) -> str:
        """Whom the save is played against, as its header keeps it (tui_wargame.opponent)."""
        if not seen.opponent:
            return ""
        who, _, level = seen.opponent.partition(":")
        side = side_name(scenario, seen.player) if scenario else seen.player
        return f"against the {self.text(who)}{f' ({self.text(level)})' if level else ''}, " \
               f"you play {self.text(side)}\n"

    @on(OptionList.OptionHighlighted, "#scenarios")
    def _scenario_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe_scenario(event.option_index)

    @on(OptionList.OptionHighlighted, "#saves")
    def _save_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe_save(event.option_index)

    @on(OptionList.OptionSelected, "#scenarios")
    def _scenario_selected(self) -> None:
        self.action_new_game()

    @on(OptionList.OptionSelected, "#saves")
    def _save_selected(self) -> None:
        self.action_continue_game()

    def action_switch_list(self) -> None:
        scen, saves = self.query_one("#scenarios", OptionList), self.query_one("#saves", OptionList)
        target = saves if scen.has_focus else scen
        target.focus()
        if target.highlighted is None and target.option_count:
            target.highlighted = 0

    def _chosen_save(self) -> Path | None:
        saves = self.query_one("#saves", OptionList)
        if saves.highlighted is None or not self.saves:
            self.notify("Choose a save first (Tab to the saves list)", severity="warning")
            return None
        return self.saves[saves.highlighted]

    def _chosen_scenario(self) -> Scenario | None:
        scen = self.query_one("#scenarios", OptionList)
        if scen.highlighted is None or not self.scenarios:
            return None
        return self.scenarios[scen.highlighted]

    def action_new_game(self) -> None:
        """Ask each of the rule system's game options in turn, then start the game."""
        scenario = self._chosen_scenario()
        if scenario is not None:
            self._ask(scenario, game_options(scenario), {})

    def new_game_of(self, scenario: Scenario) -> None:
        """A new hot-seat game of `scenario`, its game options asked first."""
        self._ask(scenario, game_options(scenario), {})

    def action_generate(self) -> None:
        """A scenario made from a seed by a rule system's generator, then a new game of it."""
        from tui_wargame.tui import generate

        generate.start(self)

    def action_against_computer(self) -> None:
        """Ask the side to play and the computer's level, then the game options, then start."""
        from tui_wargame.players import LEVELS  # the computer loads only when it is asked for

        scenario = self._chosen_scenario()
        if scenario is None:
            return
        sides = [(s.id, f"{self.text(s.name)}: you play {self.text(s.name)}, the computer the rest")
                 for s in scenario.sides]
        if len(scenario.sides) == 2:
            a, b = scenario.sides
            sides = [(a.id, f"{self.text(a.name)} (the computer plays {self.text(b.name)})"),
                     (b.id, f"{self.text(b.name)} (the computer plays {self.text(a.name)})")]
        levels = [(level, level) for level in LEVELS]

        def side_chosen(side: str | None) -> None:
            def level_chosen(level: str | None) -> None:
                if side is not None and level is not None:
                    self._ask(scenario, game_options(scenario), {}, against(scenario, side, level))

            if side is not None:
                self.app.push_screen(ChoiceScreen(f"{self.text(scenario.title)}: the computer's level",
                                                  levels, LEVELS.index(DEFAULT_LEVEL)),
                                     level_chosen)

        self.app.push_screen(ChoiceScreen(f"{self.text(scenario.title)} against the computer: "
                                          f"which side do you play?", sides), side_chosen)

    def _ask(self, scenario: Scenario, left: list[GameOption], chosen: dict[str, str],
             rival: Opponent | None = None) -> None:
        ask_options(self.app, self.text(scenario.title), left, self.text,
                    lambda options: self._start(scenario, options, rival), chosen)

    def _start(self, scenario: Scenario, options: dict[str, str], rival: Opponent | None = None) -> None:
        if rival is not None:
            options = {**options, **rival.options()}
        try:
            game = first_free(self.saves_dir, scenario.id,
                              lambda path: Game.new(scenario, path, options=options, keep_unplayed=False))
        except WargameError as exc:
            self.notify(self.text(exc), severity="error", markup=False)  # file text, never markup
            return
        self.load_saves()
        greeting = f"New game, seed {game.header.seed}; every order is saved in {self.text(game.path)}"
        self.nav.open_game(game, greeting=greeting, opponent=rival)

    def _open(self, write: bool) -> Game | None:
        path = self._chosen_save()
        if path is None:
            return None
        try:
            return Game.open(path, write=write, scenario_dirs=self.dirs())
        except WargameError as exc:
            self.notify(self.text(exc), severity="error", markup=False)  # file text, never markup
            return None

    def action_continue_game(self) -> None:
        game = self._open(write=True)
        if game:
            self.nav.open_game(game)

    def action_join_game(self) -> None:
        """Play the chosen save live as one side, chosen here; the other side plays from another
        terminal (`tui-wargame play FILE --as SIDE`)."""
        game = self._open(write=True)
        if game is None:
            return

        def chosen(side: str | None) -> None:
            if side is None:
                game.close()
            else:
                self.nav.open_game(game, side=side)

        sides = [(s.id, self.text(s.name)) for s in game.scenario.sides]
        self.app.push_screen(ChoiceScreen(f"Join {self.text(game.path.name if game.path else '')} as", sides),
                             chosen)

    def action_replay(self) -> None:
        game = self._open(write=False)
        if game:
            self.nav.open_replay(game)



