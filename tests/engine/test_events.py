"""The event vocabulary and the pure fold that applies it."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from tui_wargame.model import (
    EMPTY, Decision, Event, EventError, Marker, State, Table, UnitState, Verdict, apply, fold,
)
from tui_wargame.model.events import STATE_EVENTS, plain, restore_event


def placed() -> State:
    return fold(EMPTY, [
        Event.of("unit_placed", unit="a", to="0101", steps=2),
        Event.of("unit_placed", unit="b", to="pool", steps=1),
        Event.of("phase_began", turn=0, phase="movement", side="red"),
    ])


def test_apply_is_pure() -> None:
    s = placed()
    before = s.units["a"]
    s2 = apply(s, Event.of("unit_moved", unit="a", path=["0102", "0103"], cost=Fraction(7, 3)))
    assert s.units["a"] is before and s.units["a"].location == "0101"
    assert s2.units["a"].location == "0103" and s2.units["a"].spent == Fraction(7, 3)
    assert s2.units["b"] is s.units["b"]  # unchanged parts are shared


def test_movement_adds_up_exactly() -> None:
    s = placed()
    for _ in range(3):
        s = apply(s, Event.of("unit_moved", unit="a", path=["0102"], cost=Fraction(1, 3)))
    assert s.units["a"].spent == 1


def test_phase_began_clears_phase_marks_only() -> None:
    s = fold(placed(), [
        Event.of("unit_moved", unit="a", path=["0102"], cost=2),
        Event.of("unit_flagged", unit="a", flag="moved", scope="phase"),
        Event.of("unit_flagged", unit="a", flag="activated"),
        Event.of("phase_began", turn=0, phase="combat", side="red"),
    ])
    assert s.units["a"] == UnitState("0102", 2, Fraction(0), frozenset({"activated"}), frozenset())
    assert (s.turn, s.phase, s.active) == (0, "combat", "red")


def test_steps_flags_values_control() -> None:
    s = fold(placed(), [
        Event.of("step_lost", unit="a", steps=1),
        Event.of("unit_flagged", unit="b", flag="revealed"),
        Event.of("unit_flagged", unit="b", flag="revealed", on=False),
        Event.of("value_set", key="kress", value="used"),
        Event.of("control_changed", hex="0101", side="blue"),
    ])
    assert s.units["a"].steps == 1
    assert s.units["b"].flags == frozenset()
    assert s.values == {"kress": "used"} and s.control == {"0101": "blue"}


def test_decisions_and_the_end() -> None:
    s = apply(placed(), Event.of("decision_required", side="blue", decision="retreat", prompt="Retreat",
                                 data={"hex": "0101"}))
    assert s.pending == Decision("blue", "retreat", "Retreat", {"hex": "0101"})
    assert s.to_act == "blue"
    assert apply(s, Event.of("decision_made")).pending is None
    end = apply(s, Event.of("game_ended", winner="red", level="decisive", reason="Kantara taken"))
    assert end.over and end.result == Verdict("red", "decisive", "Kantara taken") and end.pending is None


def test_reports_leave_the_state_alone() -> None:
    s = placed()
    for kind in ("combat", "bombardment", "roll", "note", "something_new"):
        assert kind not in STATE_EVENTS
        assert apply(s, Event.of(kind, die=3)) is s


@pytest.mark.parametrize("event", [
    Event.of("unit_moved", unit="zz", path=["0102"], cost=1),  # no such unit
    Event.of("unit_moved", unit="a", cost=1),  # no path
    Event.of("unit_moved", unit="a", path=["0102"], cost="x"),  # not a number
    Event.of("unit_placed", unit="new", to="0101"),  # enters without its steps
    Event.of("phase_began", turn=0),
])
def test_malformed_events_raise_event_error(event: Event) -> None:
    with pytest.raises(EventError):
        apply(placed(), event)


def test_restore_event_turns_a_state_back() -> None:
    before = apply(placed(), Event.of("decision_required", side="blue", decision="d", prompt="p"))
    after = fold(before, [
        Event.of("decision_made"),
        Event.of("unit_moved", unit="a", path=["0102"], cost=1),
        Event.of("unit_placed", unit="c", to="0105", steps=1),
        Event.of("value_set", key="k", value=3),
        Event.of("control_changed", hex="0101", side="red"),
        Event.of("game_ended", winner="red", level="x", reason="y"),
    ])
    restored = apply(after, restore_event(after, before, reverts=5))
    assert restored == before


def test_plain_values() -> None:
    assert plain({"a": (1, Fraction(1, 3)), "b": frozenset({"y", "x"})}) == {"a": [1, "1/3"], "b": ["x", "y"]}
    with pytest.raises(TypeError):
        plain({"a": 1.5})


def test_state_replace_changes_each_field_alone_and_refuses_others() -> None:
    """`State.replace` is written out for speed: every field, and only it, is replaced."""
    state = State(3, "movement", "red", {"r1": UnitState("0101", 2)}, {"k": 1}, {"0101": "red"},
                  Decision("blue", "retreat", "p"), None, {"0101": (Marker("smoke"),)})
    others = {"turn": 4, "phase": "combat", "active": "blue", "units": {}, "values": {}, "control": {},
              "pending": None, "result": Verdict("red", "decisive", "r"), "markers": {}}
    assert set(others) == {f.name for f in attrs.fields(State)}
    for name, value in others.items():
        changed = state.replace(**{name: value})
        assert changed == attrs.evolve(state, **{name: value})
    with pytest.raises(TypeError, match="no field 'side'"):
        state.replace(side="blue")
