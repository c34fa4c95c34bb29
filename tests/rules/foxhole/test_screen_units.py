"""A Foxhole counter on the screen (R5.A, R5.B): its face on the map and in the stack list, and its
card in the unit panel, through the rule system's capabilities."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.rules.capabilities import Capabilities
from tui_wargame.rules.foxhole import screen_units
from tui_wargame.rules.foxhole.position import CONDITIONS
from tui_wargame.rules.foxhole.system import SYSTEM

SCENARIO = load()
CAPS = Capabilities(SYSTEM)


def _state(**kw):  # noqa: ANN003, ANN202
    return position(SCENARIO, phase="combat", active="allied", **kw)


def test_r5_a_face_reads_type_defence_firepower_and_mp() -> None:
    state = _state()
    assert CAPS.unit_face(SCENARIO, state, "A1") == "I3-1/4-4"  # heavy weapons before soft (R5.A.2)
    assert CAPS.unit_face(SCENARIO, state, "AT1") == "T6-5/4-8"  # hard before soft (R5.A.1)
    assert CAPS.unit_face(SCENARIO, state, "AMO") == "M2-4-2"  # no hard firepower: soft alone


def test_r5_a_6_artillery_face_shows_defence_1_not_its_range() -> None:
    assert CAPS.unit_face(SCENARIO, _state(), "AART") == "A1-2/8-1"


def test_r5_a_8_a_cadre_shows_its_cadre_values() -> None:
    assert CAPS.unit_face(SCENARIO, _state(steps={"A1": 1}), "A1") == "I2-2-4"


def test_r5_b_face_carries_a_letter_for_each_condition_marker() -> None:
    state = _state(flags={"A1": ["fatigued", "pinned"], "AT1": ["supply-reduced"]})
    assert CAPS.unit_face(SCENARIO, state, "A1") == "I3-1/4-4 PF"
    assert CAPS.unit_face(SCENARIO, state, "AT1") == "T6-5/4-8 R"


def test_r7_type_letters_follow_special_types_before_kinds() -> None:
    letters = {uid: screen_units.type_letter(SCENARIO.unit[uid])
               for uid in ("A1", "AE", "AHQ", "AMO", "AART", "AT1")}
    assert letters == {"A1": "I", "AE": "E", "AHQ": "H", "AMO": "M", "AART": "A", "AT1": "T"}
    assert set(letter for _, letter in screen_units.TYPE_LETTERS) <= set(screen_units.LETTER_NAMES)


def test_r5_a_card_names_every_value() -> None:
    first = CAPS.unit_card(SCENARIO, _state(), "AART")[0]
    assert first.text == ("Artillery Battery: range 8, defence 1, hard firepower 2, soft firepower 8, 1 MP")
    assert first.rule == "R5.A"


def test_r5_a_8_card_says_the_cadre_side_and_what_a_second_reduction_does() -> None:
    lines = CAPS.unit_card(SCENARIO, _state(steps={"A1": 1}), "A1")
    assert lines[0].text.startswith("Infantry Company: defence 2, heavy weapons 0, soft firepower 2")
    cadre = [line for line in lines if line.rule == "R5.A.8-9"]
    assert cadre and "Eliminated" in cadre[0].text and cadre[0].strong


def test_r5_b_card_words_each_condition_with_its_effect_and_rule() -> None:
    lines = CAPS.unit_card(SCENARIO, _state(flags={"A1": ["pinned", "supply-depleted"]}), "A1")
    said = {line.text: line.rule for line in lines if line.strong}
    assert said == {"Pinned: it may not move and its firepower is cut to a third": "R5.B.6",
                    "Supply Depleted: it has no firepower; a Motorized unit may not move": "R5.B.14"}


def test_r5_b_card_of_a_unit_without_conditions_says_so() -> None:
    lines = CAPS.unit_card(SCENARIO, _state(), "A1")
    assert [line.rule for line in lines if "no condition" in line.text] == ["R5.B"]


def test_r24_a_2_card_words_the_rules_bookkeeping_never_a_flag_id() -> None:
    lines = CAPS.unit_card(SCENARIO, _state(flags={"A1": ["losses:reduced", "moved", *CONDITIONS]}), "A1")
    text = "\n".join(line.text for line in lines)
    assert "has been Reduced once" in text and "has moved this player turn" in text
    assert "losses:" not in text and "supply-" not in text and "overwatch" not in text  # no flag ids


def test_r5_a_4_card_of_a_vehicle_says_its_hardness() -> None:
    lines = CAPS.unit_card(SCENARIO, _state(), "AT1")
    assert any(line.rule == "R5.A.4" and "Hard target" in line.text for line in lines)


def test_r7_card_says_what_each_special_type_does() -> None:
    lines = CAPS.unit_card(SCENARIO, _state(), "AE")
    assert ("Combat Engineer: bridging, construction and maintenance", "R7.A.5.b") in \
        [(line.text, line.rule) for line in lines]
    smoke = [line for line in CAPS.unit_card(SCENARIO, _state(), "AART") if line.rule == "R5.A.3"]
    assert smoke and smoke[0].text.startswith("Smoke: ")
