"""The Foxhole proving ground and small positions on it, for the rules tests."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from pathlib import Path

from tests import positions
from tests.positions import FixedDice
from tui_wargame import scenario_file
from tui_wargame.model import EMPTY, Event, Scenario, State, fold
from tui_wargame.rules.foxhole import SYSTEM

HERE = Path(__file__).parent

__all__ = ["HERE", "FixedDice", "legal", "load", "position", "run"]


def load(name: str = "proving.toml", edit: Mapping[str, str] | None = None) -> Scenario:
    """The proving ground (or another test scenario here), with text replacements for a variant;
    parsed once a process (a Scenario is frozen, so the modules that ask for one share it)."""
    return _parsed(name, tuple((edit or {}).items()))


@functools.cache
def _parsed(name: str, edit: tuple[tuple[str, str], ...]) -> Scenario:
    text = (HERE / name).read_text()
    for old, new in edit:
        assert old in text, old
        text = text.replace(old, new)
    return scenario_file.parse(text, HERE / name)


def position(scenario: Scenario, *, phase: str, active: str, turn: int = 0,
             at: Mapping[str, str] | None = None, steps: Mapping[str, int] | None = None,
             flags: Mapping[str, Iterable[str]] | None = None, events: Iterable[Event] = (),
             options: Mapping[str, str] | None = None) -> State:
    """The set-up, then units moved (`at`), steps lost, flags set (unit -> flags), other events,
    then `phase` of turn index `turn` begun for `active`."""
    state = fold(EMPTY, SYSTEM.setup(scenario, options or {}))
    more = [Event.of("unit_placed", unit=u, to=h) for u, h in (at or {}).items()]
    more += [Event.of("step_lost", unit=u, steps=n) for u, n in (steps or {}).items()]
    more += [Event.of("unit_flagged", unit=u, flag=f) for u, fs in (flags or {}).items() for f in fs]
    more += list(events)
    more.append(Event.of("phase_began", turn=turn, phase=phase, side=active))
    return fold(state, more)


def run(scenario: Scenario, state: State, *orders: str,
        dice: Iterable[int] = ()) -> tuple[State, list[Event]]:
    """Resolve `orders` one after another with dice that roll the given faces (all must be used)."""
    return positions.run(scenario, state, *orders, dice=list(dice), system=SYSTEM)


def legal(scenario: Scenario, state: State) -> list[str]:
    return positions.legal(scenario, state, SYSTEM)
