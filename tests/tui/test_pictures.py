"""The Suez and Gaza maps as a player sees them, character and style, against pictures kept in
tests/tui/pictures/: a unit selected with its reach, the enemy's zones of control shown, a
face-down fire-support marker, in each palette and glyph set.

The whole painted map is compared (not only what fits the window), so any change of what the
map shows is caught here. After a deliberate change of the look, write the pictures again with
`TUI_PICTURES_UPDATE=1 python -m pytest tests/tui/test_pictures.py` and read the difference
before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import textual.constants

from tests.tui.helpers import press, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.mapdraw import Row

PICTURES = Path(__file__).parent / "pictures"


def picture(rows: list[Row]) -> dict[str, list[str]]:
    """Rows as text, with each cell's style as a letter of a legend kept beside them."""
    legend: dict[str, str] = {}
    codes = []
    for row in rows:
        line = ""
        for _, style in row:
            line += legend.setdefault(str(style), chr(ord("A") + len(legend)))
        codes.append(line)
    return {"text": ["".join(ch for ch, _ in row) for row in rows], "styles": codes,
            "legend": [f"{code} {style}" for style, code in legend.items()]}


def suez_bombarding(game: Game) -> None:
    """Suez, 4 a.m.: the British combat phase with one face-down marker on 2627 (Suez 18.1)."""
    while game.state.phase != "combat" or game.state.active != "british" or game.state.turn != 1:
        game.submit("end")
    game.submit("bombard 2627")


SCENES = {
    # name: scenario, size, --ascii, colour system, set-up, keys
    "suez-selected-zoc": ("suez1916", (80, 24), False, "truecolor", None, ["tab", "Z"]),
    "suez-selected-zoc-ascii-16": ("suez1916", (80, 24), True, "standard", None, ["tab", "Z"]),
    "suez-marker": ("suez1916", (80, 24), True, "truecolor", suez_bombarding, ["tab"]),
    "gaza-detailed-zoc": ("gaza1917", (160, 48), False, "truecolor", None, ["tab", "tab", "Z"]),
}


@pytest.mark.parametrize("name", list(SCENES))
@sync
async def test_the_map_looks_as_it_did(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario_id, size, ascii_only, colours, prepare, keys = SCENES[name]
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", colours)
    with Game.new(scenario_file.find(scenario_id), tmp_path / "g.toml", seed=1) as game:
        if prepare:
            prepare(game)
        async with WargameApp(start="play", game=game, ascii_only=ascii_only).run_test(size=size) as pilot:
            await press(pilot, *keys)
            seen = picture(pilot.app.screen.query_one(HexMap).rows)
    path = PICTURES / f"{name}.json"
    if os.environ.get("TUI_PICTURES_UPDATE"):
        PICTURES.mkdir(exist_ok=True)
        path.write_text(json.dumps(seen, indent=0, ensure_ascii=False) + "\n")
    kept = json.loads(path.read_text())
    assert seen["text"] == kept["text"]
    assert seen["legend"] == kept["legend"]
    assert seen["styles"] == kept["styles"]
