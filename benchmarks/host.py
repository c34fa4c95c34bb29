"""Hosting benchmark: what real SSH players cost a host, measured with 20 of them connected at once.

Run from the repository root:  python3 benchmarks/host.py [--players 20] [--orders 18] [--idle 20]

A private `sshd` on 127.0.0.1 is set up by docs/hosting.md's recipe (tests/sshhost.py: one key a
player, each forced to run `tui-wargame lobby --player NAME`). Through the hosting API, as the
lobby does, the benchmark makes --players/2 hosted games of Suez 1916 (historical set-up), each
with both seats taken, so that every player holds one seat of one game. Every player then logs
in with a real `ssh -tt` in an 80x24 terminal (a tmux session), and presses Enter in the lobby
to resume their game. With all of them connected it measures

- memory per connected player as PSS (proportional set size: each shared page divided among the
  processes sharing it, from /proc/PID/smaps_rollup), summed over the session's processes on the
  host side: sshd's per-connection processes and the player's python process, told apart;
  the total of all sessions, and the listening sshd;
- CPU used by all the sessions (every process and thread, from schedstat) over --idle seconds
  while nobody gives an order, and the whole machine's CPU use over the same seconds (other work
  runs on this machine: its load is printed too);
- latency: an order typed in one game's terminal (the Central Powers' player, a move), from the
  save being written (inotify on the save) to the opponent's terminal answering (inotify on a
  `tmux pipe-pane` copy of that terminal's output): first byte, and the answer complete (no
  more output for 0.15 s); median and 95th percentile over --orders orders, first with the
  other sessions connected and idle, then (in another game) with the players of every other
  game whose moves are not used up typing an order every --busy-gap seconds;
- the bytes sent to the waiting terminal per order: the timed answer's, and all it was sent
  over the run (the answer, and any later repaint) divided by the orders.

The benchmark's own work (tmux, the ssh clients, typing) runs on the same machine, as the clients'
side would not on a real host: the CPU figures count the host's side only.

It prints a table and one JSON line. Figures only: nothing here fails a build.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from live import p95  # the sibling modules: scripts run from benchmarks/
from report import machine, print_figures

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sshhost import Host, Unavailable  # noqa: E402 - after the path is set
from tui_wargame import scenario_file  # noqa: E402
from tui_wargame.engine import Game  # noqa: E402
from tui_wargame.hosting import Host as Lobby  # noqa: E402
from tui_wargame.hosting import SealedSeeds  # noqa: E402

QUIET_S = 0.15  # no output for this long: the answer is complete
IN_MODIFY = 0x2
SIDES = ("cp", "british")  # each game's first player takes the Central Powers, who move first


# --- processes, from /proc ---

def processes() -> dict[int, int]:
    """Every process's parent: pid -> ppid."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found[int(entry.name)] = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                continue  # gone meanwhile
    return found


def subtree(root: int, parents: dict[int, int]) -> list[int]:
    """`root` and all its descendants."""
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(child for child, parent in parents.items() if parent == pid)
    return tree


def argv(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def _proc_kb(pid: int, name: str, key: str) -> int:
    """The kB figure on the `key` line of /proc/PID/NAME; 0 if the process is gone."""
    try:
        text = Path(f"/proc/{pid}/{name}").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) for line in text.splitlines() if line.startswith(key)), 0)


def pss_kb(pid: int) -> int:
    """Proportional set size: the process's private pages, and its share of each shared page."""
    return _proc_kb(pid, "smaps_rollup", "Pss:")


def rss_kb(pid: int) -> int:
    return _proc_kb(pid, "status", "VmRSS:")


def cpu_ns(pids: list[int]) -> int:
    """CPU time used so far by every thread of these processes, from schedstat (nanoseconds)."""
    total = 0
    for pid in pids:
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue
    return total


def machine_busy() -> tuple[int, int]:
    """(busy, total) clock ticks of all cores since boot, from /proc/stat."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return sum(ticks) - idle, sum(ticks)


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def sessions(server: int) -> dict[str, tuple[list[int], list[int]]]:
    """Each connected player's host-side processes: (sshd's for the connection, the python one).
    Each connection is a child of the listening sshd; the player is the python's --player."""
    parents = processes()
    found = {}
    for child in (pid for pid, parent in parents.items() if parent == server):
        tree = subtree(child, parents)
        pythons = [pid for pid in tree if "tui_wargame" in argv(pid)]
        if len(pythons) == 1:
            args = argv(pythons[0])
            player = args[args.index("--player") + 1]
            found[player] = ([pid for pid in tree if pid not in pythons], pythons)
    return found


