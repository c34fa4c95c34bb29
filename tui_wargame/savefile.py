"""The save file: an append-only TOML log that is the game, its undo history and its replay.

Layout (docs/save-format.md has the whole story)::

    [header]                      format, scenario id and hash, system, seed, options
    [[record]]                    seq, side, kind, order, prev, events ...
    # sha256 <hash of the record's lines above>
    [[record]]
    ...

Every append (one order, or a batch of them) is one `write` and one `fsync`
under a short lock, made only when the file still ends where this process last
saw it end; nothing written is ever rewritten. A record ends with a comment
line holding the hash of its own bytes, and names the hash of the one before it
(`prev`; the first names the header's), so a torn last record is recognised
and dropped, and any edit breaks the chain. Several processes may hold one save
open for writing: each reads what the others appended before it appends.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import tomli_w

try:
    import fcntl
except ImportError:  # not on this platform: saves are written without locks
    fcntl = None  # type: ignore[assignment]

import attrs

from tui_wargame import record_reader
from tui_wargame.errors import WargameError
from tui_wargame.files import SAVE_LIMIT, FileUnreadable, read_limited
from tui_wargame.frozen import frozen
from tui_wargame.model.events import STATE_EVENTS, Event, EventError
from tui_wargame.text import clean, has_control

#: The format this version writes. Older formats are upgraded in memory by UPGRADES.
FORMAT = 4

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


def _format_2_to_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 3 names the game in its header (`game`), which the ledger of rollbacks keys on.

    An older save is given the identity its scenario, seed and creation time make
    (stable, so that every reading of the old file is the same game to the ledger;
    its options are left out, so that changing them is seen as a changed header).
    """
    head = doc["header"]
    made = [head.get(k) for k in ("scenario", "system", "seed", "created")]
    head["game"] = digest(json.dumps(made, default=str).encode())
    return doc


