"""The Gaza 1917 scenario for tests, and small positions on its map."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tests.rules.fm.helpers import FixedDice, legal, of_kind, run, where
from tui_wargame import scenario_file
from tui_wargame.model import EMPTY, Event, Scenario, State, fold
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.combat import RESOLVED, STEP

ROOT = Path(__file__).resolve().parents[3]
SCENARIO_FILE = ROOT / "scenarios" / "gaza1917.toml"
SCENARIO: Scenario = scenario_file.load(SCENARIO_FILE)

__all__ = ["SCENARIO", "FixedDice", "legal", "of_kind", "run", "where", "historical", "position"]


def historical() -> State:
    """The historical set-up (11.1-11.4), at the British movement phase of Zero Hour."""
    return fold(EMPTY, SYSTEM.setup(SCENARIO, {}))


def position(at: Mapping[str, str] | None = None, *, phase: str = "movement", active: str = "br",
             turn: int = 1, steps: Mapping[str, int] | None = None, step: str = "declare",
             clear: bool = True, flags: Mapping[str, str] | None = None, support: bool = False) -> State:
    """The set-up with every combat unit set aside (if `clear`) and, unless `support`, every fire
    support marker and air unit too; then the units of `at` placed and the given phase begun: a
    small position on the real map for one rule's test."""
    state = historical()
    events = []
    if clear:
        events += [Event.of("unit_placed", unit=u.id, to="set-aside") for u in SCENARIO.units
                   if u.kind not in ("marker", "air")]
    if not support:
        events += [Event.of("unit_placed", unit=u.id, to="set-aside") for u in SCENARIO.units
                   if "fire-support" in u.traits]
    events += [Event.of("unit_placed", unit=uid, to=label) for uid, label in (at or {}).items()]
    events += [Event.of("step_lost", unit=uid, steps=n) for uid, n in (steps or {}).items()]
    events += [Event.of("unit_flagged", unit=uid, flag=flag) for uid, flag in (flags or {}).items()]
    events.append(Event.of("phase_began", turn=turn, phase=phase, side=active))
    if phase == "combat":
        events += [Event.of("value_set", key=STEP, value=step), Event.of("value_set", key=RESOLVED, value="")]
    return fold(state, events)
