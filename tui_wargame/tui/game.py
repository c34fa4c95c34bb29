"""The game screen: map, panel, prompt, log; every order goes through `Game.submit` / `undo`.

The screen keeps only what the player is doing (cursor, selection, a path
being built, zoom) and who is at the keyboard; everything about the game is
asked of the engine and its rule system each time it is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import RichLog, Static

from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.hexgrid import distance
from tui_wargame.model import IllegalOrder, Order
from tui_wargame.rules.capabilities import Layer, OrderMenu
from tui_wargame.tui.cropped import crop_updates
from tui_wargame.tui.dialogs import CommandBar, ConfirmScreen, HandOverScreen, OrderChooser
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.info import (
    Namer,
    explain_text,
    header,
    hex_panel,
    orders_about,
    prompt_text,
    record_lines,
    short_report,
)
from tui_wargame.tui.keybar import KeyBar
from tui_wargame.tui.linepanel import LinePanel
from tui_wargame.tui.mapdraw import Overlay
from tui_wargame.views import hidden_units

NOT_ACTING = ("end", "undo")


class GameScreen(Screen[None]):
    """Playing a game hot-seat: the side to act has the keyboard; the other's secrets stay hidden."""

    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", "Up", show=False, id="map.up"),
        Binding("down,j", "cursor(0,1)", "Down", show=False, id="map.down"),
        Binding("left,h", "cursor(-1,0)", "Left", show=False, id="map.left"),
        Binding("right,l", "cursor(1,0)", "Right", show=False, id="map.right"),
        Binding("enter,space", "act", "Select", id="game.act"),
        Binding("tab", "next_unit", "Next", id="game.next_unit"),
        Binding("m", "move", "Move", id="game.move"),
        Binding("w", "waypoint", "Path step", show=False, id="game.waypoint"),
        Binding("a", "attack", "Attack", id="game.attack"),
        Binding("o", "orders", "Orders", show=False, id="game.orders"),
        Binding("e", "end_phase", "End", id="game.end_phase"),
        Binding("u", "undo", "Undo", id="game.undo"),
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

    def __init__(self, game: Game, glyphs: Glyphs, *, hotseat: bool = True, greeting: str = "") -> None:
        super().__init__()
        crop_updates(self)
        self.game = game
        self.g = glyphs
        self.names = Namer(game, glyphs)
        self.hotseat = hotseat
        state = game.state
        self.viewer = state.to_act
        self.cursor = self._first_hex()
        self.selected: str | None = None
        self.path: tuple[str, ...] = ()
        self.show_toggled = False  # the rule system's layers drawn on demand (Z)
        self.menus = self._bind_menus()
        self.message: Text = Text("")
        if greeting:
            self.say(greeting)
        self.logged = 0  # records already narrated
        self._shown: dict[str, Text] = {}
        self._cache: dict[str, tuple[object, Any]] = {}
        self.log_lines: list[str] = []  # the narrative of those records
        self.log_written = 0  # lines of it in the log panel

    # --- layout ---

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="body"):
            yield HexMap(self.game.scenario, self.g, id="map")
            with Vertical(id="side"):
                yield LinePanel(id="panel")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=2000, min_width=20)
        yield CommandBar(self._preview, id="commandbar")
        yield LinePanel(id="prompt")
        yield KeyBar()

    def on_unmount(self) -> None:
        self.game.close()  # release the save's lock; everything accepted is already on disk

    def on_mount(self) -> None:
        hexmap = self.query_one(HexMap)
        if self.app.size.width >= 140:  # a large terminal: a wider panel and the detailed map
            self.query_one("#side").styles.width = 44
            hexmap.detailed = True
        if self.app.size.height >= 40:
            self.query_one("#log", RichLog).display = True
        hexmap.focus()
        self._log_new()
        self.redraw()
        self.call_after_refresh(self._check_keyboard)

    def _first_hex(self) -> str:
        state = self.game.state
        for uid, u in state.units.items():
            if u.on_map and self.game.scenario.unit[uid].side == state.to_act:
                return u.location
        grid = self.game.scenario.grid
        return grid.label(next(grid.hexes()))

    # --- drawing ---

    def _cached(self, name: str, key: object, compute: Callable[[], Any]) -> Any:
        """The engine's answers change only when a record is added: ask once per record (and key)."""
        full = (len(self.game.records), key)
        if self._cache.get(name, (None,))[0] != full:
            self._cache[name] = (full, compute())
        return self._cache[name][1]

    def legal(self) -> list[Order]:
        return self._cached("legal", None, self.game.legal_orders)

    def concealed(self) -> frozenset[str]:
        return self._cached("concealed", self.viewer,
                            lambda: hidden_units(self.game, self.game.state, self.viewer))

    def reach(self) -> dict[str, Fraction]:
        """Hex -> cost for every hex the selected unit may move to now, by the rule system."""
        return self.reach_of(self.selected) if self.selected else {}

    def reach_of(self, uid: str) -> dict[str, Fraction]:
        game = self.game
        if game.state.over or uid not in game.state.units:
            return {}
        return self._cached(f"reach {uid}", None, lambda: dict(
            game.capabilities.reach(game.scenario, game.state, uid)))

    def offered_layers(self) -> tuple[Layer, ...]:
        """Every map layer the rule system offers the viewer now, drawn or not (the legend's)."""
        game, selected = self.game, self.selected
        if not game.state.phase:
            return ()
        return self._cached("layers", (self.viewer, selected), lambda: tuple(
            game.capabilities.layers(game.scenario, game.state, self.viewer, selected)))

    def drawn_layers(self) -> tuple[Layer, ...]:
        """The layers drawn now: those always shown, a selected unit's, and on demand (Z) the rest."""
        wanted = {"always", *(["selected"] if self.selected else []),
                  *(["toggle"] if self.show_toggled else [])}
        return tuple(layer for layer in self.offered_layers() if layer.shown in wanted)

    def redraw(self) -> None:
        game, state = self.game, self.game.state
        concealed = self.concealed()
        layers = self.drawn_layers()
        overlay = Overlay(cursor=self.cursor, selected=self.selected, path=self.path, concealed=concealed,
                          layers=layers)
        self.query_one(HexMap).show(state, overlay)
        self._update("#header", header(game, state, self.names, width=self.size.width or 80))
        self._update("#panel", hex_panel(game, state, self.cursor, self.names, selected=self.selected,
                                         concealed=concealed, reach=self.reach(), layers=layers,
                                         orders=self.legal() if self.selected else ()))  # only then shown
        self._update("#prompt", prompt_text(self.names.text(game.prompt()), self.message, self._hint(),
                                            self.size.width or 80))

    def _update(self, selector: str, text: Text) -> None:
        """Replace a panel's text only when it differs, so an unchanged line is not sent again."""
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            widget = cast(Static | LinePanel, self.query_one(selector))
            widget.update(text, layout=False)  # fixed sizes: no relayout

    def _hint(self) -> str:
        state = self.game.state
        if state.over:
            return "The game is over. r: replay  b: combats  v: victory  q: quit"
        if state.pending:
            return "Enter: answer the decision  :: type the answer  u: undo"
        if self.selected:
            return "Move cursor, m: move here  w: path step  a: attack  o: orders  x: deselect"
        return "Arrows/hjkl: cursor  Enter: select  Tab: next unit  e: end phase  ?: help"

    def say(self, text: str, style: str = "") -> None:
        self.message = Text(self.names.text(text), style=style)

    def _log_new(self) -> None:
        """Tell new records in the log panel if it is shown; a hidden log is told when shown.

        Continuing a long save would otherwise narrate every record (a quarter of a second
        for 400) before the first frame, for a panel that is hidden on an 80x24 terminal.
        """
        if not self.query_one("#log", RichLog).display:
            return
        hidden = self.concealed()
        for seq in range(self.logged, len(self.game.records)):
            self.log_lines += record_lines(self.game, seq, self.names, hidden)
        self.logged = len(self.game.records)
        self.call_after_refresh(self._write_log)  # written after layout: it wraps to its width

    def _reset_log(self) -> None:
        self.logged, self.log_lines, self.log_written = 0, [], 0
        self.query_one("#log", RichLog).clear()
        self._log_new()

    def _write_log(self) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.log_lines[self.log_written:]:
            log.write(Text(line))
        self.log_written = len(self.log_lines)

    # --- giving orders ---

    def submit(self, text: str) -> bool:
        """Give an order; on refusal say why (with the rule) and change nothing."""
        try:
            record = self.game.submit(text, self.game.state.to_act)
        except IllegalOrder as exc:
            self.say(f"Refused: {exc.reason}" + (f" ({exc.rule})" if exc.rule else ""), "bold")
            self.redraw()
            return False
        except WargameError as exc:
            self.say(f"Error: {exc}", "bold")
            self.redraw()
            return False
        self.say(short_report(self.game, record.seq, self.names, self.concealed()))
        self.path = ()
        unit = self.game.state.units.get(self.selected or "")
        if unit is None or not unit.on_map:
            self.selected = None
        self._log_new()
        self.redraw()
        self._check_keyboard()
        return True

    def _check_keyboard(self) -> None:
        """Hand the keyboard over when the other side must act (hot-seat)."""
        state = self.game.state
        if state.over or state.to_act == self.viewer:
            return
        if not self.hotseat:
            self.viewer = state.to_act
            self.redraw()
            return
        side = self.names.side(state.to_act)
        if state.pending:
            why = f"{side} owes a decision: {self.names.text(state.pending.prompt)}."
        else:
            why = f"It is {side}'s turn."
        self.selected, self.path = None, ()

        def taken(_: None) -> None:
            self.viewer = state.to_act
            where = state.pending.data.get("hex") if state.pending else None
            origin = self.query_one(HexMap).painter.origin  # to the decision's hex, or the side's units
            self.cursor = where if isinstance(where, str) and where in origin else self._first_hex()
            self._reset_log()  # told again, without what the new viewer may not see
            self.redraw()

        self.app.push_screen(HandOverScreen(f"{why}\n\nHand the keyboard to {side}."), taken)

    def _preview(self, order: Order) -> Text:
        return explain_text(self.game, order, self.names)

    def _choose(self, title: str, orders: list[Order]) -> None:
        if not orders:
            self.say(f"{title}: no legal orders here now")
            self.redraw()
            return
        if len(orders) > 300:
            title, orders = f"{title} (the first 300 of {len(orders)}; use : for the rest)", orders[:300]

        def chosen(text: str | None) -> None:
            if text:
                self.submit(text)

        self.app.push_screen(OrderChooser(title, orders, self._preview), chosen)

    def _own_units_here(self) -> list[str]:
        state, sc = self.game.state, self.game.scenario
        return [uid for uid in state.units_at(self.cursor) if sc.unit[uid].side == state.to_act]

    # --- actions ---

    def action_cursor(self, dx: int, dy: int) -> None:
        col, row = int(self.cursor[:2]), int(self.cursor[2:])
        grid = self.game.scenario.grid
        col = min(max(col + dx, grid.first_column), grid.last_column)
        row = min(max(row + dy, grid.first_row), grid.last_row)
        self.move_cursor(f"{col:02d}{row:02d}")

    def move_cursor(self, label: str) -> None:
        self.cursor = label
        self.message = Text("")
        self.redraw()

    @on(HexMap.Clicked)
    def _clicked(self, event: HexMap.Clicked) -> None:
        self.move_cursor(event.label)

    def action_act(self) -> None:
        state = self.game.state
        if state.over:
            return
        if state.pending:
            self._choose(self.names.text(state.pending.prompt), self.legal())
            return
        mine = self._own_units_here()
        if mine:
            if self.selected in mine:
                i = mine.index(self.selected)
                self.selected = mine[(i + 1) % len(mine)] if len(mine) > 1 else self.selected
            else:
                self.selected = mine[0]
            self.path = ()
            self.message = Text("")
            self.redraw()
        elif state.units_at(self.cursor):  # the enemy's: a target, even where the unit may go
            self.action_attack()
        elif self.selected and self.cursor in self.reach():
            self.action_move()
        else:
            self.action_orders()

    def action_next_unit(self) -> None:
        """Select the next unit of the side to act that still has an order to give."""
        state, sc = self.game.state, self.game.scenario
        ready = sorted({o.args[0] for o in self.legal()
                        if o.args and o.args[0] in sc.unit and sc.unit[o.args[0]].side == state.to_act})
        if not ready:
            self.say("No unit has an order left to give; e ends the phase")
            self.redraw()
            return
        after = [u for u in ready if self.selected is None or u > self.selected]
        self.selected = (after or ready)[0]
        where = state.units[self.selected].location
        if state.units[self.selected].on_map:
            self.cursor = where
        else:  # off the map (waiting to enter): the cursor goes to the nearest hex it may enter
            reach = self.reach()
            if reach:
                self.cursor = min(reach, key=lambda h: (reach[h], h))
        self.path = ()
        self.message = Text("")
        self.redraw()

    def _is_move(self, order: Order) -> bool:
        """An order that names a unit first and ends on a hex it can reach that no other side
        holds (a move, which m gives; a hex the enemy holds is a target, whatever the order)."""
        if len(order.args) < 2 or order.args[0] not in self.game.scenario.unit:
            return False
        sc, there = self.game.scenario, order.args[-1]
        side = sc.unit[order.args[0]].side
        return there in self.reach_of(order.args[0]) and all(
            sc.unit[uid].side == side for uid in self.game.state.units_at(there))

    def _steps_to(self, uid: str, target: str) -> tuple[str, ...] | None:
        """The fewest steps from `uid`'s hex to `target` through hexes it can reach, for a system
        whose move order names every hex (the default `move_order`); None if there is no such way."""
        reach, unit = self.reach_of(uid), self.game.state.units[uid]
        if target not in reach or not unit.on_map:
            return None
        grid = self.game.scenario.grid
        came: dict[str, str] = {unit.location: ""}  # hex -> the hex it was reached from
        frontier = [unit.location]
        while frontier and target not in came:
            found = []
            for here in frontier:
                for n in grid.neighbours(grid.parse(here)):
                    there = grid.label(n)
                    if there in reach and there not in came:
                        came[there] = here
                        found.append(there)
            frontier = found
        if target not in came or target == unit.location:
            return None
        path = [target]
        while came[path[-1]] != unit.location:
            path.append(came[path[-1]])
        return tuple(reversed(path))

    def action_move(self) -> None:
        """Move the selected unit along the path built with w; else to the cursor by the rule
        system's own way there (`move_order` with the destination alone), else by the fewest steps."""
        uid = self.selected
        if not uid:
            self.say("Select a unit first (Enter on it, or Tab)")
            self.redraw()
            return
        game = self.game
        if self.path and self.path[-1] == self.cursor:
            tries: list[tuple[str, ...] | None] = [self.path]
        else:
            tries = [(self.cursor,), self._steps_to(uid, self.cursor)]
        for path in tries:
            order = game.capabilities.move_order(game.scenario, game.state, uid, path) if path else None
            if order is not None:
                self.submit(order.text)
                return
        self.say(f"{self.names.unit(uid)} cannot reach {self.cursor} now")
        self.redraw()

    def action_waypoint(self) -> None:
        """Add the cursor hex to the path being built, one adjacent hex at a time."""
        uid = self.selected
        if not uid:
            return
        grid = self.game.scenario.grid
        last = self.path[-1] if self.path else self.game.state.units[uid].location
        if distance(grid.parse(last), grid.parse(self.cursor)) != 1:
            self.say(f"{self.cursor} is not next to {last}; step the path hex by hex")
        else:
            self.path = (*self.path, self.cursor)
            self.say(f"Path: {' '.join(self.path)}  (m: move along it, x: clear)")
        self.redraw()

    def action_attack(self) -> None:
        orders = [o for o in orders_about(self.legal(), hex=self.cursor)
                  if o.verb not in NOT_ACTING and not self._is_move(o)]
        if self.selected:
            orders = [o for o in orders if self.selected in o.args] or orders
        if not orders and self.selected:  # the cursor is not on a target: offer the unit's own
            orders = [o for o in orders_about(self.legal(), unit=self.selected)
                      if o.verb not in NOT_ACTING and not self._is_move(o)]
        self._choose(f"Orders against {self.cursor}", orders)

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
        """The legal orders of one of the system's menus, those about the cursor or unit first."""
        menu = self.menus[key]
        orders = [o for o in self.legal() if o.verb in menu.verbs]
        near = orders_about(orders, hex=self.cursor, unit=self.selected)
        self._choose(self.names.text(menu.title), near or orders)

    def action_orders(self) -> None:
        orders = self.legal()
        about = orders_about(orders, unit=self.selected, hex=self.cursor)
        title = f"Orders for {self.selected or self.cursor}"
        self._choose(title, about or [o for o in orders if not self._is_move(o)])

    def action_end_phase(self) -> None:
        state, sc = self.game.state, self.game.scenario
        orders = self.legal()
        ends = [o for o in orders if o.verb == "end"]
        if not ends:
            why = " (answer the decision first)" if state.pending else ""
            self.say(f"The phase cannot be ended now{why}")
            self.redraw()
            return
        acting = [o for o in orders if o.verb not in NOT_ACTING]
        if not acting:
            self.submit(ends[0].text)
            return
        idle = sorted({a for o in acting for a in o.args if a in sc.unit})
        if idle:
            what = f"{len(idle)} unit(s) could still act ({', '.join(idle[:6])})"
        else:
            what = f"{len(acting)} order(s) could still be given (e.g. {acting[0].text})"

        def answer(yes: bool | None) -> None:
            if yes:
                self.submit(ends[0].text)

        self.app.push_screen(
            ConfirmScreen(f"{self.names.text(what)}. End the {self.names.text(state.phase)} phase?"), answer)

    def action_undo(self) -> None:
        self.submit("undo")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Inside the open command bar ":" is text, not the key that opens it."""
        return not (action == "command" and self.query_one(CommandBar).display)

    def action_command(self) -> None:
        self.query_one(CommandBar).open(self.legal())

    @on(CommandBar.Given)
    def _given(self, event: CommandBar.Given) -> None:
        self.query_one(HexMap).focus()
        if event.text:
            self.submit(event.text)

    def action_deselect(self) -> None:
        self.selected, self.path = None, ()
        self.message = Text("")
        self.redraw()

    def action_zoom(self) -> None:
        hexmap = self.query_one(HexMap)
        hexmap.set_detailed(not hexmap.detailed)
        self.redraw()

    def action_layers(self) -> None:
        """Show or hide the map layers the rule system draws on demand, naming them."""
        toggled = [layer for layer in self.offered_layers() if layer.shown == "toggle"]
        names = ", ".join(self.names.text(layer.name) for layer in toggled)
        if not names:
            self.say("The rules draw nothing more on demand")
        else:
            self.show_toggled = not self.show_toggled
            self.say(f"{'Shown' if self.show_toggled else 'Hidden'}: {names} (Z)")
        self.redraw()

    def action_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.display = not log.display
        self._log_new()

    def action_help(self, tab: str) -> None:
        from tui_wargame.tui.help import HelpScreen

        self.app.push_screen(HelpScreen(self.game, self.g, tab, hidden=self.concealed(),
                                        layers=self.offered_layers()))

    def action_replay(self) -> None:
        from tui_wargame.tui.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.game, self.g, viewer=self.viewer))

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

