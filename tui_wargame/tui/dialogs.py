"""Small modal screens: confirm, hand the keyboard over, choose an order, type an order.

Each closes with Esc and with a key every terminal sends (q, n or an empty
Enter), because some terminals and multiplexers delay or swallow Esc.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui_wargame.model import Order


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes; n, q or Esc says no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,q,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question))
            yield Static(Text("y/Enter: yes    n/q/Esc: no", style="dim"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class HandOverScreen(ModalScreen[None]):
    """Covers the map while the keyboard passes to the other side, so neither sees the other's secrets."""

    BINDINGS = [Binding("enter,space", "done", "Take the keyboard", id="handover.done")]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog handover"):
            yield Static(Text(self.message, style="bold"))
            yield Static(Text("Enter or Space when ready", style="dim"))

    def action_done(self) -> None:
        self.dismiss(None)


class OrderChooser(ModalScreen[str | None]):
    """Pick one of the legal orders offered; the highlighted one is previewed live."""

    BINDINGS = [
        Binding("escape,q,x", "cancel", "Cancel", id="chooser.cancel"),
    ]

    def __init__(self, title: str, orders: list[Order], preview: Callable[[Order], Text]) -> None:
        super().__init__()
        self.title_text = title
        self.orders = orders
        self.preview = preview

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chooser"):
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(*[Option(Text(o.text), id=str(i)) for i, o in enumerate(self.orders)],
                             id="choices")
            yield Static(id="preview")
            yield Static(Text("Up/Down: choose  Enter: give order  q/Esc: cancel", style="dim"))

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0
        self._show(0)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def _show(self, index: int) -> None:
        if 0 <= index < len(self.orders):
            self.query_one("#preview", Static).update(self.preview(self.orders[index]))

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.orders[event.option_index].text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class OrderSuggester(Suggester):
    """Completes the word being typed from the legal orders' verbs, unit ids and hex labels."""

    def __init__(self, words: Callable[[int], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.words = words

    async def get_suggestion(self, value: str) -> str | None:
        parts = value.split(" ")
        stem = parts[-1]
        if not stem:
            return None
        for word in self.words(len(parts) - 1):
            if word.startswith(stem) and word != stem:
                return " ".join([*parts[:-1], word])
        return None


class CommandScreen(ModalScreen[str | None]):
    """The `:` command line: the CLI's order text, with completion and a live preview of attacks."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="command.cancel"),
        Binding("tab", "complete", "Complete", id="command.complete", priority=True),
    ]

    def __init__(self, orders: list[Order], preview: Callable[[Order], Text]) -> None:
        super().__init__()
        self.orders = orders
        self.preview = preview

    def words(self, position: int) -> list[str]:
        """Candidate words for the given position in the order, most likely first."""
        found: dict[str, None] = {}
        for o in self.orders:
            words = [o.verb, *o.args]
            if position < len(words):
                found.setdefault(words[position])
        if position > 0:
            for o in self.orders:
                for w in o.args:
                    found.setdefault(w)
        return list(found)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog command"):
            yield Input(placeholder="order, e.g. move r1 0201  (Tab completes, empty Enter cancels)",
                        suggester=OrderSuggester(self.words), id="command")
            yield Static(id="preview")

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        out = Text("")
        if text:
            out = self.preview(Order.parse(text))
        self.query_one("#preview", Static).update(out)

    def action_complete(self) -> None:
        field = self.query_one(Input)
        words = field.value.split(" ")
        if field._suggestion:
            field.value = field._suggestion + " "
        elif words[-1] and words[-1] in self.words(len(words) - 1):
            field.value += " "  # the word is complete already: go on to the next
        field.cursor_position = len(field.value)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
