"""The game engine: one path for every order, from whoever gives it, to the save file.

    order text -> Order -> rule system (check, resolve with dice) -> events
               -> apply() -> new State -> record appended to the log

`Game` holds a scenario, its rule system, the records of the log and the
State they fold to, with a snapshot every SNAPSHOT_EVERY records so that any
point of a long game is reached quickly (`state_at`). The TUI, the CLI and
computer players drive a game only through `submit`, `undo` and the queries.
Other processes may append to the same save: `refresh` takes in what they
wrote, and an append first takes it in and checks its orders again.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import gc
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import attrs

from tui_wargame import __version__, ledger, presence, rules, savefile, scenario_file, seats
from tui_wargame.dice import Dice, SealedSeed
from tui_wargame.errors import WargameError
from tui_wargame.model import EMPTY, Event, EventError, IllegalOrder, Order, Scenario, State, fold
from tui_wargame.model.events import STATE_EVENTS, restore_event
from tui_wargame.rules import RuleSystem
from tui_wargame.rules.capabilities import Capabilities, GameOption
from tui_wargame.savefile import Header, Record, SaveError
from tui_wargame.text import clean, possessive

SNAPSHOT_EVERY = 64

#: The engine's own options a game is created with, and their defaults; a rule system offers its
#: own (`Capabilities.options`), recorded in the save's header beside these.
DEFAULT_OPTIONS: Mapping[str, Any] = {
    "undo_dice": False,  # allow undoing orders that rolled dice or revealed hidden information
}

#: Options of a game against the computer (tui_wargame.opponent, which names them from here: it
#: imports the engine, so the engine cannot import it), kept in the header, read by no rule;
#: strings, and a game has them only when created with them.
OPPONENT, PLAYER = "opponent", "player"
OPPONENT_OPTIONS = frozenset({OPPONENT, PLAYER})

UNDO_RULE = "undo: docs/api.md"
CONSENT_RULE = "undo by consent: docs/playing.md"
#: An undo asked of the other side (a live game), and the two answers: `allow` writes the undo itself.
ASK_UNDO, ALLOW_UNDO, REFUSE_UNDO = "undo ask", "undo allow", "undo refuse"
TURN_RULE = "sequence of play"
PHASE_EVENTS = frozenset({"phase_began", "game_ended"})
#: The report a hosted game's last order carries: its seed and salt, for anyone to check the seal.
REVEAL = "dice_revealed"


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No garbage collection while a save is read: it makes some ten objects an event, all kept
    and none in a cycle, and the collector went over them again and again (a tenth of an open)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class Game:
    """A game in memory, and (when opened for writing) the save it appends to."""

    keep_unplayed: bool = True  # see `new`
    _live: int | None = None  # `play_live`: the presence marker held while the game is open

    def __init__(self, scenario: Scenario, header: Header, records: Iterable[Record] = (),
                 log: savefile.Log | None = None, warnings: Sequence[str] = (),
                 path: Path | None = None, chain_problems: Sequence[str] = (), header_hash: str = "") -> None:
        self.scenario = scenario
        self.system: RuleSystem = rules.get(scenario.system)
        self.header = header
        self.path = path
        self.warnings = list(warnings)
        self.chain_problems = list(chain_problems)
        self.header_hash = header_hash  # the hash record 0's `prev` names; the ledger keeps it
        self.records: list[Record] = []
        self.state: State = EMPTY
        self._snapshots: dict[int, State] = {}
        self._effective: list[int] = []  # seqs of orders not undone, oldest first
        self._log = log  # a Writer when opened for writing
        self.seats: dict[str, str] = {}  # side -> the player holding its seat (`seat` records)
        self.secret: SealedSeed | None = None  # a hosted game's seed: from its host, or revealed at the end
        self.seat: str | None = None  # with `player`, set by `sit`: every order is this side's, by them
        self.player = ""
        for record in records:
            self._fold(record)

    # --- making and opening games ---

    @classmethod
    def new(cls, scenario: Scenario, path: Path | str, *, seed: int | None = None,
            options: Mapping[str, Any] | None = None, sealed: SealedSeed | None = None,
            seat: tuple[str, str] | None = None, identity: str | None = None,
            keep_unplayed: bool = True) -> Game:
        """Start a game of `scenario` and write its save at `path` (which must not exist).

        `keep_unplayed=False`: `close` removes the save if no order was given (a game started on
        the screen and left at once); the set-up is still written first, so the first order is
        appended, and synced, like any other.

        `options` are the engine's (DEFAULT_OPTIONS) and the rule system's (`Capabilities.options`),
        each system option's choice one it offers; WargameError names a wrong one and the choices.
        `sealed`: a hosted game's seed, of which the header keeps only the seal (the header's seed
        is 0); `seat`: (side, player), the seat its creator takes, in the same write; `identity`:
        the header's `game`, when the caller must know it first (a host keeping the sealed seed)."""
        system = rules.get(scenario.system)
        offered = Capabilities(system).options(scenario)
        opts = {**DEFAULT_OPTIONS, **{o.name: o.default for o in offered}, **(options or {})}
        check_options(offered, opts)
        if seed is None:
            seed = secrets.randbelow(10**9)
        if not 0 <= seed < 2**63:
            raise WargameError(f"the seed must be a whole number from 0 to {2**63 - 1}")
        header = Header(
            scenario=scenario.id,
            scenario_hash=scenario.content_hash,
            system=scenario.system,
            seed=0 if sealed else seed,
            created=_dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            app=f"tui-wargame {__version__}",
            options=opts,
            seal=sealed.seal if sealed else "",
            game=identity or savefile.new_identity(),
        )
        first = [Record(0, "", "setup", setup_order(offered, opts), tuple(system.setup(scenario, opts)))]
        if seat is not None:
            if problem := seats.seat_problem(scenario, {}, *seat):
                raise WargameError(problem)
            first.append(Record(1, seat[0], "seat", "seat", (), by=seat[1]))
        save = savefile.create(Path(path), header, first)
        game = cls(scenario, header, save.records, path=save.path, header_hash=save.header_hash)
        game.secret = sealed
        game._log = savefile.Writer(save.path, save)
        game.keep_unplayed = keep_unplayed
        game._note()
        return game

    @classmethod
    def open(cls, path: Path | str, *, write: bool = False,
             scenario_dirs: Sequence[Path] | None = None) -> Game:
        """Open a save; with `write`, orders can be appended (other processes may append too)."""
        with _collector_paused():
            return cls._open(path, write, scenario_dirs)

    @classmethod
    def _open(cls, path: Path | str, write: bool, scenario_dirs: Sequence[Path] | None) -> Game:
        save = savefile.read(path)
        log = savefile.Writer(path, save) if write else savefile.Log(path, save)
        try:
            if not scenario_file.is_id(save.header.scenario):  # never a path: the save comes from anyone
                raise SaveError(f"{path}: header.scenario: {clean(save.header.scenario)!r} is "
                                f"{scenario_file.NOT_AN_ID}")
            scenario = scenario_file.find(save.header.scenario, scenario_dirs, by_path=False)
            warnings = list(save.warnings)
            if scenario.content_hash != save.header.scenario_hash:
                warnings.append(
                    f"{path}: the scenario {scenario.id!r} has changed since this game began; "
                    f"the game replays from its events, but `verify` may find differences"
                )
            if save.header.system != scenario.system:
                raise SaveError(f"{path}: saved under rule system {save.header.system!r}, "
                                f"but the scenario now uses {scenario.system!r}")
            if save.problems:
                warnings.append(f"{path}: the hash chain is broken ({save.problems[0]}); "
                                f"run `tui-wargame verify` for details")
            ledger.check(save.path, save.header.game, save.header_hash, save.records, not save.problems)
            problems = [f"{save.dropped} (not verified)"] if save.dropped else []
            game = cls(scenario, save.header, save.records, log, warnings, save.path,
                       [*problems, *save.problems], save.header_hash)
            if not save.problems:  # a broken chain is not remembered as seen
                game._note()
            return game
        except BaseException:
            log.close()
            raise

    def close(self) -> None:
        """Close the save; a new game made with `keep_unplayed=False` that no one gave an order
        since its set-up is removed instead, with this player's ledger entry of it."""
        if not self.keep_unplayed and isinstance(self._log, savefile.Writer) and self.seq == 0:
            if self._log.remove_if_unplayed():
                entry = ledger.entry_path(self.header.game)
                with contextlib.suppress(OSError):
                    if entry is not None:
                        entry.unlink(missing_ok=True)
        if self._log:
            self._log.close()
            self._log = None
        if self._live is not None and self.path is not None:
            presence.release(self._live, self.path)
            self._live = None

    def play_live(self) -> None:
        """Mark, for as long as this game is open, that a terminal plays it live (one side a
        terminal): another program's bare undo is then asked of the other side (`presence`)."""
        if self._live is None and isinstance(self._log, savefile.Writer) and self.path is not None:
            self._live = presence.hold(self.path)

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @cached_property
    def capabilities(self) -> Capabilities:
        """The rule system's optional capabilities, each its own or the default (rules.capabilities)."""
        return Capabilities(self.system)

    @property
    def writable(self) -> bool:
        return isinstance(self._log, savefile.Writer)

    def refresh(self) -> list[Record]:
        """The records other processes appended since this game last looked, taken in (hash chain
        checked; a torn tail waits). When nothing changed it costs one `stat`."""
        if self._log is None:
            return []
        news = self._log.news()
        for record in news:
            self._fold(record)
        if news:
            self._note()
        return news

    # --- folding the log ---

    def _fold(self, record: Record, state: State | None = None) -> None:
        """Add `record` to the log in memory; `state` is its result when already folded."""
        if state is None:
            try:
                state = fold(self.state, record.events)  # checks each event's facts and types
                self._check_references(record)
                self._check_hosting(record)
            except EventError as exc:
                where = self.path or "save"
                raise SaveError(f"{where}: record {record.seq}: {exc}") from None
        self.state = state
        self.records.append(record)
        if record.kind == "order" and not is_consent(record.order):
            self._effective.append(record.seq)
        elif record.kind == "undo" and self._effective and record.reverts == self._effective[-1]:
            self._effective.pop()
        if record.seq % SNAPSHOT_EVERY == 0:
            self._snapshots[record.seq] = self.state

    def _check_hosting(self, record: Record) -> None:
        """A `seat` record takes an open seat for a player holding none; a revealed seed is the one
        the header's seal commits to (EventError otherwise: a save from anyone is checked)."""
        if record.kind == "seat":
            if problem := seats.seat_problem(self.scenario, self.seats, record.side, record.by):
                raise EventError(f"seat: {problem}")
            if record.events:
                raise EventError("seat: a seat record holds no events")
            self.seats[record.side] = record.by
        for e in record.events:
            if e.kind == REVEAL:
                seed, salt = e.facts.get("seed"), e.facts.get("salt")
                if type(seed) is not int or type(salt) is not str or not self.header.seal \
                        or SealedSeed(seed, salt).seal != self.header.seal:
                    raise EventError(f"{REVEAL}: not the seed and salt the header's seal commits to")
                self.secret = SealedSeed(seed, salt)

    @cached_property
    def _locations(self) -> frozenset[str]:
        return frozenset(self.scenario.grid.labels()) | frozenset(self.scenario.box)

    def _check_references(self, record: Record) -> None:
        """Refuse a loaded record that names units, hexes, sides or turns this scenario lacks."""
        sc = self.scenario
        for e in record.events:
            if e.kind not in STATE_EVENTS:  # a report changes nothing, so it can break nothing
                continue
            facts = e.facts
            if "unit" in facts and facts["unit"] not in sc.unit:
                raise EventError(f"{e.kind}: no unit {facts['unit']!r} in scenario {sc.id!r}")
            if "steps" in facts and e.kind in ("unit_placed", "step_lost"):
                self._check_steps(e.kind, facts["unit"], facts["steps"])
            if e.kind == "state_restored":
                self._check_restored(facts)
            if e.kind in ("unit_placed", "unit_moved", "control_changed"):
                places = [facts.get("to"), facts.get("hex"), *(facts.get("path") or ())]
                for where in places:
                    if where is not None and where not in self._locations:
                        raise EventError(f"{e.kind}: {where!r} is neither a hex of the map nor a box")
            if e.kind in ("phase_began", "control_changed", "decision_required"):
                if facts.get("side") not in sc.side:
                    raise EventError(f"{e.kind}: no side {facts.get('side')!r}")
            if e.kind in ("marker_placed", "marker_changed") and facts.get("side", "") not in ("", *sc.side):
                raise EventError(f"{e.kind}: no side {facts['side']!r}")
            if e.kind == "phase_began" and not 0 <= facts.get("turn", -1) < len(sc.turns):
                raise EventError(f"phase_began: turn {facts.get('turn')} is off the turn track")

    def _check_steps(self, what: str, uid: str, steps: int) -> None:
        """A unit's steps from a file lie between 0 (eliminated) and its full strength."""
        full = self.scenario.unit[uid].steps
        if not 0 <= steps <= full:
            raise EventError(f"{what}: {uid!r} with {steps} steps, but it has 0 to {full}")

    def _check_restored(self, facts: Mapping[str, Any]) -> None:
        """An undo's `state_restored` names only this scenario's units, places, sides and turns."""
        sc = self.scenario
        if not 0 <= facts["turn"] < len(sc.turns):
            raise EventError(f"state_restored: turn {facts['turn']} is off the turn track")
        if facts["side"] not in sc.side:
            raise EventError(f"state_restored: no side {facts['side']!r}")
        for uid, u in facts.get("units", {}).items():
            if uid not in sc.unit:
                raise EventError(f"state_restored: no unit {uid!r} in scenario {sc.id!r}")
            if u["location"] not in self._locations:
                raise EventError(f"state_restored: {u['location']!r} is neither a hex of the map nor a box")
            self._check_steps("state_restored", uid, u["steps"])
        for where, side in facts.get("control", {}).items():
            if where not in self._locations or side not in sc.side:
                raise EventError(f"state_restored: control of {where!r} by {side!r}: no such hex or side")
        pending = facts.get("pending")
        if pending is not None and pending["side"] not in sc.side:
            raise EventError(f"state_restored: a decision owed by no side {pending['side']!r}")

    @property
    def seq(self) -> int:
        """The seq of the last record."""
        return len(self.records) - 1

    def state_at(self, seq: int) -> State:
        """The State right after record `seq` (-1: before anything)."""
        if seq < 0:
            return EMPTY
        if seq >= self.seq:
            return self.state
        base = seq - seq % SNAPSHOT_EVERY
        state = self._snapshots[base]
        for record in self.records[base + 1 : seq + 1]:
            state = fold(state, record.events)
        return state

    # --- orders ---

    def legal_orders(self) -> list[Order]:
        """Every order the side to act may give now, undo included when it is allowed."""
        if self.state.over:
            return []
        orders = list(self.system.legal_orders(self.scenario, self.state))
        try:
            self._undo_record(self.state.to_act)  # only the side that gave the last order takes it back
        except IllegalOrder:
            pass
        else:
            orders.append(Order("undo"))
        return orders

    def prepare(self, order: Order | str, side: str | None = None) -> Record:
        """The record `order` would append, without appending it; IllegalOrder if it is refused."""
        return self._prepare(order, side)[0]

    def _prepare(self, order: Order | str, side: str | None) -> tuple[Record, State]:
        """The record `order` would append and the State it leads to, folded once: the rule
        system's own (Resolution.state) when it gives one."""
        if isinstance(order, str):
            order = Order.parse(order)
        state = self.state
        if state.over:
            raise IllegalOrder("the game is over", TURN_RULE)
        if order.verb == "undo":  # the side that gave the last order takes it back, whoever is to act
            record = self._consent_record(order.text, side) if order.args else self._undo_record(side)
            return record, fold(state, record.events)
        if side is not None and side != state.to_act:
            raise IllegalOrder(f"it is the {self.side_name(state.to_act)} turn to act, not the "
                               f"{self.side_name(side)} turn", TURN_RULE)
        seq = len(self.records)
        dice = Dice(self._dice_seed(), seq)
        resolution = self.system.resolve(self.scenario, state, order, dice)
        after = resolution.state if resolution.state is not None else fold(state, resolution.events)
        events = tuple(resolution.events)
        if self.secret is not None and after.over:  # a hosted game's end: its seed for all to check
            events += (Event.of(REVEAL, seed=self.secret.seed, salt=self.secret.salt),)
        return (Record(seq, state.to_act, "order", order.text, events,
                       final=dice.used or resolution.reveals), after)

    def _dice_seed(self) -> int:
        """The seed the dice roll from: the header's, or a hosted game's, which only its host holds."""
        if not self.header.seal:
            return self.header.seed
        if self.secret is None:
            raise WargameError(f"{self.path or 'this game'}: a hosted game, whose dice only its host "
                               f"holds: play it from the host's lobby")
        return self.secret.seed

    @property
    def dice_checkable(self) -> bool:
        """Whether this program can re-roll the dice: false for a hosted game before its end."""
        return not self.header.seal or self.secret is not None

    def sit(self, player: str) -> str:
        """Bind this game to `player`'s seat: from now on every order and undo is given for that
        side and marked as theirs, and any other side is refused. Returns the side."""
        side = seats.seat_of(self.seats, player)
        if side is None:
            raise WargameError(f"{player} holds no seat in this game")
        self.seat, self.player = side, player
        return side

    def take_seat(self, side: str, player: str) -> Record:
        """Append `player`'s taking of `side`'s open seat; on disk when this returns. Checked under
        the save's lock after what others appended, so of two players joining at once one is
        refused (IllegalOrder)."""
        if not isinstance(self._log, savefile.Writer):
            raise SaveError(f"{self.path}: opened read-only; a seat cannot be taken")
        if not self.header.seal:
            raise SaveError(f"{self.path}: not a hosted game (it has no sealed seed), so it has no seats")
        with self._log.locked() as news:
            for record in news:
                self._fold(record)
            if problem := seats.seat_problem(self.scenario, self.seats, side, player):
                raise IllegalOrder(problem, seats.SEAT_RULE)
            written = self._log.write([Record(len(self.records), side, "seat", "seat", (), by=player)])
        self._fold(written[0])
        self._note()
        return written[0]

    def submit(self, order: Order | str, side: str | None = None, *, by: str = "") -> Record:
        """Check, resolve and append `order`; it is on disk when this returns.

        `by` names who gave it (a player, "computer:hard"), kept in the record for the log and
        the replay; the rules never read it, so `verify` does not check it.
        """
        return self._append([(order, side)], by)[0]

    def submit_all(self, orders: Sequence[Order | str], side: str | None = None, *,
                   by: str = "") -> list[Record]:
        """Submit several orders, all or none: if one is refused, nothing is appended, and the
        accepted ones are written as one append."""
        return self._append([(order, side) for order in orders], by)

    def undo(self, side: str | None = None, *, by: str = "") -> Record:
        return self.submit(Order("undo"), side, by=by)

    def _undo_record(self, side: str | None) -> Record:
        if not self._effective:
            raise IllegalOrder("there is nothing to undo", UNDO_RULE)
        top = self.records[self._effective[-1]]
        if any(e.kind in PHASE_EVENTS for e in top.events):
            raise IllegalOrder(f"`{top.order}` ended a phase; a finished phase cannot be undone", UNDO_RULE)
        if top.final and not self.header.options.get("undo_dice", False):
            raise IllegalOrder(
                f"`{top.order}` rolled dice or revealed hidden information, so it stands "
                f"(this game was created without the undo_dice option)", UNDO_RULE)
        if side is not None and side != top.side:
            whose = possessive(self.side_name(top.side))
            raise IllegalOrder(f"the last order, `{top.order}`, was {whose} to undo", UNDO_RULE)
        event = restore_event(self.state, self.state_at(top.seq - 1), top.seq)
        return Record(len(self.records), top.side, "undo", "undo", (event,), reverts=top.seq)

    def undo_asked(self) -> Record | None:
        """The `undo ask` record awaiting the other side's answer: the last record, if it is one
        (any other record appended after it lets it lapse)."""
        last = self.records[-1] if self.records else None
        if last is None or last.kind != "order" or last.order != ASK_UNDO:
            return None
        return last if last.events and last.events[0].kind == "undo_asked" else None  # else a forgery

    def _consent_record(self, text: str, side: str | None) -> Record:
        """An undo asked of the other side, or its answer (docs/playing.md, "Undo in a live game"):
        asking checks the undo as `undo` would; allowing writes that undo; refusing says so."""
        seq, asked = len(self.records), self.undo_asked()
        if text == ASK_UNDO:
            top = self._undo_record(side)
            assert top.reverts is not None  # an undo record always names the record it reverts
            return Record(seq, top.side, "order", ASK_UNDO,
                          (Event.of("undo_asked", side=top.side, reverts=top.reverts,
                                    order=self.records[top.reverts].order),))
        if text not in (ALLOW_UNDO, REFUSE_UNDO):
            raise IllegalOrder(f"`{text}`: undo takes no arguments but ask, allow or refuse", UNDO_RULE)
        if asked is None:
            raise IllegalOrder("no undo has been asked for", CONSENT_RULE)
        if side is not None and side == asked.side:
            raise IllegalOrder(f"{self.side_name(side)} asked for this undo; the other side answers",
                               CONSENT_RULE)
        undo = self._undo_record(asked.side)
        if text == ALLOW_UNDO:
            return undo
        other = side or next(s.id for s in self.scenario.sides if s.id != asked.side)
        refused = Event.of("undo_refused", side=other, reverts=undo.reverts)
        return Record(seq, other, "order", REFUSE_UNDO, (refused,))

    def _resolve(self, batch: Sequence[tuple[Order | str, str | None]]) -> list[tuple[Record, State]]:
        """Each order of `batch` prepared on the state the ones before it leave; IllegalOrder if one
        is refused. Nothing is folded into this game."""
        if len(batch) == 1:
            return [self._prepare(*batch[0])]
        trial = Game.__new__(Game)
        trial.__dict__.update(self.__dict__)
        trial.path, trial._log = None, None
        trial.records, trial._effective = list(self.records), list(self._effective)
        trial._snapshots = dict(self._snapshots)
        prepared = []
        for order, side in batch:
            record, state = trial._prepare(order, side)
            trial._fold(record, state)
            prepared.append((record, state))
        return prepared

    def _append(self, batch: Sequence[tuple[Order | str, str | None]], by: str = "") -> list[Record]:
        """Resolve `batch` and write it as one append, each record marked as given `by`; on disk
        when this returns.

        Folding happens in `_prepare`, before writing, so events the fold refuses
        (a rule-system bug) never reach the disk.
        """
        if self.path is not None and not isinstance(self._log, savefile.Writer):
            raise SaveError(f"{self.path}: opened read-only; orders cannot be added")
        if self.seat is not None:  # a seated player: their side only, in their name; undo by consent
            batch = [(as_asked(order), self._seated(side)) for order, side in batch]
            by = self.player
        elif self._undone_unseen(batch):
            batch = [(as_asked(order), side) for order, side in batch]
        asked = self.undo_asked()
        if asked is not None and any(" ".join(str(order).split()) == ASK_UNDO for order, _ in batch):
            # one request at a time (checked when given, not when re-run: older saves may hold two)
            raise IllegalOrder(f"taking back `{asked.events[0].get('order')}` is asked already; "
                               f"the other side has yet to allow or refuse it", CONSENT_RULE)
        if len(by) > savefile.BY_LIMIT or not by.isprintable():
            raise WargameError(f"who gave an order must be a printable name of at most "
                               f"{savefile.BY_LIMIT} characters, not {clean(by)[:40]!r}")
        try:
            prepared = self._resolve(batch)
        except IllegalOrder as exc:  # refused on the position this game shows: is it still that?
            news = self.refresh()
            if not news:
                raise
            raise IllegalOrder(f"{self._moved_on(news)}; on the position before, it was refused: "
                               f"{exc.reason}", exc.rule) from None
        if isinstance(self._log, savefile.Writer):
            with self._log.locked() as news:
                if news:  # another process appended since we looked: take it in, check again
                    for record in news:
                        self._fold(record)
                    prepared = self._recheck(batch, prepared, news)
                written = self._log.write([_given_by(record, by) for record, _ in prepared])
        else:
            written = [_given_by(record, by) for record, _ in prepared]
        for record, (_, state) in zip(written, prepared):
            self._fold(record, state)
        self._note()
        return written

    def _undone_unseen(self, batch: Sequence[tuple[Order | str, str | None]]) -> bool:
        """Whether `batch`, given by a program that is not a live terminal, holds a bare undo while a
        terminal plays this save live: the other side may have seen the order, so it is asked
        (docs/playing.md, "Undo in a live game"); an answer to a request must then name its side."""
        if self._live is not None or self.path is None:
            return False
        bare = any(as_asked(order) != order for order, _ in batch)
        answers = [side for order, side in batch if " ".join(str(order).split()) in (ALLOW_UNDO, REFUSE_UNDO)]
        if not (bare or answers) or not presence.held(self.path):
            return False
        if None in answers:
            raise IllegalOrder("a terminal plays this game live, so an undo is answered by the side asked: "
                               "give it with --as SIDE, or answer on that side's screen", CONSENT_RULE)
        return bare

    def _seated(self, side: str | None) -> str:
        assert self.seat is not None
        if side is not None and side != self.seat:
            raise IllegalOrder(f"{self.player} holds the {self.side_name(self.seat)} seat, and may not act "
                               f"for {self.side_name(side)}", seats.SEAT_RULE)
        return self.seat

    def _note(self) -> None:
        """Tell the ledger this player has seen the save up to its last record (guards rollbacks)."""
        if self.path is not None and self.header_hash and self.records:
            ledger.note(self.header.game, self.header_hash, self.records[-1])

    def _recheck(self, batch: Sequence[tuple[Order | str, str | None]],
                 prepared: list[tuple[Record, State]], news: list[Record]) -> list[tuple[Record, State]]:
        """`batch` prepared again after records another process appended (`news`), each order
        still given by the side it was given for; IllegalOrder naming what changed otherwise.

        An order given in a phase that has ended meanwhile is refused even if the rules would
        take it in the next one: it was meant for a position that is gone.
        """
        moved_on = self._moved_on(news)
        if any(e.kind in PHASE_EVENTS for r in news for e in r.events):
            raise IllegalOrder(f"{moved_on}, ending the phase the order was given in", TURN_RULE)
        pinned = [(order, side if side is not None else record.side)
                  for (order, side), (record, _) in zip(batch, prepared)]
        try:
            again = self._resolve(pinned)
        except IllegalOrder as exc:
            raise IllegalOrder(f"{moved_on}; {exc.reason}", exc.rule) from None
        for (before, _), (now, _) in zip(prepared, again):
            if before.reverts != now.reverts:
                raise IllegalOrder(f"{moved_on}; `undo` would now take back record {now.reverts}, "
                                   f"not record {before.reverts}", UNDO_RULE)
        return again

    def _moved_on(self, news: Sequence[Record]) -> str:
        """What other processes did meanwhile, in words: the last three records of `news`."""
        done = ", ".join(f"{self.side_name(r.side)} gave `{r.order}`" for r in news[-3:])
        before = f" (and {len(news) - 3} orders before)" if len(news) > 3 else ""
        return f"the game moved on: {done}{before} meanwhile"

    def branch(self, seq: int) -> Game:
        """An in-memory copy of this game as it stood after record `seq`; the save is untouched."""
        game = Game.__new__(Game)
        game.scenario, game.system, game.header = self.scenario, self.system, self.header
        game.path, game.warnings, game.chain_problems, game._log = None, [], [], None
        game.header_hash = self.header_hash
        game.records, game.state, game._snapshots, game._effective = [], EMPTY, {}, []
        game.seats, game.secret = {}, None  # a hosted game's dice stay sealed in a copy
        game.seat, game.player = None, ""
        for record in self.records[: seq + 1]:
            game._fold(record)
        return game

    # --- what the game says about itself ---

    def side_name(self, side_id: str) -> str:
        side = self.scenario.side.get(side_id)
        return side.name if side else side_id or "nobody"

    def prompt(self) -> str:
        if self.state.over:
            v = self.state.result
            assert v is not None
            who = f"{self.side_name(v.winner)} wins" if v.winner else "a draw"
            return f"The game is over: {who} ({v.level}). {v.reason}"
        return self.system.prompt(self.scenario, self.state)

    def victory_points(self) -> Mapping[str, int]:
        return self.system.victory_points(self.scenario, self.state)

    def verify(self) -> list[str]:
        """Problems found by checking the hash chain and re-running every order from the seed.

        An empty list means the save is intact and every recorded event is what
        the rules and dice produce today. A hosted game before its end (`dice_checkable` false)
        is checked for its chain only: its seed is still with its host.
        """
        problems = list(self.chain_problems)
        if not self.dice_checkable:
            return problems
        replica = Game(self.scenario, self.header)
        replica.secret = self.secret
        offered = self.capabilities.options(self.scenario)
        opts = {**DEFAULT_OPTIONS, **{o.name: o.default for o in offered}, **self.header.options}
        setup_text = setup_order(offered, opts)
        chosen = dict(self.header.options)
        if "setup" in chosen and all(o.name != "setup" for o in offered):
            # Saves from before rule systems offered options name `setup` whatever the system.
            setup_text = f"setup {chosen.pop('setup')}"
        try:
            check_options(offered, chosen)
        except WargameError as exc:
            return [*problems, f"[header.options]: {exc}"]
        for record in self.records:
            state: State | None = None  # the re-run's result, when it folded the events already
            try:
                if record.kind == "setup":
                    expected = Record(0, "", "setup", setup_text,
                                      tuple(self.system.setup(self.scenario, opts)))
                elif record.kind == "undo":
                    expected = replica._undo_record(record.side)
                elif record.kind == "seat":  # who sat down is the record's own fact; the fold checks it
                    expected = Record(record.seq, record.side, "seat", "seat", ())
                else:
                    expected, state = replica._prepare(Order.parse(record.order), record.side)
            except IllegalOrder as exc:
                problems.append(f"record {record.seq}: `{record.order}` is refused when re-run: {exc}")
                break
            difference = _difference(record, expected)
            if difference:
                problems.append(f"record {record.seq} (`{record.order}`): {difference}")
                break
            replica._fold(record, state)
        return problems


