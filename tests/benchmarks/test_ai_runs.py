"""benchmarks/ai.py as the lead runs it: games in worker processes, one result line each the moment
it ends, the same results whatever the number of workers, and a killed run resumed (issue 15)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ONE_SIDE = ["--match", "hard:random", "--scenario", "gaza1917", "--side", "cp"]


def bench(*args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "ai.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def results(path: Path) -> dict[int, dict[str, Any]]:
    return {r["seed"]: r for r in map(json.loads, path.read_text().splitlines())}


def played(record: dict[str, Any]) -> tuple[Any, ...]:
    """What a game's line says of the game itself (not of the machine's speed)."""
    return (record["winner"], record["orders"], record["digest"],
            {level: len(times["wall"]) for level, times in record["turns"].items()})


@pytest.mark.slow  # four runs of the script, each starting worker processes: tens of seconds under load
def test_two_workers_give_the_games_one_gives_and_a_killed_run_resumes(tmp_path: Path) -> None:
    """Games cut at 10 orders (counted draws) keep it quick: what is checked is the bookkeeping."""
    two, one = tmp_path / "two.jsonl", tmp_path / "one.jsonl"
    bench(*ONE_SIDE, "--games", "2", "--max-orders", "10", "--jobs", "2", "--out", str(two))
    bench(*ONE_SIDE, "--games", "2", "--max-orders", "10", "--jobs", "1", "--out", str(one))
    assert results(two).keys() == {0, 1} and results(two)[0]["digest"] != results(two)[1]["digest"]
    assert {s: played(r) for s, r in results(two).items()} == {s: played(r) for s, r in results(one).items()}
    for record in results(two).values():
        assert record["orders"] == 10 and record["winner"] == "draw" and record["peak_rss_mib"] > 0
        for times in record["turns"].values():
            assert len(times["wall"]) == len(times["cpu"])
    # killed while writing its third line: the torn line is dropped and only that game played again
    with two.open("a") as file:
        file.write('{"match": "hard:random", "scena')
    out = bench(*ONE_SIDE, "--games", "3", "--max-orders", "10", "--jobs", "1", "--out", str(two))
    assert "dropped a half-written last line" in out and "2 of the 3 games already played, skipped" in out
    assert "[3/3]" in out and "[1/3]" not in out  # the played game is the third counted
    assert results(two).keys() == {0, 1, 2} and len(two.read_text().splitlines()) == 3
    assert "| hard vs random | gaza1917 | cp | 3 | 0 | 3 | 0 | 0 | 0% (0%-56%) |" in out
    assert bench("--report", str(two)) == out.split("\n\n", 1)[1]  # the run's report, from the file


@pytest.mark.slow
def test_a_whole_game_in_two_workers_is_recorded_and_reported(tmp_path: Path) -> None:
    """Two whole games of hard against random (about 35 s each on a loaded machine)."""
    out = tmp_path / "r.jsonl"
    text = bench(*ONE_SIDE, "--quick", "--jobs", "2", "--out", str(out))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.strip()
    for record in results(out).values():
        assert record["winner"] in ("cp", "br", "draw") and 0 < record["orders"] < 6000
        assert record["turns"].keys() == {"hard", "random"} and record["commit"].startswith(commit)
        assert record["points"].keys() == {"cp", "br"} and all(p >= 0 for p in record["points"].values())
    assert "| hard vs random | gaza1917 | cp | 2 |" in text and f"commit {commit}" in text


@pytest.mark.slow  # three runs of the script, one with worker processes
def test_set_plays_a_changed_constant_in_every_worker_and_records_it(tmp_path: Path) -> None:
    """--set changes a computer player's constant in the spawned workers too (the first ten orders
    of hard as the Suez Central Powers differ without its movement-phase assaults) and the result
    line's commit names it, so a report will not mix it with the code as committed; a misspelt key
    stops the run before any game, naming it."""
    plain, changed = tmp_path / "plain.jsonl", tmp_path / "changed.jsonl"
    suez = ["--match", "hard:random", "--scenario", "suez1916", "--side", "cp", "--games", "1",
            "--max-orders", "10"]
    bench(*suez, "--jobs", "1", "--out", str(plain))
    bench(*suez, "--jobs", "2", "--set", "fm:LEVEL.hard.assault=null", "--out", str(changed))
    before, after = results(plain)[0], results(changed)[0]
    assert after["commit"] == before["commit"] + "+fm:LEVEL.hard.assault=null"
    assert after["digest"] != before["digest"]
    wrong = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "ai.py"), *suez, "--set",
                            "fm:LEVEL.hard.cuation=0.6", "--out", str(tmp_path / "wrong.jsonl")],
                           cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert wrong.returncode != 0 and "LEVEL.hard has no key 'cuation'" in wrong.stderr
    assert not (tmp_path / "wrong.jsonl").exists()


def test_hard_against_hard_is_played_only_when_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario's balance between equal players (`--match hard:hard`): not among the matches a
    run plays when it names none; each seed once (with the sides swapped the same player plays
    the same game), as the side asked for if one is."""
    spec = importlib.util.spec_from_file_location("ai_bench", ROOT / "benchmarks" / "ai.py")
    assert spec is not None and spec.loader is not None
    ai = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, ai)  # a dataclass looks its module up there
    monkeypatch.setattr(sys, "path", list(sys.path))  # the script puts its folders first: undone after
    spec.loader.exec_module(ai)

    assert "hard:hard" not in ai.MATCHES and "hard:hard" in ai.ON_REQUEST
    named = ai.fixtures(["hard:hard"], ["gaza1917"], None, range(2), 8)
    assert [(f.match, f.side, f.other, f.seed) for f in named] == [("hard:hard", "br", "cp", 0),
                                                                   ("hard:hard", "br", "cp", 1)]
    assert [f.side for f in ai.fixtures(["hard:hard"], ["gaza1917"], ["cp"], range(1), 8)] == ["cp"]
    assert len(ai.fixtures(["hard:greedy"], ["gaza1917"], None, range(2), 8)) == 4
    record = ai.play(named[0], tmp_path)
    assert record["winner"] == ai.DRAW and record["orders"] == 8
