"""Making text from files safe to show: data, never markup or terminal control.

Names in scenarios and saves come from anyone. Control characters (C0, C1,
DEL, ESC sequences) are dropped so a crafted name cannot move the cursor,
retitle the terminal or hide text; the TUI additionally shows such text as Rich
`Text`, never parsed as markup.
"""

from __future__ import annotations

import re
import unicodedata

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean(text: str, *, newlines: bool = False) -> str:
    """`text` without control characters (tabs and newlines become spaces unless `newlines`)."""
    if not newlines:
        text = text.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    text = _CONTROL.sub("", text)
    # Bidirectional overrides and other format characters can reorder what a reader sees.
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
