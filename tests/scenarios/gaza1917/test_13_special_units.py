"""Gaza 13.0 special units: 13.1 British cavalry charges, 13.2 the armored train, 13.3 Ottoman
battalions, 13.4 Kress von Kressenstein."""

from __future__ import annotations

import pytest

from tests.rules.fm.test_combat import die_for
from tests.scenarios.gaza1917.helpers import SCENARIO, legal, of_kind, position, run, where
from tui_wargame.model import IllegalOrder, Order
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.results import lose_step


def odds(state, target: str) -> dict:
    return dict(SYSTEM.odds(SCENARIO, state, Order("resolve", (target,))))


def reasons(facts: dict) -> list[str]:
    return [s["reason"] for s in facts["shifts"]]


# --- 13.1 British cavalry ---

def test_gaza_13_1_a_charge_shifts_the_division_attack_one_column_right() -> None:
    at = {"1LH": "0608", "3Cav1": "0607"}
    plain, _ = run(SCENARIO, position(at, phase="combat"), "attack 0607 0608")
    charged, events = run(SCENARIO, position(at, phase="combat"), "charge anzmd", "attack 0607 0608")
    assert odds(plain, "0607")["column"] == "7"  # 4 against 3: +1
    facts = odds(charged, "0607")
    assert facts["column"] == "8" and any("Gaza 13.1" in r for r in reasons(facts))
    assert where(charged, "ChargeANZMD") == "off-map"
    assert of_kind(events, "charge_declared")[0]["division"] == "anzmd"


def test_gaza_13_1_one_charge_per_division_per_game() -> None:
    state = position({"1LH": "0608", "3LH": "0708", "3Cav1": "0607"}, phase="combat")
    assert {"charge anzmd", "charge imd"} <= set(legal(SCENARIO, state))
    state, _ = run(SCENARIO, state, "charge anzmd")
    assert "charge anzmd" not in legal(SCENARIO, state) and "charge imd" in legal(SCENARIO, state)
    later = position({"1LH": "0608", "3Cav1": "0607"}, phase="combat", turn=4)
    later = later.replace(units={**later.units, "ChargeANZMD": state.units["ChargeANZMD"]})
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, later, "charge anzmd")
    assert exc.value.rule == "Gaza 13.1"


def test_gaza_13_1_only_british_combat_phases_and_only_the_two_mounted_divisions() -> None:
    state = position({"1LH": "0608", "3Cav1": "0607"}, phase="combat", active="cp")
    assert not any(o.startswith("charge") for o in legal(SCENARIO, state))
    british = position({"1LH": "0608", "3Cav1": "0607"}, phase="combat")
    with pytest.raises(IllegalOrder):
        run(SCENARIO, british, "charge 52div")


def test_gaza_13_1_a_charge_is_declared_before_any_attack() -> None:
    state = position({"1LH": "0608", "3Cav1": "0607"}, phase="combat")
    state, _ = run(SCENARIO, state, "attack 0607 0608")
    assert "charge anzmd" not in legal(SCENARIO, state)
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "charge anzmd")
    assert exc.value.rule == "Gaza 13.1"


def test_gaza_13_1_a_mixed_attack_needs_both_charge_markers() -> None:
    at = {"1LH": "0608", "3LH": "0708", "3Cav1": "0607"}
    one, _ = run(SCENARIO, position(at, phase="combat"), "charge anzmd", "attack 0607 0608",
                 "attack 0607 0708")
    both, _ = run(SCENARIO, position(at, phase="combat"), "charge anzmd", "charge imd", "attack 0607 0608",
                  "attack 0607 0708")
    assert not any("Gaza 13.1" in r for r in reasons(odds(one, "0607")))
    assert any("Gaza 13.1" in r for r in reasons(odds(both, "0607")))
    assert any("Gaza 17.0" in r for r in reasons(odds(both, "0607")))


