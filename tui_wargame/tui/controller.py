"""What the player is doing on the map, and which order a key gives: no widgets here.

The game screen shows what a `MapController` holds (cursor, selection, the path
being built, who is at the keyboard) and carries out what its methods answer:
an order to give, orders to choose from, a question to ask first, or a note
(a refusal among them) to show. Being plain Python, it is tested without
Textual. Everything about the game is asked of the engine each time; the
answers change only when a record is appended, so they are kept per record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import distance
from tui_wargame.model import IllegalOrder, Order
from tui_wargame.savefile import Record
from tui_wargame.tui.info import orders_about
from tui_wargame.tui.mapdraw import Overlay
from tui_wargame.views import hidden_units

FIRE_WORDS = ("fire", "support", "bombard", "barrage", "artillery", "air", "observe")
MOVE_VERBS = ("move", "enter")  # an on-map move; an entry from off the map (reinforcements)
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
        self.cursor = self.first_hex()
        self.selected: str | None = None
        self.path: tuple[str, ...] = ()
        self.show_zoc = False
        self._cache: dict[str, tuple[object, Any]] = {}

    def first_hex(self) -> str:
        """Where the cursor starts: on a unit of the side to act, else the map's first hex."""
        state, sc = self.game.state, self.game.scenario
        for uid, u in state.units.items():
            if sc.grid.on_map(u.location) and sc.unit[uid].side == state.to_act:
                return u.location
        return sc.grid.label(next(sc.grid.hexes()))

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
        if not self.selected or self.game.state.over:
            return {}
        return self._cached("reach", self.selected, lambda: self._system_reach(self.selected or ""))

    def zoc(self) -> frozenset[str]:
        """The enemy sides' zones of control, when shown (Z)."""
        if not self.show_zoc or not self.game.state.phase:
            return frozenset()
        return self._cached("zoc", self.viewer, self._system_zoc)

    def markers(self) -> Mapping[str, Mapping[str, int]]:
        """Face-down fire-support markers by hex and side: their number is no secret, their strength is."""
        if not self.game.state.phase:
            return {}
        return self._cached("markers", None, self._system_markers)

    # The rule system's map queries: the only calls to `game.system` in the TUI's game screen.

    def _system_reach(self, uid: str) -> dict[str, Fraction]:
        game = self.game
        return dict(game.system.reach(game.scenario, game.state, uid))

    def _system_zoc(self) -> frozenset[str]:
        game = self.game
        enemies = [s.id for s in game.scenario.sides if s.id != self.viewer]
        return frozenset().union(
            *(game.system.zones_of_control(game.scenario, game.state, side) for side in enemies))

    def _system_markers(self) -> Mapping[str, Mapping[str, int]]:
        game = self.game
        return game.system.placed_markers(game.scenario, game.state)

    def overlay(self) -> Overlay:
        """What the map draws over the state for this player."""
        return Overlay(cursor=self.cursor, selected=self.selected, reach=self.reach(), path=self.path,
                       zoc=self.zoc(), concealed=self.concealed(), markers=self.markers())

    def hint(self) -> str:
        """The keys that matter now, for the prompt line."""
        state = self.game.state
        if state.over:
            return "The game is over. r: replay  b: combats  v: victory  q: quit"
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

    def next_unit(self) -> Note | None:
        """Select the next unit of the side to act that still has an order to give."""
        state, sc = self.game.state, self.game.scenario
        ready = sorted({o.args[0] for o in self.legal()
                        if o.args and o.args[0] in sc.unit and sc.unit[o.args[0]].side == state.to_act})
        if not ready:
            return Note("No unit has an order left to give; e ends the phase")
        after = [u for u in ready if self.selected is None or u > self.selected]
        self.selected = (after or ready)[0]
        unit = state.units[self.selected]
        if self.game.scenario.grid.on_map(unit.location):
            self.cursor = unit.location
        else:  # off the map (reinforcements): the cursor goes to the nearest hex it may enter
            reach = self.reach()
            if reach:
                self.cursor = min(reach, key=lambda h: (reach[h], h))
        self.path = ()
        return None

    def deselect(self) -> None:
        self.selected, self.path = None, ()

    def toggle_zoc(self) -> Note:
        self.show_zoc = not self.show_zoc
        return Note("Enemy zones of control shown (z marks)" if self.show_zoc else "Zones of control hidden")

    def take_keyboard(self) -> None:
        """The side to act sits down: it sees what it may, the cursor on its decision's hex or units."""
        state = self.game.state
        self.viewer = state.to_act
        self.selected, self.path = None, ()
        where = state.pending.data.get("hex") if state.pending else None
        grid = self.game.scenario.grid
        self.cursor = where if isinstance(where, str) and grid.on_map(where) else self.first_hex()

    # --- paths and orders ---

    def path_to(self, uid: str, target: str) -> tuple[str, ...] | None:
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
        """The selected unit's move to the cursor: along the path built, else the best one found."""
        uid = self.selected
        if not uid:
            return Note("Select a unit first (Enter on it, or Tab)")
        if self.path and self.path[-1] == self.cursor:
            path: tuple[str, ...] | None = self.path
        else:
            path = self.path_to(uid, self.cursor)
        if not path:
            spec = self.game.scenario.unit.get(uid)
            return Note(f"{spec.name if spec else uid} cannot reach {self.cursor} now")
        verb = "move" if self.game.scenario.grid.on_map(self.game.state.units[uid].location) else "enter"
        return Give(" ".join((verb, uid, *path)))

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
                  if o.verb not in ("move", *NOT_ACTING)]
        if self.selected:
            orders = [o for o in orders if self.selected in o.args] or orders
        if not orders and self.selected:  # the cursor is not on a target: offer the unit's own
            orders = [o for o in orders_about(self.legal(), unit=self.selected)
                      if o.verb not in ("move", *NOT_ACTING)]
        return self.choose(f"Orders against {self.cursor}", orders)

    def fire(self) -> Choose | Note:
        orders = [o for o in self.legal() if any(w in o.verb for w in FIRE_WORDS)]
        near = orders_about(orders, hex=self.cursor, unit=self.selected)
        return self.choose("Fire support", near or orders)

    def orders(self) -> Choose | Note:
        orders = self.legal()
        about = orders_about(orders, unit=self.selected, hex=self.cursor)
        title = f"Orders for {self.selected or self.cursor}"
        return self.choose(title, about or [o for o in orders if o.verb not in ("move",)])

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
        if self.selected and self.cursor in self.reach():
            return self.move()
        if state.units_at(self.cursor):
            return self.attack()
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
            what = f"{len(idle)} unit(s) could still act ({', '.join(idle[:6])})"
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

    def records_appended(self) -> None:
        """After new records, whoever gave them: the path is dropped; a unit gone from the map, deselected."""
        self.path = ()
        unit = self.game.state.units.get(self.selected or "")
        if unit is None or not self.game.scenario.grid.on_map(unit.location):
            self.selected = None
