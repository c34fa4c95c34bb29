"""The save file: an append-only TOML log that is the game, its undo history and its replay.

Layout (docs/save-format.md has the whole story)::

    [header]                      format, scenario id and hash, system, seed, options
    [[record]]                    seq, side, kind, order, prev, events ...
    # sha256 <hash of the record's lines above>
    [[record]]
    ...

Every record is written with one `write` and an `fsync` before its order is
reported accepted, and nothing written is ever rewritten. A record ends with a
comment line holding the hash of its own bytes, and names the hash of the one
before it (`prev`; the first names the header's), so a torn last record is
recognised and dropped, and any edit breaks the chain.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import tomli_w

from tui_wargame import record_reader
from tui_wargame.errors import WargameError
from tui_wargame.frozen import frozen
from tui_wargame.model.events import STATE_EVENTS, Event, EventError

#: The format this version writes. Older formats are upgraded in memory by UPGRADES.
FORMAT = 2

#: The state events of format 1; every other kind in a format-1 save is a report.
FORMAT_1_STATE_EVENTS = frozenset({
    "phase_began", "unit_placed", "unit_moved", "step_lost", "unit_flagged", "value_set", "control_changed",
    "decision_required", "decision_made", "game_ended", "state_restored",
})


def _format_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 2 adds the marker events and lists its state events in the header.

    A format-1 save's report that happens to bear a name format 2 gave a state
    event (a rule system's "marker_placed" report) stays a report: it is renamed
    "<kind>_report", so that it is not folded as a state event.
    """
    new = STATE_EVENTS - FORMAT_1_STATE_EVENTS
    for record in doc.get("record", []):
        events = record.get("event") if type(record) is dict else None
        for event in events if type(events) is list else ():
            if type(event) is dict and event.get("kind") in new:
                event["kind"] = f"{event['kind']}_report"
    doc["header"]["state_events"] = sorted(STATE_EVENTS)
    return doc


#: UPGRADES[n] turns a parsed save of format n (a dict with "header" and "record") into format n+1.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _format_1_to_2}

RECORD_KINDS = ("setup", "order", "undo")
_RECORD_LINE = re.compile(rb"\[\[record\]\]\n")  # literal, which re finds fast; a line of its own
_TERMINATOR = re.compile(rb"# sha256 ([0-9a-f]{32})\n\Z")
_TERMINATOR_LENGTH = len(b"# sha256 \n") + 32  # fixed: matched where it must start, not searched for
_HASH_LINE = re.compile(rb"# sha256 [0-9a-f]{32}\n")

_PREAMBLE = (
    "# tui-wargame save: an append-only log of orders and the events they produced.\n"
    "# Each record ends with the hash of its lines; `tui-wargame verify` checks the chain.\n"
)


class SaveError(WargameError):
    """A save file that cannot be read or written; the message names the file and the place."""


class SaveLocked(SaveError):
    """Another process is appending to this save."""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


@frozen
class Header:
    scenario: str
    scenario_hash: str
    system: str
    seed: int
    created: str
    app: str
    options: Mapping[str, Any]
    format: int = FORMAT


@frozen
class Record:
    seq: int
    side: str
    kind: str  # "setup", "order" or "undo"
    order: str
    events: tuple[Event, ...]
    prev: str = ""
    hash: str = ""
    final: bool = False  # rolled dice or revealed hidden information
    reverts: int | None = None  # for undo: the seq of the record it reverts


def header_bytes(header: Header) -> bytes:
    table = {
        "format": header.format,
        "scenario": header.scenario,
        "scenario_hash": header.scenario_hash,
        "system": header.system,
        "seed": header.seed,
        "created": header.created,
        "app": header.app,
        "state_events": sorted(STATE_EVENTS),
        "options": dict(header.options),
    }
    return (_PREAMBLE + tomli_w.dumps({"header": table})).encode()


def record_bytes(record: Record) -> tuple[bytes, str]:
    """The bytes of `record` as written (its hash line included) and its hash.

    One line a field and one line an event, so that a record reads well in a
    text editor and parses fast.
    """
    lines = [
        "",
        "[[record]]",
        f"seq = {record.seq}",
        f"side = {_toml(record.side)}",
        f"kind = {_toml(record.kind)}",
        f"order = {_toml(record.order)}",
        f"prev = {_toml(record.prev)}",
    ]
    if record.final:
        lines.append("final = true")
    if record.reverts is not None:
        lines.append(f"reverts = {record.reverts}")
    lines.append("event = [")
    lines += [f"    {_toml(e.to_dict())}," for e in record.events]
    lines.append("]\n")
    body = "\n".join(lines).encode()
    h = digest(body)
    return body + f"# sha256 {h}\n".encode(), h


