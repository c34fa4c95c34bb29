"""F&M 5.0 with 5.3 (house rule): where a move may end.

Units need only be within the stacking limit when the movement phase ends (5.3), so a move may end
beyond it, but only where the phase can still end without taking a move back: the hexes beyond the
limit after it can all be put right by units that have not moved yet, each moving once to a hex
its movement reaches (`Repair`). A move (and a rail move, Suez 16.0, Gaza 15.0) is refused only
when no such way is left. Asking each unit alone for a way out is not enough: two units of one hex
could both count on the last place in another (Suez 17.1: a unit of another division had moved in
beside two brigades, so both had to leave; found by the computer player's benchmark, 3 December
2026).
"""

from __future__ import annotations

from collections.abc import Iterator
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
    repair = pos.ending_cache.get(side)
    if repair is None:
        repair = pos.ending_cache[side] = Repair(pos, side)
    return repair.refusal(uid, label)


class Repair:
    """One side's hexes beyond the limit in one Position, and whether a move leaves them mendable."""

    def __init__(self, pos: Position, side: str) -> None:
        self.pos = pos
        self.side = side
        self._exits: dict[str, list[str]] = {}

    @cached_property
    def crowded(self) -> frozenset[str]:
        """The side's hexes beyond the limit now: only these, and a move's own end, could be left
        beyond repair by a move."""
        return frozenset(overstacked_hexes(self.pos, self.side))

    def exits(self, uid: str) -> list[str]:
        """The hexes other than its own `uid`'s movement reaches (F&M 5.0), those beside it first."""
        if uid not in self._exits:
            here = self.pos.location(uid)
            self._exits[uid] = [h for h in dict.fromkeys(exits(self.pos, uid)) if h != here]
        return self._exits[uid]

    def refusal(self, uid: str, label: str) -> Refusal | None:
        """Why `uid` may not end its move in `label`: after it, some hex beyond the limit could not
        be put right by the units that have not moved; or None."""
        pos = self.pos
        crowded = [h for h in self.crowded if overstack(pos, h, [u for u in pos.units_in(h) if u != uid])]
        there = pos.units_in(label)
        why = overstack(pos, label, [*there, uid])
        if not crowded and (why is None or not any(why_not_move(pos, u) is None for u in there)):
            # no other stack breaks the limit after this move, and none of this one could leave:
            # the quick answer, and the usual
            return None if why is None else _refusal(uid, label, why)
        way = self._as_it_stands
        if way is not None and why is None and label not in way and pos.location(uid) not in way:
            return None  # the way found before the move stays open: it neither uses nor fills its hexes
        stacks = {h: [u for u in pos.units_in(h) if u != uid] for h in {*crowded, label}}
        stacks[label].append(uid)
        beyond = sorted(h for h, units in stacks.items() if overstack(pos, h, units))
        beyond.sort(key=lambda h: (h != label, h))  # the hex the move fills first: most often at fault
        leaving = [u for h in beyond for u in stacks[h] if u != uid and u in self.movers and self.exits(u)]
        if self._mendable(uid, stacks, beyond, leaving) is not None:
            return None
        here = label if label in beyond else beyond[0]
        problem = overstack(pos, here, stacks[here])
        assert problem is not None
        out = [u for u in stacks[here] if u in leaving]
        if not out:
            return _refusal(uid, label, problem)
        where = f"would overstack {label}" if here == label else f"in {label} would leave {here} overstacked"
        names = " and ".join([", ".join(out[:-1]), out[-1]] if len(out) > 1 else out)
        return Refusal(f"{uid} {where} ({problem.message}): {names} could not "
                       f"{'all ' if len(out) > 2 else 'both ' if len(out) == 2 else ''}move out to hexes "
                       f"with room", problem.rule)

    @cached_property
    def movers(self) -> frozenset[str]:
        """The side's units that may still move this phase (F&M 5.0)."""
        return frozenset(u for u in self.pos.on_map_units(self.side) if why_not_move(self.pos, u) is None)

    @cached_property
    def _as_it_stands(self) -> frozenset[str] | None:
        """The hexes of a way to end the phase in the position as it stands (`_mendable`), or None:
        a move that leaves them as they are and ends within the limit keeps that way open."""
        beyond = sorted(self.crowded)
        stacks = {h: list(self.pos.units_in(h)) for h in beyond}
        leaving = [u for h in beyond for u in stacks[h] if u in self.movers and self.exits(u)]
        return self._mendable(None, stacks, beyond, leaving)

    def _mendable(self, uid: str | None, stacks: dict[str, list[str]], beyond: list[str],
                  leaving: list[str]) -> frozenset[str] | None:
        """Whether, after `uid`'s move (`stacks`: the hexes it changes), the units `leaving` (those
        of the hexes `beyond` the limit that may still move) can each stay or go to one of their
        exits so that every hex is within the limit: a depth-first search, hex by hex. A hex they
        fill beyond the limit brings its own units that may still move into the search, to make
        room. Of the hexes none of our units holds, a unit is offered only as many as there are
        units that may move: a unit alone is always within the limit, so more are never needed.
        The hexes of the way found (where its units stand and where they go), or None."""
        pos = self.pos
        content = {h: list(units) for h, units in stacks.items()}

        def units_in(label: str) -> list[str]:
            return content.setdefault(label, [u for u in pos.units_in(label) if u != uid])

        def may_leave(u: str) -> bool:
            return u != uid and u in self.movers and bool(self.exits(u))

        searched = set(leaving)
        if any(overstack(pos, h, [u for u in stacks[h] if u not in searched]) for h in beyond):
            return None  # the units that must stay there are beyond the limit by themselves
        queue = list(leaving)
        went: dict[str, str] = {}  # where each unit placed goes (or stays)
        remaining = {h: sum(pos.location(u) == h for u in leaving) for h in beyond}

        def options(u: str) -> list[str]:
            exits = self.exits(u)
            empty = [h for h in exits if not units_in(h)][: len(self.movers)]
            return [pos.location(u), *empty, *(h for h in exits if units_in(h))]  # alone first: no chain

        def place(i: int) -> bool:
            if i == len(queue):
                return True
            u = queue[i]
            home = pos.location(u)
            content[home].remove(u)
            remaining[home] -= 1
            for to in options(u):
                went[u] = to
                units = units_in(to)
                units.append(u)
                pulled: list[str] = []
                if to != home and not remaining.get(to) and overstack(pos, to, units):
                    # room may be made by the hex's own units that may still move
                    pulled = [x for x in units if x != u and x not in searched and may_leave(x)]
                    if pulled and overstack(pos, to, [x for x in units if x not in pulled]):
                        pulled = []
                    if pulled:  # none of them was in the search, so neither was their hex
                        queue.extend(pulled)
                        searched.update(pulled)
                        remaining[to] = len(pulled)
                # a hex is judged once none of the units still to place can leave it; adding a unit
                # never brings a hex back within the limit, so one beyond it then stays beyond it
                fits = (remaining[home] or overstack(pos, home, content[home]) is None) and \
                    (to == home or remaining.get(to) or overstack(pos, to, units) is None)
                if fits and place(i + 1):
                    return True
                if pulled:
                    del queue[-len(pulled):]
                    searched.difference_update(pulled)
                    del remaining[to]
                units.remove(u)
            del went[u]
            content[home].append(u)
            remaining[home] += 1
            return False

        if not place(0):
            return None
        return frozenset({pos.location(u) for u in queue} | set(went.values()))


def _refusal(uid: str, label: str, why: Refusal) -> Refusal:
    return Refusal(f"{uid} would overstack {label} with units that may not move away: {why.message}",
                   why.rule)

