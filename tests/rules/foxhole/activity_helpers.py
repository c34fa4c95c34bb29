"""Small positions for the Activities-Movement tests (R19, R11.D, R25.C.4)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event, State
from tui_wargame.rules.foxhole.position import SUPPLIED, TRACED

SCENARIO = load()
PHASE = "activities-movement"
QUIET = "A-0504"  # a Clear hex of the Allies' maphex, no enemy near
RAFTS = Event.of("marker_placed", place="B-0304", marker="rafts", side="axis", value=5)  # by the river


def mark(place: str, kind: str, value: int | str | None = None, side: str = "allied") -> Event:
    extra = {} if value is None else {"value": value}
    return Event.of("marker_placed", place=place, marker=kind, side=side, **extra)


def act(at: Mapping[str, str], *, active: str = "allied", markers: Iterable[Event] = (),
        flags: Mapping[str, Iterable[str]] | None = None, steps: Mapping[str, int] | None = None,
        ground: str | None = None, turn: int = 0, options: Mapping[str, str] | None = None,
        untraced: Iterable[str] = ()) -> State:
    """The activities phase with the units `at` their hexes, each having traced supply this turn
    (but those `untraced`), the markers placed and the ground as given."""
    all_flags = {u: [TRACED, SUPPLIED] for u in at if u not in set(untraced)}
    for u, fs in (flags or {}).items():
        all_flags.setdefault(u, []).extend(fs)
    events = list(markers)
    if ground is not None:
        events.append(Event.of("value_set", key="weather", value={"ground": ground}))
    return position(SCENARIO, phase=PHASE, active=active, at=at, flags=all_flags, steps=steps,
                    events=events, turn=turn, options=options)
