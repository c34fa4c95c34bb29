"""Foxhole R24.B-D: who wins, from the scenario's `[rules.victory]` conditions (R4.E carry-over).

A scenario's booklet conditions (R24.B) are data:

    [rules.victory]
    otherwise = "axis"            # the winner if no goal is met at the end ("" or absent: a draw)
    otherwise_level = "marginal"
    points = "losses"             # what victory_points shows: "losses" inflicted or "control" (R24.C)
    maphexes = ["B"]              # the maphexes control points count (all if absent)

    [[rules.victory.goal]]
    winner = "allied"
    level = "decisive"
    when = "end"                  # "end": after the last Full Turn; "any": at any player turn's end
    tests = [{ test = "sector", status = "control", maphex = "B", sectors = ["S"] },
             { test = "losses", at_most = 8 }]

Goals are tried in order; the first whose tests all hold decides. Every test is a predicate of a
Position and the goal's side (`TESTS`), the same ones the R24.D.5 missions need, so that the
competitive-scenario generator writes its missions as this data. Without `[rules.victory]` the
game is a draw. At the game's end a `carry-over` report lists the survivors for an Operation's
next game (R4.E).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.model import Event, Scenario, State, fold
from tui_wargame.rules.foxhole import charts, standing
from tui_wargame.rules.foxhole.counters import ELIMINATED
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.text import side_name

RULE = "R24"
END, ANY = "end", "any"
EVER = "victory.ever"  # value: side -> status -> the "MAPHEX:SECTOR"s it has ever had (R24.D.5)

Test = Mapping[str, Any]


def _of(pos: Position, side: str, t: Test) -> str:
    return pos.enemy(side) if t.get("of", "own") == "enemy" else side


def _bounded(n: int, t: Test) -> bool:
    return n <= t.get("at_most", n) and n >= t.get("at_least", n)


def _sectors(t: Test) -> list[str]:
    return list(t.get("sectors", standing.SECTORS))


def _sector(pos: Position, side: str, t: Test) -> bool:
    """R24.A.1: `side` has the status in at least `at_least` (default: all) of the sectors."""
    sectors = _sectors(t)
    have = sum(standing.has_status(pos, side, t["maphex"], s, t["status"]) for s in sectors)
    return have >= t.get("at_least", len(sectors))


def _ever(pos: Position, side: str, status: str) -> set[str]:
    return set(ever(pos).get(side, {}).get(status, ()))


def _sectors_ever(pos: Position, side: str, t: Test) -> bool:
    """R24.D.5 (Reconnaissance in Force): the status in `at_least` sectors, not all at once."""
    had = _ever(pos, side, t["status"]) | _now(pos, side, t)
    return len(had) >= t.get("at_least", len(_sectors(t)))


def _now(pos: Position, side: str, t: Test) -> set[str]:
    return {f"{t['maphex']}:{s}" for s in _sectors(t)
            if standing.has_status(pos, side, t["maphex"], s, t["status"])}


def _hexes(pos: Position, side: str, t: Test) -> bool:
    """R24.B, R24.D.5 (Last Stand, Seize and Hold): a unit of `side` in enough of the hexes."""
    held = sum(1 for h in t["hexes"] if pos.units_in(h, side))
    return held >= t.get("at_least", len(t["hexes"]))


def _losses(pos: Position, side: str, t: Test) -> bool:
    """R24.A.2: the losses of `side` (or, `of = "enemy"`, of its enemy) within the bounds."""
    return _bounded(standing.losses(pos, _of(pos, side, t)), t)


def _eliminated(pos: Position, side: str, t: Test) -> bool:
    """R24.D.5 (Guerilla Strike): the Eliminated units of `side` (or its enemy) within the bounds."""
    return _bounded(standing.eliminated(pos, _of(pos, side, t)), t)


def _fewer_losses(pos: Position, side: str, t: Test) -> bool:
    """R24.D.5 (Attrition, Skirmish, Trench Warfare; Flank Attack with `times = 2`): the enemy
    took more losses than `side`, and at least `times` as many."""
    own, enemy = standing.losses(pos, side), standing.losses(pos, pos.enemy(side))
    return enemy > own and enemy >= t.get("times", 1) * own


def _area(pos: Position, t: Test) -> list[str]:
    if "hexes" in t:
        return list(t["hexes"])
    grid = pos.scenario.grid
    return [h for h in grid.labels() if h.partition("-")[0] == t["maphex"]
            and ("sectors" not in t or grid.sectors(h) & set(t["sectors"]))]


def _burnt_out(pos: Position, side: str, t: Test) -> bool:
    """R24.D.5 (Pillage, Scorched Earth): Burnt Out hexes among those of the area that can burn
    (or of the hex types or Building features `types`): `at_least` N, `share = "all"` or
    `share = "more-than-half"`."""
    types = set(t.get("types", ()))
    hexes = [h for h in _area(pos, t) if (bool(_kinds(pos, h) & types) if types else _can_burn(pos, h))]
    burnt = sum(1 for h in hexes if pos.marker(h, "burnt-out") is not None)
    share = t.get("share")
    if share == "all":
        return burnt == len(hexes)
    if share == "more-than-half":
        return 2 * burnt > len(hexes)
    return burnt >= t.get("at_least", 1)


def _kinds(pos: Position, label: str) -> set[str]:
    """The hex's own type as the scenario prints it (not what it burnt to) and its features
    (R24.D.5 Pillage names Building and Tall Building, which are features, beside the hex types)."""
    features = {m.kind for m in pos.markers(label) if m.kind in charts.FEATURES}
    return {pos.scenario.terrain_at(label).id} | features


def _can_burn(pos: Position, label: str) -> bool:
    """Chart 2: a fire chance from the printed hex type or from a Building feature on it."""
    return any((charts.HEX_TYPES.get(k) or charts.FEATURES[k]).fire > 0 for k in _kinds(pos, label))


def _exits(pos: Position, side: str, t: Test) -> bool:
    """R24.D.5 (Blitzkrieg, Rearguard): `side`'s units in the exit box `box`: `at_least` N, or
    `all = true`: every unit of it not Eliminated."""
    units = [uid for uid, u in pos.state.units.items() if pos.side_of(uid) == side]
    out = sum(1 for uid in units if pos.location(uid) == t["box"])
    if t.get("all", False):
        return out > 0 and out == sum(1 for uid in units if pos.location(uid) != ELIMINATED)
    return out >= t.get("at_least", 1)


def _control_points(pos: Position, side: str, t: Test) -> bool:
    """R24.C: more control points than the enemy on the maphexes. A tie goes to the Defensive
    side (`ties = "defensive"`, R24.C: the Offensive side retreats), or to nobody (`ties = "none"`,
    R24.D.5 missions that break it by losses with a further goal)."""
    within = t.get("maphexes", ())
    own = standing.control_points(pos, side, within)
    enemy = standing.control_points(pos, pos.enemy(side), within)
    tie_won = t.get("ties", "defensive") == "defensive" and side == pos.defensive
    return own > enemy or (own == enemy and tie_won)


def score(pos: Position, side: str, kind: str, within: tuple[str, ...] = ()) -> int:
    """A side's score of one kind: `losses-inflicted` on its enemy (R24.A.2), `burnt-out` markers
    its attacks set (R24.D.5 Total War), `control-points` (R24.C) on the maphexes `within`."""
    if kind == "losses-inflicted":
        return standing.losses(pos, pos.enemy(side))
    if kind == "burnt-out":
        return sum(1 for ms in pos.state.markers.values() for m in ms
                   if m.kind == "burnt-out" and m.side == side)
    return standing.control_points(pos, side, within)


SCORES = ("losses-inflicted", "burnt-out", "control-points")


def _score(pos: Position, side: str, t: Test) -> bool:
    """R24.D.5 (Total War): `side`'s score of kind `own` beats its enemy's of kind `enemy`."""
    within = tuple(t.get("maphexes", ()))
    return score(pos, side, t["own"], within) > score(pos, pos.enemy(side), t.get("enemy", t["own"]), within)


#: test name -> (predicate, its required keys, its optional keys).
TESTS: Mapping[str, tuple[Callable[[Position, str, Test], bool], frozenset[str], frozenset[str]]] = {
    "sector": (_sector, frozenset({"status", "maphex"}), frozenset({"sectors", "at_least"})),
    "sectors-ever": (_sectors_ever, frozenset({"status", "maphex"}), frozenset({"sectors", "at_least"})),
    "hexes": (_hexes, frozenset({"hexes"}), frozenset({"at_least"})),
    "losses": (_losses, frozenset(), frozenset({"of", "at_most", "at_least"})),
    "eliminated": (_eliminated, frozenset(), frozenset({"of", "at_most", "at_least"})),
    "fewer-losses": (_fewer_losses, frozenset(), frozenset({"times"})),
    "burnt-out": (_burnt_out, frozenset(),
                  frozenset({"hexes", "maphex", "sectors", "types", "at_least", "share"})),
    "exits": (_exits, frozenset({"box"}), frozenset({"at_least", "all"})),
    "control-points": (_control_points, frozenset(), frozenset({"maphexes", "ties"})),
    "score": (_score, frozenset({"own"}), frozenset({"enemy", "maphexes"})),
}


def holds(pos: Position, side: str, test: Test) -> bool:
    """Whether one victory test holds for `side` now (the R24.D.5 generator's predicate)."""
    return TESTS[test["test"]][0](pos, side, test)


def _table(scenario: Scenario) -> Mapping[str, Any]:
    found = scenario.rules.get("victory", {})
    return found if isinstance(found, Mapping) else {}


def _goals(pos: Position) -> list[Mapping[str, Any]]:
    return list(_table(pos.scenario).get("goal", []))


def describe(test: Test) -> str:
    """One test in words, for the verdict's reason."""
    kind = test["test"]
    if kind in ("sector", "sectors-ever"):
        sectors = ", ".join(_sectors(test))
        many = f"{test['at_least']} of " if "at_least" in test else ""
        ever = " (at some time, not all at once)" if kind == "sectors-ever" else ""
        return f"{test['status']} {many}sector(s) {sectors} of maphex {test['maphex']}{ever} (R24.A.1)"
    bounds = " ".join(f"{k.replace('_', ' ')} {test[k]}" for k in ("at_most", "at_least") if k in test)
    if kind == "hexes":
        return f"a unit in {bounds or 'each of'} {', '.join(test['hexes'])} (R24.B)"
    if kind in ("losses", "eliminated"):
        whose = "the enemy's" if test.get("of") == "enemy" else "own"
        return f"{whose} {'losses' if kind == 'losses' else 'eliminated units'} {bounds} (R24.A.2)"
    if kind == "fewer-losses":
        times = test.get("times", 1)
        if times == 1:
            return "fewer losses than the enemy (R24.A.2)"
        return f"the enemy took {times} times the losses (R24.A.2)"
    if kind == "burnt-out":
        return f"Burnt Out hexes: {test.get('share', test.get('at_least', 1))} (R24.D.5)"
    if kind == "exits":
        many = "all" if test.get("all") else test.get("at_least", 1)
        return f"units exited to {test['box']}: {many} (R24.D.5)"
    if kind == "score":
        return f"more {test['own']} than the enemy's {test.get('enemy', test['own'])} (R24.D.5)"
    return "more control points (R24.C)"


def _verdict(pos: Position, when: tuple[str, ...]) -> Event | None:
    for goal in _goals(pos):
        if goal.get("when", END) not in when:
            continue
        side = goal["winner"]
        tests = goal.get("tests", [])
        if all(holds(pos, side, t) for t in tests):
            reason = goal.get("reason") or _cited(f"{side_name(pos.scenario, side)} met their goal: "
                                                  + "; ".join(describe(t) for t in tests), "R24.B")
            return Event.of("game_ended", winner=side, level=goal.get("level", "decisive"), reason=reason)
    return None


def _cited(text: str, rule: str) -> str:
    """The text citing `rule` once: a test's words may already end with it (a `hexes` test)."""
    return text if f"({rule})" in text else f"{text} ({rule})"


def remember(pos: Position) -> list[Event]:
    """Keep the sectors each side has ever held at the status a `sectors-ever` test asks."""
    wanted = [(g["winner"], t) for g in _goals(pos) for t in g.get("tests", [])
              if t["test"] == "sectors-ever"]
    if not wanted:
        return []
    before = ever(pos)
    table = {side: {st: set(v) for st, v in by.items()} for side, by in before.items()}
    for side, t in wanted:
        table.setdefault(side, {}).setdefault(t["status"], set()).update(_now(pos, side, t))
    plain = {side: {st: sorted(v) for st, v in by.items()} for side, by in table.items()}
    return [] if plain == before else [Event.of("value_set", key=EVER, value=plain)]


def ever(pos: Position) -> dict[str, dict[str, list[str]]]:
    """side -> status -> the "MAPHEX:SECTOR"s it has had that status in (for `sectors-ever`)."""
    table: object = pos.state.values.get(EVER, {})
    return {side: {st: sorted(v) for st, v in by.items()} for side, by in table.items()} \
        if isinstance(table, Mapping) else {}


def during(pos: Position) -> list[Event]:
    """At the end of each player turn: remember what `sectors-ever` tests need, and end the game
    if a goal met "at any time" (R24.D.5: Encirclement, Prepared Assault, Relieve Pocket) is met."""
    events = remember(pos)
    ended = _verdict(pos.at(_fold(pos, events)), (ANY,))
    return events + ([ended, carry_over(pos)] if ended is not None else [])


def _fold(pos: Position, events: list[Event]) -> State:
    return fold(pos.state, events)


def at_end(pos: Position, dice: Dice) -> list[Event]:
    """R24.B: after the last Full Turn, the first goal met decides; if none, `otherwise` wins
    (a draw if the scenario names nobody). Then the survivors for the Operation (R4.E)."""
    events = remember(pos)
    here = pos.at(_fold(pos, events))
    ended = _verdict(here, (END, ANY))
    if ended is None:
        table = _table(pos.scenario)
        winner = str(table.get("otherwise", ""))
        if winner:
            # the winner is told with it
            ended = Event.of("game_ended", winner=winner, level=str(table.get("otherwise_level", "marginal")),
                             reason="No goal was met by the last Full Turn (R24.B)")
        else:
            ended = Event.of("game_ended", winner="", level="draw",
                             reason="The last Full Turn is over and no side met its goal (R24.B)")
    return [*events, ended, carry_over(here)]


def carry_over(pos: Position) -> Event:
    """R4.E: the report of every surviving unit and its state, for an Operation's next game."""
    units = [{"unit": uid, "side": pos.side_of(uid), "at": u.location, "steps": u.steps,
              "losses": standing.unit_losses(pos, uid), "flags": sorted(u.flags)}
             for uid, u in sorted(pos.state.units.items()) if u.location != ELIMINATED]
    return Event.of("carry-over", units=units)


def points(pos: Position) -> dict[str, int]:
    """Each side's score now: losses inflicted on the enemy (R24.A.2), or control points (R24.C)
    when `[rules.victory] points = "control"`."""
    table = _table(pos.scenario)
    sides = [s.id for s in pos.scenario.sides]
    if table.get("points") == "control":
        return {s: standing.control_points(pos, s, table.get("maphexes", ())) for s in sides}
    return {s: standing.losses(pos, pos.enemy(s)) for s in sides}


def _carry_words(pos: Position, e: Event) -> str:
    return f"{len(e['units'])} units survive to carry over to the Operation's next game (R4.E)"


WORDS = {"carry-over": _carry_words}


def check(scenario: Scenario) -> list[str]:
    """`[rules.victory]`: its goals name a side, a time and known tests with their keys."""
    raw = scenario.rules.get("victory")
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        return ["rules.victory: must be a table"]
    problems = []
    sides = set(scenario.side)
    for key in sorted(set(raw) - {"otherwise", "otherwise_level", "points", "maphexes", "goal"}):
        problems.append(f"rules.victory.{key}: not a victory key "
                        "(otherwise, otherwise_level, points, maphexes, goal)")
    if raw.get("otherwise", "") not in ("", *sides):
        problems.append(f"rules.victory.otherwise: no side {raw.get('otherwise')!r}")
    if raw.get("points", "losses") not in ("losses", "control"):
        problems.append("rules.victory.points: \"losses\" or \"control\" (R24.A.2, R24.C)")
    names = {m.name for m in getattr(scenario.grid, "maphexes", ())}
    for m in raw.get("maphexes", []):
        if m not in names:
            problems.append(f"rules.victory.maphexes: no maphex {m!r}")
    goals = raw.get("goal", [])
    if not isinstance(goals, list):
        return [*problems, "rules.victory.goal: must be an array of tables ([[rules.victory.goal]])"]
    for i, goal in enumerate(goals):
        problems += _check_goal(scenario, f"rules.victory.goal[{i}]", goal, names)
    return problems


def _check_goal(scenario: Scenario, where: str, goal: Any, maphex_names: set[str]) -> list[str]:
    if not isinstance(goal, Mapping):
        return [f"{where}: must be a table"]
    problems = []
    if goal.get("winner") not in scenario.side:
        problems.append(f"{where}.winner: must name a side ({', '.join(scenario.side)})")
    if goal.get("when", END) not in (END, ANY):
        problems.append(f"{where}.when: \"end\" or \"any\" (R24.B, R24.D.5)")
    for key in sorted(set(goal) - {"winner", "level", "when", "tests", "reason"}):
        problems.append(f"{where}.{key}: not a goal's key (winner, level, when, tests, reason)")
    tests = goal.get("tests", [])
    if not isinstance(tests, list) or not tests:
        return [*problems, f"{where}.tests: a list of one or more tests"]
    for j, t in enumerate(tests):
        problems += _check_test(scenario, f"{where}.tests[{j}]", t, maphex_names)
    return problems


def _check_test(scenario: Scenario, where: str, t: Any, maphex_names: set[str]) -> list[str]:
    if not isinstance(t, Mapping) or t.get("test") not in TESTS:
        return [f"{where}.test: one of {', '.join(TESTS)}"]
    _, required, optional = TESTS[t["test"]]
    problems = [f"{where}: {t['test']} needs {key}" for key in sorted(required - set(t))]
    problems += [f"{where}.{key}: not a key of a {t['test']} test"
                 for key in sorted(set(t) - required - optional - {"test"})]
    if "status" in t and t["status"] not in standing.STATUSES:
        problems.append(f"{where}.status: one of {', '.join(standing.STATUSES)} (R24.A.1)")
    if "maphex" in t and t["maphex"] not in maphex_names:
        problems.append(f"{where}.maphex: no maphex {t['maphex']!r}")
    for s in t.get("sectors", []):
        if s not in standing.SECTORS:
            problems.append(f"{where}.sectors: {s!r} is not a sector ({', '.join(standing.SECTORS)}, R3.A.2)")
    for h in t.get("hexes", []):
        if not scenario.grid.on_map(h):
            problems.append(f"{where}.hexes: {h!r} is not a hex of the map")
    if "box" in t and t["box"] not in scenario.box:
        problems.append(f"{where}.box: no box {t['box']!r}")
    if t.get("of", "own") not in ("own", "enemy"):
        problems.append(f"{where}.of: \"own\" or \"enemy\"")
    for key in ("own", "enemy"):
        if key in t and t[key] not in SCORES:
            problems.append(f"{where}.{key}: a score ({', '.join(SCORES)})")
    if t.get("ties", "defensive") not in ("defensive", "none"):
        problems.append(f"{where}.ties: \"defensive\" or \"none\" (R24.C)")
    for m in t.get("maphexes", []):
        if m not in maphex_names:
            problems.append(f"{where}.maphexes: no maphex {m!r}")
    if t.get("share", "all") not in ("all", "more-than-half"):
        problems.append(f"{where}.share: \"all\" or \"more-than-half\"")
    for key in ("at_most", "at_least", "times"):
        if key in t and (type(t[key]) is not int or t[key] < 0):
            problems.append(f"{where}.{key}: a whole number from 0")
    return problems
