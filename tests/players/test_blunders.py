"""Positions where a blunder is obvious, which the computer at normal and hard must not make
(issue 15): an attack at hopeless odds, a retreat into elimination, an objective left empty.
Each is a small Suez 1916 or Gaza 1917 position built by `tests.positions`, every other counter set aside."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from tests import positions
from tests.players.helpers import game_at
from tests.players.test_players import scenario
from tests.scenarios.gaza1917 import helpers as gaza
from tui_wargame.model import Order, Scenario, State
from tui_wargame.players import computer
from tui_wargame.players.fm import INSTANT, Assessor
from tui_wargame.players.view import SideView
from tui_wargame.rules.fm.combat import odds
from tui_wargame.rules.fm.data import rules_of
from tui_wargame.rules.fm.position import Position

LEVELS = ("normal", "hard")


def suez_position(at: Mapping[str, str], *, phase: str, active: str, turn: int = 1,
                  steps: Mapping[str, int] | None = None) -> State:
    sc = scenario("suez1916")
    return positions.position(sc, at=at, aside=[u.id for u in sc.units if u.id not in at],
                              off_map=[], steps=steps, turn=turn, phase=phase, active=active)


@pytest.mark.parametrize("level", LEVELS)
def test_no_attack_at_hopeless_odds(level: str, tmp_path: Path) -> None:
    """F&M 7.3-7.6: a 3-factor battalion against a 5-defence brigade on a hill reads the hill row
    at -2: a loss or a retreat for the attacker on every face. It is not declared."""
    sc = scenario("suez1916")
    state = suez_position({"31-1": "2131", "157a": "2132"}, phase="combat", active="cp")
    assert odds(Position(sc, state), "2132", ["31-1"])["differential"] == -2
    game = game_at(sc, state, tmp_path)
    assert Order.parse("attack 2132 2131") in game.legal_orders()
    assert computer(level).choose(game, "cp").order == "end"


def test_no_attack_declared_the_hint_says_none_was(tmp_path: Path) -> None:
    """F&M 7.1: ending the declarations with none declared, the hint says so, not that the attacks
    declared go on to their resolution."""
    sc = scenario("suez1916")
    state = suez_position({"31-1": "2131", "157a": "2132"}, phase="combat", active="cp")
    choice = computer("hard").choose(game_at(sc, state, tmp_path), "cp")
    assert choice.reason == "no attack promises enough at the odds on offer: none declared this phase"


def blocked_retreat() -> tuple[State, Scenario]:
    """Suez: a Central Powers battalion in the oasis at 2230 ringed by three British stacks whose
    zones of control cover every hex around it (F&M 7.7: no retreat path), attacked at the
    right-most column and dealt D2 (retreat two hexes, or lose a step instead)."""
    sc = scenario("suez1916")
    ring = {"155a": "2229", "155b": "2229", "156a": "2331", "156b": "2331", "157a": "2131", "157b": "2131"}
    state = suez_position({"31-1": "2230", **ring}, phase="combat", active="british")
    crt = rules_of(sc).crt
    column = odds(Position(sc, state), "2230", list(ring))["column_index"]
    face = next(f for f, line in enumerate(crt.results, 1) if line[column] == "D2")
    state, _ = positions.run(sc, state, "attack 2230 2229", "attack 2230 2331", "attack 2230 2131", "end",
                             "resolve 2230", dice=[face])
    return state, sc


@pytest.mark.parametrize("level", LEVELS)
def test_no_retreat_into_elimination_when_a_step_can_be_lost_instead(level: str, tmp_path: Path) -> None:
    """F&M 7.7-7.8: with no path the unit retreating is eliminated; D2 lets it lose one step
    instead. The step is lost."""
    state, sc = blocked_retreat()
    game = game_at(sc, state, tmp_path)
    answers = {o.text for o in game.legal_orders()}
    assert {"retreat 31-1", "deplete 31-1"} <= answers
    assert computer(level).choose(game, "cp").order == "deplete 31-1"


@pytest.mark.parametrize("level", LEVELS)
def test_the_victory_town_is_not_left_empty_before_the_enemy(level: str, tmp_path: Path) -> None:
    """Suez 12.4: a hex is won by entering it. The one British brigade in Romani (2031, 6 VP)
    stays while Central Powers battalions stand two hexes off, though its hill (2132) beside them
    and a weak Arab cavalry unit to the west (1830) draw it out (without the risk of the town being
    walked into, hard moves it to the hill)."""
    sc = scenario("suez1916")
    state = suez_position({"158a": "2031", "31-1": "2231", "31-2": "2230", "arab-cav": "1830"},
                          phase="movement", active="british")
    game = game_at(sc, state, tmp_path)
    player = computer(level)
    for _ in range(4):
        if game.state.active != "british" or game.state.phase != "movement":
            break
        game.submit(player.choose(game, "british").order, "british")
    assert game.state.phase != "movement" or game.state.active != "british"
    assert game.state.units["158a"].location == "2031"


@pytest.mark.parametrize("level", LEVELS)
def test_an_engineer_beside_the_canal_is_attacked(level: str, tmp_path: Path) -> None:
    """Suez 12.1: a Central Powers engineer beside the canal at the end of a British turn wins the
    game. The Pioneer Battalion there is down to its last step, so half the faces of the one
    British regiment's attack remove it (a step lost is the unit, F&M 7.6, 7.8); for the strength
    alone the attack does not pay, but ending the combat phase without it loses at once."""
    sc = scenario("suez1916")
    state = suez_position({"pioneers": "0230", "3lh": "0330", "31-1": "2833"}, phase="combat",
                          active="british", turn=3, steps={"pioneers": 1})
    game = game_at(sc, state, tmp_path)
    assert computer(level).choose(game, "british").order == "attack 0230 0330"


@pytest.mark.parametrize("level", LEVELS)
def test_the_engineers_road_to_the_canal_is_weighed(level: str, tmp_path: Path) -> None:
    """Suez 12.1 for the planner: the British reckon an engineer's threat by its distance to the
    nearest canal hex they do not hold, certain on the canal; the Central Powers reckon none."""
    sc = scenario("suez1916")

    def threat(at: dict[str, str], side: str) -> float:
        state = suez_position({**at, "31-1": "2833"}, phase="movement", active=side, turn=3)
        return Assessor(SideView(game_at(sc, state, tmp_path), side, level=level), state).instant_threats()

    far, near, on = (threat({"pioneers": h}, "british") for h in ("2832", "0430", "0230"))
    assert far == 0 < near < on == INSTANT
    assert threat({"pioneers": "0230"}, "cp") == 0


def test_a_canal_hex_held_is_no_road_for_the_engineer(tmp_path: Path) -> None:
    """Suez 12.1: an engineer cannot stand where a British unit stands, so the distance that
    counts is to the nearest canal hex the British do not hold: from 0330, 0229 and 0230 are one
    hex off; with both held, the next is two."""
    sc = scenario("suez1916")

    def distance(at: dict[str, str]) -> int:
        state = suez_position({"pioneers": "0330", "31-1": "2833", **at}, phase="movement", active="british",
                              turn=3)
        ass = Assessor(SideView(game_at(sc, state, tmp_path), "british", level="hard"), state)
        (goal,) = ass.enemy_goals()
        return ass.goal_distance(goal, "0330")

    assert distance({}) == 1
    assert distance({"125a": "0230"}) == 1
    assert distance({"125a": "0230", "125b": "0229"}) == 2


def test_the_last_gaza_hex_is_the_game(tmp_path: Path) -> None:
    """Gaza 12.1 for the planner (`Hooks.instant_holds`): with British units in Gaza east, the
    Central Powers' machine guns in Gaza west, at their last step, guard the game, not only its 3
    points, and each face of a British attack that removes them wins it (a D2 takes the last
    step, F&M 7.8); with Gaza east empty, neither; nor when Gaza east's garrison is all attacking."""
    sc = gaza.SCENARIO

    def looks(at: dict[str, str]) -> tuple[float, float, float]:
        found = []
        for side in ("cp", "br"):
            state = gaza.position({"3MG": "0914", "157Bde": "1014", "158Bde": "0915", "159Bde": "1013", **at},
                                  active=side, turn=2, steps={"3MG": 1})
            found.append(Assessor(SideView(game_at(sc, state, tmp_path), side, level="hard"), state))
        cp, br = found
        gain, leaves, _ = br.attack("0914", ["157Bde", "158Bde", "159Bde"])
        return cp.hex_at_stake("0914"), gain, float(leaves)

    (stake_held, gain_held, leaves), (stake_empty, gain_empty, _) = (looks({"156Bde": "0913"}),
                                                                     looks({"156Bde": "1114"}))
    assert stake_held >= stake_empty + INSTANT
    assert leaves > 0 and gain_held >= gain_empty + INSTANT * leaves
    # Gaza east's whole garrison joining the attack may be driven out or advance: no win counted
    state = gaza.position({"3MG": "0914", "156Bde": "0913", "157Bde": "1014"}, turn=2, steps={"3MG": 1})
    br = Assessor(SideView(game_at(sc, state, tmp_path), "br", level="hard"), state)
    assert br.completes("0914", "br") and not br.completes("0914", "br", ["156Bde", "157Bde"])
