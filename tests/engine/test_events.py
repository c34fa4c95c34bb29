"""The event vocabulary and the pure fold that applies it."""

from __future__ import annotations

import datetime
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_wargame.model import (
    EMPTY,
    Decision,
    Event,
    EventError,
    Marker,
    State,
    Table,
    UnitState,
    Verdict,
    apply,
    fold,
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


# --- markers and structured values (the events Foxhole needs: R5.B markers, R8 weather) ---


def test_markers_are_placed_changed_and_removed_in_order() -> None:
    s = fold(placed(), [
        Event.of("marker_placed", place="0412", marker="trenches", value=1),
        Event.of("marker_placed", place="0412", marker="smoke", id="1"),
        Event.of("marker_placed", place="0412", marker="smoke", id="2"),
        Event.of("marker_placed", place="0413", marker="mines", side="blue", value=2, hidden=True),
        Event.of("marker_changed", place="0412", marker="trenches", value=2),
        Event.of("marker_changed", place="0413", marker="mines", hidden=False, side="red"),
        Event.of("marker_removed", place="0412", marker="smoke", id="1"),
    ])
    assert s.markers == {
        "0412": (Marker("trenches", value=2), Marker("smoke", id="2")),
        "0413": (Marker("mines", side="red", value=2),),
    }
    assert s.marker("0412", "smoke", "2") == Marker("smoke", id="2") and s.marker("0412", "smoke") is None
    assert s.markers_at("0999") == ()
    flipped = apply(s, Event.of("marker_changed", place="0412", marker="trenches", becomes="shellholes"))
    assert flipped.markers["0412"][0] == Marker("shellholes", value=2)  # a flip keeps its place in the stack
    emptied = fold(s, [Event.of("marker_removed", place="0413", marker="mines")])
    assert "0413" not in emptied.markers and s.units is emptied.units


def test_markers_survive_the_other_events() -> None:
    s = fold(placed(), [
        Event.of("marker_placed", place="0101", marker="fire"),
        Event.of("unit_moved", unit="a", path=["0102"], cost=1),
        Event.of("step_lost", unit="a", steps=1),
        Event.of("unit_flagged", unit="a", flag="pinned"),
        Event.of("phase_began", turn=1, phase="combat", side="blue"),
        Event.of("value_set", key="k", value=1),
    ])
    assert s.markers == {"0101": (Marker("fire"),)}


@pytest.mark.parametrize(("event", "message"), [
    (Event.of("marker_placed", marker="smoke"), "'place' is missing"),
    (Event.of("marker_placed", place="0101"), "'marker' is missing"),
    (Event.of("marker_placed", place="0101", marker=3), "marker must be str"),
    (Event.of("marker_placed", place="0101", marker="mines", value=[1, 2]), "value must be an integer"),
    (Event("marker_placed", {"place": "0101", "marker": "mines", "value": 1.5}), "value must be an integer"),
    (Event.of("marker_placed", place="0101", marker="mines", hidden="yes"), "hidden must be bool"),
    (Event.of("marker_placed", place="0101", marker="trenches"), "holds a 'trenches' marker already"),
    (Event.of("marker_changed", place="0101", marker="smoke", value=2), "0101 holds no 'smoke' marker"),
    (Event.of("marker_changed", place="0101", marker="trenches", id="2", value=2),
     "no 'trenches' marker '2'"),
    (Event.of("marker_changed", place="0101", marker="trenches", value=1), "is left as it was"),
    (Event.of("marker_changed", place="0101", marker="trenches", value=[2]), "value must be an integer"),
    (Event.of("marker_changed", place="0101", marker="trenches", becomes="wire"),
     "holds a 'wire' marker already"),
    (Event.of("marker_removed", place="0102", marker="trenches"), "0102 holds no 'trenches' marker"),
    (Event.of("value_set", key="weather"), "value must be"),
    (Event("value_set", {"key": "weather", "value": {"sky": 1.5}}), "cannot|must be made of"),
])
def test_malformed_marker_and_value_events_are_refused(event: Event, message: str) -> None:
    s = fold(placed(), [Event.of("marker_placed", place="0101", marker="trenches", value=1),
                        Event.of("marker_placed", place="0101", marker="wire")])
    with pytest.raises(EventError, match=message):
        apply(s, event)


def test_structured_values_are_one_immutable_value() -> None:
    """R8: the weather is one record, a forecast a list, not comma-joined strings."""
    weather = {"sky": "overcast", "moisture": 5, "ground": "wet", "frozen": False,
               "forecast": [{"turn": 3, "sky": "storm"}, {"turn": 4, "sky": "clear"}]}
    s = apply(placed(), Event.of("value_set", key="weather", value=weather))
    value = s.values["weather"]
    assert isinstance(value, Table) and plain(value) == weather and value["moisture"] == 5
    assert value["forecast"] == ({"turn": 3, "sky": "storm"}, {"turn": 4, "sky": "clear"})
    assert isinstance(value["forecast"], tuple) and isinstance(value["forecast"][0], Table)
    with pytest.raises(TypeError):
        value["sky"] = "clear"  # type: ignore[index]
    again = apply(placed(), Event.of("value_set", key="weather", value=weather))
    assert again == s and hash(again.values["weather"]) == hash(value)
    assert apply(s, Event.of("value_set", key="list", value=["a", "b"])).values["list"] == ("a", "b")


def test_undo_restores_markers_and_structured_values() -> None:
    before = fold(placed(), [
        Event.of("marker_placed", place="0101", marker="trenches", value=1),
        Event.of("marker_placed", place="0101", marker="smoke"),
        Event.of("marker_placed", place="0102", marker="mines", side="blue", hidden=True),
        Event.of("value_set", key="weather", value={"sky": "clear", "forecast": ["storm"]}),
    ])
    after = fold(before, [
        Event.of("marker_changed", place="0101", marker="trenches", value=2),
        Event.of("marker_removed", place="0101", marker="smoke"),
        Event.of("marker_removed", place="0102", marker="mines"),
        Event.of("marker_placed", place="0103", marker="fire"),
        Event.of("value_set", key="weather", value={"sky": "storm", "forecast": []}),
        Event.of("value_set", key="moisture", value=[1, 2]),
    ])
    undo = restore_event(after, before, reverts=4)
    assert undo.facts["markers_removed"] == ["0103"]
    restored = apply(after, undo)
    assert restored == before and restored.markers == before.markers
    assert isinstance(restored.values["weather"], Table)


@pytest.mark.parametrize("facts", [
    {"markers": {"0101": []}},
    {"markers": {"0101": [{"marker": 3}]}},
    {"markers": {"0101": [{"marker": "smoke", "value": 1.5}]}},
    {"markers": {"0101": [{"marker": "smoke"}, {"marker": "smoke"}]}},
    {"markers": {"0101": [{"marker": "smoke", "hidden": 1}]}},
    {"values": {"weather": {"sky": 1.5}}},
])
def test_a_malformed_restore_is_refused(facts: dict) -> None:
    with pytest.raises(EventError):
        apply(placed(), Event("state_restored", {"reverts": 1, "turn": 0, "phase": "p", "side": "red",
                                                 **facts}))


_PLACES = st.sampled_from(["0101", "0102", "box"])
_KINDS = st.sampled_from(["smoke", "trenches", "mines"])
_IDS = st.sampled_from(["", "1"])


@given(st.lists(st.tuples(st.sampled_from(["place", "change", "remove"]), _PLACES, _KINDS, _IDS,
                          st.integers(0, 3)), max_size=30))
def test_folding_marker_events_gives_the_expected_markers(ops: list) -> None:
    """Fold a random run of marker events (the refused ones skipped) against a plain model of stacks;
    then undo back to the middle of the run."""
    state, expected = EMPTY, {}
    middle = state
    for n, (op, place, kind, id_, value) in enumerate(ops):
        if n == len(ops) // 2:
            middle = state
        stack = expected.setdefault(place, [])
        present = [i for i, m in enumerate(stack) if m.kind == kind and m.id == id_]
        if op == "place":
            event = Event.of("marker_placed", place=place, marker=kind, id=id_, value=value)
            ok = not present
            if ok:
                stack.append(Marker(kind, id_, value=value))
        elif op == "change":
            event = Event.of("marker_changed", place=place, marker=kind, id=id_, value=value)
            ok = bool(present) and stack[present[0]].value != value
            if ok:
                stack[present[0]] = Marker(kind, id_, value=value)
        else:
            event = Event.of("marker_removed", place=place, marker=kind, id=id_)
            ok = bool(present)
            if ok:
                del stack[present[0]]
        if ok:
            state = apply(state, event)
        else:
            with pytest.raises(EventError):
                apply(state, event)
    assert state.markers == {p: tuple(stack) for p, stack in expected.items() if stack}
    assert apply(state, restore_event(state, middle, reverts=1)) == middle


_TOML = st.recursive(
    st.one_of(st.booleans(), st.integers(), st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=10,
)


@given(_TOML, _TOML)
def test_any_toml_value_is_kept_and_undone(first: object, second: object) -> None:
    before = apply(EMPTY, Event.of("value_set", key="v", value=first))
    after = apply(before, Event.of("value_set", key="v", value=second))
    assert plain(after.values["v"]) == second
    hash(after.values["v"])  # immutable all the way down
    assert apply(after, restore_event(after, before, reverts=1)) == before


# --- facts read from a file (issue 18): types and ranges checked, never an internal error ---


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("value", [1.5, 2**63, -(2**63) - 1, datetime.date(1979, 5, 27), None, nested(17)])
def test_a_fact_a_save_cannot_hold_is_refused_when_read(value: object) -> None:
    with pytest.raises(EventError, match="roll: die"):
        Event.from_dict({"kind": "roll", "die": value})


def test_plain_facts_are_read_as_they_are() -> None:
    facts = {"die": 2**63 - 1, "low": -(2**63), "path": ["0101"], "deep": {"a": [[{"b": True}]]}}
    assert Event.from_dict({"kind": "roll", **facts}) == Event("roll", facts)


@pytest.mark.parametrize("cost", ["1e999999999", "1/0", "1" * 19, "x", "1.5", " 1", 1.5])
def test_a_cost_is_a_small_fraction(cost: object) -> None:
    with pytest.raises(EventError, match="cost"):
        apply(placed(), Event("unit_moved", {"unit": "a", "path": ["0102"], "cost": cost}))


def test_undo_facts_are_checked() -> None:
    s = placed()
    restored = {"reverts": 1, "turn": 0, "phase": "movement", "side": "red"}
    for bad in ({"units": {"a": 5}}, {"units": {"a": {"location": "0101", "steps": 1, "flags": "x"}}},
                {"units_removed": [1]}, {"control": {"0101": 3}}, {"result": {"winner": "red"}},
                {"pending": {"side": "red"}},
                {"units": {"a": {"location": "0101", "steps": 1, "spent": "9e9"}}}):
        with pytest.raises(EventError, match="state_restored"):
            apply(s, Event("state_restored", {**restored, **bad}))
    back = apply(s, Event("state_restored", {**restored, "units": {"a": {"location": "0101", "steps": 1,
                                                                         "spent": "1/3"}}}))
    assert back.units["a"] == UnitState("0101", 1, Fraction(1, 3))


def test_a_decision_s_facts_are_checked() -> None:
    with pytest.raises(EventError, match="decision_required"):
        apply(placed(), Event("decision_required", {"side": "red", "decision": "retreat", "prompt": "p",
                                                    "data": 1}))
