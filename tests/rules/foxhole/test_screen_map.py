"""What the map shows of a Foxhole hex besides its units (R5.B): the markers layer, by importance,
and every marker of a hex and its hexsides in words, with its effect and rule."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event, State
from tui_wargame.rules.capabilities import Capabilities, Layer
from tui_wargame.rules.foxhole import charts, screen_map
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.system import SYSTEM

SCENARIO = load()
CAPS = Capabilities(SYSTEM)


def _state(*events: Event, **kw) -> State:  # noqa: ANN003
    return position(SCENARIO, phase="combat", active="allied", events=events, **kw)


def _placed(place: str, kind: str, **facts: object) -> Event:
    return Event.of("marker_placed", place=place, marker=kind, **facts)


def _layers(state: State, viewer: str | None = "allied") -> dict[str, Layer]:
    return {layer.id: layer for layer in CAPS.layers(SCENARIO, state, viewer, None)}


def _notes(state: State, label: str) -> list[tuple[str, str]]:
    return [(line.text, line.rule) for line in CAPS.hex_notes(SCENARIO, state, label)]


def test_r5_b_every_marker_kind_has_a_mark_an_effect_and_a_place_in_the_order() -> None:
    for kind in charts.MARKER_KINDS:
        assert kind in screen_map.MARKS and kind in screen_map.EFFECTS and kind in screen_map.IMPORTANCE, kind
        assert len(screen_map.MARKS[kind]) <= 2 and screen_map.MARKS[kind].isascii(), kind


def test_r5_b_5_the_map_marks_the_most_important_marker_and_a_plus_for_more() -> None:
    layer = _layers(_state())["markers"]
    assert layer.style == "marker" and layer.marks["B-0506"] == "M1+"  # Mines over Tank Traps
    assert layer.marks["B-0505"] == "T2"  # Trenches with their level (R5.B.1)
    assert layer.notes["B-0506"] == "markers: M1 K1"


def test_r25_c_1_fire_is_marked_before_any_work() -> None:
    layer = _layers(_state(_placed("B-0505", "fire", value=0)))["markers"]
    assert layer.marks["B-0505"] == "F+"


def test_r5_b_6_a_unit_condition_is_marked_in_its_hex_after_the_works() -> None:
    state = _state(flags={"A1": ["pinned"], "X1": ["fatigued"]}, at={"X1": "B-0505"})
    marks = _layers(state)["markers"].marks
    assert marks["A-0401"] == "p" and marks["B-0505"] == "T2+"


def test_r5_b_15_a_port_is_a_feature_drawn_where_no_marker_is() -> None:
    layers = _layers(_state())
    assert layers["features"].style == "info" and layers["features"].marks["A-0506"] == "Pt"
    assert "A-0506" not in layers["markers"].marks


def test_r5_b_9_a_hexside_marker_marks_both_hexes_and_is_told_in_each() -> None:
    place = Position.hexside_place("B-0305", "B-0205")
    state = _state(_placed(place, "bridge-bailey", side="axis"))
    marks = _layers(state)["markers"].marks
    assert marks["B-0205"] == "BB"
    told = _notes(state, "B-0205")
    assert told == [("BB Bailey Bridge to B-0305: crossing costs 1 MP; Defence halved crossing", "R5.B.9")]


def test_r5_b_9_a_bailey_bridge_in_a_hex_is_carried() -> None:
    assert ("BB Bailey Bridge (Axis): carried here, to be placed across a hexside", "R5.B.9") \
        in _notes(_state(), "B-0305")


def test_r5_b_hex_notes_list_every_marker_most_important_first_with_effect_and_rule() -> None:
    assert _notes(_state(), "B-0506") == [
        ("M1 Mines, level 1 (Axis): Assaulting in, Pinned 2 in 10; line moves stop here", "R5.B.5, R10.C"),
        ("K1 Tank Traps, level 1 (Axis): Motorized: +2 MP to enter, Pinned 3 in 10 Assaulting in",
         "R5.B.5, R10.C")]


def test_r5_b_1_trenches_are_told_with_their_defence_by_level() -> None:
    text, rule = _notes(_state(), "B-0505")[0]
    assert text == "T2 Trenches, level 2 (Axis): Defence +2 Barrage, +1 Fight, +1 Assault; the whole hex"
    assert rule == "R5.B.1"


def test_r5_b_6_hex_notes_name_the_units_under_each_condition() -> None:
    state = _state(flags={"A1": ["pinned"], "A2": ["pinned"]}, at={"A2": "A-0401"})
    assert ("p Pinned: A1, A2: it may not move and its firepower is cut to a third", "R5.B.6") \
        in _notes(state, "A-0401")


def test_r5_b_a_face_down_marker_is_kept_from_the_other_side() -> None:
    state = _state(_placed("A-0804", "mines", side="axis", value=2, hidden=True))
    assert _layers(state, "allied")["markers"].marks["A-0804"] == "?"
    assert _layers(state, "axis")["markers"].marks["A-0804"] == "M2"
    assert _notes(state, "A-0804") == [("? a face-down marker of Axis", "R5.B")]
