"""The game told in words: each event as a sentence, the log as a turn-by-turn story.

Used by `tui-wargame replay --text`, the TUI's log panel and the replay viewer.
Events are described from the events (plus the state they apply to, for "from
where"); the rule system words its own reports (`Capabilities.describe`), and
anything it does not is still told, fact by fact.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tui_wargame.engine import Game
from tui_wargame.model import Event, Scenario, State, apply
from tui_wargame.model.events import STATE_EVENTS
from tui_wargame.text import clean, hex_name, names_any, side_name, unit_name
from tui_wargame.views import hidden_units, turn_name


def _marker(scenario: Scenario, kind: str, side: str, value: Any) -> str:
    """"trenches marker (2) of Red": what a face-up marker shows."""
    shown = f" ({clean(str(value))})" if value is not None else ""
    owner = f" of {side_name(scenario, side)}" if side else ""
    return f"{clean(kind).replace('_', ' ')} marker{shown}{owner}"


def _a(words: str) -> str:
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def _marker_event(scenario: Scenario, state: State, e: Event) -> str:
    """A sentence for a marker event; a face-down marker's kind and value stay untold."""
    where = hex_name(scenario, e["place"])
    if e.kind == "marker_placed":
        if e.get("hidden"):
            return f"A face-down marker is placed in {where}"
        marker = _a(_marker(scenario, e["marker"], e.get("side", ""), e.get("value")))
        return f"{marker[:1].upper()}{marker[1:]} is placed in {where}"
    old = state.marker(e["place"], e["marker"], e.get("id", ""))
    if old is None or (old.hidden and e.get("hidden", True)):
        face = "face-down " if old else ""
        return f"A {face}marker in {where} {'is removed' if e.kind == 'marker_removed' else 'changes'}"
    before = _marker(scenario, old.kind, old.side, old.value)
    if e.kind == "marker_removed":
        return f"The {before} in {where} is removed"
    if e.get("hidden"):
        return f"The {before} in {where} is turned face down"
    after = _marker(scenario, e.get("becomes", old.kind), e.get("side", old.side), e.get("value", old.value))
    if old.hidden:
        return f"A face-down marker in {where} is turned face up: {_a(after)}"
    return f"The {before} in {where} becomes {_a(after)}"


def describe(game: Game, state: State, e: Event) -> str | None:
    """One sentence for event `e`, applied to `state`; None for bookkeeping not worth telling.

    The rule system is asked first (`Capabilities.describe`: its reports, its words for a
    move); the engine's state events otherwise have the plain wording here, and a report the
    system does not tell is listed fact by fact, so an old save still tells its whole story."""
    try:
        own = game.capabilities.describe(game.scenario, state, e)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        if e.kind in STATE_EVENTS:  # checked by the fold when read: a failure here is a bug
            raise
        own = None  # a report whose facts its system cannot read (a forged save): told fact by fact
    if own is not None:
        return clean(own) or None
    scenario = game.scenario
    k = e.kind
    if k == "unit_moved":
        start = state.units[e["unit"]].location if e["unit"] in state.units else "?"
        route = " - ".join([start, *e["path"]])
        return f"{unit_name(scenario, e['unit'])} moves {route} (cost {e['cost']})"
    if k == "unit_placed":
        to = e["to"]
        where = f"at {hex_name(scenario, to)}" if scenario.grid.on_map(to) else f"in the {to} box"
        verb = "is eliminated" if to == "eliminated" else f"is placed {where}"
        return f"{unit_name(scenario, e['unit'])} {verb}"
    if k == "step_lost":
        return f"{unit_name(scenario, e['unit'])} loses a step ({e['steps']} left)"
    if k == "unit_flagged":
        if e.get("scope") == "phase":
            return None
        state_word = "now" if e.get("on", True) else "no longer"
        return f"{unit_name(scenario, e['unit'])} is {state_word} {clean(str(e['flag']))}"
    if k == "value_set":
        return None  # the rule system's bookkeeping: no news to a reader
    if k == "control_changed":
        return f"{side_name(scenario, e['side'])} controls {hex_name(scenario, e['hex'])}"
    if k in ("marker_placed", "marker_changed", "marker_removed"):
        return _marker_event(scenario, state, e)
    if k == "decision_required":
        return f"{side_name(scenario, e['side'])} must decide: {clean(e['prompt'])}"
    if k in ("decision_made", "phase_began"):
        return None
    if k == "game_ended":
        who = f"{side_name(scenario, e['winner'])} wins" if e["winner"] else "a draw"
        return f"The game ends: {who} ({clean(e['level'])}). {clean(e['reason'])}"
    if k == "state_restored":  # the order named too: a player rarely knows a record by its number
        n = e["reverts"]
        what = f" ({clean(game.records[n].order)})" if 0 <= n < len(game.records) else ""
        return f"Undone: record {n}{what}"
    if k in ("undo_asked", "undo_refused"):  # a live game's undo by consent (engine.ASK_UNDO)
        who, n = side_name(scenario, str(e.get("side", ""))), e.get("reverts", "?")
        if k == "undo_refused":
            return f"{who} refuses to take back record {n}; it stands"
        return f"{who} asks to take back record {n} ({clean(str(e.get('order', '')))})"
    if k == "dice_revealed":  # a hosted game's end (engine.REVEAL)
        return f"The host reveals the dice seed, {e.get('seed')}: `tui-wargame verify` now checks every die"
    if k == "roll":
        return f"{clean(str(e.get('purpose', 'roll')))}: die {e.get('die')}" + (
            f", {clean(str(e['outcome']))}" if "outcome" in e.facts else "")
    if k == "note":
        return clean(str(e.get("text", "")))
    facts = "; ".join(f"{clean(key).replace('_', ' ')} {plain(v)}" for key, v in e.facts.items())
    return f"{clean(k).replace('_', ' ')}: {facts}"


