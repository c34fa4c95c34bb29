"""F&M 4.0 Sequence of play, as the 2014 folio games use it (Suez/Gaza 10.3: no mobile phases).

A game turn is the first player's turn, then the second player's. A player
turn is: start-of-turn steps (scenario hooks), the Movement Phase, the Combat
Phase (attacks declared, then resolved one by one). The game ends after the
last box of the turn track, or at an instant victory.
"""

from __future__ import annotations

from tui_wargame.dice import Dice
from tui_wargame.model import Event, fold
from tui_wargame.rules.fm.combat import RESOLVED, STEP
from tui_wargame.rules.fm.fire_support import reuse
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.victory import final_verdict, verdict_event
from tui_wargame.text import tidy

MOVEMENT, COMBAT = "movement", "combat"
DECLARE, RESOLVE = "declare", "resolve"


def begin_combat(pos: Position) -> list[Event]:
    """F&M 4.0: the Combat Phase opens with attacks being declared (F&M 7.1, Suez 18.1)."""
    return [Event.of("phase_began", turn=pos.state.turn, phase=COMBAT, side=pos.state.active),
            Event.of("value_set", key=STEP, value=DECLARE),
            Event.of("value_set", key=RESOLVED, value="")]


def next_player_turn(pos: Position, dice: Dice) -> list[Event]:
    """F&M 4.0: after a player turn, the other player's; after the second player, the next game
    turn; after the last turn, the end of the game (Suez 12.3, Gaza 12.3)."""
    state = pos.state
    ending_turn = state.active == pos.second
    verdict = pos.hooks.instant_victory(pos, "end-of-player-turn")
    if verdict is None and ending_turn:
        verdict = pos.hooks.instant_victory(pos, "end-of-turn")
    if verdict is not None:
        return [verdict_event(verdict)]
    if not ending_turn:
        turn, side = state.turn, pos.second
    elif state.turn + 1 < len(pos.scenario.turns):
        turn, side = state.turn + 1, pos.first
    else:
        return [verdict_event(final_verdict(pos))]
    events = [Event.of("phase_began", turn=turn, phase=MOVEMENT, side=side)]
    events += reuse(pos.at(fold(state, events)))
    events += pos.hooks.start_of_turn(pos.at(fold(state, events)), dice)
    return events


def prompt(pos: Position) -> str:
    """What the side to act does now, with the rule section (shown by the TUI and the CLI)."""
    state = pos.state
    if state.pending:
        return f"{pos.scenario.side[state.pending.side].name}: {tidy(state.pending.prompt)}"
    who = f"{pos.scenario.side[state.active].name}, {pos.turn.name}"
    own = pos.hooks.prompt(pos)
    if own is not None:
        return f"{who}: {own}"
    if state.phase == MOVEMENT:
        return (f"{who}: Movement Phase - move units (move UNIT HEX...), bring on reinforcements "
                f"(enter UNIT HEX...), then end (F&M 4.0, 5.0)")
    if state.values.get(STEP) == DECLARE:
        return f"{who}: Combat Phase - declare attacks (attack TARGET FROM), then end (F&M 7.1)"
    return f"{who}: Combat Phase - resolve each declared attack (resolve TARGET), then end (F&M 7.6)"
