"""The enemy's next attacks as the planner reckons them (issue 15, docs/architecture.md): each
enemy unit attacks once (F&M 7.1). Hard, as the side that must take the victory hexes, puts each
unit's whole attack on the stack where it does most damage; the other levels, and hard as the
defender, share it among the stacks it can reach."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.players.test_held_hexes import ROMANI, _assessor
from tui_wargame.players.fm import LEVEL

# Romani held by a lone battalion, two British brigades beside it, the rest of the armies at start.
AT = {"ak-1": ROMANI, "155a": "2131", "155b": "2030"}


def test_f_m_7_1_hard_puts_each_enemy_units_whole_attack_where_it_hurts_most(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same enemy strength either way, but concentrated: whole units on whole stacks, and
    more of it on the lone garrison of Romani than an even share would put there."""
    hard = _assessor(tmp_path, "hard", AT)
    assert hard.taker  # the Central Powers must take the victory hexes (Suez 12.3)
    concentrated = hard.pressure()
    monkeypatch.setitem(LEVEL, "hard", {**LEVEL["hard"], "concentrate": False})
    shared = _assessor(tmp_path, "hard", AT).pressure()
    reaching = sum(hard.pos.factor(uid, "attack") for uid, hexes in hard.threats().items()
                   if hexes & hard.pos.held_by("cp"))
    assert sum(concentrated.values()) == reaching
    assert sum(shared.values()) == pytest.approx(reaching)
    assert all(v == int(v) for v in concentrated.values())
    assert concentrated[ROMANI] > shared[ROMANI]
    assert len(concentrated) < len(shared)  # stacks no unit would pick are left alone


def test_below_hard_the_enemy_attack_is_shared(tmp_path: Path) -> None:
    """Normal shares each enemy unit's attack evenly among the stacks it can reach."""
    normal = _assessor(tmp_path, "normal", AT)
    pressure = normal.pressure()
    share = {uid: normal.pos.factor(uid, "attack") / len(hexes & normal.pos.held_by("cp"))
             for uid, hexes in normal.threats().items() if hexes & normal.pos.held_by("cp")}
    expected = sum(s for uid, s in share.items() if ROMANI in normal.threats()[uid])
    assert pressure[ROMANI] == pytest.approx(expected)
