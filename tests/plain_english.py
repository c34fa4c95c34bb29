"""Every event of a game told in plain English by its rule system (issue 17): a sentence (or ""
for bookkeeping) for every kind it emits, with no `key=value`, no Python list and no
`snake_case` identifier in it."""

from __future__ import annotations

import re

from tui_wargame.engine import Game
from tui_wargame.model import apply
from tui_wargame.narrative import describe

#: What a sentence for a reader never holds: `unit=3Cav1`, `['fs-de6-2']`, `reinforcement_rolled`.
RAW = re.compile(r"=|\[|\]|\{|\}|\b[A-Za-z]+_[A-Za-z_]+\b")


def untold(game: Game) -> list[str]:
    """Each event of `game` its system emitted but leaves to the narrative's fallback (None), and
    any event, the engine's undo too, told in a form no reader should see, as "[record] kind: what
    was said"."""
    problems, state = [], game.state_at(-1)
    for record in game.records:
        for e in record.events:
            own = game.capabilities.describe(game.scenario, state, e)
            said = describe(game, state, e)
            if (own is None and record.kind != "undo") or (said and RAW.search(said)):
                problems.append(f"[{record.seq}] {e.kind}: {said!r}")
            state = apply(state, e)
    return problems

