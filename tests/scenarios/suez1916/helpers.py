"""The real Suez 1916 scenario, positions derived from its set-up, and orders run against them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from tests.rules.fm.helpers import FixedDice
from tui_wargame import scenario_file
from tui_wargame.model import EMPTY, Event, Order, Scenario, State, fold
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.combat import RESOLVED, STEP

SCENARIO = Path(__file__).parents[3] / "scenarios" / "suez1916.toml"
TURNS = ["zh", "4am", "4pm", "4nt", "5am", "5pm", "5nt", "6am", "6pm"]


@cache
def suez() -> Scenario:
    return scenario_file.load(SCENARIO)


def start() -> State:
    """The historical set-up (Suez 11.1-11.4): Central Powers movement, Zero Hour."""
    return fold(EMPTY, SYSTEM.setup(suez(), {}))


def position(at: Mapping[str, str] | None = None, *, turn: str = "4am", phase: str = "movement",
             active: str = "cp", clear: bool = False, flags: Mapping[str, str] | None = None,
             step: str = "declare") -> State:
    """The set-up with units moved to `at` (every other unit and marker set aside if `clear`),
    `flags` set (unit -> flag), then the given phase of `turn` begun."""
    s = suez()
    state = start()
    events = []
    if clear:  # every combat unit off the map, every marker and the air unit out of the pool
        events += [Event.of("unit_placed", unit=u.id, to="set-aside") for u in s.units
                   if s.grid.on_map(state.units[u.id].location)]
        events += [Event.of("unit_placed", unit=u.id, to="off-map") for u in s.units
                   if state.units[u.id].location == "pool"]
    events += [Event.of("unit_placed", unit=uid, to=where) for uid, where in (at or {}).items()]
    events += [Event.of("unit_flagged", unit=uid, flag=flag) for uid, flag in (flags or {}).items()]
    events.append(Event.of("phase_began", turn=TURNS.index(turn), phase=phase, side=active))
    if phase == "combat":
        events += [Event.of("value_set", key=STEP, value=step), Event.of("value_set", key=RESOLVED, value="")]
    return fold(state, events)


def run(state: State, *orders: str, dice: Sequence[int] = ()) -> tuple[State, list[Event]]:
    rolls = FixedDice(dice)
    events: list[Event] = []
    for text in orders:
        res = SYSTEM.resolve(suez(), state, Order.parse(text), rolls)
        state = fold(state, res.events)
        events += res.events
    assert not rolls.faces, "a die was not used"
    return state, events


def legal(state: State) -> list[str]:
    return [o.text for o in SYSTEM.legal_orders(suez(), state)]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
