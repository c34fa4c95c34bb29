"""A private OpenSSH server set up by docs/hosting.md's recipe, and its players' terminals.

Shared by the real-sshd test (tests/reliability/test_ssh_host.py) and the hosting benchmark
(benchmarks/host.py): an `sshd` on 127.0.0.1 with its own host key, one key a player whose
`authorized_keys` line forces `tui-wargame lobby --player NAME`, and a tmux server whose 80x24
sessions run the players' real `ssh -tt` clients. Only the standard library: the benchmark
imports it without pytest.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SSHD = shutil.which("sshd") or next(
    (p for p in ("/usr/sbin/sshd", "/usr/local/sbin/sshd") if os.path.exists(p)), None)


class Unavailable(Exception):
    """This machine cannot run the private host (a tool missing, or sshd refused to start)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """A private sshd, its players' keys, and a tmux server whose 80x24 sessions are the terminals."""

    def __init__(self, tmp: Path, players: Sequence[str]) -> None:
        self.tmp, self.saves, self.seeds = tmp, tmp / "saves", tmp / "sealed"
        self.players = tuple(players)
        self.port = free_port()
        self.tmux = ["tmux", "-S", str(tmp / "tmux.sock")]
        self.user = os.environ.get("USER") or subprocess.run(["id", "-un"], capture_output=True,
                                                              text=True).stdout.strip()
        self.server: subprocess.Popen[bytes] | None = None

    def setup(self) -> None:
        keygen = ["ssh-keygen", "-q", "-t", "ed25519", "-N", ""]
        subprocess.run([*keygen, "-f", str(self.tmp / "host_key")], check=True)
        lines = []
        for player in self.players:
            subprocess.run([*keygen, "-f", str(self.tmp / player)], check=True)
            command = (f"env PYTHONPATH={ROOT} TUI_WARGAME_CACHE= TUI_WARGAME_LEDGER= {sys.executable} "
                       f"-m tui_wargame lobby --player {player} --saves {self.saves} --seeds {self.seeds}")
            key = (self.tmp / f"{player}.pub").read_text().strip()
            lines.append(f'command="{command}",restrict,pty {key}\n')  # the recipe's line, paths absolute
        (self.tmp / "authorized_keys").write_text("".join(lines))
        (self.tmp / "sshd_config").write_text(
            f"Port {self.port}\nListenAddress 127.0.0.1\nHostKey {self.tmp / 'host_key'}\n"
            f"PidFile {self.tmp / 'sshd.pid'}\nAuthorizedKeysFile {self.tmp / 'authorized_keys'}\n"
            f"AllowUsers {self.user}\nPubkeyAuthentication yes\nPasswordAuthentication no\n"
            f"KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nPermitRootLogin prohibit-password\n"
            f"DisableForwarding yes\nPermitUserRC no\n")

    def start(self) -> None:
        """Set up and start the sshd, and wait until it listens; Unavailable if it cannot run here."""
        if SSHD is None:
            raise Unavailable("sshd is not installed (Debian: apt-get install openssh-server)")
        for tool in ("ssh", "ssh-keygen", "tmux"):
            if shutil.which(tool) is None:
                raise Unavailable(f"{tool} is not installed")
        if os.geteuid() == 0 and not os.path.isdir("/run/sshd"):
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # sshd's privilege separation folder
        self.setup()
        with (self.tmp / "sshd.log").open("w") as log:
            self.server = subprocess.Popen([SSHD, "-D", "-e", "-f", str(self.tmp / "sshd_config")],
                                           stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.server.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise Unavailable("sshd would not start here: "
                                      f"{(self.tmp / 'sshd.log').read_text()[-300:]}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        """Close every terminal (their sessions end with them), then the sshd."""
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=10)
            self.server = None

    def ssh(self, player: str, *extra: str) -> list[str]:
        return ["ssh", "-F", "/dev/null", "-i", str(self.tmp / player), "-p", str(self.port),
                "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={self.tmp / 'known_hosts'}", "-o", "LogLevel=ERROR",
                *extra, f"{self.user}@127.0.0.1"]

    def connect(self, player: str) -> None:
        """`player` logs in from an 80x24 terminal: a tmux session running `ssh -tt`."""
        command = " ".join(self.ssh(player, "-tt"))
        subprocess.run([*self.tmux, "new-session", "-d", "-s", player, "-x", "80", "-y", "24", command],
                       check=True)

    def screen(self, player: str) -> str:
        return subprocess.run([*self.tmux, "capture-pane", "-p", "-t", player], capture_output=True,
                              text=True).stdout

    def keys(self, player: str, *keys: str) -> None:
        for key in keys:
            subprocess.run([*self.tmux, "send-keys", "-t", player, key], check=True)
            time.sleep(0.15)

    def type(self, player: str, text: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", player, "-l", text], check=True)
        time.sleep(0.15)

    def wait(self, player: str, seen: Callable[[str], bool], what: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen(player)
            if seen(text):
                return text
            time.sleep(0.1)
        raise AssertionError(f"{player}'s terminal never showed {what}:\n{self.screen(player)}")

    def drop(self, player: str) -> None:
        """The player's connection dies: their ssh client is killed (kill -9)."""
        pid = subprocess.run([*self.tmux, "display-message", "-p", "-t", player, "#{pane_pid}"],
                             capture_output=True, text=True).stdout.strip()
        os.kill(int(pid), 9)
        subprocess.run([*self.tmux, "kill-session", "-t", player], capture_output=True)
