"""Computer opponent benchmark: whole games of Suez 1916 and Gaza 1917 between computer players.

Run from the repository root:
  python3 benchmarks/ai.py [--games N] [--quick] [--first-seed K] [--match hard:random]
      [--scenario suez1916] [--side cp] [--jobs N] [--out results.jsonl] [--mixed]
  python3 benchmarks/ai.py --report results.jsonl [more.jsonl ...] [--mixed]

Each match (hard vs random, hard vs greedy, hard vs normal, normal vs easy) is played on both
scenarios, the first-named player taking each side in turn, over fixed seeds 0..N-1 (K..K+N-1
from --first-seed K; the historical set-up); hard vs hard, the scenario's balance between equal
players, only when named by --match, each seed once (the sides swapped, the same game). Games
are independent: --jobs N plays them in N worker processes, with the same results whatever N
(the players and dice are deterministic).
--out appends one JSON line per game as soon as it ends (winner, final victory points, orders,
each player turn's wall and CPU seconds, the worker's peak memory, the commit and date); run
again with the same file, it skips the games already there, so a killed run resumes. At the end
(or with --report, from files alone) it prints the report of ai_report.py: win rates with 95%
Wilson intervals, time per computer player turn and peak memory. Figures, not assertions:
nothing here can fail a build.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import multiprocessing
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_report import DRAW, MATCHES, SCENARIOS, STUCK, Key, Record, ReportError, key, read_records, report  # noqa: E402

from tui_wargame import scenario_file  # noqa: E402
from tui_wargame.engine import Game  # noqa: E402
from tui_wargame.players import GreedyPlayer, NothingToDo, Player, RandomPlayer, computer  # noqa: E402

MAX_ORDERS = 6000  # a game still running after this many orders is stopped and counted a draw
#: Matches played only when named by --match: hard against itself (each seed once, the first side
#: named hard's) measures the scenario's balance between equal players rather than a player.
ON_REQUEST = ("hard:hard",)

MAKERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
    "easy": lambda: computer("easy"), "normal": lambda: computer("normal"), "hard": lambda: computer("hard"),
}


class VerifyFailed(Exception):
    """A finished game's record does not replay to its state: an engine bug, which stops the run."""


class BadSetting(Exception):
    """A --set that does not name a constant of a computer player's module, or whose value is not JSON."""


def apply_setting(setting: str) -> None:
    """Change, in this process, the constant a --set names: `MODULE:NAME[.KEY...]=JSON`, MODULE one
    of tui_wargame.players (`fm:LEVEL.hard.caution=0.6`, `fm:W_PULL=0.3`), so that a version of a
    player can be measured on the same seeds without editing its code. Only a name or key that
    exists may be set: a misspelt one would measure nothing."""
    target, equals, raw = setting.partition("=")
    module_name, colon, path = target.partition(":")
    if not (equals and colon and module_name and path):
        raise BadSetting(f"--set {setting}: write MODULE:NAME[.KEY...]=VALUE, e.g. fm:LEVEL.hard.caution=0.6")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        raise BadSetting(f"--set {setting}: the value {raw!r} is not JSON "
                         '(a number, true, false, null or "text")') from None
    try:
        module = importlib.import_module(f"tui_wargame.players.{module_name}")
    except ImportError:
        raise BadSetting(f"--set {setting}: tui_wargame.players has no module {module_name!r}") from None
    name, *keys = path.split(".")
    if not hasattr(module, name):
        raise BadSetting(f"--set {setting}: tui_wargame.players.{module_name} has no {name}")
    if not keys:
        setattr(module, name, value)
        return
    holder = getattr(module, name)
    for n, k in enumerate(keys):
        if not isinstance(holder, dict) or k not in holder:
            raise BadSetting(f"--set {setting}: {'.'.join([name, *keys[:n]])} has no key {k!r}")
        if n == len(keys) - 1:
            holder[k] = value
        else:
            holder = holder[k]


@dataclass(frozen=True)
class Fixture:
    """One game to play: the match, the scenario, the first-named player's side and the seed."""
    match: str
    scenario: str
    side: str
    other: str
    seed: int
    max_orders: int

    @property
    def key(self) -> Key:
        return (self.match, self.scenario, self.side, self.seed, self.max_orders)


def scenario_path(scenario_id: str) -> Path:
    return ROOT / "scenarios" / f"{scenario_id}.toml"


