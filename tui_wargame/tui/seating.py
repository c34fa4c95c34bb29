"""How the sides sit at the game screen: hot-seat, live for one side, or against the computer.

`GameScreen` asks its `Seating` whatever differs between the ways of playing, rather than
branching on each in every method: what to do once records arrive (hand the keyboard over,
put up what this side is asked, wake the computer), why the keyboard may not give an order
now, the prompt's keys, where the map follows. The computer's seating is in computer.py, so
that it loads only when the computer plays. A live seating is not a hosted game's seat
(`tui_wargame.seats`), though a game played from a seat is played live.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.worker import Worker

from tui_wargame.engine import ALLOW_UNDO, REFUSE_UNDO
from tui_wargame.opponent import Opponent
from tui_wargame.savefile import Record
from tui_wargame.text import attributive, tidy
from tui_wargame.tui.answers import Note
from tui_wargame.tui.dialogs import ConfirmScreen, HandOverScreen
from tui_wargame.tui.touched import touched_hexes

if TYPE_CHECKING:
    from tui_wargame.tui.game import GameScreen


class Seating(ABC):
    """What the screen asks of a way of playing: each must say who gets the keyboard
    (`check_keyboard`), and says the rest only where it differs from these."""

    #: Another program writes the save while the screen is up: inotify wakes the screen at once.
    others_write = False
    #: The hand-over screen is up: no decision's answers are opened by themselves meanwhile.
    handing_over = False

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    @abstractmethod
    def check_keyboard(self) -> None:
        """At the start and once new records are shown: whoever must act next gets the game."""

    def resumed(self) -> None:  # noqa: B027 - nothing to do, by design, in most ways of playing
        """Back on the screen from help or a dialog."""

    def theirs(self, record: Record) -> bool:
        """Whether `record` was given from another terminal (its report says so)."""
        return False

    def follow(self, records: Sequence[Record]) -> tuple[str, ...] | None:
        """The hexes the map brings into view after `records` (None: as it was going)."""
        return None

    def refusal(self) -> Note | None:
        """Why the keyboard may not give an order now; None when it may."""
        return None

    def undo_refusal(self) -> Note | None:
        """Why `u` may not take an order back now; None when it may."""
        return None

    def keys(self) -> str:
        """The prompt's line of keys ("": the controller's)."""
        return ""

    def skip(self) -> None:  # noqa: B027 - nothing to do, by design, in most ways of playing
        """`.`: see the rest of the computer's turn at once."""

    def thought(self, worker: Worker[object]) -> None:  # noqa: B027 - nothing to do, by design, in most ways of playing
        """A worker of the computer's play finished."""


class HotSeat(Seating):
    """Both sides at one keyboard: the side to act takes it, after the hand-over screen (unless
    `hand_over` is False), and sees only what it may."""

    def __init__(self, screen: GameScreen, *, hand_over: bool = True) -> None:
        super().__init__(screen)
        self.hand_over = hand_over

    def check_keyboard(self) -> None:
        """Hand the keyboard over when the other side must act."""
        screen = self.screen
        state, control = screen.game.state, screen.control
        if state.over or state.to_act == control.viewer or self.handing_over:
            return  # handing over already: records that arrive meanwhile are shown to the side taking it
        if not self.hand_over:
            control.viewer = state.to_act
            screen.mirror()
            return
        side = screen.names.side(state.to_act)
        if state.pending:
            why = f"{side} to decide: {tidy(screen.names.text(state.pending.prompt))}."  # no verb to agree
        else:
            why = f"It is the {attributive(side)} turn."
        control.deselect()  # shown with the new viewer's map, once the keyboard is taken

        def taken(_: None) -> None:
            self.handing_over = False
            control.take_keyboard()
            screen.reset_log()  # told again, without what the new viewer may not see
            screen.mirror()
            screen.offer_decision()

        self.handing_over = True
        screen.app.push_screen(HandOverScreen(f"{why}\n\nHand the keyboard to the {side} player."), taken)


class Live(Seating):
    """This terminal plays `side`; the other side plays from another terminal on the same save.
    No hand-over: what this side is asked pops up, and the map follows the other side's orders."""

    others_write = True

    def __init__(self, screen: GameScreen, side: str) -> None:
        super().__init__(screen)
        self.side = side
        self._asked_at = -1  # the last record after which this side was asked something (a pop-up)

    def check_keyboard(self) -> None:
        """A decision this side owes, or the other side's undo request, pops up here once a record."""
        screen = self.screen
        game, state = screen.game, screen.game.state
        if state.over or self._asked_at == game.seq or not screen.is_current:
            return
        asked = game.undo_asked()
        if asked is not None and asked.side != self.side:
            self._asked_at = game.seq
            question = (f"{screen.names.side(asked.side)} ask to take back "
                        f"`{screen.names.text(str(asked.events[0].get('order')))}`: allow?")
            screen.app.push_screen(ConfirmScreen(question, only_y=True),  # it comes unbidden: no stray Enter
                                   lambda yes: screen.submit(ALLOW_UNDO if yes else REFUSE_UNDO))
        elif asked is None and state.pending and state.pending.side == self.side:
            self._asked_at = game.seq
            where = state.pending.data.get("hex")
            if isinstance(where, str) and game.scenario.grid.on_map(where):
                screen.control.cursor = where
            screen.carry_out(screen.control.act())

    def resumed(self) -> None:
        """Anything asked while help or a dialog was up."""
        self.check_keyboard()

    def theirs(self, record: Record) -> bool:
        return record.side != self.side

    def follow(self, records: Sequence[Record]) -> tuple[str, ...] | None:
        """Where the other side's last order happened, the cursor on its first hex."""
        theirs = [r.seq for r in records if r.side != self.side]
        if not theirs:
            return None
        hexes = touched_hexes(self.screen.game, theirs[-1])
        if hexes:
            self.screen.control.cursor = hexes[0]
        return hexes

    def undo_refusal(self) -> Note | None:
        """One request at a time: `u` asks the other side, who has seen the order, to allow it."""
        if self.screen.game.undo_asked() is not None:
            return Note("An undo is asked already; waiting for the answer", refused=True)
        return None


def seating_for(screen: GameScreen, *, hotseat: bool, side: str | None, opponent: Opponent | None,
                pace: float | None) -> Seating:
    """Live as `side` if given, else against the computer if `opponent` is, else hot-seat (with a
    hand-over if `hotseat`); `pace`: seconds between the computer's orders (tui.computer.PACE_S)."""
    if side is not None:
        return Live(screen, side)
    if opponent is not None:
        from tui_wargame.tui.computer import PACE_S, AgainstComputer  # the computer loads only when it plays

        return AgainstComputer(screen, opponent, PACE_S if pace is None else pace)
    return HotSeat(screen, hand_over=hotseat)
