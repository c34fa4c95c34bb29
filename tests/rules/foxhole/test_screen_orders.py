"""Foxhole played by keys: the capabilities the screen asks (reach, move_order, layers,
order_menus, order_note, decision, headline), on the proving ground."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.engine import Game
from tui_wargame.model import EMPTY, Event, Order, Refusal, fold
from tui_wargame.rules.capabilities import Capabilities, Layer, Line
from tui_wargame.rules.foxhole import SYSTEM, movement, screen_orders
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.rules.foxhole.screen_orders import cost_mark

SCENARIO = load()
CAPS = Capabilities(SYSTEM)


def _moving():
    return position(SCENARIO, phase="supply-movement", active="allied")


def _combat():
    return position(SCENARIO, phase="combat", active="allied")



def _reach(layers: Sequence[Layer]) -> list[Layer]:
    """The reach layers among a system's layers (the markers layers are fx-map's, R5.B)."""
    return [layer for layer in layers if layer.style == "reach"]

def test_r11_a_reach_is_each_hex_a_move_ends_in_at_its_exact_cheapest_cost():
    state = _moving()
    reach = CAPS.reach(SCENARIO, state, "A1")
    pos = Position(SCENARIO, state)
    assert reach == {h: cost for h, (cost, _) in movement.reach(movement.acting(pos, "A1"), "A1").items()}
    assert reach["A-0505"] == Fraction(7, 3) and reach["A-0603"] == Fraction(7, 2)
    assert set(reach) == {o.split()[-1] for o in legal(SCENARIO, state) if o.startswith("move A1 ")}


def test_r11_a_no_reach_for_a_unit_without_a_move_and_none_for_the_other_side():
    assert CAPS.reach(SCENARIO, _combat(), "A1") == {}
    assert CAPS.reach(SCENARIO, _moving(), "X1") == {}


def test_r11_a_the_cursor_gives_the_listed_cheapest_move_or_the_path_built_hex_by_hex():
    state = _moving()
    listed = next(o for o in legal(SCENARIO, state) if o.startswith("move A1 ") and o.endswith(" A-0505"))
    assert CAPS.move_order(SCENARIO, state, "A1", ["A-0505"]).text == listed
    path = ["A-0501", "A-0502"]
    assert CAPS.move_order(SCENARIO, state, "A1", path) == Order("move", ("A1", *path))
    assert CAPS.move_order(SCENARIO, state, "A1", ["B-0307"]) is None  # beyond its reach
    assert CAPS.move_order(SCENARIO, _combat(), "A1", path) is None  # no moving in the Combat Phase


def test_r11_a_the_reach_layer_marks_each_cost_in_three_characters_and_notes_it_exactly():
    layer, = _reach(CAPS.layers(SCENARIO, _moving(), "allied", "A1"))
    assert layer.style == "reach" and layer.shown == "selected" and layer.rule == "R11.A"
    assert layer.marks["A-0505"] == "2+" and layer.marks["A-0301"] == "1"
    assert layer.notes["A-0505"] == "reach: 2 1/3 MP (R11.A)"
    assert _reach(CAPS.layers(SCENARIO, _moving(), "allied", None)) == []
    marks = [cost_mark(Fraction(n, d)) for n, d in ((3, 1), (1, 3), (5, 6), (29, 6))]
    assert marks == ["3", "1/3", "5/6", "4+"]


def test_r18_the_barrage_orders_have_a_key_of_their_own_that_the_screen_does_not_use():
    menu, = CAPS.order_menus(SCENARIO)
    assert menu.key == "f" and menu.verbs == {"barrage", "aa", "pass"}


def test_r18_each_barrage_order_says_who_fires_into_which_hex_and_at_whom():
    state = position(SCENARIO, phase="barrage", active="allied")
    notes = {o: CAPS.order_note(SCENARIO, state, Order.parse(o))
             for o in ("barrage B-0307 navy jabo", "barrage B-0407 AART", "barrage A-0502 smoke AART",
                       "pass")}
    assert notes["barrage B-0307 navy jabo"] == "Navy and Jabo fire into B-0307 on X1 (R18.D)"  # by name
    assert notes["barrage B-0407 AART"] == "AART fires into B-0407 (R18.D)"  # nobody there
    assert notes["barrage A-0502 smoke AART"] == "AART lays a Smoke Barrage on A-0502 (R18.D.2)"
    assert notes["pass"].endswith("once both players pass in turn (R18.C)")


def test_r17_r20_each_unit_order_says_what_it_does():
    state = _moving()
    trace = CAPS.order_note(SCENARIO, state, Order.parse("trace A1"))
    assert trace.startswith("A1 traces supply and does not move")
    assault = CAPS.order_note(SCENARIO, _combat(), Order.parse("assault B-0507 A2 AAE"))
    assert assault == "Assault B-0507 with A2, AAE"  # the preview's summary


def test_r20_c_2_covering_fire_in_words_none_being_the_end_key():
    state, _ = run(SCENARIO, _combat(), "assault B-0507 A2 AAE")
    decision = CAPS.decision(SCENARIO, state)
    assert decision.title == "choose Covering Fire against the assault on B-0507 (R20.C.2)"
    words = {r.order.text: r.text for r in decision.replies}
    assert words == {"cover": "no Covering Fire: the assault goes on (R20.C.2)",
                     "cover X1@A-0501": "Covering Fire by X1 into A-0501 (R20.C.2)"}
    assert decision.finish == Order("cover")


def test_r20_c_5_laying_firepower_in_words_warning_of_the_hits_it_makes():
    state, _ = run(SCENARIO, _combat(), "assault B-0507 A2 AAE", "cover", dice=[5, 5, 5])
    decision = CAPS.decision(SCENARIO, state)
    replies = {r.order.text: r for r in decision.replies}
    assert set(replies) == set(legal(SCENARIO, state))
    first = next(iter(replies.values()))
    assert first.text.startswith("lay ") and "(Defence " in first.text and first.text.endswith("(R20.C.5)")
    assert all(not r.warning for r in replies.values())  # a quarter of a small total: no hit yet
    pool = state.values["combat.current"]["pools"][0]
    laid = {u: Fraction(str(d)) * 2 for u, d in pool["targets"].items()}  # as if 2 x Defence were laid
    applied = {u: str(v) for u, v in laid.items()}
    heavy = {**state.values["combat.current"], "pools": [{**pool, "applied": applied}]}
    hit = fold(state, [Event.of("value_set", key="combat.current", value=heavy)])
    warned = [r.warning for r in CAPS.decision(SCENARIO, hit).replies]
    assert all(w.startswith("with what is laid already: ") and "removed" in w for w in warned)


def test_r18_d_1_r18_e_laying_a_barrage_in_words_warning_of_what_it_does_with_the_share_laid():
    table = {"hex": "B-0307", "side": "axis", "applied": {"A1": "4"},
             "pools": [{"amount": "4", "whose": "allied", "kind": "soft", "by": "axis"}]}
    state = position(SCENARIO, phase="barrage", active="axis",
                     at={"X1": "B-0305", "A1": "B-0307", "A2": "B-0307"},
                     events=[Event.of("value_set", key="barrage.fire", value=table),
                             Event.of("decision_required", side="axis", decision="barrage:apply",
                                      prompt="lay 4 soft Firepower on B-0307 (R18.D.1)", data={})])
    replies = {r.order.text: r for r in CAPS.decision(SCENARIO, state).replies}
    assert set(replies) == set(legal(SCENARIO, state))
    assert replies["apply A1=2 A2=2"].text == "lay 2 on A1 (Defence 3), 2 on A2 (Defence 3) (R18.D.1)"
    assert replies["apply A1=2 A2=2"].warning == "with what is laid already: A1 pinned"
    assert not replies["apply A1=2 A2=2"].warning.count("A2")


def test_r20_c_9_a_retreat_is_picked_on_the_map():
    eng = {"kind": "assault", "rule": "R20", "target": "B-0307", "acting": "allied", "reacting": "axis",
           "attackers": ["A1", "A2"], "defenders": ["X1"], "retreat": [["X1", "B-0307"]]}
    state = fold(_combat(), [Event.of("value_set", key="combat.current", value=eng),
                             Event.of("decision_required", side="axis", decision="combat-retreat",
                                      prompt="retreat X1 from B-0307 two hexes (R20.C.9)", data={})])
    decision = CAPS.decision(SCENARIO, state)
    assert decision.replies and decision.finish is None
    picks = {(r.unit, r.hex) for r in decision.replies}
    assert picks == {("X1", o.split()[-1]) for o in legal(SCENARIO, state)}
    reply = decision.replies[0]
    assert reply.text == f"X1 retreats to {reply.hex} (R20.C.9)"


def test_r18_e_r20_c_the_news_of_a_barrage_and_an_assault_in_a_line():
    state = _combat()
    hit = {"unit": "X1", "applied": "3", "defence": "3", "hits": 1}
    hits = Event.of("barrage_hits", hex="B-0307", results=[hit])
    assert CAPS.headline(SCENARIO, state, hits) == "Barrage on B-0307: X1 Suppressed (R18.E)"
    assault = Event.of("assault", hex="B-0307", attackers=["A1"], defenders=["X1"], fvt={}, firepower={},
                       hits={"X1": 1, "A1": 0}, ambush=False, rule="R20")
    assert CAPS.headline(SCENARIO, state, assault) == "Assault on B-0307: X1 reduced (R20)"
    assert CAPS.headline(SCENARIO, state, Event.of("unit_moved", unit="A1", path=["A-0501"], cost=1)) is None


def test_r20_c_5_r20_d_2_the_attack_preview_shows_the_defenders_firing_back():
    told = CAPS.explain(SCENARIO, _combat(), Order.parse("fight B-0307 A1 A2"))
    texts = [(line.text, line.rule) for line in told.lines]
    assert ("X1 fires back, soft: 4 = 4", "R5.A.1") in texts
    assert ("A1 Defence against soft: 3 = 3", "R20.F") in texts
    assault = CAPS.explain(SCENARIO, _combat(), Order.parse("assault B-0507 A2 AAE"))
    back = [line.text for line in assault.lines if line.text.startswith("XAG fires back")]
    assert back and all("Assault Gun in an Assault (R7.C.2)" in t for t in back)


def test_r20_c_1_r20_c_7_r7_b_the_other_answers_in_words():
    pos = Position(SCENARIO, _combat())
    words = screen_orders.WORDED
    def said(kind: str, order: str) -> tuple[str, str]:
        return words[kind](pos, Order.parse(order))

    assert said("combat-join", "join") == ("go on without a unit in the Pinned one's place (R20.C.1)", "")
    assert said("combat-join", "join A2")[0].startswith("A2 joins in the Pinned unit's place")
    assert said("combat-heavy", "heavy XAG=2")[0] == "Heavy Weapons: 2 on XAG (reduced) (R20.C.7)"
    assert said("fire:flee", "flee A1 A-0302") == ("A1 flees the fire to A-0302 (R25.C.1b)", "")
    assert said("fire:flee", "burn A1") == ("A1 stays in the fire and is Reduced (R25.C.1b)",
                                            "it loses a step")
    assert said("barrage:works", "reduce foxholes")[0] == "take a level off the foxholes (R7.B.2c)"
    reduced = Event("works_reduced", {"hex": "A-0505", "work": "pillbox"})
    assert SYSTEM.describe(SCENARIO, _combat(), reduced) == (  # one verb for any work
        "a level comes off the pillbox in A-0505 under the barrage (R7.B.2c, R5.D.2)")


def test_r3_b_2_in_a_free_set_up_the_cursor_places_a_unit_in_its_area():
    state = fold(EMPTY, SYSTEM.setup(SCENARIO, {"setup": "free"}))
    places = {o.split()[-1] for o in legal(SCENARIO, state) if o.startswith("place A1 ")}
    reach = CAPS.reach(SCENARIO, state, "A1")
    assert places and set(reach) == places and set(reach.values()) == {0}
    there = sorted(places)[0]
    assert CAPS.move_order(SCENARIO, state, "A1", [there]) == Order("place", ("A1", there))
    layer, = _reach(CAPS.layers(SCENARIO, state, "allied", "A1"))
    assert set(layer.marks.values()) == {""} and layer.notes[there] == "it may start here (R3.B.2)"


def test_r18_c_the_barrage_key_says_why_there_is_none_to_give():
    why = CAPS.explain(SCENARIO, _combat(), Order("barrage"))
    assert why == Refusal("barrages are fired in the Barrage Phase", "R18")
    over = position(SCENARIO, phase="barrage", active="allied",
                    events=[Event.of("value_set", key="barrage.over", value=True)])
    assert CAPS.explain(SCENARIO, over, Order("aa")).rule == "R18.C"



def test_r18_c_a_bare_barrage_while_some_may_be_given_is_told_its_form(tmp_path):
    game = Game.new(SCENARIO, tmp_path / "g.toml", seed=7)
    for _ in range(4):  # the Dawn Briefings and the Allied phases before the barrages
        game.submit("end")
    assert any(o.verb == "barrage" for o in game.legal_orders())
    assert "HEX" in CAPS.explain(SCENARIO, game.state, Order("barrage")).message


def test_r16_a_b_a_drop_or_landing_is_aimed_with_the_cursor_at_the_dawn_briefing():
    state = position(SCENARIO, phase="dawn-briefing", active="allied")
    aims = {o.split()[-1] for o in legal(SCENARIO, state) if o.startswith("aim APA ")}
    assert aims and set(CAPS.reach(SCENARIO, state, "APA")) == aims
    there = sorted(aims)[0]
    assert CAPS.move_order(SCENARIO, state, "APA", [there]) == Order("aim", ("APA", there))
    layer, = _reach(CAPS.layers(SCENARIO, state, "allied", "APA"))
    assert layer.notes[there] == "its drop or landing may aim here (R16.A-B)"


def test_r15_every_player_turn_phase_prompt_fits_one_line_of_80_columns():
    for phase in ("transport", "supply-movement", "barrage", "activities-movement", "combat",
                  "motorized-movement", "vehicle-assault"):
        prompt = SYSTEM.prompt(SCENARIO, position(SCENARIO, phase=phase, active="allied", turn=1))
        assert prompt.startswith("Allies, Day 1 Afternoon: ") and len(prompt) <= 80, prompt


def test_r11_a_r5_b_a_units_mps_left_or_why_it_may_not_move():
    assert CAPS.unit_notes(SCENARIO, _moving(), "A1") == [Line("4 of 4 MP left", "R11.A")]
    pinned = position(SCENARIO, phase="supply-movement", active="allied", flags={"A1": ["pinned"]})
    assert CAPS.unit_notes(SCENARIO, pinned, "A1") == [
        Line("may not move: A1 is Pinned and may not move", "R5.B")]
    assert CAPS.unit_notes(SCENARIO, _combat(), "A1") == []
    assert CAPS.unit_notes(SCENARIO, _moving(), "X1") == []


def test_r23_a_a_reinforcement_comes_on_where_the_cursor_is():
    state = position(SCENARIO, phase="transport", active="allied")
    assert CAPS.reach(SCENARIO, state, "AR1") == {"A-0104": 0, "A-0205": 0}
    assert CAPS.move_order(SCENARIO, state, "AR1", ["A-0205"]) == Order("enter", ("AR1", "A-0205"))
    layer, = _reach(CAPS.layers(SCENARIO, state, "allied", "AR1"))
    assert layer.notes == {"A-0104": "it may come on here (R23.A)", "A-0205": "it may come on here (R23.A)"}


def test_r7_b_1_an_aa_batterys_mode_in_words():
    state = position(SCENARIO, phase="barrage", active="axis")
    note = CAPS.order_note(SCENARIO, state, Order.parse("aa XAA up"))
    assert note == "AA Battery XAA goes Up: it weakens Air Sorties near it and fires no barrage (R7.B.1)"
