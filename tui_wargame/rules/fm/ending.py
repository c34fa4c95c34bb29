"""F&M 5.0 with 5.3 (house rule): where a move may end.

Units need only be within the stacking limit when the movement phase ends (5.3), so a move may end
beyond it while enough of the hex can still leave. A unit can no longer leave its hex this phase
when it has moved, may not move (Suez 11.3), or has no hex its movement reaches (5.0) that this
same rule lets it end in: `Staying` finds the least set of units closed under that. A move
(and a rail move, Suez 16.0, Gaza 15.0) may not end where the staying units would break the limit,
nor take from a unit the last hex it could leave an overstacked hex by: either way the phase could
never end.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from fractions import Fraction
from functools import cached_property

from tui_wargame.model import Refusal
from tui_wargame.rules.fm.movement import first_steps, paths, why_not_move
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack, overstacked_hexes


def reach(pos: Position, uid: str, start: str | None = None,
          entry: tuple[str, ...] = ()) -> dict[str, tuple[Fraction, list[str]]]:
    """Every hex `uid` may end its move in, with the cheapest cost and path (F&M 5.0, 6.1, 5.3).

    From the map: start at the unit's hex. Entering (F&M reinforcements): `entry`
    lists the entry hexes and the path begins with one of them.
    """
    found = paths(pos, uid, start, entry)
    return {label: way for label, way in found.items() if beyond_repair(pos, uid, label) is None}


def can_end_a_move(pos: Position, uid: str) -> bool:
    """Whether `uid`, on the map, has a hex it may end a move in (`reach` is not empty), most often
    answered by a hex beside it, without the search."""
    return any(beyond_repair(pos, uid, to) is None for to in exits(pos, uid))


def exits(pos: Position, uid: str) -> Iterator[str]:
    """The hexes `uid`'s movement reaches (F&M 5.0), before 5.3: the hexes beside it first (no
    search), so that a unit with room there is answered without the rest."""
    yield from first_steps(pos, uid)
    yield from paths(pos, uid, pos.location(uid))


def beyond_repair(pos: Position, uid: str, label: str) -> Refusal | None:
    """F&M 5.3 (house rule): why `uid` may not end its move in `label`, or None."""
    side = pos.side_of(uid)
    ending = pos.ending_cache.get(side)
    if ending is None:
        ending = pos.ending_cache[side] = Staying(pos, side)
    return ending.refusal(uid, label)


class Staying:
    """One side's units that can no longer leave their hex this phase, in one Position; found only
    when a move could end where a stack breaks the limit, and then once."""

    def __init__(self, pos: Position, side: str) -> None:
        self.pos = pos
        self.side = side
        # each unit that can still leave: a hex it may end a move in (found by `units`); only a
        # unit whose hex there comes to hold more staying units need be asked again
        self.witness: dict[str, str] = {}

    @cached_property
    def crowded(self) -> frozenset[str]:
        """The side's hexes beyond the limit now: only these, and a move's own end, could be left
        beyond repair by a move."""
        return frozenset(overstacked_hexes(self.pos, self.side))

    @cached_property
    def movers(self) -> list[str]:
        """The units that may still move (F&M 5.0)."""
        return [uid for uid in self.pos.on_map_units(self.side) if why_not_move(self.pos, uid) is None]

    @cached_property
    def units(self) -> frozenset[str]:
        """The units that can no longer leave: moved or may not move, then every unit left with
        no hex to end in, until none is (the least such set)."""
        movers = set(self.movers)
        staying = {uid for uid in self.pos.on_map_units(self.side) if uid not in movers}
        self._close(staying, list(self.movers), None, self.witness)
        return frozenset(staying)

    def held(self, label: str, staying: AbstractSet[str], moved: tuple[str, str] | None) -> list[str]:
        """The staying units in `label`; `moved`: (unit, hex) after that unit's move there."""
        found = [u for u in self.pos.units_in(label) if u in staying and (moved is None or u != moved[0])]
        if moved is not None and moved[1] == label:
            found.append(moved[0])
        return found

    def _close(self, staying: set[str], todo: list[str], moved: tuple[str, str] | None,
               witness: dict[str, str]) -> list[str]:
        """Add to `staying` each unit of `todo` (and, in turn, of the hexes a unit added stands in)
        left with no hex it may end a move in, noting in `witness` a hex for each that has one
        (`self.witness` is asked where it has none); the units added."""
        added = []
        grown = {moved[1]} if moved is not None else set()  # the hexes holding more staying units
        while todo:
            uid = todo.pop()
            if uid in staying or (moved is not None and uid == moved[0]):
                continue
            known = witness.get(uid) or self.witness.get(uid)
            if known is not None and known not in grown:
                continue
            to = next((to for to in exits(self.pos, uid)
                       if overstack(self.pos, to, [*self.held(to, staying, moved), uid]) is None), None)
            if to is not None:
                witness[uid] = to
                continue
            staying.add(uid)
            added.append(uid)
            grown.add(self.pos.location(uid))
            todo += self.movers  # any whose hex to end in was there; the others pass on their witness
        return added

    def refusal(self, uid: str, label: str) -> Refusal | None:
        """Why `uid` may not end its move in `label`: the staying units there would break the limit
        with it, or its move would leave another hex so (its last ways out taken), or None."""
        pos = self.pos
        crowded = [h for h in self.crowded if overstack(pos, h, [u for u in pos.units_in(h) if u != uid])]
        there = pos.units_in(label)
        why = overstack(pos, label, [*there, uid])
        if not crowded and (why is None or not any(why_not_move(pos, u) is None for u in there)):
            # no other stack breaks the limit after this move, and none of this one could leave
            # (nor, so, lose its way out): the quick answer, and the usual
            return None if why is None else _refusal(uid, label, why)
        moved = (uid, label)
        staying = set(self.units)
        stuck = self._close(staying, list(self.movers), moved, {})
        why = overstack(pos, label, self.held(label, staying, moved))
        if why is not None:
            return _refusal(uid, label, why)
        for here in _hexes(pos, stuck):
            why = overstack(pos, here, self.held(here, staying, moved))
            if why is not None:
                names = ", ".join(sorted(u for u in stuck if pos.location(u) == here))
                return Refusal(f"{uid} in {label} would leave {names} no hex to move to, and {here} "
                               f"overstacked: {why.message}", why.rule)
        return None


def _refusal(uid: str, label: str, why: Refusal) -> Refusal:
    return Refusal(f"{uid} would overstack {label} with units that may not move away: {why.message}",
                   why.rule)


def _hexes(pos: Position, units: Iterable[str]) -> list[str]:
    return sorted({pos.location(u) for u in units})
