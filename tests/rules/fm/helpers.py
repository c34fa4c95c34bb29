"""Setting up small positions on the F&M test map, and resolving orders against them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from tui_wargame import scenario_file
from tui_wargame.dice import Dice
from tui_wargame.model import EMPTY, Event, Order, Scenario, State, fold
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.combat import RESOLVED, STEP

HERE = Path(__file__).parent


def load(name: str = "fm_test.toml", edit: Mapping[str, str] | None = None) -> Scenario:
    """The test scenario, with text replacements for a variant."""
    text = (HERE / name).read_text()
    for old, new in (edit or {}).items():
        assert old in text, old
        text = text.replace(old, new)
    return scenario_file.parse(text, HERE / name)


class FixedDice(Dice):
    """Dice that roll the given faces, so a test can ask for a CRT line."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0, 0)
        self.faces = list(faces)

    def roll(self, sides: int = 6) -> int:
        self.draws += 1
        return self.faces.pop(0)


def position(scenario: Scenario, at: Mapping[str, str] | None = None, *, phase: str = "movement",
             active: str = "red", turn: int = 1, steps: Mapping[str, int] | None = None,
             step: str = "declare") -> State:
    """The set-up, with units moved to `at` (hex or box), then the given phase begun."""
    state = fold(EMPTY, SYSTEM.setup(scenario, {}))
    placed = {u.id: "set-aside" for u in scenario.units if at is not None}
    placed.update(at or {})
    events = [Event.of("unit_placed", unit=uid, to=where) for uid, where in placed.items()]
    events += [Event.of("step_lost", unit=uid, steps=n) for uid, n in (steps or {}).items()]
    events.append(Event.of("phase_began", turn=turn, phase=phase, side=active))
    if phase == "combat":
        events += [Event.of("value_set", key=STEP, value=step), Event.of("value_set", key=RESOLVED, value="")]
    return fold(state, events)


def run(scenario: Scenario, state: State, *orders: str,
        dice: Sequence[int] = ()) -> tuple[State, list[Event]]:
    """Resolve `orders` one after another (the dice shared), returning the State and all events."""
    rolls = FixedDice(dice)
    events: list[Event] = []
    for text in orders:
        res = SYSTEM.resolve(scenario, state, Order.parse(text), rolls)
        state = fold(state, res.events)
        events += res.events
    assert not rolls.faces, "a die was not used"
    return state, events


def legal(scenario: Scenario, state: State) -> list[str]:
    return [o.text for o in SYSTEM.legal_orders(scenario, state)]


def where(state: State, uid: str) -> str:
    return state.units[uid].location


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
