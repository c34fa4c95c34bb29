"""The engine, the save, the CLI, the narrative and the TUI speak no rule system's language.

Fire & Movement's words belong in `tui_wargame/rules/fm/` and its scenarios; a second system
(Foxhole) must find nothing of F&M in the seams it plugs into. Each term is a whole-word,
case-insensitive match unless it is written in capitals (an abbreviation: "MP", "ZOC", "CRT"),
which is matched as written so that "mp" in a temporary file's name does not count.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "tui_wargame"

#: The files that must be free of any one rule system's vocabulary: the seams, the generic part of
#: the computer player (its Fire & Movement knowledge is players/fm.py and the fm_*.py beside it),
#: and the whole TUI.
FILES = ("engine.py", "savefile.py", "record_reader.py", "cli.py", "narrative.py", "views.py",
         *(f"players/{name}" for name in ("__init__.py", "base.py", "baseline.py", "planner.py", "search.py",
                                          "view.py")),
         *sorted(str(p.relative_to(PACKAGE)) for p in (PACKAGE / "tui").iterdir()
                 if p.suffix in (".py", ".tcss")))

#: Fire & Movement's vocabulary: its abbreviations, its tables, its procedures, its scenarios.
TERMS = ("MP", "MF", "ZOC", "zone of control", "zones of control", "CRT", "differential", "combat",
         "bombard", "bombardment", "fire support", "fire-support", "historical", "free set-up",
         "free deployment", "column shift", "column shifts", "terrain row", "movement allowance",
         "movement points", "reinforcement", "reinforcements", "Kress", "Suez", "Gaza", "F&M",
         "Fire & Movement", "Fire and Movement")


def pattern(term: str) -> re.Pattern[str]:
    flags = 0 if term.isupper() else re.IGNORECASE
    return re.compile(rf"(?<![\w&]){re.escape(term)}(?![\w&])", flags)


PATTERNS = [(term, pattern(term)) for term in TERMS]


def offences(text: str, name: str) -> list[str]:
    """Every line of `text` using a term, as "name:line: term: the line"."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for term, pat in PATTERNS:
            if pat.search(line):
                found.append(f"{name}:{n}: {term!r}: {line.strip()}")
    return found


@pytest.mark.parametrize("name", FILES)
def test_no_rule_system_vocabulary_in(name: str) -> None:
    path = PACKAGE / name
    found = offences(path.read_text(encoding="utf-8"), f"tui_wargame/{name}")
    assert not found, "Fire & Movement terms outside rules/fm:\n" + "\n".join(found)


def test_the_check_finds_each_kind_of_term_and_names_file_and_line() -> None:
    sample = 'x = 1\nreturn f"{cost} MP"  # F&M 5.0\nsetup = "historical"\ntmp = "a.tmp"\n'
    found = offences(sample, "sample.py")
    assert found[0].startswith("sample.py:2: 'MP'") and any("'F&M'" in f for f in found)
    assert any(f.startswith("sample.py:3: 'historical'") for f in found)
    assert not any(f.startswith("sample.py:4") for f in found)  # "mp" inside a word is no term
    assert offences("the Zone of Control", "s") and not offences("Combatant", "s")
