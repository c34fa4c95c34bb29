"""Foxhole's situation for the screen: the conditions line (R8, R9, R13) and the R15 track.

`conditions` is one short line the game screen keeps in view: the part of the Day, this Full
Turn's weather (or, before it is resolved, its forecast), the wind, the ground and its moisture,
and the forecasts held for the Full Turns to come. `track` is where the game stands in Chart 5:
the steps of the current Full Turn in order, the other player's turn among them, and the step
being played. Both read the State only; neither rolls a die.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.model import Scenario, State
from tui_wargame.rules.capabilities import Track
from tui_wargame.rules.foxhole import charts, sequence, weather
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.text import side_name

#: The R15 phases by the short names the track shows (Chart 5), in order.
PHASE_STEPS = {
    sequence.TRANSPORT: "Transport", sequence.SUPPLY_MOVEMENT: "Supply", sequence.BARRAGE: "Barrage",
    sequence.ACTIVITIES: "Activities", sequence.COMBAT: "Combat", sequence.MOTORIZED: "Motorized",
    sequence.VEHICLE_ASSAULT: "V.Assault",
}
SETUP_STEP, DAWN_STEP, WEATHER_STEP = "Set-up", "Dawn", "Weather"


def _word(value: str) -> str:
    """A chart value as the line shows it: "dry" as "Dry", "dry-warm" as "Dry warm"."""
    return value.replace("-", " ").capitalize()


def _part_of_day(pos: Position) -> str:
    """R13: the Day and the part of it (Morning, Afternoon, Night) of the current Full Turn: the
    turn's name when it says the part ("6 June Morning"), else "Day 1 Morning"."""
    turn = pos.turn
    if not turn.time or turn.time.lower() in turn.name.lower():
        return turn.name
    return f"Day {turn.day} {_word(turn.time)}" if turn.day else f"{turn.name}, {_word(turn.time)}"


def _resolved(pos: Position) -> bool:
    """Whether this Full Turn's weather has been resolved (R8.B.2): from its Weather step on. The
    Dawn Briefing and the set-up come before it; its forecast is then still held."""
    return pos.state.phase not in (sequence.SETUP, sequence.DAWN)


def _sky(pos: Position) -> str:
    """This Full Turn's atmosphere, fog and wind (R8.C, R25.C.1a, Chart 3B); before its Weather
    step, the forecast made for it (R8.B.1), or that none is made yet (R3.B.4)."""
    if not _resolved(pos):
        made = weather.forecast_for(pos, pos.turn.id)
        if made:
            return f"forecast {_word(made)}"
        fixed = _opening(pos)  # R3.B.4: the scenario may fix the opening turns' weather
        if "atmosphere" in fixed:
            return f"{_word(str(fixed['atmosphere']))} (scenario)"
        return (f"forecast {_word(str(fixed['forecast']))}" if "forecast" in fixed
                else "weather after the Briefing")
    strength, toward = weather.wind(pos)
    wind = strength if strength == charts.CALM else f"{strength} {toward}"
    return ", ".join([_word(weather.atmosphere(pos)), *(["fog"] if weather.fog(pos) else []), wind])


def _opening(pos: Position) -> Mapping[str, object]:
    """R3.B.4: what the scenario fixes of this Full Turn's weather (`[rules.weather.opening]`)."""
    kept = pos.scenario.rules.get("weather", {})
    opening = kept.get("opening", {}) if isinstance(kept, Mapping) else {}
    fixed = opening.get(pos.turn.id, {}) if isinstance(opening, Mapping) else {}
    return fixed if isinstance(fixed, Mapping) else {}


def _ground(pos: Position) -> str:
    """R8.D: the ground and its moisture (0-12), and Frozen (R8.D.6)."""
    kept = pos.state.values.get("weather")
    moisture = kept.get("moisture") if isinstance(kept, Mapping) else None
    frozen = ", frozen" if weather.frozen(pos) else ""
    return f"ground {_word(weather.ground(pos))}{'' if moisture is None else f' {moisture}'}{frozen}"


def _coming(pos: Position) -> str:
    """R8.B.1: the forecasts held for the Full Turns after this one, in turn order."""
    turns = pos.scenario.turns
    found = []
    for turn in turns[pos.state.turn + 1:]:
        made = weather.forecast_for(pos, turn.id)
        if made is None:
            break
        found.append(_word(made))
    return f"then {', '.join(found)}" if found else ""


def conditions(scenario: Scenario, state: State) -> str:
    """The conditions line: "Day 1 Morning: Overcast, breeze NE; ground Wet 6; then Clear, Storm"."""
    if not state.phase or state.turn >= len(scenario.turns):
        return ""
    pos = Position(scenario, state)
    parts = [_sky(pos), _ground(pos), _coming(pos)]
    return f"{_part_of_day(pos)}: " + "; ".join(p for p in parts if p)


def _short(scenario: Scenario, side: str) -> str:
    found = scenario.side.get(side)
    return found.short if found is not None and found.short else side_name(scenario, side)


def track(scenario: Scenario, state: State) -> Track | None:
    """Chart 5 (R13-R15): the current Full Turn's steps and the one being played. The acting
    player's turn is shown in its phases, the other player's as one step (the Offensive player's
    turn comes first, R2.H.1; before the player turns, both are one step each), by the side's
    name ("Allies turn"), and in `short` by its short name ("US turn"). The set-up (R3.B)
    comes before the first Day; a Day's first Full Turn begins with the Dawn Briefing (R14). None
    once the game is over."""
    if not state.phase or state.result is not None or state.turn >= len(scenario.turns):
        return None
    pos = Position(scenario, state)
    first = state.turn == 0 or scenario.turns[state.turn - 1].day != pos.turn.day
    steps = [SETUP_STEP] if state.phase == sequence.SETUP else []
    steps += [DAWN_STEP] if first else []
    steps.append(WEATHER_STEP)
    short = list(steps)
    if sequence.phases_of(pos):  # the acting player's turn in its phases, the other's as one step
        for named, into in ((side_name, steps), (_short, short)):
            turns = {side: [f"{named(scenario, side)} turn"] for side in (pos.offensive, pos.defensive)}
            if state.phase in PHASE_STEPS:
                turns[pos.acting] = [PHASE_STEPS[p] for p in sequence.PLAYER_TURN]
            into += turns[pos.offensive] + turns[pos.defensive]
    if state.phase == sequence.SETUP:
        at = 0
    elif state.phase == sequence.DAWN:
        at = steps.index(DAWN_STEP)
    else:
        at = steps.index(PHASE_STEPS[state.phase]) if state.phase in PHASE_STEPS else -1
    title = f"{_part_of_day(pos)}, {side_name(scenario, state.active)}"
    return Track(title, tuple(steps), at, "R15", tuple(short) if short != steps else ())
