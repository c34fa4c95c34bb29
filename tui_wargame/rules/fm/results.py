"""F&M 7.6 Combat results and what follows them: step losses, retreats (7.7), deplete instead of
retreating (7.8), displacement (Suez 17.1), advance after combat (7.9).

A result becomes a queue of steps (from the CRT key's data). Steps that need
no choice are applied at once; the others become decisions owed by the owning
player, answered by these orders:

- `lose UNIT`            the owner picks the unit that loses a step;
- `retreat UNIT HEX...`  a full-length retreat path (`retreat UNIT` alone: it cannot retreat, eliminated);
- `deplete UNIT`         7.8: one step lost instead of the whole stack retreating;
- `displace UNIT HEX`    an overstacked hex after a retreat sheds one unit one hex;
- `advance UNIT HEX...`  7.9: an attacker advances; `stop` ends the advance.

The queue travels in the decision's data, so a saved game holds all it needs.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, apply
from tui_wargame.rules.fm.advance import advance_paths
from tui_wargame.rules.fm.data import ResultKey
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.retreat import can_retreat, displacements, retreat_paths
from tui_wargame.rules.fm.stacking import limit_of, overstack
from tui_wargame.rules.fm.victory import control_events

ANSWERS = ("lose", "retreat", "deplete", "displace", "advance", "stop")


def lose_step(pos: Position, uid: str) -> list[Event]:
    """F&M 7.6: a depleted unit turns over (or is replaced, Suez 13.2); its last step eliminates it."""
    steps = pos.state.units[uid].steps - 1
    events = [Event.of("step_lost", unit=uid, steps=steps)]
    if steps <= 0:
        events.append(Event.of("unit_placed", unit=uid, to="eliminated"))
    return events + pos.hooks.step_lost(pos, uid, steps)


def eliminate(pos: Position, uid: str) -> list[Event]:
    return [Event.of("step_lost", unit=uid, steps=0), Event.of("unit_placed", unit=uid, to="eliminated")]


def queue_for(key: ResultKey, bombard: bool = False) -> list[dict[str, Any]]:
    """The steps a CRT key asks for, defender first, then the advance (F&M 7.6, 7.9)."""
    queue: list[dict[str, Any]] = []
    for role, eff in (("defender", key.defender), ("attacker", key.attacker)):
        if eff.eliminate:
            queue.append({"do": "eliminate", "role": role})
            continue
        if eff.retreat:
            queue.append({"do": "retreat", "role": role, "hexes": eff.retreat,
                          "instead": eff.deplete_instead, "done": [], "started": False})
        if eff.loss:
            queue.append({"do": "loss", "role": role, "n": eff.loss})
    queue.append({"do": "advance"})
    return queue


class Flow:
    """Works through a combat's queue, folding its own events to see each intermediate position."""

    def __init__(self, pos: Position, ctx: dict[str, Any], dice: Dice | None = None) -> None:
        self.pos = pos
        self.ctx = copy.deepcopy(ctx)
        self.events: list[Event] = []
        self.dice = dice  # for what a move sets off (Suez 11.3); only answers move units

    @property
    def queue(self) -> list[dict[str, Any]]:
        return self.ctx["queue"]

    def emit(self, events: list[Event]) -> None:
        state = self.pos.state
        for e in events:
            state = apply(state, e)
        self.events.extend(events)
        self.pos = self.pos.at(state)

    def units(self, role: str) -> list[str]:
        return [u for u in self.ctx[role + "s"] if self.pos.on_map(u)]

    def move(self, uid: str, path: list[str]) -> None:
        """A retreat, advance or displacement: it takes control like a move, and sets off what a
        move does (Suez 11.3: activation the instant an enemy comes within four hexes)."""
        assert self.dice is not None
        side = self.pos.side_of(uid)
        self.emit([Event.of("unit_moved", unit=uid, path=path, cost="0")])
        self.emit(control_events(self.pos, side, path))
        self.emit(self.pos.hooks.after_move(self.pos, uid, path, self.dice))

    def ask(self, kind: str, role: str, prompt: str) -> Event:
        side = self.ctx[role] if role in ("attacker", "defender") else self.ctx["attacker"]
        return Event.of("decision_required", side=side, decision=kind, prompt=prompt, data=self.ctx)

    def run(self, answering: bool) -> list[Event]:
        while self.queue:
            do = self.queue[0]["do"]
            if do not in STEPS:
                raise IllegalOrder(f"no combat step {do!r} (the steps: {', '.join(STEPS)})", "F&M 7.6")
            asked = STEPS[do](self, self.queue[0])
            if asked is not None:
                self.emit([asked])
                return self.events
        if answering:
            self.emit([Event.of("decision_made")])
        return self.events

    # --- the steps: each returns a decision to ask, or None once it has done (and popped) its part ---

    def _eliminate(self, step: dict[str, Any]) -> Event | None:
        for uid in self.units(step["role"]):
            self.emit(eliminate(self.pos, uid))
        self.queue.pop(0)
        return None

    def _loss(self, step: dict[str, Any]) -> Event | None:
        """F&M 7.6: the owning player always chooses which unit loses the step."""
        candidates = self.units(step["role"])
        if step["n"] <= 0 or not candidates:
            self.queue.pop(0)
            return None
        if len(candidates) == 1:
            self.emit(lose_step(self.pos, candidates[0]))
            step["n"] -= 1
            return None
        return self.ask("lose_step", step["role"], "choose the unit that loses a step (F&M 7.6)")

    def _retreat(self, step: dict[str, Any]) -> Event | None:
        """F&M 7.7: every unit retreats; one that cannot go the full distance is eliminated."""
        remaining = [u for u in self.units(step["role"]) if u not in step["done"]]
        if not remaining:
            self.queue.pop(0)
            return None
        may_deplete = step["instead"] and not step["started"]
        if not may_deplete:
            for uid in remaining:
                if not can_retreat(self.pos, uid, step["hexes"]):
                    self.emit(eliminate(self.pos, uid))
                    step["done"].append(uid)
                    step["started"] = True
            if all(u in step["done"] for u in remaining):
                return None
        what = "retreat each unit {} hexes{} (F&M 7.7)".format(
            step["hexes"], ", or deplete one unit instead (F&M 7.8)" if may_deplete else "")
        return self.ask("retreat", step["role"], what)

    def _displace(self, step: dict[str, Any]) -> Event | None:
        """Suez 17.1 / Gaza 16.1: an overstacked hex after a retreat sheds units one hex."""
        if overstack(self.pos, step["hex"]) is None:
            self.queue.pop(0)
            return None
        if not displacements(self.pos, step["hex"]):
            self.emit(eliminate(self.pos, step["unit"]))  # house rule: nowhere to go
            self.queue.pop(0)
            return None
        rule = limit_of(self.pos, self.ctx[step["role"]]).rule
        return self.ask("displace", step["role"], f"displace a unit from overstacked {step['hex']} ({rule})")

    def advancers(self) -> dict[str, list[list[str]]]:
        """F&M 7.9: attackers still beside the emptied hex, with their advance paths."""
        target = self.ctx["hex"]
        if self.pos.occupant(target) == self.ctx["defender"]:
            return {}
        found = {}
        for uid in self.units("attacker"):
            if uid in self.ctx["advanced"] or self.pos.distance(self.pos.location(uid), target) != 1:
                continue
            paths = advance_paths(self.pos, uid, target, self.ctx["paths"], self.ctx["attackers"])
            if paths:
                found[uid] = paths
        return found

    def _advance(self, step: dict[str, Any]) -> Event | None:
        if not self.advancers():
            self.queue.pop(0)
            return None
        rule = self.pos.rules.advance.rule
        return self.ask("advance", "attacker", f"advance into {self.ctx['hex']}, or stop ({rule})")


