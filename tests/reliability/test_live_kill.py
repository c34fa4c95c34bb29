"""A live player's terminal killed with kill -9 loses nothing, and the same command rejoins (issue 16).

A real `tui-wargame play SAVE --as SIDE` runs in an 80x24 pseudo-terminal and gives an order by
keys; it is killed with SIGKILL; the save verifies whole, and the same command started again
shows the game as it stood and takes the next order. Marked slow: each start is a second or more.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from tui_wargame import scenario_file
from tui_wargame.engine import Game


class Pty:
    """A program in an 80x24 pseudo-terminal; what it wrote is kept."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.execvpe(argv[0], argv, env)
        self.seen = b""

    def read_until(self, done, timeout: float = 30.0) -> None:  # noqa: ANN001
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, f"timed out; last output {self.seen[-300:]!r}"
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    self.seen += os.read(self.fd, 65536)
                except OSError:
                    return

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def kill(self) -> int:
        os.kill(self.pid, signal.SIGKILL)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return status


def records(save: Path) -> int:
    return save.read_text().count("[[record]]")


@pytest.mark.slow
def test_a_killed_terminal_loses_nothing_and_the_same_command_rejoins(tmp_path: Path) -> None:
    save = tmp_path / "live.toml"
    Game.new(scenario_file.find("suez1916"), save, seed=5).close()
    env = {**os.environ, "TERM": "xterm-256color", "TUI_WARGAME_LEDGER": "", "TUI_WARGAME_CACHE": "",
           "COLUMNS": "", "LINES": ""}
    command = [sys.executable, "-m", "tui_wargame", "play", str(save), "--as", "cp"]
    player = Pty(command, env)
    player.read_until(lambda: b"You play Central Powers" in player.seen)
    for key in (b"\t", b"\x1b[D", b"m"):  # the first unit able to move, one hex to the left
        player.send(key)
        time.sleep(0.3)
    player.read_until(lambda: records(save) == 2)
    status = player.kill()
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    with Game.open(save) as game:
        moved = game.records[1]
        assert game.verify() == [] and moved.side == "cp" and moved.order.startswith("move")
    again = Pty(command, env)  # the same command: the player rejoins
    again.read_until(lambda: b"You play Central Powers" in again.seen)
    again.send(b"e")  # end the movement phase: units could still move, so it asks first
    time.sleep(0.3)
    again.send(b"y")
    again.read_until(lambda: records(save) == 3)
    again.kill()
    with Game.open(save) as game:
        assert game.verify() == [] and game.records[2].order == "end" and game.state.phase == "combat"
