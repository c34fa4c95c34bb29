"""The game screen: map, panel, prompt, log; every order goes through `Game.submit` / `undo`.

The screen keeps only what the player is doing (cursor, selection, a path
being built, zoom) and who is at the keyboard; everything about the game is
asked of the engine and its rule system each time it is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
from tui_wargame.tui.cropped import crop_updates
from tui_wargame.tui.dialogs import CommandBar, ConfirmScreen, HandOverScreen, OrderChooser
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.info import (
    Namer,
    header,
    hex_panel,
    orders_about,
    preview_text,
    prompt_text,
    record_lines,
    short_report,
)
from tui_wargame.tui.keybar import KeyBar
from tui_wargame.tui.linepanel import LinePanel
from tui_wargame.tui.mapdraw import Overlay
from tui_wargame.views import hidden_units

FIRE_WORDS = ("fire", "support", "bombard", "barrage", "artillery", "air", "observe")
MOVE_VERBS = ("move", "enter")  # an on-map move; an entry from off the map (reinforcements)
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
        Binding("f", "fire", "Fire sup.", show=False, id="game.fire"),
        Binding("o", "orders", "Orders", show=False, id="game.orders"),
        Binding("e", "end_phase", "End", id="game.end_phase"),
        Binding("u", "undo", "Undo", id="game.undo"),
        # priority: run as the key arrives, so the keys typed after it in the same burst reach the bar
        Binding("colon", "command", "Order", id="game.command", priority=True),
        Binding("escape,x", "deselect", "Deselect", show=False, id="game.deselect"),
        Binding("z", "zoom", "Zoom", show=False, id="game.zoom"),
        Binding("Z", "zoc", "ZOC", show=False, id="game.zoc"),
        Binding("n", "log", "Log", show=False, id="game.log"),
        Binding("question_mark,f1", "help('keys')", "Help", id="game.help"),
        Binding("c", "help('tables')", "CRT", show=False, id="game.crt"),
        Binding("t", "help('terrain')", "Terrain", show=False, id="game.terrain"),
        Binding("b", "help('combats')", "Combats", show=False, id="game.combats"),
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
        self.show_zoc = False
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
        state, sc = self.game.state, self.game.scenario
        for uid, u in state.units.items():
            if sc.grid.on_map(u.location) and sc.unit[uid].side == state.to_act:
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
        if not self.selected or self.game.state.over:
            return {}
        uid = self.selected
        return self._cached("reach", uid, lambda: dict(
            self.game.system.reach(self.game.scenario, self.game.state, uid)))

    def zoc(self) -> frozenset[str]:
        """The enemy sides' zones of control, by the rule system (shown on demand with Z)."""
        game = self.game
        if not self.show_zoc or not game.state.phase:
            return frozenset()
        enemies = [s.id for s in game.scenario.sides if s.id != self.viewer]
        return self._cached("zoc", self.viewer, lambda: frozenset().union(
            *(game.system.zones_of_control(game.scenario, game.state, side) for side in enemies)))

    def markers(self) -> Mapping[str, Mapping[str, int]]:
        """Face-down fire-support markers by hex and side: their number is no secret, their strength is."""
        game = self.game
        if not game.state.phase:
            return {}
        return self._cached("markers", None, lambda: game.system.placed_markers(game.scenario, game.state))

    def redraw(self) -> None:
        game, state = self.game, self.game.state
        concealed = self.concealed()
        reach = self.reach()
        markers = self.markers()
        overlay = Overlay(cursor=self.cursor, selected=self.selected, reach=reach, path=self.path,
                          zoc=self.zoc(), concealed=concealed, markers=markers)
        self.query_one(HexMap).show(state, overlay)
        self._update("#header", header(game, state, self.names, width=self.size.width or 80))
        self._update("#panel", hex_panel(game, state, self.cursor, self.names, selected=self.selected,
                                         concealed=concealed, reach=reach,
                                         markers=markers.get(self.cursor, {}),
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
        if unit is None or not self.game.scenario.grid.on_map(unit.location):
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
        return preview_text(self.game, order, self.names)

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
        self.move_cursor(self.game.scenario.grid.nudge(self.cursor, dx, dy))

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
        elif self.selected and self.cursor in self.reach():
            self.action_move()
        elif state.units_at(self.cursor):
            self.action_attack()
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
        if self.game.scenario.grid.on_map(where):
            self.cursor = where
        else:  # off the map (reinforcements): the cursor goes to the nearest hex it may enter
            reach = self.reach()
            if reach:
                self.cursor = min(reach, key=lambda h: (reach[h], h))
        self.path = ()
        self.message = Text("")
        self.redraw()

    def _path_to(self, uid: str, target: str) -> tuple[str, ...] | None:
        """A path for `uid` to `target`: the legal move order's, else downhill through the reach costs."""
        moves = [o for o in self.legal()
                 if o.verb in MOVE_VERBS and o.args[:1] == (uid,) and o.args[-1] == target]
        if moves:
            return min(moves, key=lambda o: len(o.args)).args[1:]
        if not self.game.scenario.grid.on_map(self.game.state.units[uid].location):
            return None  # an entry needs the legal order's own path
        reach = self.reach()
        if target not in reach:
            return None
        grid = self.game.scenario.grid
        start = self.game.state.units[uid].location
        path = [target]
        while True:
            here = grid.parse(path[-1])
            if distance(here, grid.parse(start)) == 1:
                break
            steps = [grid.label(n) for n in grid.neighbours(here) if grid.label(n) in reach]
            steps = [s for s in steps if reach[s] < reach[path[-1]]]
            if not steps:
                return None
            path.append(min(steps, key=lambda s: reach[s]))
        return tuple(reversed(path))

    def action_move(self) -> None:
        uid = self.selected
        if not uid:
            self.say("Select a unit first (Enter on it, or Tab)")
            self.redraw()
            return
        if self.path and self.path[-1] == self.cursor:
            path: tuple[str, ...] | None = self.path
        else:
            path = self._path_to(uid, self.cursor)
        if not path:
            self.say(f"{self.names.unit(uid)} cannot reach {self.cursor} now")
            self.redraw()
            return
        verb = "move" if self.game.scenario.grid.on_map(self.game.state.units[uid].location) else "enter"
        self.submit(" ".join((verb, uid, *path)))

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
                  if o.verb not in ("move", *NOT_ACTING)]
        if self.selected:
            orders = [o for o in orders if self.selected in o.args] or orders
        if not orders and self.selected:  # the cursor is not on a target: offer the unit's own
            orders = [o for o in orders_about(self.legal(), unit=self.selected)
                      if o.verb not in ("move", *NOT_ACTING)]
        self._choose(f"Orders against {self.cursor}", orders)

    def action_fire(self) -> None:
        orders = [o for o in self.legal() if any(w in o.verb for w in FIRE_WORDS)]
        near = orders_about(orders, hex=self.cursor, unit=self.selected)
        self._choose("Fire support", near or orders)

    def action_orders(self) -> None:
        orders = self.legal()
        about = orders_about(orders, unit=self.selected, hex=self.cursor)
        title = f"Orders for {self.selected or self.cursor}"
        self._choose(title, about or [o for o in orders if o.verb not in ("move",)])

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

    def action_zoc(self) -> None:
        self.show_zoc = not self.show_zoc
        self.say("Enemy zones of control shown (z marks)" if self.show_zoc else "Zones of control hidden")
        self.redraw()

    def action_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.display = not log.display
        self._log_new()

    def action_help(self, tab: str) -> None:
        from tui_wargame.tui.help import HelpScreen

        self.app.push_screen(HelpScreen(self.game, self.g, tab, hidden=self.concealed()))

    def action_replay(self) -> None:
        from tui_wargame.tui.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.game, self.g, viewer=self.viewer))

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

