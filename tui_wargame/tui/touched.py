"""The hexes a record touched: what the replay keeps in view, and where a live game's map follows
the other side's orders."""

from __future__ import annotations

from tui_wargame.engine import Game


def touched_hexes(game: Game, seq: int) -> tuple[str, ...]:
    """The hexes record `seq` touched, in order: those its order names (an order may name only
    hexes while its events only flag a unit), then, event by event, the hexes its facts name and
    where the units they name stood. In order, so the first is the one to show when they do not
    all fit. Facts are read by their values, not their names, so any rule system's events do."""
    found: dict[str, None] = {}
    before = game.state_at(seq - 1)
    record = game.records[seq]
    on_map = game.scenario.grid.on_map
    for word in (record.order or "").split():
        if on_map(word):
            found[word] = None
    for e in record.events:
        values = [w for v in e.facts.values() for w in (v if isinstance(v, list | tuple) else [v])]
        for v in values:
            if isinstance(v, str) and on_map(v):
                found[v] = None
        for v in values:
            if isinstance(v, str) and v in before.units and on_map(before.units[v].location):
                found.setdefault(before.units[v].location, None)
    return tuple(found)
