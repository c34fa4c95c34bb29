"""The tables of benchmarks/ai.py, from its result lines (JSON Lines, one finished game a line).

Kept apart from the playing so a report can be made of files written by runs on other days or
machines: win rates with 95% Wilson intervals per match, scenario and first player's side; time
per computer player turn in wall-clock and CPU seconds (median, p95, max); the workers' peak
memory; and the commits the games were played at (one, unless mixing is asked for).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tui_wargame import scenario_file  # noqa: E402

SCENARIOS = ("suez1916", "gaza1917")
MATCHES = ("hard:random", "hard:greedy", "hard:normal", "normal:easy")
DRAW = "draw"  # the winner of a game drawn by the victory rules or stopped at the order limit
STUCK = "stuck"  # the winner of a game whose side to act had no order but undo: left out of N
FIELDS = ("match", "scenario", "side", "seed", "max_orders", "winner", "orders", "turns",
          "peak_rss_mib", "commit", "date")

Record = dict[str, Any]
Key = tuple[str, str, str, int, int]


class ReportError(Exception):
    """A result file that cannot be reported as asked: the message says which line and why."""


def key(record: Record) -> Key:
    """What makes a game: the same key, the same game (choices and dice are deterministic)."""
    return (str(record["match"]), str(record["scenario"]), str(record["side"]), int(record["seed"]),
            int(record["max_orders"]))


def read_records(paths: Iterable[Path]) -> list[Record]:
    """Every game in the files; a line that is not a whole record, or a game met twice, is refused."""
    records: list[Record] = []
    seen: dict[Key, str] = {}
    for path in paths:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise ReportError(f"{where}: not a JSON line ({error.msg})") from None
            missing = [f for f in FIELDS if not isinstance(record, dict) or f not in record]
            if missing:
                raise ReportError(f"{where}: not a game's record (no {', '.join(missing)})")
            if key(record) in seen:
                raise ReportError(f"{where}: the game of {seen[key(record)]} again "
                                  "(a game counts once; keep one of the two lines)")
            seen[key(record)] = where
            records.append(record)
    return records


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate of `wins` in `n` (honest near 0% and 100%)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile: a value that was measured, never an interpolation."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@cache
def side_order(scenario_id: str) -> tuple[str, ...]:
    """The scenario's sides in its file's order (the order the tables list them)."""
    path = ROOT / "scenarios" / f"{scenario_id}.toml"
    return tuple(s.id for s in scenario_file.load(path).sides) if path.exists() else ()


def place(match: str, scenario: str, side: str) -> tuple[int, int, int, str]:
    """Where a row goes: matches and scenarios in the benchmark's order, sides in the scenario's."""
    def index(items: tuple[str, ...], item: str) -> int:
        return items.index(item) if item in items else len(items)
    return index(MATCHES, match), index(SCENARIOS, scenario), index(side_order(scenario), side), \
        f"{match} {scenario} {side}"


@dataclass(frozen=True)
class WinRow:
    """One match, scenario and first player's side: how its games ended, from that player's view."""
    match: str
    scenario: str
    side: str
    won: int
    drawn: int
    lost: int
    stuck: int

    @property
    def n(self) -> int:
        return self.won + self.drawn + self.lost

    def cells(self) -> list[str]:
        low, high = wilson(self.won, self.n)
        rate = f"{self.won / max(1, self.n):.0%} ({low:.0%}-{high:.0%})"
        return [self.match.replace(":", " vs "), self.scenario, self.side, str(self.n), str(self.won),
                str(self.drawn), str(self.lost), str(self.stuck), rate]


def win_rows(records: list[Record]) -> list[WinRow]:
    """Per match, scenario and first player's side: its wins, draws, losses and stuck games."""
    counts: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for r in records:
        side, winner = str(r["side"]), str(r["winner"])
        outcome = "won" if winner == side else "drawn" if winner == DRAW else "stuck" if winner == STUCK \
            else "lost"
        counts[(str(r["match"]), str(r["scenario"]), side)][outcome] += 1
    return [WinRow(*k, c["won"], c["drawn"], c["lost"], c["stuck"]) for k, c in
            sorted(counts.items(), key=lambda item: place(*item[0]))]


def turn_rows(records: list[Record]) -> list[list[str]]:
    """Per player level and match: its player turns' count and wall and CPU median, p95 and max."""
    wall: dict[tuple[str, str], list[float]] = defaultdict(list)
    cpu: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in records:
        for level, times in r["turns"].items():
            wall[(level, str(r["match"]))] += times["wall"]
            cpu[(level, str(r["match"]))] += times["cpu"]
    rows = []
    for level, match in sorted(wall, key=lambda k: (k[0], place(k[1], "", "")[0])):
        cells = [level, match.replace(":", " vs "), str(len(wall[(level, match)]))]
        for values in (wall[(level, match)], cpu[(level, match)]):
            cells += [f"{statistics.median(values):.3f}", f"{percentile(values, 0.95):.3f}",
                      f"{max(values):.3f}"]
        rows.append(cells)
    return rows


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)] + \
        ["| " + " | ".join(row) + " |" for row in rows]


def provenance(records: list[Record], mixed: bool) -> list[str]:
    """The commits, order limits and dates the games come from; more than one commit only if asked."""
    commits = Counter(str(r["commit"]) for r in records)
    if len(commits) > 1 and not mixed:
        listed = ", ".join(f"{c} ({n} games)" for c, n in sorted(commits.items()))
        raise ReportError(f"the games come from {len(commits)} commits ({listed}): their figures "
                          "are not one code's; give --mixed to report them together anyway")
    dates = sorted(str(r["date"]) for r in records)
    limits = " or ".join(str(n) for n in sorted({int(r["max_orders"]) for r in records}))
    source = (f"commit {next(iter(commits))}" if len(commits) == 1 else
              f"MIXED commits (--mixed): {', '.join(f'{c} ({n} games)' for c, n in sorted(commits.items()))}")
    return [f"{len(records)} games, {source}; played {dates[0]} to {dates[-1]}; a game still running "
            f"after {limits} orders counted a draw"]


def report(records: list[Record], mixed: bool = False) -> str:
    """The whole markdown report: where the games come from, win rates, turn times, memory."""
    if not records:
        raise ReportError("no games to report")
    lines = provenance(records, mixed) + [""]
    lines += table(["match", "scenario", "first player's side", "N", "won", "drawn", "lost",
                    "stuck (not in N)", "win rate (95% CI)"], [row.cells() for row in win_rows(records)])
    lines += [""] + table(["player", "in the match", "player turns", "wall median s", "wall p95 s",
                           "wall max s", "CPU median s", "CPU p95 s", "CPU max s"], turn_rows(records))
    peak = max(float(r["peak_rss_mib"]) for r in records)
    lines += ["", f"peak memory of a process playing games (max RSS): {peak:.0f} MiB"]
    return "\n".join(lines)
