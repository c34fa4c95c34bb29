"""A fast reader for save records in exactly the form `savefile` writes them.

A 10,000-record save must open in well under a second on a small machine, and
the standard library's TOML parser, written in Python, takes most of that. Our
records are a strict subset of TOML: one `key = value` line a field and one
inline table a line for each event, its keys quoted, with strings written as
JSON-compatible basic strings, so that `"key" = ` becomes `"key": ` by a
plain replace. This module reads that subset with `json` (in C) and returns
None the moment anything departs from it, so that the caller falls back to the
full TOML parser: a record edited by hand, or written by another tool, is
still read, only more slowly.

It never returns a different value from the one tomllib would: JSON-only
spellings that TOML forbids (`\\/`, surrogate escapes, a raw DEL, NaN and
Infinity, `null`, repeated keys) send the save to the fallback, and so does any
string whose text holds `" = ` or begins with ` = `, where the replace would change it.
One exception, by the caller's choice: records whose hashes show them as
tui-wargame wrote them are not searched for repeated keys (it writes none), so
a record forged with a repeated key and a recomputed hash reads as its last
value where tomllib would refuse the file; `verify`, which re-runs every order,
is what tells a forged save.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

_SCALARS = frozenset({"seq", "side", "kind", "order", "prev", "final", "reverts", "by"})
# `" = ` is a key's closing quote and its separator, unless the quote is escaped or opens a
# string (after "= ", ": ", ", ", "[" or "{"): then a string begins with " = " or holds `\" = `.
# JSON also reads spellings TOML forbids: an escaped "/", a surrogate escape, a raw DEL.
# `_departs` looks for all of these with plain substring tests (a regular expression without a
# literal prefix is slow on megabytes), and over-catches: a key ending in a space, or "\ud" after
# an escaped backslash, only sends the save to the slow path.
_DEL = "\x7f"
_AFTER_BACKSLASH = ('\\" = ', "\\/", "\\ud", "\\uD")
_OPENING_QUOTES = (' " = ', '[" = ', '{" = ')
# JSON's null, which TOML lacks, where a value begins (a string holding ", null" over-catches).
_NULLS = ('= null', ': null', '[null', ', null')


def _departs(text: str) -> bool:
    """Whether `text` holds anything the JSON reading could read differently from TOML."""
    if _DEL in text or ("\\" in text and any(s in text for s in _AFTER_BACKSLASH)):
        return True
    if "null" in text and any(s in text for s in _NULLS):
        return True
    return any(s in text for s in _OPENING_QUOTES)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not TOML")


def _table(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    table = dict(pairs)
    if len(table) != len(pairs):
        raise ValueError("a key is repeated, which TOML forbids")
    return table


_STRICT = json.JSONDecoder(parse_constant=_constant, object_pairs_hook=_table)
_AS_WRITTEN = json.JSONDecoder(parse_constant=_constant)


def read_records(chunks: Sequence[str], repeats_possible: bool = True) -> list[dict[str, Any]] | None:
    """The record tables of `chunks` (each a record's text), or None if any is not in our form.

    `repeats_possible=False`, for records whose hashes show them as tui-wargame wrote them
    (it never repeats a key), skips the look for repeated keys, a third of the decoding.
    """
    parts: list[str] = []
    for chunk in chunks:
        lines = chunk.split("\n")
        # "", "[[record]]", fields..., "event = [", events..., "]", "# sha256 ...", ""
        if len(lines) < 6 or lines[0] or lines[1] != "[[record]]" or lines[-1] or lines[-3] != "]":
            return None
        if not (lines[-2].startswith("#") and lines[-2].isprintable()):  # TOML reads a comment only
            return None
        try:
            start = lines.index("event = [", 2)
        except ValueError:
            return None
        fields = []
        for line in lines[2:start]:
            key, sep, value = line.partition(" = ")
            if not sep or key not in _SCALARS:
                return None
            fields.append(f'"{key}": {value}')
        events = lines[start + 1 : -3]
        for line in events:
            if not (line.startswith("    {") and line.endswith("},")):
                return None
        fields.append('"event": [' + ",".join(line[4:-1] for line in events) + "]")
        parts.append("{" + ", ".join(fields) + "}")
    text = ",\n".join(parts)
    if _departs(text):
        return None
    text = text.replace('" = ', '": ')
    try:
        records = (_STRICT if repeats_possible else _AS_WRITTEN).decode("[" + text + "]")
    except (ValueError, RecursionError):  # a 5,000-digit number, nesting too deep: TOML says where
        return None
    return records if len(records) == len(chunks) else None
