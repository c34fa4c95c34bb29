"""Helpers for hostile-input tests: real saves to tamper with, forged as a careful forger would
(every hash and `prev` recomputed, so that only the tampered value is wrong), and the CLI run on
them in-process with what it printed checked for control characters (issue 18)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import savefile
from tui_wargame.cli import main
from tui_wargame.text import has_control

SC = ["--scenarios", str(TESTBED_DIR)]

#: A testbed game of a move, a second move and its undo: records 0 to 3, an undo among them.
TESTBED_ORDERS = ("move r1 0201 0301 0401", "move r2 0202", "undo")

_RECORD = re.compile(rb"(?=\n\[\[record\]\]\n)")
_HASH_LINE = re.compile(rb"# sha256 [0-9a-f]{32}\n\Z")
_PREV = re.compile(rb'^prev = "[0-9a-f]*"$', re.M)


def rehash(data: bytes) -> bytes:
    """`data` with every record's `prev` and hash line recomputed: a forgery the chain cannot tell."""
    head, *chunks = _RECORD.split(data)
    prev = savefile.digest(head)
    out = [head]
    for chunk in chunks:
        body = _HASH_LINE.sub(b"", chunk)
        body = _PREV.sub(f'prev = "{prev}"'.encode(), body, count=1)
        prev = savefile.digest(body)
        out.append(body + f"# sha256 {prev}\n".encode())
    return b"".join(out)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`tui-wargame ARGV` in-process: its exit status, standard output and standard error."""
    code = main([*SC, *argv])
    out, err = capsys.readouterr()
    return code, out, err


def printable(text: str) -> bool:
    """Whether every line of `text` is free of control and format characters (escape codes)."""
    return not any(has_control(line) for line in text.split("\n"))


def assert_refused(capsys: pytest.CaptureFixture[str], path: Path, place: str,
                   commands: Sequence[str] = ("show", "log", "verify", "legal", "replay --text")) -> None:
    """Every reading command refuses `path` with one line naming it and `place`, exit status 2,
    nothing printed on standard output, and the file left as it was."""
    before = path.read_bytes()
    for command in commands:
        code, out, err = run(capsys, *command.split(), str(path))
        assert code == 2, (command, code, err)
        lines = [line for line in err.splitlines() if not line.startswith("warning: ")]
        assert len(lines) == 1 and str(path) in lines[0] and place in lines[0], (command, err)
        assert out == "" and printable(err), (command, out, err)
    assert path.read_bytes() == before
