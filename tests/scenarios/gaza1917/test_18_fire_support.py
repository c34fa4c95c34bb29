"""Gaza 18.0 fire support: observation ranges (18.2), markers per hex by side (18.1), a bombardment
on the trench row (18.4), air units anywhere (18.5), naval fire support by the coast (18.6)."""

from __future__ import annotations

from tests.scenarios.gaza1917.helpers import SCENARIO, legal, of_kind, position, run, where
from tui_wargame.rules.fm.fire_support import observed
from tui_wargame.rules.fm.position import Position


def test_gaza_18_2_observation_ranges() -> None:
    pos = Position(SCENARIO, position({"31R": "0607", "32R": "1413", "155Bde": "1818", "156Bde": "1012"}))
    cp = observed(pos, "cp")
    assert pos.distance("0607", "0611") == 4 and "0611" in cp and "0612" not in cp
    assert SCENARIO.terrain_at("1413").id == "hill" and "1419" in cp and "1420" not in cp  # six from a hill
    br = observed(pos, "br")
    assert "1813" in br and "1812" not in br  # five hexes
    assert SCENARIO.terrain_at("1012").id == "hill" and "1005" in br and "1004" not in br  # seven from a hill


def test_gaza_18_1_limits_per_bombarded_hex() -> None:
    assert SCENARIO.rules["fire_support"]["limits"] == {"cp": 2, "br": 1}
    state = position({"155Bde": "0608", "3Cav1": "0607"}, phase="combat", support=True)
    state, _ = run(SCENARIO, state, "bombard 0607")
    assert not any(o.startswith(("bombard 0607", "air brAir 0607", "air brNaval 0607"))
                   for o in legal(SCENARIO, state))
    cp = position({"155Bde": "0608", "3Cav1": "0607"}, phase="combat", active="cp", support=True)
    cp, _ = run(SCENARIO, cp, "bombard 0608")
    assert "bombard 0608" in legal(SCENARIO, cp)
    cp, _ = run(SCENARIO, cp, "air cpAir1 0608")  # 18.5: the air unit counts toward the limit
    assert not any(o.endswith(" 0608") and not o.startswith("observe") for o in legal(SCENARIO, cp))


def test_gaza_18_4_bombardment_reads_the_trench_row_and_ignores_retreats() -> None:
    # the naval +4 against an Ottoman unit in a trench: the "CP in Trench or Gaza" row, column 6.
    state = position({"155Bde": "1215", "3CompR": "1016"}, phase="combat", support=True)
    state, _ = run(SCENARIO, state, "air brNaval 1016")
    state, events = run(SCENARIO, state, "end", dice=[5])
    shot = of_kind(events, "bombardment")[0]
    assert (shot["row"], shot["strength"], shot["column"], shot["result"]) == ("fort", 4, "6", "A3")
    assert not shot["loss"] and where(state, "3CompR") == "1016" and state.units["3CompR"].steps == 2
    assert where(state, "brNaval") == "pool"


def test_gaza_18_5_air_units_are_placed_anywhere() -> None:
    state = position({"155Bde": "1818", "3Cav1": "0607"}, phase="combat", support=True)
    orders = legal(SCENARIO, state)
    assert "air brAir 0607" in orders and "bombard 0607" not in orders  # far beyond observation
    assert "observe brAir 0607" in orders


def test_gaza_18_6_naval_fire_support_only_by_the_coast_and_it_does_not_observe() -> None:
    state = position({"155Bde": "1215", "3CompR": "1016", "31R": "1114", "3Cav1": "0607"}, phase="combat",
                     support=True)
    orders = legal(SCENARIO, state)
    assert "air brNaval 1016" in orders  # a coastline hex
    assert "air brNaval 1114" not in orders  # two hexes inland
    assert "air brNaval 0607" not in orders
    assert not any(o.startswith("observe brNaval") for o in orders)


def test_gaza_18_3_a_drawn_marker_is_used_for_the_day_and_back_next_morning() -> None:
    from tui_wargame.rules.fm.fire_support import USED, pool, reuse

    at = {"155Bde": "0608", "3Cav1": "0607"}
    state = position(at, phase="combat", turn=2, support=True)  # 17 April Afternoon
    state, events = run(SCENARIO, state, "bombard 0607", "end", dice=[1, 6])  # draws brFS01, then no loss
    assert of_kind(events, "markers_revealed")[0]["markers"] == ["brFS01"]
    assert USED in state.units["brFS01"].flags
    assert "brFS01" not in pool(Position(SCENARIO, state), "br")
    evening = Position(SCENARIO, state.replace(turn=3))
    assert reuse(evening) == []  # 17 April Evening: still used
    morning = Position(SCENARIO, state.replace(turn=4, active="br"))  # 18 April Morning
    assert [e["unit"] for e in reuse(morning)] == ["brFS01"]


def test_gaza_18_3_a_marker_used_at_zero_hour_waits_for_18_april_morning() -> None:
    """Zero Hour is the first box of 17 April (the turn track's day 17): a marker drawn then is used
    for 17 April and set aside until the Morning of the following day, 18 April."""
    from tui_wargame.rules.fm.fire_support import USED, reuse

    assert SCENARIO.turns[0].time == "zero hour" and SCENARIO.turns[0].day == SCENARIO.turns[1].day == 17
    state = position({"155Bde": "0608", "3Cav1": "0607"}, phase="combat", turn=0, support=True)
    state, _ = run(SCENARIO, state, "bombard 0607", "end", dice=[1, 6])  # draws brFS01, then no loss
    assert USED in state.units["brFS01"].flags
    assert reuse(Position(SCENARIO, state.replace(turn=1, active="br"))) == []  # 17 April Morning
    morning = Position(SCENARIO, state.replace(turn=4, active="br"))  # 18 April Morning
    assert [e["unit"] for e in reuse(morning)] == ["brFS01"]
