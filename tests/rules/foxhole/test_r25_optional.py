"""Foxhole R2.K, R25: every italic rule of the rulebook is a named game option, each with its
sections and one plain line, in the order of the Optional Rules Checklist."""

from __future__ import annotations

from tui_wargame.rules.foxhole.optional import OPTIONAL_RULES

#: The rulebook's italic rules outside R25 -> the option that switches them.
ITALIC = {
    "R7.A.5.a": "environment", "R7.A.14-18": "partisans", "R7.A.15-18": "refugees",
    "R9": "night-turns", "R10.D": "overstacking", "R18.F": "bridge-barrages", "R19.D": "forced-march",
    "R20.C.9": "retreat-fatigue", "R22.B.7": "retreat-fatigue",
}

#: The Optional Rules Checklist, in its order.
CHECKLIST = ("on-map-air-sorties", "barrages", "long-range-fights", "formation-cohesion", "inter-service",
             "less-random-combat", "shellholes", "command-activation", "environment", "refugees",
             "arctic", "requisitions", "advanced-supply")


def test_r2_k_every_italic_rule_is_an_option_citing_its_section():
    for section, name in ITALIC.items():
        assert section in OPTIONAL_RULES[name][0].split(", "), (section, name)


def test_r2_k_retreat_fatigue_cites_the_retreat_rules_not_heavy_weapons():
    assert OPTIONAL_RULES["retreat-fatigue"][0] == "R20.C.9, R22.B.7"


def test_r25_the_checklist_is_there_in_its_order_each_with_a_plain_line():
    names = [n for n in OPTIONAL_RULES if n in CHECKLIST]
    assert names == list(CHECKLIST)
    for rule, line in OPTIONAL_RULES.values():
        assert line and "optional" not in line and len(line) <= 80, (rule, line)
