"""Noticing at once that another program wrote to a save: Linux's inotify, read by the event loop.

The game and watch screens look at their save every 0.1 s (a `stat`); where the kernel offers
inotify they are also woken as soon as the file is written, so the other player's order shows
in milliseconds rather than at the next look. Nothing here reads the save: `wake` is called,
and the screen reads what was appended as it does at each look. Where inotify is missing (not
Linux, no free watches) `SaveWatch.start` returns False and the looks alone do the work.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

IN_MODIFY, IN_ATTRIB, IN_MOVE_SELF, IN_DELETE_SELF = 0x2, 0x4, 0x800, 0x400
IN_NONBLOCK, IN_CLOEXEC = os.O_NONBLOCK, os.O_CLOEXEC
EVENTS = IN_MODIFY | IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF


class SaveWatch:
    """Calls `wake` (in the event loop's thread) whenever the file at `path` is written to."""

    def __init__(self, path: Path, wake: Callable[[], None]) -> None:
        self.path = path
        self.wake = wake
        self.fd = -1

    def start(self) -> bool:
        """Watch the file from the running event loop; False where inotify cannot be had."""
        import ctypes  # only for a live game or a spectator: no cost to a hot-seat start

        try:
            libc = ctypes.CDLL(None, use_errno=True)  # the C library the interpreter runs on
            fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        except (OSError, AttributeError):  # not Linux, or a libc without inotify
            return False
        if fd < 0:
            return False
        if libc.inotify_add_watch(fd, os.fsencode(self.path), EVENTS) < 0:
            os.close(fd)
            return False
        self.fd = fd
        asyncio.get_running_loop().add_reader(fd, self._readable)
        return True

    def _readable(self) -> None:
        try:
            while os.read(self.fd, 4096):  # drain the queued events: one wake for a burst
                pass
        except BlockingIOError:
            pass
        except OSError:
            self.stop()  # the watch is gone; the screen's looks carry on
            return
        self.wake()

    def stop(self) -> None:
        if self.fd >= 0:
            try:
                asyncio.get_running_loop().remove_reader(self.fd)
            except RuntimeError:  # no loop running any more (the app is closing)
                pass
            os.close(self.fd)
            self.fd = -1
