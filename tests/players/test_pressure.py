"""The enemy's next attacks as the planner reckons them (issue 15, docs/architecture.md): each
enemy unit attacks once (F&M 7.1), so its attack factor is shared evenly among our stacks it can
reach; a lone stack out in front takes the whole of what can reach it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.players.helpers import ROMANI, romani_assessor
from tui_wargame.model import Event, fold
from tui_wargame.players.fm import Assessor
from tui_wargame.rules.fm.suez1916 import ACTIVATED

# Romani held by a lone battalion, two British brigades beside it, the rest of the armies at start.
AT = {"ak-1": ROMANI, "155a": "2131", "155b": "2030"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_f_m_7_1_each_enemy_units_attack_is_shared_among_the_stacks_it_can_reach(tmp_path: Path,
                                                                                level: str) -> None:
    ass = romani_assessor(tmp_path, level, AT)
    ours = ass.pos.held_by("cp")
    reach = {uid: hexes & ours for uid, hexes in ass.threats().items() if hexes & ours}
    pressure = ass.pressure()
    assert set(pressure) == set().union(*reach.values())
    assert sum(pressure.values()) == pytest.approx(sum(ass.pos.factor(u, "attack") for u in reach))
    assert pressure[ROMANI] == pytest.approx(sum(ass.pos.factor(u, "attack") / len(h)
                                                 for u, h in reach.items() if ROMANI in h))
    assert {"155a", "155b"} <= {u for u, h in reach.items() if ROMANI in h}


def test_suez_11_3_a_british_unit_activated_by_our_move_threatens_at_once(tmp_path: Path) -> None:
    """A Central Powers move that activates a waiting British unit (Suez 11.3) changes no enemy
    hex or step, only the unit's flag: the threat map the planner keeps must not be the one from
    before, where that unit could attack only beside itself."""
    ass = romani_assessor(tmp_path, "hard", AT)
    assert ass.pos.hooks.awaits_activation(ass.pos, "yeo")
    waiting = ass.threats()["yeo"]
    assert waiting == frozenset(ass.pos.neighbours(ass.pos.location("yeo")))
    active = fold(ass.pos.state, [Event.of("unit_flagged", unit="yeo", flag=ACTIVATED)])
    moving = Assessor(ass.view, active).threats()["yeo"]
    assert moving > waiting
