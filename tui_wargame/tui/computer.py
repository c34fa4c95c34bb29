"""The computer at the table: it plays its sides on the game screen, and suggests orders (issue 15).

The computer thinks in a Textual thread worker, on an in-memory copy of the
game as it stood (`Game.branch(seq)`, made in the worker: the log is only ever
appended to, so reading its first records while the UI thread appends is safe),
so the screen stays responsive and the computer never reads what changes. Its
order is given back on the UI thread through `Game.submit` (marked
`by = "computer:LEVEL"`) and shown like any other record, at least `pace`
seconds after the record before it, so that a player can follow its turn;
`skip` gives the rest of its turn without waiting. `AgainstComputer` is the game
screen's seating (seating.py) in such a game: the player's side keeps the keyboard.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from textual.timer import Timer
from textual.worker import Worker, WorkerState

from tui_wargame.engine import Game
from tui_wargame.model import IllegalOrder
from tui_wargame.opponent import Opponent
from tui_wargame.players import Choice, computer
from tui_wargame.savefile import Record
from tui_wargame.tui.answers import Note
from tui_wargame.tui.info import names_any
from tui_wargame.tui.seating import Seating
from tui_wargame.tui.touched import touched_hexes

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui_wargame.tui.game import GameScreen

#: Seconds between two of the computer's orders on the screen: time to read each one.
PACE_S = 0.6
PLAY, HINT = "computer.play", "computer.hint"


class Autopilot:
    """Plays the computer's sides of `game` on `screen`: one thread worker an order, paced."""

    def __init__(self, screen: Screen[None], game: Game, opponent: Opponent, pace: float,
                 shown: Callable[[list[Record]], object], failed: Callable[[str], None]) -> None:
        self.screen = screen
        self.game = game
        self.opponent = opponent
        self.pace = pace
        self.player = computer(opponent.level)
        self.shown = shown  # new records, to show as any record is shown
        self.failed = failed  # why the computer stopped: a refusal or its error
        self.skipping = False  # the rest of its turn without waiting (the skip key)
        self.stopped = False  # it failed: the player may give its orders until its turn is over
        self._busy = False  # a worker thinks, or an order waits for its time
        self._timer: Timer | None = None
        self._waiting: tuple[str, Choice] = ("", Choice("", ""))  # the order that waits for its time
        self._last = 0.0  # when the computer's last order was shown (time.monotonic)

    def to_act(self) -> bool:
        """Whether the computer must act now."""
        state = self.game.state
        return not state.over and self.opponent.plays(state.to_act)

    def wake(self) -> None:
        """Start thinking if it is the computer's turn (a decision included) and it is not already."""
        if not self.to_act():
            self.skipping = self.stopped = False  # its turn is over: next time it plays again
            return
        if self._busy or self.stopped:
            return
        self._busy = True
        game, seq, side = self.game, self.game.seq, self.game.state.to_act
        self.screen.run_worker(lambda: (seq, side, self.player.choose(game.branch(seq), side)), group=PLAY,
                               thread=True, exit_on_error=False)

    def followed(self, record: Record, hidden: frozenset[str]) -> tuple[str, ...] | None:
        """The hexes the map keeps in view after `record`, so the player sees where the computer
        acted (the replay's choice of hexes); None for a record not the computer's, or one that
        names a unit the player may not see (following it would tell where it went)."""
        if record.by != self.opponent.by or not self.opponent.plays(record.side):
            return None
        if names_any(record.order.split(), hidden) or any(names_any(dict(e.facts), hidden)
                                                            for e in record.events):
            return None
        return touched_hexes(self.game, record.seq) or None

    def skip(self) -> None:
        """Show the rest of the computer's turn at once (nothing when it is not its turn)."""
        if not self.to_act():
            return
        self.skipping = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._give_waiting()

    def thought(self, worker: Worker[object]) -> None:
        """A worker of this autopilot finished: give its order when its time comes."""
        if worker.state == WorkerState.ERROR:
            self._busy, self.stopped = False, True
            self.failed(f"The computer ({self.opponent.level}) failed: {worker.error}")
            return
        if worker.state != WorkerState.SUCCESS:
            self._busy = False  # cancelled: the screen is going away
            return
        seq, side, choice = cast("tuple[int, str, Choice]", worker.result)  # what `wake` gave it to think
        if seq != self.game.seq:  # the game moved on meanwhile (another program): think again
            self._busy = False
            self.wake()
            return
        self._waiting = (side, choice)
        wait = 0.0 if self.skipping else self.pace - (time.monotonic() - self._last)
        if wait > 0:
            self._timer = self.screen.set_timer(wait, self._give_waiting)
        else:
            self._give_waiting()

    def _give_waiting(self) -> None:
        self._timer = None
        side, choice = self._waiting
        self._busy = False
        try:
            record = self.game.submit(choice.order, side, by=self.opponent.by)
        except IllegalOrder as exc:
            self.stopped = True
            self.failed(f"The computer ({self.opponent.level}) gave `{choice.order}`, which was refused: "
                        f"{exc.refusal}")
            return
        self._last = time.monotonic()
        self.shown([record])  # shown, then the screen wakes it for the next order


