"""Hostile paths (issue 18): a save's scenario field, or a file argument, that points at a device,
a FIFO or a file outside the scenario folders; files too large to read. Each gives one line that
names the file and the problem, exit status 2, and changes nothing; none hangs or eats memory.

The cases that hung or grew without end before the fix run the command in a child process with
a time limit and an address-space limit, so that a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import files, savefile
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import Scenario

ROOT = Path(__file__).resolve().parents[2]


def child(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`tui-wargame ARGV` in a child limited to 1 GB of memory and 60 s."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "TUI_WARGAME_SAVES": str(cwd / "saves")}
    return subprocess.run([sys.executable, "-m", "tui_wargame", "--scenarios", str(TESTBED_DIR), *argv],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=60, preexec_fn=limit)


def forged(testbed: Scenario, path: Path, scenario: str) -> Path:
    with Game.new(testbed, path, seed=2):
        pass
    path.write_text(path.read_text().replace('scenario = "testbed"', f"scenario = {scenario!r}", 1))
    return path


@pytest.mark.parametrize("name", ["/dev/zero", "FIFO", "../../../../etc/hostname", "testbed.toml"])
def test_a_saves_scenario_is_an_id_never_a_path(testbed: Scenario, tmp_path: Path, name: str) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    save = forged(testbed, tmp_path / "g.toml", str(fifo) if name == "FIFO" else name)
    before = save.read_bytes()
    for command in ("show", "legal"):
        done = child(command, str(save), cwd=tmp_path)
        last = done.stderr.strip().splitlines()[-1]
        assert done.returncode == 2, done.stderr
        assert last.startswith(f"tui-wargame: {save}: header.scenario: ") and "is not a scenario id" in last
        assert "Traceback" not in done.stderr
    assert save.read_bytes() == before


@pytest.mark.parametrize("command", ["show", "new", "play", "legal"])
@pytest.mark.parametrize("target", ["/dev/zero", "FIFO", "folder"])
def test_a_file_argument_that_is_not_a_regular_file(tmp_path: Path, command: str, target: str) -> None:
    os.mkfifo(tmp_path / "FIFO")
    (tmp_path / "folder").mkdir()
    path = target if target.startswith("/") else str(tmp_path / target)
    done = child(command, path, cwd=tmp_path)
    what = {"/dev/zero": "a device", "FIFO": "a FIFO", "folder": "a folder"}[target]
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"tui-wargame: {path}: ") and f"(this is {what})" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "saves").exists()


def test_files_past_their_limit_are_refused_unread(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.toml"
    assert main(["--scenarios", str(TESTBED_DIR), "new", "testbed", "--out", str(save)]) == 0
    monkeypatch.setattr(savefile, "SAVE_LIMIT", save.stat().st_size - 1)
    monkeypatch.setattr("tui_wargame.scenario_file.SCENARIO_LIMIT", 1000)
    capsys.readouterr()
    assert main(["--scenarios", str(TESTBED_DIR), "show", str(save)]) == 2
    assert capsys.readouterr().err == (f"tui-wargame: {save}: the save is {save.stat().st_size} bytes, "
                                       f"more than the {save.stat().st_size - 1} bytes a save may be\n")
    scenario = TESTBED_DIR / "testbed.toml"
    assert main(["new", str(scenario), "--out", str(tmp_path / "h.toml")]) == 2
    assert capsys.readouterr().err.startswith(f"tui-wargame: {scenario}: the scenario is ")
    assert not (tmp_path / "h.toml").exists()


def test_read_limited_reads_a_regular_file_and_stops_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert files.read_limited(path, 100, "save") == b"x" * 100
    with pytest.raises(files.FileUnreadable, match="the save is 100 bytes, more than the 99 bytes"):
        files.read_limited(path, 99, "save")
    with pytest.raises(files.FileUnreadable, match=r"cannot be read \(No such file or directory\)"):
        files.read_limited(tmp_path / "missing", 100, "save")


def test_a_crlf_save_is_named_as_such(testbed: Scenario, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "g.toml"
    with Game.new(testbed, save, seed=2):
        pass
    save.write_bytes(save.read_bytes().replace(b"\n", b"\r\n"))
    assert main(["--scenarios", str(TESTBED_DIR), "show", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tui-wargame: {save}: line 1: the save's lines end in CR LF")


def test_play_on_a_busy_or_unreadable_save_tells_the_saves_problem(
        testbed: Scenario, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.toml"
    with Game.new(testbed, save, seed=2):
        pass
    monkeypatch.setattr(savefile, "LOCK_TIMEOUT_S", 0.05)
    fd = os.open(save, os.O_RDONLY)
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)
        assert main(["--scenarios", str(TESTBED_DIR), "play", str(save)]) == 2
    finally:
        os.close(fd)
    err = capsys.readouterr().err
    assert err.startswith(f"tui-wargame: {save}: another process has held this save's lock") and \
        "scenario" not in err
    if os.geteuid() != 0:  # root reads whatever the mode says
        save.chmod(0)
        assert main(["--scenarios", str(TESTBED_DIR), "play", str(save)]) == 2
        err = capsys.readouterr().err
        assert err == f"tui-wargame: {save}: the file cannot be read (Permission denied)\n"


def test_a_fifo_put_in_place_of_an_open_save_is_told_not_waited_on(testbed: Scenario, tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    game = Game.new(testbed, save, seed=2)
    save.unlink()
    os.mkfifo(save)

    class Hung(Exception):
        """Not an OSError, which the reader would turn into a SaveError."""

    def stuck(*_: object) -> None:
        raise Hung("the read of the save hung")

    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(10)
    try:
        with pytest.raises(savefile.SaveError, match=f"{save}: cannot be read"):
            game.refresh()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        game.close()
