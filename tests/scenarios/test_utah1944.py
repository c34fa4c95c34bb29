"""Utah Beach, 6 June 1944 (issue 14): the shipped Foxhole scenario loads with no problems, puts
the landing in the Morning and WN5's works at La Madeleine, gives its verdict as the Night turn
comes (R24.B) with each outcome, and plays at random to the verdict with the invariants kept."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from tests.rules.foxhole.helpers import position, run
from tests.rules.foxhole.random_play import play
from tui_wargame import scenario_file
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import IllegalOrder, State
from tui_wargame.rules.foxhole import arrivals, sequence, standing
from tui_wargame.rules.foxhole.optional import OPTIONAL_RULES
from tui_wargame.rules.foxhole.position import Position

SCENARIOS = Path(__file__).parents[2] / "scenarios"
UTAH = scenario_file.load(SCENARIOS / "utah1944.toml")
AXIS_ON_THE_COAST = ("WN5", "WN5G", "WNN", "WNS", "MOR")  # the strongpoints and Houdienville
NIGHT_DICE = [5, 5, 5, 5]  # the Night's forecast (atmosphere, wind, direction) and resolution


def test_utah1944_loads_with_no_problems_and_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert UTAH.system == "foxhole" and UTAH.map.maphex[0].radius == 5
    assert main(["--scenarios", str(SCENARIOS), "scenarios"]) == 0
    listing = capsys.readouterr()
    assert "utah1944     Utah Beach, 6 June 1944" in listing.out and "utah1944" not in listing.err


def test_utah1944_r16_b_the_morning_waves_land_and_the_afternoons_wait(tmp_path: Path) -> None:
    landings = arrivals.tables(UTAH, "landings")
    morning = [u for t in landings if t["turn"] == "1am" for u in t["units"]]
    afternoon = [u for t in landings if t["turn"] == "1pm" for u in t["units"]]
    assert len(morning) == 14 and len(afternoon) == 5
    assert all(arrivals.shore(UTAH, t["target"]) for t in landings)
    with Game.new(UTAH, tmp_path / "g.toml", seed=1) as game:
        assert all(game.state.units[u].location == "reinforcements" for u in morning + afternoon)
        game.submit("end")  # the Axis's Dawn Briefing
        game.submit("end")  # the Allies': the Weather, then the Transport Phase lands the waves
        assert game.scenario.turns[game.state.turn].id == "1am"
        for uid in morning:
            where = game.state.units[uid].location
            assert where == "eliminated" or arrivals.shore(UTAH, where), (uid, where)
        assert all(game.state.units[u].location == "reinforcements" for u in afternoon)


def test_utah1944_r3_b_3a_wn5s_works_are_at_la_madeleine_on_exit_2() -> None:
    state = position(UTAH, phase="dawn-briefing", active="axis")
    pos = Position(UTAH, state)
    assert {p.hex: p.name for p in UTAH.map.place}["A-1006"] == "La Madeleine (WN5)"
    assert {m.kind for m in state.markers["A-1006"]} == {"pillbox", "trenches", "wire", "building"}
    assert pos.units_in("A-1006") == ["WN5", "WN5G"]
    assert "A-1106" in pos.neighbours("A-1006") and arrivals.shore(UTAH, "A-1106")
    exit2 = next(r for r in UTAH.map.route if r.name == "Exit 2 causeway")
    assert exit2.hexes[:5] == ("A-1106", "A-1006", "A-0906", "A-0806", "A-0706")
    assert all(pos.hex_type(h).id == "flooded" for h in exit2.hexes[2:4])
    assert {m.kind for m in state.markers["A-1105"]} == {"mines", "tank-traps"}


def test_utah1944_r3_b_2_free_setup_puts_the_paratroopers_inland_only() -> None:
    state = position(UTAH, phase=sequence.SETUP, active="allied", options={"setup": "free"})
    state, _ = run(UTAH, state, "place P501 A-0304")
    assert state.units["P501"].location == "A-0304"
    with pytest.raises(IllegalOrder) as refused:
        run(UTAH, state, "place P506 A-1105")
    assert refused.value.rule == "R3.B.2"


def night(at: Mapping[str, str], lost: tuple[str, ...] = ()) -> State:
    """The Axis's Afternoon Vehicle Assault Phase (the last phase before the Night) with units
    moved and `lost` eliminated; ended, the Night comes and the verdict with it."""
    steps = dict.fromkeys(lost, 0)
    where = {**at, **dict.fromkeys(lost, "eliminated")}
    state = position(UTAH, phase="vehicle-assault", active="axis", turn=1, at=where, steps=steps)
    state, _ = run(UTAH, state, "end", dice=NIGHT_DICE)
    assert UTAH.turns[state.turn].id == "1nt"
    return state


CLEARED = {"A8": "A-1004", "E8": "A-1107", "DDA": "A-0706", "DZC": "A-0710"}


def test_utah1944_r24_b_decisive_the_coast_secure_two_inland_ends_few_losses() -> None:
    state = night({**CLEARED, "POU": "A-0608"}, lost=(*AXIS_ON_THE_COAST, "HQ1", "H8", "B8", "C8"))
    assert state.result is not None and (state.result.winner, state.result.level) == ("allied", "decisive")
    assert standing.losses(Position(UTAH, state), "allied") == 8


def test_utah1944_r24_a_2_nine_losses_or_more_cost_the_decisive_victory() -> None:
    state = night({**CLEARED, "POU": "A-0608"}, lost=(*AXIS_ON_THE_COAST, "HQ1", "H8", "B8", "C8", "D8"))
    assert state.result is not None and (state.result.winner, state.result.level) == ("allied", "marginal")


def test_utah1944_r24_b_marginal_the_coast_controlled_one_inland_end() -> None:
    # WNS still holds the Exit 1 strongpoint (sector SE) against ten Allied units there
    ten = dict(zip(["A8", "B8", "C8", "D8", "E8", "F8", "G8", "H8", "I8", "K8"],
                   ["A-1107"] * 4 + ["A-1108"] * 4 + ["A-1007"] * 2))
    state = night({**ten, "E237": "A-1004", "DDA": "A-0706"}, lost=("WN5", "WN5G", "WNN", "MOR"))
    assert state.result is not None and (state.result.winner, state.result.level) == ("allied", "marginal")


def test_utah1944_r24_b_otherwise_the_axis_hold_the_coast() -> None:
    state = night({"A8": "A-1106", "B8": "A-1106", "E8": "A-1107"})
    assert state.result is not None and (state.result.winner, state.result.level) == ("axis", "marginal")


def test_utah1944_r24_b_no_verdict_before_the_night() -> None:
    state = position(UTAH, phase="vehicle-assault", active="allied", turn=1, at=CLEARED,
                     steps=dict.fromkeys(AXIS_ON_THE_COAST, 0))
    state, _ = run(UTAH, state, "end")
    assert state.result is None and state.active == "axis" and UTAH.turns[state.turn].id == "1pm"


def test_utah1944_random_play_reaches_the_verdict(tmp_path: Path) -> None:
    game = play(UTAH, tmp_path / "g.toml", 0, scenario_dir=SCENARIOS)
    assert game.state.result is not None and UTAH.turns[game.state.turn].id == "1nt"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 20))
def test_utah1944_random_play_more_seeds(tmp_path: Path, seed: int) -> None:
    play(UTAH, tmp_path / "g.toml", seed, scenario_dir=SCENARIOS)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_utah1944_random_play_free_setup(tmp_path: Path, seed: int) -> None:
    play(UTAH, tmp_path / "g.toml", seed, options={"setup": "free"}, scenario_dir=SCENARIOS)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_utah1944_random_play_with_every_optional_rule(tmp_path: Path, seed: int) -> None:
    play(UTAH, tmp_path / "g.toml", seed, options=dict.fromkeys(OPTIONAL_RULES, "on"), scenario_dir=SCENARIOS)
