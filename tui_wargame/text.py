"""Making text from files safe to show: data, never markup or terminal control.

Names in scenarios and saves come from anyone. Control characters (C0, C1,
DEL, ESC sequences) are dropped so a crafted name cannot move the cursor,
retitle the terminal or hide text; the TUI additionally shows such text as Rich
`Text`, never parsed as markup.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui_wargame.model import Scenario

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean(text: str, *, newlines: bool = False) -> str:
    """`text` without control characters (tabs and newlines become spaces unless `newlines`)."""
    if not newlines:
        text = text.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    text = _CONTROL.sub("", text)
    if text.isascii():  # no format character is ASCII: most text is, and needs no look at each one
        return text
    # Bidirectional overrides and other format characters can reorder what a reader sees.
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def has_control(text: str) -> bool:
    """Whether `clean` would change `text`: it holds a control or format character, a tab or a newline."""
    return clean(text) != text


def clean_all(value: object) -> object:
    """Every string of `value` (a file's parsed TOML: tables, lists, scalars) cleaned, newlines kept."""
    if isinstance(value, str):
        return clean(value, newlines=True)
    if isinstance(value, list):
        return [clean_all(v) for v in value]
    if isinstance(value, dict):
        return {clean(str(k), newlines=True): clean_all(v) for k, v in value.items()}
    return value


def unit_name(scenario: Scenario, uid: str) -> str:
    """A unit for a reader: its name and id, "1st Red Rifles (r1)"; an unknown id as it is."""
    spec = scenario.unit.get(uid)
    return f"{clean(spec.name)} ({uid})" if spec else uid


def side_name(scenario: Scenario, sid: str) -> str:
    side = scenario.side.get(sid)
    return clean(side.name) if side else sid


def hex_name(scenario: Scenario, label: str) -> str:
    """A hex for a reader: its place name and label where the map names it, else the label."""
    place = scenario.places.get(label)
    return f"{clean(place.name)} ({label})" if place else label


def names_any(value: object, ids: frozenset[str]) -> bool:
    """Whether `value` (an order's words, an event's facts, nested) names any of `ids`: a unit a
    reader may not see, whose sentence is then told without it."""
    if isinstance(value, str):
        return value in ids
    if isinstance(value, list | tuple):
        return any(names_any(v, ids) for v in value)
    if isinstance(value, Mapping):
        return any(names_any(v, ids) for v in value.values())
    return False


def plural(count: int, word: str) -> str:
    """"1 hex", "2 hexes", "1 step", "3 steps": a count and its noun in agreement."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}es" if word.endswith(("x", "s", "ch", "sh")) else f"{count} {word}s"


def _plural_name(name: str) -> bool:
    """A name read as a plural: ending in s, but not as "Axis" or "Congress" do."""
    return name.endswith("s") and not name.endswith(("ss", "is", "us"))


def possessive(name: str) -> str:
    """A name's possessive: "Central Powers'" for a plural name, "Red's" and "Axis's" otherwise."""
    return f"{name}'" if _plural_name(name) else f"{name}'s"


def attributive(name: str) -> str:
    """A side's name before "turn": "the British turn", "the Axis turn", "the Central Powers' turn"
    (a plural name takes the apostrophe; an adjective, a colour or a singular noun stays as it is)."""
    return f"{name}'" if _plural_name(name) else name


_CITATION = r"\((?:[A-Z][\w&]* )?\d+(?:\.\d+)*(?:-\d+(?:\.\d+)*)?\)"
_TWO_CITATIONS = re.compile(rf"({_CITATION}) ({_CITATION})")
_ONE_HEXES = re.compile(r"\b1 (hex|step|unit)(?:es|s)\b")


def tidy(text: str) -> str:
    """Words already written into saves, tidied for a reader: a citation given twice once ("(Suez
    13.3) (Suez 13.3)"), two in a row joined ("(F&M 7.8; F&M 7.7)"), "1 hexes" as "1 hex". A save's
    events are compared word for word when it is verified, so old wording stays in them."""
    def join(m: re.Match[str]) -> str:
        a, b = m.group(1), m.group(2)
        return a if a == b else f"{a[:-1]}; {b[1:]}"

    while True:
        joined = _TWO_CITATIONS.sub(join, text)
        if joined == text:
            return _ONE_HEXES.sub(r"1 \1", text)
        text = joined
