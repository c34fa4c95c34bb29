"""Foxhole R8-R9: weather and night.

The weather is one State value, `weather` (a table): `prevailing` (R8.A), `moisture` (0-12),
`ground` (dry, wet, flooding, frost, snow: R8.D), `frozen` (R8.D.6), `atmosphere` (clear,
overcast, precipitation, storm: R8.C), and what the weather helper adds (the forecasts, wind,
fog). The queries below are what every other rule asks; `full_turn` changes it (R14).
(Skeleton: the weather helper writes `full_turn` and the set-up's weather.)
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.model import Event
from tui_wargame.rules.foxhole.arith import HALF, Term
from tui_wargame.rules.foxhole.position import Position

DRY, WET, FLOODING, FROST, SNOW = "dry", "wet", "flooding", "frost", "snow"
CLEAR, OVERCAST, PRECIPITATION, STORM = "clear", "overcast", "precipitation", "storm"


def _weather(pos: Position) -> Mapping[str, object]:
    found = pos.state.values.get("weather", {})
    return found if isinstance(found, Mapping) else {}


def ground(pos: Position) -> str:
    """R8.D: the ground conditions now."""
    return str(_weather(pos).get("ground", DRY))


def wet(pos: Position) -> bool:
    """R8.D.2-3, R8.D.5: Wet ground (Flooding counts as Wet; Snow is cold Wet ground)."""
    return ground(pos) in (WET, FLOODING, SNOW)


def frozen(pos: Position) -> bool:
    """R8.D.6: Frozen ground (only ever in Frost or Snow)."""
    return bool(_weather(pos).get("frozen", False)) and ground(pos) in (FROST, SNOW)


def atmosphere(pos: Position) -> str:
    """R8.C: the atmospheric conditions of this Full Turn."""
    return str(_weather(pos).get("atmosphere", CLEAR))


def fog(pos: Position) -> bool:
    """R25.C.1a: fog this Full Turn (counts as endless Smoke in every hex)."""
    return bool(_weather(pos).get("fog", False))


def firepower_terms(pos: Position) -> list[Term]:
    """R8.C.3-4, R9.D: what the weather and the night do to every unit's firepower now."""
    terms = []
    if atmosphere(pos) == PRECIPITATION:
        terms.append(Term("precipitation", "R8.C.3", add=-1))
    if atmosphere(pos) == STORM:
        terms.append(Term("storm", "R8.C.4", steps=HALF))
    if pos.night:
        terms.append(Term("night", "R9.D", steps=HALF))
    return terms


def movement_terms(pos: Position) -> list[Term]:
    """R8.C.3-4: what the weather does to every unit's movement points now."""
    terms = []
    if atmosphere(pos) == PRECIPITATION:
        terms.append(Term("precipitation", "R8.C.3", add=-1))
    if atmosphere(pos) == STORM:
        terms.append(Term("storm", "R8.C.4", steps=HALF))
    return terms


def full_turn(pos: Position, dice: Dice) -> list[Event]:
    """R14: a Full Turn begins by changing the ground conditions, forecasting and resolving."""
    return []
