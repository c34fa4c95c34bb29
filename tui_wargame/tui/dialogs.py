"""Dialogs: confirm, hand the keyboard over, choose an order (modal screens), and the `:` command bar.

Each closes with Esc and with a key every terminal sends (q, n or an empty
Enter), because some terminals and multiplexers delay or swallow Esc.

A dialog that opens by itself (a decision owed, the other side's undo request, the hand-over)
acts only on keys typed after it opened: keys typed ahead (a paste, a slow link, a fast hand)
were meant for the map, where `e` or Enter mean something else. One the player opened with a
key keeps the keys typed after that key, so a fast typist's `R y` still counts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import _time, events, on
from textual._context import active_message_pump  # private: Textual is pinned below 9 (pyproject)
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, ScreenResultType
from textual.suggester import Suggester
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui_wargame.model import Order
from tui_wargame.tui.answers import Pick
from tui_wargame.tui.cropped import crop_updates


class Dialog(ModalScreen[ScreenResultType]):
    """A modal dialog that ignores the keys typed before it opened, if it opened by itself: not
    while the app was running a key's binding (or a click's), but on a record's arrival, a
    callback or a timer of a screen (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        crop_updates(self)
        unbidden = not isinstance(active_message_pump.get(None), App)
        self.opened_at = _time.get_time() if unbidden else None  # keys made before it are dropped

    def on_key(self, event: events.Key) -> None:
        if self.opened_at is not None and event.time < self.opened_at:
            event.stop()  # before any binding of the dialog or its list sees it
            event.prevent_default()


class ConfirmScreen(Dialog[bool]):
    """A yes/no question: y or Enter says yes; n, q or Esc says no. `only_y`: Enter does nothing,
    for a question that pops up by itself (the other side's undo request in a live game), where
    an Enter meant for the map must not answer yes."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("enter", "enter", "Yes", show=False, id="confirm.enter"),
        Binding("n,q,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, *, only_y: bool = False) -> None:
        super().__init__()
        self.question = question
        self.only_y = only_y

    def compose(self) -> ComposeResult:
        yes = "y: yes" if self.only_y else "y/Enter: yes"
        with Vertical(classes="dialog"):
            yield Static(Text(self.question))
            yield Static(Text(f"{yes}    n/q/Esc: no", style="dim"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_enter(self) -> None:
        if not self.only_y:
            self.dismiss(True)


class HandOverScreen(Dialog[None]):
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


class HintAsked:
    """What the order chooser returns when H is pressed in it: its screen asks the computer."""


class OrderChooser(Dialog[str | Pick | HintAsked | None]):
    """Pick one of the legal orders offered, each with its line of words and any warning (bold);
    the highlighted one is previewed live. `picks` follow the orders: answers chosen on the map,
    returned as they are for the screen to mark their hexes. H closes the list for the computer's
    suggestion, as it asks for one on the map."""

    BINDINGS = [
        Binding("escape,q,x", "cancel", "Cancel", id="chooser.cancel"),
        Binding("e", "finish", "Finish", id="chooser.finish"),
        Binding("H", "hint", "Hint", id="chooser.hint"),
    ]

    def __init__(self, title: str, orders: list[Order], preview: Callable[[Order], Text], *,
                 notes: Sequence[str] = (), warnings: Sequence[str] = (), picks: Sequence[Pick] = (),
                 finish: Order | None = None, about: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.about = about  # the phase's prompt in full: the prompt bar may have cut it
        self.orders = orders
        self.preview = preview
        self.notes = list(notes)
        self.warnings = list(warnings)
        self.picks = list(picks)
        self.finish = finish  # given by e, wherever the list is scrolled

    def _entry(self, index: int) -> Order | Pick:
        """The answers picked on the map come first (a retreat before depleting instead)."""
        return self.picks[index] if index < len(self.picks) else self.orders[index - len(self.picks)]

    def _line(self, index: int) -> Text:
        """An entry: the order and its words, or the words of an answer picked on the map."""
        entry = self._entry(index)
        if isinstance(entry, Pick):
            line = Text(entry.text)
            warning = entry.warning
        else:
            index -= len(self.picks)
            line = Text(entry.text)
            note = self.notes[index] if index < len(self.notes) else ""
            if note and note != entry.text:  # a reply worded as its own order is said once
                line.append(f"  {note}", style="dim")
            warning = self.warnings[index] if index < len(self.warnings) else ""
        if warning:
            line.append(f"\n  ! {warning}", style="bold")
        return line

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chooser"):
            yield Static(Text(self.title_text, style="bold"))
            if self.about:
                yield Static(Text(self.about, style="dim"), id="about")
            yield OptionList(*[Option(self._line(i), id=str(i))
                               for i in range(len(self.orders) + len(self.picks))],
                             id="choices")
            yield Static(id="preview")
            finish = f"e: {self.finish.text}  " if self.finish else ""
            yield Static(Text(f"Up/Down: choose  Enter: this one  {finish}H: hint  q/Esc: cancel",
                              style="dim"))

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0
        self._show(0)

    def action_finish(self) -> None:
        if self.finish is not None:
            self.dismiss(self.finish.text)

    def action_hint(self) -> None:
        self.dismiss(HintAsked())

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def _show(self, index: int) -> None:
        if not 0 <= index < len(self.orders) + len(self.picks):
            return
        entry, preview = self._entry(index), self.query_one("#preview", Static)
        if isinstance(entry, Pick):
            preview.update(Text(f"Marks {', '.join(entry.hexes)} on the map; "
                                "Enter on one of them chooses it."))
        else:
            preview.update(self.preview(entry))

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        entry = self._entry(event.option_index)
        self.dismiss(entry if isinstance(entry, Pick) else entry.text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str | None]):
    """One of a game option's choices, each with its line (the default highlighted, the first
    unless `highlighted` says): Enter chooses, q or Esc cancels."""

    BINDINGS = [Binding("escape,q", "cancel", "Cancel", id="choice.cancel")]

    def __init__(self, title: str, choices: Sequence[tuple[str, str]], highlighted: int = 0) -> None:
        super().__init__()
        crop_updates(self)
        self.title_text = title
        self.choices = list(choices)  # (choice, its line as shown)
        self.highlighted = highlighted

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chooser"):
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(*[Option(Text(shown), id=str(i)) for i, (_, shown) in enumerate(self.choices)],
                             id="choices")
            yield Static(Text("Up/Down: choose  Enter: this one  q/Esc: cancel", style="dim"))

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = self.highlighted

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[event.option_index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


def complete(value: str, words: Callable[[list[str]], list[str]]) -> str | None:
    """`value` with its last word completed from `words(words before it)`, the first candidate that fits."""
    parts = value.split(" ")
    stem = parts[-1]
    if not stem:
        return None
    for word in words([p for p in parts[:-1] if p]):
        if word.startswith(stem) and word != stem:
            return " ".join([*parts[:-1], word])
    return None


def hint(orders: Sequence[Order]) -> str:
    """The `:` line's placeholder, its example the shortest legal order now that names something,
    so that it can be typed as it is in this game."""
    named = [o for o in orders if o.args] or list(orders)
    example = f"order, e.g. {min(named, key=lambda o: len(o.text)).text}" if named else "order"
    return f"{example}  (Tab completes, empty Enter cancels)"


def candidates(value: str, words: Sequence[str], most: int = 8) -> str:
    """What Tab found no single completion for: the words that may follow `value`, the first
    `most` and how many more, or that no legal order goes on so."""
    stem = value.split(" ")[-1]
    fits = [w for w in words if w.startswith(stem)]
    if not fits:
        return f"no legal order goes on with {stem!r}" if stem else "no legal order goes on from here"
    more = f" and {len(fits) - most} more" if len(fits) > most else ""
    return "Tab: one of " + ", ".join(fits[:most]) + more


class OrderSuggester(Suggester):
    """Shows the completion of the word being typed (legal orders' verbs, unit ids and hex labels)."""

    def __init__(self, words: Callable[[list[str]], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.words = words

    async def get_suggestion(self, value: str) -> str | None:
        return complete(value, self.words)


class CommandBar(Vertical):
    """The `:` command line under the map: the CLI's order text, with completion and a live preview.

    It lives in the game screen and is shown and focused at once, so keys typed straight
    after ":" over a slow link land in it rather than on the map.
    """

    BINDINGS = [
        Binding("escape", "close", "Cancel", id="command.cancel"),
        Binding("tab", "complete", "Complete", id="command.complete"),
    ]

    class Given(Message):
        """The player pressed Enter: `text` is the order, empty if the line was cancelled."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, preview: Callable[[Order], Text], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.preview = preview
        self.orders: list[Order] = []

    def compose(self) -> ComposeResult:
        yield Input(placeholder=hint(self.orders), suggester=OrderSuggester(self.words), id="command",
                    select_on_focus=False)
        yield Static(id="command-preview")

    def open(self, orders: list[Order]) -> None:
        self.orders = orders
        field = self.query_one(Input)
        field.value = ""
        field.placeholder = hint(orders)
        self.display = True
        self.screen.set_focus(field)  # now, not after the keys already queued (as focus() would)

    def words(self, before: list[str]) -> list[str]:
        """Candidate words to follow `before` (the words typed so far), most likely first: the next
        word of the legal orders that begin with them, else any word in that place or any argument."""
        found: dict[str, None] = {}
        position = len(before)
        for o in self.orders:
            words = [o.verb, *o.args]
            if position < len(words) and words[:position] == before:
                found.setdefault(words[position])
        if found:
            return list(found)
        for o in self.orders:
            words = [o.verb, *o.args]
            if position < len(words):
                found.setdefault(words[position])
        if position > 0:
            for o in self.orders:
                for w in o.args:
                    found.setdefault(w)
        return list(found)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        self.query_one("#command-preview", Static).update(self.preview(Order.parse(text)) if text else "")

    def action_complete(self) -> None:
        field = self.query_one(Input)
        words = field.value.split(" ")
        completed = complete(field.value, self.words)  # not the suggestion: it may not have arrived yet
        if completed:
            field.value = completed + " "
        elif words[-1] and words[-1] in self.words([w for w in words[:-1] if w]):
            field.value += " "  # the word is complete already: go on to the next
        else:  # nothing to complete alone: say what may come, as a shell lists its candidates
            self.query_one("#command-preview", Static).update(Text(candidates(
                field.value, self.words([w for w in words[:-1] if w])), style="dim"))
        field.cursor_position = len(field.value)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.display = False
        self.post_message(self.Given(event.value.strip()))

    def action_close(self) -> None:
        self.display = False
        self.post_message(self.Given(""))