def _format_3_to_4(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 4 adds what a hosted game needs, none of which a format-3 save holds: the header's
    `seal` (a hosted game's seed kept by its host) and `seat` records (docs/hosting.md). A `seal`
    in a format-3 header is none: format 3 rolled from its `seed`."""
    doc["header"].pop("seal", None)
    return doc


#: UPGRADES[n] turns a parsed save of format n (a dict with "header" and "record") into format n+1.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _format_1_to_2, 2: _format_2_to_3, 3: _format_3_to_4}

#: Older formats whose saves are continued as they are: every record this program appends to one
#: means in it what it meant (format 4 only added what a hosted game, made in format 4, holds).
CONTINUED_AS_WRITTEN = frozenset({3})

RECORD_KINDS = ("setup", "order", "undo", "seat")
_RECORD_LINE = re.compile(rb"\[\[record\]\]\n")  # literal, which re finds fast; a line of its own
_TERMINATOR = re.compile(rb"# sha256 ([0-9a-f]{32})\n\Z")
_TERMINATOR_LENGTH = len(b"# sha256 \n") + 32  # fixed: matched where it must start, not searched for
_HASH_LINE = re.compile(rb"# sha256 [0-9a-f]{32}\n")
_RECORD_OPENING = b"\n[[record]]\n"
_HASH_LINE_BEGUN = re.compile(rb"# sha256 [0-9a-f]{0,31}")  # a hash line cut before its last digit
_WHOLE_HASH_UNENDED = re.compile(rb"# sha256 [0-9a-f]{32}")

#: How long an append waits for another process's append to finish before it gives up (SaveLocked).
LOCK_TIMEOUT_S = 10.0

_PREAMBLE = (
    "# tui-wargame save: an append-only log of orders and the events they produced.\n"
    "# Each record ends with the hash of its lines; `tui-wargame verify` checks the chain.\n"
)


class SaveError(WargameError):
    """A save file that cannot be read or written; the message names the file and the place."""


class SaveLocked(SaveError):
    """Another process has held the save's lock for longer than any append takes (LOCK_TIMEOUT_S)."""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def new_identity() -> str:
    """A new game's identity (the header's `game`): random, so that two games of one scenario and
    seed begun in the same second are still two games to the ledger."""
    return secrets.token_hex(16)


_IDENTITY = re.compile(r"[0-9a-f]{32}")
_SEAL = re.compile(r"[0-9a-f]{64}")


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
    game: str = attrs.Factory(new_identity)  # the game's identity, the same in every copy of its save
    seal: str = ""  # a hosted game's: SHA-256 of its seed and salt, which its host keeps (seed is 0)


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
    by: str = ""  # who gave it, when known: a player's name or "computer:LEVEL" (not checked by verify)


def as_new_game(header: Header) -> Header:
    """`header` for a new save that copies some of a game's records (a branch, an upgraded copy):
    a new identity, so that the ledger of rollbacks does not take the copy for the game cut back."""
    return attrs.evolve(header, game=new_identity())


def header_bytes(header: Header) -> bytes:
    table = {
        "format": header.format,
        "game": header.game,
        "scenario": header.scenario,
        "scenario_hash": header.scenario_hash,
        "system": header.system,
        "seed": header.seed,
        "created": header.created,
        "app": header.app,
        "state_events": sorted(STATE_EVENTS),
        "options": dict(header.options),
    }
    if header.seal:
        table["seal"] = header.seal
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
    if record.by:
        lines.append(f"by = {_toml(record.by)}")
    lines.append("event = [")
    lines += [f"    {_toml(e.to_dict())}," for e in record.events]
    lines.append("]\n")
    body = "\n".join(lines).encode()
    h = digest(body)
    return body + f"# sha256 {h}\n".encode(), h


#: What json.dumps(s, ensure_ascii=False) returns for a string s, without building an encoder
#: each time (a tenth of an append).
_json_string: Callable[[str], str] = json.encoder.encode_basestring


def _toml(value: Any) -> str:
    """`value` as a one-line TOML value (inline tables and arrays)."""
    if isinstance(value, str):  # the commonest, first
        # JSON string escapes are TOML basic-string escapes; TOML also wants DEL escaped.
        return _json_string(value).replace("\x7f", "\\u007f")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
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
    `damage` names a last record that is not torn but damaged (see `tail_damage`):
    it is not loaded, and the save cannot be written until it is repaired.
    """

    def __init__(self, path: Path, header: Header, records: list[Record], header_hash: str,
                 good_length: int, warnings: list[str], problems: list[str],
                 upgraded_from: int | None = None, dropped: str = "", damage: str = "") -> None:
        self.path = path
        self.header = header
        self.records = records
        self.header_hash = header_hash
        self.good_length = good_length
        self.warnings = warnings
        self.problems = problems
        self.upgraded_from = upgraded_from
        self.dropped = dropped  # what was left off the end, if anything: `verify` reports it
        self.damage = damage

    @property
    def last_hash(self) -> str:
        return self.records[-1].hash if self.records else self.header_hash


def create(path: Path, header: Header, records: Iterable[Record]) -> SaveFile:
    """Write a new save holding `header` and the first `records`; never overwrites a file."""
    path = Path(path)
    head = header_bytes(header)
    body, written = _chained(records, digest(head))
    blob = head + body
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


def _chained(records: Iterable[Record], prev: str) -> tuple[bytes, list[Record]]:
    """`records` as the bytes to append after the record whose hash is `prev`, each naming the
    hash of the one before it, and as written (with their own hashes)."""
    chunks, written = [], []
    for r in records:
        data, h = record_bytes(attrs.evolve(r, prev=prev, hash=""))
        written.append(attrs.evolve(r, prev=prev, hash=h))
        chunks.append(data)
        prev = h
    return b"".join(chunks), written


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
    try:  # a regular file only, of at most SAVE_LIMIT bytes; under the shared lock: never half an append
        data = read_limited(path, SAVE_LIMIT, "save", lambda fd: _locked(fd, path, shared=True))
    except FileUnreadable as exc:
        raise SaveError(str(exc)) from None
    if data.partition(b"\n")[0].endswith(b"\r"):  # every hash is of the bytes as written, "\n" ends
        raise SaveError(f"{path}: line 1: the save's lines end in CR LF (converted for Windows?); "
                        f"a save's lines end in LF only: convert it back (dos2unix) to read it")
    return parse(data, path)


def parse(data: bytes, path: Path) -> SaveFile:
    warnings: list[str] = []
    problems: list[str] = []
    good_length = _end_of_last_record(data)
    if good_length is None:
        good_length = len(data)
    # Where each "[[record]]" line begins; the blank line before it belongs to that record's bytes.
    bounds = _record_bounds(data, good_length)
    head = data[: bounds[0] if bounds else good_length]
    chunks = [data[a:b] for a, b in zip(bounds, [*bounds[1:], good_length])]
    tail = data[good_length:]
    dropped = damage = ""
    if tail.strip():
        line = data[:good_length].count(b"\n") + 1
        what = tail_damage(tail)
        if what is None:
            dropped = (f"the last record (from line {line}) is incomplete (torn by a crash or a power "
                       f"cut); it was dropped, every record before it is intact")
        else:
            damage = f"record {len(chunks)} (from line {line}): {what}"
            dropped = f"{damage} (until then it is left out)"
        warnings.append(f"{path}: {dropped}")
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
    doc = _read_fast(text, len(head), chunks, as_written) or _read_toml(
        text, path, [c.decode("utf-8") for c in chunks])
    suspect = _may_hold_control(text[len(head):])

    if (bad := _control_in(doc.get("header"))) is not None:  # before any of it is named in a message
        raise SaveError(f"{path}: [header]: the text {clean(bad)[:40]!r} holds a control character "
                        f"(an escape code, a tab or a newline), which a save never holds")
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
    for index, (raw, hash_line, own) in enumerate(zip(raw_records, found, owns)):
        record = _record(raw, index, path, own, suspect)
        if (record.kind == "setup") != (index == 0):
            raise SaveError(f"{path}: record {index}: the set-up record, and only it, comes first")
        if not hash_line:
            problems.append(f"record {index}: its hash line is missing")
        elif hash_line.group(1).decode() != own:
            problems.append(f"record {index}: its content does not match its hash (edited after writing)")
        if record.prev != prev:
            problems.append(f"record {index}: 'prev' does not match the hash of the record before it")
        records.append(record)
        prev = own
    return SaveFile(path, header, records, header_hash, good_length, warnings, problems,
                    upgraded_from=version if version < FORMAT else None, dropped=dropped, damage=damage)


def _read_fast(text: str, head_length: int, chunks: list[bytes], as_written: bool) -> dict[str, Any] | None:
    """The save read by the fast record reader, or None when it must be read as general TOML."""
    import tomllib  # here, not at the top: a new game's start reads no TOML (2 ms of a start)

    if not chunks:
        return None
    try:
        header = tomllib.loads(text[:head_length]) if text[:head_length].isascii() else None
    except (ValueError, RecursionError):  # the full reading names the problem
        return None
    records = (record_reader.read_records([c.decode() for c in chunks], repeats_possible=not as_written)
               if header is not None else None)
    # records are read only with a header
    return None if records is None else {**cast("dict[str, Any]", header), "record": records}


def _read_toml(text: str, path: Path, records: Sequence[str] = (), first: int = 0) -> dict[str, Any]:
    """`text` read as TOML; SaveError naming the place otherwise. A number too long to read or
    nesting too deep carries no line, so the record that holds it is found among `records`
    (the texts of records `first`, `first + 1`, ...) and named."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{path}: not a readable save ({exc})") from None
    except (ValueError, RecursionError) as exc:
        why = ("lists or tables nested too deep" if isinstance(exc, RecursionError)
               else "a number too long to read")
        for index, record in enumerate(records):
            try:
                tomllib.loads(record)
            except (ValueError, RecursionError):
                raise SaveError(f"{path}: record {first + index}: {why}") from None
        raise SaveError(f"{path}: [header]: {why}") from None


def _control_in(value: Any) -> str | None:
    """A string of `value` (a parsed record, its keys included) that holds a control character, if any."""
    if type(value) is str:
        return value if has_control(value) else None
    if type(value) is list:
        return next((s for v in value if (s := _control_in(v)) is not None), None)
    if type(value) is dict:
        return next((s for k, v in value.items() if (s := _control_in(k) or _control_in(v)) is not None),
                    None)
    return None


def _may_hold_control(text: str) -> bool:
    """Whether a string of `text` (a save's records) may hold a control character: a cheap test of
    the whole text (an escape, or a raw character that is not printable) before the exact one."""
    return "\\" in text or not text.replace("\n", "").isprintable()


def _end_of_last_record(data: bytes) -> int | None:
    """Where the last well-formed hash line ends; None if there is none."""
    end = len(data)
    while (pos := data.rfind(b"\n# sha256 ", 0, end)) >= 0:
        if m := _HASH_LINE.match(data, pos + 1):
            return m.end()
        end = pos
    return None


def _record_bounds(data: bytes, end: int) -> list[int]:
    """Where each record of `data[:end]` begins: the blank line before its "[[record]]" line."""
    starts = [m.start() for m in _RECORD_LINE.finditer(data, 0, end)]
    return [s - 1 if s else s for s in starts if not s or data[s - 1] == ord("\n")]


def tail_damage(tail: bytes) -> str | None:
    """None if `tail`, the bytes after the last complete record, is really incomplete; else what
    is wrong with it.

    Really incomplete means what a write cut short leaves: blank space, or the
    beginning of a record ("\\n[[record]]\\n" or a prefix of it) whose hash line
    was not finished: no whole line of it is a comment, and its last, unended
    line is at most "# sha256 " and 31 digits. Only such a tail may be cut; a
    whole hash line that is malformed, one whose 32 digits are all there but
    whose newline is missing, or text that is no record, is damage.
    """
    if not tail.strip():
        return None
    if not (tail.startswith(_RECORD_OPENING) or _RECORD_OPENING.startswith(tail)):
        return ("the text after the last record is not part of the game; "
                "remove it (or move it into a record's comment) to continue the game")
    *whole, unended = tail.split(b"\n")
    if any(line.startswith(b"#") for line in whole):
        return ("its hash line is damaged (edited after writing); "
                "restore it from a copy of the save, or delete the record, to continue the game")
    if unended.startswith(b"#") and not (b"# sha256 ".startswith(unended)
                                         or _HASH_LINE_BEGUN.fullmatch(unended)):
        if _WHOLE_HASH_UNENDED.fullmatch(unended):
            return ("its hash line is whole but lacks its final newline (an editor may have dropped "
                    "it); add the newline to continue the game")
        return ("its hash line is damaged (edited after writing); "
                "restore it from a copy of the save, or delete the record, to continue the game")
    return None


def parse_records(data: bytes, seq: int, prev: str, path: Path, offset: int) -> tuple[list[Record], int]:
    """The complete records at the start of `data` (read from byte `offset` of the save), the first
    numbered `seq` and chained to `prev`, and where they end; a torn tail after them is left out.

    Used for records another process appended: any break of the chain, or damage
    after them (see `tail_damage`), is a SaveError naming the record.
    """
    end = _end_of_last_record(data) or 0
    bounds = _record_bounds(data, end)
    if end and (not bounds or bounds[0] != 0):
        raise SaveError(f"{path}: after byte {offset}: text that is not a record where record {seq} "
                        f"should begin")
    chunks = [data[a:b] for a, b in zip(bounds, [*bounds[1:], end])]
    problem = tail_damage(data[end:])
    if problem is not None:
        raise SaveError(f"{path}: record {seq + len(chunks)} (at byte {offset + end}): {problem}")
    owns = []
    for index, chunk in enumerate(chunks):
        m = _TERMINATOR.match(chunk, max(0, len(chunk) - _TERMINATOR_LENGTH))
        own = digest(chunk[: m.start()]) if m else ""
        if not m or m.group(1).decode() != own:
            raise SaveError(f"{path}: record {seq + index} (at byte {offset + bounds[index]}): its content "
                            f"does not match its hash (damaged or edited after writing)")
        owns.append(own)
    try:
        texts = [chunk.decode("utf-8") for chunk in chunks]
    except UnicodeDecodeError:
        raise SaveError(f"{path}: after byte {offset}: not UTF-8 text") from None
    raw_records = record_reader.read_records(texts, repeats_possible=False) if texts else []
    if raw_records is None:
        raw_records = _read_toml("".join(texts), path, texts, seq).get("record", [])
    if not isinstance(raw_records, list) or len(raw_records) != len(chunks):
        raise SaveError(f"{path}: after byte {offset}: the [[record]] tables are malformed")
    records = []
    suspect = any(map(_may_hold_control, texts))
    for index, (raw, own) in enumerate(zip(raw_records, owns)):
        record = _record(raw, seq + index, path, own, suspect)
        if record.kind == "setup":
            raise SaveError(f"{path}: record {record.seq}: the set-up record, and only it, comes first")
        if record.prev != prev:
            raise SaveError(f"{path}: record {record.seq}: 'prev' does not match the hash of the record "
                            f"before it")
        records.append(record)
        prev = own
    return records, end


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
        return Header("", "", "", 0, "", "", {}, version, ""), version
    expected = {"game": str, "scenario": str, "scenario_hash": str, "system": str, "seed": int,
                "created": str, "app": str, "options": dict}
    for key, kind in expected.items():
        value = raw.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SaveError(f"{path}: [header] {key}: missing or not {kind.__name__}")
    for key, value in raw["options"].items():  # the engine's undo_dice, else a rule system's choice
        kind = bool if key == "undo_dice" else str
        if type(value) is not kind:
            raise SaveError(f"{path}: [header.options] {key}: must be {kind.__name__}")
    if not _IDENTITY.fullmatch(raw["game"]):
        raise SaveError(f"{path}: [header] game: expected 32 hexadecimal digits (the game's identity)")
    _check_state_events(raw.get("state_events"), path)
    seal = raw.get("seal", "")
    if type(seal) is not str or (seal and not _SEAL.fullmatch(seal)):
        raise SaveError(f"{path}: [header] seal: expected 64 hexadecimal digits "
                        f"(a hosted game's sealed seed)")
    if seal and raw["seed"] != 0:
        raise SaveError(f"{path}: [header] seed: a hosted game's header holds seed 0 beside its seal")
    return Header(raw["scenario"], raw["scenario_hash"], raw["system"], raw["seed"], raw["created"],
                  raw["app"], raw["options"], version, raw["game"], seal), version


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


#: The longest `by` (who gave a record) a save may hold.
BY_LIMIT = 64

_RECORD_FIELDS = (("seq", int), ("side", str), ("kind", str), ("order", str), ("prev", str))


def _record(raw: Any, index: int, path: Path, own_hash: str, suspect: bool = True) -> Record:
    """A Record from a parsed [[record]] table, checked; SaveError naming it otherwise.

    No string of a record may hold a control character (tui-wargame writes none): one could
    drive the terminal that shows it. `suspect` False says the record's text cannot hold one."""
    if type(raw) is not dict:
        raise SaveError(f"{path}: record {index}: not a table")
    if suspect and (bad := _control_in(raw)) is not None:
        raise SaveError(f"{path}: record {index}: the text {clean(bad)[:40]!r} holds a control character "
                        f"(an escape code, a tab or a newline), which a save never holds")
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
    events = []
    for number, e in enumerate(raw_events):
        try:
            events.append(Event.from_dict(e))
        except EventError as exc:
            raise SaveError(f"{path}: record {index}: event {number}: {exc}") from None
    reverts = raw.get("reverts")
    if raw["kind"] == "undo" and type(reverts) is not int:
        raise SaveError(f"{path}: record {index}: an undo record must name the record it 'reverts'")
    if reverts is not None and (type(reverts) is not int or not 0 <= reverts < index):
        raise SaveError(f"{path}: record {index}: 'reverts' must name an earlier record")
    by = raw.get("by", "")
    if type(by) is not str or len(by) > BY_LIMIT:
        raise SaveError(f"{path}: record {index}: 'by' must be a name of at most {BY_LIMIT} characters")
    return Record(raw["seq"], raw["side"], raw["kind"], raw["order"], tuple(events), raw["prev"], own_hash,
                  raw.get("final") is True, reverts, by)


class Log:
    """Where this process last saw a save end: enough to read what other processes append after it.

    It keeps no records, only the byte length of the verified part, the last
    record's hash and the next seq.
    """

    def __init__(self, path: Path | str, save: SaveFile) -> None:
        self.path = Path(path)
        self.length = save.good_length
        self.last_hash = save.last_hash
        self.next_seq = len(save.records)
        self._seen: tuple[int, int, int] | None = None  # (size, mtime, inode) at the last look

    def news(self) -> list[Record]:
        """The records appended since this process last looked, hash chain checked; a torn tail
        (a write in progress, or one a crash cut short) is left for later. A stat when nothing changed."""
        try:
            stamp = _stamp(os.stat(self.path))
            if stamp == self._seen:
                return []
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO put in its place
        except OSError as exc:                                                    # must not hang the game
            raise SaveError(f"{self.path}: cannot be read ({exc.strerror or exc})") from None
        try:
            with _locked(fd, self.path, shared=True):  # no append is half-written while we read
                records, _ = self._read_new(fd)
        finally:
            os.close(fd)
        self._seen = stamp
        return records

    def _read_new(self, fd: int) -> tuple[list[Record], int]:
        """Read and take in the records after `length`, checking first that the file still ends
        its verified part with the hash this process last saw (the expected version); and the
        file's size, which is more than the new `length` when a torn tail follows."""
        try:
            st = os.fstat(fd)
            if _stamp(st) == self._seen and st.st_size == self.length:  # untouched since we looked
                return [], st.st_size
            size = st.st_size
            mark = f"# sha256 {self.last_hash}\n".encode()
            start = self.length - len(mark)
            data = os.pread(fd, max(0, size - start), start)
        except OSError as exc:
            raise SaveError(f"{self.path}: cannot be read ({exc.strerror or exc})") from None
        if size < self.length or not data.startswith(mark):
            raise SaveError(f"{self.path}: changed by another program: record {self.next_seq - 1} no "
                            f"longer ends at byte {self.length} as it did; open the save again")
        if size == self.length:  # the usual case: nobody else has written
            return [], size
        records, end = parse_records(data[len(mark):], self.next_seq, self.last_hash, self.path,
                                     self.length)
        if records:
            self.length += end
            self.last_hash = records[-1].hash
            self.next_seq += len(records)
        return records, size

    def close(self) -> None:
        """Nothing to release: a Log holds no file open."""

    def __enter__(self) -> Log:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Writer(Log):
    """A process's way to append to a save that other processes may be appending to as well.

    It holds the file open but locks it only around each append (`locked`):
    there it reads what the others appended since it last looked and cuts off a
    torn tail a dead writer left, then `write` appends with one write and one
    fsync. A write that fails cuts its own partial bytes before anything else.
    """

    def __init__(self, path: Path | str, save: SaveFile | None = None) -> None:
        path = Path(path)
        if save is None:
            save = read(path)
        if save.upgraded_from is not None and save.upgraded_from not in CONTINUED_AS_WRITTEN:
            raise SaveError(
                f"{path}: written in save format {save.upgraded_from}; "
                f"run `tui-wargame upgrade {path}` to continue it in format {FORMAT}"
            )
        if save.damage:
            raise SaveError(f"{path}: {save.damage}")
        super().__init__(path, save)
        self._holding = False
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        except OSError as exc:
            raise SaveError(f"{self.path}: cannot be opened for writing ({exc.strerror or exc})") from None

    @contextlib.contextmanager
    def locked(self) -> Iterator[list[Record]]:
        """Hold the save's lock; yields the records other processes appended since this one last
        looked (the caller must take them into account before it writes)."""
        if self._fd < 0:
            raise SaveError(f"{self.path}: closed; open the save again to continue")
        with _locked(self._fd, self.path, shared=False):
            self._check_still_there()
            records, size = self._read_new(self._fd)
            if size > self.length:  # torn: no live writer is mid-append
                self._cut()
            self._holding = True
            try:
                yield records
            finally:
                self._holding = False

    def _check_still_there(self) -> None:
        """Refuse to append to a file no longer at the save's path: an order written to it would be
        lost (`remove_if_unplayed` removed it under the lock, or the file was replaced)."""
        here: os.stat_result | None
        ours: os.stat_result | None
        try:
            here, ours = os.stat(self.path), os.fstat(self._fd)
        except OSError:
            here = ours = None
        if here is None or ours is None or (here.st_dev, here.st_ino) != (ours.st_dev, ours.st_ino):
            raise SaveError(f"{self.path}: removed or replaced since it was opened (a new game left "
                            f"before its first order is removed); nothing was written")

    def remove_if_unplayed(self) -> bool:
        """Remove the save, and close, if it still holds its set-up record alone: a game left before
        its first order leaves no file behind. Under the lock, so no order of another writer is
        lost: one appended first keeps the save; one that comes after finds it gone and is refused.
        A save that cannot be locked or was changed meanwhile by another program is left as it is."""
        try:
            with self.locked() as news:
                if news or self.next_seq != 1:
                    return False
                self.path.unlink()
        except (SaveError, OSError):
            return False
        _fsync_dir(self.path.parent)
        self.close()
        return True

    def write(self, records: Sequence[Record]) -> list[Record]:
        """Append `records` after the last one, chained, as one write and one fsync (all or none);
        call within `locked`. The records are on disk when this returns them."""
        if not self._holding:
            raise RuntimeError("Writer.write is called within Writer.locked")
        for i, r in enumerate(records):
            if r.seq != self.next_seq + i:
                raise ValueError(f"record {r.seq} written where record {self.next_seq + i} comes next")
        blob, written = _chained(records, self.last_hash)
        try:
            _write_all(self._fd, blob)
            os.fsync(self._fd)
        except OSError as exc:
            self._cut()
            what = "order" if len(records) == 1 else f"{len(records)} orders"
            raise SaveError(f"{self.path}: the {what} could not be saved ({exc.strerror or exc}); "
                            f"nothing of it was kept") from None
        self.length += len(blob)
        self.last_hash = written[-1].hash if written else self.last_hash
        self.next_seq += len(records)
        self._seen = _stamp(os.fstat(self._fd))  # under the lock: nobody else has written since
        return written

    def _cut(self) -> None:
        """Cut the file back to its verified end: bytes after it were never reported accepted."""
        try:
            os.ftruncate(self._fd, self.length)
            os.fsync(self._fd)
        except OSError as exc:
            self.close()  # a next append must not start after bytes nobody verified
            raise SaveError(f"{self.path}: an unfinished record after byte {self.length} could not be "
                            f"removed ({exc.strerror or exc}); open the save again to continue") from None

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def _stamp(st: os.stat_result) -> tuple[int, int, int]:
    return st.st_size, st.st_mtime_ns, st.st_ino


@contextlib.contextmanager
def _locked(fd: int, path: Path, shared: bool) -> Iterator[None]:
    """Hold `flock` on `fd` (shared to read, exclusive to append) for as long as the block runs.

    Every holder holds it for one read or one append, so a wait longer than
    LOCK_TIMEOUT_S means a process is stuck holding it: SaveLocked.
    """
    if fcntl is None:  # no advisory locks on this platform: one writer at a time, by the player's care
        yield
        return
    how = (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB
    try:
        fcntl.flock(fd, how)
    except BlockingIOError:
        _wait_for_lock(fd, how, path)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _wait_for_lock(fd: int, how: int, path: Path) -> None:
    assert fcntl is not None
    deadline = time.monotonic() + LOCK_TIMEOUT_S
    while True:
        time.sleep(0.002)
        try:
            fcntl.flock(fd, how)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise SaveLocked(f"{path}: another process has held this save's lock for over "
                                 f"{LOCK_TIMEOUT_S:g} s; it may be stuck: end it, then try again") from None
