"""Terminal benchmark: what a player pays for the TUI, measured in a pseudo-terminal.

Run from the repository root:  python3 benchmarks/terminal.py [--scenario suez1916] [--start-only]

- start-up to the first usable frame, and peak resident memory, of
  `tui-wargame play SCENARIO`, measured in the same run as a minimal Textual
  app, with the ratio: the wall time and the CPU time (user + system) the
  child had used when the frame appeared, each the median of --runs runs, the
  two programs taking turns so that a busy machine slows both alike. The CPU
  time is the steadier figure on a shared machine. One warm-up run of each
  comes first, and both run from cached bytecode (in a temporary
  PYTHONPYCACHEPREFIX, even where PYTHONDONTWRITEBYTECODE is set), as an
  installed program does: otherwise the game, run from the source tree, would
  pay for compiling its modules on every start and the bare app would not.
  Both run under this interpreter (`python3 -m tui_wargame` for the game):
  a launcher such as a pyenv shim in front of one of them would add its own
  start-up (about 0.1 s here) to that one only. The game finds its scenario
  in a scenario cache (in the temporary folder, filled by the warm-up run), as
  every start does but the first of a scenario file with a given version of
  the code; it is also started without the cache, the `uncached` figures;
- bytes written to the terminal per cursor step (the median of 20 steps right
  and left from where the game opens, and the median step of the walk below),
  per scroll of the map (the largest step of a walk of 4 x 12 steps down, left,
  up and right, and the walk's total), per unit move and per phase change, at
  80x24 and at 200x60: the cost of each keystroke on a slow SSH link.

`--dump DIR` also writes the bytes of each of those keystrokes to DIR (for
example `80x24-cursor-1.bin`), to see which cells and codes they resend.

It prints a table and one JSON line. Figures only: nothing here fails a build.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

from report import machine, print_figures  # the sibling module: scripts run from benchmarks/

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("BARE-READY")

Bare().run()
"""


WALK = 12  # cursor steps of each leg of the walk across the map


