"""The movement phase seen from the combat phase that follows it (F&M 5.0, then 7.0-7.6).

A one-order-at-a-time search moves each unit where the position looks best now, so force arrives
beside a strong enemy stack one unit at a time and each waits there, exposed, for the next. A
player plans the other way round: which enemy stacks can this turn's movement bring enough force
against, and which units go to which hexes beside them. `assaults` makes that plan from the
position as it stands, so it is made again after every move (the same position always gives the
same plan), and the units already moved beside a target count towards its attack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tui_wargame.frozen import frozen
from tui_wargame.model import Event, Order, State, fold
from tui_wargame.rules.fm import combat
from tui_wargame.rules.fm.combat import column_index
from tui_wargame.rules.fm.stacking import overstack
from tui_wargame.rules.fm.victory import held_by

if TYPE_CHECKING:
    from tui_wargame.players.fm import Assessor
    from tui_wargame.players.view import SideView
    from tui_wargame.rules.fm.position import Position

#: Orders that move a unit from its hex to the last hex they name, as far as an assault goes.
ASSAULT_MOVES = ("move", "enter")
MOST_MOVERS = 6  # units brought against one target, at most, beside those already there


@frozen
class Assault:
    """One planned attack: its target, the moves still to make for it (unit, order), every
    attacker (those beside it already included), and its expected gain and column (F&M 7.2-7.6,
    as `Assessor.attack` reckons them)."""

    target: str
    moves: tuple[tuple[str, Order], ...]
    attackers: tuple[str, ...]
    gain: float
    column: str


def _defence_rank(pos: Position, label: str, side: str) -> int:
    """How well `label` shelters `side` (F&M 6.0 rows): the column a level attack on it is read in;
    lower is safer."""
    eff = pos.terrain(label)
    row = eff.row_by_side.get(side, eff.row)
    return column_index(pos.rules.crt.rows[row], 0) if row else len(pos.rules.crt.columns)


def _destinations(view: SideView, pos: Position) -> dict[str, dict[str, Order]]:
    """Each unit that may still move, with the hexes it may end in and the shortest order there."""
    found: dict[str, dict[str, Order]] = {}
    for o in view.orders:
        if o.verb in ASSAULT_MOVES and len(o.args) >= 2:
            here = found.setdefault(o.args[0], {})
            known = here.get(o.args[-1])
            if known is None or len(o.args) < len(known.args):
                here[o.args[-1]] = o
    return found


def _holds(pos: Position, uid: str, side: str) -> bool:
    """Whether `uid` is the last of `side` on a victory hex its side holds (Suez/Gaza 12.4): it stays."""
    here = pos.location(uid)
    vp = any(p.hex == here and p.vp for p in pos.scenario.map.place)
    return vp and held_by(pos, here) == side and len(pos.units_in(here)) == 1


def _moved_to(state: State, moves: Sequence[tuple[str, Order]]) -> State:
    """`state` with each unit put on its order's last hex (F&M 5.0), as the shortcut folds a move."""
    if not moves:
        return state
    return fold(state, [Event.of("unit_moved", unit=uid, path=[o.args[-1]], cost="0") for uid, o in moves])


def _one(view: SideView, ass: Assessor, target: str, free: dict[str, dict[str, Order]],
         taken: set[str], assess: Callable[[State], Assessor]) -> Assault | None:
    """The best attack on `target` this movement can make: the stacks beside it now (in hexes no
    other assault uses), then the strongest free units one at a time, each to the hex beside it
    that shelters it best with room to stack; the number of them that gains most, the fewest of
    near-equals (F&M 7.2: least force for the column). Each retreat is checked for a path (F&M
    7.7) with the units where they would stand: a target they surround is worth more."""
    pos, side = ass.pos, ass.side
    beside = [h for h in pos.scenario.grid.adjacent(target)
              if h not in taken and pos.occupant(h) != ass.enemy
              and not combat.combat_blocked(pos, h, target)]
    if not beside:
        return None
    there = [u for h in beside if pos.occupant(h) == side for u in pos.units_in(h)]
    movers = sorted((u for u, dests in free.items() if u not in there and any(h in dests for h in beside)),
                    key=lambda u: (-pos.factor(u, "attack"), u))
    shelter = sorted(beside, key=lambda h: (_defence_rank(pos, h, side), h))
    placed: dict[str, list[str]] = {h: list(pos.units_in(h)) if pos.occupant(h) == side else []
                                    for h in beside}
    moves: list[tuple[str, Order]] = []
    best: Assault | None = None
    if there:
        gain, _, column = ass.attack(target, there)
        best = Assault(target, (), tuple(there), gain, column)
    for uid in movers[:MOST_MOVERS]:
        hexes = [h for h in shelter if h in free[uid] and overstack(pos, h, [*placed[h], uid]) is None]
        if not hexes:
            continue
        placed[hexes[0]].append(uid)
        moves.append((uid, free[uid][hexes[0]]))
        attackers = [*there, *(u for u, _ in moves)]
        gain, _, column = assess(_moved_to(pos.state, moves)).attack(target, attackers)
        view.work += 1
        if best is None or gain > best.gain + 0.25:
            best = Assault(target, tuple(moves), tuple(attackers), gain, column)
    return best


def assaults(view: SideView, ass: Assessor, least: float,
             assess: Callable[[State], Assessor]) -> list[Assault]:
    """This movement's assaults, best first: each enemy stack's best attack (`_one`) of expected
    gain `least` or more, the best taken and its units and hexes spent, the rest planned again
    without them, until no target is worth it."""
    pos, side = ass.pos, ass.side
    free = {u: d for u, d in _destinations(view, pos).items() if not _holds(pos, u, side)}
    targets = sorted(pos.held_by(ass.enemy))
    adjacent = pos.scenario.grid.adjacent
    taken: set[str] = set()
    plan: list[Assault] = []
    known: dict[str, Assault | None] = {}  # each target's best, until a taken unit or hex touches it
    while targets:
        for t in targets:
            if t not in known:
                known[t] = _one(view, ass, t, free, taken, assess)
        rated = [a for t in targets if (a := known[t]) is not None and a.gain >= least]
        if not rated:
            break
        chosen = max(rated, key=lambda a: (a.gain, a.target))
        plan.append(chosen)
        targets.remove(chosen.target)
        reached = {h for uid, _ in chosen.moves for h in free.pop(uid)}  # where the spent units could go
        hexes = {order.args[-1] for _, order in chosen.moves} | {pos.location(u) for u in chosen.attackers}
        taken |= hexes
        # plan again only the targets beside which a taken unit could go, or a hex was taken
        for t in targets:
            if not (hexes | reached).isdisjoint(adjacent(t)):
                known.pop(t, None)
    return plan
