"""The computer player's contract (issue 15): levels, determinism, what it may see, legal orders."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from tests import positions
from tests.players.helpers import game_at
from tui_wargame import scenario_file
from tui_wargame.dice import Dice
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.model import Event, Order, Scenario, State, fold
from tui_wargame.players import LEVELS, Choice, GreedyPlayer, NothingToDo, RandomPlayer, computer
from tui_wargame.players.fm import PLANNER
from tui_wargame.players.view import SideView

ROOT = Path(__file__).parents[2]


@cache
def scenario(name: str) -> Scenario:
    return scenario_file.load(ROOT / "scenarios" / f"{name}.toml")


def test_levels_and_an_unknown_level_named_with_the_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert [computer(lv).level for lv in LEVELS] == list(LEVELS)
    with pytest.raises(WargameError, match="no computer level 'brutal'; the levels are easy, normal, hard"):
        computer("brutal")


def test_nothing_to_do_for_the_side_not_to_act(tmp_path: Path) -> None:
    game = Game.new(scenario("suez1916"), tmp_path / "g.toml", seed=1)
    with pytest.raises(NothingToDo, match="Central Powers's turn to act, not British's"):
        computer().choose(game, "british")


#: Each scenario and side at one level in the quick run (each level twice), all twelve with --runslow.
QUICK = {("suez1916", "easy", True), ("suez1916", "hard", False), ("gaza1917", "normal", True),
         ("gaza1917", "hard", True), ("gaza1917", "easy", False), ("suez1916", "normal", False)}


@pytest.mark.parametrize(("name", "level", "first"), [
    pytest.param(name, level, first, marks=() if (name, level, first) in QUICK else pytest.mark.slow)
    for name in ("suez1916", "gaza1917") for level in LEVELS for first in (True, False)])
def test_each_level_gives_a_legal_order_for_each_side(name: str, level: str, first: bool,
                                                     tmp_path: Path) -> None:
    """F&M 4.0: each side at its movement phase of the second turn, from the set-up."""
    sc = scenario(name)
    side = sc.sides[0 if first else 1].id
    state = fold(positions.set_up(sc), [Event.of("phase_began", turn=1, phase="movement", side=side)])
    game = game_at(sc, state, tmp_path, seed=3)
    choice = computer(level).choose(game, side)
    assert Order.parse(choice.order) in game.legal_orders(), choice
    assert choice.reason and "\n" not in choice.reason


def test_same_position_and_level_same_order_and_reason(tmp_path: Path) -> None:
    sc = scenario("suez1916")
    state = attack_ready(sc)
    one, two = game_at(sc, state, tmp_path, seed=5), game_at(sc, state, tmp_path, seed=5)
    for player in (computer("easy"), computer("hard"), RandomPlayer(), GreedyPlayer()):
        assert player.choose(one, "british") == player.choose(two, "british")


def test_random_player_draws_from_its_own_stream_not_the_dice(tmp_path: Path, monkeypatch) -> None:
    sc = scenario("suez1916")
    state = fold(positions.set_up(sc), [Event.of("phase_began", turn=1, phase="movement", side="cp")])
    game = game_at(sc, state, tmp_path, seed=2)
    monkeypatch.setattr(Dice, "roll", lambda self, sides=6: pytest.fail("the game's dice were rolled"))
    orders = {RandomPlayer().choose(game, "cp").order for _ in range(2)}
    assert len(orders) == 1 and Order.parse(orders.pop()) in game.legal_orders()


def attack_ready(sc: Scenario) -> State:
    """Suez: a British stack beside a Central Powers battalion on the sand, attacks declared."""
    state = positions.position(sc, at={"31-1": "2230", "155a": "2130", "155b": "2130"}, turn=1,
                               phase="combat", active="british",
                               aside=[u.id for u in sc.units if u.id not in ("31-1", "155a", "155b")])
    state, _ = positions.run(sc, state, "attack 2230 2130", "end")
    return state


def test_outcomes_are_every_die_face_with_its_exact_chance_never_the_games_dice(
        tmp_path: Path, monkeypatch) -> None:
    """F&M 7.6: one die on the CRT; the computer weighs each face at 1/6 without rolling any."""
    sc = scenario("suez1916")
    game = game_at(sc, attack_ready(sc), tmp_path)
    monkeypatch.setattr(Dice, "roll", lambda self, sides=6: pytest.fail("the game's dice were rolled"))
    view = SideView(game, "british")
    outcomes = view.outcomes(view.state, Order("resolve", ("2230",)))
    assert [o.chance for o in outcomes] == [Fraction(1, 6)] * 6
    assert computer("hard").choose(game, "british").order == "resolve 2230"
    assert GreedyPlayer().choose(game, "british").order == "resolve 2230"


def test_hidden_facts_do_not_change_the_choice(tmp_path: Path) -> None:
    """A face-down marker of the other side (its kind and value) and which of two concealed units is
    which: two games differing only there give the same choice."""
    sc = scenario("suez1916")
    state = attack_ready(sc)
    choices = []
    for value, kind in ((1, "mines"), (9, "smoke")):
        hidden = fold(state, [Event.of("marker_placed", place="2230", marker=kind, side="cp", value=value,
                                       hidden=True)])
        game = game_at(sc, hidden, tmp_path, seed=4)
        assert SideView(game, "british").state.markers["2230"][0].value is None
        choices.append(computer("hard").choose(game, "british"))
    assert choices[0] == choices[1]


def test_concealed_units_are_seen_in_a_fixed_order_whichever_is_which(tmp_path: Path) -> None:
    sc = scenario("suez1916")
    start = positions.set_up(sc)
    views = []
    for a, b in (("2128", "2130"), ("2130", "2128")):  # 155a and 156a swap places
        state = fold(start, [Event.of("phase_began", turn=1, phase="combat", side="cp"),
                             Event.of("unit_placed", unit="155a", to=a),
                             Event.of("unit_placed", unit="156a", to=b)])
        game = game_at(sc, state, tmp_path, seed=6)
        game.system = Concealing(game.system, frozenset({"155a", "156a"}))
        views.append(SideView(game, "cp").state.units)
        views[-1] = {u: s.location for u, s in views[-1].items() if u in ("155a", "156a")}
    assert views[0] == views[1]


class Concealing:
    """A rule system as another, but with some units whose identity the other side may not see."""

    def __init__(self, system: object, hidden: frozenset[str]) -> None:
        self._system, self._hidden = system, hidden

    def __getattr__(self, name: str) -> object:
        return getattr(self._system, name)

    def concealed(self, scenario: Scenario, state: State, viewer: str) -> frozenset[str]:
        return frozenset(u for u in self._hidden if scenario.unit[u].side != viewer)


def test_a_forced_end_says_which_rule_holds_the_units(tmp_path: Path) -> None:
    """Suez 15.2: at the zero hour the British may not move, so `end` is the only order; the hint
    says why, citing the rule, rather than only that nothing else is open."""
    sc = scenario("suez1916")
    zero_hour = Event.of("phase_began", turn=0, phase="movement", side="british")
    game = game_at(sc, fold(positions.set_up(sc), [zero_hour]), tmp_path, seed=3)
    assert [o.text for o in game.legal_orders()] == ["end"]
    for player in (computer("hard"), GreedyPlayer()):
        choice = player.choose(game, "british")
        assert choice.order == "end"
        assert choice.reason == ("end: no unit may move now: no British unit moves in the zero hour turn"
                                 " (Suez 15.2)")


def test_an_end_the_planner_picks_is_not_called_the_only_order(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """F&M 5.0: when the planner offers only `end` while moves are still legal (none gains enough),
    the hint says nothing improves the position; it does not call `end` the only order."""
    sc = scenario("suez1916")
    state = fold(positions.set_up(sc), [Event.of("phase_began", turn=1, phase="movement", side="british")])
    game = game_at(sc, state, tmp_path, seed=3)
    assert any(o.verb == "move" for o in game.legal_orders())
    monkeypatch.setattr(PLANNER, "candidates", lambda view, level: [Order.parse("end")])
    choice = computer("hard").choose(game, "british")
    assert choice == Choice("end", "nothing left that improves the position: end the phase")


def test_a_hints_number_says_its_currency(tmp_path: Path) -> None:
    """The hint's reason gives the planner's gain in strength points with the victory point's rate,
    so a player can read it (docs/playing.md): a move, an attack resolved, any other answer."""
    sc = scenario("suez1916")
    state = fold(positions.set_up(sc), [Event.of("phase_began", turn=1, phase="movement", side="british")])
    view = SideView(game_at(sc, state, tmp_path, seed=3), "british", level="hard")
    move = next(o for o in view.orders if o.verb == "move")
    told = PLANNER.reason(view, move, 1.3)
    assert told.startswith(f"move {move.args[0]} to {move.args[-1]}") and told.endswith(
        ": the position gains +1.3 strength points (a victory point is 6)")
    assert PLANNER.reason(view, Order.parse("resolve 2132"), -0.25).endswith(
        "on average the position changes by -0.2 strength points (a victory point is 6)")
    assert PLANNER.reason(view, Order.parse("lose 2lh"), 2.0) == (
        "lose 2lh: the best answer; on average the position changes by +2.0 strength points "
        "(a victory point is 6)")
