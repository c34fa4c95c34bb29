"""Events: the facts a resolved order produced, and the pure fold that applies them.

Events are the truth of a saved game. Their vocabulary is fixed and shared by
every rule system, so a save opens and replays without any rule code:

- state events change the State (`unit_moved`, `step_lost`, `phase_began`,
  `marker_placed`, ...): `STATE_EVENTS`, which a save's header lists, so that
  a program never skips a state event it does not know as if it were a report;
- every other kind is a *report* (`combat`, `bombardment`, `roll`, ...): it
  explains what happened and leaves the State as it was.

Facts are plain TOML values (str, int, bool, lists and tables of them);
fractions travel as "7/3" strings.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from tui_wargame.frozen import frozen
from tui_wargame.model.state import ZERO, Decision, Marker, State, Table, UnitState, Value, Verdict


class EventError(ValueError):
    """An event that cannot be applied: a malformed or inconsistent record."""


def plain(value: Any) -> Any:
    """`value` as TOML can store it: tuples become lists, fractions "p/q" strings."""
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        items = [plain(v) for v in value]
        return sorted(items) if isinstance(value, frozenset | set) else items
    raise TypeError(f"an event fact cannot hold {type(value).__name__}: {value!r}")


@frozen
class Event:
    kind: str
    facts: Mapping[str, Any]

    @classmethod
    def of(cls, kind: str, **facts: Any) -> Event:
        return cls(kind, plain(facts))

    def __getitem__(self, key: str) -> Any:
        return self.facts[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.facts.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.facts}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """An event read from a file: its facts must be plain values (`check_plain`)."""
        if type(data) is not dict:
            raise EventError("an event must be a table")
        facts = dict(data)
        kind = facts.pop("kind", None)
        if type(kind) is not str or not kind:
            raise EventError("an event has no 'kind'")
        for name, value in facts.items():
            kind_of = type(value)
            if kind_of is str or (kind_of is int and _SMALLEST <= value <= _LARGEST) or kind_of is bool:
                continue  # the usual facts, checked without a call: this runs for every fact of a load
            check_plain(value, f"{kind}: {name}")
        return cls(kind, facts)


#: The integers a file may hold: TOML's own range (signed 64 bits), so that no number from a file
#: sends a computation on for ever (an index of 2**63, a loop to a 5,000-digit bound).
_SMALLEST, _LARGEST = -(2**63), 2**63 - 1

#: How deep lists and tables may nest in a fact: a value_set's weather table is two levels.
MAX_DEPTH = 16


def check_plain(value: Any, what: str, depth: int = 0) -> None:
    """Refuse (EventError naming `what`) anything but a plain fact: strings, booleans, integers in
    TOML's 64-bit range, and lists and tables of them nested at most MAX_DEPTH deep; never a float
    or a date, which a game's exact numbers do not use and every printer would have to allow for."""
    kind = type(value)
    if kind is str or kind is bool:
        return
    if kind is int:
        if not _SMALLEST <= value <= _LARGEST:
            raise EventError(f"{what}: the number {_digits(value)} is outside the 64-bit range a save allows")
        return
    if kind is list or kind is dict:
        if depth >= MAX_DEPTH:
            raise EventError(f"{what}: lists and tables nested over {MAX_DEPTH} deep")
        for v in value.values() if kind is dict else value:
            check_plain(v, what, depth + 1)
        return
    raise EventError(f"{what}: a {kind.__name__} is not a fact a save holds "
                     f"(strings, whole numbers, booleans, lists and tables)")


def _digits(n: int) -> str:
    """A huge number shortened for a message (str() of one over 4,300 digits raises ValueError)."""
    return f"of {n.bit_length()} bits" if n.bit_length() > 64 else str(n)


#: A fraction as `plain` writes one ("7/3", "-2", "0"): at most 18 digits each side, so that reading
#: one costs nothing (Fraction("1e999999999") computes a billion-digit number).
_FRACTION = re.compile(r"-?[0-9]{1,18}(?:/[0-9]{1,18})?")


