"""A commander's attention (Suez 13.1, Gaza 13.4: Kress von Kressenstein): once in each of his
side's combat phases, while attacks are declared, he assists one declared attack, shifting it
one column right (`rules.commander.shift`; `combat.shifts_for` applies it). He is held off the
map, never defends and is never hurt by combat, so he is no more than this order and the shift.

Both folios give the rule in the same words; the scenario's `[rules.commander]` names the
commander, his side, the order's verb and the section to cite.
"""

from __future__ import annotations

from tui_wargame.model import Event, IllegalOrder, Order, Refusal
from tui_wargame.rules.fm.combat import ASSISTED, STEP, assisted, declared
from tui_wargame.rules.fm.data import Commander
from tui_wargame.rules.fm.position import Position


def why_not(pos: Position, cmd: Commander, target: str) -> Refusal | None:
    """Why he may not assist the attack on `target` now, with the section; None if he may."""
    state = pos.state
    if state.active != cmd.side or state.phase != "combat" or state.values.get(STEP) != "declare":
        return Refusal(f"{cmd.name} assists an attack of his side while attacks are declared", cmd.rule)
    if assisted(pos) is not None:
        return Refusal(f"{cmd.name} assists one attack per combat phase", cmd.rule)
    if target not in declared(pos):
        return Refusal(f"no attack is declared on {target}", cmd.rule)
    return None


def legal(pos: Position) -> list[Order]:
    cmd = pos.rules.commander
    if cmd is None:
        return []
    return [Order(cmd.order, (t,)) for t in sorted(declared(pos)) if why_not(pos, cmd, t) is None]


def resolve(pos: Position, order: Order) -> list[Event]:
    cmd = pos.rules.commander
    assert cmd is not None and order.verb == cmd.order
    if len(order.args) != 1:
        raise IllegalOrder(f"{cmd.order} HEX: the hex of a declared attack", cmd.rule)
    target = order.args[0]
    why = why_not(pos, cmd, target)
    if why:
        raise IllegalOrder(why)
    return [Event.of("value_set", key=ASSISTED, value=f"{pos.state.turn}:{target}"),
            Event.of("note", text=f"{cmd.name} assists the attack on {target} ({cmd.rule})")]
