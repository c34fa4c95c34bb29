"""The generated scenario as an ordinary scenario file (docs/scenario-format.md), written with
tomli-w: the same tables a printed Foxhole scenario has, so `tui-wargame new FILE` plays it as it
plays any other. The text depends on nothing but the tables (no date, no version), so the same
seed always writes the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import tomli_w

from tui_wargame.rules.foxhole import charts

HEADER = ("# A Foxhole competitive scenario made by `tui-wargame generate foxhole` (R24.D;\n"
          "# docs/generator.md). Every value comes from the seed; edit it as you would any scenario.\n")

#: Each Chart 2 hex type's name and its two-character map glyph (as the proving ground draws them).
GLYPHS: Mapping[str, str] = {
    "clear": "..", "tarmac": "==", "airfield": "AF", "scrub": ",,", "woods": "%%", "forest": "##",
    "swamp": "__", "rough": "::", "buildings": "[]", "tall-buildings": "[T", "flooded": "~.",
    "calm-river": "~~", "swift-river": "~>", "shallow-sea": "ss", "deep-sea": "SS",
}
TIMES = (("am", "Morning", "morning"), ("pm", "Afternoon", "afternoon"), ("nt", "Night", "night"))
BOXES = (("eliminated", "units lost"), ("reinforcements", "units yet to arrive"))
SIDES = (("allied", "Allies", "Al"), ("axis", "Axis", "Ax"))


def turns(days: int) -> list[dict[str, Any]]:
    """R13: each Day a Morning, Afternoon and Night Full Turn."""
    return [{"id": f"{d}{tid}", "name": f"Day {d} {name}", "day": d, "time": time,
             **({"night": True} if time == "night" else {})}
            for d in range(1, days + 1) for tid, name, time in TIMES]


def terrain() -> list[dict[str, str]]:
    return [{"id": t.id, "name": t.name, "glyph": GLYPHS[t.id]} for t in charts.HEX_TYPES.values()]


def scenario(*, ident: str, title: str, description: str, days: int, maphexes: Sequence[Mapping[str, Any]],
             map_tables: Mapping[str, Any], units: Sequence[Mapping[str, Any]], rules: Mapping[str, Any]
             ) -> dict[str, Any]:
    """The scenario's tables in the order a reader expects them."""
    return {
        "id": ident, "title": title, "system": "foxhole", "description": description,
        "side": [{"id": i, "name": n, "short": s} for i, n, s in SIDES],
        "turn": turns(days),
        "terrain": terrain(),
        "map": {"shape": "maphex", "default_terrain": "clear", "maphex": list(maphexes), **map_tables},
        "box": [{"id": i, "description": d} for i, d in BOXES],
        "unit": list(units),
        "rules": dict(rules),
    }


def dumps(table: Mapping[str, Any]) -> str:
    return HEADER + tomli_w.dumps(table)