def fraction(value: Any, what: str) -> Fraction:
    """A fact that holds a fraction ("7/3", or a whole number); EventError naming `what` otherwise."""
    if type(value) is int:
        return Fraction(value)
    if type(value) is not str or not _FRACTION.fullmatch(value):
        raise EventError(f"{what} must be a whole number or a fraction \"a/b\" (at most 18 digits each), "
                         f"not {str(value)[:40]!r}")
    number, _, denominator = value.partition("/")
    if denominator and int(denominator) == 0:
        raise EventError(f"{what}: {value!r} divides by zero")
    return Fraction(int(number), int(denominator or 1))


# --- unit state <-> plain tables (for state_restored and the JSON views) ---


def unit_to_plain(u: UnitState) -> dict[str, Any]:
    return {
        "location": u.location,
        "steps": u.steps,
        "spent": str(u.spent),
        "flags": sorted(u.flags),
        "phase_flags": sorted(u.phase_flags),
    }


def unit_from_plain(d: Any, what: str = "a unit") -> UnitState:
    """A unit's state from the table `unit_to_plain` makes, every field's type checked."""
    if type(d) is not dict:
        raise EventError(f"{what} must be a table (location, steps, spent, flags), not {type(d).__name__}")
    if type(d.get("location")) is not str or type(d.get("steps")) is not int:
        raise EventError(f"{what} needs a location (string) and steps (integer)")
    flags, phase_flags = d.get("flags", []), d.get("phase_flags", [])
    if type(flags) is not list or type(phase_flags) is not list \
            or not all(type(f) is str for f in (*flags, *phase_flags)):
        raise EventError(f"{what}: its flags must be lists of strings")
    spent = fraction(d.get("spent", 0), f"{what}: spent")
    return UnitState(
        location=d["location"],
        steps=d["steps"],
        spent=ZERO if spent == 0 else spent,
        flags=frozenset(flags),
        phase_flags=frozenset(phase_flags),
    )


def freeze(value: Any, what: str) -> Value:
    """A plain TOML value as State keeps it, immutable: lists become tuples, tables `Table`s.

    Anything else (a float, a date) is refused with an EventError naming `what`.
    """
    kind = type(value)
    if kind is str or kind is int or kind is bool:
        return value
    if kind is list:
        return tuple([freeze(v, what) for v in value])
    if kind is dict:
        return Table({str(k): freeze(v, what) for k, v in value.items()})
    raise EventError(f"{what} must be made of integers, booleans, strings, lists and tables, "
                     f"not {kind.__name__} ({value!r})")


def marker_to_plain(m: Marker) -> dict[str, Any]:
    """`m` as event facts, its defaults left out (as `marker_placed` carries it)."""
    d: dict[str, Any] = {"marker": m.kind}
    if m.id:
        d["id"] = m.id
    if m.side:
        d["side"] = m.side
    if m.value is not None:
        d["value"] = m.value
    if m.hidden:
        d["hidden"] = True
    return d


def marker_from_plain(d: Mapping[str, Any], what: str) -> Marker:
    """A marker from facts (a `marker_placed` event's, or one of a `state_restored`'s), types checked."""
    for name, kind in (("marker", str), ("id", str), ("side", str), ("hidden", bool)):
        if name in d and type(d[name]) is not kind:
            raise EventError(f"{what}: a marker's {name} must be {kind.__name__}")
    if type(d.get("marker")) is not str:
        raise EventError(f"{what}: a marker needs its kind ('marker', a string)")
    if "value" in d and type(d["value"]) not in (int, bool, str):
        raise EventError(f"{what}: a marker's value must be an integer, a boolean or a string")
    return Marker(d["marker"], d.get("id", ""), d.get("side", ""), d.get("value"), d.get("hidden", False))