def test_gaza_13_1_units_outside_the_division_cancel_the_charge_shift() -> None:
    at = {"1LH": "0608", "ICB": "0708", "3Cav1": "0607"}
    state, _ = run(SCENARIO, position(at, phase="combat"), "charge anzmd", "attack 0607 0608",
                   "attack 0607 0708")
    assert reasons(odds(state, "0607")) == []


def test_gaza_13_1_charging_cavalry_advance_one_hex_farther_in_any_direction() -> None:
    at = {"1LH": "0608", "2LH": "0708", "NZMR": "0507", "1Jand": "0607"}
    # 12 against 3: +9, column 11; the charge makes it 12; De on a 1.
    declare = ["attack 0607 0608", "attack 0607 0708", "attack 0607 0507", "end", "resolve 0607"]
    plain, _ = run(SCENARIO, position(at, phase="combat"), *declare, dice=[die_for(SCENARIO, "11", "De")])
    charged, _ = run(SCENARIO, position(at, phase="combat"), "charge anzmd", *declare,
                     dice=[die_for(SCENARIO, "12", "De")])
    assert [o for o in legal(SCENARIO, plain) if o.startswith("advance 1LH")] == ["advance 1LH 0607"]
    farther = [o for o in legal(SCENARIO, charged) if o.startswith("advance 1LH")]
    assert "advance 1LH 0607" in farther and "advance 1LH 0607 0606" in farther
    assert all(len(o.split()) <= 4 for o in farther)



def test_gaza_13_1_only_cavalry_that_charged_in_the_attack_advance_farther() -> None:
    """A 52nd Division brigade in the attack cancels the charge's shift (17.0): the ANZMD's brigades
    did not charge there, so they advance as any mobile unit, without the extra hex."""
    at = {"1LH": "0608", "2LH": "0708", "NZMR": "0507", "155Bde": "0606", "1Jand": "0607"}
    # 16 against 3: +13, column 12; two divisions shift it to 11 and no charge shift; De on a 1.
    declare = ["attack 0607 0608", "attack 0607 0708", "attack 0607 0507", "attack 0607 0606", "end",
               "resolve 0607"]
    mixed, events = run(SCENARIO, position(at, phase="combat"), "charge anzmd", *declare,
                        dice=[die_for(SCENARIO, "11", "De")])
    combat = of_kind(events, "combat")[0]
    assert combat["column"] == "11" and not any("Gaza 13.1" in shift["reason"] for shift in combat["shifts"])
    assert [o for o in legal(SCENARIO, mixed) if o.startswith("advance 1LH")] == ["advance 1LH 0607"]

def test_gaza_13_2_the_armored_train_moves_only_along_the_railway() -> None:
    state = position({"ArmTrain": "1922"})
    rail = next(r for r in SCENARIO.map.route if r.name.startswith("the Sinai Military Railway")).hexes
    reach = SYSTEM.reach(SCENARIO, state, "ArmTrain")
    assert set(reach) == set(rail) - {"1922"}
    with pytest.raises(IllegalOrder) as refused:
        run(SCENARIO, state, "move ArmTrain 1921")
    assert refused.value.rule == "Gaza 13.2"  # not F&M 5.2: the exclusive rule is the reason


def test_gaza_13_2_the_armored_train_enters_and_leaves_enemy_zocs_freely() -> None:
    state = position({"ArmTrain": "1922", "3Cav1": "1819"})
    state, events = run(SCENARIO, state, "move ArmTrain 1821 1820 1720 1620")
    assert where(state, "ArmTrain") == "1620"


def test_gaza_13_2_the_armored_train_retreats_only_along_the_railway() -> None:
    from tui_wargame.rules.fm.retreat import retreat_paths

    pos = Position(SCENARIO, position({"ArmTrain": "1922", "3Cav1": "1821"}))
    assert retreat_paths(pos, "ArmTrain", 2) == [["2021", "2122"]]


# --- 13.3 Ottoman battalions ---

