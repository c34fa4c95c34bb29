"""docs/hosting.md's recipe with a real OpenSSH server: a private `sshd` on 127.0.0.1, keys whose
`authorized_keys` lines force `tui-wargame lobby --player NAME`, two players and a spectator
connected with real `ssh` clients in 80x24 terminals (tmux), two turns of Suez 1916 played by both sides,
a dropped connection rejoined, and the save verified (slow: `--runslow`)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.sshhost import ROOT, Host, Unavailable, free_port
from tui_wargame.engine import Game

pytestmark = pytest.mark.slow

PLAYERS = ("alice", "bob", "carol")


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    h = Host(tmp_path, PLAYERS)
    try:
        h.start()
    except Unavailable as exc:
        pytest.skip(str(exc))
    try:
        yield h
    finally:
        h.stop()


def to_act(path: Path) -> tuple[str, str]:
    """The side to act in the save, and the order its player gives next: one move a phase (if it
    has one), then `end`; the first legal order when `end` is not one (a decision owed)."""
    with Game.open(path) as game:
        legal = [o.text for o in game.legal_orders()]
        last = game.records[-1]
        moved = last.kind == "order" and last.side == game.state.to_act and last.order.startswith("move ")
        moves = [o for o in legal if o.startswith("move ")]
        if moves and not moved:
            return game.state.to_act, moves[0]
        return game.state.to_act, "end" if "end" in legal else legal[0]


def turn(path: Path) -> int:
    with Game.open(path) as game:
        return game.state.turn


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

    # two whole turns (Zero Hour and 5 August), each order typed by the seat's holder
    holder = {"cp": "alice", "british": "bob"}
    given = {"alice": 0, "bob": 0}
    while turn(path) < 2:
        side, order = to_act(path)
        player = holder.get(side) or pytest.fail(f"an unexpected side to act: {side}")
        other = "bob" if player == "alice" else "alice"
        give(host, player, order, path)
        given[player] += 1
        seq = records(path) - 1
        host.wait("carol", lambda t, s=seq: f"watching live, record {s}" in t, f"record {seq} live")
        now = to_act(path)[0]
        if now != side:  # the phase passed: both players' headers name the side to act now
            with Game.open(path) as game:  # by its name, or its short name where the header is narrow
                names = (game.side_name(now), game.scenario.side[now].short or game.side_name(now))
            for terminal in (player, other):
                host.wait(terminal, lambda t, ns=names: any(f"{n}: " in t.splitlines()[0] for n in ns),
                          f"{names[0]} to act")

    assert min(given.values()) >= 4, given  # each side moved and ended its phases in both turns

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
                                     "-R", f"{free_port()}:127.0.0.1:{host.port}"),
                            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert tunnel.returncode != 0
