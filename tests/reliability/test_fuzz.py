"""Fuzzing saves and scenarios through the command line (issue 18, Done-when).

The inputs are mutations of real files, not random bytes alone: saves made by playing the
testbed, Suez and Gaza a few dozen orders, and the scenario files themselves. A mutation flips,
deletes or repeats bytes, repeats, drops or splices whole records (from the same save or
another), replaces numbers with huge, negative, float or date values, strings with escape codes
and markup, and values with deep nesting; half the mutated saves get every hash recomputed, so
that they are read as a careful forger's would be, not only warned about.

Each file goes through `show`, `log`, `verify`, `replay --text` and `legal` (a scenario: `new`,
then `show` and `legal` of the game it starts): never an internal error (exit 3), never a control
character in what is printed. A case that runs over HANG_S seconds is a hang and fails (a guard
against for ever, generous on a shared machine: no case comes near it). The quick run tries 30
files of each kind; `--runslow` tries 2,000 of each, and runs a sample of Suez and Gaza saves in
processes of their own whose memory is capped at MEMORY_CAP bytes.
"""

from __future__ import annotations

import random
import re
import resource
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.reliability.hostile import printable, rehash
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.scenario_file import find

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIRS = [TESTBED_DIR, ROOT / "scenarios"]
SCENARIO_FILES = [TESTBED_DIR / "testbed.toml", ROOT / "scenarios" / "suez1916.toml",
                  ROOT / "scenarios" / "gaza1917.toml"]
SAVE_COMMANDS = ("show", "log", "verify", "replay --text", "legal")
HANG_S = 60
MEMORY_CAP = 1 << 30

NUMBERS = ["9" * 5000, "9223372036854775808", "9223372036854775807", "-1", "-9223372036854775809",
           "1.5", "1e999", "nan", "inf", "1979-05-27", "1979-05-27T07:32:00Z", "0x7fffffffffffffff", "99"]
STRINGS = ['"\\u001b[2J\\u001b]0;pwned\\u0007"', '"\\u001b[8m"', '"[bold red]x[/]"',
           '"[@click=app.quit]q[/]"',
           '"\u202eevil"', '"\u009b31m"', '"\\t\\n\\r"', '"1e999999999"', '"1/0"', '"-1/2"', '""',
           '"' + "x" * 10_000 + '"', '"../../../../etc/hostname"', '"/dev/zero"']
NESTS = ["[" * 100_000 + "]" * 100_000, "[" * 40 + "1" + "]" * 40, "{a = " * 50 + "1" + "}" * 50, "null",
         "[1, null]", "{}", "[]"]
_RECORD = re.compile(r"(?=\n\[\[record\]\]\n)")
_NUMBER = re.compile(r"(?<![\w.\"-])-?\d+(?:/\d+)?(?![\w.\"])")
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_VALUE = re.compile(r"(?<== )[^,\n}\]]+")


@contextmanager
def hang_guard(what: str) -> Iterator[None]:
    """Fail `what` if it runs for over HANG_S seconds (a hang, not a slow case)."""
    def hung(*_: object) -> None:
        raise AssertionError(f"{what}: still running after {HANG_S} s")
    old = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, HANG_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _replace_one(rnd: random.Random, text: str, pattern: re.Pattern[str], choices: list[str]) -> str:
    found = list(pattern.finditer(text))
    if not found:
        return text
    m = rnd.choice(found)
    return text[: m.start()] + rnd.choice(choices) + text[m.end():]


def mutate(rnd: random.Random, text: str, donors: list[str]) -> tuple[str, str]:
    """One or more mutations of `text` (a save's or a scenario's), and their names."""
    names = []
    for _ in range(rnd.choice((1, 1, 1, 2, 3))):
        kind = rnd.choice(("flip", "delete", "duplicate", "records", "number", "string", "nest", "value"))
        names.append(kind)
        if kind in ("flip", "delete", "duplicate"):
            at = rnd.randrange(len(text))
            n = rnd.choice((1, 1, 2, 8, 64))
            if kind == "flip":
                text = text[:at] + "".join(chr(rnd.randrange(0x20, 0x7f) if rnd.random() < 0.7
                                               else rnd.choice((0x1b, 0x07, 0x0, 0x9b, 0x202e, 0xfffd)))
                                           for _ in range(n)) + text[at + n:]
            elif kind == "delete":
                text = text[:at] + text[at + n:]
            else:
                text = text[:at] + text[at:at + n] * rnd.choice((2, 3)) + text[at + n:]
        elif kind == "records":
            head, *records = _RECORD.split(text)
            donor = _RECORD.split(rnd.choice(donors))[1:] or records
            if records:
                i = rnd.randrange(len(records))
                how = rnd.choice(("drop", "repeat", "swap", "splice"))
                if how == "drop":
                    del records[i]
                elif how == "repeat":
                    records.insert(i, records[i])
                elif how == "swap":
                    j = rnd.randrange(len(records))
                    records[i], records[j] = records[j], records[i]
                elif donor:
                    records[i] = rnd.choice(donor)
            text = head + "".join(records)
        elif kind == "number":
            text = _replace_one(rnd, text, _NUMBER, NUMBERS)
        elif kind == "string":
            text = _replace_one(rnd, text, _STRING, STRINGS)
        elif kind == "nest":
            text = _replace_one(rnd, text, _VALUE, NESTS)
        else:
            text = _replace_one(rnd, text, _VALUE, NUMBERS + STRINGS)
    return text, "+".join(names)


