"""Choosing a new game's options: one dialog a choice for a system with a few, one screen for
all of them when it has many (Foxhole's optional rules, R2.K).

`ask_options` is what the title screen and the lobby call: it asks, then calls `done` with every
option's choice, or does nothing when the player cancels.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_wargame.rules.capabilities import GameOption
from tui_wargame.tui.cropped import crop_updates
from tui_wargame.tui.dialogs import ChoiceScreen

#: From this many options on, they are chosen on one screen rather than one dialog each.
MANY = 3
START = "start"  # the id of the list's first line, which starts the game
WRAP_MARGIN = 10  # the dialog's border and padding, the list's scroll bar and a cell to spare


class OptionsScreen(ModalScreen[dict[str, str] | None]):
    """Every option of a new game on one scrollable list, each with its choice and its line; the
    first line starts the game with the choices shown (all the defaults at first, so Enter at once
    takes them). Enter or Space on an option moves it to its next choice; d puts every option back
    to its default; q or Esc cancels."""

    BINDINGS = [
        Binding("space", "cycle", "Change", id="options.change"),
        Binding("d", "defaults", "Defaults", id="options.defaults"),
        Binding("s", "start", "Start", id="options.start"),
        Binding("escape,q", "cancel", "Cancel", id="options.cancel"),
    ]

    def __init__(self, title: str, options: Sequence[GameOption], text: Callable[[object], str]) -> None:
        super().__init__()
        crop_updates(self)
        self.title_text = title
        self.options = list(options)
        self.text = text
        self.chosen = {o.name: o.default for o in self.options}
        self.room = max(len(text(c)) for o in self.options for c in o.choices)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog options"):
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(Option(self._start_line(), id=START),
                             *[Option(self._line(o), id=o.name) for o in self.options], id="options")
            yield Static(id="option-about")
            yield Static(Text("Enter/Space: change  s: start  d: all defaults  q/Esc: cancel",
                              style="dim"))

    def on_mount(self) -> None:
        # as tall as the most choices any option has, so the list never changes height under the cursor
        self.query_one("#option-about").styles.height = max(len(o.choices) for o in self.options)
        self.query_one(OptionList).highlighted = 0
        self._about(0)

    def _start_line(self) -> Text:
        changed = sum(self.chosen[o.name] != o.default for o in self.options)
        how = "all defaults" if not changed else f"{changed} changed from the defaults"
        return Text(f"Start the game ({how})", style="bold")

    def _line(self, option: GameOption) -> Text:
        """The option's choice (bold when not the default), then its line, wrapped under itself."""
        choice = self.chosen[option.name]
        line = Text(f"{self.text(choice):<{self.room}}  ", style="" if choice == option.default else "bold")
        width = max((self.app.size.width or 80) - WRAP_MARGIN - self.room, 20)
        line.append(f"\n{'':<{self.room + 2}}".join(textwrap.wrap(self.text(option.description), width)))
        return line

    def _about(self, index: int) -> None:
        """Under the list: the highlighted option's choices, each with what it means."""
        about = Text()
        if index > 0:
            option = self.options[index - 1]
            for choice, line in option.choices.items():
                mark = ">" if choice == self.chosen[option.name] else " "
                about.append(f"{mark} {self.text(choice)}: {self.text(line)}\n")
        else:
            about.append("Enter starts the game with the choices above.\n")
        about.rstrip()
        self.query_one("#option-about", Static).update(about)

    def _refresh(self) -> None:
        listed = self.query_one(OptionList)
        listed.replace_option_prompt(START, self._start_line())
        for option in self.options:
            listed.replace_option_prompt(option.name, self._line(option))
        self._about(listed.highlighted or 0)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._about(event.option_index)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == START:
            self.dismiss(dict(self.chosen))
        else:
            self.action_cycle()

    def action_cycle(self) -> None:
        """The highlighted option's next choice (after the last, the first again)."""
        index = self.query_one(OptionList).highlighted
        if not index:
            return
        option = self.options[index - 1]
        choices = list(option.choices)
        self.chosen[option.name] = choices[(choices.index(self.chosen[option.name]) + 1) % len(choices)]
        self._refresh()

    def action_defaults(self) -> None:
        self.chosen = {o.name: o.default for o in self.options}
        self._refresh()

    def action_start(self) -> None:
        self.dismiss(dict(self.chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_options(app: App[object], title: str, options: Sequence[GameOption], text: Callable[[object], str],
                done: Callable[[dict[str, str]], None], chosen: Mapping[str, str] | None = None) -> None:
    """Ask each option (`title` names the game), then `done(choices)`; nothing if cancelled. Many
    options are asked on one `OptionsScreen`, a few one `ChoiceScreen` each."""
    chosen = dict(chosen or {})
    if not options:
        done(chosen)
        return
    if len(options) >= MANY:
        app.push_screen(OptionsScreen(f"{title}: {len(options)} options", options, text),
                        lambda picked: done({**chosen, **picked}) if picked is not None else None)
        return
    option = options[0]

    def answered(choice: str | None) -> None:
        if choice is not None:  # cancelled: no game
            ask_options(app, title, options[1:], text, done, {**chosen, option.name: choice})

    lines = [(c, f"{text(c)}: {text(line)}") for c, line in option.choices.items()]
    app.push_screen(ChoiceScreen(f"{title}: {text(option.description)}", lines), answered)
