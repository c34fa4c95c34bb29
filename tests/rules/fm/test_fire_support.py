"""F&M 8.4 Bombardment as Suez/Gaza 18.0 and RULES-NOTES have it: observation, the attacker then the
defender placing face-down markers, limits per hex, the reveal, bombardment per unit, daily reuse,
air units, no bombardment at night, advance into a hex emptied by bombardment."""

from __future__ import annotations

import pytest

from tests.rules.fm.helpers import FixedDice, legal, load, of_kind, position, run, where
from tui_wargame.model import Event, IllegalOrder, Order, fold
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.fire_support import USED, observed, pool
from tui_wargame.rules.fm.position import Position

POOL = {"rm4": "pool", "rm6": "pool", "rm2": "pool", "rair": "pool", "bm3": "pool"}


def test_18_2_observation_ranges_hills_and_air_observers() -> None:
    scenario = load()
    state = position(scenario, {**POOL, "r1": "0402", "b4": "0706"}, phase="combat")
    pos = Position(scenario, state)
    assert pos.distance("0402", "0706") > 2 and "0706" not in observed(pos, "red")
    assert "bombard 0706" not in legal(scenario, state)
    on_hill = position(scenario, {**POOL, "r1": "0705", "b4": "0402"}, phase="combat")
    assert Position(scenario, on_hill).distance("0705", "0402") <= 4
    assert "bombard 0402" in legal(scenario, on_hill)  # a hill sees farther
    state, _ = run(scenario, state, "observe rair 0706")
    assert "0706" in observed(Position(scenario, state), "red")
    assert "bombard 0706" in legal(scenario, state)


def test_18_1_the_attacker_places_then_the_defender_then_the_reveal() -> None:
    scenario = load()
    state = position(scenario, {**POOL, "r1": "0402", "b1": "0503", "b2": "0503"}, phase="combat")
    state, _ = run(scenario, state, "attack 0503 0402", "bombard 0503", "bombard 0503")
    assert "bombard 0503" not in legal(scenario, state)  # red: two markers per hex
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "bombard 0503")
    assert exc.value.rule == "test fire support"
    # face-down: no marker is tied to the hex before the reveal
    assert all(where(state, m) == "pool" for m in ("rm2", "rm4", "rm6"))
    state, _ = run(scenario, state, "end")
    assert state.pending and state.pending.side == "blue"
    assert set(legal(scenario, state)) == {"bombard 0402", "done"}  # only hexes holding attackers
    state, _ = run(scenario, state, "bombard 0402")
    assert legal(scenario, state) == ["done"]  # blue: one marker per hex, and its pool is empty
    # red draws rm6 (3rd of rm2, rm4, rm6) then rm4 (2nd of rm2, rm4): +10, column 12 on the clear row
    dice = FixedDice([3, 2, 1, 6, 1, 1])
    res = SYSTEM.resolve(scenario, state, Order("done"), dice)
    assert res.reveals and not dice.faces
    after = fold(state, res.events)
    revealed = of_kind(list(res.events), "markers_revealed")
    assert [(e["side"], e["markers"]) for e in revealed] == [("red", ["rm6", "rm4"]), ("blue", ["bm3"])]
    shots = of_kind(list(res.events), "bombardment")
    assert [(e["unit"], e["strength"], e["column"], e["die"]) for e in shots] == [
        ("b1", 10, "12", 1), ("b2", 10, "12", 6), ("r1", 3, "8", 1)]
    crt = scenario.rules["crt"]
    for shot in shots:
        key = crt["results"][shot["die"] - 1][crt["columns"].index(shot["column"])]
        assert shot["result"] == key and shot["loss"] == crt["key"][key].get("bombard", False)
    assert after.units["b1"].steps == 1 and after.units["b2"].steps == 1  # each unit separately
    assert after.units["r1"].steps == 2
    assert {m for m in ("rm2", "rm4", "rm6", "bm3") if USED in after.units[m].flags} == {"rm4", "rm6", "bm3"}
    assert all(where(after, m) == "pool" for m in POOL)
    assert after.pending is None and legal(scenario, after) == ["resolve 0503"]


def test_18_3_markers_are_drawn_once_a_day_and_return_at_the_next_days_morning() -> None:
    """The turn track's `day` decides: a zero hour of day 0 is the night before day 1, so a marker
    drawn then is back at Day 1 Morning; a zero hour of day 1 is part of it, so it is not."""
    before = load(edit={'name = "Zero Hour"\nday = 1': 'name = "Zero Hour"\nday = 0'})
    for scenario, back in ((before, True), (load(), False)):
        night = position(scenario, {**POOL, "r1": "0402", "b1": "0503"}, phase="combat", turn=0,
                         active="blue")
        night = fold(night, [Event.of("unit_flagged", unit="rm4", flag=USED)])  # drawn on the zero hour turn
        assert "rm4" not in pool(Position(scenario, night), "red")
        morning, _ = run(scenario, night, "end")
        assert morning.turn == 1 and ("rm4" in pool(Position(scenario, morning), "red")) == back
        day = fold(night, [Event.of("phase_began", turn=1, phase="combat", side="blue")])
        afternoon, _ = run(scenario, day, "end")
        assert afternoon.turn == 2 and "rm4" not in pool(Position(scenario, afternoon), "red")


def test_18_5_air_units_have_known_strength_and_serve_every_turn() -> None:
    scenario = load()
    state = position(scenario, {**POOL, "r1": "0402", "b2": "0503"}, phase="combat")
    far = [o for o in legal(scenario, state) if o.startswith("air rair")]
    assert far == ["air rair 0503"]
    state, _ = run(scenario, state, "air rair 0503")
    assert where(state, "rair") == "0503"  # face up on the map: its strength is known
    die = 6  # +3 on the clear row is column 8; the sixth line is not a loss
    state, events = run(scenario, state, "end", dice=[die])
    shot = of_kind(events, "bombardment")[0]
    assert (shot["markers"], shot["strength"], shot["column"]) == (["rair"], 3, "8")
    assert where(state, "rair") == "pool" and USED not in state.units["rair"].flags


def test_19_0_no_bombardment_at_night() -> None:
    scenario = load()
    state = position(scenario, {**POOL, "r1": "0402", "b2": "0503"}, phase="combat", turn=0)
    assert not any(o.split()[0] in ("bombard", "air", "observe") for o in legal(scenario, state))
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "bombard 0503")
    assert exc.value.rule == "test fire support"


def test_18_4_a_hex_emptied_by_bombardment_lets_the_declared_attackers_advance() -> None:
    scenario = load()
    state = position(scenario, {"rm4": "pool", "rm6": "pool", "r1": "0402", "b2": "0503"}, phase="combat")
    state, _ = run(scenario, state, "attack 0503 0402", "bombard 0503", "bombard 0503")
    state, events = run(scenario, state, "end", dice=[1, 1, 1])  # rm4, rm6: +10, column 12, De
    assert where(state, "b2") == "eliminated" and of_kind(events, "bombardment")[0]["result"] == "De"
    state, events = run(scenario, state, "resolve 0503")
    assert not of_kind(events, "combat")
    assert state.pending and state.pending.kind == "advance"
    assert "advance r1 0503" in legal(scenario, state)
