"""Foxhole R24.D.5: the competitive missions' dice ranges and victory tests."""

from __future__ import annotations

from tui_wargame.rules.foxhole import missions, victory


def test_r24_d_5_the_ranges_tile_one_to_a_hundred_with_the_overlaps_resolved():
    covered = [n for m in missions.MISSIONS for n in range(m.low, m.high + 1)]
    assert covered == list(range(1, 101))
    assert missions.mission(26).id == "flank-attack" and missions.mission(91).id == "total-war"
    assert missions.mission(100).id == "wave-assault" and missions.mission(1).id == "amphibious-assault"


def test_r24_d_5_every_mission_names_tests_victory_knows():
    for m in missions.MISSIONS:
        assert set(m.tests) <= set(victory.TESTS), m.id
    assert {m.id for m in missions.MISSIONS if not m.tests} == {"relieve-pocket"}
