"""Fire & Movement's optional capabilities (rules.capabilities) on the real Suez 1916 scenario:
what the screens and the narrative are told, each line with its rule."""

from __future__ import annotations

from fractions import Fraction

from tests.scenarios.suez1916.helpers import position, run, start, suez
from tui_wargame.model import Decision, Event, Order, Refusal
from tui_wargame.rules.capabilities import Capabilities, Explanation, Table
from tui_wargame.rules.fm import SYSTEM

CAPS = Capabilities(SYSTEM)


def test_the_setup_option_offers_historical_first_and_the_free_set_up_of_11_1() -> None:
    (option,) = CAPS.options(suez())
    assert option.name == "setup" and option.default == "historical"
    assert list(option.choices) == ["historical", "free"] and "Suez 11.1" in option.choices["free"]


def test_15_1_13_1_explain_an_attack_at_zero_hour_with_its_shifts_and_rules() -> None:
    at = {"31-1": "0842", "yeo": "0843"}
    zh, _ = run(position(at, clear=True, turn="zh", phase="combat"), "attack 0843 0842", "kress 0843")
    told = CAPS.explain(suez(), zh.replace(values={**zh.values, "fm.combat": "resolve"}),
                        Order("resolve", ("0843",)))
    assert isinstance(told, Explanation) and told.summary.startswith("31-1 (") and "in 0843" in told.summary
    lines = [(line.text, line.rule) for line in told.lines]
    assert lines[0][0].startswith("differential ") and lines[0][1] == "F&M 7.2"
    assert lines[1] == ("Clear row: the defender is in Open", "F&M 7.4")
    assert lines[2][0].endswith("before shifts")
    assert ("shift +1: surprise at zero hour", "Suez 15.1") in lines
    assert ("shift +1: Kress von Kressenstein", "Suez 13.1") in lines
    facts = SYSTEM.odds(suez(), zh, Order("resolve", ("0843",)))
    assert facts is not None and lines[2][0] == f"column {facts['base_column']} before shifts"
    final = told.lines[-2]  # then what each die gives in that column (F&M 7.3)
    assert final.strong and final.text == f"column {facts['column']}" and final.rule == "F&M 7.6"
    assert [line for line in told.lines if line.strong] == [final]


def test_7_1_explain_refuses_with_a_refusal_value() -> None:
    state = position({"31-1": "0842", "yeo": "0845"}, clear=True, phase="combat")
    refused = CAPS.explain(suez(), state, Order("attack", ("0845", "0842")))
    assert refused == Refusal("0842 is not adjacent to 0845", "F&M 7.1")
    assert CAPS.explain(suez(), state, Order("end")) is None


def test_layers_for_a_selected_unit_reach_zoc_and_markers() -> None:
    state = position({"31-1": "0842", "155a": "0845"}, clear=True)
    layers = {x.id: x for x in CAPS.layers(suez(), state, "cp", "31-1")}
    reach = layers["reach"]
    assert reach.shown == "selected" and reach.rule == "F&M 5.0" and reach.glyph == "*"
    costs = SYSTEM.reach(suez(), state, "31-1")
    assert set(reach.marks) == set(costs) and "0843" in reach.marks
    assert reach.marks["0843"] == str(costs["0843"]) if costs["0843"].denominator == 1 else True
    assert all(mark.isascii() and len(mark) <= 3 for mark in reach.marks.values())
    assert reach.notes["0843"].endswith(" MP")
    zoc = layers["zoc"]
    assert zoc.shown == "toggle" and "0844" in zoc.marks and "0842" not in zoc.marks  # the enemy's, not ours
    assert layers["markers"].marks == {}
    assert "reach" not in {x.id for x in CAPS.layers(suez(), state, "cp", None)}
    assert CAPS.layers(suez(), state.replace(phase=""), "cp", "31-1") == []


