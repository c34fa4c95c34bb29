"""How tests/games/utah1944.txt was made: a plain scripted player for both sides plays a whole
game of Utah Beach, 6 June 1944 (Foxhole) with a fixed seed, and the orders it gave are written
one a line.

    python -m tests.games.record_utah1944 > tests/games/utah1944.txt

The test (test_utah1944_game.py) does not run this player: it plays the recorded orders and
checks the landing, the fighting for the beach, the verdict, the save, the replay and `verify`.

The player follows the historical plan and nothing cleverer. The Allies keep the Dawn Briefing's
plan (every Sortie in the Morning), trace supply with every unit that can, put the B-26s and
the Nevada on WN5 and the cruisers on the Exit 3 strongpoint, and march each unit on the nearest
of the enemies on the coast (sectors NE and SE) and the causeways' inland ends not yet theirs;
they Assault a hex when two or more units are next to it, else Fight it; in the Vehicle Assault
Phase a Vehicle assaults alone a hex its Defence outweighs. The Axis hold
their ground: they trace supply, barrage the most crowded beach hex, Fight every hex of enemies
next to them, and march the Fallschirmjäger to Houdienville. A retreat goes where the units
leaving the hex with it may go too, and then to the nearest hex it may (both sides keep together
and give up as little ground as they can); other decisions take the first answer.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Order
from tui_wargame.rules.foxhole import engagement, seizure
from tui_wargame.rules.foxhole.position import Position

SEED = 26
ROOT = Path(__file__).parents[2]
COAST = ("NE", "SE")  # the victory's sectors (docs/scenarios/utah1944.md)
INLAND_ENDS = ("A-0706", "A-0710", "A-0703")  # Houdienville, Pouppeville, Exit 3's inland end
ENDING = ("end", "pass", "done")


def give(game: Game, orders: list[str], text: str) -> None:
    game.submit(text)
    orders.append(text)


def coast_enemies(pos: Position) -> list[str]:
    """Hexes of the coast's sectors holding Axis units (what the Allies must clear first)."""
    grid = pos.scenario.grid
    return sorted({pos.location(u) for u in pos.units_of("axis") if pos.on_map(u)
                   and grid.sectors(pos.location(u)) & set(COAST)})


def goal_of(pos: Position, uid: str) -> str | None:
    """Where a unit heads: the nearest Axis hex on the coast or causeway inland end not yet held
    (Allies); Houdienville for the Fallschirmjäger; nowhere for the other Axis units."""
    here = pos.location(uid)
    if pos.side_of(uid) == "axis":
        return "A-0706" if uid == "FJ6" else None
    open_ends = [h for h in INLAND_ENDS if not pos.units_in(h, "allied")]
    targets = coast_enemies(pos) + open_ends or list(INLAND_ENDS)
    return min(targets, key=lambda h: (pos.distance(here, h), h))


def move_phase(game: Game, orders: list[str]) -> None:
    """Each unit not next to an enemy takes the listed move that brings it nearest its goal."""
    side = game.state.active
    moved: set[str] = set()
    while True:
        pos = Position(game.scenario, game.state)
        best: tuple[tuple[int, int], Order] | None = None
        for order in game.legal_orders():
            if order.verb != "move" or order.args[0] in moved:
                continue
            uid, dest = order.args[0], order.args[-1]
            here = pos.location(uid)
            goal = goal_of(pos, uid)
            if goal is None or pos.enemy_adjacent(here, side):
                continue
            if pos.distance(dest, goal) >= pos.distance(here, goal):
                continue
            score = (pos.distance(dest, goal), len(order.args))
            if best is None or score < best[0]:
                best = (score, order)
        if best is None:
            break
        moved.add(best[1].args[0])
        give(game, orders, str(best[1]))
    give(game, orders, "end")


def barrage_phase(game: Game, orders: list[str]) -> None:
    """The Allies' Sorties on WN5 and the Exit 3 strongpoint; the Axis's guns on the most crowded
    Allied hex they reach; then pass until the phase ends."""
    while not game.state.over and game.state.phase == "barrage":
        answer_all(game, orders)
        legal = game.legal_orders()
        pos = Position(game.scenario, game.state)
        texts = [str(o) for o in legal]
        barrages = [o for o in legal if o.verb == "barrage"]
        pick = None
        allied = any(s in ("b26", "nevada", "cruisers") for o in barrages for s in o.args[1:])
        if barrages and allied:
            pick = next((t for t in ("barrage A-1006 b26 nevada", "barrage A-1003 cruisers")
                         if _accepts(game, t)), None)
        elif barrages:
            def crowd(o: Order) -> tuple[int, str]:
                return (len(pos.units_in(o.args[0], "allied")), o.args[0])  # noqa: B023 (called at once)
            top = max(barrages, key=crowd)
            pick = str(top) if crowd(top)[0] >= 2 else None
        if pick is None:
            pick = next(t for t in texts if t.split()[0] in ENDING)
        give(game, orders, pick)
        if pick == "end":
            break


