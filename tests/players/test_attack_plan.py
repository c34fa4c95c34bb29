"""The whole combat phase planned together (F&M 7.1, each stack attacks once) and the victory level
table weighed as steps (Suez 12.3): small Suez 1916 positions, every other counter set aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import positions
from tests.players.helpers import game_at
from tests.players.test_blunders import suez_position
from tests.players.test_players import scenario
from tui_wargame.players import computer
from tui_wargame.players.fm import Assessor
from tui_wargame.players.fm_plan import attack_plan
from tui_wargame.players.fm_points import level_worth
from tui_wargame.players.view import SideView
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.suez1916 import ARRIVED


def test_f_m_7_1_a_stack_two_targets_want_goes_where_the_whole_turn_gains_most(tmp_path: Path) -> None:
    """Three battalions in 2331 can strike the Mobile Column (2430) or the 3rd Light Horse (2330);
    two more in 2531 reach only 2430. Both stacks on 2430 is the best single attack, but it
    leaves 2330 unattacked: the plan sends 2331 on 2330 and 2531 alone on 2430, and declares
    them one after the other."""
    sc = scenario("suez1916")
    state = suez_position({"mobc": "2430", "3lh": "2330", "31-1": "2331", "31-2": "2331", "31-3": "2331",
                           "32-1": "2531", "32-2": "2531"}, phase="combat", active="cp")
    game = game_at(sc, state, tmp_path)
    view = SideView(game, "cp", level="hard")
    plan = attack_plan(view, Assessor(view, view.state))
    assert {(a.target, a.sources) for a in plan} == {("2330", ("2331",)), ("2430", ("2531",))}
    player = computer("hard")
    first = player.choose(game, "cp")
    assert first.order == "attack 2330 2331"
    assert first.reason.endswith("; 1 more attack planned this turn")
    game.submit(first.order, "cp")
    assert player.choose(game, "cp").order == "attack 2430 2531"


def test_f_m_7_2_two_stacks_joined_for_a_column_neither_reaches_alone(tmp_path: Path) -> None:
    """F&M 7.2-7.3: a brigade group (defence 5) on the sand at 2430; two battalions in 2331 and one
    in 2431 are each too weak for a paying column, together they reach one. The plan joins them:
    2331 is declared first, then 2431 added to the same attack."""
    sc = scenario("suez1916")
    state = suez_position({"157a": "2430", "31-1": "2331", "31-2": "2331", "32-1": "2431"},
                          phase="combat", active="cp")
    game = game_at(sc, state, tmp_path)
    view = SideView(game, "cp", level="hard")
    ass = Assessor(view, view.state)
    for alone in (["31-1", "31-2"], ["32-1"]):
        assert ass.attack("2430", alone)[0] < 0.3
    plan = attack_plan(view, ass)
    assert [(a.target, a.sources) for a in plan] == [("2430", ("2331", "2431"))]
    player = computer("hard")
    game.submit(player.choose(game, "cp").order, "cp")
    assert player.choose(game, "cp").order == "attack 2430 2431"


def test_suez_12_3_a_step_of_the_level_table_outweighs_its_points_and_grows_to_the_last_turn() -> None:
    """Suez 12.3: 9 Central Powers VP is a draw, 10 a tactical win. The tenth point is worth a
    level to the Central Powers (and as much against the British), more on the last turn than the
    first; a point inside a level is worth nothing more."""
    sc = scenario("suez1916")
    first = Position(sc, suez_position({}, phase="movement", active="cp", turn=0))
    last = Position(sc, suez_position({}, phase="movement", active="cp", turn=len(sc.turns) - 1))
    step = level_worth(first, "cp", 10) - level_worth(first, "cp", 9)
    assert step > 0
    assert level_worth(first, "british", 10) - level_worth(first, "british", 9) == -step
    assert level_worth(first, "cp", 9) == level_worth(first, "cp", 8) == level_worth(first, "cp", 7) == 0
    assert level_worth(last, "cp", 10) - level_worth(last, "cp", 9) > step


def test_suez_12_3_the_attack_that_takes_the_point_for_a_win_is_worth_more(tmp_path: Path) -> None:
    """Suez 12.3-12.4: the same attack on Pelusium Station (2 VP) gains more for the Central
    Powers when their points are one short of a level than when they are well inside one."""
    sc = scenario("suez1916")
    at = {"yeo": "1532", "31-1": "1632", "31-2": "1632", "31-3": "1632"}
    state = suez_position(at, phase="combat", active="cp", turn=7)
    british = {p.hex: "british" for p in sc.map.place if p.vp}
    # Romani and Katia: 8 VP, the tenth point two away; Romani and To Bir el Abd: 7, a draw either way
    short = state.replace(control={**british, "2031": "cp", "2633": "cp"})
    inside = state.replace(control={**british, "2031": "cp", "3331": "cp"})
    gains = []
    for state in (short, inside):
        view = SideView(game_at(sc, state, tmp_path), "cp", level="hard")
        gains.append(Assessor(view, view.state).attack("1532", ["31-1", "31-2", "31-3"])[0])
    assert gains[0] > gains[1] + 5


def test_suez_11_5_an_arrived_regiment_is_brought_on(tmp_path: Path) -> None:
    """Suez 11.5: the 79th Regiment, called, may enter on the east edge. A battalion waiting in the
    box fights nobody, so the Central Powers bring it on rather than keep it there (before, a
    waiting unit counted as much as one on the map, and the march from the edge only cost)."""
    sc = scenario("suez1916")
    regiment = ("79-1", "79-2", "79-3")
    state = suez_position({"158a": "2031", "31-1": "2231", **{u: "reinforcements" for u in regiment}},
                          phase="movement", active="cp", turn=4)
    state = positions.position(sc, flags={u: ARRIVED for u in regiment}, turn=4, phase="movement",
                               active="cp", start=state)
    game = game_at(sc, state, tmp_path)
    assert any(o.verb == "enter" for o in game.legal_orders())
    player = computer("hard")
    entered = set()
    for _ in range(8):
        choice = player.choose(game, "cp")
        if choice.order == "end":
            break
        entered |= {choice.order.split()[1]} if choice.order.startswith("enter") else set()
        game.submit(choice.order, "cp")
    assert entered == set(regiment)


def test_suez_12_4_a_held_victory_hex_pulls_a_force_not_a_lone_scout(tmp_path: Path) -> None:
    """Suez 12.4: every victory hex the British control has a British unit on it. Bringing three
    battalions nearer gains three times what bringing one does (the pull of a held hex is the
    three nearest units'); before, the first scout took nearly all of it."""
    sc = scenario("suez1916")
    held = {"125a": "0234", "125b": "0239", "126a": "0644", "126b": "0936", "127a": "1532", "158a": "2031"}
    far = {"31-1": "2434", "31-2": "2434", "31-3": "2434"}
    state = suez_position({**held, **far}, phase="movement", active="cp")
    view = SideView(game_at(sc, state, tmp_path), "cp", level="hard")
    pull = Assessor(view, view.state)._distances

    def gain(near: int) -> float:
        return pull(list(far.values())) - pull(["2132"] * near + ["2434"] * (3 - near))

    assert gain(1) > 0
    assert gain(3) == pytest.approx(3 * gain(1))


def test_suez_18_1_fire_support_goes_only_on_a_declared_attack(tmp_path: Path) -> None:
    """Suez 18.1-18.4: the Central Powers attack the 3rd Light Horse (2330) from 2331; the Mobile
    Column in 2130 is in sight but nobody attacks it. Two of the three markers go on 2330 (the
    limit per hex), where a step lost before the attack shifts it; the third stays in the pool
    rather than on 2130, which would spend it for the day (18.3) for no attack (before, the
    strongest stack in sight drew it)."""
    sc = scenario("suez1916")
    at = {"3lh": "2330", "mobc": "2130", "31-1": "2331", "31-2": "2331",
          "fs-de6-1": "pool", "fs-de6-2": "pool", "fs-de4-1": "pool"}
    state = suez_position(at, phase="combat", active="cp")
    state, _ = positions.run(sc, state, "attack 2330 2331")
    game = game_at(sc, state, tmp_path)
    assert {"bombard 2130", "bombard 2330"} <= {o.text for o in game.legal_orders()}
    player = computer("hard")
    given = []
    while (choice := player.choose(game, "cp")).order != "end":
        given.append(choice.order)
        game.submit(choice.order, "cp")
    assert [o for o in given if o.startswith(("bombard", "air"))] == ["bombard 2330", "bombard 2330"]
