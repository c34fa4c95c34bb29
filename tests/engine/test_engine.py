"""The engine: one path for every order, undo as a record, decisions, seeking, verify."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import TESTBED_DIR
from tui_wargame import engine
from tui_wargame.dice import Dice
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.model import EMPTY, Event, IllegalOrder, Order, Scenario, State, fold
from tui_wargame.rules import Resolution
from tui_wargame.savefile import SaveError


def to_combat(game: Game) -> None:
    game.submit("move r1 0201 0301 0401")
    game.submit("end")


def attack_until_decision(testbed: Scenario, tmp_path: Path) -> Game:
    """A game where Red's attack on Ford Hill made Blue owe a decision (seed chosen so)."""
    for seed in range(100):
        g = Game.new(testbed, tmp_path / f"s{seed}.toml", seed=seed)
        to_combat(g)
        g.submit("attack r1 0402")
        if g.state.pending:
            return g
        g.close()
    raise AssertionError("no seed under 100 gives a D1")


def test_an_order_changes_the_state_and_is_on_disk(game: Game, save_path: Path) -> None:
    record = game.submit("move r1 0201 0301")
    assert record.seq == 1 and record.side == "red" and not record.final
    assert game.state.units["r1"].location == "0301"
    assert game.state.units["r1"].spent == 1  # two road hexes at 1/2
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as again:
        assert again.state == game.state


def test_an_illegal_order_is_refused_with_its_rule_and_changes_nothing(game: Game, save_path: Path) -> None:
    before_bytes, before_state = save_path.read_bytes(), game.state
    with pytest.raises(IllegalOrder) as info:
        game.submit("move r1 0201 0301 0302 0402")  # across the river onto Blue's hill
    assert info.value.rule == "Testbed 2" and "cannot be entered" in info.value.reason
    assert save_path.read_bytes() == before_bytes and game.state is before_state and game.seq == 0


def test_orders_from_the_side_not_to_act_are_refused(game: Game) -> None:
    with pytest.raises(IllegalOrder, match="the Red turn to act, not the Blue turn"):
        game.submit("end", side="blue")
    game.submit("end", side="red")


def test_a_pending_decision_stops_everything_else(testbed: Scenario, tmp_path: Path) -> None:
    g = attack_until_decision(testbed, tmp_path)
    assert g.state.to_act == "blue" and g.state.pending and g.state.pending.kind == "retreat_or_lose"
    legal = {o.text for o in g.legal_orders()}
    assert "lose b1" in legal and all(o.split()[0] in ("lose", "retreat") for o in legal)
    with pytest.raises(IllegalOrder, match="Retreat from 0402 or lose a step first"):
        g.submit("end")
    with pytest.raises(IllegalOrder, match="turn to act"):
        g.submit("lose b1", side="red")
    g.submit("lose b1", side="blue")
    assert g.state.pending is None and g.state.units["b1"].steps == 1 and g.state.to_act == "red"
    g.close()


def test_undo_reverts_the_last_order_of_the_phase(game: Game) -> None:
    start = game.state
    game.submit("move r1 0201 0301")
    game.submit("move r2 0202")
    assert "undo" in [o.text for o in game.legal_orders()]
    rec = game.undo()
    assert rec.kind == "undo" and rec.reverts == 2 and rec.side == "red"
    assert game.state.units["r2"] == start.units["r2"] and game.state.units["r1"].location == "0301"
    game.undo()
    assert game.state == start
    with pytest.raises(IllegalOrder, match="nothing to undo"):
        game.undo()
    assert [r.kind for r in game.records] == ["setup", "order", "order", "undo", "undo"]


def test_a_finished_phase_cannot_be_undone(game: Game) -> None:
    to_combat(game)
    with pytest.raises(IllegalOrder, match="ended a phase"):
        game.undo()


def test_dice_and_revealed_information_stand(testbed: Scenario, tmp_path: Path) -> None:
    g = Game.new(testbed, tmp_path / "a.toml", seed=1)
    to_combat(g)
    g.submit("scout r1 0402")
    assert g.records[-1].final
    with pytest.raises(IllegalOrder, match="revealed hidden information, so it stands"):
        g.undo()
    g.close()


def test_games_created_with_undo_dice_may_take_back_a_roll(testbed: Scenario, tmp_path: Path) -> None:
    g = Game.new(testbed, tmp_path / "a.toml", seed=1, options={"undo_dice": True})
    to_combat(g)
    before = g.state
    g.submit("attack r1 0402")
    assert g.records[-1].final
    g.undo()
    assert g.state == before
    g.close()


def test_only_the_side_that_gave_an_order_undoes_it(testbed: Scenario, tmp_path: Path) -> None:
    g = attack_until_decision(testbed, tmp_path)
    g.submit("lose b1")
    with pytest.raises(IllegalOrder, match="was Blue's to undo"):
        g.undo(side="red")
    g.undo(side="blue")
    assert g.state.pending is not None and g.state.units["b1"].steps == 2
    g.close()


def test_legal_offers_undo_only_to_the_side_that_can_give_it(testbed: Scenario, tmp_path: Path) -> None:
    """Issue 18: Blue's last order is Blue's to take back; Red, to act next, is not offered it."""
    g = attack_until_decision(testbed, tmp_path)
    g.submit("lose b1")
    assert g.state.to_act == "red" and g.records[-1].side == "blue"
    assert "undo" not in [o.text for o in g.legal_orders()]
    g.close()