# --- timing with inotify ---

class Inotify:
    """Which watched files were written to, and when: Linux's inotify, read with select."""

    def __init__(self) -> None:
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.names: dict[int, str] = {}

    def add(self, path: Path, name: str) -> None:
        wd = self.libc.inotify_add_watch(self.fd, os.fsencode(path), IN_MODIFY)
        if wd < 0:
            raise OSError(ctypes.get_errno(), f"inotify_add_watch {path}")
        self.names[wd] = name

    def next(self, timeout: float) -> tuple[set[str], float]:
        """The names written to within `timeout` seconds (empty if none), and when they were seen."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        now = time.perf_counter()
        if not ready:
            return set(), now
        data, seen = os.read(self.fd, 65536), set()
        offset = 0
        while offset < len(data):
            wd, _mask, _cookie, size = struct.unpack_from("iIII", data, offset)
            seen.add(self.names.get(wd, ""))
            offset += 16 + size
        return seen, now

    def drain(self) -> None:
        while self.next(0)[0]:
            pass


# --- the games ---

def moves(count: int) -> list[str]:
    """`count` Central Powers moves of turn 1 of Suez 1916 (historical set-up), one unit each, the
    shortest of each unit's, legal one after the other: found on a scratch game, since every
    hosted game starts from the same set-up and moves roll no dice."""
    with tempfile.TemporaryDirectory() as tmp:
        game = Game.new(scenario_file.find("suez1916"), Path(tmp) / "scratch.toml", seed=1)
        found: list[str] = []
        with game:
            while len(found) < count:
                moved = {text.split()[1] for text in found}
                options = [o for o in game.legal_orders()
                           if o.verb == "move" and o.text.split()[1] not in moved]
                if not options or game.state.to_act != "cp":
                    raise SystemExit(f"only {len(found)} moves of distinct units in Suez 1916's first "
                                     f"movement phase: ask for fewer --orders")
                order = min(options, key=lambda o: len(o.text.split()))
                game.submit(order, "cp")
                found.append(order.text)
        return found


def make_games(host: Host, pairs: int) -> list[Path]:
    """`pairs` hosted games of Suez 1916, each with both seats taken, made through the hosting
    API as the lobby makes and joins them: p01 and p02 hold the first, and so on."""
    scenario = scenario_file.find("suez1916")
    sealed = SealedSeeds(host.seeds)
    paths = []
    for i in range(pairs):
        first, second = host.players[2 * i], host.players[2 * i + 1]
        with Lobby(host.saves, sealed, first).create(scenario, {"setup": "historical"}, SIDES[0]) as game:
            assert game.path is not None
            paths.append(game.path)
        Lobby(host.saves, sealed, second).join(paths[-1], SIDES[1]).close()
    return paths


def give(host: Host, player: str, order: str) -> None:
    """`player` types `order` on the game screen's command line."""
    host.keys(player, ":")
    host.type(player, order)
    host.keys(player, "Enter")


def orders_by(path: Path, player: str) -> int:
    with Game.open(path) as game:
        return sum(1 for r in game.records if r.kind == "order" and r.by == player)


def latency(host: Host, watch: Inotify, player: str, orders: list[str], screen: Path,
            gap: float) -> dict[str, list[float]]:
    """Each order typed by `player`; seconds from the save written to the opponent's terminal
    answering (first byte, answer complete), and the answer's bytes (`screen` is a copy of
    that terminal's output)."""
    firsts, lasts, sizes = [], [], []
    for order in orders:
        host.keys(player, ":")
        host.type(player, order)
        watch.drain()
        size = screen.stat().st_size
        enter = subprocess.Popen([*host.tmux, "send-keys", "-t", player, "Enter"])  # not waited for:
        accepted = first = last = None  # the save may be written before tmux's client returns
        deadline = time.perf_counter() + 15
        while time.perf_counter() < deadline:
            seen, now = watch.next(QUIET_S if first is not None else deadline - time.perf_counter())
            if accepted is None and "save" in seen:
                accepted = now
            if accepted is not None and "screen" in seen:
                first = first if first is not None else now
                last = now
            elif first is not None and not seen:
                break
        enter.wait()
        if accepted is None or first is None or last is None:
            raise SystemExit(f"{player}'s order `{order}` was not answered on the opponent's screen "
                             f"within 15 s:\n{host.screen(player)}")
        firsts.append(first - accepted)
        lasts.append(last - accepted)
        sizes.append(float(screen.stat().st_size - size))
        time.sleep(gap)
    return {"first": firsts, "last": lasts, "bytes": sizes}


