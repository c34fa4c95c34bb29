"""The real Suez 1916 scenario, positions derived from its set-up (built by `tests.positions`),
and orders run against them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from tests import positions
from tests.positions import of_kind
from tui_wargame import scenario_file
from tui_wargame.model import Event, Scenario, State

SCENARIO = Path(__file__).parents[3] / "scenarios" / "suez1916.toml"
TURNS = ["zh", "4am", "4pm", "4nt", "5am", "5pm", "5nt", "6am", "6pm"]

__all__ = ["TURNS", "legal", "of_kind", "position", "run", "start", "suez"]


@cache
def suez() -> Scenario:
    return scenario_file.load(SCENARIO)


def start() -> State:
    """The historical set-up (Suez 11.1-11.4): Central Powers movement, Zero Hour."""
    return positions.set_up(suez())


def position(at: Mapping[str, str] | None = None, *, turn: str = "4am", phase: str = "movement",
             active: str = "cp", clear: bool = False, flags: Mapping[str, str] | None = None,
             step: str = "declare") -> State:
    """The set-up with units moved to `at` (every other combat unit set aside, and every marker
    and the air unit taken out of the pool, if `clear`), `flags` set (unit -> flag), then the
    given phase of `turn` begun."""
    s, state = suez(), start()
    aside = [u.id for u in s.units if clear and s.grid.on_map(state.units[u.id].location)]
    off_map = [u.id for u in s.units if clear and state.units[u.id].location == "pool"]
    return positions.position(s, at=at, aside=aside, off_map=off_map, flags=flags, turn=TURNS.index(turn),
                              phase=phase, active=active, step=step, start=state)


def run(state: State, *orders: str, dice: Sequence[int] = ()) -> tuple[State, list[Event]]:
    return positions.run(suez(), state, *orders, dice=dice)


def legal(state: State) -> list[str]:
    return positions.legal(suez(), state)
