"""The Gaza 1917 scenario for tests, and small positions on its map (built by `tests.positions`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tests import positions
from tests.positions import FixedDice, legal, of_kind, run, where
from tui_wargame import scenario_file
from tui_wargame.model import Scenario, State

ROOT = Path(__file__).resolve().parents[3]
SCENARIO_FILE = ROOT / "scenarios" / "gaza1917.toml"
SCENARIO: Scenario = scenario_file.load(SCENARIO_FILE)

__all__ = ["SCENARIO", "FixedDice", "legal", "of_kind", "run", "where", "historical", "position"]


def historical() -> State:
    """The historical set-up (11.1-11.4), at the British movement phase of Zero Hour."""
    return positions.set_up(SCENARIO)


def position(at: Mapping[str, str] | None = None, *, phase: str = "movement", active: str = "br",
             turn: int = 1, steps: Mapping[str, int] | None = None, step: str = "declare",
             clear: bool = True, flags: Mapping[str, str] | None = None, support: bool = False) -> State:
    """The set-up with every combat unit set aside (if `clear`) and, unless `support`, every fire
    support marker and air unit too; then the units of `at` placed and the given phase begun: a
    small position on the real map for one rule's test."""
    aside = [u.id for u in SCENARIO.units if clear and u.kind not in ("marker", "air")]
    aside += [u.id for u in SCENARIO.units if not support and "fire-support" in u.traits]
    return positions.position(SCENARIO, at=at, aside=aside, steps=steps, flags=flags, turn=turn, phase=phase,
                              active=active, step=step)
