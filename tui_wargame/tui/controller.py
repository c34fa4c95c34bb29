"""What the player is doing on the map, and which order a key gives: no widgets here.

The game screen shows what a `MapController` holds (cursor, selection, the path
being built, who is at the keyboard) and carries out what its methods answer:
an order to give, orders to choose from, a question to ask first, or a note
(a refusal among them) to show. Being plain Python, it is tested without
Textual. Everything about the game is asked of the engine each time; the
answers change only when a record is appended, so they are kept per record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import distance
from tui_wargame.model import IllegalOrder, Order
from tui_wargame.rules.capabilities import Layer, OrderMenu
from tui_wargame.savefile import Record
from tui_wargame.tui.info import orders_about
from tui_wargame.tui.mapdraw import Overlay
from tui_wargame.views import hidden_units, touched_hexes

NOT_ACTING = ("end", "undo")
MAX_CHOICES = 300  # orders offered in one list; the rest are typed after ":"


@frozen
class Give:
    """Give this order now."""

    text: str


@frozen
class Choose:
    """Offer these orders, one to be chosen (or none)."""

    title: str
    orders: tuple[Order, ...]


@frozen
class Confirm:
    """Ask `question` first; give `text` on yes."""

    question: str
    text: str


@frozen
class Note:
    """Nothing to give: what to tell the player instead; `refused` when it is a refusal."""

    text: str
    refused: bool = False


Answer = Give | Choose | Confirm | Note


class MapController:
    """The player's side of the table: cursor, selection, path, viewer, and the orders keys give."""

    def __init__(self, game: Game, viewer: str | None = None) -> None:
        self.game = game
        self.viewer = viewer or game.state.to_act  # the side at the keyboard: what it may see
        self.selected: str | None = None
        self.path: tuple[str, ...] = ()
        self.show_toggled = False  # the rule system's layers drawn on demand (Z)
        self._cache: dict[str, tuple[object, Any]] = {}
        self.cursor = ""
        self.centre: tuple[str, ...] = ()  # what the map's view should show, the first above all
        self.jumps = 0  # how many times the view was asked to centre on `centre`
        self._phase = self._phase_now()
        self.start_phase()

    def _phase_now(self) -> tuple[int, str, str]:
        state = self.game.state
        return state.turn, state.phase, state.to_act

    def forces(self) -> list[str]:
        """The hexes of the side to act's units on the map, the one nearest their middle first
        (the map's drawing decides what is near: `Board.layout`)."""
        state, sc = self.game.state, self.game.scenario
        grid = sc.grid
        hexes = sorted({u.location for uid, u in state.units.items()
                        if grid.on_map(u.location) and sc.unit[uid].side == state.to_act})
        if not hexes:
            return []
        at = {h: grid.layout(h) for h in hexes}
        mx = sum(x for x, _ in at.values()) / len(at)
        my = sum(y for _, y in at.values()) / len(at)
        middle = min(hexes, key=lambda h: ((at[h][0] - mx) ** 2 + ((at[h][1] - my) / 2) ** 2, h))
        return [middle, *(h for h in hexes if h != middle)]

    def show(self, *hexes: str) -> None:
        """Ask the map's view to show `hexes`, centred on them unless they are well in view already."""
        if hexes:
            self.centre, self.jumps = tuple(hexes), self.jumps + 1

    def start_phase(self) -> None:
        """A phase begins, or a side sits down: the cursor goes to its decision's hex, else to the
        middle of its forces, and the view shows them (the map's first hex when it has none)."""
        state, grid = self.game.state, self.game.scenario.grid
        where = state.pending.data.get("hex") if state.pending else None
        if isinstance(where, str) and grid.on_map(where):
            self.cursor = where
            self.show(where)
            return
        forces = self.forces()
        self.cursor = forces[0] if forces else grid.label(next(grid.hexes()))
        self.show(*forces or [self.cursor])

    # --- the engine's answers, asked once per record (and key) ---

    def _cached(self, name: str, key: object, compute: Callable[[], Any]) -> Any:
        full = (len(self.game.records), key)
        if self._cache.get(name, (None,))[0] != full:
            self._cache[name] = (full, compute())
        return self._cache[name][1]

    def legal(self) -> list[Order]:
        return self._cached("legal", None, self.game.legal_orders)

    def concealed(self) -> frozenset[str]:
        """The units the viewer may not see."""
        return self._cached("concealed", self.viewer,
                            lambda: hidden_units(self.game, self.game.state, self.viewer))

    def reach(self) -> dict[str, Fraction]:
        """Where the selected unit can go, and at what cost."""
        return self.reach_of(self.selected) if self.selected else {}

    def reach_of(self, uid: str) -> dict[str, Fraction]:
        """Where `uid` can go, and at what cost, by the rule system (`Capabilities.reach`)."""
        game = self.game
        if game.state.over or uid not in game.state.units:
            return {}
        return self._cached(f"reach {uid}", None, lambda: dict(
            game.capabilities.reach(game.scenario, game.state, uid)))

    def offered_layers(self) -> tuple[Layer, ...]:
        """Every map layer the rule system offers the viewer now, drawn or not (the legend's)."""
        game, selected, viewer = self.game, self.selected, self.viewer
        if not game.state.phase:
            return ()
        return self._cached("layers", (viewer, selected), lambda: tuple(
            game.capabilities.layers(game.scenario, game.state, viewer, selected)))

    def drawn_layers(self) -> tuple[Layer, ...]:
        """The layers drawn now: those always shown, a selected unit's, and on demand (Z) the rest."""
        wanted = {"always", *(["selected"] if self.selected else []),
                  *(["toggle"] if self.show_toggled else [])}
        return tuple(layer for layer in self.offered_layers() if layer.shown in wanted)

    def overlay(self) -> Overlay:
        """What the map draws over the state for this player, and where its view should be."""
        return Overlay(cursor=self.cursor, selected=self.selected, path=self.path,
                       concealed=self.concealed(), layers=self.drawn_layers(),
                       centre=self.centre, jump=self.jumps)

    def hint(self) -> str:
        """The keys that matter now, for the prompt line."""
        state = self.game.state
        if state.over:
            return "The game is over. r: replay  b: results  v: victory  q: quit"
        if state.pending:
            return "Enter: answer the decision  :: type the answer  u: undo"
        if self.selected:
            return "Move cursor, m: move here  w: path step  a: attack  o: orders  x: deselect"
        return "Arrows/hjkl: cursor  Enter: select  Tab: next unit  e: end phase  ?: help"

    # --- cursor and selection ---

    def step(self, dx: int, dy: int) -> None:
        """Move the cursor by columns and rows, stopping at the map's edge."""
        self.cursor = self.game.scenario.grid.nudge(self.cursor, dx, dy)

    def own_units_here(self) -> list[str]:
        state, sc = self.game.state, self.game.scenario
        return [uid for uid in state.units_at(self.cursor) if sc.unit[uid].side == state.to_act]

    def select_here(self) -> bool:
        """Select the first own unit under the cursor, or the next of the stack when one is selected."""
        mine = self.own_units_here()
        if not mine:
            return False
        if self.selected in mine:
            self.selected = mine[(mine.index(self.selected) + 1) % len(mine)]
        else:
            self.selected = mine[0]
        self.path = ()
        return True

    def next_unit(self, back: bool = False) -> Note | None:
        """Select the next unit of the side to act that still has an order to give (Tab), or the
        one before (`back`: Shift+Tab), and centre the view on it."""
        state, sc = self.game.state, self.game.scenario
        ready = sorted({o.args[0] for o in self.legal()
                        if o.args and o.args[0] in sc.unit and sc.unit[o.args[0]].side == state.to_act})
        if not ready:
            return Note("No unit has an order left to give; e ends the phase")
        if back:
            before = [u for u in ready if self.selected is None or u < self.selected]
            self.selected = (before or ready)[-1]
        else:
            after = [u for u in ready if self.selected is None or u > self.selected]
            self.selected = (after or ready)[0]
        unit = state.units[self.selected]
        if self.game.scenario.grid.on_map(unit.location):
            self.cursor = unit.location
        else:  # off the map (waiting to enter): the cursor goes to the nearest hex it may enter
            reach = self.reach()
            if reach:
                self.cursor = min(reach, key=lambda h: (reach[h], h))
        self.path = ()
        self.show(self.cursor)
        return None

    def deselect(self) -> None:
        self.selected, self.path = None, ()

    def toggle_layers(self) -> Note:
        """Show or hide the map layers the rule system draws on demand, naming them."""
        toggled = [layer for layer in self.offered_layers() if layer.shown == "toggle"]
        if not toggled:
            return Note("The rules draw nothing more on demand")
        self.show_toggled = not self.show_toggled
        names = ", ".join(layer.name for layer in toggled)
        return Note(f"{'Shown' if self.show_toggled else 'Hidden'}: {names} (Z)")

    def take_keyboard(self) -> None:
        """The side to act sits down: it sees what it may, the cursor on its decision's hex or units."""
        self.viewer = self.game.state.to_act
        self.selected, self.path = None, ()
        self.start_phase()

    # --- paths and orders ---

    def is_move(self, order: Order) -> bool:
        """An order that names a unit first and ends on a hex it can reach that no other side
        holds (a move, which m gives; a hex the enemy holds is a target, whatever the order)."""
        if len(order.args) < 2 or order.args[0] not in self.game.scenario.unit:
            return False
        sc, there = self.game.scenario, order.args[-1]
        side = sc.unit[order.args[0]].side
        return there in self.reach_of(order.args[0]) and all(
            sc.unit[uid].side == side for uid in self.game.state.units_at(there))

    def steps_to(self, uid: str, target: str) -> tuple[str, ...] | None:
        """The fewest steps from `uid`'s hex to `target` through hexes it can reach, for a system
        whose move order names every hex (the default `move_order`); None if there is no such way."""
        reach, start = self.reach_of(uid), self.game.state.units[uid].location
        grid = self.game.scenario.grid
        if target not in reach or not grid.on_map(start):
            return None
        came: dict[str, str] = {start: ""}  # hex -> the hex it was reached from
        frontier = [start]
        while frontier and target not in came:
            found = []
            for here in frontier:
                for n in grid.neighbours(grid.parse(here)):
                    there = grid.label(n)
                    if there in reach and there not in came:
                        came[there] = here
                        found.append(there)
            frontier = found
        if target not in came or target == start:
            return None
        path = [target]
        while came[path[-1]] != start:
            path.append(came[path[-1]])
        return tuple(reversed(path))

    def waypoint(self) -> Note | None:
        """Add the cursor hex to the path being built, one adjacent hex at a time."""
        uid = self.selected
        if not uid:
            return None
        grid = self.game.scenario.grid
        last = self.path[-1] if self.path else self.game.state.units[uid].location
        if distance(grid.parse(last), grid.parse(self.cursor)) != 1:
            return Note(f"{self.cursor} is not next to {last}; step the path hex by hex")
        self.path = (*self.path, self.cursor)
        return Note(f"Path: {' '.join(self.path)}  (m: move along it, x: clear)")

    def move(self) -> Give | Note:
        """The selected unit's move to the cursor, by the rule system's `move_order`: along the
        path built with w; else to the cursor alone (a system finds its own way there), else by
        the fewest steps."""
        uid = self.selected
        if not uid:
            return Note("Select a unit first (Enter on it, or Tab)")
        game = self.game
        if self.path and self.path[-1] == self.cursor:
            tries: list[tuple[str, ...] | None] = [self.path]
        else:
            tries = [(self.cursor,), self.steps_to(uid, self.cursor)]
        for path in tries:
            order = game.capabilities.move_order(game.scenario, game.state, uid, path) if path else None
            if order is not None:
                return Give(order.text)
        spec = game.scenario.unit.get(uid)
        return Note(f"{spec.name if spec else uid} cannot reach {self.cursor} now")

    def choose(self, title: str, orders: list[Order]) -> Choose | Note:
        if not orders:
            return Note(f"{title}: no legal orders here now")
        if len(orders) > MAX_CHOICES:
            title = f"{title} (the first {MAX_CHOICES} of {len(orders)}; use : for the rest)"
            orders = orders[:MAX_CHOICES]
        return Choose(title, tuple(orders))

    def attack(self) -> Choose | Note:
        """The orders against the cursor hex (the selected unit's first), else the unit's own."""
        orders = [o for o in orders_about(self.legal(), hex=self.cursor)
                  if o.verb not in NOT_ACTING and not self.is_move(o)]
        if self.selected:
            orders = [o for o in orders if self.selected in o.args] or orders
        if not orders and self.selected:  # the cursor is not on a target: offer the unit's own
            orders = [o for o in orders_about(self.legal(), unit=self.selected)
                      if o.verb not in NOT_ACTING and not self.is_move(o)]
        return self.choose(f"Orders against {self.cursor}", orders)

    def menu(self, menu: OrderMenu) -> Choose | Note:
        """The legal orders of one of the rule system's menus, those about the cursor or unit first."""
        orders = [o for o in self.legal() if o.verb in menu.verbs]
        near = orders_about(orders, hex=self.cursor, unit=self.selected)
        return self.choose(menu.title, near or orders)

    def orders(self) -> Choose | Note:
        orders = self.legal()
        about = orders_about(orders, unit=self.selected, hex=self.cursor)
        title = f"Orders for {self.selected or self.cursor}"
        return self.choose(title, about or [o for o in orders if not self.is_move(o)])

    def act(self) -> Answer | None:
        """Enter: answer the decision, select (or cycle) a unit here, move there, or what is here.
        None: a unit was selected, or the game is over."""
        state = self.game.state
        if state.over:
            return None
        if state.pending:
            return self.choose(state.pending.prompt, self.legal())
        if self.select_here():
            return None
        if state.units_at(self.cursor):  # the enemy's: a target, even where the unit may go
            return self.attack()
        if self.selected and self.cursor in self.reach():
            return self.move()
        return self.orders()

    def end_phase(self) -> Give | Confirm | Note:
        """End the phase; asked first when units could still act."""
        state, sc = self.game.state, self.game.scenario
        orders = self.legal()
        ends = [o for o in orders if o.verb == "end"]
        if not ends:
            why = " (answer the decision first)" if state.pending else ""
            return Note(f"The phase cannot be ended now{why}")
        acting = [o for o in orders if o.verb not in NOT_ACTING]
        if not acting:
            return Give(ends[0].text)
        idle = sorted({a for o in acting for a in o.args if a in sc.unit})
        if idle:
            more = ", ..." if len(idle) > 6 else ""
            what = f"{len(idle)} unit(s) could still act ({', '.join(idle[:6])}{more})"
        else:
            what = f"{len(acting)} order(s) could still be given (e.g. {acting[0].text})"
        return Confirm(f"{what}. End the {state.phase} phase?", ends[0].text)

    def give(self, text: str) -> Record | Note:
        """Give an order for the side to act; a refusal (with its rule) comes back as a note."""
        try:
            return self.game.submit(text, self.game.state.to_act)
        except IllegalOrder as exc:
            return Note(f"Refused: {exc.refusal}", refused=True)
        except WargameError as exc:
            return Note(f"Error: {exc}", refused=True)

    def records_appended(self, records: Sequence[Record] = ()) -> None:
        """After new records, whoever gave them: the path is dropped; a unit gone from the map,
        deselected. A new phase (or a side owing a decision) starts as a phase does; else the view
        shows what the viewer's last record touched (an attack's hexes), what others do being
        theirs to see."""
        self.path = ()
        game = self.game
        unit = game.state.units.get(self.selected or "")
        if unit is None or not game.scenario.grid.on_map(unit.location):
            self.selected = None
        phase, self._phase = self._phase, self._phase_now()
        if phase != self._phase:
            self.selected = None
            self.start_phase()
        elif records and records[-1].side == self.viewer and records[-1].seq < len(game.records):
            touched = touched_hexes(game, records[-1].seq)
            if touched and self.cursor not in touched:  # an order typed after ":": the cursor goes along
                self.cursor = touched[0]
            self.show(*touched)
