"""Foxhole R24.C: conversion scenarios' weather and who retreats by control points."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.rules.foxhole import conversion
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()
AWAY = "reinforcements"


def _pos(**kw) -> Position:
    return Position(SCENARIO, position(SCENARIO, phase="vehicle-assault", active="axis", **kw))


def test_r24_c_tsww_weather_becomes_the_foxhole_opening():
    assert conversion.WEATHER[("above-freezing", "heavy-storms")] == conversion.Opening("wet-warm", 7)
    assert conversion.WEATHER[("near-freezing", "heavy-storms")].prevailing == "wet-cold"  # erratum
    assert conversion.WEATHER[("below-freezing", "calm")].frozen
    assert conversion.DAYS == 8


def test_r24_c_the_side_with_fewer_control_points_retreats_the_offensive_on_a_tie():
    everyone_away = {u.id: AWAY for u in SCENARIO.units}
    assert conversion.retreats(_pos(at=everyone_away), "B") == "allied"  # 0 to 0
    allies_in = {**everyone_away, "A1": "B-0404"}  # the centre hex: in all six sectors, Secure
    assert conversion.retreats(_pos(at=allies_in), "B") == "axis"