def plain(value: object) -> str:
    """A fact for a reader: lists joined, mappings as `key value`, never a Python repr."""
    if isinstance(value, Mapping):
        return ", ".join(f"{clean(str(k))} {plain(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(plain(v) for v in value)
    return clean(str(value))


def narrate(game: Game) -> Iterator[str]:
    """The whole game as lines of text, turn by turn and phase by phase."""
    sc = game.scenario
    state = game.state_at(-1)
    turn_shown = None
    for record in game.records:
        if record.kind == "setup":
            seed = "dice sealed by the host" if game.header.seal else f"seed {game.header.seed}"
            yield f"{clean(sc.title)}: set-up ({clean(record.order)}), {seed}"
        elif record.kind == "seat":  # a hosted game's player sitting down (seats.py)
            yield f"  [{record.seq}] {clean(record.by)} takes the {side_name(sc, record.side)} seat"
        else:
            yield f"  [{record.seq}] {side_name(sc, record.side)}: {clean(record.order)}"
        for e in record.events:
            line = describe(game, state, e)
            state = apply(state, e)
            if e.kind == "phase_began" or (e.kind == "state_restored" and state.turn != turn_shown):
                if state.turn != turn_shown:
                    turn_shown = state.turn
                    yield ""
                    yield f"== {turn_name(sc, state)} =="
                yield f"-- {side_name(sc, state.active)}: {state.phase} phase --"
            if line:
                yield f"      {line}"


def order_as_seen(order: str, hidden: frozenset[str]) -> str:
    """An order's text for a reader who may not see the units in `hidden`: its verb alone
    when it names one of them."""
    words = order.split()
    return f"{words[0]} (hidden)" if hidden and names_any(words, hidden) else order


def event_as_seen(game: Game, state: State, event: Event, hidden: frozenset[str]) -> str | None:
    """`event` in words for a reader who may not see the units in `hidden`; None as `describe`."""
    line = describe(game, state, event)
    return "a hidden unit acts" if line and hidden and names_any(dict(event.facts), hidden) else line


def since_last_order(game: Game, side: str) -> tuple[int, list[str]]:
    """What happened after `side`'s last record (the set-up if none), told as `side` may see it:
    the seq it counts from and a line per order and event, hidden units left unnamed. For a
    play-by-email player, who reads the file the opponent sent back."""
    mine = [r.seq for r in game.records if r.side == side]
    start = mine[-1] if mine else 0
    sc, lines = game.scenario, []
    state = game.state_at(start)
    for record in game.records[start + 1:]:
        hidden = hidden_units(game, state, side)
        order = clean(order_as_seen(record.order, hidden))
        lines.append(f"[{record.seq}] {side_name(sc, record.side)}: {order}")
        for e in record.events:
            line = event_as_seen(game, state, e, hidden)
            state = apply(state, e)
            if line:
                lines.append(f"    {line}")
            if e.kind == "phase_began":
                now = f"{turn_name(sc, state)}: {side_name(sc, state.active)} {state.phase} phase"
                lines.append(f"    -- {now} --")
    return start, lines