def answers(pos: Position) -> list[Order]:
    """Every legal answer to the pending combat decision."""
    d = pos.state.pending
    assert d is not None
    flow = Flow(pos, dict(d.data))
    step = flow.queue[0]
    orders: list[Order] = []
    if d.kind == "lose_step":
        orders = [Order("lose", (u,)) for u in flow.units(step["role"])]
    elif d.kind == "retreat":
        remaining = [u for u in flow.units(step["role"]) if u not in step["done"]]
        for uid in remaining:
            paths = retreat_paths(pos, uid, step["hexes"])
            orders += [Order("retreat", (uid, *p)) for p in paths] or [Order("retreat", (uid,))]
        if step["instead"] and not step["started"]:
            orders += [Order("deplete", (u,)) for u in remaining]
    elif d.kind == "displace":
        orders = [Order("displace", (u, h)) for u, h in displacements(pos, step["hex"])]
    elif d.kind == "advance":
        for uid, paths in sorted(flow.advancers().items()):
            orders += [Order("advance", (uid, *p)) for p in paths]
        orders.append(Order("stop"))
    return orders


def answer(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """Apply one answer to the pending decision and carry on with the queue."""
    d = pos.state.pending
    assert d is not None
    if order not in answers(pos):
        rule = {"displace": limit_of(pos, d.side).rule, "advance": pos.rules.advance.rule}.get(
            d.kind, _RULE.get(d.kind, "F&M 7.6"))
        raise IllegalOrder(f"`{order.text}` is not an answer to: {d.prompt}", rule)
    flow = Flow(pos, dict(d.data), dice)
    step = flow.queue[0]
    uid = order.args[0] if order.args else ""
    if order.verb == "lose":
        flow.emit(lose_step(flow.pos, uid))
        step["n"] -= 1
    elif order.verb == "deplete":
        flow.emit(lose_step(flow.pos, uid))
        flow.queue.pop(0)
    elif order.verb == "retreat":
        path = list(order.args[1:])
        step["done"].append(uid)
        step["started"] = True
        if path:
            flow.move(uid, path)
            flow.ctx["paths"][uid] = path
            if overstack(flow.pos, path[-1]):
                flow.queue.insert(0, {"do": "displace", "hex": path[-1], "unit": uid, "role": step["role"]})
        else:
            flow.emit(eliminate(flow.pos, uid))
    elif order.verb == "displace":
        flow.move(uid, [order.args[1]])
    elif order.verb == "advance":
        flow.move(uid, list(order.args[1:]))
        flow.ctx["advanced"].append(uid)
    elif order.verb == "stop":
        flow.queue.pop(0)
    return flow.run(answering=True)


_RULE = {"lose_step": "F&M 7.6", "retreat": "F&M 7.7"}  # displace, advance: the scenario's rule


#: The steps a combat result's queue is made of (`queue_for`), each the Flow method that does it.
STEPS: dict[str, Callable[[Flow, dict[str, Any]], Event | None]] = {
    "eliminate": Flow._eliminate,
    "loss": Flow._loss,
    "retreat": Flow._retreat,
    "displace": Flow._displace,
    "advance": Flow._advance,
}
