"""The ledger of rollbacks: what this player's program last saw of each game, to refuse a save cut back.

A save's hash chain shows any edit of a record, but not the loss of whole
records from its end: a save cut after record 9 is a well-formed save of ten
records. So each program remembers, per game (the header's `game`), the hash of
the header and the number and hash of the last record it wrote or read, in one
small JSON file per game under the ledger folder. A save of a known game whose
header differs, that ends before that record, or whose record there differs, is
refused (`check`). The ledger only moves forward (`note`): other programs
appending to the same save only ever lengthen it.

The folder is $TUI_WARGAME_LEDGER (empty: no ledger), else
$XDG_STATE_HOME/tui-wargame/ledger, else ~/.local/state/tui-wargame/ledger. A
folder that cannot be written means no ledger, never an error: the ledger
guards the player, it must not stop a game.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from tui_wargame.savefile import Record, SaveError, digest

ENV = "TUI_WARGAME_LEDGER"


def folder() -> Path | None:
    """Where the ledger is kept; None when it is turned off."""
    given = os.environ.get(ENV)
    if given is not None:
        return Path(given) if given else None
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "tui-wargame" / "ledger"


def entry_path(game: str) -> Path | None:
    """The file that holds what this player saw of `game` (named by a hash: `game` is read from a file)."""
    where = folder()
    return None if where is None else where / f"{digest(game.encode())}.json"


def _seen(game: str) -> tuple[str, int, str] | None:
    """(header hash, last seq, its hash) this player last saw of `game`; None if unknown or unreadable."""
    path = entry_path(game)
    if path is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO put there must not hang us
        try:
            data = os.read(fd, 4096) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
        finally:
            os.close(fd)
        entry = json.loads(data)
        header, seq, last = entry["header"], entry["seq"], entry["hash"]
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None
    if type(header) is not str or type(seq) is not int or type(last) is not str or seq < 0:
        return None
    return header, seq, last


def check(path: Path, game: str, header_hash: str, records: list[Record], intact: bool = True) -> None:
    """Refuse (SaveError) a save of `game` that is behind, or off, what this player already saw.

    A save whose hash chain is broken (not `intact`) is only checked for length:
    the break itself is what `verify` reports.
    """
    seen = _seen(game)
    if seen is None:
        return
    header, seq, last = seen
    forget = f"if you agree to go back to this save, delete {entry_path(game)} and open it again"
    if intact and header != header_hash:
        raise SaveError(f"{path}: [header]: not the header this game had when you last saw it (its "
                        f"options, seed or creation were changed, and the records hashed again); "
                        f"ask for the save as it was, or {forget}")
    if len(records) <= seq:
        cut = f"record {seq}" if seq == len(records) else f"records {len(records)} to {seq}"
        raise SaveError(f"{path}: rolled back: it ends at record {len(records) - 1}, but you already saw "
                        f"this game up to record {seq} ({cut} cut off); ask for the whole save, or {forget}")
    if intact and records[seq].hash != last:
        raise SaveError(f"{path}: rewritten: record {seq} is not the record {seq} you already saw of this "
                        f"game (records up to it were changed or replaced); ask for the save as it was, "
                        f"or {forget}")


def note(game: str, header_hash: str, record: Record) -> None:
    """Remember that this player saw `game` up to `record`; only ever forward, and silent if the
    ledger cannot be written (no ledger then)."""
    path = entry_path(game)
    if path is None:
        return
    seen = _seen(game)
    if seen is not None and (seen[0] != header_hash or seen[1] >= record.seq):
        return
    data = json.dumps({"header": header_hash, "seq": record.seq, "hash": record.hash}).encode()
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        try:
            tmp.write_bytes(data)
        except FileNotFoundError:  # the first note of all: make the folder
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
