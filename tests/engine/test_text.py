"""Words for a reader (issue 17): counts that agree, possessives of plural names, and citations and
counts already written into saves tidied where they are shown."""

from __future__ import annotations

from tui_wargame.text import attributive, plural, possessive, tidy


def test_a_count_agrees_with_its_noun() -> None:
    assert [plural(n, "hex") for n in (0, 1, 2)] == ["0 hexes", "1 hex", "2 hexes"]
    assert plural(1, "step") == "1 step" and plural(3, "step") == "3 steps"


def test_the_possessive_of_a_plural_name_takes_an_apostrophe_alone() -> None:
    assert possessive("Central Powers") == "Central Powers'" and possessive("Red") == "Red's"
    assert possessive("Axis") == "Axis's" and possessive("Allies") == "Allies'"  # Axis is one


def test_words_from_saves_lose_doubled_citations_and_wrong_counts() -> None:
    """The F&M 7.7-7.8 retreat prompt as older games wrote it into their decision events."""
    assert tidy("retreat each unit 1 hexes, or deplete one unit instead (F&M 7.8) (F&M 7.7)") == (
        "retreat each unit 1 hex, or deplete one unit instead (F&M 7.8; F&M 7.7)")
    assert tidy("off its railway (Suez 13.3) (Suez 13.3)") == "off its railway (Suez 13.3)"
    assert tidy("retreat 2 hexes (F&M 7.7)") == "retreat 2 hexes (F&M 7.7)"


def test_a_refusal_cites_its_rule_once() -> None:
    from tui_wargame.model import Refusal

    assert str(Refusal("off its railway", "Suez 13.3")) == "off its railway (Suez 13.3)"
    assert str(Refusal("off its railway (Suez 13.3)", "Suez 13.3")) == "off its railway (Suez 13.3)"
    assert (str(Refusal("the column (F&M 7.6) is off the table", "F&M 7.6"))
            == "the column (F&M 7.6) is off the table")


def test_attributive_gives_a_plural_side_its_apostrophe_before_turn() -> None:
    assert ([attributive(n) for n in ("Central Powers", "British", "Blue")]
            == ["Central Powers'", "British", "Blue"])
    assert attributive("Axis") == "Axis" and attributive("Allies") == "Allies'"  # "the Axis turn"
