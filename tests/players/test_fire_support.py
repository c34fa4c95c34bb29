"""The computer's defensive fire (issue 15; house rule on Suez/Gaza 18.1): placed where a
bombardment can cost the attackers a step (18.4, on their own hex's row), and a marker spent in
defence only when our own attacks cannot use it before the markers come back (18.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import positions
from tests.players.helpers import game_at
from tests.players.test_kept_choices import scenario
from tui_wargame.players import computer
from tui_wargame.players.fm_fire import own_attacks_before_reuse
from tui_wargame.rules.fm.position import Position

#: Gaza's turn track: Zero Hour and 17 April Morning, Afternoon, Evening are one day (10.4, 18.3).
ZERO_HOUR, EVENING_17 = 0, 3


def _defensive_fire(turn: int, at: dict[str, str], attacks: list[str], tmp_path: Path) -> list[str]:
    """Hard's answers as the British to the Central Powers' attacks `attacks` at Gaza `turn`."""
    sc = scenario("gaza1917")
    state = positions.position(sc, at=at, turn=turn, phase="combat", active="cp")
    state, _ = positions.run(sc, state, *attacks, "end")
    game = game_at(sc, state, tmp_path)
    answers = []
    while not answers or answers[-1] != "done":
        answers.append(computer("hard").choose(game, "br").order)
        if answers[-1] != "done":
            game.submit(answers[-1], "br")
    return answers


@pytest.mark.parametrize("turn", [ZERO_HOUR, EVENING_17])
def test_gaza_18_4_no_defensive_fire_on_attackers_in_a_trench(turn: int, tmp_path: Path) -> None:
    """32R attacks from its trench at 1113: on the Trench row no British bombardment reaches a
    column that costs a step, so no marker, air or naval unit is spent on it."""
    assert _defensive_fire(turn, {"1LH": "1114"}, ["attack 1114 1113"], tmp_path) == ["done"]


@pytest.mark.parametrize(("turn", "third"), [(ZERO_HOUR, []), (EVENING_17, ["bombard 1510"])])
def test_gaza_18_3_a_marker_is_kept_for_the_days_own_attacks(turn: int, third: list[str],
                                                             tmp_path: Path) -> None:
    """Three attacks from the clear (39R from 1014 beside the coast, 32R from 1510, 31R from 1211).
    The naval unit fires on 1014 (18.6) and the air unit on 1211 (18.5): both are back next turn.
    At Zero Hour the British keep their markers for their three attacks still to come on 17 April,
    since a marker used today is back only on 18 April Morning (18.3); on 17 April Evening, the
    day's last turn, nothing of theirs comes before the markers return, and a marker fires on 1510."""
    at = {"1LH": "1114", "39R": "1014", "NZMR": "1609", "32R": "1510", "2LH": "1212", "31R": "1211"}
    attacks = ["attack 1114 1014", "attack 1609 1510", "attack 1212 1211"]
    answers = _defensive_fire(turn, at, attacks, tmp_path)
    assert answers == ["air brNaval 1014", "air brAir 1211", *third, "done"]


@pytest.mark.parametrize(("turn", "active", "side", "expected"), [
    (ZERO_HOUR, "cp", "br", True),  # 17 April Morning to Evening are still to come
    (EVENING_17, "cp", "br", False),  # the day's last turn, the British played first
    (EVENING_17, "br", "cp", True),  # the Central Powers attack after the British this turn
])
def test_gaza_18_3_own_attacks_before_the_markers_return(turn: int, active: str, side: str,
                                                         expected: bool) -> None:
    sc = scenario("gaza1917")
    pos = Position(sc, positions.position(sc, turn=turn, phase="combat", active=active))
    assert own_attacks_before_reuse(pos, side) is expected


@pytest.mark.parametrize(("turn", "expected"), [(1, True), (2, False)])
def test_suez_19_0_a_night_without_bombardment_is_no_reason_to_keep_a_marker(turn: int,
                                                                            expected: bool) -> None:
    """Suez: the Central Powers play first. Defending in the British half of 4 August Morning, they
    still attack on 4 August Afternoon; in the British half of the Afternoon, only 4 August Night
    is left of the day, and there is no bombardment at night (19.0)."""
    sc = scenario("suez1916")
    assert [sc.turns[t].time for t in (1, 2, 3)] == ["morning", "afternoon", "night"]
    pos = Position(sc, positions.position(sc, turn=turn, phase="combat", active="british"))
    assert own_attacks_before_reuse(pos, "cp") is expected
