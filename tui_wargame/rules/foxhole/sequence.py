"""Foxhole R13-R15: the Day, the Full Turn and the Player Turn, and the phases in them.

A game is a run of Full Turns, the scenario's turn track (each turn names its day and its
time: morning, afternoon, night). Before a Day's first Full Turn both players hold the Dawn
Briefing (R14, R23; the first one after the set-up, R3.B.3). Each Full Turn begins by changing
the ground conditions, forecasting and resolving the weather (R14, R8), then the Offensive and
the Defensive player each play a Player Turn (R13.A, R2.H); at Night only the weather, unless
Night player turns are in play (R9). A Player Turn is seven phases (R15):

    transport, supply-movement, barrage, activities-movement, combat, motorized-movement,
    vehicle-assault

Each phase is a module with the same few names (see `Phase`); the system asks the module of
the phase the game is in for its orders, and `advance` moves the game on when the acting
player ends a phase, skipping a phase in which nobody could do anything.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Protocol

from tui_wargame.dice import Dice
from tui_wargame.model import Event, Order, Refusal, fold
from tui_wargame.rules.foxhole import fire, refugees, victory, weather
from tui_wargame.rules.foxhole.counters import is_motorized
from tui_wargame.rules.foxhole.position import EXPENDED, OVERWATCH, PINNED, TURN_FLAGS, Position

SETUP = "set-up"
DAWN = "dawn-briefing"
WEATHER = "weather"  # a Full Turn's first step (R14): not a phase anyone acts in
TRANSPORT = "transport"
SUPPLY_MOVEMENT = "supply-movement"
BARRAGE = "barrage"
ACTIVITIES = "activities-movement"
COMBAT = "combat"
MOTORIZED = "motorized-movement"
VEHICLE_ASSAULT = "vehicle-assault"
PLAYER_TURN = (TRANSPORT, SUPPLY_MOVEMENT, BARRAGE, ACTIVITIES, COMBAT, MOTORIZED, VEHICLE_ASSAULT)

#: phase -> its name as the rulebook gives it (R15, R23, R3.B).
NAMES: Mapping[str, str] = {
    SETUP: "set-up", DAWN: "Dawn Briefing", TRANSPORT: "Transport Phase",
    SUPPLY_MOVEMENT: "Supply-Movement Phase", BARRAGE: "Barrage Phase",
    ACTIVITIES: "Activities-Movement Phase", COMBAT: "Combat Phase",
    MOTORIZED: "Motorized-Movement Phase", VEHICLE_ASSAULT: "Vehicle Assault Phase",
}

#: phase -> the module that plays it.
MODULES: Mapping[str, str] = {
    SETUP: "setup", DAWN: "dawn", TRANSPORT: "transport", SUPPLY_MOVEMENT: "supply_movement",
    BARRAGE: "barrage", ACTIVITIES: "activities", COMBAT: "combat", MOTORIZED: "motorized",
    VEHICLE_ASSAULT: "vehicle_assault",
}

Handler = Callable[[Position, Order, Dice], list[Event]]


class Phase(Protocol):
    """What a phase module defines (module-level names):

    - `RULE`: its rule section ("R17");
    - `orders(pos)`: the orders the side to act may give in it now, besides `end`;
    - `ORDERS`: verb -> handler(pos, order, dice) -> events, each refusing with IllegalOrder;
    - `begin(pos, dice)`: events when the phase begins (after its `phase_began`);
    - `finish(pos, dice)`: events when it ends, before the next phase begins;
    - `blocks_end(pos)`: a Refusal if the phase may not end yet (an Ambush still owed), else None;
    - `idle(pos)`: whether nobody could do anything in it now, so that `advance` skips it;
    - `prompt(pos)`: what the side to act does now, with the rule.
    """

    RULE: str
    ORDERS: Mapping[str, Handler]

    def orders(self, pos: Position) -> list[Order]: ...
    def begin(self, pos: Position, dice: Dice) -> list[Event]: ...
    def finish(self, pos: Position, dice: Dice) -> list[Event]: ...
    def blocks_end(self, pos: Position) -> Refusal | None: ...
    def idle(self, pos: Position) -> bool: ...
    def prompt(self, pos: Position) -> str: ...


def module(phase: str) -> Phase:
    return importlib.import_module(f"tui_wargame.rules.foxhole.{MODULES[phase]}")


def phases_of(pos: Position) -> list[str]:
    """The phases of one Full Turn's player turns, or none on a Night turn without Night player
    turns (R9)."""
    if pos.night and not pos.option("night-turns"):
        return []
    return list(PLAYER_TURN)


def begin_phase(pos: Position, turn: int, phase: str, side: str, dice: Dice) -> list[Event]:
    events = [Event.of("phase_began", turn=turn, phase=phase, side=side)]
    return events + module(phase).begin(pos.at(fold(pos.state, events)), dice)


def advance(pos: Position, dice: Dice) -> list[Event]:
    """R13-R15: end the phase the game is in and begin the next one in which someone can act.
    A player turn's end, each Full Turn's weather (R14, R8; a Night turn without player turns is
    its weather alone, R9), a Day's Dawn Briefing and the end of the game come between, as due."""
    state = pos.state
    events = module(state.phase).finish(pos, dice)

    def fold_in(more: list[Event]) -> Position:
        events.extend(more)
        return pos.at(fold(state, events))

    here = fold_in([])
    while True:
        nxt = _next(here)
        if here.state.phase in PLAYER_TURN and (nxt is None or nxt[1] not in PLAYER_TURN
                                                or nxt[2] != here.state.active):
            here = fold_in(_end_of_player_turn(here))
            here = fold_in(fire.end_of_player_turn(here, dice))  # R25.C.1b (optional)
            here = fold_in(victory.during(here))  # R24.D.5: goals met "at any time"
            if here.state.result is not None:
                return events
        if nxt is None:
            return events + victory.at_end(here, dice)
        turn, phase, side = nxt
        if phase == WEATHER:
            here = fold_in([Event.of("phase_began", turn=turn, phase=WEATHER, side=side)])
            if here.night:
                here = fold_in(refugees.night(here))  # R25.C.2.c (optional)
            here = fold_in(weather.full_turn(here, dice))
            if here.state.result is not None:
                return events
            continue
        here = fold_in(begin_phase(here, turn, phase, side, dice))
        if phase in PLAYER_TURN and phase == PLAYER_TURN[0]:
            here = fold_in(_start_of_player_turn(here))
        if phase == DAWN or not module(phase).idle(here):
            return events
        here = fold_in(module(phase).finish(here, dice))  # skipped, but what ends with it still ends