def as_asked(order: Order | str) -> Order | str:
    """`order`, or, if it is a bare undo (in any case), the request a game played one side a
    terminal makes of it (ASK_UNDO): there every undo needs the other side's consent, since the
    other side may have seen the order (docs/playing.md, "Undo in a live game")."""
    words = order.split() if isinstance(order, str) else [order.verb, *order.args]
    return ASK_UNDO if [w.lower() for w in words] == ["undo"] else order


def is_consent(order_text: str) -> bool:
    """Whether an order record asks for an undo or answers such a request (it changes nothing)."""
    return order_text in (ASK_UNDO, REFUSE_UNDO)


def _given_by(record: Record, by: str) -> Record:
    return attrs.evolve(record, by=by) if by else record


def setup_order(offered: Sequence[GameOption], options: Mapping[str, Any]) -> str:
    """Record 0's order text: "setup" and the choice made for each option the rule system offers."""
    return " ".join(["setup", *(str(options[o.name]) for o in offered)])


def check_options(offered: Sequence[GameOption], options: Mapping[str, Any]) -> None:
    """Refuse an option nobody offers, a choice its option does not have (naming the choices),
    or an engine option of the wrong type (a "false" that would read as true)."""
    by_name = {o.name: o for o in offered}
    for name, value in options.items():
        option = by_name.get(name)
        if option is None and name in OPPONENT_OPTIONS:
            if not isinstance(value, str):
                raise WargameError(f"option {name}: {value!r} is not a str")
            continue
        if option is None and name not in DEFAULT_OPTIONS:
            known = ", ".join([*by_name, *DEFAULT_OPTIONS, *sorted(OPPONENT_OPTIONS)])
            raise WargameError(f"no game option {name!r} (the options are: {known})")
        if option is None and type(value) is not type(DEFAULT_OPTIONS[name]):
            raise WargameError(f"option {name}: {value!r} is not a {type(DEFAULT_OPTIONS[name]).__name__}")
        if option is not None and value not in option.choices:
            raise WargameError(f"option {name}: no choice {value!r} (the choices are: "
                               f"{', '.join(option.choices)})")