def fixtures(matches: list[str], scenarios: list[str], sides: list[str] | None, seeds: range,
             max_orders: int) -> list[Fixture]:
    """Every game of the run, in the order the report lists them. A player against itself plays
    each seed once, as the first side asked for: with the sides swapped it is the same game."""
    found = []
    for match in matches:
        first, second = match.split(":")
        for scenario_id in scenarios:
            ids = [s.id for s in scenario_file.load(scenario_path(scenario_id)).sides]
            chosen = [side for side in ids if not sides or side in sides]
            for side in chosen[:1] if first == second else chosen:
                other = next(s for s in ids if s != side)
                found += [Fixture(match, scenario_id, side, other, seed, max_orders) for seed in seeds]
    return found


def play(fixture: Fixture, folder: Path) -> Record:
    """One whole game: its winner (a side, DRAW or STUCK), the victory points at its end (finer
    than the verdict, for comparing two versions of a player on the same seeds), orders, a digest
    of them (the same digest, the same game: how runs with different --jobs are compared) and each
    player turn's seconds.
    A player turn is a player's orders while its side is the active one, timed in wall-clock and in
    CPU seconds (the CPU figure is the one a loaded, shared machine does not inflate)."""
    first, second = fixture.match.split(":")
    players = {fixture.side: MAKERS[first](), fixture.other: MAKERS[second]()}
    game = Game.new(scenario_file.load(scenario_path(fixture.scenario)),
                    folder / f"{fixture.scenario}-{fixture.seed}.toml", seed=fixture.seed)
    wall: dict[tuple[int, str, str], float] = defaultdict(float)
    cpu: dict[tuple[int, str, str], float] = defaultdict(float)
    orders, winner, digest = 0, "", hashlib.sha256()
    while not game.state.over and orders < fixture.max_orders:
        side = game.state.to_act
        player = players[side]
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            choice = player.choose(game, side)
        except NothingToDo as stuck:
            print(f"{fixture.scenario} seed {fixture.seed}: stuck at record {game.seq} (turn "
                  f"{game.state.turn}, {game.state.phase}): {stuck}", flush=True)
            winner = STUCK
            break
        if game.state.active == side:
            wall[(game.state.turn, side, player.level)] += time.perf_counter() - start
            cpu[(game.state.turn, side, player.level)] += time.process_time() - start_cpu
        game.submit(choice.order, side)
        digest.update(f"{side}: {choice.order}\n".encode())
        orders += 1
    if winner != STUCK:
        problems = game.verify()
        if problems:
            raise VerifyFailed(f"{fixture.scenario} seed {fixture.seed}: verify found {problems[0]}")
        winner = (game.state.result.winner if game.state.result else "") or DRAW
    points = dict(game.victory_points())
    game.close()
    turns: dict[str, dict[str, list[float]]] = defaultdict(lambda: {"wall": [], "cpu": []})
    for turn in wall:
        turns[turn[2]]["wall"].append(round(wall[turn], 4))
        turns[turn[2]]["cpu"].append(round(cpu[turn], 4))
    return {"winner": winner, "points": points, "orders": orders, "digest": digest.hexdigest()[:16],
            "turns": dict(turns)}


def play_one(fixture: Fixture, commit: str) -> Record:
    """A game as its result line: what was played, how it ended, and where and when it ran (the
    commit, with the --set settings played with after a "+")."""
    with tempfile.TemporaryDirectory() as tmp:
        outcome = play(fixture, Path(tmp))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"match": fixture.match, "scenario": fixture.scenario, "side": fixture.side,
            "seed": fixture.seed, "max_orders": fixture.max_orders, **outcome,
            "peak_rss_mib": round(peak, 1), "commit": commit,
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")}


def played(todo: list[Fixture], jobs: int, commit: str, settings: tuple[str, ...]) -> Iterator[Record]:
    """The games' records as each ends: in this process (its --set settings already applied), or
    in `jobs` spawned worker processes, which start from the code as committed."""
    task = partial(play_one, commit=commit)
    if jobs == 1:
        yield from map(task, todo)
        return
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(jobs, initializer=start_worker, initargs=(settings,)) as pool:
        yield from pool.imap_unordered(task, todo)  # leaving the block (end, error, stop) ends the workers


def start_worker(settings: tuple[str, ...]) -> None:
    """A worker ignores ^C (the run stops, and its pool ends the workers without their tracebacks)
    and plays with the run's --set settings, applied once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for setting in settings:
        apply_setting(setting)


def stop_on_kill() -> None:
    """A `kill` of a background run stops it as ^C does, so its workers end with it (not orphaned
    to finish their games)."""
    def stop(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)


def current_commit() -> str:
    """The short commit of the code being measured, "-dirty" if tracked files have changes."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    try:
        dirty = git("status", "--porcelain", "--untracked-files=no").strip()
        return git("rev-parse", "--short", "HEAD").strip() + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"  # not a git checkout: the report says so rather than guess