def _toml(value: Any) -> str:
    """`value` as a one-line TOML value (inline tables and arrays)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON string escapes are TOML basic-string escapes; TOML also wants DEL escaped.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, Mapping):  # keys quoted, so that record_reader can read it as JSON
        return "{" + ", ".join(f"{_toml(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"a save cannot hold {type(value).__name__}")


class SaveFile:
    """A save read into memory: its header, its records, and what was wrong with it.

    `warnings` are things the player should hear (a torn record dropped);
    `problems` are breaks of integrity (a hash that does not match) that make
    `verify` fail. `good_length` is the byte length of the undamaged part.
    """

    def __init__(self, path: Path, header: Header, records: list[Record], header_hash: str,
                 good_length: int, warnings: list[str], problems: list[str],
                 upgraded_from: int | None = None, dropped: str = "") -> None:
        self.path = path
        self.header = header
        self.records = records
        self.header_hash = header_hash
        self.good_length = good_length
        self.warnings = warnings
        self.problems = problems
        self.upgraded_from = upgraded_from
        self.dropped = dropped  # what was cut off the end, if anything: `verify` reports it

    @property
    def last_hash(self) -> str:
        return self.records[-1].hash if self.records else self.header_hash


def create(path: Path, header: Header, records: Iterable[Record]) -> SaveFile:
    """Write a new save holding `header` and the first `records`; never overwrites a file."""
    path = Path(path)
    head = header_bytes(header)
    prev = digest(head)
    chunks, written = [head], []
    for r in records:
        r = Record(r.seq, r.side, r.kind, r.order, r.events, prev, "", r.final, r.reverts)
        data, h = record_bytes(r)
        written.append(Record(r.seq, r.side, r.kind, r.order, r.events, prev, h, r.final, r.reverts))
        chunks.append(data)
        prev = h
    blob = b"".join(chunks)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            _write_all(fd, blob)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)  # atomic, and fails if `path` exists
        except FileExistsError:
            raise SaveError(f"{path}: a file of that name exists already; choose another name") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(path.parent)
    return SaveFile(path, header, written, digest(head), len(blob), [], [])


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read(path: Path | str) -> SaveFile:
    """Read a save. A torn last record is dropped with a warning; anything else broken is a SaveError."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return parse(data, path)


def parse(data: bytes, path: Path) -> SaveFile:
    warnings: list[str] = []
    problems: list[str] = []
    good_length = _end_of_last_record(data)
    tail = data[good_length:]
    dropped = ""
    if tail.strip():
        line = data[:good_length].count(b"\n") + 1
        if tail.lstrip().startswith(b"["):  # the beginning of a record
            dropped = (f"the last record (from line {line}) is incomplete (torn by a crash or a power "
                       f"cut, or edited); it was dropped, every record before it is intact")
        else:
            dropped = (f"the text after the last record (from line {line}) is not part of the game; "
                       f"it was ignored, and is removed when the game goes on")
        warnings.append(f"{path}: {dropped}")
    # Where each "[[record]]" line begins; the blank line before it belongs to that record's bytes.
    starts = [m.start() for m in _RECORD_LINE.finditer(data, 0, good_length)]
    bounds = [s - 1 if s else s for s in starts if not s or data[s - 1] == ord("\n")]
    head = data[: bounds[0] if bounds else good_length]
    chunks = [data[a:b] for a, b in zip(bounds, [*bounds[1:], good_length])]
    try:
        text = data[:good_length].decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SaveError(f"{path}: line {line}: not UTF-8 text") from None
    # Each record's hash line, and the hash of its bytes: a save whose every record matches is
    # as tui-wargame wrote it, which never repeats a key, so its JSON reading need not look for one.
    found = [_TERMINATOR.match(chunk, max(0, len(chunk) - _TERMINATOR_LENGTH)) for chunk in chunks]
    owns = [digest(chunk[: m.start()]) if m else "" for chunk, m in zip(chunks, found)]
    as_written = all(m and m.group(1).decode() == own for m, own in zip(found, owns))
    doc = _read_fast(text, len(head), chunks, as_written) or _read_toml(text, path)

    header, version = _header(doc, path)
    raw_records = doc.get("record", [])
    if not isinstance(raw_records, list) or len(raw_records) != len(chunks):
        raise SaveError(f"{path}: the [[record]] tables are malformed")
    if version < FORMAT:
        doc = _upgrade(doc, version, path)
        raw_records = doc.get("record", [])
        header, _ = _header(doc, path)

    if not raw_records:
        raise SaveError(f"{path}: no records: a save begins with its set-up record (the file is cut short)")
    header_hash = digest(head)
    prev = header_hash
    records = []
    for index, (raw, line, own) in enumerate(zip(raw_records, found, owns)):
        record = _record(raw, index, path, own)
        if (record.kind == "setup") != (index == 0):
            raise SaveError(f"{path}: record {index}: the set-up record, and only it, comes first")
        if not line:
            problems.append(f"record {index}: its hash line is missing")
        elif line.group(1).decode() != own:
            problems.append(f"record {index}: its content does not match its hash (edited after writing)")
        if record.prev != prev:
            problems.append(f"record {index}: 'prev' does not match the hash of the record before it")
        records.append(record)
        prev = own
    return SaveFile(path, header, records, header_hash, good_length, warnings, problems,
                    upgraded_from=version if version < FORMAT else None, dropped=dropped)


