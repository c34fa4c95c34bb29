"""Issue 14: the competitive-scenario generator (R24.D; docs/generator.md).

Each step by its rule: the sides and the mission (R24.D.1, R24.D.5), the weather and its bids
(R24.C, R24.D.3), the maphexes turned to face and their supply sources (R24.D.2), the points
spent (R24.D.4-5), the set-up inside the areas (R3.B.2); and the whole: the same seed writes the
same bytes, and every generated scenario loads, checks clean and plays to a verdict."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.positions import FixedDice
from tui_wargame import cli, generating, scenario_file
from tui_wargame.engine import Game
from tui_wargame.errors import WargameError
from tui_wargame.rules.foxhole import charts, counters, maphex_library, missions
from tui_wargame.rules.foxhole.arrivals import setup_area
from tui_wargame.rules.foxhole.generator import GENERATOR, Options, board, buyer, catalogue, generate, mission
from tui_wargame.rules.foxhole.generator import weather as gen_weather
from tui_wargame.rules.foxhole.markers import marker_points
from tui_wargame.rules.foxhole.system import Foxhole

SEEDS = (0, 4, 5, 11, 22)  # Guerilla Strike, Destroy Bridgehead, Last Stand, Prepared Assault, Rearguard


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("TUI_WARGAME_CACHE", "")


def _written(tmp_path: Path, seed: int, **options: bool) -> Path:
    g = generate(seed, Options(**options))
    path = tmp_path / f"{g.table['id']}.toml"
    path.write_text(g.text, encoding="utf-8")
    return path


# --- the whole ---

def test_r24_d_the_same_seed_writes_the_same_bytes(tmp_path):
    first = generating.write("foxhole", 123, {}, tmp_path / "a" / "game.toml")
    second = generating.write("foxhole", 123, {}, tmp_path / "b" / "game.toml")
    assert first.read_bytes() == second.read_bytes()
    assert generate(123).text == generate(123).text


def test_r24_d_different_seeds_make_different_scenarios():
    texts = {generate(seed).text for seed in range(4)}
    assert len(texts) == 4


@pytest.mark.parametrize("seed", SEEDS)
def test_r24_d_generated_scenarios_load_check_clean_and_start(tmp_path, seed):
    scenario = scenario_file.load(_written(tmp_path, seed))
    assert Foxhole().check_scenario(scenario) == []
    with Game.new(scenario, tmp_path / "save.toml", seed=1) as game:
        assert game.legal_orders()


def test_r24_d_3_bidding_off_keeps_the_missions_weather():
    for seed in range(6):
        g = generate(seed, Options(bidding=False))
        assert g.weather.prevailing == g.weather.rolled
        assert g.weather.bids == {"offensive": 0, "defensive": 0}
        assert g.budgets == g.roll.plan.budgets


# --- R24.D.1, R24.D.5: the sides and the mission ---

def test_r24_d_1_an_odd_d10_makes_the_allies_offensive():
    assert mission.offensive_side(FixedDice([3])) == "allied"
    assert mission.offensive_side(FixedDice([10])) == "axis"


def test_r24_d_5_the_d100_reads_the_mission_table():
    # D10 for the sides, then the tens (3) and ones (0) of the D100: 30, Hold the Line
    rolled = mission.roll(FixedDice([1, 3, 10]))
    assert rolled.rolls == (30,)
    assert rolled.plan.mission.id == "hold-the-line"
    assert rolled.plan.budgets == {"offensive": 1500, "defensive": 1000}


def test_r24_d_5_a_mission_left_out_is_rolled_again():
    # 01 is Amphibious Assault, which the generator leaves out; then 72 (Secure Bridgehead, left
    # out), then 80: Skirmish
    rolled = mission.roll(FixedDice([2, 10, 1, 7, 2, 8, 10]))
    assert rolled.offensive == "axis"
    assert rolled.rolls == (1, 72, 80)
    assert rolled.plan.mission.id == "skirmish"
    assert rolled.plan.cap == {"offensive": 30, "defensive": 30}


def test_r24_d_5_every_mission_is_planned_or_left_out_with_a_reason():
    for m in missions.MISSIONS:
        if m.id in mission.UNSUPPORTED:
            assert mission.UNSUPPORTED[m.id]
        else:
            p = mission.plan(m)
            assert p.mission is m and all(p.budgets.values())


# --- R24.C, R24.D.3: the weather ---

def test_r24_d_3_each_side_bids_a_step_per_750_points_as_far_as_the_scale_goes():
    # the Offensive side buys up (towards Desert), the Defensive side down (towards Wet Warm)
    assert gen_weather.bid("mixed-warm", {"offensive": 1500, "defensive": 1000}) == \
        ("dry-warm", {"offensive": 2, "defensive": 1})
    assert gen_weather.bid("dry-warm", {"offensive": 1500, "defensive": 500}) == \
        ("desert", {"offensive": 1, "defensive": 0})
    assert gen_weather.bid("wet-warm", {"offensive": 500, "defensive": 1000}) == \
        ("wet-warm", {"offensive": 0, "defensive": 0})


def test_r24_d_3_weather_off_the_scale_is_not_bid_for():
    assert gen_weather.bid("wet-cold", {"offensive": 1500, "defensive": 1500}) == \
        ("wet-cold", {"offensive": 0, "defensive": 0})


def test_r24_d_3_each_step_costs_150_points_of_the_buyers_budget():
    for seed in range(6):
        g = generate(seed)
        for role, steps in g.weather.bids.items():
            assert g.budgets[role] == g.roll.plan.budgets[role] - gen_weather.STEP_PRICE * steps


def test_r24_c_a_random_ground_is_the_conversion_value_plus_a_d5_less_3():
    meeting = next(m for m in missions.MISSIONS if m.id == "meeting-engagement")
    assert gen_weather.moisture(meeting, "mixed-warm", FixedDice([10])) == 4 + 5 - 3
    assert gen_weather.moisture(meeting, "dry-cold", FixedDice([1])) == 0  # 0 + 1 - 3, kept at 0
    assert gen_weather.moisture(meeting, "desert", FixedDice([10])) == 3  # 1 + 5 - 3
    assert gen_weather.moisture(meeting, "spring-thaw", FixedDice([])) == 12
    assert gen_weather.prevailing(meeting, FixedDice([7])) == "dry-cold"


# --- R24.D.2: the maphexes ---

def test_r24_d_2_six_turns_of_sixty_bring_a_label_home():
    for label in maphex_library.labels():
        assert board.turn_label(label, 6) == label
        assert board.turn_label(board.turn_label(label, 2), 4) == label


def test_r24_d_2_a_turned_maphex_keeps_its_coast_sea_and_its_lines_joined():
    for ident in maphex_library.ids():
        m = maphex_library.load(ident)
        for k in range(6):
            t = board.turned(m, k)
            for edge in t.coast:
                assert all(t.hex_type(h) in maphex_library.SEA for h in maphex_library.edge_hexes(edge))
            assert sorted(h for hs in t.terrain.values() for h in hs) == \
                sorted(board.turn_label(h, k) for hs in m.terrain.values() for h in hs)


@pytest.mark.parametrize("seed", range(8))
def test_r24_d_2_the_facing_edges_meet_and_supply_comes_from_the_far_edges(seed):
    g = generate(seed)
    rules = g.table["rules"]
    sides = {"offensive": rules["offensive"]}
    sides["defensive"] = "axis" if sides["offensive"] == "allied" else "allied"
    for placed in g.maphexes:
        assert placed.facing not in placed.maphex.coast
    if len(g.maphexes) == 2:
        a, b = g.maphexes
        assert (a.facing, b.facing) == ("N", "S") and (a.far, b.far) == ("S", "N")
        for role, p in zip(("offensive", "defensive"), (a, b)):
            sources = rules["supply_sources"][sides[role]]
            if g.roll.plan.mission.id == "last-stand" and role == "defensive":
                sources = [s for s in sources if s != rules["victory"]["goal"][0]["tests"][0]["hexes"][0]]
            assert sources
            for label in sources:
                name, _, local = label.partition("-")
                assert name == p.name
                assert p.far in maphex_library.edges_of(local)  # R24.D.2


# --- R24.D.4-5: the points ---

def test_r24_d_4a_the_catalogue_values_its_counters_by_the_formula():
    # FOXHOLE-CHARTS.md §9's worked examples: a rifle company 8, a Hard tank 40
    assert catalogue.TYPES["rifle"].points == 8
    assert catalogue.TYPES["tank"].points == 40
    for t in catalogue.TYPES.values():
        assert counters.problems(t.spec("x", "allied")) == []
        assert t.points == counters.points(t.spec("x", "axis")) > 0


@pytest.mark.parametrize("seed", (*range(6), 11, 54))  # 11 Prepared Assault, 54 Trench Warfare
def test_r24_d_4_5_budgets_caps_and_every_units_value(tmp_path, seed):
    g = generate(seed)
    scenario = scenario_file.load(_written(tmp_path, seed))
    p = g.roll.plan
    for role, side in (("offensive", g.table["rules"]["offensive"]),
                       ("defensive", "axis" if g.table["rules"]["offensive"] == "allied" else "allied")):
        units = [u for u in scenario.units if u.side == side]
        values = [counters.points(u) for u in units]  # R24.D.4a from the file's own counters
        assert sum(values) == buyer.total(list(g.bought[role]))
        dep = g.deployments[role]
        bids = gen_weather.STEP_PRICE * g.weather.bids[role]
        assert sum(values) + dep.paid + bids <= p.budgets[role]  # R24.D.5
        if p.cap[role]:  # the average below the cap (Guerilla Strike: not above it)
            assert sum(values) < p.cap[role] * len(values) + p.cap_reached
        mine = [m for m in g.table["rules"]["markers"] if m.get("side") == side]
        assert sum(marker_points(m["kind"], m.get("value", 1)) for m in mine) == \
            dep.paid + charts.TRENCH_POINTS * dep.free_trenches  # R24.D.4b
        if role == "defensive":
            assert dep.paid >= p.works  # Prepared Assault: at least 250 on markers


def test_r24_d_5_the_buyer_keeps_below_the_cap_and_mixes_its_force():
    bought = buyer.buy(FixedDice([1] * 400), buyer.ATTACK, 1000, cap=30)
    roles = Counter(t.role for t in bought)
    assert buyer.total(bought) <= 1000 and buyer.total(bought) < 30 * len(bought)
    assert {catalogue.INFANTRY, catalogue.SUPPORT, catalogue.HQ, catalogue.ENGINEER, catalogue.ARTILLERY,
            catalogue.VEHICLE} <= set(roles)
    assert roles[catalogue.INFANTRY] == max(roles.values())


def test_r24_d_5_trench_warfare_gives_each_side_30_free_trench_levels():
    seed = next(s for s in range(500) if mission.roll(generate_dice(s)).plan.mission.id == "trench-warfare")
    g = generate(seed)
    for dep in g.deployments.values():
        assert 0 < dep.free_trenches <= 30


def generate_dice(seed: int):
    from tui_wargame.dice import Dice

    return Dice(seed, 0)


# --- R3.B.2: the set-up ---

@pytest.mark.parametrize("seed", SEEDS)
def test_r3_b_2_every_unit_starts_in_its_areas_land_stacked_at_most_four(tmp_path, seed):
    scenario = scenario_file.load(_written(tmp_path, seed))
    arriving = {u for t in scenario.rules.get("reinforcements", []) for u in t["units"]}
    stacks: Counter[tuple[str, str]] = Counter()
    for u in scenario.units:
        if u.start == "reinforcements":
            assert u.id in arriving
            continue
        assert u.start in setup_area(scenario, u.side)
        assert charts.HEX_TYPES[scenario.terrain_at(u.start).id].mp is not None
        stacks[(u.start, u.side)] += 1
    assert max(stacks.values()) <= 4


def test_r24_d_5_the_offensive_side_sets_up_back_from_the_line(tmp_path):
    g = generate(22)  # Rearguard: both sides set up on their own maphexes
    a = g.maphexes[0]
    edge = {a.label(h) for h in maphex_library.edge_hexes(a.facing)}
    starts = g.deployments["offensive"].starts.values()
    assert starts and not set(starts) & edge


# --- the command line ---

def test_generate_command_writes_beside_the_saves_and_a_save_of_it_reopens(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUI_WARGAME_SAVES", str(tmp_path / "saves"))
    monkeypatch.chdir(tmp_path)
    assert cli.main(["generate", "foxhole", "--seed", "5", "--option", "bidding=off"]) == 0
    path = tmp_path / "saves" / "scenarios" / "competitive-5-nobids.toml"
    assert path.is_file() and "competitive-5-nobids" in capsys.readouterr().out
    assert cli.main(["new", "competitive-5-nobids", "--seed", "2"]) == 0
    assert cli.main(["show", str(tmp_path / "saves" / "competitive-5-nobids-1.toml")]) == 0
    assert cli.main(["generate", "foxhole", "--seed", "5", "--option", "bidding=maybe"]) == 2
    assert "no choice 'maybe'" in capsys.readouterr().err


def test_generate_names_the_systems_that_have_a_generator(capsys):
    assert cli.main(["generate", "fm", "--seed", "1"]) == 2
    assert "no scenario generator for 'fm' (there are: foxhole)" in capsys.readouterr().err


def test_generate_never_overwrites_a_different_file(tmp_path):
    out = tmp_path / "mine.toml"
    out.write_text("# my own scenario\n")
    with pytest.raises(WargameError, match="a different file is there already"):
        generating.write("foxhole", 1, {}, out)
    assert GENERATOR.ident(9, {"bidding": "off"}) == "competitive-9-nobids"


# --- the long runs ---

@pytest.mark.slow
def test_r24_d_a_hundred_seeds_load_and_check_clean(tmp_path):
    for seed in range(100):
        scenario = scenario_file.load(_written(tmp_path, seed))
        assert Foxhole().check_scenario(scenario) == [], seed


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_r24_d_random_play_of_a_generated_scenario_reaches_its_verdict(tmp_path, seed):
    from tests.rules.foxhole.random_play import play

    scenario = scenario_file.load(_written(tmp_path, seed))
    game = play(scenario, tmp_path / "save.toml", seed, limit=20000, scenario_dir=tmp_path)
    assert game.state.result is not None