def decision_to_plain(d: Decision) -> dict[str, Any]:
    return {"side": d.side, "decision": d.kind, "prompt": d.prompt, "data": plain(d.data)}


def decision_from_plain(d: Any, what: str = "a decision") -> Decision:
    """A pending decision from its facts, their types checked."""
    if type(d) is not dict or not all(type(d.get(k)) is str for k in ("side", "decision", "prompt")):
        raise EventError(f"{what} must be a table with a side, a decision and a prompt (strings)")
    data = d.get("data", {})
    if type(data) is not dict:
        raise EventError(f"{what}: its data must be a table")
    return Decision(side=d["side"], kind=d["decision"], prompt=d["prompt"], data=data)


def verdict_to_plain(v: Verdict) -> dict[str, Any]:
    return {"winner": v.winner, "level": v.level, "reason": v.reason}


# --- the fold ---


def _unit(state: State, e: Event) -> UnitState:
    try:
        return state.units[e["unit"]]
    except KeyError:
        raise EventError(f"{e.kind}: no unit {e.get('unit')!r} is in play") from None


def _with_unit(state: State, uid: str, u: UnitState) -> State:
    # Built directly: this is the hot path of every load.
    return State(state.turn, state.phase, state.active, {**state.units, uid: u}, state.values,
                 state.control, state.pending, state.result, state.markers)


_NONE = frozenset[str]()


def _phase_began(state: State, e: Event) -> State:
    units = {
        # `spent is not ZERO` first: most units spent nothing, and a Fraction's truth is a call.
        uid: UnitState(u.location, u.steps, ZERO, u.flags, _NONE)
        if (u.spent is not ZERO and u.spent) or u.phase_flags else u
        for uid, u in state.units.items()
    }
    return State(e["turn"], e["phase"], e["side"], units, state.values, state.control, state.pending,
                 state.result, state.markers)


def _unit_placed(state: State, e: Event) -> State:
    uid = e["unit"]
    old = state.units.get(uid)
    if old is None:
        if "steps" not in e.facts:
            raise EventError(f"unit_placed: {uid!r} enters play without its 'steps'")
        return _with_unit(state, uid, UnitState(location=e["to"], steps=e["steps"]))
    u = UnitState(e["to"], e.get("steps", old.steps), old.spent, old.flags, old.phase_flags)
    return _with_unit(state, uid, u)


def _unit_moved(state: State, e: Event) -> State:
    u = _unit(state, e)
    cost = e["cost"]
    spent = u.spent + (cost if type(cost) is int else fraction(cost, "unit_moved: cost"))
    moved = UnitState(e["path"][-1], u.steps, spent, u.flags, u.phase_flags)
    return _with_unit(state, e["unit"], moved)


def _step_lost(state: State, e: Event) -> State:
    u = _unit(state, e)
    return _with_unit(state, e["unit"], UnitState(u.location, e["steps"], u.spent, u.flags, u.phase_flags))


def _unit_flagged(state: State, e: Event) -> State:
    u = _unit(state, e)
    flag = {e["flag"]}
    on = e.get("on", True)
    if e.get("scope", "game") == "phase":
        phase_flags = u.phase_flags | flag if on else u.phase_flags - flag
        u = UnitState(u.location, u.steps, u.spent, u.flags, phase_flags)
    else:
        u = UnitState(u.location, u.steps, u.spent, u.flags | flag if on else u.flags - flag, u.phase_flags)
    return _with_unit(state, e["unit"], u)


def _value_set(state: State, e: Event) -> State:
    value = e["value"]
    if type(value) is list or type(value) is dict:
        value = freeze(value, "value_set: value")
    return state.replace(values={**state.values, e["key"]: value})


def _named(kind: str, id: str) -> str:
    return f"{kind!r} marker {id!r}" if id else f"{kind!r} marker"


