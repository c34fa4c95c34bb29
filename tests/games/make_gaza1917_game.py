"""Write `gaza1917_game.txt` and `gaza1917_counterattack_game.txt`: complete games of Gaza 1917
chosen by a simple scripted player.

The script is not a test; it made the orders files that `test_gaza1917_game.py` replays, and can
make them again after a rules change: `python -m tests.games.make_gaza1917_game`.

The British player pushes the infantry at Gaza and the mounted divisions at the eastern victory
hexes, bombards what it attacks, attacks wherever its odds reach the seventh column, and charges
with the ANZMD on 18 April Morning and the IMD on 18 April Afternoon. The Central Powers player
brings on its reinforcements, sends one unit a turn by rail to the threatened end of the line,
in the counterattack game also attacks British units on victory hexes (and elsewhere at the
British odds) with Kress's help, and never bombards in defence. Every decision in combat takes
the first legal answer.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.rules.fm import SYSTEM, ending, movement
from tui_wargame.rules.fm.combat import declared, odds
from tui_wargame.rules.fm.fire_support import DEFENSIVE_FIRE
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
SCENARIO = scenario_file.load(ROOT / "scenarios" / "gaza1917.toml")
GAMES = {"gaza1917_game.txt": False, "gaza1917_counterattack_game.txt": True}  # file: CP counterattacks
SEED = 1917
GAZA = ("0913", "0914")
EAST = ("1607", "1706", "2103", "2101", "0702")
CHARGES = {"18m": "anzmd", "18a": "imd"}
GOOD_COLUMN = 6  # the British attack from the seventh column on
CP_COLUMN = 3  # the Central Powers counterattack a victory hex from the fourth column on


def objective(pos: Position, uid: str) -> list[str]:
    spec = pos.spec(uid)
    if pos.side_of(uid) == "br":
        return list(EAST) if spec.kind in ("mounted", "camel") else list(GAZA)
    return ["0913"] if spec.kind != "cavalry" else ["2103"]


def best_move(pos: Position, uid: str, start: str | None, entry: tuple[str, ...] = ()) -> list[str] | None:
    """The reachable hex nearest the unit's objective (ties: the cheaper, then the label), if nearer."""
    goals = objective(pos, uid)

    def gap(label: str) -> int:
        return min(pos.distance(label, g) for g in goals)

    found = ending.reach(pos, uid, start, entry)
    options = [(gap(h), cost, h, path) for h, (cost, path) in found.items()
               if overstack(pos, h, [*pos.units_in(h), uid]) is None]
    if not options:
        return None
    d, _, _, path = min(options, key=lambda o: (o[0], o[1], o[2]))
    if start is not None and d >= gap(start):
        return None
    return path


def movement_orders(game: Game) -> list[str]:
    pos = Position(game.scenario, game.state)
    side = game.state.active
    if side == "cp":
        rails = [o.text for o in game.legal_orders() if o.verb == "rail"]
        threatened = [o for o in rails if o.split()[2] in ("1902", "2101")
                      and game.state.units[o.split()[1]].location not in ("1902", "2101")]
        if threatened:
            return [threatened[0]]
    for uid in sorted(game.state.units):
        if movement.why_not_move(pos, uid) is not None:
            continue
        u = game.state.units[uid]
        holding = pos.on_map(uid) and (pos.terrain_id(u.location) in ("trench", "town")
                                or any(pos.occupant(n) == "br" for n in pos.neighbours(u.location)))
        if side == "cp" and holding:
            continue  # the Central Powers hold their line; the rest close up on Gaza
        if pos.on_map(uid):
            path = best_move(pos, uid, u.location)
            if path:
                return [f"move {uid} {' '.join(path)}"]
        else:
            entry = SYSTEM._entry(pos, uid)
            if entry:
                path = best_move(pos, uid, None, entry)
                if path:
                    return [f"enter {uid} {' '.join(path)}"]
    return ["end"]


def combat_orders(game: Game, counterattack: bool) -> list[str]:
    state = game.state
    pos = Position(game.scenario, state)
    legal = [o.text for o in game.legal_orders()]
    turn = game.scenario.turns[state.turn].id
    if state.active == "br" and f"charge {CHARGES.get(turn)}" in legal:
        return [f"charge {CHARGES[turn]}"]
    attacks = [o for o in game.legal_orders() if o.verb == "attack"]
    by_target: dict[str, list[str]] = {}
    for o in attacks:
        by_target.setdefault(o.args[0], []).append(o.args[1])
    for target, sources in sorted(by_target.items()):
        units = [u for s in sources for u in pos.units_in(s)]
        full = odds(pos, target, units)
        if state.active == "br":
            wanted = GOOD_COLUMN
        else:
            on_vp = any(p.hex == target and p.vp for p in game.scenario.map.place)
            wanted = CP_COLUMN if on_vp else GOOD_COLUMN
        if state.active == "cp" and not counterattack:
            continue
        if full["column_index"] >= wanted:
            return [f"attack {target} {s}" for s in sources]
    own = [o for o in legal if o.startswith("kress ")]
    if own:
        return [own[0]]
    bombards = {o.split()[1] for o in legal if o.startswith("bombard ")}
    for target in sorted(declared(pos)):
        if target in bombards:
            return [f"bombard {target}"]
    resolves = [o for o in legal if o.startswith("resolve ")]
    if resolves:
        return [resolves[0]]
    return ["end"]


def choose(game: Game, counterattack: bool) -> list[str]:
    state = game.state
    if state.pending is not None:
        if state.pending.kind == DEFENSIVE_FIRE:
            return ["done"]
        return [next(o.text for o in game.legal_orders() if o.verb != "undo")]
    if state.phase == "movement":
        return movement_orders(game)
    return combat_orders(game, counterattack)


def play(counterattack: bool, limit: int = 5000) -> tuple[list[str], Game]:
    folder = tempfile.mkdtemp()
    game = Game.new(SCENARIO, Path(folder) / "gaza.toml", seed=SEED)
    orders: list[str] = []
    while not game.state.over and len(orders) < limit:
        for text in choose(game, counterattack):
            game.submit(text)
            orders.append(text)
    return orders, game


def main() -> None:
    for name, counterattack in GAMES.items():
        orders, game = play(counterattack)
        v = game.state.result
        assert v is not None, "the scripted game did not finish"
        header = [
            f"# Gaza 1917: a complete scripted game (tests/games/make_gaza1917_game.py made it; "
            f"counterattacks: {'yes' if counterattack else 'no'}).",
            f"# seed: {SEED}",
            f"# verdict: {v.winner or 'draw'} {v.level}",
            f"# turn: {game.scenario.turns[game.state.turn].id}",
        ]
        (HERE / name).write_text("\n".join([*header, *orders]) + "\n")
        print(f"{name}: {len(orders)} orders; {v.winner or 'draw'} {v.level}: {v.reason}")


if __name__ == "__main__":
    main()
