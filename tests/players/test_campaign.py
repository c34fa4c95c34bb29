"""The attacker's campaign over the turns left (Suez 12.3-12.4): which victory hexes it goes for,
which it lets go, and when it stops pressing for points and holds. Small Suez 1916 positions,
every other counter set aside (`test_blunders.suez_position`)."""

from __future__ import annotations

from pathlib import Path

from tests.players.helpers import game_at
from tests.players.test_blunders import suez_position
from tests.players.test_players import scenario
from tui_wargame.players.fm import Assessor
from tui_wargame.players.fm_campaign import campaign
from tui_wargame.players.fm_points import level_worth
from tui_wargame.players.view import SideView

BRITISH_HEXES = ("0234", "0239", "0644", "0936", "1532", "2031")


def view_at(at: dict[str, str], turn: int, tmp_path: Path, control: dict[str, str] | None = None) -> SideView:
    sc = scenario("suez1916")
    state = suez_position(at, phase="movement", active="cp", turn=turn)
    if control:
        state = state.replace(control={**state.control, **control})
    return SideView(game_at(sc, state, tmp_path), "cp", level="hard")


def test_suez_12_3_the_campaign_goes_for_the_points_of_a_win_within_reach(tmp_path: Path) -> None:
    """Suez 12.3: from Katia (3 VP held) the Central Powers need 7 more for a tactical win (10).
    Romani (6) and Pelusium Station (2) are nearest per point; Kantara (4, on the canal) and the
    villages beyond are not objectives, so they pull at a fifth only."""
    view = view_at({"31-1": "2633", "31-2": "2633", "31-3": "2633", "158a": "2031"}, 1, tmp_path)
    plan = campaign(view)
    assert plan is not None and not plan.holding
    assert plan.goal == 10
    assert plan.objectives == {"2031", "1532"}
    assert campaign(SideView(view.game, "cp", level="hard")) == plan  # deterministic


def test_suez_12_3_a_hex_out_of_reach_in_the_turns_left_is_dropped(tmp_path: Path) -> None:
    """Suez 12.3: on the last turn (6 August Afternoon) from Katia, Romani is six hexes off and
    Pelusium eleven: neither can be reached in one turn, so no hex is an objective and none
    pulls the army away from what it holds."""
    sc = scenario("suez1916")
    view = view_at({"31-1": "2633", "31-2": "2633", "31-3": "2633"}, len(sc.turns) - 1, tmp_path)
    plan = campaign(view)
    assert plan is not None and plan.objectives == frozenset()


def test_suez_12_3_with_the_winning_points_held_the_attacker_aims_at_the_next_level(tmp_path: Path) -> None:
    """Suez 12.3: holding Romani, Pelusium Station and Katia (11 VP, a tactical win) the Central
    Powers' campaign is holding and aims only at the next level (13); short of them it aims at
    the first winning level (10)."""
    at = {"31-1": "2031", "31-2": "2031", "31-3": "1532"}
    pressing = campaign(view_at(at, 4, tmp_path))
    held = campaign(view_at(at, 4, tmp_path, control={"2031": "cp", "1532": "cp"}))
    assert held is not None and held.holding and held.goal == 13
    assert pressing is not None and not pressing.holding and pressing.goal == 10


def test_suez_12_4_a_hex_off_the_campaign_pulls_less_than_one_on_it(tmp_path: Path) -> None:
    """Suez 12.4: a battalion a hex nearer Romani (on the campaign) gains more than one a hex
    nearer Kantara (off it), though Kantara alone is worth more than Pelusium Station."""
    view = view_at({"31-1": "1437", "158a": "2031"}, 1, tmp_path)
    pull = Assessor(view, view.state)._distances
    towards_romani = pull(["1437"]) - pull(["1537"])
    towards_kantara = pull(["1437"]) - pull(["1337"])
    assert towards_romani > towards_kantara


def test_suez_12_3_an_empty_hex_that_keeps_the_winning_level_is_guarded_as_the_level_is_worth(
        tmp_path: Path) -> None:
    """Suez 12.3-12.4: Pelusium Station (2 VP) is empty, a British brigade beside it. Holding
    11 VP its loss drops the Central Powers to a draw (9); holding 15 (Kantara too) it leaves
    them at 13, the same level. The first is the costlier to leave open, by about the level's
    step at the risk of its loss (before, both cost its 2 points alone)."""
    at = {"31-1": "2031", "yeo": "1632"}
    short = view_at(at, 7, tmp_path, control={"2031": "cp", "1532": "cp"})
    inside = view_at(at, 7, tmp_path, control={"2031": "cp", "1532": "cp", "0239": "cp"})
    costs = [Assessor(v, v.state)._open_objectives() for v in (short, inside)]
    pos = Assessor(short, short.state).pos
    step = level_worth(pos, "cp", 10) - level_worth(pos, "cp", 9)
    assert costs[0] - costs[1] > 0.5 * step
