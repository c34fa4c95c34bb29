"""docs/hosting.md's recipe with a real OpenSSH server: a private `sshd` on 127.0.0.1, keys whose
`authorized_keys` lines force `tui-wargame lobby --player NAME`, two players and a spectator
connected with real `ssh` clients in 80x24 terminals (tmux), a few orders of Suez 1916 each way,
a dropped connection rejoined, and the save verified (slow: `--runslow`)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tui_wargame.engine import Game

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SSHD = shutil.which("sshd") or next(
    (p for p in ("/usr/sbin/sshd", "/usr/local/sbin/sshd") if os.path.exists(p)), None)
PLAYERS = ("alice", "bob", "carol")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """A private sshd, its players' keys, and a tmux server whose 80x24 windows are the terminals."""

    def __init__(self, tmp: Path) -> None:
        self.tmp, self.saves, self.seeds = tmp, tmp / "saves", tmp / "sealed"
        self.port = _free_port()
        self.tmux = ["tmux", "-S", str(tmp / "tmux.sock")]
        self.user = os.environ.get("USER") or subprocess.run(["id", "-un"], capture_output=True,
                                                              text=True).stdout.strip()

    def setup(self) -> None:
        keygen = ["ssh-keygen", "-q", "-t", "ed25519", "-N", ""]
        subprocess.run([*keygen, "-f", str(self.tmp / "host_key")], check=True)
        lines = []
        for player in PLAYERS:
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

    def ssh(self, player: str, *extra: str) -> list[str]:
        return ["ssh", "-F", "/dev/null", "-i", str(self.tmp / player), "-p", str(self.port),
                "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={self.tmp / 'known_hosts'}", "-o", "LogLevel=ERROR",
                *extra, f"{self.user}@127.0.0.1"]

    def connect(self, player: str) -> None:
        """`player` logs in from an 80x24 terminal: a tmux window running `ssh -tt`."""
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


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    if SSHD is None:
        pytest.skip("sshd is not installed (Debian: apt-get install openssh-server)")
    for tool in ("ssh", "ssh-keygen", "tmux"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed")
    if os.geteuid() == 0 and not os.path.isdir("/run/sshd"):
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # sshd's privilege separation folder
    h = Host(tmp_path)
    h.setup()
    log = (tmp_path / "sshd.log").open("w")
    server = subprocess.Popen([SSHD, "-D", "-e", "-f", str(tmp_path / "sshd_config")],
                              stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", h.port), timeout=0.2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.skip(f"sshd would not start here: {(tmp_path / 'sshd.log').read_text()[-300:]}")
                time.sleep(0.05)
        yield h
    finally:
        subprocess.run([*h.tmux, "kill-server"], capture_output=True)
        server.terminate()
        server.wait(timeout=10)
        log.close()


def to_act(path: Path) -> tuple[str, str]:
    """The side to act in the save, and an order it may give: a move if it has one, else `end`."""
    with Game.open(path) as game:
        moves = [o.text for o in game.legal_orders() if o.verb == "move"]
        return game.state.to_act, (moves[0] if moves else "end")


def records(path: Path) -> int:
    with Game.open(path) as game:
        return len(game.records)


def give(host: Host, player: str, order: str, path: Path) -> None:
    """`player` types `order` on the game screen's command line; it is on disk after."""
    before = records(path)
    host.keys(player, ":")
    host.type(player, order)
    host.keys(player, "Enter")
    deadline = time.monotonic() + 15
    while records(path) == before:
        assert time.monotonic() < deadline, (f"{player}'s `{order}` never reached the save:\n"
                                             f"{host.screen(player)}")
        time.sleep(0.1)


def test_two_players_and_a_spectator_over_real_ssh(host: Host) -> None:
    for player in PLAYERS:
        host.connect(player)
    for player in PLAYERS:
        host.wait(player, lambda t, p=player: f"you are {p}" in t and "No hosted games yet" in t, "the lobby")

    # alice makes a game of Suez 1916 (historical set-up) as the Central Powers
    host.keys("alice", "n")
    host.wait("alice", lambda t: "Suez 1916" in t, "the scenarios")
    host.keys("alice", "Down", "Enter")
    host.wait("alice", lambda t: "historical" in t, "the set-up choice")
    host.keys("alice", "Enter")
    host.wait("alice", lambda t: "your side" in t, "the choice of side")
    host.keys("alice", "Enter")
    host.wait("alice", lambda t: "you play Central Powers" in t, "the new game")
    (path,) = host.saves.glob("suez1916-*.toml")

    # bob sees it with a seat open and joins; carol finds every seat taken and watches
    host.wait("bob", lambda t: "British: open seat" in t and "Central Powers: alice" in t, "the open seat")
    host.keys("bob", "Enter")
    host.wait("bob", lambda t: "You took the British seat" in t, "his seat")
    host.wait("carol", lambda t: "Central Powers: alice   British: bob" in t, "the seats taken")
    host.keys("carol", "w")
    host.wait("carol", lambda t: "watching live" in t, "the game, live")

    # a few orders each way, each typed by the seat's holder
    holder = {"cp": "alice", "british": "bob"}
    given = {"alice": 0, "bob": 0}
    while min(given.values()) < 3:
        side, order = to_act(path)
        player = holder.get(side) or pytest.fail(f"an unexpected side to act: {side}")
        other = "bob" if player == "alice" else "alice"
        give(host, player, order, path)
        given[player] += 1
        seq = records(path) - 1
        host.wait("carol", lambda t, s=seq: f"watching live, record {s}" in t, f"record {seq} live")
        now = to_act(path)[0]
        if now != side:  # the phase passed: both players' headers name the side to act now
            name = {"cp": "Central Powers", "british": "British"}[now]
            for terminal in (player, other):
                host.wait(terminal, lambda t, n=name: f"{n}: " in t.splitlines()[0], f"{name} to act")

    # the ones who may not act are refused: bob typing while the Central Powers move does nothing
    if to_act(path)[0] == "cp":
        before = records(path)
        host.keys("bob", ":")
        host.type("bob", "end")
        host.keys("bob", "Enter")
        time.sleep(0.5)
        assert records(path) == before

    # bob's connection drops; he logs in again and the lobby gives him his game back
    host.drop("bob")
    host.connect("bob")
    host.wait("bob", lambda t: "British: you" in t, "his game in the lobby")
    host.keys("bob", "Enter")
    host.wait("bob", lambda t: "Your game: you play British" in t, "his game resumed")

    with Game.open(path) as game:
        assert game.seats == {"cp": "alice", "british": "bob"}
        assert {r.by for r in game.records if r.kind == "order"} == {"alice", "bob"}
        assert game.header.seal and game.header.seed == 0
    seed_file = next(host.seeds.glob("*.toml"))
    seed = seed_file.read_text().split("seed = ")[1].split()[0]
    assert seed not in path.read_text()
    for player in PLAYERS:
        assert seed not in host.screen(player)
    verify = subprocess.run([sys.executable, "-m", "tui_wargame", "verify", str(path)], capture_output=True,
                            text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert verify.returncode == 0 and "the dice cannot be checked yet" in verify.stdout, verify.stderr


def test_the_forced_command_gives_no_shell_and_no_forwarding(host: Host) -> None:
    """`restrict` in authorized_keys: a command asked for is not run; a tunnel is refused (a remote
    forward, which the server must grant or refuse at once)."""
    marker = host.tmp / "ran"
    asked = subprocess.run(host.ssh("alice", "-T", f"touch {marker}"), capture_output=True, text=True,
                           timeout=30, stdin=subprocess.DEVNULL)
    assert not marker.exists() and asked.returncode != 0
    tunnel = subprocess.run(host.ssh("alice", "-N", "-o", "ExitOnForwardFailure=yes",
                                     "-R", f"{_free_port()}:127.0.0.1:{host.port}"),
                            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert tunnel.returncode != 0