def test_gaza_13_3_the_second_step_loss_brings_on_the_battalion() -> None:
    pos = Position(SCENARIO, position({"31R": "0607"}, steps={"31R": 1}))
    events = lose_step(pos, "31R")
    placed = [(e["unit"], e["to"]) for e in of_kind(events, "unit_placed")]
    assert placed == [("31R", "eliminated"), ("31Bn", "0607")]
    assert of_kind(events, "regiment_replaced")[0]["rule"] == "Gaza 13.3"


def test_gaza_13_3_first_loss_flips_and_other_regiments_have_no_battalion() -> None:
    pos = Position(SCENARIO, position({"31R": "0607", "79R": "0609"}, steps={"79R": 1}))
    assert [e.kind for e in lose_step(pos, "31R")] == ["step_lost"]
    assert [(e.kind, e.get("to")) for e in lose_step(pos, "79R")] == [("step_lost", None),
                                                                       ("unit_placed", "eliminated")]


def test_gaza_13_3_in_combat_the_battalion_holds_the_hex() -> None:
    # 155Bde + 1ETank (7) against the reduced 31R (defence 4) in the open: +3, column 8; Ex on a 2.
    state = position({"155Bde": "0608", "1ETank": "0608", "31R": "0607"}, phase="combat", steps={"31R": 1})
    state, _ = run(SCENARIO, state, "attack 0607 0608", "end", "resolve 0607", "lose 1ETank",
                   dice=[die_for(SCENARIO, "8", "Ex")])
    assert where(state, "31R") == "eliminated" and where(state, "31Bn") == "0607"
    assert state.units["31Bn"].steps == 1


def test_gaza_13_3_elimination_outright_takes_the_battalion_too() -> None:
    state = position({"155Bde": "0608", "1ETank": "0608", "156Bde": "0708", "157Bde": "0507", "31R": "0607"},
                     phase="combat", steps={"31R": 1})
    # 15 against 4: +11, column 12; De on a 1.
    state, _ = run(SCENARIO, state, "attack 0607 0608", "attack 0607 0708", "attack 0607 0507", "end",
                   "resolve 0607", dice=[die_for(SCENARIO, "12", "De")])
    assert where(state, "31R") == "eliminated" and where(state, "31Bn") == "set-aside"


# --- 13.4 Kress von Kressenstein ---

def test_gaza_13_4_kress_shifts_one_central_powers_attack_right() -> None:
    state = position({"31R": "0607", "155Bde": "0608"}, phase="combat", active="cp")
    state, _ = run(SCENARIO, state, "attack 0608 0607")
    assert legal(SCENARIO, state).count("kress 0608") == 1
    before = odds(state, "0608")
    state, _ = run(SCENARIO, state, "kress 0608")
    after = odds(state, "0608")
    assert int(after["column"]) == int(before["column"]) + 1
    assert "Kress von Kressenstein (Gaza 13.4)" in reasons(after)
    assert where(state, "Kress") == "set-aside"


def test_gaza_13_4_once_per_combat_phase_on_a_declared_attack_and_never_in_defence() -> None:
    state = position({"31R": "0607", "32R": "0609", "155Bde": "0608", "156Bde": "0610"}, phase="combat",
                     active="cp")
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "kress 0608")
    assert exc.value.rule == "Gaza 13.4"
    state, _ = run(SCENARIO, state, "attack 0608 0607", "attack 0610 0609", "kress 0608")
    assert not any(o.startswith("kress") for o in legal(SCENARIO, state))
    with pytest.raises(IllegalOrder):
        run(SCENARIO, state, "kress 0610")
    # next turn Kress is available again
    again = position({"31R": "0607", "155Bde": "0608"}, phase="combat", active="cp", turn=2)
    again = again.replace(values={**state.values, **{k: v for k, v in again.values.items()}})
    again, _ = run(SCENARIO, again, "attack 0608 0607")
    assert "kress 0608" in legal(SCENARIO, again)
    british = position({"31R": "0607", "155Bde": "0608"}, phase="combat")
    british, _ = run(SCENARIO, british, "attack 0607 0608")
    assert not any(o.startswith("kress") for o in legal(SCENARIO, british))
