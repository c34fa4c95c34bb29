"""The game screen: map, panel, prompt, log; every order goes through `Game.submit` / `undo`.

What the player is doing (cursor, selection, the path being built, who is at
the keyboard) and which order a key gives live in a `MapController` (controller.py);
the screen mirrors its fields into reactive attributes whose watchers mark the
widgets that show them, repainted once per turn of the message loop. Every new
record reaches the screen as a `RecordsAppended` message, handled in one place.
What differs between hot-seat, live and computer games is asked of the screen's
`Seating` (seating.py). Other screens are opened by the app (app.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import var
from textual.widgets import RichLog, Static
from textual.worker import Worker, WorkerState

from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.model import Order
from tui_wargame.opponent import HINT_LEVEL, Opponent
from tui_wargame.rules.capabilities import OrderMenu
from tui_wargame.savefile import Record
from tui_wargame.tui.answers import Answer, Choose, Confirm, Give, GiveEach, Note, Pick
from tui_wargame.tui.appscreen import AppScreen
from tui_wargame.tui.controller import MapController
from tui_wargame.tui.cropped import crop_updates
from tui_wargame.tui.dialogs import CommandBar, ConfirmScreen, HintAsked, OrderChooser
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.info import (
    Namer,
    explain_text,
    hex_panel,
    prompt_text,
    record_lines,
    short_report,
)
from tui_wargame.tui.keybar import KeyBar
from tui_wargame.tui.linepanel import LinePanel
from tui_wargame.tui.savewatch import SaveWatch
from tui_wargame.tui.seating import seating_for
from tui_wargame.tui.status import conditions_line, header_line

if TYPE_CHECKING:
    from tui_wargame.players import Choice


#: How often the screen looks for records other programs appended to its save: a `stat` each time.
FOLLOW_EVERY_S = 0.1


class GameScreen(AppScreen):
    """Playing a game hot-seat (the side to act has the keyboard; the other's secrets stay hidden),
    live for one side (`side`), the other side playing from another terminal on the same save, or
    against the computer (`opponent`): its `seating` says what differs."""

    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", "Up", show=False, id="map.up"),
        Binding("down,j", "cursor(0,1)", "Down", show=False, id="map.down"),
        Binding("left,h", "cursor(-1,0)", "Left", show=False, id="map.left"),
        Binding("right,l", "cursor(1,0)", "Right", show=False, id="map.right"),
        Binding("enter,space", "act", "Act", id="game.act"),
        Binding("s", "select", "Select", show=False, id="game.select"),
        Binding("tab", "next_unit", "Next", id="game.next_unit"),
        Binding("shift+tab", "next_unit(True)", "Previous", show=False, id="game.previous_unit"),
        Binding("m", "move", "Move", show=False, id="game.move"),  # Enter moves too (the key bar is full)
        Binding("w", "waypoint", "Path step", show=False, id="game.waypoint"),
        Binding("a", "attack", "Attack", id="game.attack"),
        Binding("o", "orders", "Orders", id="game.orders"),  # every order in plain English
        Binding("e", "end_phase", "End", id="game.end_phase"),
        Binding("u", "undo", "Undo", id="game.undo"),
        # not on the key bar, which is full at 80 columns: the prompt's line of keys names them
        Binding("H", "suggest", "Hint", show=False, id="game.suggest"),
        Binding("full_stop", "skip", "Skip computer", show=False, id="game.skip"),
        # priority: run as the key arrives, so the keys typed after it in the same burst reach the bar
        Binding("colon", "command", "Order", id="game.command", priority=True),
        Binding("escape,x", "deselect", "Deselect", show=False, id="game.deselect"),
        Binding("z", "zoom", "Zoom", show=False, id="game.zoom"),
        Binding("Z", "layers", "Layers", show=False, id="game.layers"),
        Binding("n", "log", "Log", show=False, id="game.log"),
        Binding("question_mark,f1", "help('keys')", "Help", id="game.help"),
        Binding("c", "help('charts')", "Charts", show=False, id="game.charts"),
        Binding("t", "help('map')", "Map key", show=False, id="game.map"),
        Binding("b", "help('results')", "Results", show=False, id="game.results"),
        Binding("v", "help('victory')", "Victory", show=False, id="game.victory"),
        Binding("r", "replay", "Replay", show=False, id="game.replay"),
        Binding("q", "leave", "Quit", id="game.quit"),
    ]

    class RecordsAppended(Message):
        """Records were appended to the game, by this screen or by anyone else: the one way they are shown."""

        def __init__(self, records: Sequence[Record], note: Note | None = None) -> None:
            super().__init__()
            self.records = tuple(records)
            self.note = note  # said instead of the last record's report (an order of ours refused)

    # The controller's fields as shown; each watcher marks the widgets that show it (`_stale`).
    cursor: var[str] = var("", init=False)
    selected: var[str | None] = var(None, init=False)
    path: var[tuple[str, ...]] = var((), init=False)
    show_toggled: var[bool] = var(False, init=False)  # the rule system's layers drawn on demand
    picking: var[Pick | None] = var(None, init=False)  # a decision's answer being chosen on the map
    viewer: var[str] = var("", init=False)
    seq: var[int] = var(-1, init=False)  # the last record shown
    message: var[tuple[str, str]] = var(("", ""), init=False)  # the prompt line's note and its style

    def __init__(self, game: Game, glyphs: Glyphs, *, hotseat: bool = True, greeting: str = "",
                 side: str | None = None, by: str = "", opponent: Opponent | None = None,
                 pace: float | None = None) -> None:
        """`side`: play live as that side only (no hand-over); `by`: who gives the orders, recorded
        with each (the player's name, when the host knows it). `opponent`: a game against the computer
        (the player's side always at the keyboard); `pace`: seconds between the computer's orders
        on the screen (tui.computer.PACE_S)."""
        super().__init__()
        crop_updates(self)
        self.game = game
        self.g = glyphs
        self.names = Namer(game, glyphs)
        self.side = side
        self.by = by
        self.opponent = opponent
        self.seating = seating_for(self, hotseat=hotseat, side=side, opponent=opponent, pace=pace)
        self.control = MapController(game, opponent.player if opponent else None, side=side)
        self.reported = False  # the prompt line's note is a record's story, told whole in the log (`say`)
        self.menus = self._bind_menus()
        self.greeting = greeting
        self.logged = 0  # records already narrated
        self._shown: dict[str, Text] = {}
        self._stale_parts: set[str] = set()
        self._offered = -1  # the record after which the decision's answers were last opened by themselves
        self._unfollowed = ""  # why the save could not be followed at the last look, said once
        self._follow: tuple[str, ...] = ()  # hexes the other side's or the computer's last order touched
        self._watch: SaveWatch | None = None  # a live game: woken as soon as the other side writes
        self._menu_before_hint: Choose | None = None  # the menu H closed for a suggestion
        self.log_lines: list[str] = []  # the narrative of those records
        self.log_written = 0  # lines of it in the log panel

    # --- layout ---

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield Static(id="conditions")  # shown only while the rule system says something there
        with Horizontal(id="body"):
            yield HexMap.of_game(self.game, self.g)
            with Vertical(id="side"):
                yield LinePanel(id="panel")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=2000, min_width=20)
        yield CommandBar(self._preview, id="commandbar")
        yield LinePanel(id="prompt")
        yield KeyBar()

    def on_screen_resume(self) -> None:
        if self.seq >= 0:  # mounted: back from help or a dialog
            self.seating.resumed()

    def on_unmount(self) -> None:
        if self._watch:
            self._watch.stop()
        self.game.close()  # everything accepted is already on disk

    def on_mount(self) -> None:
        hexmap = self.query_one(HexMap)
        if self.app.size.width >= 140:  # a large terminal: the detailed map (the panel grows itself)
            hexmap.detailed = True
        if self.app.size.height >= 40:
            self.query_one("#log", RichLog).display = True
        hexmap.focus()
        if self.greeting:
            self.say(Note(self.greeting))
        self._log_new()
        self.mirror()
        self.seq = self.game.seq
        self._repaint()  # the first frame drawn whole, not after a turn of the loop
        self.call_after_refresh(self.seating.check_keyboard)
        self.call_after_refresh(self.offer_decision)
        self.set_interval(FOLLOW_EVERY_S, self._follow_save)
        if self.seating.others_write and self.game.path is not None:
            self._watch = SaveWatch(self.game.path, self._follow_save)
            self._watch.start()

    # --- showing: reactive fields, stale widgets, one repaint ---

    def mirror(self) -> None:
        """Show the controller's fields; the watchers of those that changed mark their widgets."""
        control = self.control
        self.cursor, self.selected, self.path = control.cursor, control.selected, control.path
        self.show_toggled, self.viewer = control.show_toggled, control.viewer
        self.picking = control.picking

    def watch_cursor(self) -> None:
        self._stale("map", "panel")

    def watch_selected(self) -> None:
        self._stale("map", "panel", "prompt")  # the prompt's hint names the keys for a selected unit

    def watch_path(self) -> None:
        self._stale("map")

    def watch_picking(self) -> None:
        self._stale("map", "panel", "prompt")  # its hexes, their answers, the keys for picking

    def watch_show_toggled(self) -> None:
        self._stale("map", "panel")

    def watch_viewer(self) -> None:
        self._stale("map", "panel")  # what the viewer may see

    def watch_seq(self) -> None:
        self._stale("map", "header", "panel", "prompt")

    def watch_message(self) -> None:
        self._stale("prompt")

    def on_resize(self) -> None:
        self._stale("header", "prompt")  # both fit their text to the width
        self.call_after_refresh(self._stale, "panel")  # to the panel's new width, once laid out
        self.call_after_refresh(self._rewrap_log)

    def _rewrap_log(self) -> None:
        """A RichLog wraps a line once, as it is written: after a resize it is written again, to
        the new width, or its lines run past the panel's edge, cut."""
        log = self.query_one("#log", RichLog)
        if log.display and self.log_written:
            log.clear()
            self.log_written = 0
            self._write_log()

    def _stale(self, *parts: str) -> None:
        """Mark widgets to repaint; they are repainted together once this turn of the loop is done."""
        if not self._stale_parts:
            self.call_later(self._repaint)
        self._stale_parts.update(parts)

    def _repaint(self) -> None:
        parts, self._stale_parts = self._stale_parts, set()
        if not parts:
            return
        game, state, control = self.game, self.game.state, self.control
        width = self.size.width or 80
        if "map" in parts:
            follow, self._follow = self._follow or None, ()
            self.query_one(HexMap).show(state, control.overlay(), follow=follow)
        if "header" in parts:
            self._update("#header", header_line(game, state, self.names, width=width))
            said = conditions_line(game, state, self.names, width)
            self.query_one("#conditions").display = bool(said.plain)
            self._update("#conditions", said)
        if "panel" in parts:
            here, selected = control.cursor, control.selected
            self._update("#panel", hex_panel(game, state, here, self.names, selected=selected,
                                             concealed=control.concealed(), reach=control.reach(),
                                             layers=control.drawn_layers(),
                                             orders=control.legal() if selected else (),  # only then shown
                                             width=self.query_one("#panel").size.width or 29))
        if "prompt" in parts:
            text, style = self.message
            waiting = control.waiting()
            keys = self.seating.keys() or control.hint()
            self._update("#prompt", prompt_text(self.names.text(waiting or game.prompt()),
                                                Text(text, style=style), keys, width,
                                                keys_first=control.keys_first(), keep=bool(waiting),
                                                whole=("" if waiting or control.selected or state.pending
                                                       or state.over  # o's list shows the whole prompt
                                                       else " o: in full"),
                                                rest=" n: in full" if self.reported and not self.log_shown()
                                                else ""))

    def _update(self, selector: str, text: Text) -> None:
        """Replace a panel's text only when it differs, so an unchanged line is not sent again."""
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            widget = cast(Static | LinePanel, self.query_one(selector))
            widget.update(text, layout=False)  # fixed sizes: no relayout

    def say(self, note: Note, *, logged: bool = False) -> None:
        """Say `note` on the prompt line, in bold if it is a refusal; `logged`: it is a record's
        story, which the log tells whole (where to read it, if the prompt cuts it short)."""
        self.message = (self.names.text(note.text), "bold" if note.refused else "")
        self.reported = logged

    def log_shown(self) -> bool:
        """Whether the log panel is shown (n), where a record's story cut short on the prompt is read."""
        return self.query_one("#log", RichLog).display

    def _log_new(self) -> None:
        """Tell new records in the log panel if it is shown; a hidden log is told when shown.

        Continuing a long save would otherwise narrate every record (a quarter of a second
        for 400) before the first frame, for a panel that is hidden on an 80x24 terminal.
        """
        if not self.query_one("#log", RichLog).display:
            return
        hidden = self.control.concealed()
        for seq in range(self.logged, len(self.game.records)):
            self.log_lines += record_lines(self.game, seq, self.names, hidden)
        self.logged = len(self.game.records)
        self.call_after_refresh(self._write_log)  # written after layout: it wraps to its width

    def reset_log(self) -> None:
        """Tell the log again from the first record, as the side now at the keyboard may see it."""
        self.logged, self.log_lines, self.log_written = 0, [], 0
        self.query_one("#log", RichLog).clear()
        self._log_new()

    def _write_log(self) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.log_lines[self.log_written:]:
            log.write(Text(line))
        self.log_written = len(self.log_lines)

    # --- new records, whoever appended them ---

    @on(RecordsAppended)
    def _records_appended(self, event: RecordsAppended) -> None:
        """The one place new records are shown: report, log, map, panels, prompt, then whoever
        must act next gets the game (the seating's `check_keyboard`: a hand-over, say).

        A record given here arrives the same way as one appended by another process would.
        """
        self.control.records_appended(event.records)
        last = event.records[-1]
        if event.note is not None:
            self.say(event.note)
        else:
            self.say(Note(short_report(self.game, last.seq, self.names, self.control.concealed(),
                                       theirs=self.seating.theirs(last))), logged=True)
        follow = self.seating.follow(event.records)  # where the other side or the computer acted
        if follow is not None:
            self._follow = follow
        self._log_new()
        self.mirror()
        self.seq = self.game.seq
        self.seating.check_keyboard()
        self.offer_decision()

    def offer_decision(self) -> None:
        """Open the answers to a decision the side at the keyboard owes, by themselves, once a
        record (closed, Enter opens them again), unless another screen is over this one."""
        seq = self.game.seq
        if self.seating.handing_over or self._offered == seq or self.app.screen is not self:
            return
        answer = self.control.decision_menu()
        if answer is None:
            return
        self._offered = seq
        self.carry_out(answer)

    def _follow_save(self) -> None:
        """Take in what other programs appended to the save (the CLI, another terminal): a `stat`
        when nothing changed; news is shown like any record given here."""
        try:
            news = self.game.refresh()
        except WargameError as exc:
            if str(exc) != self._unfollowed:  # said once, not over every message every tick
                self._unfollowed = str(exc)
                self.say(Note(f"The save cannot be followed: {exc}", refused=True))
            return
        self._unfollowed = ""
        if news:
            self.post_message(self.RecordsAppended(news))

    # --- giving orders ---

    def submit(self, text: str) -> None:
        """Give an order: a refusal is said (with the rule) and changes nothing; a record is announced.

        Giving it may first take in what other programs appended (the save's expected-version
        check): those records are announced with it, and with a refusal if the game moved on.
        """
        refused = self.seating.refusal()
        if refused:
            self.say(refused)
            return
        before = self.game.seq
        given = self.control.give(text, self.by)
        news = self.game.records[before + 1:]
        note = given if isinstance(given, Note) else None
        if news:
            self.post_message(self.RecordsAppended(news, note))
        elif note:
            self.say(note)

    def carry_out(self, answer: Answer | None) -> None:
        """Do what the controller answered a key with, then show it as it now is."""
        if isinstance(answer, Give | Choose | Confirm):
            answer = self.seating.refusal() or answer
        if isinstance(answer, Give):
            self.submit(answer.text)
        elif isinstance(answer, Choose):
            menu = answer

            def chosen(choice: str | Pick | HintAsked | None) -> None:
                if isinstance(choice, HintAsked):
                    self._suggest(menu)
                elif isinstance(choice, Pick):
                    self.say(self.control.start_pick(choice))
                    self.mirror()
                elif choice:
                    self.submit(choice)

            names = self.names.text
            self.app.push_screen(OrderChooser(
                names(answer.title), list(answer.orders), self._preview,
                notes=[names(n) for n in answer.notes], warnings=[names(w) for w in answer.warnings],
                picks=answer.picks, finish=answer.finish, about=names(answer.about)), chosen)
        elif isinstance(answer, GiveEach):
            verbs = answer.verbs

            def each(yes: bool | None) -> None:
                if yes:
                    self._give_each(verbs)

            self.app.push_screen(ConfirmScreen(self.names.text(answer.question)), each)
        elif isinstance(answer, Confirm):
            order = answer.text

            def confirmed(yes: bool | None) -> None:
                if yes:
                    self.submit(order)

            lines = (self.names.text(line) for line in answer.question.split("\n"))  # its paragraphs kept
            self.app.push_screen(ConfirmScreen("\n".join(lines)), confirmed)
        elif isinstance(answer, Note):
            self.say(answer)
        self.mirror()

    def _give_each(self, verbs: frozenset[str]) -> None:
        """Give the first legal order of `verbs` until none is left, one is refused or a decision
        is owed (each record shown as it comes)."""
        while (order := self.control.next_of(verbs)) is not None:
            before = self.game.seq
            self.submit(order.text)
            if self.game.seq == before:
                return

    def _preview(self, order: Order) -> Text:
        return explain_text(self.game, order, self.names)

    # --- actions ---

    def action_cursor(self, dx: int, dy: int) -> None:
        self.control.step(dx, dy)
        if not self.control.picking:  # while picking, what to pick stays said
            self.message = ("", "")
        self.mirror()

    def move_cursor(self, label: str) -> None:
        """Put the cursor on hex `label` (a click, a test)."""
        self.control.cursor = label
        if not self.control.picking:
            self.message = ("", "")
        self.mirror()

    @on(HexMap.Clicked)
    def _clicked(self, event: HexMap.Clicked) -> None:
        self.move_cursor(event.label)

    def action_act(self) -> None:
        answer = self.control.act()
        if answer is None and not self.game.state.over:  # a unit selected: the last note is done with
            self.message = ("", "")
        self.carry_out(answer)

    def action_next_unit(self, back: bool = False) -> None:
        answer = self.control.next_unit(back)
        if answer is None:
            self.message = ("", "")
        self.carry_out(answer)

    def action_move(self) -> None:
        self.carry_out(self.control.move())

    def action_waypoint(self) -> None:
        self.carry_out(self.control.waypoint())

    def action_attack(self) -> None:
        self.carry_out(self.control.attack())

    def _bind_menus(self) -> dict[str, OrderMenu]:
        """A key for each of the rule system's order menus (one no other key of the screen has)."""
        game, menus = self.game, {}
        for menu in game.capabilities.order_menus(game.scenario):
            if menu.key and menu.key not in self._bindings.key_to_bindings:
                # the key bar shows it by the title's first word, so that it still fits 80 columns
                word = (self.names.text(menu.title).split() or [menu.key])[0][:8]
                self._bindings.bind(menu.key, f"menu({menu.key!r})", word)
                menus[menu.key] = menu
        return menus

    def action_menu(self, key: str) -> None:
        self.carry_out(self.control.menu(self.menus[key]))

    def action_orders(self) -> None:
        self.carry_out(self.control.orders())

    def action_end_phase(self) -> None:
        self.carry_out(self.control.end_phase())

    def action_undo(self) -> None:
        """Hot-seat: take the last order back. Live: ask the other side, who has seen it, to allow it."""
        refused = self.seating.undo_refusal()
        if refused:
            self.say(refused)
            return
        self.carry_out(Give("undo"))  # live: asked of the other side (MapController.give)

    # --- the computer (tui/computer.py) ---

    def action_skip(self) -> None:
        self.seating.skip()

    def action_suggest(self) -> None:
        self._suggest(None)

    def _suggest(self, menu: Choose | None) -> None:
        """Think of the computer's order for the side at the keyboard, then offer it with its
        reason; `menu`, the menu H was pressed in, opens again if the suggestion is declined."""
        self._menu_before_hint = menu
        state = self.game.state
        if state.over:
            self.say(Note("The game is over: there is nothing to suggest"))
            return
        refused = self.seating.refusal() or (self.control.refusal() if self.control.waiting() else None)
        if refused:  # the computer's turn, or in a live game the other side's
            self.say(refused)
            return
        from tui_wargame.tui.computer import hint

        self.say(Note(f"The computer ({HINT_LEVEL}) is thinking of an order for "
                      f"{self.names.side(state.to_act)}..."))
        hint(self, self.game, state.to_act, HINT_LEVEL)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The computer's thinking is done: its order to give, or a suggestion to offer."""
        from tui_wargame.tui.computer import HINT, PLAY

        worker = event.worker
        if worker.group == PLAY and worker.is_finished:
            self.seating.thought(worker)
        elif worker.group == HINT and worker.is_finished:
            self._suggested(worker)

    def _suggested(self, worker: Worker[tuple[int, Choice]]) -> None:
        """Offer the computer's suggestion; declined, the menu H was pressed in opens again. A
        worker cancelled by a newer H says nothing and leaves that one's menu."""
        if worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        menu, self._menu_before_hint = self._menu_before_hint, None
        if worker.state == WorkerState.ERROR or worker.result is None:
            self.say(Note(f"No suggestion: the computer failed ({worker.error}); please report it",
                          refused=True))
            return
        seq, choice = worker.result
        if seq != self.game.seq:  # an order was given meanwhile: the suggestion is out of date
            self.say(Note("The suggestion came too late: the game has moved on (H asks again)"))
            return
        question = (f"The computer ({HINT_LEVEL}) suggests: {choice.order}\n"
                    f"{self.names.text(choice.reason)}\n\nGive this order?")

        def answered(yes: bool | None) -> None:
            if self.game.seq != seq:
                return
            if yes:
                self.submit(choice.order)
            elif menu is not None:
                self.carry_out(menu)

        self.message = ("", "")
        self.app.push_screen(ConfirmScreen(question), answered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Inside the open command bar ":" is text, not the key that opens it."""
        return not (action == "command" and self.query_one(CommandBar).display)

    def action_command(self) -> None:
        self.query_one(CommandBar).open(self.control.legal())

    @on(CommandBar.Given)
    def _given(self, event: CommandBar.Given) -> None:
        self.query_one(HexMap).focus()
        if event.text:
            self.submit(event.text)

    def action_select(self) -> None:
        answer = self.control.select()
        if answer is None:
            self.message = ("", "")
        self.carry_out(answer)

    def action_deselect(self) -> None:
        self.message = ("", "")
        self.carry_out(self.control.deselect())

    def action_zoom(self) -> None:
        hexmap = self.query_one(HexMap)
        hexmap.set_detailed(not hexmap.detailed)
        self._stale("map")

    def action_layers(self) -> None:
        self.carry_out(self.control.toggle_layers())

    def action_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.display = not log.display
        self._log_new()
        self._stale("prompt")  # where a story cut short is read whole: said only while the log is hidden

    def action_help(self, page: str) -> None:
        self.nav.open_help(self.game, page, hidden=self.control.concealed(),
                           layers=self.control.offered_layers())

    def action_replay(self) -> None:
        self.nav.open_replay(self.game, viewer=self.control.viewer)

    def action_leave(self) -> None:
        self.nav.leave()