class Terminal:
    """A program running in a pseudo-terminal of a given size, its output counted."""

    def __init__(self, argv: list[str], cols: int, rows: int, env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: size the terminal, then become the program
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.execvpe(argv[0], argv, env)
        self.seen = b""

    def read_until(self, marker: bytes, timeout: float = 30.0) -> float:
        """Seconds from the start until `marker` appeared in the output."""
        deadline = time.perf_counter() + timeout
        while marker not in self.seen:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{marker!r} not seen in {timeout} s; last output: {self.seen[-400:]!r}")
            self._read(0.05)
        return time.perf_counter() - self.started

    def _read(self, wait: float) -> int:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return 0
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return 0
        self.seen += data
        return len(data)

    def quiet(self, gap: float = 0.4, limit: float = 10.0) -> int:
        """Read until no output for `gap` seconds; the bytes read."""
        total, deadline = 0, time.perf_counter() + limit
        while time.perf_counter() < deadline:
            n = self._read(gap)
            if n == 0:
                break
            total += n
        return total

    def keys(self, data: bytes, gap: float = 0.4) -> int:
        """Send keys; the bytes the program wrote in answer."""
        os.write(self.fd, data)
        return self.quiet(gap)

    def cpu_s(self) -> float:
        """CPU seconds the program has used so far, all its threads: to the nanosecond from each
        thread's schedstat where the kernel keeps it, else user + system time in clock ticks."""
        try:
            tasks = Path(f"/proc/{self.pid}/task")
            return sum(int((t / "schedstat").read_text().split()[0]) for t in tasks.iterdir()) / 1e9
        except (OSError, ValueError, IndexError):
            fields = Path(f"/proc/{self.pid}/stat").read_text().rpartition(")")[2].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime

    def peak_rss_mb(self) -> float:
        status = Path(f"/proc/{self.pid}/status").read_text()
        kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM"))
        return kb / 1024

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@dataclass
class Start:
    """One start-up: seconds to the marker (wall), CPU seconds used by then, peak MB."""

    wall: float
    cpu: float
    mb: float


def start_once(argv: list[str], marker: bytes, env: dict[str, str]) -> Start:
    term = Terminal(argv, 80, 24, env)
    wall = term.read_until(marker)
    cpu = term.cpu_s()
    term.quiet(0.5)
    mb = term.peak_rss_mb()
    term.close()
    return Start(wall, cpu, mb)


def measure_starts(programs: dict[str, tuple[list[str], bytes]], env: dict[str, str],
                   runs: int) -> dict[str, list[Start]]:
    """Each program started `runs` times, taking turns, after one warm-up start each."""
    for argv, marker in programs.values():
        start_once(argv, marker, env)  # fills the bytecode cache and the page cache
    starts: dict[str, list[Start]] = {name: [] for name in programs}
    for _ in range(runs):
        for name, (argv, marker) in programs.items():
            starts[name].append(start_once(argv, marker, env))
    return starts


def measure_keys(argv: list[str], marker: bytes, env: dict[str, str], cols: int, rows: int,
                 steps: int, dump: Path | None = None) -> dict[str, float]:
    term = Terminal(argv, cols, rows, env)
    term.read_until(marker)
    term.quiet(1.0)

    def keys(name: str, data: bytes, gap: float = 0.4) -> int:
        start = len(term.seen)
        written = term.keys(data, gap)
        if dump is not None:
            (dump / f"{cols}x{rows}-{name}.bin").write_bytes(term.seen[start:])
        return written

    cursor = [keys(f"cursor-{i}", b"\x1b[C" if i % 2 == 0 else b"\x1b[D") for i in range(steps)]
    # A walk across the map, one step a key: down, then left, then back; the steps that scroll the
    # map are the costly ones, so the largest step is the cost of a scroll.
    legs = [b"\x1b[B"] * WALK + [b"\x1b[D"] * WALK + [b"\x1b[A"] * WALK + [b"\x1b[C"] * WALK
    walk = [keys(f"walk-{i}", key) for i, key in enumerate(legs)]
    # A unit move: Tab selects the next unit that can act, m moves it to the cursor (one hex away
    # after a step of the cursor); whatever it costs in bytes is what the player pays.
    keys("select", b"\t")
    keys("cursor-down", b"\x1b[B")
    move = keys("move", b"m", gap=0.6)
    phase = keys("end", b"e", gap=0.6)  # may ask to confirm: answer it
    phase += keys("end-confirm", b"\r", gap=0.8)
    term.close()
    return {"cursor_step_bytes": statistics.median(cursor), "walk_step_median_bytes": statistics.median(walk),
            "map_scroll_bytes": max(walk), "walk_bytes": sum(walk), "unit_move_bytes": move,
            "phase_change_bytes": phase}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="suez1916")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--command", help="the command that starts the game "
                        "(default: this interpreter -m tui_wargame play SCENARIO --seed 1)")
    parser.add_argument("--marker", default="Movement", help="text that shows the first usable frame")
    parser.add_argument("--start-only", action="store_true", help="measure the start-up only")
    parser.add_argument("--dump", type=Path, help="write the bytes of each measured keystroke to this folder")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TEXTUAL", "PYTHONDONTWRITEBYTECODE")}
    env.update(TERM="xterm-256color", COLUMNS="", LINES="")
    with tempfile.TemporaryDirectory() as tmp:
        env["TUI_WARGAME_SAVES"] = tmp
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        env["TUI_WARGAME_CACHE"] = str(Path(tmp) / "cache")
        env["TUI_WARGAME_LEDGER"] = str(Path(tmp) / "ledger")
        command = args.command.split() if args.command else [
            sys.executable, "-m", "tui_wargame", "play", args.scenario, "--seed", "1"]
        bare_file = Path(tmp) / "bare.py"
        bare_file.write_text(BARE_APP)
        marker = args.marker.encode()
        starts = measure_starts({"bare": ([sys.executable, str(bare_file)], b"BARE-READY"),
                                 "game": (command, marker),
                                 "uncached": (["env", "TUI_WARGAME_CACHE=", *command], marker)},
                                env, args.runs)
        wall = {k: statistics.median(s.wall for s in v) for k, v in starts.items()}
        cpu = {k: statistics.median(s.cpu for s in v) for k, v in starts.items()}
        figures: dict[str, object] = {
            "bare_textual_start_s": round(wall["bare"], 3),
            "game_start_s": round(wall["game"], 3),
            "start_ratio": round(wall["game"] / wall["bare"], 2),
            "bare_textual_start_cpu_s": round(cpu["bare"], 3),
            "game_start_cpu_s": round(cpu["game"], 3),
            "start_cpu_ratio": round(cpu["game"] / cpu["bare"], 2),
            "game_start_uncached_s": round(wall["uncached"], 3),
            "game_start_uncached_cpu_s": round(cpu["uncached"], 3),
            "bare_textual_peak_mb": round(max(s.mb for s in starts["bare"]), 1),
            "game_peak_mb": round(max(s.mb for s in starts["game"] + starts["uncached"]), 1),
        }
        for cols, rows in ((80, 24), (200, 60)) if not args.start_only else ():
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
            keys = measure_keys(command, marker, env, cols, rows, args.steps, args.dump)
            figures.update({f"{key}_{cols}x{rows}": value for key, value in keys.items()})
    figures["machine"] = machine()
    print_figures(figures)


if __name__ == "__main__":
    main()
