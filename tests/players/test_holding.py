"""A victory hex taken is a victory hex to hold (Suez/Gaza 12.3-12.4), and the enemy's attacks go
where our stacks are weak: small Suez 1916 and Gaza 1917 positions, every other counter set aside."""

from __future__ import annotations

from pathlib import Path

from tests import positions
from tests.players.helpers import game_at
from tests.players.test_blunders import suez_position
from tests.players.test_players import scenario
from tui_wargame.players import computer
from tui_wargame.players.fm import W_VP, Assessor
from tui_wargame.players.view import SideView


def views(at: dict[str, str], tmp_path: Path, control: dict[str, str], *, phase: str = "movement",
          active: str = "cp") -> dict[str, Assessor]:
    """The Central Powers' Assessor at normal and at hard of one Suez position."""
    sc = scenario("suez1916")
    state = suez_position(at, phase=phase, active=active, turn=4)
    state = state.replace(control={**state.control, **control})
    game = game_at(sc, state, tmp_path)
    return {level: Assessor(SideView(game, "cp", level=level), state) for level in ("normal", "hard")}


def test_suez_12_4_a_garrison_weighs_the_chance_its_victory_hex_is_taken_back(tmp_path: Path) -> None:
    """A battalion alone on Romani (6 VP, held by the Central Powers) beside two British brigade
    groups: at hard its exposure counts, beside the steps it may lose, the chance it is driven out
    (F&M 7.7) times the hex's worth; normal counts the steps alone. The same battalion on Romani
    still British-controlled risks no points."""
    at = {"31-1": "2031", "155a": "2030", "157a": "2131"}
    held = views(at, tmp_path / "held", {"2031": "cp"})
    lost, leaves = held["hard"]._exposure("2031", ["31-1"], round(held["hard"].pressure()["2031"]))
    assert leaves > 0
    assert held["hard"].hold_worth("2031") >= 6 * W_VP
    extra = held["hard"].exposure("2031", ["31-1"]) - held["normal"].exposure("2031", ["31-1"])
    assert extra == leaves * held["hard"].hold_worth("2031")
    theirs = views(at, tmp_path / "theirs", {"2031": "british"})
    assert theirs["hard"].hold_worth("2031") == 0.0


def test_f_m_7_7_an_attack_by_the_whole_garrison_weighs_the_hex_its_retreat_gives_up(tmp_path: Path) -> None:
    """A battalion alone on Romani attacks a brigade group beside it at -2 (an A3 among the faces
    drives it out, F&M 7.7, and the brigade walks in): at hard the attack is worth less than at
    normal by that risk. With a second battalion staying on Romani nothing is given up."""
    alone = views({"31-1": "2031", "158a": "2030"}, tmp_path / "alone", {"2031": "cp"},
                  phase="combat")
    assert alone["hard"].attack("2030", ["31-1"])[0] < alone["normal"].attack("2030", ["31-1"])[0] - 1.0
    kept = views({"31-1": "2031", "31-2": "2031", "158a": "2030"}, tmp_path / "kept", {"2031": "cp"},
                 phase="combat")
    assert kept["hard"].attack("2030", ["31-1"])[0] == kept["normal"].attack("2030", ["31-1"])[0]


def test_f_m_7_1_the_enemy_is_reckoned_to_seek_the_weak_stack(tmp_path: Path) -> None:
    """One British brigade group can reach a Central Powers battalion (defence 3) and a machine-gun
    company (defence 5) beside it. Normal shares its attack factor equally; hard gives the weaker
    stack the larger share (in inverse proportion to the defence), the total the same."""
    sides = views({"31-1": "2431", "ak-1": "2432", "157a": "2331"}, tmp_path, {})
    normal, hard = sides["normal"].pressure(), sides["hard"].pressure()
    assert normal["2431"] == normal["2432"]
    assert hard["2431"] > hard["2432"]
    assert abs(sum(hard.values()) - sum(normal.values())) < 1e-9


def test_gaza_13_1_the_division_charges_where_it_shifts_the_turns_attack(tmp_path: Path) -> None:
    """Two IMD mounted regiments beside a Turkish regiment in the open: charging (once a game,
    before the phase's first attack) moves their attack a column right, so hard and normal
    charge first; easy, which uses no fire support nor charges, declares the attack at once."""
    sc = scenario("gaza1917")
    beside = sc.grid.adjacent("1810")
    at = {"31R": "1810", "3LH": beside[0], "4LH": beside[1]}
    aside = [u.id for u in sc.units if u.id not in at and not u.id.startswith("Charge")]
    state = positions.position(sc, at=at, aside=aside, turn=1, phase="combat", active="br")
    game = game_at(sc, state, tmp_path)
    for level in ("normal", "hard"):
        choice = computer(level).choose(game, "br")
        assert choice.order == "charge imd" and "Gaza 13.1" in choice.reason
    assert computer("easy").choose(game, "br").order.startswith("attack 1810 ")
