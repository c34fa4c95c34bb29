"""Distances and reach for the computer player of Fire & Movement: hexes from one hex to another,
kept per scenario since the planner asks the same ones all game, and the hexes each enemy unit can
attack next turn (F&M 5.0-6.1), by which the planner (`players.fm`) weighs its stacks' exposure."""

from __future__ import annotations

from fractions import Fraction

from attrs import evolve

from tui_wargame.hexgrid import Board
from tui_wargame.players.fm_worth import scenario_key
from tui_wargame.rules.fm.movement import paths
from tui_wargame.rules.fm.position import Position


def threat_map(pos: Position, enemy: str, *, moving: bool) -> dict[str, frozenset[str]]:
    """Each combat unit of `enemy` on the map and the hexes it can attack next turn: those beside
    where it stands, or, `moving`, beside any hex its movement can end in (F&M 5.0-6.1,
    `movement.paths`, on this turn's allowance from a fresh start); a unit that may not move
    (Suez 11.3) attacks from where it stands. The other side's units are left out of the search,
    so the answer depends on the enemy's placement alone and no move of ours changes it: where
    they would stop the enemy (zones of control) counts as open."""
    state = pos.state
    on_map = pos.scenario.grid.on_map
    theirs = {u: s for u, s in state.units.items() if pos.side_of(u) == enemy}
    alone = Position(pos.scenario, state.replace(units={
        u: evolve(s, spent=Fraction(0)) if u in theirs else evolve(s, location="eliminated")
        for u, s in state.units.items()}))
    found: dict[str, frozenset[str]] = {}
    for uid, unit in sorted(theirs.items()):
        if not on_map(unit.location) or not pos.is_combat(uid):
            continue
        ends = {unit.location}
        if moving and alone.hooks.may_move(alone, uid) is None:
            ends.update(paths(alone, uid, unit.location))
        found[uid] = frozenset(n for end in ends for n in alone.neighbours(end))
    return found


class _Field(dict[str, int]):
    """Hexes from one hex to any other, filled in as asked: the planner asks the same all game."""

    def __init__(self, grid: Board, origin: str) -> None:
        super().__init__()
        self.grid, self.origin = grid, origin

    def __missing__(self, label: str) -> int:
        found = self[label] = self.grid.distance(self.origin, label)
        return found


_FIELDS: dict[tuple[str, str, str], _Field] = {}


def field_of(pos: Position, origin: str) -> _Field:
    """The distances from `origin`, kept per scenario."""
    key = (*scenario_key(pos), origin)
    found = _FIELDS.get(key)
    if found is None:
        found = _FIELDS[key] = _Field(pos.scenario.grid, origin)
    return found


def hex_distance(pos: Position, a: str, b: str) -> int:
    """Hexes between `a` and `b`, read from `a`'s kept distances (`field_of`)."""
    return field_of(pos, a)[b]
