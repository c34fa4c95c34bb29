"""Plain views of a game: what `show`, `log` and `scenarios` print, as JSON-ready dicts.

The CLI prints these as text or JSON; other programs (play-by-email scripts,
computer players, the replay viewer) can use them directly. Names are cleaned
of control characters here, once, so no caller can forget to.
"""

from __future__ import annotations

from typing import Any

from tui_wargame import rules
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.model import Marker, Scenario, State
from tui_wargame.model.events import plain
from tui_wargame.rules.capabilities import Capabilities
from tui_wargame.savefile import Record
from tui_wargame.text import clean


def scenario_summary(scenario: Scenario) -> dict[str, Any]:
    first, last = scenario.turns[0], scenario.turns[-1]
    system = rules.get(scenario.system)
    return {
        "id": scenario.id,
        "title": clean(scenario.title),
        "system": scenario.system,
        "system_title": clean(system.title),
        "sides": [{"id": s.id, "name": clean(s.name)} for s in scenario.sides],
        "turns": len(scenario.turns),
        "length": f"{len(scenario.turns)} turns, {clean(first.name)} to {clean(last.name)}",
        "description": clean(scenario.description),
        "options": [{"name": o.name, "description": clean(o.description), "default": o.default,
                     "choices": {c: clean(what) for c, what in o.choices.items()}}
                    for o in Capabilities(system).options(scenario)],
    }


def turn_name(scenario: Scenario, state: State) -> str:
    if not scenario.turns or not state.phase:
        return ""
    turn = scenario.turns[min(state.turn, len(scenario.turns) - 1)]
    return clean(turn.name) + (" (night)" if turn.night else "")


def side_named(scenario: Scenario, given: str) -> str:
    """The id of the side `given` names, by its id or its name, in any case; WargameError listing
    the sides otherwise (`--as`, a lobby's seat)."""
    wanted = given.strip().casefold()
    for side in scenario.sides:
        if wanted in (side.id.casefold(), clean(side.name).casefold()):
            return side.id
    known = ", ".join(f"{s.id} ({clean(s.name)})" for s in scenario.sides)
    raise WargameError(f"--as {clean(given)}: no such side (the sides are {known})")


def hidden_units(game: Game, state: State, viewer: str | None) -> frozenset[str]:
    """The units whose identity must not be shown with `state` to `viewer`.

    A side sees what its rules let it see; a spectator (`viewer` None, e.g. the
    replay of a save opened on its own) sees only what every side may. Once the
    game is over nothing is secret any more.
    """
    if game.state.over or not state.phase:
        return frozenset()
    sides = [viewer] if viewer is not None else [s.id for s in game.scenario.sides]
    return frozenset().union(*(game.capabilities.concealed(game.scenario, state, side) for side in sides))


def marker_view(m: Marker) -> dict[str, Any]:
    """A marker as `show --json` prints it: every field, `value` null when it has none."""
    return {"kind": clean(m.kind), "id": clean(m.id), "side": m.side, "value": m.value, "hidden": m.hidden}


def state_view(game: Game, seq: int | None = None) -> dict[str, Any]:
    """Everything `show` prints about the game after record `seq` (default: now)."""
    seq = game.seq if seq is None else seq
    state = game.state_at(seq)
    sc = game.scenario
    units = []
    for spec in sc.units:
        u = state.units.get(spec.id)
        if u is None:
            continue
        units.append({
            "id": spec.id,
            "name": clean(spec.name),
            "side": spec.side,
            "where": u.location,
            "on_map": sc.grid.on_map(u.location),
            "steps": u.steps,
            "max_steps": spec.steps,
            "flags": sorted(u.flags | u.phase_flags),
        })
    pending = None
    if state.pending:
        pending = {"side": state.pending.side, "kind": state.pending.kind,
                   "prompt": clean(state.pending.prompt)}
    result = None
    if state.result:
        result = {"winner": state.result.winner, "level": state.result.level,
                  "reason": clean(state.result.reason)}
    vp = dict(game.system.victory_points(sc, state)) if state.phase else {}
    return {
        "scenario": sc.id,
        "title": clean(sc.title),
        "save": str(game.path) if game.path else "",
        "seq": seq,
        "turn": state.turn,
        "turn_name": turn_name(sc, state),
        "phase": state.phase,
        "active": state.active,
        "to_act": state.to_act if not state.over else "",
        "pending": pending,
        "units": units,
        "control": dict(sorted(state.control.items())),
        "markers": {place: [marker_view(m) for m in here] for place, here in sorted(state.markers.items())},
        "values": plain(dict(sorted(state.values.items()))),
        "victory_points": vp,
        "over": state.over,
        "result": result,
    }


def record_view(record: Record) -> dict[str, Any]:
    view: dict[str, Any] = {
        "seq": record.seq,
        "side": record.side,
        "kind": record.kind,
        "order": clean(record.order),
        "final": record.final,
        "events": [e.to_dict() for e in record.events],
    }
    if record.reverts is not None:
        view["reverts"] = record.reverts
    if record.by:
        view["by"] = clean(record.by)
    return view