class AgainstComputer(Seating):
    """The player's side at the keyboard, the computer's sides played by an `Autopilot`: while
    one of them is to act the keyboard gives no order, and the map shows where the computer acted."""

    def __init__(self, screen: GameScreen, opponent: Opponent, pace: float) -> None:
        super().__init__(screen)
        self.opponent = opponent
        self.autopilot = Autopilot(screen, screen.game, opponent, pace,
                                   lambda records: screen.post_message(screen.RecordsAppended(records)),
                                   self._failed)
        self._took: tuple[int, str, str] | None = None  # the phase the computer took the game in

    def check_keyboard(self) -> None:
        """Wake the computer when its side must act. When the player's side gets the game back in
        another phase, or owes a decision, the player sits down as in hot-seat: the cursor on the
        decision's hex or its units (not after the computer only answered a decision of its own)."""
        screen, state = self.screen, self.screen.game.state
        if self.autopilot.to_act():
            if self._took is None:
                self._took = screen.control.phase_now()
            self.autopilot.wake()
            return
        took, self._took = self._took, None
        if took is not None and not state.over and (state.pending or took != screen.control.phase_now()):
            screen.control.take_keyboard()
            screen.mirror()

    def follow(self, records: Sequence[Record]) -> tuple[str, ...]:
        """Where the computer acted, unless that would show what the player may not see."""
        return self.autopilot.followed(records[-1], self.screen.control.concealed()) or ()

    def refusal(self) -> Note | None:
        """One of the computer's sides is to act (unless the computer failed this turn)."""
        pilot = self.autopilot
        if not pilot.to_act() or pilot.stopped:
            return None
        side = self.screen.names.side(self.screen.game.state.to_act)
        return Note(f"The computer is playing {side}; wait for it, or press . to see the rest of "
                    f"its turn at once", refused=True)

    def keys(self) -> str:
        """While the computer plays, its side and `.`; on the player's turn the usual keys with H
        (hint); while the player owes a decision, the controller's."""
        state = self.screen.game.state
        if state.over:
            return ""
        if self.refusal() is None:
            if state.pending:
                return ""  # the controller's keys for answering a decision
            return "Arrows: cursor  Enter: act  s: select  m: move  Tab: next  H: hint  ?: help"
        return (f"The computer ({self.opponent.level}) is playing {self.screen.names.side(state.to_act)}."
                f"  .: skip its turn")

    def skip(self) -> None:
        self.autopilot.skip()

    def thought(self, worker: Worker[object]) -> None:
        self.autopilot.thought(worker)

    def _failed(self, why: str) -> None:
        self.screen.say(Note(f"A bug to report: its side's orders are yours this turn. {why}", refused=True))


def hint(screen: Screen[None], game: Game, side: str, level: str) -> Worker[tuple[int, Choice]]:
    """Think, in a thread worker, of the order the computer at `level` would give for `side`."""
    seq, player = game.seq, computer(level)
    return screen.run_worker(lambda: (seq, player.choose(game.branch(seq), side)), group=HINT, thread=True,
                             exclusive=True, exit_on_error=False)