def test_submit_all_is_all_or_nothing(game: Game, save_path: Path) -> None:
    before = save_path.read_bytes()
    with pytest.raises(IllegalOrder):
        game.submit_all(["move r1 0201", "move r1 0202"])  # r1 cannot move twice
    assert save_path.read_bytes() == before and game.seq == 0
    game.submit_all(["move r1 0201", "move r2 0202", "end"])
    assert game.seq == 3 and game.state.phase == "combat"


def test_a_game_opened_read_only_refuses_orders(game: Game, save_path: Path) -> None:
    with Game.open(save_path, scenario_dirs=[TESTBED_DIR]) as reader:
        with pytest.raises(SaveError, match="read-only"):
            reader.submit("end")


def test_state_at_matches_a_fold_from_the_start(game: Game) -> None:
    """Seeking uses snapshots; it must agree with folding every record from nothing."""
    for _ in range(100):
        game.submit("move r1 0201")
        game.undo()
    assert game.seq == 200 > 3 * engine.SNAPSHOT_EVERY
    for seq in (0, 1, 63, 64, 65, 127, 128, 199, 200):
        expected = fold(EMPTY, [e for r in game.records[: seq + 1] for e in r.events])
        assert game.state_at(seq) == expected
    assert game.state_at(-1) == EMPTY


def test_branch_leaves_the_save_alone(game: Game, save_path: Path) -> None:
    game.submit("move r1 0201")
    game.submit("move r2 0202")
    before = save_path.read_bytes()
    b = game.branch(1)
    assert b.seq == 1 and b.state == game.state_at(1) and not b.writable
    b.submit("move r2 0103")
    assert save_path.read_bytes() == before and game.state.units["r2"].location == "0202"


def test_verify_accepts_an_honest_game(game: Game, save_path: Path) -> None:
    to_combat(game)
    game.submit("attack r1 0402")
    assert game.verify() == []


def test_a_changed_scenario_is_reported_on_open(game: Game, save_path: Path, tmp_path: Path) -> None:
    game.close()
    folder = tmp_path / "scen"
    folder.mkdir()
    original = (TESTBED_DIR / "testbed.toml").read_text()
    text = original.replace("attack = 4, defence = 3", "attack = 5, defence = 3", 1)
    (folder / "testbed.toml").write_text(text)
    with Game.open(save_path, scenario_dirs=[folder]) as g:
        assert any("has changed since this game began" in w for w in g.warnings)


def test_the_game_ends_with_a_verdict(game: Game) -> None:
    while not game.state.over:
        game.submit("end")
    assert game.state.result is not None and game.state.result.winner == "blue"
    assert game.legal_orders() == []
    assert game.prompt().startswith("The game is over: Blue wins")
    with pytest.raises(IllegalOrder, match="the game is over"):
        game.submit("end")


# --- random legal play ---


def check_invariants(game: Game) -> None:
    sc, state = game.scenario, game.state
    occupied: dict[str, str] = {}
    for uid, u in state.units.items():
        spec = sc.unit[uid]
        assert 0 <= u.steps <= spec.steps
        assert (u.steps == 0) == (u.location == "eliminated")
        if sc.grid.on_map(u.location):
            assert sc.terrain_at(u.location).id != "lake"
            assert occupied.setdefault(u.location, spec.side) == spec.side  # never two sides in a hex


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), choices=st.lists(st.integers(0, 10**6), min_size=200, max_size=200))
def test_random_legal_play_keeps_the_rules_and_replays(
        testbed: Scenario, tmp_path_factory: pytest.TempPathFactory, seed: int, choices: list[int]) -> None:
    path = tmp_path_factory.mktemp("random") / "game.toml"
    with Game.new(testbed, path, seed=seed) as g:
        for pick in choices:
            if g.state.over:
                break
            legal = g.legal_orders()
            g.submit(legal[pick % len(legal)])
            check_invariants(g)
        while not g.state.over:  # finish the game: answer decisions, end phases
            legal = g.legal_orders()
            g.submit(next((o for o in legal if o.verb in ("end", "lose")), legal[0]))
        assert g.verify() == []
        final = g.state
    with Game.open(path, scenario_dirs=[TESTBED_DIR]) as again:
        assert again.state == final and again.verify() == []


def test_an_engine_option_of_the_wrong_type_is_refused(tmp_path: Path, testbed: Scenario) -> None:
    """A "false" string would read as true: undo_dice must be a bool."""
    with pytest.raises(WargameError, match="option undo_dice: 'false' is not a bool"):
        Game.new(testbed, tmp_path / "g.toml", options={"undo_dice": "false"})
    assert not (tmp_path / "g.toml").exists()


def test_an_order_is_folded_once(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12, fold once: the engine folds an order's events only when the rule system did not
    (Resolution.state), and never again to append them."""
    folds: list[int] = []
    real_fold = engine.fold

    def counted(state: State, events: Iterable[Event]) -> State:
        folds.append(1)
        return real_fold(state, events)

    monkeypatch.setattr(engine, "fold", counted)
    game.submit("move r1 0201")
    assert len(folds) == 1  # the testbed gives no state: the engine folds, once
    resolve = game.system.resolve

    def resolve_with_state(scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        r = resolve(scenario, state, order, dice)
        return Resolution(r.events, r.reveals, real_fold(state, r.events))

    monkeypatch.setattr(game.system, "resolve", resolve_with_state)
    game.submit("move r2 0202")
    assert len(folds) == 1 and game.state.units["r2"].location == "0202"