def test_unit_notes_give_the_movement_left_with_its_rule() -> None:
    notes = CAPS.unit_notes(suez(), start(), "31-1")
    assert notes[0].text == "MP left 10 of 10: doubled at zero hour" and notes[0].rule == "Suez 15.1"


def test_unit_notes_cite_f_m_5_0_when_no_exclusive_rule_changes_the_allowance() -> None:
    notes = CAPS.unit_notes(suez(), position(turn="4am"), "31-1")
    assert notes[0].text == "MP left 5 of 5" and notes[0].rule == "F&M 5.0"


def test_suez_19_0_leaving_an_enemy_zoc_at_night_is_free_in_plain_words() -> None:
    at = {"31-1": "0842", "yeo": "0843"}
    night = position(at, clear=True, turn="zh", phase="movement")
    notes = CAPS.unit_notes(suez(), night, "31-1")
    assert ("in an enemy ZOC: leaving is free", "Suez 19.0") in [(n.text, n.rule) for n in notes], notes


def test_help_pages_hold_the_real_crt_and_terrain_chart() -> None:
    pages = {p.id: p for p in CAPS.help_pages(suez())}
    assert {"crt", "terrain", "scenario"} <= set(pages)
    tables = {b.title: b for b in pages["crt"].blocks if isinstance(b, Table)}
    grid = tables["Combat results (F&M 7.3)"]  # the rows' differentials over the results, one grid
    assert grid.columns == ("column", *map(str, range(1, 13))) and grid.head == 4
    rows = {r[0]: r for r in grid.rows[:grid.head]}
    assert rows["Clear"][1:4] == ("-5", "-4", "-3") and rows["Town"][-1] == ""
    by_die = grid.rows[grid.head:]
    assert len(by_die) == 6 and by_die[5][-1] == "Ex"  # as printed
    assert by_die[0][:3] == ("die 1", "(A)", "A3")
    assert ("Town", "Town, Trench") in tables["Rows (F&M 7.4)"].rows
    scenario = {b.title: b for b in pages["scenario"].blocks if isinstance(b, Table)}
    assert ("Central Powers", "2", "4", "6") in scenario["Fire support (Suez 18.0)"].rows  # Suez 18.1-18.2
    key = {r[0]: r[1] for r in tables["Results (F&M 7.7, 7.8)"].rows}
    assert key["Ae"] == "the attackers are eliminated" and key["-"] == "no effect"
    assert key["D3"] == "the defenders retreat 3 hexes, then lose 1 step"
    (terrain, *_) = [b for b in pages["terrain"].blocks if isinstance(b, Table)]
    assert ("Sand", "2", "Sand") == next(r for r in terrain.rows if r[0] == "Sand")[:3]
    assert all(len(r) == len(t.columns) for p in pages.values() for t in p.blocks if isinstance(t, Table)
               for r in t.rows)


def test_order_menus_and_move_order() -> None:
    (menu, each) = CAPS.order_menus(suez())
    assert menu.key == "f" and menu.verbs == {"bombard", "air", "observe", "done"} and not menu.each
    assert each.key == "R" and each.verbs == {"resolve"} and each.each  # F&M 7.6: every attack in turn
    state = position({"31-1": "0842"}, clear=True)
    order = CAPS.move_order(suez(), state, "31-1", ["0843"])
    assert order is not None and order.verb == "move" and order.args[-1] == "0843"
    assert CAPS.move_order(suez(), state, "31-1", ["0843", "0844"]) == Order("move", ("31-1", "0843", "0844"))


