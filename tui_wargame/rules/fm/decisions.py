"""Orders in words for the menus: each decision owed with every answer (F&M 7.6-7.9, Suez 18.1,
Gaza 16.1), a warning where an answer costs the unit its last step, and one line for any order.

The screens know none of these verbs: they show a `Decision`'s replies and an order's note as
given here, and pick the answers that carry a hex (retreats, displacements) on the map.
"""

from __future__ import annotations

from typing import Any

from tui_wargame.model import Order
from tui_wargame.rules.capabilities import Decision, Reply
from tui_wargame.rules.fm import combat, fire_support, results, sequence
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import limit_of
from tui_wargame.text import hex_name, side_name, unit_name


def decision(pos: Position) -> Decision | None:
    """The decision owed now, every answer worded, the ending one (`stop`, `done`) as `finish`."""
    d = pos.state.pending
    if d is None or pos.state.result is not None:
        return None
    if d.kind == fire_support.DEFENSIVE_FIRE:
        orders = fire_support.answers(pos)
        replies = tuple(Reply(o, order_note(pos, o), unit=_unit_of(pos, o)) for o in orders)
        return Decision(d.prompt, replies, finish=Order("done"))
    orders = results.answers(pos)
    replies = tuple(_reply(pos, o, dict(d.data)) for o in orders)
    return Decision(d.prompt, replies, finish=Order("stop") if d.kind == "advance" else None)


def _unit_of(pos: Position, order: Order) -> str:
    return order.args[0] if order.args and order.args[0] in pos.scenario.unit else ""


def _reply(pos: Position, order: Order, ctx: dict[str, Any]) -> Reply:
    """One answer to a combat result's decision; a retreat or displacement picked by its last hex."""
    uid = _unit_of(pos, order)
    queue: list[dict[str, Any]] = list(ctx.get("queue", []))
    text = order_note(pos, order)
    if order.verb == "retreat":
        if len(order.args) == 1:
            return Reply(order, text, unit=uid, warning=f"{unit_name(pos.scenario, uid)} is eliminated")
        return Reply(order, text, unit=uid, hex=order.args[-1], warning=_loss_after(pos, uid, ctx, queue[1:]))
    if order.verb == "displace":
        return Reply(order, text, unit=uid, hex=order.args[-1])
    if order.verb in ("lose", "deplete"):
        later = queue[1:] if order.verb == "deplete" else []
        warning = _loss_after(pos, uid, ctx, later, now=1)
        return Reply(order, text, unit=uid, warning=warning)
    return Reply(order, text, unit=uid)


def _loss_after(pos: Position, uid: str, ctx: dict[str, Any], later: list[dict[str, Any]],
                now: int = 0) -> str:
    """F&M 7.6: a warning when `uid` loses its last step by this answer (`now` steps) or by the
    step losses its side still owes once this is done, which fall on it when it is the side's
    only unit left in the combat; "" when it survives them."""
    role = "attacker" if pos.side_of(uid) == ctx.get("attacker") else "defender"
    owed = sum(int(s.get("n", 0)) for s in later if s.get("do") == "loss" and s.get("role") == role)
    if now + owed == 0:
        return ""
    steps = pos.state.units[uid].steps
    name = unit_name(pos.scenario, uid)
    if steps <= now:
        return f"{name} has one step left: this eliminates it (F&M 7.6)"
    others = [u for u in ctx.get(role + "s", []) if u != uid and pos.on_map(u)]
    if steps <= now + owed and not others:
        return (f"the step loss that follows eliminates {name}: it has {steps} step"
                f"{'s' if steps > 1 else ''} left (F&M 7.6)")
    return ""


def order_note(pos: Position, order: Order) -> str:
    """One line for a menu: what `order` does, with its rule."""
    sc, a = pos.scenario, order.args
    name = unit_name(sc, a[0]) if a and a[0] in sc.unit else ""
    fs = pos.rules.fire_support
    fs_rule = fs.rule if fs is not None else "F&M 8.0"
    cmd = pos.rules.commander
    own = pos.hooks.order_note(pos, order)
    if own is not None:
        return own
    verb = order.verb
    if verb == "end" and not a:
        return _end_note(pos)
    if verb == "move" and len(a) >= 2:
        via = f" via {', '.join(a[1:-1])}" if len(a) > 2 else ""
        return f"{name} moves to {hex_name(sc, a[-1])}{via} (F&M 5.0)"
    if verb == "enter" and len(a) >= 2:
        return f"{name} enters the map at {a[1]}, on to {hex_name(sc, a[-1])} (F&M 5.4)"
    if verb == "advance" and len(a) >= 2:
        through = f"through {', '.join(a[1:-1])} to" if len(a) > 2 else "into"
        return f"{name} advances {through} {hex_name(sc, a[-1])} ({pos.rules.advance.rule})"
    if verb == "retreat" and len(a) >= 2:
        via = f" via {', '.join(a[1:-1])}" if len(a) > 2 else ""
        return f"{name} retreats to {hex_name(sc, a[-1])}{via} (F&M 7.7)"
    if verb == "retreat" and len(a) == 1:
        return f"{name} cannot retreat the full distance: it is eliminated (F&M 7.7)"
    simple = {
        "attack": lambda: f"the units in {a[1]} join the attack on {hex_name(sc, a[0])} (F&M 7.1)",
        "resolve": lambda: f"roll the die for the attack on {hex_name(sc, a[0])} (F&M 7.6)",
        "bombard": lambda: f"a face-down fire-support marker on {hex_name(sc, a[0])} ({fs_rule})",
        "air": lambda: f"{name} bombards {hex_name(sc, a[1])} ({fs_rule})",
        "observe": lambda: (f"{name} flies over {hex_name(sc, a[1])} so that markers may be placed "
                            f"around it ({fs_rule})"),
        "done": lambda: f"no more defensive fire support: every marker is revealed ({fs_rule})",
        "lose": lambda: f"{name} loses a step (F&M 7.6)",
        "deplete": lambda: f"{name} loses a step and the stack stays instead of retreating (F&M 7.8)",
        "displace": lambda: (f"{name} moves out of the overstacked hex to {hex_name(sc, a[1])} "
                             f"({limit_of(pos, pos.side_of(a[0])).rule})"),
        "stop": lambda: f"no more units advance ({pos.rules.advance.rule})",
    }
    if cmd is not None and verb == cmd.order and len(a) == 1:
        return (f"{cmd.name} assists the attack on {hex_name(sc, a[0])}: one column "
                f"{'right' if cmd.shift > 0 else 'left'} ({cmd.rule})")
    try:
        return simple[verb]() if verb in simple else ""
    except (IndexError, KeyError):  # an order of the wrong shape, being typed: nothing to say
        return ""


def _end_note(pos: Position) -> str:
    """What `end` really ends now (F&M 4.0, 7.1)."""
    state = pos.state
    side = side_name(pos.scenario, state.active)
    if state.phase == sequence.MOVEMENT:
        return f"end the {side} movement phase; the combat phase follows (F&M 4.0)"
    if state.phase == sequence.COMBAT and state.values.get(combat.STEP) == sequence.DECLARE \
            and combat.declared(pos):
        return (f"end the declaration of {side} attacks; they are then rolled one by one "
                f"(F&M 7.1)")
    if state.phase == sequence.COMBAT:
        return f"end the {side} combat phase and with it the {side} player turn (F&M 4.0)"
    return "end this phase (F&M 4.0)"