@contextmanager
def background(host: Host, players: list[str], orders: list[str], gap: float) -> Iterator[Callable[[], int]]:
    """Each of `players` types the next of `orders` every `gap` seconds, staggered, until the block
    ends; yields how many orders have been typed so far."""
    stop, typed = threading.Event(), [0]
    lock = threading.Lock()

    def play(player: str, offset: float) -> None:
        if stop.wait(offset):
            return
        for order in orders:
            give(host, player, order)
            with lock:
                typed[0] += 1
            if stop.wait(gap):
                return

    threads = [threading.Thread(target=play, args=(p, gap * i / max(1, len(players))), daemon=True)
               for i, p in enumerate(players)]
    for thread in threads:
        thread.start()
    try:
        yield lambda: typed[0]
    finally:
        stop.set()
        for thread in threads:
            thread.join()


def memory(server: int) -> dict[str, object]:
    found = sessions(server)
    sshd = [sum(pss_kb(p) for p in procs) for procs, _ in found.values()]
    python = [sum(pss_kb(p) for p in procs) for _, procs in found.values()]
    python_rss = [sum(rss_kb(p) for p in procs) for _, procs in found.values()]
    per_player = [a + b for a, b in zip(sshd, python)]
    mb = 1024
    return {
        "sessions_found": len(found),
        "pss_per_player_mb_median": round(statistics.median(per_player) / mb, 1),
        "pss_per_player_mb_max": round(max(per_player) / mb, 1),
        "of_which_python_pss_mb_median": round(statistics.median(python) / mb, 1),
        "of_which_sshd_pss_mb_median": round(statistics.median(sshd) / mb, 1),
        "python_rss_mb_median": round(statistics.median(python_rss) / mb, 1),
        "pss_all_sessions_mb": round(sum(per_player) / mb, 1),
        "pss_listening_sshd_mb": round(pss_kb(server) / mb, 1),
        "processes_per_session": round(statistics.median(len(a) + len(b) for a, b in found.values()), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20, help="players connected (even: two a game)")
    parser.add_argument("--orders", type=int, default=18, help="orders timed, each run (at most 19)")
    parser.add_argument("--idle", type=float, default=20.0, help="seconds of idling measured for CPU")
    parser.add_argument("--gap", type=float, default=0.8, help="seconds between two timed orders")
    parser.add_argument("--busy-gap", type=float, default=3.0,
                        help="seconds between two orders of each other game, in the busy run")
    args = parser.parse_args()
    if args.players < 4 or args.players % 2:
        parser.error("--players must be even, and at least 4")
    os.environ["TUI_WARGAME_LEDGER"] = ""  # the benchmark's own reads of the saves leave no trace
    orders = moves(args.orders)
    started = time.perf_counter()
    load_start = loadavg()
    with tempfile.TemporaryDirectory() as tmp:
        host = Host(Path(tmp), [f"p{i + 1:02}" for i in range(args.players)])
        try:
            host.start()
        except Unavailable as exc:
            raise SystemExit(f"benchmarks/host.py: {exc}") from None
        try:
            figures = run(host, orders, args)
        except AssertionError as exc:  # a terminal never showed what was waited for
            raise SystemExit(f"benchmarks/host.py: {exc}") from None
        finally:
            host.stop()
    figures["load_average_at_start"] = load_start
    figures["load_average_at_end"] = loadavg()
    figures["wall_s"] = round(time.perf_counter() - started, 1)
    figures["machine"] = machine()
    print_figures(figures)


def run(host: Host, orders: list[str], args: argparse.Namespace) -> dict[str, object]:
    """Every player logs in and resumes their game; then memory, idle CPU, and the two order runs."""
    assert host.server is not None
    paths = make_games(host, len(host.players) // 2)
    began = time.perf_counter()
    for player in host.players:  # log in a few at a time: sshd drops unauthenticated connections
        host.connect(player)  # beyond MaxStartups (10 by default)
        time.sleep(0.3)
    for player in host.players:
        host.wait(player, lambda t: "Enter: play your game" in t, "the lobby with their game", timeout=120)
    lobbies_s = time.perf_counter() - began
    for player in host.players:
        host.keys(player, "Enter")
    for player in host.players:
        host.wait(player, lambda t: "Your game: you play" in t, "their game resumed", timeout=120)
    all_in_s = time.perf_counter() - began
    time.sleep(3.0)  # every screen settled

    figures: dict[str, object] = {"players_connected": len(host.players), "games": len(paths)}
    figures["all_in_their_lobbies_s"] = round(lobbies_s, 1)
    figures["all_in_their_games_s"] = round(all_in_s, 1)
    figures.update(memory(host.server.pid))

    found = sessions(host.server.pid)
    pids = [host.server.pid] + [p for a, b in found.values() for p in a + b]
    cpu_before, busy_before, load_idle = cpu_ns(pids), machine_busy(), loadavg()
    time.sleep(args.idle)
    cpu_after, busy_after = cpu_ns(pids), machine_busy()
    idle_rate = (cpu_after - cpu_before) / 1e9 / args.idle  # CPU seconds a second
    figures["idle_cpu_all_sessions_percent_of_one_core"] = round(idle_rate * 100, 2)
    figures["idle_cpu_per_session_percent_of_one_core"] = round(idle_rate * 100 / len(found), 3)
    figures["machine_busy_during_idle_percent_of_all_cores"] = round(
        100 * (busy_after[0] - busy_before[0]) / max(1, busy_after[1] - busy_before[1]), 1)
    figures["load_average_during_idle"] = load_idle
    figures["cores"] = os.cpu_count() or 1

    with tempfile.TemporaryDirectory() as out:
        figures.update(order_run("quiet", host, paths, 0, [], orders, pids, idle_rate, Path(out), args))
        figures.update(order_run("busy", host, paths, 1, list(range(2, len(paths))), orders, pids,
                                 idle_rate, Path(out), args))
    return figures


def order_run(name: str, host: Host, paths: list[Path], measured: int, others: list[int], orders: list[str],
              pids: list[int], idle_rate: float, out: Path, args: argparse.Namespace) -> dict[str, object]:
    """Game `measured`'s first player types `orders`, timed to the opponent's terminal, while the
    first players of the games `others` type theirs every --busy-gap seconds; the host's CPU."""
    mover, waiter = host.players[2 * measured], host.players[2 * measured + 1]
    screen = out / f"{waiter}.out"
    screen.touch()
    subprocess.run([*host.tmux, "pipe-pane", "-t", waiter, "-o", f"cat >> {screen}"], check=True)
    watch = Inotify()
    watch.add(paths[measured], "save")
    watch.add(screen, "screen")
    movers = [host.players[2 * i] for i in others]
    before = {i: orders_by(paths[i], host.players[2 * i]) for i in others}
    cpu_start, began = cpu_ns(pids), time.perf_counter()
    with background(host, movers, orders, args.busy_gap) as typed:
        timed = latency(host, watch, mover, orders, screen, args.gap)
    time.sleep(3.0)  # the waiting terminal's output after the last answer, too
    cpu_s, seconds = (cpu_ns(pids) - cpu_start) / 1e9, time.perf_counter() - began
    subprocess.run([*host.tmux, "pipe-pane", "-t", waiter], check=True)  # stop copying
    os.close(watch.fd)
    given = orders_by(paths[measured], mover)
    others_given = sum(orders_by(paths[i], host.players[2 * i]) - before[i] for i in others)
    figures: dict[str, object] = {
        f"{name}_seconds": round(seconds, 1),
        f"{name}_orders_per_second_all_games": round((given + others_given) / seconds, 2),
        f"{name}_host_cpu_percent_of_one_core": round(100 * cpu_s / seconds, 1),
        f"{name}_host_cpu_ms_per_order_above_idle": round(
            1000 * (cpu_s - idle_rate * seconds) / max(1, given + others_given)),
        f"{name}_orders_timed": len(timed["first"]),
        f"{name}_orders_on_disk": given,
        f"{name}_latency_first_byte_median_ms": round(statistics.median(timed["first"]) * 1000, 1),
        f"{name}_latency_first_byte_p95_ms": round(p95(timed["first"]) * 1000, 1),
        f"{name}_latency_screen_done_median_ms": round(statistics.median(timed["last"]) * 1000, 1),
        f"{name}_latency_screen_done_p95_ms": round(p95(timed["last"]) * 1000, 1),
        f"{name}_answer_bytes_median": statistics.median(timed["bytes"]),
        f"{name}_answer_bytes_max": max(timed["bytes"]),
        f"{name}_all_bytes_to_waiting_terminal_per_order": round(screen.stat().st_size / len(timed["bytes"])),
    }
    if others:
        figures[f"{name}_other_games_playing"] = len(others)
        figures[f"{name}_other_orders_typed"] = typed()
        figures[f"{name}_other_orders_on_disk"] = others_given
    return figures


if __name__ == "__main__":
    main()
