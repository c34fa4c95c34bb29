"""Random legal play on the F&M test map, to the end of the game, through the shared driver
(`tests/reliability/random_play`): F&M 5.2 prohibited terrain, 5.3 stacking at each phase's end,
7.6 step counts, once-per-phase acts, verdict, verify and replay."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reliability.random_play import play
from tests.rules.fm.helpers import HERE, load

SCENARIO = load()


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_random_legal_play_keeps_invariants_and_replays(seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        orders = play(SCENARIO, Path(folder) / "g.toml", seed, scenario_dirs=[HERE])
    assert orders["end"] > 0
