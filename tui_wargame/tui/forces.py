"""Where a side's forces are that matter now: the hexes a view opens on at a phase start.

Its units that may act (named in a legal order: `Capabilities.actors`) come first, else all its
units on the map;
the first hex is the one of these nearest an enemy the side can see (the front, not a rear
depot), or, with no enemy in sight, the one nearest their middle.
"""

from __future__ import annotations

from collections.abc import Collection

from tui_wargame.engine import Game
from tui_wargame.model import State


def forces(game: Game, state: State, side: str, *, concealed: Collection[str] = (),
           actors: Collection[str] = ()) -> list[str]:
    """The hexes of `side`'s units to show, the one to centre on first. `actors`: the units named
    in an order the side may give now (none when another side acts); `concealed`: the units `side`
    cannot see."""
    sc = game.scenario
    grid = sc.grid
    on_map = {uid: u.location for uid, u in state.units.items() if grid.on_map(u.location)}
    own = {uid: h for uid, h in on_map.items() if sc.unit[uid].side == side}
    if not own:
        return []
    hexes = sorted({h for uid, h in own.items() if uid in actors} or set(own.values()))
    enemy = sorted({h for uid, h in on_map.items() if sc.unit[uid].side != side and uid not in concealed})
    at = {h: grid.layout(h) for h in hexes}
    mx = sum(x for x, _ in at.values()) / len(at)
    my = sum(y for _, y in at.values()) / len(at)

    def rank(h: str) -> tuple[int, float, str]:
        front = min((grid.distance(h, e) for e in enemy), default=0)
        return front, (at[h][0] - mx) ** 2 + ((at[h][1] - my) / 2) ** 2, h

    first = min(hexes, key=rank)
    return [first, *(h for h in hexes if h != first)]
