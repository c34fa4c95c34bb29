"""The F&M test map and its variants, and small positions on it (built by `tests.positions`)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from tests import positions
from tests.positions import FixedDice, legal, of_kind, run, where
from tui_wargame import scenario_file
from tui_wargame.model import Scenario, State

HERE = Path(__file__).parent

__all__ = ["HERE", "FixedDice", "legal", "load", "of_kind", "position", "run", "where"]


def load(name: str = "fm_test.toml", edit: Mapping[str, str] | None = None) -> Scenario:
    """The test scenario, with text replacements for a variant; parsed once a process (a
    Scenario is frozen, so the tests that ask for one share it)."""
    return _parsed(name, tuple((edit or {}).items()))


@functools.cache
def _parsed(name: str, edit: tuple[tuple[str, str], ...]) -> Scenario:
    text = (HERE / name).read_text()
    for old, new in edit:
        assert old in text, old
        text = text.replace(old, new)
    return scenario_file.parse(text, HERE / name)


def position(scenario: Scenario, at: Mapping[str, str] | None = None, *, phase: str = "movement",
             active: str = "red", turn: int = 1, steps: Mapping[str, int] | None = None,
             step: str = "declare") -> State:
    """The set-up, with (if `at` is given) every unit set aside but those `at` places, then the
    given phase begun."""
    aside = [u.id for u in scenario.units] if at is not None else []
    return positions.position(scenario, at=at, aside=aside, steps=steps, turn=turn, phase=phase,
                              active=active, step=step)