def _find_marker(state: State, e: Event) -> tuple[tuple[Marker, ...], int]:
    """The markers at the event's place and the index of the one it names; EventError if absent."""
    here = state.markers.get(e["place"], ())
    kind, id = e["marker"], e.get("id", "")
    for i, m in enumerate(here):
        if m.kind == kind and m.id == id:
            return here, i
    raise EventError(f"{e.kind}: {e['place']} holds no {_named(kind, id)}")


def _with_markers(state: State, place: str, here: tuple[Marker, ...]) -> State:
    markers = {**state.markers, place: here}
    if not here:
        del markers[place]  # a place without markers is absent, so equal States have equal mappings
    return state.replace(markers=markers)


def _marker_placed(state: State, e: Event) -> State:
    place, m = e["place"], marker_from_plain(e.facts, "marker_placed")
    here = state.markers.get(place, ())
    if any(x.kind == m.kind and x.id == m.id for x in here):
        raise EventError(f"marker_placed: {place} holds a {_named(m.kind, m.id)} already "
                         f"(change that one, or give the new one another id)")
    return _with_markers(state, place, (*here, m))


def _marker_changed(state: State, e: Event) -> State:
    here, i = _find_marker(state, e)
    old = here[i]
    new = Marker(e.get("becomes", old.kind), old.id, e.get("side", old.side), e.get("value", old.value),
                 e.get("hidden", old.hidden))
    if new == old:
        raise EventError(f"marker_changed: the {_named(old.kind, old.id)} in {e['place']} is left as it was")
    if new.kind != old.kind and any(x.kind == new.kind and x.id == new.id for x in here):
        raise EventError(f"marker_changed: {e['place']} holds a {_named(new.kind, new.id)} already")
    return _with_markers(state, e["place"], (*here[:i], new, *here[i + 1:]))


def _marker_removed(state: State, e: Event) -> State:
    here, i = _find_marker(state, e)
    return _with_markers(state, e["place"], here[:i] + here[i + 1:])


def _control_changed(state: State, e: Event) -> State:
    return state.replace(control={**state.control, e["hex"]: e["side"]})


def _decision_required(state: State, e: Event) -> State:
    return state.replace(pending=decision_from_plain(e.facts))


def _decision_made(state: State, e: Event) -> State:
    return state.replace(pending=None)


def _game_ended(state: State, e: Event) -> State:
    return state.replace(result=Verdict(e["winner"], e["level"], e["reason"]), pending=None)


def _strings(e: Event, name: str) -> list[str]:
    """A list-of-strings fact of `e` (empty when absent); EventError otherwise."""
    items = e.get(name, [])
    if not all(type(x) is str for x in items):
        raise EventError(f"{e.kind}: {name} must be a list of strings")
    return items


def _state_restored(state: State, e: Event) -> State:
    """Undo: put back what the reverted record changed (see `restore_event`)."""
    units = dict(state.units)
    for uid in _strings(e, "units_removed"):
        units.pop(uid, None)
    for uid, d in e.get("units", {}).items():
        units[uid] = unit_from_plain(d, f"state_restored: unit {uid!r}")
    values = {k: v for k, v in state.values.items() if k not in _strings(e, "values_removed")}
    values.update({k: freeze(v, f"state_restored: value {k!r}") for k, v in e.get("values", {}).items()})
    control = {k: v for k, v in state.control.items() if k not in _strings(e, "control_removed")}
    if not all(type(v) is str for v in e.get("control", {}).values()):
        raise EventError("state_restored: control must be a table of hexes to sides (strings)")
    control.update(e.get("control", {}))
    markers = {k: v for k, v in state.markers.items() if k not in _strings(e, "markers_removed")}
    for place, here in e.get("markers", {}).items():
        if type(here) is not list or not here:
            raise EventError(f"state_restored: the markers of {place} must be a non-empty list of tables")
        markers[place] = tuple([marker_from_plain(m, "state_restored") for m in here])
        if len({(m.kind, m.id) for m in markers[place]}) < len(here):
            raise EventError(f"state_restored: {place} holds two markers of one kind and id")
    pending = decision_from_plain(e["pending"], "state_restored: pending") if "pending" in e.facts else None
    result = _verdict(e["result"]) if "result" in e.facts else None
    return State(
        turn=e["turn"],
        phase=e["phase"],
        active=e["side"],
        units=units,
        values=values,
        control=control,
        pending=pending,
        result=result,
        markers=markers,
    )


