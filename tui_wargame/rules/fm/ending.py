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
    """One side's hexes beyond the limit in one Position, and whether a move leaves a way to put
    them right."""

    def __init__(self, pos: Position, side: str) -> None:
        self.pos = pos
        self.side = side
        self._exits: dict[str, list[str]] = {}
        self._alone: dict[str, frozenset[str] | None] = {}  # each crowded hex's way, asked alone

    @cached_property
    def crowded(self) -> frozenset[str]:
        """The side's hexes beyond the limit now: only these, and a move's own end, could be left
        beyond repair by a move."""
        return frozenset(overstacked_hexes(self.pos, self.side))

    @cached_property
    def movers(self) -> frozenset[str]:
        """The side's units that may still move this phase (F&M 5.0)."""
        return frozenset(u for u in self.pos.on_map_units(self.side) if why_not_move(self.pos, u) is None)

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
        origin = pos.location(uid)
        crowded = [h for h in self.crowded
                   if h != origin or overstack(pos, h, [u for u in pos.units_in(h) if u != uid])]
        there = pos.units_in(label)
        why = overstack(pos, label, [*there, uid])
        if not crowded and (why is None or not any(why_not_move(pos, u) is None for u in there)):
            # no other stack breaks the limit after this move, and none of this one could leave:
            # the quick answer, and the usual
            return None if why is None else _refusal(uid, f"would overstack {label}", why)
        way = self._as_it_stands
        if way is not None and why is None and label not in way and origin not in way:
            return None  # the way found before the move stays open: it neither uses nor fills its hexes
        stacks = {h: [u for u in pos.units_in(h) if u != uid] for h in {*crowded, label}}
        stacks[label].append(uid)
        beyond = sorted({*crowded, label} if why else crowded, key=lambda h: (h != label, h))
        found, failing = self._way_out(uid, stacks, beyond, frozenset({label, origin}))
        if found is not None:
            return None
        assert failing is not None
        problem = overstack(pos, failing, stacks[failing])
        assert problem is not None
        where = f"would overstack {label}" if failing == label else \
            f"in {label} would leave {failing} overstacked"
        out = [u for u in stacks[failing] if self._may_leave(u, uid)]
        if not out:
            return _refusal(uid, where, problem)
        names = " and ".join([", ".join(out[:-1]), out[-1]] if len(out) > 1 else out)
        could = "could not all" if len(out) > 2 else "could not both" if len(out) == 2 else "could not"
        return Refusal(f"{uid} {where}: {names} {could} find room elsewhere ({problem.message})",
                       problem.rule)

    @cached_property
    def _as_it_stands(self) -> frozenset[str] | None:
        """The hexes of a way to end the phase in the position as it stands (`_way_out`), or None:
        a move that leaves them as they are and ends within the limit keeps that way open."""
        stacks = {h: list(self.pos.units_in(h)) for h in self.crowded}
        return self._way_out(None, stacks, sorted(self.crowded))[0]

    def _may_leave(self, u: str, uid: str | None) -> bool:
        """Whether `u` can still move out of its hex, `uid` having moved: it may move and has a hex
        to go to."""
        return u != uid and u in self.movers and bool(self.exits(u))

    def _way_out(self, uid: str | None, stacks: dict[str, list[str]], beyond: list[str],
                 touched: frozenset[str] = frozenset()) -> tuple[frozenset[str] | None, str | None]:
        """After `uid`'s move (`stacks`: the hexes it changes, with their units; `touched`: the hexes
        it leaves and fills), a way to put every hex `beyond` the limit right (the hexes its units
        stand in and go to), or None and a hex that cannot be. Each hex is asked alone first (a
        way found before the move that the move does not touch still serves): its failing refuses
        the move at once, the whole being no easier, and ways that share no hex make one. So does
        the way found before the move with those of the hexes the move put beyond the limit, where
        they share none. Only where they share hexes are the hexes searched together."""
        ways = []
        for h in beyond:
            kept = self._alone.get(h) if uid is not None and h not in touched else None
            way = kept if kept is not None and kept.isdisjoint(touched) else self._search(uid, stacks, [h])
            if uid is None:
                self._alone[h] = way
            if way is None:
                return None, h
            ways.append(way)
        if _apart(ways):
            return frozenset().union(*ways), None
        before = self._as_it_stands if uid is not None else None
        if before is not None and before.isdisjoint(touched):  # every hex beyond the limit before is in it
            found = self._one_by_one(uid, stacks, [h for h in beyond if h not in self.crowded], before)
            if found is not None:
                return found, None
        # the hexes whose units have fewest ways out first: they need the room most
        tightest = sorted(beyond, key=lambda h: (sum(len(self.exits(u)) for u in stacks[h]
                                                     if self._may_leave(u, uid)), h))
        found = self._one_by_one(uid, stacks, tightest, frozenset())
        if found is not None:
            return found, None
        return self._search(uid, stacks, beyond), beyond[0]

    def _one_by_one(self, uid: str | None, stacks: dict[str, list[str]], beyond: list[str],
                    taken: frozenset[str]) -> frozenset[str] | None:
        """A way for the hexes `beyond`, found one hex at a time, each kept off the hexes of the
        ways found before it (and of `taken`): quick where the search of them all together would
        try every way of the first hexes before learning that a later one needs their room; None
        where this finds none, which the search together may still find."""
        for h in beyond:
            way = self._search(uid, stacks, [h], taken)
            if way is None:
                return None
            taken |= way
        return taken

    def _search(self, uid: str | None, stacks: dict[str, list[str]], beyond: list[str],
                avoid: frozenset[str] = frozenset()) -> frozenset[str] | None:
        """A depth-first search for a way to put the hexes `beyond` right, after `uid`'s move
        (`stacks`): their units that may still move each stay or go to one of their exits, hex by
        hex. A hex they fill beyond the limit brings its own units that may still move into the
        search, to make room. Of the hexes none of our units holds, a unit is offered only as many
        as there are units that may move: a unit alone is always within the limit, so more are
        never needed, and they are offered first (they start no chain). No unit goes to a hex of
        `avoid`. The hexes of the way found (where its units stand and where they go), or None."""
        pos = self.pos
        content = {h: list(units) for h, units in stacks.items()}

        def units_in(label: str) -> list[str]:
            return content.setdefault(label, [u for u in pos.units_in(label) if u != uid])

        queue = [u for h in beyond for u in stacks[h] if self._may_leave(u, uid)]
        searched, unplaced, judged = set(queue), set(queue), set(beyond)
        went: dict[str, str] = {}  # where each unit placed goes (or stays)

        def fits(label: str) -> bool:
            """Whether the units of `label` that are there to stay are within the limit: adding a
            unit never brings a hex back within it, so one beyond it now stays beyond it."""
            return overstack(pos, label, [x for x in content[label] if x not in unplaced]) is None

        if not all(map(fits, beyond)):
            return None  # the units that must stay there are beyond the limit by themselves

        def options(u: str) -> Iterator[str]:
            yield pos.location(u)
            room = len(self.movers)
            for h in self.exits(u):
                if room and h not in avoid and not units_in(h):
                    room -= 1
                    yield h
            yield from (h for h in self.exits(u) if h not in avoid and units_in(h))

        def place(i: int) -> bool:
            if i == len(queue):
                return True
            u = queue[i]
            home = pos.location(u)
            content[home].remove(u)
            unplaced.discard(u)
            for to in options(u):
                went[u] = to
                units = units_in(to)
                units.append(u)
                joined = to not in judged and overstack(pos, to, units) is not None
                pulled: list[str] = []
                if joined:
                    # room may be made by the hex's own units that may still move: none of them was
                    # in the search yet, so neither was their hex
                    pulled = [x for x in units if x not in searched and self._may_leave(x, uid)]
                    queue.extend(pulled)
                    searched.update(pulled)
                    unplaced.update(pulled)
                    judged.add(to)
                if fits(home) and (to == home or fits(to)) and place(i + 1):
                    return True
                if joined:
                    del queue[len(queue) - len(pulled):]
                    searched.difference_update(pulled)
                    unplaced.difference_update(pulled)
                    judged.discard(to)
                units.remove(u)
            del went[u]
            content[home].append(u)
            unplaced.add(u)
            return False

        if not place(0):
            return None
        return frozenset({pos.location(u) for u in queue} | set(went.values()))


def _refusal(uid: str, where: str, why: Refusal) -> Refusal:
    """`uid`'s move refused `where` ("would overstack 2031") by units that cannot leave the hex."""
    return Refusal(f"{uid} {where} with units that may not move away: {why.message}", why.rule)


def _apart(ways: list[frozenset[str]]) -> bool:
    """Whether no two of `ways` share a hex: together they are a way."""
    return sum(map(len, ways)) == len(frozenset().union(*ways))
