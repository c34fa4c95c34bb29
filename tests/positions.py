"""Small positions for the rules tests, built one way for every F&M scenario (the F&M test map,
Suez 1916, Gaza 1917): the set-up, units moved, steps lost, flags set, then a phase begun; and
orders resolved against such a position with dice that roll given faces."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tui_wargame.dice import Dice
from tui_wargame.model import EMPTY, Event, Order, Scenario, State, fold
from tui_wargame.rules import RuleSystem
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.combat import RESOLVED, STEP


class FixedDice(Dice):
    """Dice that roll the given faces, so a test can ask for a CRT line."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0, 0)
        self.faces = list(faces)

    def roll(self, sides: int = 6) -> int:
        self.draws += 1
        return self.faces.pop(0)


def set_up(scenario: Scenario) -> State:
    """The scenario's historical set-up, before any order."""
    return fold(EMPTY, SYSTEM.setup(scenario, {}))


def position(scenario: Scenario, *, at: Mapping[str, str] | None = None, aside: Iterable[str] = (),
             off_map: Iterable[str] = (), steps: Mapping[str, int] | None = None,
             flags: Mapping[str, str] | None = None, turn: int, phase: str, active: str,
             step: str = "declare", start: State | None = None) -> State:
    """The set-up with the units of `aside` set aside and those of `off_map` taken off the map
    (other than those `at` places), the units of `at` moved to their hex or box, `steps` lost,
    `flags` set (unit -> flag), then `phase` of turn index `turn` begun for `active` (a combat
    phase at its `step`, no attack resolved yet). `start` is the set-up, if the caller has it."""
    at = at or {}
    events = [Event.of("unit_placed", unit=uid, to="set-aside") for uid in aside if uid not in at]
    events += [Event.of("unit_placed", unit=uid, to="off-map") for uid in off_map if uid not in at]
    events += [Event.of("unit_placed", unit=uid, to=where) for uid, where in at.items()]
    events += [Event.of("step_lost", unit=uid, steps=n) for uid, n in (steps or {}).items()]
    events += [Event.of("unit_flagged", unit=uid, flag=flag) for uid, flag in (flags or {}).items()]
    events.append(Event.of("phase_began", turn=turn, phase=phase, side=active))
    if phase == "combat":
        events += [Event.of("value_set", key=STEP, value=step), Event.of("value_set", key=RESOLVED, value="")]
    return fold(set_up(scenario) if start is None else start, events)


def run(scenario: Scenario, state: State, *orders: str, dice: Sequence[int] = (),
        system: RuleSystem = SYSTEM) -> tuple[State, list[Event]]:
    """Resolve `orders` one after another (the dice shared), returning the State and all events."""
    rolls = FixedDice(list(dice))
    events: list[Event] = []
    for text in orders:
        res = system.resolve(scenario, state, Order.parse(text), rolls)
        state = fold(state, res.events)
        events += res.events
    assert not rolls.faces, "a die was not used"
    return state, events


def legal(scenario: Scenario, state: State, system: RuleSystem = SYSTEM) -> list[str]:
    return [o.text for o in system.legal_orders(scenario, state)]


def where(state: State, uid: str) -> str:
    return state.units[uid].location


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