def _verdict(d: dict[str, Any]) -> Verdict:
    if d.keys() != {"winner", "level", "reason"} or not all(type(v) is str for v in d.values()):
        raise EventError("state_restored: result must be a table of winner, level and reason (strings)")
    return Verdict(d["winner"], d["level"], d["reason"])


APPLY: Mapping[str, Callable[[State, Event], State]] = {
    "phase_began": _phase_began,
    "unit_placed": _unit_placed,
    "unit_moved": _unit_moved,
    "step_lost": _step_lost,
    "unit_flagged": _unit_flagged,
    "value_set": _value_set,
    "control_changed": _control_changed,
    "marker_placed": _marker_placed,
    "marker_changed": _marker_changed,
    "marker_removed": _marker_removed,
    "decision_required": _decision_required,
    "decision_made": _decision_made,
    "game_ended": _game_ended,
    "state_restored": _state_restored,
}

#: Event kinds that change the State; every other kind is a report.
STATE_EVENTS = frozenset(APPLY)


#: The facts each state event must carry (required, optional), with their TOML types.
_STR, _INT, _BOOL, _LIST, _TABLE = str, int, bool, list, dict
FACTS: Mapping[str, tuple[Mapping[str, type], Mapping[str, type]]] = {
    "phase_began": ({"turn": _INT, "phase": _STR, "side": _STR}, {}),
    "unit_placed": ({"unit": _STR, "to": _STR}, {"steps": _INT}),
    "unit_moved": ({"unit": _STR, "path": _LIST}, {}),
    "step_lost": ({"unit": _STR, "steps": _INT}, {}),
    "unit_flagged": ({"unit": _STR, "flag": _STR}, {"on": _BOOL, "scope": _STR}),
    "value_set": ({"key": _STR}, {}),
    "control_changed": ({"hex": _STR, "side": _STR}, {}),
    "marker_placed": ({"place": _STR, "marker": _STR}, {"id": _STR, "side": _STR, "hidden": _BOOL}),
    "marker_changed": ({"place": _STR, "marker": _STR},
                       {"id": _STR, "becomes": _STR, "side": _STR, "hidden": _BOOL}),
    "marker_removed": ({"place": _STR, "marker": _STR}, {"id": _STR}),
    "decision_required": ({"side": _STR, "decision": _STR, "prompt": _STR}, {"data": _TABLE}),
    "decision_made": ({}, {}),
    "game_ended": ({"winner": _STR, "level": _STR, "reason": _STR}, {}),
    "state_restored": (
        {"reverts": _INT, "turn": _INT, "phase": _STR, "side": _STR},
        {"units": _TABLE, "units_removed": _LIST, "values": _TABLE, "values_removed": _LIST,
         "control": _TABLE, "control_removed": _LIST, "markers": _TABLE, "markers_removed": _LIST,
         "pending": _TABLE, "result": _TABLE},
    ),
}


def _check_move(e: Event) -> None:
    if not (e["path"] and all(type(x) is str for x in e["path"])):
        raise EventError("unit_moved: path must be a non-empty list of hexes")
    if fraction(e.get("cost"), "unit_moved: cost") < 0:
        raise EventError("unit_moved: cost must not be negative")


def _check_value(e: Event) -> None:
    if type(e.facts.get("value")) not in (int, bool, str, list, dict):
        raise EventError("value_set: value must be an integer, a boolean, a string, a list or a table")


