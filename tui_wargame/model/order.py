"""Orders: what a player asks for, in the text form players and save files share.

`move 31/1 2632 2631` is the verb `move` and its arguments. Unit ids and hex
labels never contain spaces, so the text form is just words.
"""

from __future__ import annotations

from tui_wargame.frozen import frozen


class IllegalOrder(Exception):
    """An order the rules refuse: the reason, and the rule section that says so."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(f"{reason} ({rule})" if rule else reason)
        self.reason = reason
        self.rule = rule


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
