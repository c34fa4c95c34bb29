"""The interface every rule system implements, and the registry that finds them.

A rule system turns orders into events. It never changes a State itself: the
engine folds the events it returns. Fire & Movement and Foxhole are systems;
a scenario names its system by id.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from tui_wargame.dice import Dice
from tui_wargame.errors import WargameError
from tui_wargame.frozen import frozen
from tui_wargame.model import Event, Order, Scenario, State


@frozen
class Resolution:
    """What an accepted order did. `reveals` marks orders that showed hidden information.

    `state`, when the system has folded its events anyway (to check a verdict, say), is the
    State they lead to, so that the engine need not fold them again; None lets the engine fold.
    """

    events: tuple[Event, ...]
    reveals: bool = False
    state: State | None = None


class RuleSystem(Protocol):
    """The required core of a rule system: what a game cannot be played without.

    Everything else a system may offer (describing events, explaining an order, map
    layers, unit notes, help pages, hidden units, options) is an optional capability
    with a default: see `tui_wargame.rules.capabilities`.

    Optional, for the scenario cache: `derived(scenario)` returns what `check_scenario`
    derived and keeps (picklable), and `adopt(scenario, derived)` takes it back for a
    scenario read from the cache, so that the system need not derive it again; `adopt`
    raises to refuse an entry its check might now judge otherwise (it is checked afresh).
    """

    id: str
    title: str

    def check_scenario(self, scenario: Scenario) -> list[str]:
        """Problems with the system's own data in `scenario`, each naming the table and key."""
        ...

    def setup(self, scenario: Scenario, options: Mapping[str, Any]) -> list[Event]:
        """The events of record 0: every counter placed, the first phase begun."""
        ...

    def legal_orders(self, scenario: Scenario, state: State) -> list[Order]:
        """Every order the side to act may give now, including answers to a pending decision."""
        ...

    def resolve(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        """Check `order` and resolve it; raise IllegalOrder with its Refusal if it is refused."""
        ...

    def victory_points(self, scenario: Scenario, state: State) -> Mapping[str, int]:
        """Each side's victory points now (empty for a system that keeps none)."""
        ...

    def prompt(self, scenario: Scenario, state: State) -> str:
        """What the side to act should do now, with the rule that makes this moment special."""
        ...


class UnknownSystem(WargameError):
    """A scenario or save names a rule system this installation does not have."""


#: Built-in systems: id -> "module:attribute", imported on first use.
BUILTIN: dict[str, str] = {"fm": "tui_wargame.rules.fm:SYSTEM", "foxhole": "tui_wargame.rules.foxhole:SYSTEM"}


class ScenarioGenerator(Protocol):
    """A rule system's maker of scenarios (Foxhole's competitive scenarios): the same seed and
    choices always give the same scenario file, byte for byte."""

    title: str  # what it makes, for a menu
    options: Sequence[Any]  # the GameOptions a player may choose (the first choice the default)

    def ident(self, seed: int, choices: Mapping[str, str]) -> str:
        """The scenario's id (its file's name) when the player names none."""
        ...

    def text(self, seed: int, choices: Mapping[str, str], ident: str) -> str:
        """The scenario file's text."""
        ...


#: Rule systems that make scenarios: id -> "module:attribute" of their ScenarioGenerator.
GENERATORS: dict[str, str] = {"foxhole": "tui_wargame.rules.foxhole.generator:GENERATOR"}


def generator(system_id: str) -> ScenarioGenerator:
    """The scenario generator of `system_id` (WargameError naming those there are, if none)."""
    if system_id not in GENERATORS:
        raise WargameError(f"no scenario generator for {system_id!r} (there are: {', '.join(GENERATORS)})")
    module, _, attr = GENERATORS[system_id].partition(":")
    return getattr(importlib.import_module(module), attr)

_registry: dict[str, RuleSystem | Callable[[], RuleSystem]] = {}
_replaced: set[str] = set()  # built-in ids that `register` gave another system


def register(system_id: str, system: RuleSystem | Callable[[], RuleSystem]) -> None:
    """Make a rule system (or a factory for one) available under `system_id`."""
    _registry[system_id] = system
    if system_id in BUILTIN:
        _replaced.add(system_id)


def is_builtin(system_id: str) -> bool:
    """Whether `system_id` names one of this package's own systems (not one `register` put there)."""
    return system_id in BUILTIN and system_id not in _replaced


def registered() -> dict[str, object]:
    """What `register` put in place (systems or factories), by id: the package's own are not here."""
    return {sid: found for sid, found in _registry.items() if not is_builtin(sid)}


def get(system_id: str) -> RuleSystem:
    found = _registry.get(system_id)
    if found is None and system_id in BUILTIN:
        module, _, attr = BUILTIN[system_id].partition(":")
        found = getattr(importlib.import_module(module), attr)
    if found is None:
        raise UnknownSystem(f"no rule system {system_id!r} (known: {', '.join(known()) or 'none'})")
    system = found() if callable(found) and not hasattr(found, "resolve") else found
    _registry[system_id] = system
    return system  # type: ignore[return-value]


def known() -> Sequence[str]:
    return sorted({*BUILTIN, *_registry})
