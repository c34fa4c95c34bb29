"""Reading a file that may be hostile: only a regular file, never more than a limit.

Saves and scenarios arrive by e-mail and from other people's folders, and a
name in a file or on the command line may point anywhere: at /dev/zero (which
never ends), at a FIFO (whose open waits forever for a writer), at a folder.
Every file the program reads goes through `read_limited`, which opens without
blocking, checks on the opened descriptor that it is a regular file (so a swap
between a check and the open cannot slip a device in), and refuses a file larger
than its limit before reading a byte of it.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TypeVar

from tui_wargame.errors import WargameError

T = TypeVar("T")

#: The largest scenario file read (the largest shipped is under 100 kB).
SCENARIO_LIMIT = 4 * 1024 * 1024
#: The largest save read (a long game is a few MB; this leaves room for a hundred of them).
SAVE_LIMIT = 256 * 1024 * 1024


class FileUnreadable(WargameError):
    """A file that cannot be read at all: missing, not a regular file, too large, or refused by
    the system. The message names the file and the problem."""


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n} bytes"


def read_limited(path: Path | str, limit: int, what: str,
                 held: Callable[[int], AbstractContextManager[None]] | None = None) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; FileUnreadable otherwise.

    `what` names the kind of file in messages ("save", "scenario"). `held`, if given, is called
    with the open descriptor and the file is read within the context it returns (a lock that
    holds for the whole read).
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise FileUnreadable(f"{path}: the {what} cannot be read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileUnreadable(f"{path}: not a {what} file: only a regular file is read "
                                 f"(this is {_kind(st.st_mode)})")
        if st.st_size > limit:
            raise FileUnreadable(f"{path}: the {what} is {_size(st.st_size)}, more than the "
                                 f"{_size(limit)} a {what} may be")
        chunks = []
        total = 0
        with held(fd) if held is not None else contextlib.nullcontext():
            while chunk := os.read(fd, min(1 << 20, limit + 1 - total)):
                chunks.append(chunk)
                total += len(chunk)
                if total > limit:  # it grew since the fstat
                    raise FileUnreadable(f"{path}: the {what} is more than the {_size(limit)} "
                                         f"a {what} may be")
        return b"".join(chunks)
    except OSError as exc:
        raise FileUnreadable(f"{path}: the {what} cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def first_free(folder: Path, stem: str, create: Callable[[Path], T]) -> T:
    """What `create` makes at the first free name `folder/STEM-N.toml`, N counting from 1; the
    folder is made if need be (WargameError if it cannot be: a file, /dev/null, no permission).

    `create` must never overwrite a file (savefile.create links its file into place, which
    fails if the name exists); when it fails and the name exists now, another process took it
    between the look and the create (two `new` at once): the next number is tried.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WargameError(f"{folder}: the saves folder cannot be made ({exc.strerror or exc})") from None
    n = 1
    while True:
        path = folder / f"{stem}-{n}.toml"
        if not os.path.lexists(path):
            try:
                return create(path)
            except WargameError:
                if not os.path.lexists(path):
                    raise
        n += 1