def _read_fast(text: str, head_length: int, chunks: list[bytes], as_written: bool) -> dict[str, Any] | None:
    """The save read by the fast record reader, or None when it must be read as general TOML."""
    import tomllib  # here, not at the top: a new game's start reads no TOML (2 ms of a start)

    if not chunks:
        return None
    try:
        header = tomllib.loads(text[:head_length]) if text[:head_length].isascii() else None
    except tomllib.TOMLDecodeError:
        return None
    records = (record_reader.read_records([c.decode() for c in chunks], repeats_possible=not as_written)
               if header is not None else None)
    return None if records is None else {**header, "record": records}


def _read_toml(text: str, path: Path) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{path}: not a readable save ({exc})") from None


def _end_of_last_record(data: bytes) -> int:
    """Where the last complete record's hash line ends; the whole file if it has no records."""
    end = len(data)
    while (pos := data.rfind(b"\n# sha256 ", 0, end)) >= 0:
        if m := _HASH_LINE.match(data, pos + 1):
            return m.end()
        end = pos
    return len(data)


def _header(doc: Mapping[str, Any], path: Path) -> tuple[Header, int]:
    raw = doc.get("header")
    if not isinstance(raw, dict):
        raise SaveError(f"{path}: no [header] table: this is not a tui-wargame save")
    version = raw.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{path}: [header] format: expected an integer format version")
    if version > FORMAT:
        raise SaveError(f"{path}: written by a newer tui-wargame (format {version}); this one reads "
                        f"formats 1-{FORMAT}: upgrade tui-wargame to open it")
    if version < FORMAT:
        return Header("", "", "", 0, "", "", {}, version), version
    expected = {"scenario": str, "scenario_hash": str, "system": str, "seed": int, "created": str,
                "app": str, "options": dict}
    for key, kind in expected.items():
        value = raw.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SaveError(f"{path}: [header] {key}: missing or not {kind.__name__}")
    for key, kind in (("setup", str), ("undo_dice", bool)):
        if key in raw["options"] and type(raw["options"][key]) is not kind:
            raise SaveError(f"{path}: [header.options] {key}: must be {kind.__name__}")
    _check_state_events(raw.get("state_events"), path)
    return Header(raw["scenario"], raw["scenario_hash"], raw["system"], raw["seed"], raw["created"],
                  raw["app"], raw["options"], version), version


