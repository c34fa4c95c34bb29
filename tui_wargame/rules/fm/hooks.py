"""Hooks: where a scenario's exclusive rules plug into the system.

The system calls these at fixed moments; the defaults are the standard rules
(as completed by RULES-NOTES). A scenario module subclasses `Hooks`, overrides
what its exclusive rules change, and registers the class under a name that
the scenario's `[rules] hooks` key gives.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tui_wargame.frozen import frozen
from tui_wargame.model import Event, Order, Refusal, Scenario, State, Verdict
from tui_wargame.rules.capabilities import Line

if TYPE_CHECKING:
    from tui_wargame.dice import Dice
    from tui_wargame.rules.fm.position import Position


@frozen
class InstantGoal:
    """Hexes where one of `units` standing wins `side` the game at once (Suez 12.1, Gaza 12.2):
    what a computer player of the other side guards."""

    side: str
    units: frozenset[str]
    hexes: frozenset[str]


@frozen
class InstantHold:
    """Hexes that win `side` the game at once when its units stand in every one of them (Gaza
    12.1): what a computer player of that side goes for, and the other side's guards."""

    side: str
    hexes: frozenset[str]


class Hooks:
    """The standard rules: no exclusive rule changes anything."""

    def setup_choices(self) -> Mapping[str, str]:
        """The scenario's set-up options besides the historical one, each with a line saying what
        it is (Suez 11.1 "free"): offered as choices of the system's `setup` game option."""
        return {}

    def setup(self, pos: Position, option: str) -> list[Event] | None:
        """Events after the historical placement for the set-up `option` (not "historical"),
        ending with the phase they begin (Suez 11.1-11.4 free deployment); None if the scenario
        has no such option. `pos` shows every counter at its start. While the set-up phase runs
        (a phase other than movement or combat) only `extra_orders` are legal."""
        return None

    def summary(self) -> tuple[tuple[str, str], ...]:
        """The exclusive rules in brief for the help's rules page: (section, a line in our own
        words) each; none for the standard rules."""
        return ()

    def describe(self, scenario: Scenario, state: State, event: Event) -> str | None:
        """A sentence for one of the scenario's own reports (Gaza 13.1 `charge_declared`); None:
        the system's words. Told from the event and the state it applies to, so an old save reads."""
        return None

    def order_note(self, pos: Position, order: Order) -> str | None:
        """One line saying what one of the scenario's own orders does, with its section (Suez 16.0
        rail); None: the system's line."""
        return None

    def prompt(self, pos: Position) -> str | None:
        """What the side to act does now, in a phase of the scenario's own (Suez 11.1 set-up);
        None: the system's prompt."""
        return None

    def start_of_turn(self, pos: Position, dice: Dice) -> list[Event]:
        """Start-of-turn steps of the active player (Suez 11.3 activation, 11.5 reinforcement rolls).

        Called when the player turn begins, before its movement phase; `pos` shows the new turn.
        """
        return []

    def extra_orders(self, pos: Position) -> list[Order]:
        """The exclusive rules' own orders legal now (Suez 11.1 and Gaza 11.1 deployment, Gaza 13.1
        charges, Suez 16.0 and Gaza 15.0 rail moves); the commander's are the system's (Suez 13.1
        Kress, `rules.commander`)."""
        return []

    def resolve_extra(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        """Resolve one of `extra_orders`; None if `order` is not one of this scenario's orders.
        Raise IllegalOrder with the exclusive rule's section when it is refused."""
        return None

    def movement_allowance(self, pos: Position, unit: str, allowance: Fraction) -> Fraction:
        """The unit's MP this phase (Suez 15.1 doubles them on the zero hour turn)."""
        return allowance

    def allowance_note(self, pos: Position, unit: str) -> Line | None:
        """Why `movement_allowance` changes `unit`'s printed factor now, with the rule, for the unit
        panel (Suez 15.1: doubled at zero hour); None where it does not."""
        return None

    def may_move(self, pos: Position, unit: str) -> Refusal | None:
        """Why `unit` may not move now (Suez 11.3 inactive, 15.2 surprise), with the rule; None if it may."""
        return None

    def step_cost(self, pos: Position, unit: str, a: str | None, b: str,
                  cost: Fraction | None) -> Fraction | None:
        """The MP for `unit` to step from `a` into `b` (None: prohibited), given the chart's `cost`
        (Suez 14.1: the British canal crossing costs the whole allowance)."""
        return cost

    def after_move(self, pos: Position, unit: str, path: list[str], dice: Dice) -> list[Event]:
        """Events that follow a move, entry, retreat, advance or displacement along `path`; `pos`
        shows the unit moved (Suez 11.3: enemy units moving near inactive units activate them)."""
        return []

    def after_bombardment(self, pos: Position, side: str, hex_label: str, dice: Dice) -> list[Event]:
        """Events that follow `side`'s bombardment of `hex_label`; `pos` shows its results
        (Suez 11.3: a bombarded inactive British unit activates)."""
        return []

    def may_bombard(self, pos: Position, side: str) -> Refusal | None:
        """Why `side` may not use fire support now (Suez 15.2 zero hour), with the rule; None if it may."""
        return None

    def ignores_zoc(self, pos: Position, unit: str) -> bool:
        """Whether `unit` enters and leaves enemy ZOCs freely (Suez 13.3 armoured train)."""
        return "ignores-zoc" in pos.spec(unit).traits

    def column_shifts(self, pos: Position, attackers: list[str], defenders: list[str],
                      hex_label: str) -> list[tuple[int, Line]]:
        """Extra column shifts for an attack, each (by, why with its rule) (Gaza 17.0, 13.1 charge)."""
        return []

    def advance_extra(self, pos: Position, unit: str, attackers: Sequence[str]) -> int:
        """Hexes an advancing unit may add in any direction (Gaza 13.1 charging cavalry); `attackers`
        are every unit of the attack it advances from."""
        return 0

    def step_lost(self, pos: Position, unit: str, steps: int) -> list[Event]:
        """What else happens when `unit` is left with `steps` (Gaza 13.3 battalion replaces its regiment).

        `pos` is before the loss; the events follow the system's own."""
        return []

    def may_place_air(self, pos: Position, unit: str, label: str, verb: str) -> Refusal | None:
        """Why air unit `unit` may not be placed at `label` to "air" (bombard) or "observe" (Gaza 18.6
        naval fire support), with the rule; None if it may."""
        return None

    def instant_victory(self, pos: Position, moment: str) -> Verdict | None:
        """An instant win at `moment`: "order" (after any order), "end-of-player-turn", "end-of-turn"."""
        return None

    def instant_goals(self, pos: Position) -> Sequence[InstantGoal]:
        """The instant wins of `instant_victory` won by a unit reaching a hex, as data for a planner."""
        return ()

    def instant_holds(self, pos: Position) -> Sequence[InstantHold]:
        """The instant wins of `instant_victory` won by holding every hex of a set, as data for a planner."""
        return ()


_HOOKS: dict[str, type[Hooks] | str] = {
    "": Hooks,
}
_INSTANCES: dict[str, Hooks] = {}


def register_hooks(name: str, hooks: type[Hooks] | str) -> None:
    """Make a scenario's hook class (or "module:Class") available under `name`."""
    _HOOKS[name] = hooks
    _INSTANCES.pop(name, None)


def hooks_named(name: str) -> Hooks:
    """The hook object for `name`; KeyError if no such hooks are registered."""
    if name not in _INSTANCES:
        found: type[Hooks] | str | Callable[[], Any] = _HOOKS[name]
        if isinstance(found, str):
            module, _, attr = found.partition(":")
            found = getattr(importlib.import_module(module), attr)
        _INSTANCES[name] = found()  # type: ignore[operator]
    return _INSTANCES[name]


def known_hooks() -> list[str]:
    return sorted(_HOOKS)
