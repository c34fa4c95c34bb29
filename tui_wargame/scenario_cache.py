"""A cache of checked scenarios, so that starting a game does not parse and check the same file again.

Reading a scenario parses its TOML, structures it with cattrs, checks its meaning
and lets its rule system check (and structure) the rules tables: about 50 ms of
a start-up, for a file that rarely changes. The checked result depends on the
file's bytes and on the code that reads it, nothing else, so it is kept under a
key made of both: the file's SHA-256, the path, modification time and size of
each of this package's sources (the test Python applies to its own bytecode
cache), and the Python, attrs and cattrs it runs on. A rule system that
`rules.register` put in place (a third party's, the tests' testbed) is code
outside this package, so the key also covers the sources of the package that
defines each one (the module alone, if it is in none). A changed file, an edited
module or an upgraded library gives another key, so nothing is ever invalidated
by hand; an old entry of the same file is removed when a new one is written.

Only files that passed every check are kept (errors are always found and worded
afresh). The cache is a pickle, so it is read only from a folder and a file that
belong to this user and that no one else may write. Anything wrong with it
(unreadable, truncated, from other code) counts as a miss; failing to write it
is silent.

Where: $TUI_WARGAME_CACHE (empty: no cache), else $XDG_CACHE_HOME/tui-wargame,
else ~/.cache/tui-wargame.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import stat
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from tui_wargame import rules
from tui_wargame.model import Scenario

VERSION = b"1"  # of the entry's layout


def folder() -> Path | None:
    """The cache folder, or None when the cache is switched off."""
    chosen = os.environ.get("TUI_WARGAME_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tui-wargame"


@functools.cache
def code_fingerprint() -> bytes:
    """What the checked result depends on besides the file: our sources, Python, attrs, cattrs.

    Empty (no cache) where there are no sources, as in an install of compiled modules only.
    """
    sources = _sources(Path(__file__).resolve().parent)
    if not sources:
        return b""
    h = hashlib.sha256(VERSION + sys.version.encode() + sources)
    for lib in ("attr", "attrs", "cattrs"):  # an upgrade rewrites the files: new times and sizes
        spec = sys.modules[lib].__spec__ if lib in sys.modules else _find_spec(lib)
        origin = spec.origin if spec and spec.origin else ""
        info = os.stat(origin) if origin else None
        h.update(f"{lib}:{origin}:{info and info.st_mtime_ns}:{info and info.st_size}\0".encode())
    return h.digest()


@functools.cache
def _sources(root: Path) -> bytes:
    """The path, modification time and size of each Python source under `root`, or of the file
    `root` (Python's own test for a stale .pyc; reading every source cost 4 ms a start). Once a
    process: the code it runs was read when imported, and a later edit does not change it."""
    if root.is_file():
        info = root.stat()
        return f"{root.name}:{info.st_mtime_ns}:{info.st_size}\0".encode()
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(f for f in filenames if f.endswith(".py")):
            path = Path(dirpath, name)
            info = path.stat()
            found.append(f"{path.relative_to(root)}:{info.st_mtime_ns}:{info.st_size}\0")
    return "".join(found).encode()


def systems_fingerprint() -> bytes | None:
    """The code of the rule systems `register` put in place: for each, the sources of the package
    of the module that defines it (that module alone outside a package). None (no cache) for
    one defined where no file is, as in an interactive session."""
    parts = []
    for system_id, system in sorted(rules.registered().items()):
        module = sys.modules.get(getattr(system, "__module__", "") or type(system).__module__)
        file = getattr(module, "__file__", None)
        if not file:
            return None
        spec = cast(ModuleType, module).__spec__  # a module, as it has a file
        in_package = bool(spec and spec.parent)
        code = Path(file).resolve().parent if in_package else Path(file).resolve()
        parts.append(system_id.encode() + b"\0" + _sources(code))
    return b"".join(parts)


def _find_spec(name: str) -> Any:
    import importlib.util  # finds the module without importing it

    return importlib.util.find_spec(name)


def _entry(path: Path, data: bytes) -> Path | None:
    """NAME-PLACE-KEY.pickle: PLACE tells files of one name in different folders apart."""
    where, systems = folder(), systems_fingerprint()
    if where is None or not code_fingerprint() or systems is None:
        return None
    place = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
    key = hashlib.sha256(code_fingerprint() + systems + hashlib.sha256(data).digest()).hexdigest()[:32]
    return where / f"{path.stem}-{place}-{key}.pickle"


def _private(info: os.stat_result) -> bool:
    """Ours, and writable by no one else: only then is a pickle from it trusted."""
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)




def get(path: Path, data: bytes) -> Scenario | None:
    """The checked Scenario of the file at `path` whose bytes are `data`, if the cache has it."""
    try:
        entry = _entry(path, data)
        if entry is None:
            return None
        with open(entry, "rb") as f:
            if not (_private(os.fstat(f.fileno())) and _private(os.stat(entry.parent))):
                return None
            version, scenario, derived = pickle.load(f)
        if version != VERSION or not isinstance(scenario, Scenario) or scenario.system not in rules.known():
            return None
        adopt = getattr(rules.get(scenario.system), "adopt", None)
        if adopt is not None and derived is not None:
            adopt(scenario, derived)
    except Exception:  # a missing, torn or foreign entry (or unreadable sources) is a miss
        return None
    return scenario


def put(path: Path, data: bytes, scenario: Scenario) -> None:
    """Keep the checked `scenario` read from `data`; drop older entries of the same file."""
    import glob

    tmp: Path | None = None
    try:
        entry = _entry(path, data)
        if entry is None:
            return
        derive = getattr(rules.get(scenario.system), "derived", None)
        blob = pickle.dumps((VERSION, scenario, derive(scenario) if derive else None),
                            protocol=pickle.HIGHEST_PROTOCOL)
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
        os.replace(tmp, entry)
        tmp = None
        for old in entry.parent.glob(glob.escape(entry.name[:-39]) + "*.pickle"):  # less KEY.pickle
            if old != entry and len(old.name) == len(entry.name):
                old.unlink(missing_ok=True)
    except Exception:  # a cache that cannot be written is no cache, not an error
        if tmp is not None:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