def _difference(recorded: Record, expected: Record) -> str:
    """What `recorded` claims that a re-run does not give: every field but its hashes (the chain's)."""
    if recorded.kind != expected.kind:
        return f"recorded as {recorded.kind!r}, but a re-run of its order gives {expected.kind!r}"
    if recorded.order != expected.order:
        return f"its order text is not as written: a re-run writes `{expected.order}`"
    if recorded.side != expected.side:
        return f"given by {recorded.side!r}, but {expected.side!r} was to act"
    if recorded.reverts != expected.reverts:
        return f"undoes record {recorded.reverts}, but the last undoable record is {expected.reverts}"
    for i, (a, b) in enumerate(zip(recorded.events, expected.events)):
        if a != b:
            return f"event {i} ({a.kind}) differs from a re-run: recorded {_short(a)}, re-run {_short(b)}"
    if len(recorded.events) != len(expected.events):
        return f"recorded {len(recorded.events)} events, a re-run gives {len(expected.events)}"
    if recorded.final != expected.final:
        return "its 'final' mark (dice rolled or information revealed) differs from a re-run"
    return ""


def _short(event: Event) -> str:
    text = ", ".join(f"{k}={v!r}" for k, v in event.facts.items())
    return text if len(text) < 160 else text[:157] + "..."