def _check_state_events(declared: Any, path: Path) -> None:
    """Refuse a save whose state events are not exactly this program's: never fold it half-understood.

    The header lists the kinds that change the game; any other kind is a report. A
    kind listed that this program does not know is a newer program's state event,
    which skipping as a report would silently misread.
    """
    if type(declared) is not list or not all(type(k) is str for k in declared):
        raise SaveError(f"{path}: [header] state_events: missing or not a list of event kinds")
    unknown = sorted(set(declared) - STATE_EVENTS)
    if unknown:
        raise SaveError(f"{path}: written by a newer tui-wargame (format {FORMAT}, with state events this "
                        f"one does not know: {', '.join(unknown)}): upgrade tui-wargame to open it")
    missing = sorted(STATE_EVENTS - set(declared))
    if missing:
        raise SaveError(f"{path}: [header] state_events: {', '.join(missing)} missing, which format "
                        f"{FORMAT} folds: the header is damaged")


def _upgrade(doc: dict[str, Any], version: int, path: Path) -> dict[str, Any]:
    while version < FORMAT:
        step = UPGRADES.get(version)
        if step is None:
            raise SaveError(f"{path}: save format {version} is too old to read (no upgrade to {version + 1})")
        doc = step(doc)
        version += 1
        doc["header"]["format"] = version
    return doc


_RECORD_FIELDS = (("seq", int), ("side", str), ("kind", str), ("order", str), ("prev", str))


def _record(raw: Any, index: int, path: Path, own_hash: str) -> Record:
    """A Record from a parsed [[record]] table, checked; SaveError naming it otherwise."""
    if type(raw) is not dict:
        raise SaveError(f"{path}: record {index}: not a table")
    for key, kind in _RECORD_FIELDS:
        if type(raw.get(key)) is not kind:
            raise SaveError(f"{path}: record {index}: '{key}' is missing or not {kind.__name__}")
    if raw["seq"] != index:
        raise SaveError(f"{path}: record {index}: its seq is {raw['seq']}, expected {index}")
    if raw["kind"] not in RECORD_KINDS:
        raise SaveError(f"{path}: record {index}: unknown kind {raw['kind']!r}")
    raw_events = raw.get("event", [])
    if type(raw_events) is not list:
        raise SaveError(f"{path}: record {index}: 'event' must be an array of tables")
    try:
        events = tuple([Event.from_dict(e) for e in raw_events])
    except EventError as exc:
        raise SaveError(f"{path}: record {index}: {exc}") from None
    reverts = raw.get("reverts")
    if raw["kind"] == "undo" and type(reverts) is not int:
        raise SaveError(f"{path}: record {index}: an undo record must name the record it 'reverts'")
    return Record(raw["seq"], raw["side"], raw["kind"], raw["order"], events, raw["prev"], own_hash,
                  raw.get("final") is True, reverts)


class Writer:
    """The one process allowed to append to a save, for as long as it holds the lock.

    Opening takes an exclusive lock (a second writer gets SaveLocked) and cuts
    off a torn last record, which was never reported accepted.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        except OSError as exc:
            raise SaveError(f"{self.path}: cannot be opened for writing ({exc.strerror or exc})") from None
        try:
            _lock(self._fd, self.path)
            self.save = read(self.path)
            if self.save.upgraded_from is not None:
                raise SaveError(
                    f"{self.path}: written in save format {self.save.upgraded_from}; "
                    f"run `tui-wargame upgrade {self.path}` to continue it in format {FORMAT}"
                )
            if self.save.good_length < os.fstat(self._fd).st_size:
                os.ftruncate(self._fd, self.save.good_length)
                os.fsync(self._fd)
        except BaseException:
            os.close(self._fd)
            raise

    def append(self, record: Record) -> Record:
        """Write `record` after the last one, chained to it, and fsync before returning it."""
        r = Record(record.seq, record.side, record.kind, record.order, record.events,
                   self.save.last_hash, "", record.final, record.reverts)
        data, h = record_bytes(r)
        written = Record(r.seq, r.side, r.kind, r.order, r.events, r.prev, h, r.final, r.reverts)
        try:
            _write_all(self._fd, data)
            os.fsync(self._fd)
        except OSError as exc:
            raise SaveError(f"{self.path}: the order could not be saved ({exc.strerror or exc})") from None
        self.save.records.append(written)
        self.save.good_length += len(data)
        return written

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)  # closing releases the lock
            self._fd = -1

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _lock(fd: int, path: Path) -> None:
    try:
        import fcntl
    except ImportError:  # no advisory locks on this platform
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise SaveLocked(
            f"{path}: another tui-wargame process is playing this save; finish there first"
        ) from None