def _next(pos: Position) -> tuple[int, str, str] | None:
    """The step after the current one: (turn index, phase, side), or None after the last."""
    state = pos.state
    turn, phase, side = state.turn, state.phase, state.active
    if phase == SETUP:  # R3.B.3c: the Offensive, then the Defensive player sets up
        return (turn, SETUP, pos.defensive) if side == pos.offensive else (turn, DAWN, pos.defensive)
    if phase == DAWN:
        return (turn, DAWN, pos.offensive) if side == pos.defensive else (turn, WEATHER, pos.offensive)
    if phase == WEATHER:
        phases = phases_of(pos)
        if phases:
            return turn, phases[0], pos.offensive
    elif phase in PLAYER_TURN:
        i = PLAYER_TURN.index(phase)
        if i + 1 < len(PLAYER_TURN):
            return turn, PLAYER_TURN[i + 1], side
        if side == pos.offensive:
            return turn, PLAYER_TURN[0], pos.defensive
    if turn + 1 >= len(pos.scenario.turns):
        return None
    return (turn + 1, DAWN, pos.defensive) if _morning(pos, turn + 1) else (turn + 1, WEATHER, pos.offensive)


def _morning(pos: Position, turn: int) -> bool:
    """Whether `turn` is a Day's first Full Turn, preceded by the Dawn Briefing (R14, R23)."""
    turns = pos.scenario.turns
    return turn == 0 or turns[turn].day != turns[turn - 1].day


def _start_of_player_turn(pos: Position) -> list[Event]:
    """R15 (Chart 5): at the start of the Offensive player's turn he takes his Overwatch markers
    off (R17.D: they were for the Defensive player's turn)."""
    if pos.acting != pos.offensive:
        return []
    return [Event.of("unit_flagged", unit=u, flag=OVERWATCH, on=False)
            for u in pos.units_of(pos.offensive) if pos.has(u, OVERWATCH)]


def _end_of_player_turn(pos: Position) -> list[Event]:
    """R22.F: Pins come off the acting player's non-Motorized units, and the Defensive player's
    Expended markers come off at the end of his own turn; what units did this turn is forgotten."""
    events = []
    acting = pos.acting
    for uid, u in sorted(pos.state.units.items()):
        if pos.side_of(uid) == acting and u.has(PINNED) and not is_motorized(pos.spec(uid)):
            events.append(Event.of("unit_flagged", unit=uid, flag=PINNED, on=False))
        if acting == pos.defensive and pos.side_of(uid) == acting and u.has(EXPENDED):
            events.append(Event.of("unit_flagged", unit=uid, flag=EXPENDED, on=False))
        events += [Event.of("unit_flagged", unit=uid, flag=f, on=False) for f in sorted(u.flags & TURN_FLAGS)]
    return events
