"""Whether a terminal is playing a save live right now (docs/playing.md, "Undo in a live game").

A live terminal (`play FILE --as SIDE`) holds a shared `flock` on a small file beside the save,
`.NAME.live`, for as long as its game is open; the kernel lets go when it closes or dies, so no
mark goes stale. A program that is not that terminal asks whether anyone holds it: if so, the
other side may have seen the last order within a tenth of a second, so a bare undo must be asked
of them. The save itself cannot carry the lock: its writers lock it exclusively for each append.
Presence is a courtesy, never an error: where the file cannot be made or locked, nobody is seen.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # no advisory locks on this platform: no live terminal is ever seen
    fcntl = None  # type: ignore[assignment]


def marker(save: Path) -> Path:
    """The file a live terminal locks: hidden beside the save, and not a `.toml` a folder lists."""
    return save.with_name(f".{save.name}.live")


def hold(save: Path) -> int | None:
    """Lock the save's marker for a live terminal; the descriptor to `release`, None if it cannot be."""
    if fcntl is None:
        return None
    path = marker(save)
    for _ in range(8):  # a marker removed under us by a leaving terminal is made again
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH)  # waits only while another program looks or leaves
            if _same_file(fd, path):
                return fd
        except OSError:
            pass
        os.close(fd)
    return None


def release(fd: int, save: Path) -> None:
    """Let go of the marker; the last live terminal to leave removes it (under an exclusive lock,
    so one joining at that moment sees it gone and makes another)."""
    if fcntl is None:
        return
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if _same_file(fd, marker(save)):
            marker(save).unlink()
    os.close(fd)


def held(save: Path) -> bool:
    """Whether a live terminal has the save open now (this program's own hold counts too)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(marker(save), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def _same_file(fd: int, path: Path) -> bool:
    """Whether `fd` is still the file at `path` (a leaving terminal may have removed it)."""
    try:
        here, ours = os.stat(path, follow_symlinks=False), os.fstat(fd)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (ours.st_dev, ours.st_ino)
