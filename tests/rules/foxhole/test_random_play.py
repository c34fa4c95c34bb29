"""Issue 13: random legal play of the proving ground to the end of the game, invariants checked
after every record, reload = replay = verify (see random_play.py)."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import load
from tests.rules.foxhole.random_play import play


def test_random_play_reaches_the_end(tmp_path):
    """One game in the default run; twenty-five seeds are the slow run's."""
    seed = 0
    game = play(load(), tmp_path / "g.toml", seed)
    assert game.state.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 26))  # 49 seeds were 2 of CI's 20 minutes, for no finding
def test_random_play_many_seeds(tmp_path, seed):
    play(load(), tmp_path / "g.toml", seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_random_play_with_every_optional_rule(tmp_path, seed):
    from tui_wargame.rules.foxhole.optional import OPTIONAL_RULES

    play(load(), tmp_path / "g.toml", seed, options=dict.fromkeys(OPTIONAL_RULES, "on"))
