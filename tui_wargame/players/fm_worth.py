"""What a Fire & Movement unit is worth to the computer player, in combat strength points: the
currency in which the planner (`players.fm`) and its fire support (`players.fm_fire`) weigh
losses, retreats and hexes. Kept per scenario, unit and steps, since the planner asks the same
questions all game."""

from __future__ import annotations

from tui_wargame.rules.fm.position import Position

W_VP = 6.0  # one victory point, in combat strength points
ELIMINATED_PREMIUM = 1.0  # a counter gone is worth more than its factors: it holds no hex
TAKEN = 0.8  # a hex won by a retreat or an elimination, before any victory point in it


def worth_words(gain: float) -> str:
    """A gain as a hint tells it (`Choice.reason`): in its currency, with the victory point's
    rate, so the number means something to a player."""
    return f"{gain:+.1f} strength points (a victory point is {W_VP:g})"


def scenario_key(pos: Position) -> tuple[str, str]:
    """What the planner's lasting tables are kept by: the scenario's id and the hash of its
    text, so that games of one scenario share them and two scenarios never do."""
    return pos.scenario.id, pos.scenario.content_hash


_WORTH: dict[tuple[str, str], dict[tuple[str, int], tuple[float, float]]] = {}


def worth_table(pos: Position) -> dict[tuple[str, int], tuple[float, float]]:
    """The scenario's (unit, steps) -> (strength, step value) table, filled in by `unit_worth`."""
    return _WORTH.setdefault(scenario_key(pos), {})


def unit_worth(pos: Position, uid: str) -> tuple[float, float]:
    """(strength, step value) of `uid` at its steps now, kept per scenario, unit and steps."""
    steps = pos.state.units[uid].steps
    table = worth_table(pos)
    key = (uid, steps)
    found = table.get(key)
    if found is None:
        spec = pos.spec(uid)
        now = float(pos.factor(uid, "attack") + pos.factor(uid, "defence"))
        if steps <= 1:
            step = now + ELIMINATED_PREMIUM
        else:
            after = spec.factors[min(spec.steps - steps + 1, spec.steps - 1)]
            step = now - float(int(after["attack"]) + int(after["defence"]))
        found = table[key] = (now, step)
    return found


def strength(pos: Position, uid: str) -> float:
    """A unit's worth in combat now: its attack and defence factors on its current side."""
    return unit_worth(pos, uid)[0]


def step_value(pos: Position, uid: str) -> float:
    """What one more lost step costs (F&M 7.6): the factors it takes, or the whole unit."""
    return unit_worth(pos, uid)[1]
