"""Orders: what a player asks for, in the text form players and save files share.

`move 31/1 2632 2631` is the verb `move` and its arguments. Unit ids and hex
labels never contain spaces, so the text form is just words.
"""

from __future__ import annotations

from tui_wargame.frozen import frozen


@frozen
class Refusal:
    """Why the rules refuse an order, and the rule section that says so: a value, never a
    "reason (rule)" string to be parsed back."""

    message: str
    rule: str = ""

    def __str__(self) -> str:
        """The message and its rule, once: a message that already cites the rule keeps it alone."""
        if not self.rule or f"({self.rule})" in self.message:
            return self.message
        return f"{self.message} ({self.rule})"


class IllegalOrder(Exception):
    """An order the rules refuse, carrying its Refusal."""

    def __init__(self, reason: str | Refusal, rule: str = "") -> None:
        self.refusal = reason if isinstance(reason, Refusal) else Refusal(reason, rule)
        super().__init__(str(self.refusal))

    @property
    def reason(self) -> str:
        return self.refusal.message

    @property
    def rule(self) -> str:
        return self.refusal.rule


@frozen
class Order:
    verb: str
    args: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Order:
        words = text.split()
        if not words:
            raise IllegalOrder("an empty order", "")
        return cls(words[0].lower(), tuple(words[1:]))

    @property
    def text(self) -> str:
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.text
