"""benchmarks/ai_report.py: the report of the computer opponent benchmark's result lines (issue 15:
win rates with 95% Wilson intervals, time per player turn, peak memory, from one commit)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "ai_report.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ai_report", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


ai_report = load()


def line(seed: int, winner: str, side: str = "cp", commit: str = "abc1234",
         hard: list[float] | None = None, rss: float = 70.0) -> str:
    hard = hard or []
    record: dict[str, Any] = {
        "match": "hard:greedy", "scenario": "suez1916", "side": side, "seed": seed, "max_orders": 6000,
        "winner": winner, "orders": 300 + seed,
        "turns": {"hard": {"wall": hard, "cpu": [t / 10 for t in hard]},
                  "greedy": {"wall": [2.0], "cpu": [1.0]}},
        "peak_rss_mib": rss, "commit": commit, "date": f"2026-12-01 10:0{seed}:00 UTC"}
    return json.dumps(record)


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(f"{text}\n" for text in lines))
    return path


# Hard as the Central Powers: 6 won, 1 drawn, 1 lost and 1 stuck (left out of N); as the British, 8
# of 8. Hard's 20 player turns take 1..20 s wall-clock (all in the first game), a tenth of that in CPU.
GAMES = ([line(0, "cp", hard=[float(t) for t in range(20, 0, -1)], rss=81.5)]
         + [line(s, "cp") for s in range(1, 6)] + [line(6, "draw"), line(7, "british"), line(8, "stuck")]
         + [line(s, "british", side="british", rss=64.0) for s in range(8)])


def test_win_rate_rows_count_outcomes_and_give_the_wilson_interval(tmp_path: Path) -> None:
    """Issue 15: the interval of 6 in 8 is 41%-93% and of 8 in 8 is 68%-100% (the figures the
    measurements page gives for those counts); a stuck game is named, not counted in N."""
    text = ai_report.report(ai_report.read_records([write(tmp_path / "r.jsonl", GAMES)]))
    assert "| hard vs greedy | suez1916 | cp | 8 | 6 | 1 | 1 | 1 | 75% (41%-93%) |" in text
    assert "| hard vs greedy | suez1916 | british | 8 | 8 | 0 | 0 | 0 | 100% (68%-100%) |" in text
    assert text.index("| suez1916 | cp |") < text.index("| suez1916 | british |")  # the scenario's order


def test_wilson_interval_against_figures_worked_by_hand() -> None:
    low, high = ai_report.wilson(6, 8)
    assert low == pytest.approx(0.40926, abs=1e-4) and high == pytest.approx(0.92852, abs=1e-4)
    assert ai_report.wilson(0, 8)[1] == pytest.approx(0.32441, abs=1e-4)
    assert ai_report.wilson(0, 0) == (0.0, 1.0)  # no game, no knowledge


def test_turn_times_give_median_nearest_rank_p95_and_max_in_wall_and_cpu(tmp_path: Path) -> None:
    """Of 20 turns the p95 is the 19th smallest (nearest rank); CPU seconds beside wall seconds."""
    text = ai_report.report(ai_report.read_records([write(tmp_path / "r.jsonl", GAMES)]))
    assert "| hard | hard vs greedy | 20 | 10.500 | 19.000 | 20.000 | 1.050 | 1.900 | 2.000 |" in text
    assert "| greedy | hard vs greedy | 17 | 2.000 | 2.000 | 2.000 | 1.000 | 1.000 | 1.000 |" in text
    assert "peak memory of a process playing games (max RSS): 82 MiB" in text
    assert text.startswith("17 games, commit abc1234; played 2026-12-01 10:00:00 UTC to "
                           "2026-12-01 10:08:00 UTC")


def test_games_of_two_commits_are_refused_unless_mixed_is_asked(tmp_path: Path) -> None:
    first = write(tmp_path / "a.jsonl", GAMES[:9])
    second = write(tmp_path / "b.jsonl",
                   [line(s, "british", side="british", commit="def5678") for s in range(3)])
    records = ai_report.read_records([first, second])
    refused = r"2 commits \(abc1234 \(9 games\), def5678 \(3 games\)\).*--mixed"
    with pytest.raises(ai_report.ReportError, match=refused):
        ai_report.report(records)
    mixed = ai_report.report(records, mixed=True)
    assert "MIXED commits (--mixed): abc1234 (9 games), def5678 (3 games)" in mixed


def test_a_game_met_twice_or_a_broken_line_is_refused_with_its_place(tmp_path: Path) -> None:
    twice = write(tmp_path / "twice.jsonl", [GAMES[1], GAMES[2], GAMES[1]])
    with pytest.raises(ai_report.ReportError, match=r"twice.jsonl:3: the game of .*twice.jsonl:1 again"):
        ai_report.read_records([twice])
    broken = write(tmp_path / "broken.jsonl", [GAMES[1], GAMES[2][:40]])
    with pytest.raises(ai_report.ReportError, match=r"broken.jsonl:2: not a JSON line"):
        ai_report.read_records([broken])
    partial = write(tmp_path / "partial.jsonl", ['{"match": "hard:greedy", "seed": 1}'])
    with pytest.raises(ai_report.ReportError, match=r"partial.jsonl:1: not a game's record \(no scenario,"):
        ai_report.read_records([partial])