def test_describe_and_headline_of_a_combat_and_a_bombardment() -> None:
    combat = Event.of("combat", attackers=["31-1"], defenders=["yeo"], hex="0843", attack=5, defence=2,
                      differential=3, row="clear", row_reason="clear (F&M 7.4)", base_column="8",
                      shifts=[{"by": 1, "reason": "surprise at zero hour (Suez 15.1)"}], column="9",
                      column_index=8, die=4, result="Ex")
    told = CAPS.describe(suez(), start(), combat)
    assert told is not None and told.startswith("Combat: ") and "differential +3" in told
    assert "shifts +1 surprise at zero hour (Suez 15.1)" in told and told.endswith(
        "die 4, result Ex (the attackers lose 1 step; the defenders lose 1 step)")
    assert CAPS.headline(suez(), start(), combat) == (
        "Combat at 0843: column 9, die 4, result Ex: the attackers lose 1 step; the defenders lose 1 step")
    shot = Event.of("bombardment", side="cp", hex="0843", markers=["m1"], strength=4, unit="yeo", row="clear",
                    column="4", die=5, result="D2", loss=True)
    assert CAPS.describe(suez(), start(), shot).endswith("column 4, die 5, result D2: a step lost")
    assert (CAPS.headline(suez(), start(), shot)
            == "Bombardment at 0843: column 4, die 5, result D2: a step lost")
    # Suez 18.4: an Ex costs it nothing
    missed = Event.of("bombardment", side="cp", hex="0843", markers=["m1"], strength=4, unit="yeo",
                      row="clear", column="4", die=5, result="Ex", loss=False)
    assert CAPS.headline(suez(), start(), missed) == (
        "Bombardment at 0843: column 4, die 5, result Ex: no loss, as only De, D3 or D2 costs a bombarded "
        "unit a step (Suez 18.0)")
    assert CAPS.describe(suez(), start(), missed).endswith("result Ex: no loss, as only De, D3 or D2 costs a "
                                                           "bombarded unit a step (Suez 18.0)")
    moved = Event.of("unit_moved", unit="31-1", path=["0843"], cost=Fraction(3, 2))
    assert CAPS.describe(suez(), start(), moved).endswith("(1.5 MP)")  # as the unit panel writes MP
    assert CAPS.describe(suez(), start(), Event.of("step_lost", unit="31-1", steps=1)) == (
        "1/31st Infantry Regiment (31-1) loses a step (1 step left)")


def test_18_4_revealed_markers_and_a_cancelled_attack_are_told() -> None:
    shown = Event.of("markers_revealed", side="cp", hex="0843", markers=["fs-de6-1"], strengths=[6])
    assert CAPS.describe(suez(), start(), shown) == (
        "Central Powers fire support on 0843 revealed: +6 (Suez 18.0)")
    off = Event.of("attack_cancelled", hex="0843", reason="no attacker is adjacent")
    assert CAPS.describe(suez(), start(), off) == (
        "The attack on 0843 is called off: no attacker is adjacent (F&M 7.6)")


def test_f_m_7_7_7_9_a_retreat_and_an_advance_are_told_as_such_not_as_a_move_of_0_mp() -> None:
    state = start()
    at = state.units["31-1"].location
    moved = Event.of("unit_moved", unit="31-1", path=["0843", "0844"], cost="0")
    for kind, verb in (("retreat", "retreats"), ("advance", "advances"), ("displace", "is displaced")):
        asked = state.replace(pending=Decision("cp", kind, "?"))
        assert (CAPS.describe(suez(), asked, moved)
                == f"1/31st Infantry Regiment (31-1) {verb} {at} - 0843 - 0844")


def test_16_0_the_british_rail_move_is_told_as_one_not_as_a_move_of_0_mp() -> None:
    state = position(turn="4am", active="british")
    railed = Event.of("unit_moved", unit="158a", path=["1932", "1831"], cost="0")
    assert CAPS.describe(suez(), state, railed) == (
        "158th Brigade (1st half) (158a) goes by railway 2031 - 1932 - 1831 (Suez 16.0)")
    walked = Event.of("unit_moved", unit="158a", path=["1932"], cost="1")
    assert CAPS.describe(suez(), state, walked) == "158th Brigade (1st half) (158a) moves 2031 - 1932 (1 MP)"
