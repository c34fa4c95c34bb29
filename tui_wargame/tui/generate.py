"""The title screen's "new generated game": a rule system's scenario generator (`rules.GENERATORS`)
asked for a seed (a random one offered) and its choices, the scenario written beside the saves
(`saves/scenarios/`, where a save of it finds it again), then the game started as any other."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui_wargame import generating, rules, scenario_file
from tui_wargame.errors import WargameError
from tui_wargame.tui.dialogs import ChoiceScreen
from tui_wargame.tui.options import ask_options

if TYPE_CHECKING:
    from tui_wargame.tui.title import TitleScreen

SEEDS = 10**6  # the random seed offered is below this, short enough to read out to an opponent


class SeedScreen(ModalScreen[int | None]):
    """A seed to type, a random one offered: Enter takes it, Esc cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="seed.cancel")]

    def __init__(self, title: str, offered: int) -> None:
        super().__init__()
        self.title_text = title
        self.offered = offered

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chooser"):
            yield Static(Text(self.title_text, style="bold"))
            yield Input(str(self.offered), restrict=r"[0-9]*", max_length=18, id="seed")
            yield Static(Text("Enter: this seed (the same seed makes the same scenario)  Esc: cancel",
                              style="dim"))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.value.isdigit():
            self.dismiss(int(event.value))
        else:
            self.notify("Type a seed: a whole number", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)


def start(title: TitleScreen) -> None:
    """Ask which generator (when there are several), the seed and the generator's choices, then
    write the scenario and ask the game's own options as a new game does."""
    systems = list(rules.GENERATORS)

    def system_chosen(system: str | None) -> None:
        if system is not None:
            _seed(title, system)

    if len(systems) == 1:
        system_chosen(systems[0])
    else:
        title.app.push_screen(ChoiceScreen("Generate a scenario of which rule system?",
                                           [(s, rules.generator(s).title) for s in systems]), system_chosen)


def _seed(title: TitleScreen, system: str) -> None:
    maker = rules.generator(system)

    def seed_chosen(seed: int | None) -> None:
        if seed is not None:
            ask_options(title.app, f"Seed {seed}", list(maker.options), title.text,
                        lambda chosen: _make(title, system, seed, chosen))

    title.app.push_screen(SeedScreen(f"{title.text(maker.title)}: the seed", secrets.randbelow(SEEDS)),
                          seed_chosen)


def _make(title: TitleScreen, system: str, seed: int, chosen: Mapping[str, str]) -> None:
    """Write the scenario in the saves folder's `scenarios`, then start a game of it."""
    maker = rules.generator(system)
    try:
        path = generating.write(system, seed, chosen,
                                title.saves_dir / "scenarios" / f"{maker.ident(seed, chosen)}.toml")
        scenario = scenario_file.load(path)
    except WargameError as exc:
        title.notify(title.text(exc), severity="error", markup=False)
        return
    title.load()
    title.new_game_of(scenario)