def _accepts(game: Game, text: str) -> bool:
    """Whether an order would be accepted now (tried on a branch, the game untouched)."""
    branch = game.branch(game.seq)
    try:
        branch.submit(text)
    except Exception:  # noqa: BLE001 - any refusal means "not now"
        return False
    return True


def combat_phase(game: Game, orders: list[str], verb_filter: tuple[str, ...]) -> None:
    """Assault (Allies, three or more units next to the hex) or Fight each listed hex once."""
    side = game.state.active
    done: set[str] = set()
    while not game.state.over and game.state.active == side and game.state.phase in verb_filter:
        answer_all(game, orders)
        if game.state.over or game.state.active != side or game.state.phase not in verb_filter:
            break
        legal = [o for o in game.legal_orders() if o.verb in ("assault", "fight") and o.args[0] not in done]
        pick = None
        for order in legal:
            units = order.args[1:]
            wants = "assault" if side == "allied" and len(units) >= 2 else "fight"
            if game.state.phase == "vehicle-assault":
                wants = "assault" if len(units) >= 2 or outweighs(game, order) else ""
            if order.verb == wants:
                pick = order
                break
        if pick is None:
            legal_now = [str(o) for o in game.legal_orders()]  # an Ambush owed leaves no `end` (R20.B)
            give(game, orders, next((t for t in legal_now if t.split()[0] in ENDING), legal_now[0]))
            continue
        done.add(pick.args[0])
        give(game, orders, str(pick))


def outweighs(game: Game, order: Order) -> bool:
    """Whether the Vehicles' Defence beats the hex's, so that they would seize it (R22.C.6)."""
    pos = Position(game.scenario, game.state)
    enemy = pos.enemy(game.state.active)
    held = pos.units_in(order.args[0], enemy)
    return seizure.strength(pos, order.args[1:], False) > seizure.strength(pos, held, True)


def answer_all(game: Game, orders: list[str]) -> None:
    while game.state.pending is not None and not game.state.over:
        legal = [o for o in game.legal_orders() if o.verb != "undo"]
        retreats = [o for o in legal if o.verb == "retreat"]
        if retreats:
            give(game, orders, str(min(retreats, key=lambda o: shortest(game, o))))
            continue
        texts = [str(o) for o in legal]
        give(game, orders, "done" if "done" in texts else texts[0])


def shortest(game: Game, order: Order) -> tuple[bool, int, str]:
    """A retreat keeps the units leaving one hex together where the others may go too, and gives
    up as little ground as it may (R20.C.9 lets it go farther): the hex nearest the one it leaves,
    then the first by label."""
    pos = Position(game.scenario, game.state)
    eng = engagement.current(pos)
    exempt = [*eng["attackers"], *eng["defenders"]]
    _, origin = eng["retreat"][0]
    others = [u for u, there in eng["retreat"][1:] if there == origin]
    apart = any(order.args[1] not in seizure.retreat_hexes(pos, u, origin, exempt) for u in others)
    return (apart, pos.distance(origin, order.args[1]), order.args[1])


def simple_phase(game: Game, orders: list[str], verbs: tuple[str, ...]) -> None:
    """Give every listed order of `verbs` (one per unit), then end."""
    given: set[str] = set()
    while True:
        answer_all(game, orders)
        legal = [o for o in game.legal_orders() if o.verb in verbs and o.args[0] not in given]
        if not legal:
            break
        given.add(legal[0].args[0])
        give(game, orders, str(legal[0]))
    give(game, orders, next(str(o) for o in game.legal_orders() if o.verb in ENDING))


def play() -> tuple[list[str], Game]:
    scenario = scenario_file.load(ROOT / "scenarios" / "utah1944.toml")
    path = Path(tempfile.mkdtemp()) / "utah.toml"
    game = Game.new(scenario, path, seed=SEED)
    orders: list[str] = []
    while not game.state.over:
        answer_all(game, orders)
        if game.state.over:
            break
        phase = game.state.phase
        if phase == "supply-movement":
            simple_phase(game, orders, ("trace",))
        elif phase == "transport":
            simple_phase(game, orders, ("enter",))
        elif phase == "barrage":
            barrage_phase(game, orders)
        elif phase in ("activities-movement", "motorized-movement"):
            move_phase(game, orders)
        elif phase in ("combat", "vehicle-assault"):
            combat_phase(game, orders, (phase,))
        else:
            give(game, orders, next(str(o) for o in game.legal_orders() if o.verb in ENDING))
    return orders, game


def main() -> None:
    orders, game = play()
    result = game.state.result
    assert result is not None
    print(f"# A complete game of Utah Beach, 6 June 1944, seed {SEED}, "
          f"made by tests/games/record_utah1944.py.")
    print(f"# Verdict: {result.winner or 'draw'} {result.level}: {result.reason}")
    print("# One order a line, decisions included. Played by test_utah1944_game.py.")
    for order in orders:
        print(order)
    print(f"{len(orders)} orders", file=sys.stderr)


if __name__ == "__main__":
    main()