def _check_marker_value(e: Event) -> None:
    if "value" in e.facts and type(e.facts["value"]) not in (int, bool, str):
        raise EventError("marker_changed: a marker's value must be an integer, a boolean or a string")


def _check_decision(e: Event) -> None:
    decision_from_plain(e.facts, "decision_required")


def _check_flag(e: Event) -> None:
    if e.get("scope", "game") not in ("game", "phase"):
        raise EventError("unit_flagged: scope must be 'game' or 'phase'")


#: The checks FACTS' types cannot say, by kind.
_MORE_CHECKS: Mapping[str, Callable[[Event], None]] = {
    "unit_moved": _check_move,
    "value_set": _check_value,
    "unit_flagged": _check_flag,
    "marker_changed": _check_marker_value,
    "decision_required": _check_decision,
}

#: Each state event's fold, its FACTS as (name, type, required) rows and its further check, made
#: once: `apply` runs for every event of every load and looks its kind up once.
_FOLD: Mapping[str, tuple[Callable[[State, Event], State], tuple[tuple[str, type, bool], ...],
                          Callable[[Event], None] | None]] = {
    kind: (APPLY[kind],
           (*((n, t, True) for n, t in required.items()), *((n, t, False) for n, t in optional.items())),
           _MORE_CHECKS.get(kind))
    for kind, (required, optional) in FACTS.items()
}


def apply(state: State, event: Event) -> State:
    """The State after `event`. Pure: `state` is not changed.

    A state event whose facts are missing or of the wrong type (a damaged save) is refused
    with an EventError; a report returns `state` itself.
    """
    entry = _FOLD.get(event.kind)
    if entry is None:
        return state
    fn, checks, more = entry
    facts = event.facts
    for name, kind, required in checks:
        value = facts.get(name)
        if value is None:
            if required:
                raise EventError(f"{event.kind}: the fact {name!r} is missing")
        elif type(value) is not kind:
            raise EventError(f"{event.kind}: {name} must be {kind.__name__}, not {type(value).__name__}")
    if more is not None:
        more(event)
    try:
        return fn(state, event)
    except (KeyError, TypeError, ValueError, ZeroDivisionError, IndexError) as exc:
        if isinstance(exc, EventError):
            raise
        raise EventError(f"{event.kind}: malformed event ({type(exc).__name__}: {exc})") from None


def fold(state: State, events: Iterable[Event]) -> State:
    for event in events:
        state = apply(state, event)
    return state


def restore_event(current: State, target: State, reverts: int) -> Event:
    """The `state_restored` event that turns `current` back into `target` (undo of record `reverts`)."""
    facts: dict[str, Any] = {
        "reverts": reverts,
        "turn": target.turn,
        "phase": target.phase,
        "side": target.active,
        "units": {
            uid: unit_to_plain(u) for uid, u in target.units.items() if current.units.get(uid) != u
        },
        "units_removed": sorted(uid for uid in current.units if uid not in target.units),
        "values": {k: v for k, v in target.values.items() if current.values.get(k) != v},
        "values_removed": sorted(k for k in current.values if k not in target.values),
        "control": {k: v for k, v in target.control.items() if current.control.get(k) != v},
        "control_removed": sorted(k for k in current.control if k not in target.control),
    }
    # Only when markers changed: a game without markers undoes as format 1 wrote it (verify re-runs it).
    markers = {place: [marker_to_plain(m) for m in here]
               for place, here in target.markers.items() if current.markers.get(place) != here}
    if markers:
        facts["markers"] = markers
    if removed := sorted(place for place in current.markers if place not in target.markers):
        facts["markers_removed"] = removed
    if target.pending is not None:
        facts["pending"] = decision_to_plain(target.pending)
    if target.result is not None:
        facts["result"] = verdict_to_plain(target.result)
    return Event.of("state_restored", **facts)
