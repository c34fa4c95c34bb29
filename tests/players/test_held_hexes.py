"""A garrison's hex counted with it (issue 15, docs/architecture.md, 2 December late morning): at
hard, each result that drives a stack off a victory hex also costs the hex, its points and the
step of the level table its loss crosses (Suez/Gaza 12.3-12.4); given the choice of F&M 7.8, the
garrison is reckoned to lose a step rather than give up a hex worth more."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.players.helpers import ROMANI, romani_assessor
from tui_wargame.players import fm
from tui_wargame.players.fm import W_VP
from tui_wargame.players.fm_worth import step_value


def test_suez_12_4_a_garrison_counts_the_hex_it_would_lose(tmp_path: Path) -> None:
    """ak-1 alone on Romani with British brigades beside it: under the same enemy attack, hard
    counts it more exposed than normal does, by the 6 points and the level step it would lose."""
    at = {"ak-1": ROMANI, "155a": "2131", "155b": "2030"}
    hard = romani_assessor(tmp_path, "hard", at)
    normal = romani_assessor(tmp_path, "normal", at)
    assert hard.pressure()[ROMANI] > 0
    assert hard.pressure()[ROMANI] == normal.pressure()[ROMANI]
    assert hard.exposure(ROMANI, ["ak-1"]) > normal.exposure(ROMANI, ["ak-1"])
    assert hard.hex_at_stake(ROMANI) >= W_VP * 6
    assert normal.hex_at_stake(ROMANI) == 0 and hard.hex_at_stake("2131") == 0


@pytest.mark.parametrize(("hold", "left"), [(0.0, True), (100.0, False)])
def test_f_m_7_8_a_step_rather_than_a_hex_worth_more(tmp_path: Path, hold: float, left: bool) -> None:
    """D2 (retreat two hexes, or one unit loses a step instead, F&M 7.8): a battalion at full
    strength alone is cheaper driven back than depleted, unless the hex it would give up is worth
    more than the step; then it stays, losing the step."""
    at = {"ak-1": ROMANI}
    ass = romani_assessor(tmp_path, "hard", at)
    d2 = ass.pos.rules.crt.key["D2"].defender
    assert d2.deplete_instead
    cost, gone, _ = ass.effect_cost(d2, ["ak-1"], exact=False, hold=hold)
    assert gone is left
    drive, _, _ = ass.effect_cost(d2, ["ak-1"], exact=False)
    assert (cost == drive) is left


@pytest.mark.parametrize("result", ["Ex", "De"])
def test_f_m_7_6_a_lone_units_last_step_lost_costs_the_whole_unit(tmp_path: Path, result: str) -> None:
    """A step lost (Ex) or every unit eliminated (De) by ak-1 alone at its last step costs the
    unit's whole worth. Eliminated, the hex is left; the step loss is reckoned as keeping it
    (counting it left played worse against greedy, docs/architecture.md)."""
    ass = romani_assessor(tmp_path, "hard", {"ak-1": ROMANI}, steps={"ak-1": 1})
    effect = ass.pos.rules.crt.key[result].defender
    gone = result == "De"
    assert ass.effect_cost(effect, ["ak-1"], exact=False) == (step_value(ass.pos, "ak-1"), gone, gone)


@pytest.mark.parametrize("blocked", [False, True])
def test_f_m_7_8_a_lone_units_last_step_is_the_hex_too(tmp_path: Path, blocked: bool,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """D2 on ak-1 alone at its last step: losing the step eliminates it (F&M 7.6) and the hex goes
    with it, so however much the hex is worth the unit is driven back, and only with no way back
    (`exact`, retreat blocked, F&M 7.7) is it counted lost, and the hex left either way."""
    ass = romani_assessor(tmp_path, "hard", {"ak-1": ROMANI}, steps={"ak-1": 1})
    d2 = ass.pos.rules.crt.key["D2"].defender
    monkeypatch.setattr(fm, "can_retreat", lambda *_: not blocked)  # F&M 7.7, a way back or none
    cost, gone, eliminated = ass.effect_cost(d2, ["ak-1"], exact=blocked, hold=100.0)
    assert gone and eliminated is blocked
    drive, _, _ = ass.effect_cost(d2, ["ak-1"], exact=False)
    assert cost == (step_value(ass.pos, "ak-1") if blocked else drive)
    assert step_value(ass.pos, "ak-1") > drive
