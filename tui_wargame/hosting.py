"""A shared host's games: the saves folder the lobby lists, and the host-only folder of sealed seeds.

Each player reaches the host through `tui-wargame lobby --player NAME`, the one command their SSH
key may run (docs/hosting.md). Everything a player can do goes through `Host`, which seats
every game it opens for writing (`Game.sit`), so no path of the lobby acts for another side.
A hosted game's seed lives in `SealedSeeds`, a folder only the host account reads; the save
holds its seal, and the order that ends the game reveals it (engine.REVEAL).
"""

from __future__ import annotations

import os
import time
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tui_wargame import scenario_file, seats
from tui_wargame.dice import SealedSeed
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.files import FileUnreadable, first_free, read_limited
from tui_wargame.frozen import frozen
from tui_wargame.model import IllegalOrder, Scenario
from tui_wargame.savefile import new_identity


class HostError(WargameError):
    """The host's folders or a hosted game cannot be used; the message names the folder or file."""


def default_seeds_dir() -> Path:
    """$TUI_WARGAME_SEEDS, else $XDG_STATE_HOME/tui-wargame/sealed, else ~/.local/state/tui-wargame/sealed."""
    if given := os.environ.get("TUI_WARGAME_SEEDS"):
        return Path(given)
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "tui-wargame" / "sealed"


class SealedSeeds:
    """The host-only folder of hosted games' seeds: one file a game, named by its seal.

    The folder is made 0700 and each file 0600; a folder others may read or enter is refused,
    since anyone who reads a seed can compute every die of its game."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def check(self) -> Path:
        """The folder, made if need be; HostError if it cannot be used or others may read it."""
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            mode = self.folder.stat().st_mode
        except OSError as exc:
            raise HostError(f"{self.folder}: the folder of sealed seeds cannot be used "
                            f"({exc.strerror or exc})") from None
        if mode & 0o077:
            raise HostError(f"{self.folder}: the folder of sealed seeds may be read by others "
                            f"(mode {mode & 0o777:o}); make it the host account's only: "
                            f"chmod 700 {self.folder}")
        return self.folder

    def keep(self, sealed: SealedSeed, game: str) -> None:
        """Write `sealed` for the game whose identity is `game` (synced), before its save exists, so
        no game is left without its dice. A copy of the save (a branch) is another game: no dice."""
        path = self.check() / f"{sealed.seal}.toml"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, f'game = "{game}"\nseed = {sealed.seed}\nsalt = "{sealed.salt}"\n'.encode())
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            raise HostError(f"{path}: a sealed seed cannot be written ({exc.strerror or exc})") from None

    def find(self, seal: str, game: str) -> SealedSeed:
        """The seed `seal` commits to, kept for the game `game`; HostError if the host has none."""
        path = self.check() / f"{seal}.toml"
        try:
            raw = tomllib.loads(read_limited(path, 4096, "sealed seed").decode())
            sealed = SealedSeed(raw["seed"], raw["salt"])
        except (FileUnreadable, ValueError, KeyError, TypeError, UnicodeDecodeError):
            raise HostError(f"{path}: this hosted game's sealed seed is missing or unreadable; "
                            f"the host must restore it from a backup") from None
        if type(sealed.seed) is not int or type(sealed.salt) is not str or sealed.seal != seal:
            raise HostError(f"{path}: not the seed this game's seal commits to")
        if raw.get("game") != game:
            raise HostError(f"{path}: this sealed seed is another game's (a copy of a hosted game "
                            f"rolls no dice)")
        return sealed


@frozen
class Listing:
    """One game of the saves folder as the lobby lists it."""

    path: Path
    title: str
    seats: Mapping[str, str]  # side -> player
    sides: Sequence[tuple[str, str]]  # (id, name) in the scenario's order
    turn: str  # "turn 2 of 8", or "over" with the result
    to_act: str  # the side's name, "" when over
    phase: str
    activity: float  # the save's modification time
    problem: str = ""  # why it cannot be opened; the rest is then empty

    def seat_of(self, player: str) -> str | None:
        return seats.seat_of(self.seats, player)

    def open_seats(self) -> list[str]:
        return [side for side, _ in self.sides if side not in self.seats]


class Host:
    """What a player may do on the host, as `player` (whom the host named, never the player)."""

    def __init__(self, saves: Path, sealed: SealedSeeds, player: str,
                 scenario_dirs: Sequence[Path] | None = None) -> None:
        if problem := seats.name_problem(player):
            raise HostError(f"--player: {problem}")
        self.saves = saves
        self.sealed = sealed
        self.player = player
        self.scenario_dirs = scenario_dirs
        self._listed: dict[Path, tuple[tuple[int, int, int], Listing | None]] = {}  # by (size, mtime, inode)

    def games(self) -> list[Listing]:
        """The hosted games of the saves folder (those with a sealed seed), newest first. A save
        unchanged since the last call is not read again."""
        try:
            paths = [p for p in self.saves.glob("*.toml") if p.is_file()]
        except OSError:
            return []
        found = [self._listing(p) for p in paths]
        self._listed = {p: self._listed[p] for p in paths if p in self._listed}
        return sorted((g for g in found if g is not None), key=lambda g: -g.activity)

    def _listing(self, path: Path) -> Listing | None:
        try:
            st = path.stat()
        except OSError as exc:
            return Listing(path, path.stem, {}, (), "", "", "", 0.0, f"{path}: {exc.strerror or exc}")
        stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
        if (kept := self._listed.get(path)) is not None and kept[0] == stamp:
            return kept[1]
        try:
            with Game.open(path, scenario_dirs=self.scenario_dirs) as game:
                # a hot-seat or e-mail save left here is not the lobby's
                found = listing(game, st.st_mtime) if game.header.seal else None
        except WargameError as exc:
            found = Listing(path, path.stem, {}, (), "", "", "", 0.0, str(exc))
        self._listed[path] = (stamp, found)
        return found

    def create(self, scenario: Scenario, options: Mapping[str, Any], side: str) -> Game:
        """A new hosted game with this player in `side`'s seat and the other seats open; its
        seed is kept in the host's folder before the save is written, and never shown."""
        sealed, identity = SealedSeed.make(), new_identity()
        self.sealed.keep(sealed, identity)
        game = first_free(self.saves, scenario.id, lambda path: Game.new(
            scenario, path, options=options, sealed=sealed, seat=(side, self.player), identity=identity))
        game.sit(self.player)
        return game

    def _open_hosted(self, path: Path, write: bool) -> Game:
        game = Game.open(path, write=write, scenario_dirs=self.scenario_dirs)
        if not game.header.seal:
            game.close()
            raise HostError(f"{path.name}: not a hosted game (it has no sealed seed)")
        return game

    def play(self, path: Path) -> Game:
        """This player's game, open for writing and bound to their seat (resume)."""
        game = self._open_hosted(path, write=True)
        try:
            if game.secret is None:  # not yet revealed by the game's end: the host's copy
                game.secret = self.sealed.find(game.header.seal, game.header.game)
            game.sit(self.player)
        except WargameError:
            game.close()
            raise
        return game

    def join(self, path: Path, side: str) -> Game:
        """Take `side`'s open seat (durable, and refused if someone took it meanwhile), then play."""
        game = self._open_hosted(path, write=True)
        try:
            game.take_seat(side, self.player)
        except (WargameError, IllegalOrder):
            game.close()
            raise
        game.close()
        return self.play(path)

    def watch(self, path: Path) -> Game:
        """A hosted game, read-only, for a spectator (or a player looking on)."""
        return self._open_hosted(path, write=False)


