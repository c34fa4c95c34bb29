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

import attrs

from tui_wargame.engine import Game, as_asked
from tui_wargame.errors import WargameError
from tui_wargame.hexgrid import distance
from tui_wargame.model import IllegalOrder, Order, Refusal
from tui_wargame.rules.capabilities import Decision, Layer, OrderMenu
from tui_wargame.savefile import Record
from tui_wargame.text import plural
from tui_wargame.tui.answers import (
    Answer,
    Choose,
    Confirm,
    Give,
    GiveEach,
    Note,
    Pick,
    answers_to,
    pick_layer,
    picked,
)
from tui_wargame.tui.forces import forces
from tui_wargame.tui.info import orders_about
from tui_wargame.tui.mapdraw import Overlay
from tui_wargame.tui.touched import touched_hexes
from tui_wargame.views import hidden_units

NOT_ACTING = ("end", "undo")
MAX_CHOICES = 300  # orders offered in one list; the rest are typed after ":"
NAMED_IDLE = 8  # units named in the question before ending a phase; the rest are counted


class MapController:
    """The player's side of the table: cursor, selection, path, viewer, and the orders keys give."""

    def __init__(self, game: Game, viewer: str | None = None, *, side: str | None = None) -> None:
        """`side`: the one side this terminal plays in a live game (None: hot-seat, every side)."""
        self.game = game
        self.side = side
        self.viewer = side or viewer or game.state.to_act  # the side at the keyboard: what it may see
        self.selected: str | None = None
        self.path: tuple[str, ...] = ()
        self.show_toggled = False  # the rule system's layers drawn on demand (Z)
        self.picking: Pick | None = None  # a decision's answer being chosen on the map
        self._cache: dict[str, tuple[object, Any]] = {}
        self.cursor = ""
        self.centre: tuple[str, ...] = ()  # what the map's view should show, the first above all
        self.jumps = 0  # how many times the view was asked to centre on `centre`
        self._phase = self.phase_now()
        self.start_phase()

    @property
    def acting(self) -> str:
        """The side whose orders the keys give: this terminal's in a live game, else the side to act."""
        return self.side or self.game.state.to_act

    def waiting(self) -> str:
        """In a live game while the other side acts, whom this side waits for and for what; else ""."""
        state, game = self.game.state, self.game
        if self.side is None or state.over or not state.phase:
            return ""
        asked = game.undo_asked()
        if asked is not None:
            order = f"`{asked.events[0].get('order', '')}`"
            if asked.side != self.side:
                return f"{game.side_name(asked.side)} ask to take back {order}: allow it or refuse"
            others = [s.id for s in game.scenario.sides if s.id != self.side]
            who = game.side_name(others[0]) if len(others) == 1 else "the other side"
            return f"Waiting for {who} to allow or refuse taking back {order}"
        if state.to_act == self.side:
            return ""
        if state.pending:
            return (f"Waiting for {game.side_name(state.to_act)} to decide: {state.pending.prompt} "
                    f"({state.phase} phase)")
        return f"Waiting for {game.side_name(state.to_act)}: {state.phase} phase"

    def phase_now(self) -> tuple[int, str, str]:
        """The phase and the side whose phase it is: a decision the other side owes meanwhile
        starts no phase (the player's turn goes on where the player left it)."""
        state = self.game.state
        return state.turn, state.phase, state.active

    def forces(self) -> list[str]:
        """The hexes of the acting side's units that matter now, the one to centre on first: those
        that may act, nearest the enemy in sight (`forces.forces`)."""
        game = self.game
        actors = self.actors() if game.state.to_act == self.acting else frozenset()
        return forces(game, game.state, self.acting, concealed=self.concealed(), actors=actors)

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

    def actors(self) -> frozenset[str]:
        """The units named in an order the side to act may give (`Capabilities.actors`): asked
        at a phase's start instead of `legal`, whose every path of every unit would hold back the
        first picture of a game by a tenth of a second (docs/architecture.md, "Start-up")."""
        game = self.game
        return self._cached("actors", None, lambda: game.capabilities.actors(game.scenario, game.state))

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
        """The layers drawn now: the hexes of an answer being picked on the map first, then those
        always shown, a selected unit's, and on demand (Z) the rest."""
        wanted = {"always", *(["selected"] if self.selected else []),
                  *(["toggle"] if self.show_toggled else [])}
        drawn = tuple(layer for layer in self.offered_layers() if layer.shown in wanted)
        return (pick_layer(self.picking), *drawn) if self.picking else drawn

    def decision(self) -> Decision | None:
        """The decision owed now, with its answers in words (the rule system's `decision`)."""
        game = self.game
        return self._cached("decision", None, lambda: game.capabilities.decision(game.scenario, game.state))

    def note_of(self, order: Order) -> str:
        """One line on what `order` does, by the rule system (`order_note`); the engine's undo here."""
        if order.verb == "undo" and not order.args:
            return "take back the last order given"
        game = self.game
        return game.capabilities.order_note(game.scenario, game.state, order)

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
        if self.picking:
            return "Move the cursor to a marked hex, Enter: choose it  x/Esc: back to the answers"
        if self.waiting():
            return "Arrows: look  Enter: unit details  n: log  ?: help  q: leave (rejoin any time)"
        if state.pending:
            finish = self.decision()
            end = f"  e: {finish.finish.text}" if finish and finish.finish else ""
            return f"Enter: the answers to the decision{end}  :: type the answer  u: undo"
        if self.selected:
            return "Enter/m: move here  s: select  w: path step  a: attack  o: orders  x: deselect"
        return "Arrows/hjkl: cursor  Enter/s: select  Tab: next unit  e: end phase  ?: help"

    def keys_first(self) -> bool:
        """Whether the keys come before the phase prompt's second line: while a unit is selected,
        since its keys (m moves, s selects the next of its stack) are not in the key bar, full at
        80 columns. Not by the cursor, so a cursor step repaints no prompt."""
        state = self.game.state
        return bool(self.selected) and not (state.over or state.pending or self.picking or self.waiting())

    # --- cursor and selection ---

    def step(self, dx: int, dy: int) -> None:
        """Move the cursor by columns and rows, stopping at the map's edge."""
        self.cursor = self.game.scenario.grid.nudge(self.cursor, dx, dy)

    def own_units_here(self) -> list[str]:
        state, sc = self.game.state, self.game.scenario
        return [uid for uid in state.units_at(self.cursor) if sc.unit[uid].side == self.acting]

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
        if self.waiting():
            return self.refusal()
        ready = sorted({o.args[0] for o in self.legal()
                        if o.args and o.args[0] in sc.unit and sc.unit[o.args[0]].side == state.to_act})
        if not ready:  # orders that name their units after a target (`assault HEX UNIT...`)
            ready = sorted({a for o in self.legal() if o.verb not in NOT_ACTING for a in o.args[1:]
                            if a in sc.unit and sc.unit[a].side == state.to_act})
        if not ready:
            others = [o for o in self.legal() if o.verb not in NOT_ACTING]
            if others:  # orders for what is not a unit (a train, the plan of the day): o lists them
                return Note(f"No unit has an order left; o lists the {plural(len(others), 'order')} "
                            f"still open, e ends the phase")
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

    def deselect(self) -> Choose | Note | None:
        """Drop the selection and the path; while an answer is picked on the map, go back to the
        decision's answers."""
        self.selected, self.path = None, ()
        if self.picking:
            self.picking = None
            return self.decision_menu()
        return None

    def select(self) -> Note | None:
        """Select the unit of the side to act under the cursor, the next of the stack if one is."""
        if self.select_here():
            return None
        return Note(f"No unit of yours to select in {self.cursor}")

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
        self.selected, self.path, self.picking = None, (), None
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
        if self.waiting():
            return self.refusal()
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
        why = self.why_not_there(uid)
        if why is not None:
            return Note(f"Not to {self.cursor}: {why}")
        return Note(f"{spec.name if spec else uid} cannot reach {self.cursor} now")

    def why_not_there(self, uid: str) -> Refusal | None:
        """Why the rules refuse `uid` a move to the cursor's hex though its movement reaches it (the
        rule system's `explain` of that move: a stacking limit, say); None where the system says
        nothing more than that the unit cannot reach it, which the map's reach shows."""
        game = self.game
        for verb in sorted({o.verb for o in self.legal() if o.args[:1] == (uid,) and self.is_move(o)}):
            why = game.capabilities.explain(game.scenario, game.state, Order(verb, (uid, self.cursor)))
            if isinstance(why, Refusal):
                return why
        return None

    def choose(self, title: str, orders: list[Order]) -> Choose | Note:
        """Orders to choose from, each with its line of words."""
        if self.waiting():
            return self.refusal()
        if not orders:
            return Note(f"{title}: no legal orders here now")
        if len(orders) > MAX_CHOICES:
            title = f"{title} (the first {MAX_CHOICES} of {len(orders)}; use : for the rest)"
            orders = orders[:MAX_CHOICES]
        return Choose(title, tuple(orders), tuple(self.note_of(o) for o in orders))

    def decision_menu(self) -> Choose | Note | None:
        """Every answer to the decision the viewer owes: those that leave a unit on a hex grouped
        by unit, to be picked on the map; the others (advance, stop, deplete) each a line.
        None when the viewer owes none."""
        state, decision = self.game.state, self.decision()
        if decision is None or state.to_act != self.viewer or self.waiting():
            return None
        return answers_to(decision, self.legal(), self.game.scenario)

    def start_pick(self, pick: Pick) -> Note:
        """Choose one of `pick`'s answers on the map: its hexes are marked, the cursor on its unit."""
        self.picking, self.selected, self.path = pick, None, ()
        unit = self.game.state.units.get(pick.unit)
        if unit is not None and self.game.scenario.grid.on_map(unit.location):
            self.cursor = unit.location
        warning = f"Warning: {pick.warning}. " if pick.warning else ""  # first: the bar may cut the rest
        return Note(f"{warning}{pick.text}. Enter on one of them; x: back to the answers.",
                    refused=bool(warning))

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

    def menu(self, menu: OrderMenu) -> Choose | GiveEach | Note:
        """The legal orders of one of the rule system's menus, those about the cursor or unit first
        (and those naming nothing, such as the end of it); a menu of `each` gives them all in turn."""
        orders = [o for o in self.legal() if o.verb in menu.verbs]
        if menu.each:
            if self.waiting():
                return self.refusal()
            if not orders:
                return Note(f"{menu.title}: there is none to give now")
            listed = ", ".join(" ".join(o.args) or o.verb for o in orders[:NAMED_IDLE])
            more = f" and {len(orders) - NAMED_IDLE} more" if len(orders) > NAMED_IDLE else ""
            return GiveEach(f"{menu.title} ({listed}{more}), stopping at any decision?", menu.verbs)
        near = orders_about(orders, hex=self.cursor, unit=self.selected)
        if not orders:  # the rule system's reason why none may be given now, if it gives one
            game = self.game
            for verb in sorted(menu.verbs):
                why = game.capabilities.explain(game.scenario, game.state, Order(verb))
                if isinstance(why, Refusal):
                    return Note(f"{menu.title}: none now: {why}")
        bare = [o for o in orders if not o.args]
        chosen = self.choose(menu.title, near + bare if near else orders)
        if isinstance(chosen, Choose) and len(bare) == 1 and bare[0] in chosen.orders:
            return attrs.evolve(chosen, finish=bare[0])  # e gives it (a pass), wherever the list is scrolled
        return chosen

    def next_of(self, verbs: frozenset[str]) -> Order | None:
        """The first legal order of `verbs`, while no decision is owed (GiveEach)."""
        if self.game.state.pending or self.game.state.over or self.waiting():
            return None
        return next((o for o in self.legal() if o.verb in verbs), None)

    def orders(self) -> Choose | Note | None:
        """o: the orders for the selected unit, else for the side to act, moves aside (Enter and m
        give those); while a decision is owed, its answers."""
        state, game = self.game.state, self.game
        if state.over:
            return Note("The game is over")
        if self.waiting():
            return self.refusal()
        if self.viewer != state.to_act:
            return Note(f"It is for {game.side_name(state.to_act)} to give orders now")
        if state.pending:
            return self.decision_menu()
        orders = [o for o in self.legal() if not self.is_move(o)]
        if self.selected:
            spec = game.scenario.unit.get(self.selected)
            name = spec.name if spec else self.selected
            here, units = game.state.units[self.selected].location, game.scenario.unit
            mine = [o for o in orders if self.selected in o.args  # it, or its hex and no other unit
                    or (here in o.args and not any(a in units and a != self.selected for a in o.args))]
            if not mine:
                if self.reach():
                    why = self.why_not_there(self.selected)
                    return Note(f"Not to {self.cursor}: {why}") if why is not None else \
                        Note(f"{name} can only move now: Enter or m on a hex it can reach")
                return Note(f"No orders for {name} now")
            return self.choose(f"Orders for {name}", mine)
        side = self.choose(f"Orders for the {game.side_name(self.acting)}", orders)
        return attrs.evolve(side, about=game.prompt()) if isinstance(side, Choose) else side

    def act(self) -> Answer | None:
        """Enter: answer the decision (on the map while picking), move the selected unit to a hex
        it can reach (friendly units there or not), else select (or cycle) a unit here, else what
        is here. None: a unit was selected, or the game is over."""
        state = self.game.state
        if state.over:
            return None
        if self.picking:
            return picked(self.picking, self.cursor)
        if self.waiting():
            self.select_here()  # a unit of one's own may be looked at, never ordered
            return None
        if state.pending:
            return self.decision_menu() or Note(f"{self.game.side_name(state.to_act)} owes a decision")
        if self.selected and self.cursor in self.reach() and not self.enemy_here():
            return self.move()
        if self.select_here():
            return None
        if state.units_at(self.cursor):  # the enemy's: a target
            return self.attack()
        return self.orders()

    def enemy_here(self) -> bool:
        """Whether a unit of another side than the one acting here holds the cursor hex."""
        state, sc = self.game.state, self.game.scenario
        return any(sc.unit[uid].side != self.acting for uid in state.units_at(self.cursor))

    def end_phase(self) -> Give | Confirm | Note:
        """e: end the phase, or the step, as the rule system words it; asked first, naming the units
        that could still act. While a decision is owed: the answer that finishes it (stop, done)."""
        state, sc = self.game.state, self.game.scenario
        if state.over:
            return Note("The game is over: nothing more to end. v: the verdict  r: replay  q: quit")
        if self.waiting():
            return self.refusal()
        orders = self.legal()
        if state.pending:
            decision = self.decision()
            if decision is not None and decision.finish is not None and decision.finish in orders:
                return Give(decision.finish.text)
            return Note("Answer the decision first (Enter shows its answers)")
        ends = [o for o in orders if o.verb == "end"]
        if not ends:
            try:
                self.game.prepare("end")
            except IllegalOrder as why:  # the rule system's reason, with its rule
                return Note(f"The phase cannot be ended now: {why}; o lists the orders", refused=True)
            return Note("The phase cannot be ended now")
        acting = [o for o in orders if o.verb not in NOT_ACTING]
        if not acting:
            return Give(ends[0].text)
        ending = self.note_of(ends[0]) or f"end the {state.phase} phase"
        ending = ending[0].upper() + ending[1:]
        named = {a for o in acting for a in o.args if a in sc.unit}
        hexes = {a for o in acting if not any(a in sc.unit for a in o.args) for a in o.args}
        settled = self.game.capabilities.settled(sc, state)  # dealt with, though orders could change it
        idle = sorted(uid for uid, u in state.units.items()  # named, or in a hex an order names alone
                      if sc.unit[uid].side == self.acting and (uid in named or u.location in hexes)
                      and uid not in settled)
        if idle:
            more = f" and {len(idle) - NAMED_IDLE} more" if len(idle) > NAMED_IDLE else ""
            what = f"{plural(len(idle), 'unit')} could still act: {', '.join(idle[:NAMED_IDLE])}{more}"
        else:
            fresh = [o for o in acting if not settled.intersection(o.args)] or acting  # not a choice made
            what = f"{plural(len(fresh), 'order')} could still be given (e.g. {fresh[0].text})"
        # what ends, who could still act, then the question: each its own paragraph in the dialog
        return Confirm(f"{ending}.\n\n{what}.\n\nEnd it anyway?", ends[0].text)

    def refusal(self) -> Note:
        """Why no order can be given here now (a live game, the other side acting)."""
        theirs = "" if self.game.state.to_act == self.side else "; the orders are theirs now"
        return Note(f"Refused: {self.waiting()}{theirs}", refused=True)

    def give(self, text: str, by: str = "") -> Record | Note:
        """Give an order for the side acting here; a refusal (with its rule) comes back as a note.
        In a live game an undo is asked of the other side (ASK_UNDO), and while the other side
        acts only an undo's request or answer is given."""
        if self.side is not None:
            text = str(as_asked(text))
        if self.waiting() and text.lower().split()[:1] != ["undo"]:
            return self.refusal()
        try:
            return self.game.submit(text, self.acting, by=by)
        except IllegalOrder as exc:
            return Note(f"Refused: {exc.refusal}", refused=True)
        except WargameError as exc:
            return Note(f"Error: {exc}", refused=True)

    def records_appended(self, records: Sequence[Record] = ()) -> None:
        """After new records, whoever gave them: the path and a pick on the map are dropped; a unit
        gone from the map, deselected. A new phase starts as a phase does (a side owing a decision
        gets the cursor on its hex when it takes the keyboard); else the view shows what the
        viewer's own last record touched (an attack's hexes), the cursor going there unless it is
        on one of them already. In a live game the other side's
        phases and orders are followed by the screen."""
        self.path, self.picking = (), None
        game = self.game
        unit = game.state.units.get(self.selected or "")
        if unit is None or not game.scenario.grid.on_map(unit.location):
            self.selected = None
        phase, self._phase = self._phase, self.phase_now()
        if phase != self._phase:
            if self.side is None or game.state.to_act == self.side:  # live: the other side's, followed
                self.selected = None
                self.start_phase()
        elif records and records[-1].side == self.viewer and records[-1].seq < len(game.records):
            touched = touched_hexes(game, records[-1].seq)
            self.show(*touched)
            if touched and self.cursor not in touched:  # the hex the panel describes stays in view
                self.cursor = touched[0]