def drop_torn_line(out: Path) -> None:
    """Cut a last line a kill left half-written (no newline), so appending starts a whole line."""
    data = out.read_bytes()
    if data and not data.endswith(b"\n"):
        out.write_bytes(data[:data.rfind(b"\n") + 1])
        print(f"{out}: dropped a half-written last line (its game is played again)", flush=True)


def recorded(out: Path | None) -> dict[Key, Record]:
    """The games an earlier run already wrote to `out` (none if there is no such file)."""
    if out is None or not out.exists():
        return {}
    drop_torn_line(out)
    return {key(r): r for r in read_records([out])}


def append(out: Path, record: Record) -> None:
    """One game's line, written whole the moment the game ends."""
    with out.open("a") as file:
        file.write(json.dumps(record) + "\n")


def progress(record: Record, done: int, total: int) -> str:
    first = str(record["match"]).split(":")[0]
    winner = record["winner"]
    outcome = "won" if winner == record["side"] else {DRAW: "drawn", STUCK: "stuck"}.get(winner, "lost")
    return (f"[{done}/{total}] {str(record['match']).replace(':', ' vs '):17} {record['scenario']:9} "
            f"{first} as {record['side']:8} seed {record['seed']:3}: {outcome} in {record['orders']} orders")


def run(todo: list[Fixture], jobs: int, out: Path | None, settings: tuple[str, ...] = ()) -> list[Record]:
    """Play the fixtures not yet in `out`, writing each game's line as it ends; every record. Games
    played with --set settings are recorded as of the commit "+" the settings, so a report refuses
    to mix them with the code as committed unless --mixed."""
    commit = current_commit() + "".join(f"+{s}" for s in settings)
    done = recorded(out)
    records = [done[f.key] for f in todo if f.key in done]
    others = sorted({str(r["commit"]) for r in records} - {commit})
    if records:
        print(f"{out}: {len(records)} of the {len(todo)} games already played, skipped"
              + (f" (at commit {', '.join(others)}; now {commit})" if others else ""), flush=True)
    remaining = [f for f in todo if f.key not in done]
    for record in played(remaining, jobs, commit, settings):
        if out is not None:
            append(out, record)
        records.append(record)
        print(progress(record, len(records), len(todo)), flush=True)
    return records


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games per scenario and side, or per scenario for hard:hard (default 100)")
    parser.add_argument("--quick", action="store_true", help="2 games per scenario and side")
    parser.add_argument("--first-seed", type=int, default=0, help="seeds from this one (default 0)")
    parser.add_argument("--match", action="append", choices=MATCHES + ON_REQUEST,
                        help=f"only these matches ({', '.join(ON_REQUEST)} only when named)")
    parser.add_argument("--scenario", action="append", choices=SCENARIOS, help="only these scenarios")
    parser.add_argument("--side", action="append", help="only these sides for the first player (by id)")
    parser.add_argument("--max-orders", type=int, default=MAX_ORDERS,
                        help=f"stop a game after this many orders, counted a draw (default {MAX_ORDERS})")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes playing games (default 1)")
    parser.add_argument("--out", type=Path, help="append each game's result line (JSON) here; "
                        "games already in it are skipped")
    parser.add_argument("--report", type=Path, nargs="+", metavar="FILE",
                        help="play nothing: print the report of these result files")
    parser.add_argument("--mixed", action="store_true", help="report games of different commits together")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE:NAME[.KEY...]=VALUE",
                        help="play with a computer player's constant changed, e.g. fm:LEVEL.hard.caution=0.6 "
                        "(recorded with the commit)")
    args = parser.parse_args()
    for name in ("games", "jobs", "max_orders"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def main() -> None:
    args = arguments()
    stop_on_kill()
    try:
        if args.report:
            records = read_records(args.report)
        else:
            games = 2 if args.quick else args.games
            todo = fixtures(args.match or list(MATCHES), args.scenario or list(SCENARIOS), args.side,
                            range(args.first_seed, args.first_seed + games), args.max_orders)
            if not todo:
                sys.exit(f"{sys.argv[0]}: no games: no scenario has the side(s) {', '.join(args.side)}")
            for setting in args.set:  # here, before any game, so a wrong one plays nothing
                apply_setting(setting)
            records = run(todo, args.jobs, args.out, tuple(args.set))
            print()
        print(report(records, args.mixed))
    except (ReportError, VerifyFailed, BadSetting, OSError) as error:
        sys.exit(f"{sys.argv[0]}: {error}")
    except KeyboardInterrupt:
        resume = f"; the same command resumes from {args.out}" if args.out else ""
        sys.exit(f"{sys.argv[0]}: stopped{resume}")


if __name__ == "__main__":
    main()