def listing(game: Game, activity: float) -> Listing:
    """`game` as a line of the lobby."""
    sc, state = game.scenario, game.state
    if state.over and state.result is not None:
        r = state.result
        turn = f"over: {game.side_name(r.winner)} won" if r.winner else "over: a draw"
        to_act = phase = ""
    else:
        turn = f"turn {state.turn + 1} of {len(sc.turns)}"
        to_act, phase = game.side_name(state.to_act), state.phase
    return Listing(game.path or Path(), sc.title, dict(game.seats), tuple((s.id, s.name) for s in sc.sides),
                   turn, to_act, phase, activity)


def ago(then: float, now: float | None = None) -> str:
    """"just now", "5 min ago", "3 h ago", "2 days ago": how long since `then`."""
    seconds = max(0, int((time.time() if now is None else now) - then))
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{seconds // 60} min ago"
    if seconds < 86400:
        return f"{seconds // 3600} h ago"
    return f"{seconds // 86400} days ago"


def scenarios(scenario_dirs: Sequence[Path] | None) -> list[Scenario]:
    """The scenarios a hosted game may be made of (those that load)."""
    found = []
    for path in sorted(scenario_file.scenario_files(scenario_dirs).values()):
        try:
            found.append(scenario_file.load(path))
        except WargameError:
            continue
    return found
