"""Fire & Movement told to a reader: its reports in sentences, an attack explained before the
die, and its charts (the CRT, the terrain effects chart) as help tables.

These are the system's optional capabilities (`rules.capabilities`) that speak; the
system (`system.py`) binds them. Every word of F&M vocabulary the screens show comes
from here or from the rules modules, never from the engine, the narrative or the TUI.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tui_wargame.model import Event, Scenario, State
from tui_wargame.rules.capabilities import Explanation, HelpPage, Line, Table
from tui_wargame.rules.fm.data import PROHIBITED, USED, FmRules, ResultEffect, ResultKey, rules_of
from tui_wargame.rules.fm.hooks import hooks_named
from tui_wargame.text import clean, hex_name, plural, side_name, tidy, unit_name


def mp(cost: Fraction) -> str:
    """A movement cost in at most three characters: 2, 1.5, 1/3 (the map's reach marks)."""
    if cost.denominator == 1:
        return str(cost.numerator)
    if cost.denominator == 2 and cost < 10:
        return f"{float(cost):g}"
    return f"{cost.numerator}/{cost.denominator}"


#: How a move made in answer to a combat decision is told, by the decision's kind (F&M 7.7
#: retreat, 7.9 advance; Suez 17.1 and Gaza 16.1 displacement).
MOVED_AS = {"retreat": "retreats", "advance": "advances", "displace": "is displaced"}


def _units(scenario: Scenario, ids: Any) -> str:
    return ", ".join(unit_name(scenario, u) for u in ids) or "nobody"


# --- events ---


def combat_text(scenario: Scenario, e: Event) -> str:
    """The full explanation of a combat report (F&M 7.2-7.7), from its facts alone: the row and
    column the attack preview named, the die, and what the result does."""
    who = _units(scenario, e.get("attackers", ()))
    shifts = "; ".join(f"{s['by']:+d} {s['reason']}" for s in e.get("shifts", ()))
    key = rules_of(scenario).crt.key.get(str(e.get("result")))
    parts = [
        f"{who} ({e.get('attack')}) against {_units(scenario, e.get('defenders', ()))} ({e.get('defence')})"
        f" in {hex_name(scenario, e.get('hex', '?'))}",
        f"differential {e.get('differential'):+d}" if isinstance(e.get("differential"), int) else "",
        f"{row_label(str(e.get('row')))} row" if e.get("row") else "",
        f"shifts {shifts}" if shifts else "",
        f"column {e.get('column')}",
        f"die {e.get('die')}",
        f"result {e.get('result')}" + (f" ({result_words(key)})" if key is not None else ""),
    ]
    return "Combat: " + ", ".join(p for p in parts if p)


def bombard_outcome(scenario: Scenario, e: Event) -> str:
    """A bombardment's outcome (Suez/Gaza 18.4): a step lost, or no loss with the results that
    would have cost one (an Ex costs a bombarded unit nothing, which a reader of the CRT cannot guess)."""
    if e.get("loss"):
        return "a step lost"
    rules = rules_of(scenario)
    costly = [r for r, k in rules.crt.key.items() if k.bombard]
    if not costly:
        return "no loss"
    which = costly[0] if len(costly) == 1 else f"{', '.join(costly[:-1])} or {costly[-1]}"
    rule = f" ({rules.fire_support.rule})" if rules.fire_support else ""
    return f"no loss, as only {which} costs a bombarded unit a step{rule}"


def bombardment_text(scenario: Scenario, e: Event) -> str:
    """A bombardment of one unit (Suez 18.4): the markers' strength on the target's terrain row."""
    loss = bombard_outcome(scenario, e)
    target = unit_name(scenario, e.get("unit", "?"))
    return (f"Bombardment by {side_name(scenario, e.get('side', ''))} of {target}"
            f" in {hex_name(scenario, e.get('hex', '?'))}: strength {e.get('strength')}, "
            f"{row_label(str(e.get('row')))} row, column {e.get('column')}, die {e.get('die')}, "
            f"result {e.get('result')}: {loss}")


#: Where an F&M counter goes off the map, told as what it means (the boxes of `model.DEFAULT_BOXES`).
BOX_WORDS = {"eliminated": "is eliminated", "pool": "joins its side's pool", "set-aside": "is set aside",
             "reinforcements": "waits among the reinforcements", "off-map": "leaves play",
             "deploy": "waits to be deployed"}


def _placed(scenario: Scenario, rules: FmRules, state: State, e: Event) -> str:
    """A counter placed; a marker back from its bombardment is told as still used for the day
    (Suez/Gaza 18.3), so no reader takes it for one that can be drawn again at once. `state` is
    the state before the event."""
    to, who = str(e["to"]), unit_name(scenario, e["unit"])
    if scenario.grid.on_map(to):
        return f"{who} is placed at {hex_name(scenario, to)}"
    unit = state.units.get(e["unit"])  # as it was before the event
    if to == "pool" and unit is not None and scenario.grid.on_map(unit.location):
        fs = rules.fire_support
        if unit.has(USED) and fs is not None:
            return f"{who} goes back to its side's pool, not to be drawn before the next day's " \
                   f"{fs.reuse_time.capitalize()} ({fs.rule})"
        return f"{who} goes back to its side's pool"
    return f"{who} {BOX_WORDS.get(to, f'goes to the {clean(to)} box')}"


def _flagged(scenario: Scenario, rules: FmRules, e: Event) -> str:
    """A unit's lasting condition (a phase's flags are bookkeeping: untold)."""
    if e.get("scope") == "phase":
        return ""
    who, flag, on = unit_name(scenario, e["unit"]), str(e["flag"]), e.get("on", True)
    if flag == USED and rules.fire_support is not None:
        rule = rules.fire_support.rule
        return f"{who} is used for the day ({rule})" if on else f"{who} is ready again ({rule})"
    if flag == "arrived":
        return f"{who} may enter the map now" if on else f"{who} may no longer enter"
    return f"{who} is {'now' if on else 'no longer'} {clean(flag).replace('-', ' ').replace('_', ' ')}"


def _ended(scenario: Scenario, e: Event) -> str:
    """The verdict; a points verdict's reason names its side by id in the saves ("7 VP for br"),
    here by name."""
    level, reason = clean(str(e.get("level", ""))), clean(str(e.get("reason", "")))
    for side in scenario.sides:
        reason = reason.replace(f" VP for {side.id} (", f" VP for the {clean(side.name)} (")
    winner = e.get("winner")
    how = f"{'an' if level[:1] in 'aeiou' else 'a'} {level} victory for the {side_name(scenario, winner)}" \
        if winner else "a draw"
    return f"The game ends in {how}: {reason}" if reason else f"The game ends in {how}"


def describe(scenario: Scenario, state: State, e: Event) -> str | None:
    """Every event F&M and its scenarios emit, in words: the scenario's own first
    (`Hooks.describe`), then F&M's reports (combat, bombardment, a cancelled attack, revealed
    markers) and its words for the state events; "" for bookkeeping a reader need not see (a value
    set, a phase's flags, a decision answered, the phase, which the narrative heads itself)."""
    rules = rules_of(scenario)
    own = hooks_named(rules.hooks).describe(scenario, state, e)
    if own is not None:
        return own
    k = e.kind
    if k == "combat":
        return combat_text(scenario, e)
    if k == "bombardment":
        return bombardment_text(scenario, e)
    if k == "attack_cancelled":
        where = hex_name(scenario, e.get("hex", "?"))
        return f"The attack on {where} is called off: {e.get('reason')} (F&M 7.6)"
    if k == "markers_revealed":
        strengths = ", ".join(f"{s:+d}" if isinstance(s, int) else str(s) for s in e.get("strengths", ()))
        rule = f" ({rules.fire_support.rule})" if rules.fire_support else ""
        whose, where = side_name(scenario, e.get("side", "")), hex_name(scenario, e.get("hex", "?"))
        return f"{whose} fire support on {where} revealed: {strengths or 'nothing'}{rule}"
    if k == "unit_moved":
        start = state.units[e["unit"]].location if e["unit"] in state.units else "?"
        route, who, cost = " - ".join(e["path"]), unit_name(scenario, e["unit"]), Fraction(e["cost"])
        answering = MOVED_AS.get(state.pending.kind) if state.pending and not cost else None
        if answering:  # a combat result's move costs nothing: say what it is, not "0 MP"
            return f"{who} {answering} {start} - {route}"
        if e.get("rail"):
            return f"{who} goes by railway {start} - {route}"
        if scenario.grid.on_map(start):
            return f"{who} moves {start} - {route} ({mp(cost)} MP)"
        return f"{who} enters the map: {route} ({mp(cost)} MP)"
    if k == "unit_placed":
        return _placed(scenario, rules, state, e)
    if k == "step_lost":
        left = int(e["steps"])
        return f"{unit_name(scenario, e['unit'])} loses " + (
            f"a step ({plural(left, 'step')} left)" if left else "its last step")
    if k == "unit_flagged":
        return _flagged(scenario, rules, e)
    if k == "control_changed":
        return f"The {side_name(scenario, e['side'])} now control {hex_name(scenario, e['hex'])}"
    if k == "decision_required":
        return f"{side_name(scenario, e['side'])} must decide: {tidy(clean(str(e['prompt'])))}"
    if k == "game_ended":
        return _ended(scenario, e)
    if k == "roll":
        told = f"{clean(str(e.get('purpose', 'a roll')))}: die {e.get('die')}"
        told += f", {clean(str(e['outcome']))}" if "outcome" in e.facts else ""
        return told[:1].upper() + told[1:]
    if k == "note":
        text = clean(str(e.get("text", "")))
        return text[:1].upper() + text[1:]
    if k in ("value_set", "phase_began", "decision_made"):
        return ""
    return None


def headline(scenario: Scenario, state: State, e: Event) -> str | None:
    """A combat's or bombardment's die and result in one line: the news of its order, with what
    the result does (F&M 7.7-7.8; Suez 18.4: a step lost or not)."""
    if e.kind in ("combat", "bombardment"):
        where, column, result = (clean(str(e.get(k, "?"))) for k in ("hex", "column", "result"))
        key = rules_of(scenario).crt.key.get(result) if e.kind == "combat" else None
        said = f": {result_words(key)}" if key is not None else ""
        if e.kind == "bombardment":
            said = f": {bombard_outcome(scenario, e)}"
        return f"{e.kind.capitalize()} at {where}: column {column}, die {e.get('die')}, result {result}{said}"
    return None


# --- explaining an attack ---


def explain_odds(facts: Mapping[str, Any], shifts: Sequence[tuple[int, Line]], row: Line,
                 results: Sequence[str]) -> Explanation:
    """An attack before the die (F&M 7.2-7.6): totals, differential, the terrain row and why, the
    column before shifts, each shift with its rule, the final column, and what each die gives there
    (F&M 7.3), as the combat's write-up will tell it."""
    att = ", ".join(facts["attackers"])
    dfn = ", ".join(facts["defenders"])
    lines = [Line(f"differential {facts['differential']:+d} (attack {facts['attack']} - defence "
                  f"{facts['defence']})", "F&M 7.2"), row]
    if shifts:
        lines.append(Line(f"column {facts['base_column']} before shifts", "F&M 7.3"))
    lines += [Line(f"shift {by:+d}: {why.text}", why.rule) for by, why in shifts]
    lines.append(Line(f"column {facts['column']}", "F&M 7.6", strong=True))
    lines.append(Line("die " + ", ".join(f"{die} {r}" for die, r in enumerate(results, 1)), "F&M 7.3"))
    return Explanation(f"{att} ({facts['attack']}) vs {dfn} ({facts['defence']}) in {facts['hex']}",
                       tuple(lines))


# --- help pages ---


def row_label(row: str) -> str:
    """A CRT row as the charts, the preview and the write-ups name it: "Town", "Clear"."""
    return clean(row).replace("_", " ").capitalize()


def effect_words(who: str, e: ResultEffect) -> str:
    """What a result does to one side, in words: "the defenders retreat 2 hexes, or one of them
    loses a step instead" (F&M 7.7-7.8)."""
    if e.eliminate:
        return f"the {who} are eliminated"
    said = f"the {who} retreat {plural(e.retreat, 'hex')}" if e.retreat else ""
    if e.retreat and e.deplete_instead:
        said += ", or one of them loses a step instead"
    if e.loss:
        lose = f"lose {plural(e.loss, 'step')}"
        said = f"{said}, then {lose}" if said else f"the {who} {lose}"
    return said


def result_words(key: ResultKey) -> str:
    """A CRT result in words, the attacker's effect first."""
    said = [w for w in (effect_words("attackers", key.attacker), effect_words("defenders", key.defender))
            if w]
    return "; ".join(said) or "no effect"


def crt_page(rules: FmRules) -> HelpPage:
    """The CRT as one grid (F&M 7.3): the differential headings of each terrain row over the
    result columns, one line a die; which terrain uses which row; the results in words."""
    crt = rules.crt
    n = len(crt.columns)
    heads = tuple((row_label(r), *labels, *([""] * (n - len(labels)))) for r, labels in crt.rows.items())
    dice = tuple((f"die {die}", *line) for die, line in enumerate(crt.results, 1))
    blocks: list[str | Table] = [
        "Attack total minus defence total is the differential (F&M 7.2): find its column on the "
        "defender's terrain row (F&M 7.4; past an end, the end column), shift it as the rules say "
        "(F&M 7.6), roll one die and read the result (F&M 7.3).",
        Table("Combat results (F&M 7.3)", ("column", *crt.columns), heads + dice, head=len(heads)),
        Table("Rows (F&M 7.4)", ("row", "the defender is in"),
              tuple((row_label(r), clean(crt.row_names.get(r, r))) for r in crt.rows)),
    ]
    bombard = [k for k, v in crt.key.items() if v.bombard]
    fs = rules.fire_support
    note = (f"A bombardment costs its target one step on {', '.join(bombard)}, nothing on any other "
            f"result ({fs.rule})." if fs is not None and bombard else "")
    blocks.append(Table("Results (F&M 7.7, 7.8)", ("result", "what happens"),
                        tuple((k, result_words(v)) for k, v in crt.key.items()), note=note))
    return HelpPage("crt", "Combat results", tuple(blocks))


def _move(text: str) -> str:
    return "prohibited" if text == PROHIBITED else text


def terrain_page(scenario: Scenario, rules: FmRules) -> HelpPage:
    names = {t.id: clean(t.name) for t in scenario.terrain}
    terrain = tuple((names.get(tid, tid), _move(e.move), row_label(e.row) if e.row else "-",
                     ", ".join(f"{side_name(scenario, s)}: {row_label(r)}" for s, r in e.row_by_side.items()),
                     "; ".join(x for x in ("no stacking" if not e.stacking else "",
                                           "observers see farther" if e.hill else "") if x))
                    for tid, e in rules.terrain.items())
    blocks: list[str | Table] = [Table("Terrain (F&M 5.2, 7.4)", ("terrain", "MP to enter", "CRT row",
                                                                  "row by side", "note"), terrain)]
    if rules.hexside:
        sides = tuple((f, _move(h.move) if h.move == PROHIBITED else f"+{h.move}",
                       "blocked" if h.blocks_zoc else "", "blocked" if h.blocks_combat else "",
                       row_label(h.row) if h.row else "-")
                      for f, h in rules.hexside.items())
        blocks.append(Table("Hexsides (F&M 5.2, 6.1, 7.4)", ("feature", "MP to cross", "ZOC", "combat",
                                                             "CRT row"), sides))
    if rules.route:
        def who(side: str, kinds: tuple[str, ...]) -> str:
            return f"{side_name(scenario, side) if side else 'any side'} {'/'.join(kinds) or 'units'}"

        routes = tuple((k, r.cost, "; ".join(f"{s.cost} for {who(s.side, s.kinds)}" for s in r.special))
                       for k, r in rules.route.items())
        blocks.append(Table("Routes (F&M 5.2)", ("route", "MP a hex", "special"), routes,
                            note="along a route joining both hexes, the route's cost replaces the terrain's"))
    blocks.append(f"Leaving an enemy zone of control costs +{rules.zoc.exit_cost} MP (F&M 6.1)"
                  + "".join(f"; free for {side_name(scenario, f.side) if f.side else 'both sides'}"
                            f"{' at night' if f.night else ''}{' in ' + f.terrain if f.terrain else ''} "
                            f"({f.rule})" for f in rules.zoc.free_exit) + ".")
    return HelpPage("terrain", "Terrain effects", tuple(blocks))


def scenario_page(scenario: Scenario, rules: FmRules) -> HelpPage | None:
    """The scenario's column shifts, stacking limits, fire support, commander, reinforcements and
    victory levels, where it has them."""
    blocks: list[str | Table] = []
    turns = {t.id: clean(t.name) for t in scenario.turns}
    if rules.shift:
        blocks.append(Table("Column shifts (F&M 7.6)", ("shift", "why", "side", "when", "rule"), tuple(
            (f"{s.by:+d}", clean(s.reason), side_name(scenario, s.side) if s.side else "any",
             ", ".join(x for x in ("night" if s.night else "day" if s.night is False else "",
                                   ", ".join(turns.get(t, t) for t in s.turns)) if x) or "always", s.rule)
            for s in rules.shift)))
    if rules.stacking:
        blocks.append(Table("Stacking (F&M 5.3)", ("side", "units", "condition", "rule"), tuple(
            (side_name(scenario, side), str(lim.units), "one formation" if lim.same_formation else "",
             lim.rule) for side, lim in rules.stacking.items())))
    fs = rules.fire_support
    if fs is not None:
        blocks.append(Table(f"Fire support ({fs.rule})", ("side", "markers a hex", "observes", "from a hill"),
                            tuple((side_name(scenario, side), str(fs.limits.get(side, 0)),
                                   str(seen.range) if (seen := fs.observation.get(side)) else "-",
                                   str(seen.hill_range) if seen else "-") for side in scenario.side),
                            note="" if fs.at_night else f"none at night ({fs.night_rule or fs.rule})"))
    if rules.commander is not None:
        cmd = rules.commander
        blocks.append(f"{clean(cmd.name)} ({side_name(scenario, cmd.side)}): `{cmd.order} HEX` shifts one "
                      f"declared attack {cmd.shift:+d} column once a combat phase ({cmd.rule}).")
    if rules.reinforcement:
        blocks.append(Table("Reinforcements", ("units", "from", "entry hexes"), tuple(
            (", ".join(r.units), turns.get(r.turn, r.turn) if r.turn else "when the scenario's rules say",
             f"{r.hexes[0]}-{r.hexes[-1]}" if len(r.hexes) > 3 else ", ".join(r.hexes))
            for r in rules.reinforcement)))
    return HelpPage("scenario", "Scenario rules", tuple(blocks)) if blocks else None


def victory_page(scenario: Scenario, rules: FmRules) -> HelpPage | None:
    """The victory levels (Suez/Gaza 12.3): the help shows them on its victory page, under the
    victory hexes and who holds them."""
    vic = rules.victory
    if not vic.levels:
        return None
    who = side_name(scenario, vic.side) if vic.side else "the scenario's side"
    rows = []
    for i, lv in enumerate(vic.levels):
        top = vic.levels[i - 1].min - 1 if i else None
        points = f"{lv.min} or more" if top is None else str(lv.min) if top == lv.min else f"{lv.min}-{top}"
        rows.append((points, f"{side_name(scenario, lv.winner)} {clean(lv.level)} victory"
                     if lv.winner else clean(lv.level).capitalize()))
    return HelpPage("victory", "Victory", (
        Table(f"Victory levels ({vic.rule})", (f"{who} VP", "the game is"), tuple(rows)),))


def rules_page(scenario: Scenario, rules: FmRules) -> HelpPage:
    """The rules in one page: the system's sequence, movement and combat, then the scenario's
    exclusive rules, each line with its section (paraphrased, never quoted)."""
    first = side_name(scenario, rules.first or scenario.sides[0].id)
    system = (
        ("F&M 4.0", f"A game turn is two player turns, the {first} first: each side moves, then "
                    f"fights."),
        ("F&M 5.0", "Move units one at a time, paying each hex's cost from the unit's movement "
                    "allowance; see the terrain page."),
        ("F&M 6.1, 5.1.1", f"Entering an enemy zone of control (the hexes next to an enemy unit) stops "
                           f"a unit; leaving one costs +{rules.zoc.exit_cost} MP."),
        ("F&M 7.1", "Declare every attack first, then resolve them one by one in the order you choose."),
        ("F&M 7.2-7.6", "Differential, terrain row, shifts and one die give the result: see the "
                        "combat results page."),
        ("F&M 7.7-7.9", "Losers retreat or lose steps; the winner may advance into the hex vacated."),
    )
    own = hooks_named(rules.hooks).summary()
    blocks: list[str | Table] = [Table("How a turn goes", ("rule", "in short"), system)]
    if own:
        blocks.append(Table(f"The exclusive rules of {clean(scenario.title)}", ("rule", "in short"),
                            tuple(own)))
    return HelpPage("rules", "Rules", tuple(blocks))


def orders_page(rules: FmRules) -> HelpPage:
    """The orders a player types (after `:`) and what each does, by rule."""
    rows = [("move UNIT HEX...", "along the whole path, hex by hex; one move a unit a phase", "F&M 5.0"),
            ("enter UNIT HEX...", "a reinforcement enters at the first hex (an entry hex) and moves on",
             "F&M 5.4"),
            ("attack TARGET FROM", "the stack in FROM joins the attack declared on TARGET", "F&M 7.1"),
            ("resolve TARGET", "roll the attack on TARGET; the attacker chooses the order", "F&M 7.6")]
    fs = rules.fire_support
    if fs is not None:
        rows += [("bombard HEX", "a face-down fire-support marker on HEX, while attacks are declared",
                  fs.rule),
                 ("air UNIT HEX", "the air unit bombards HEX", fs.rule),
                 ("observe UNIT HEX", "the air unit observes HEX", fs.rule),
                 ("done", "the defender has placed its fire support", fs.rule)]
    rows.append(("end", "end the phase (or the step)", "F&M 4.0"))
    return HelpPage("orders", "Orders", (
        Table("Orders", ("order", "what it does", "rule"), tuple(rows)),
        "A combat's result asks for answers (lose, retreat, deplete, displace, advance, stop; "
        "F&M 7.6-7.9). The scenario's own orders (rail movement, a commander, charges, a free "
        "set-up) are offered with the others when legal: Tab after `:`, `o`, `tui-wargame legal`."))


def help_pages(scenario: Scenario) -> list[HelpPage]:
    """The CRT, the terrain chart, the orders and the scenario's tables; the rules in brief and the
    victory levels, which the help shows on its own rules and victory pages."""
    rules = rules_of(scenario)
    pages = [crt_page(rules), terrain_page(scenario, rules), orders_page(rules),
             scenario_page(scenario, rules), rules_page(scenario, rules), victory_page(scenario, rules)]
    return [page for page in pages if page is not None]