def check_run(argv: list[str], what: str, capsys: pytest.CaptureFixture[str]) -> int:
    """`tui-wargame ARGV` in-process: no internal error, no hang, no control character printed."""
    with hang_guard(what):
        code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), f"{what}: exit {code}: {err}"
    assert printable(out) and printable(err), f"{what}: a control character printed: {out!r} {err!r}"
    if code == 2:  # refused: said in words (a scenario's problems a line each), never a traceback
        assert err.startswith(("tui-wargame: ", "warning: ")) and "Traceback" not in err, f"{what}: {err}"
    return code


def play(path: Path, scenario_id: str, orders: int, seed: int) -> str:
    """A save of `orders` random legal orders of `scenario_id`, undo among them."""
    rnd = random.Random(seed)
    with Game.new(find(scenario_id, SCENARIO_DIRS), path, seed=seed) as game:
        for _ in range(orders):
            legal = game.legal_orders()
            if not legal:
                break
            game.submit(rnd.choice(legal))
    return path.read_text()


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("seeds")
    return [play(folder / "testbed.toml", "testbed", 12, 1), play(folder / "suez.toml", "suez1916", 30, 2),
            play(folder / "gaza.toml", "gaza1917", 30, 3)]


def fuzz_saves(saves: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], cases: int,
               seed: int, only: Callable[[int], bool] = lambda i: True) -> None:
    rnd = random.Random(seed)
    for case in range(cases):
        text, how = mutate(rnd, saves[case % len(saves)], saves)
        forge = rnd.random() < 0.5
        path = tmp_path / f"case{case}.toml"
        path.write_bytes(rehash(text.encode("utf-8", "surrogatepass")) if forge else
                         text.encode("utf-8", "surrogatepass"))
        before = path.read_bytes()
        for command in SAVE_COMMANDS:
            check_run(["--scenarios", str(TESTBED_DIR), *command.split(), str(path)],
                      f"save case {case} ({how}{', rehashed' if forge else ''}): {command}", capsys)
        assert path.read_bytes() == before, f"save case {case}: the reading commands changed the save"
        path.unlink()


def fuzz_scenarios(tmp_path: Path, capsys: pytest.CaptureFixture[str], cases: int, seed: int,
                   files: list[Path]) -> None:
    rnd = random.Random(seed)
    texts = [f.read_text() for f in files]
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for case in range(cases):
        source = case % len(files)
        text, how = mutate(rnd, texts[source], texts)
        path = folder / files[source].name
        path.write_text(text, errors="surrogatepass")
        save = tmp_path / f"game{case}.toml"
        what = f"scenario case {case} ({files[source].name}, {how})"
        args = ["--scenarios", str(folder)]
        new = [*args, "new", str(path), "--seed", "1", "--out", str(save)]
        if check_run(new, f"{what}: new", capsys) == 0:
            for command in ("show", "legal"):
                check_run([*args, command, str(save)], f"{what}: {command}", capsys)
            save.unlink()


@pytest.mark.slow  # with the thorough fuzzing in --runslow: the quick run keeps to its 60 s budget
def test_fuzzed_saves_quick(saves: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fuzz_saves(saves, tmp_path, capsys, 30, 18)


@pytest.mark.slow  # with the thorough fuzzing in --runslow: the quick run keeps to its 60 s budget
def test_fuzzed_scenarios_quick(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fuzz_scenarios(tmp_path, capsys, 30, 18, SCENARIO_FILES)


@pytest.mark.slow
def test_fuzzed_saves(saves: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fuzz_saves(saves, tmp_path, capsys, 1000, 1918)


@pytest.mark.slow
def test_fuzzed_scenarios(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fuzz_scenarios(tmp_path, capsys, 1000, 1918, SCENARIO_FILES)


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


@pytest.mark.slow
def test_fuzzed_saves_in_capped_processes(saves: list[str], tmp_path: Path) -> None:
    """A memory blow-up kills a capped process (or ends in a MemoryError, exit 3): neither happens."""
    rnd = random.Random(1917)
    for case in range(40):
        text, how = mutate(rnd, saves[1 + case % 2], saves[1:])
        path = tmp_path / f"case{case}.toml"
        path.write_bytes(rehash(text.encode("utf-8", "surrogatepass")))
        for command in ("show", "verify"):
            argv = [sys.executable, "-m", "tui_wargame", "--scenarios", str(ROOT / "scenarios"), command,
                    str(path)]
            result = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=HANG_S,
                                    preexec_fn=_capped, check=False)
            assert result.returncode in (0, 1, 2), f"case {case} ({how}): {command}: {result.stderr}"
            assert printable(result.stdout) and printable(result.stderr), f"case {case} ({how}): {command}"
