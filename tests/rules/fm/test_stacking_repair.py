"""F&M 5.3 (house rule) against an exhaustive search: a move may end beyond the stacking limit
exactly when, after it, the units that have not moved can still each stay or move once so that every
hex ends within the limit (`ending.Repair` answers it by a search that prunes; here every way is
tried). Positions on the test map with blue units crowded into a few hexes, some already moved,
red units' zones of control in the way, and one hex of movement each, so that the ways are few
enough to try them all."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from tests.rules.fm.helpers import load, position
from tui_wargame.model import Event, State, fold
from tui_wargame.rules.fm.ending import beyond_repair, exits
from tui_wargame.rules.fm.movement import paths, why_not_move
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack

EXTRA = "".join(f'[[unit]]\nid = "{uid}"\nname = "Blue {uid}"\nside = "blue"\nkind = "infantry"\n'
                f'formation = "{formation}"\nfactors = [{{ attack = 2, defence = 2, move = 1 }}]\n'
                f'start = "0703"\n\n' for uid, formation in (("c1", "C"), ("c2", "C"), ("a3", "A")))
SCENARIO = load(edit={
    "move = 3 }": "move = 1 }",  # b1, b2, b3: one hex a move
    'move = 6 }]\nstart = "0703"': 'move = 1 }]\nstart = "0703"',  # b4 too
    'B = "B Group"': 'B = "B Group"\nC = "C Group"',
    '[[unit]]\nid = "rm4"': EXTRA + '[[unit]]\nid = "rm4"',
})
BLUE = ("b1", "b2", "b3", "b4", "c1", "c2", "a3")
CROWD = ("0302", "0303", "0402", "0403", "0304", "0204")  # a town and a marsh among them
RED = ("0201", "0501", "0502", "0503", "0404", "0305")


def ends_within_limits(pos: Position, mover: str, to: str) -> bool:
    """After `mover`'s move to `to`, whether some way of the other blue units that may still move
    (each staying, or moving once to a hex its movement reaches) leaves every hex within the limit."""
    others = [u for u in BLUE if u != mover and why_not_move(pos, u) is None]
    where = {u: pos.location(u) for u in BLUE}
    where[mover] = to
    choices = [[where[u], *dict.fromkeys(h for h in exits(pos, u) if h != where[u])] for u in others]
    for way in product(*choices):
        final = {**where, **dict(zip(others, way))}
        hexes: dict[str, list[str]] = {}
        for u, h in final.items():
            hexes.setdefault(h, []).append(u)
        if all(overstack(pos, h, units) is None for h, units in hexes.items()):
            return True
    return False


@given(st.lists(st.sampled_from(CROWD), min_size=len(BLUE), max_size=len(BLUE)),
       st.lists(st.booleans(), min_size=len(BLUE), max_size=len(BLUE)),
       st.sets(st.sampled_from(RED), max_size=2))
def test_5_3_a_move_is_refused_exactly_when_no_way_to_end_the_phase_is_left(
        hexes: list[str], moved: list[bool], reds: set[str]) -> None:
    state: State = position(SCENARIO, {**dict(zip(BLUE, hexes)), **dict(zip(("r1", "r2"), sorted(reds)))},
                            active="blue")
    state = fold(state, [Event.of("unit_flagged", unit=u, flag="moved", scope="phase")
                         for u, m in zip(BLUE, moved) if m])
    pos = Position(SCENARIO, state)
    for uid in BLUE:
        if why_not_move(pos, uid) is None:
            for to in paths(pos, uid, pos.location(uid)):
                refusal = beyond_repair(pos, uid, to)
                assert (refusal is None) == ends_within_limits(pos, uid, to), (uid, to, refusal)
                if refusal is not None:
                    assert refusal.rule == "F&M 5.3" and uid in str(refusal)
