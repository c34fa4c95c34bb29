"""Foxhole R24.D: the competitive-scenario generator (issue 14; docs/generator.md).

`generate(seed)` follows R24.D.1's sequence with the engine's dice (`Dice(seed, 0)`): the
Offensive side, the mission (R24.D.5), the prevailing weather and the bids for it (R24.D.3), one
library maphex for each player turned to face the other (R24.D.2), each side's counters bought
by the computer (R24.D.4), their set-up (R3.B), then the victory conditions as `[rules.victory]`.
The result is an ordinary scenario file's tables: the same seed, the same file, byte for byte.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.hexgrid import DIRECTION_NAMES, along
from tui_wargame.rules.capabilities import GameOption
from tui_wargame.rules.foxhole import maphex_library
from tui_wargame.rules.foxhole.generator import board, buyer, deploy, mission, weather, write
from tui_wargame.rules.foxhole.generator.board import Placed
from tui_wargame.rules.foxhole.generator.catalogue import UnitType
from tui_wargame.rules.foxhole.generator.mission import DEFENSIVE, OFFENSIVE, Plan

ENTER_DAY = 1  # R24.D.5: units that enter the map come on the first Day (R23.A)


@frozen
class Options:
    """The choices a player may make: the weather bids on or off (R24.D.3; off, the mission's
    weather stands) and the scenario's id (the file's name)."""

    bidding: bool = True
    ident: str = ""


@frozen
class Generated:
    """A generated scenario: its tables, the text of its file and the facts tests check."""

    table: Mapping[str, Any]
    text: str
    roll: mission.Roll
    weather: weather.Weather
    maphexes: tuple[Placed, ...]
    bought: Mapping[str, tuple[UnitType, ...]]  # role -> every counter bought (waves included)
    deployments: Mapping[str, deploy.Deployment]
    budgets: Mapping[str, int]  # role -> the points left for counters and markers after the bids
    reserved: Mapping[str, int]  # role -> the points set aside for markers


def _sides(offensive: str) -> dict[str, str]:
    return {OFFENSIVE: offensive, DEFENSIVE: "axis" if offensive == "allied" else "allied"}


def _playable(p: Plan) -> bool:
    """Whether some library maphex has what the mission needs (`board.NEEDS`)."""
    fits = board.NEEDS[p.needs]
    return any(board.facing_edges(maphex_library.load(i), fits) for i in maphex_library.ids())


def _board(dice: Dice, p: Plan) -> tuple[Placed, ...]:
    """R24.D.2: the Offensive maphex A (facing north), then the Defensive one B joined to it, or
    the one maphex A of a one-maphex mission (its Offensive edge turned to the south)."""
    if p.maphexes == 1:
        return (board.draw(dice, "A", "S", board.NEEDS[p.needs]),)
    both = p.needs if p.needs == "not-desert" else ""  # Scorched Earth: neither maphex a Desert one
    return (board.draw(dice, "A", "N", board.NEEDS[both]), board.draw(dice, "B", "S", board.NEEDS[p.needs]))


def _map(placed: Sequence[Placed]) -> tuple[list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]]:
    """The `[map]` maphexes and tables, and the printed markers (bridges, ports) as `[[rules.markers]]`."""
    specs: list[dict[str, Any]] = [{"name": placed[0].name, "radius": board.RADIUS}]
    specs += [{"name": p.name, "radius": board.RADIUS, "attach": placed[0].name, "edge": placed[0].facing}
              for p in placed[1:]]
    tables: dict[str, Any] = {"terrain": {}, "hexside": [], "route": [], "place": []}
    markers: list[dict[str, Any]] = []
    for p in placed:
        mine = maphex_library.as_map_tables(p.maphex, p.name)
        for t, labels in mine["terrain"].items():
            tables["terrain"].setdefault(t, []).extend(labels)
        for key in ("hexside", "route", "place"):
            tables[key] += mine[key]
        markers += maphex_library.as_markers(p.maphex, p.name)
    return specs, {k: v for k, v in tables.items() if v}, markers


@frozen
class _Layout:
    """Per role: its set-up area (None: it enters the map), entry hexes, supply sources."""

    areas: Mapping[str, deploy.Area | None]
    entries: Mapping[str, tuple[str, ...]]
    sources: Mapping[str, tuple[str, ...]]
    ground: mission.Ground
    keep: tuple[str, ...]


def _edge_land(p: Placed, edge: str) -> tuple[str, ...]:
    return tuple(p.label(h) for h in maphex_library.edge_hexes(edge) if board.land(p.maphex, h))


def _layout(dice: Dice, p: Plan, placed: Sequence[Placed], sides: Mapping[str, str]) -> _Layout:
    """Where each side sets up or enters, its supply sources (R24.D.2) and what victory names."""
    mid = p.mission.id
    if p.maphexes == 2:
        a, b = placed
        own = {OFFENSIVE: a, DEFENSIVE: b}
        sources = {r: tuple(m.label(h) for h in board.exits_on(m.maphex, m.far)) for r, m in own.items()}
        entries = {r: _edge_land(m, m.far) for r, m in own.items()}
        areas = {r: None if p.deploy[r] == "enter" else deploy.area(sides[r], own[r], p.deploy[r])
                 for r in own}
        objective = ""
        keep: tuple[str, ...] = ()
        if mid == "last-stand":
            towns: Sequence[str] = [h for h in board.buildings(b.maphex) if board.on_line(b.maphex, h)]
            local = min(towns, key=lambda h: (along(board._hex(h), DIRECTION_NAMES.index(b.facing)), h))
            objective = b.label(local)
            sources = {**sources, DEFENSIVE: tuple(sorted({*sources[DEFENSIVE], objective}))}
            keep = (objective,)
        ground = mission.Ground(b.name, b.facing, sources[DEFENSIVE], objective, entries[DEFENSIVE])
        return _Layout(areas, entries, sources, ground, keep)
    (m,) = placed
    if mid == "guerilla-strike":
        middle = DIRECTION_NAMES.index(dice.choice(DIRECTION_NAMES))
        held = [DIRECTION_NAMES[(middle + k) % 6] for k in (-1, 0, 1)]
        empty = DIRECTION_NAMES[(middle + 3) % 6]
        areas = {DEFENSIVE: deploy.area(sides[DEFENSIVE], m, "sectors", held),
                 OFFENSIVE: deploy.area(sides[OFFENSIVE], m, "sector-only", [empty])}
        sources = {DEFENSIVE: tuple(sorted({m.label(h) for e in held for h in board.exits_on(m.maphex, e)})),
                   OFFENSIVE: tuple(m.label(h) for h in board.exits_on(m.maphex, empty))}
        ground = mission.Ground(m.name, held[1], sources[DEFENSIVE])
        return _Layout(areas, {OFFENSIVE: (), DEFENSIVE: ()}, sources, ground, ())
    # Destroy Bridgehead, Seize and Hold: the Offensive side enters by the south edge
    north = board.turn_edge(m.facing, 3)
    entries = {OFFENSIVE: _edge_land(m, m.facing), DEFENSIVE: _edge_land(m, north)}
    sources = {OFFENSIVE: tuple(m.label(h) for h in board.exits_on(m.maphex, m.facing))}
    if mid == "destroy-bridgehead":
        lines = sorted({h for r in m.maphex.routes for h in r.hexes if h in board.sector_labels(north)})
        top = max((along(board._hex(h), DIRECTION_NAMES.index(north)) for h in lines), default=0)
        sources[DEFENSIVE] = tuple(m.label(h) for h in lines
                                   if along(board._hex(h), DIRECTION_NAMES.index(north)) == top)
        areas = {OFFENSIVE: None, DEFENSIVE: deploy.area(sides[DEFENSIVE], m, "sectors", [north])}
        return _Layout(areas, entries, sources, mission.Ground(m.name, north, sources[DEFENSIVE]), ())
    sources[DEFENSIVE] = tuple(m.label(h) for h in board.exits_on(m.maphex, north))
    towns = board.buildings(m.maphex)
    s = DIRECTION_NAMES.index(m.facing)
    local = min(towns, key=lambda h: (sum(map(abs, board._hex(h))), abs(along(board._hex(h), s)), h))
    ground = mission.Ground(m.name, north, sources[DEFENSIVE], m.label(local))
    return _Layout({OFFENSIVE: None, DEFENSIVE: None}, entries, sources, ground, ())


def _room(layout: _Layout, role: str, placed: Sequence[Placed]) -> int:
    a = layout.areas[role]
    if a is not None:
        return deploy.room(a)
    own = placed[0] if role == OFFENSIVE or len(placed) == 1 else placed[1]
    return deploy.ROOM_PER_HEX * sum(1 for h in maphex_library.labels() if board.land(own.maphex, h)) // 2


def _units(side: str, bought: Sequence[UnitType], first: int) -> list[tuple[str, UnitType, str, str]]:
    """(id, type, name, formation) for each counter: ids by side (A001, X001), names numbered by
    type, rifle battalions of eight counters, vehicles in companies of four platoons."""
    prefix = "A" if side == "allied" else "X"
    seen: Counter[str] = Counter()
    found = []
    foot = vehicles = 0
    for k, t in enumerate(bought, start=first):
        seen[t.id] += 1
        if t.kind == "vehicle":
            formation, vehicles = f"coy{vehicles // 4 + 1}", vehicles + 1
        else:
            formation, foot = f"bn{foot // 8 + 1}", foot + 1
        found.append((f"{prefix}{k:03d}", t, f"{t.name(side)} {seen[t.id]}", formation))
    return found


@frozen
class _Force:
    """One side's part of the scenario: its counters bought, their `[[unit]]` tables, its set-up
    area and deployment, its markers and the units it brings on later."""

    bought: tuple[UnitType, ...]
    units: tuple[Mapping[str, Any], ...]
    area: Mapping[str, Any] | None
    deployment: deploy.Deployment
    arrivals: tuple[Mapping[str, Any], ...]  # `[[rules.reinforcements]]` tables


def _force(dice: Dice, role: str, side: str, p: Plan, budget: int, reserved: int, placed: Sequence[Placed],
           layout: _Layout) -> _Force:
    """R24.D.1, R24.D.4-5: a side buys its counters (and a Wave Assault's waves), sets up or is
    told where it enters, and (defending) spends the rest on markers."""
    posture = buyer.IRREGULAR if role == OFFENSIVE and p.irregular else \
        buyer.ATTACK if role == OFFENSIVE else buyer.DEFEND
    waves_of = p.waves if role == OFFENSIVE else ()
    later = sum(points for _, points in waves_of)
    main = buyer.buy(dice, posture, budget - reserved - later, p.cap[role], _room(layout, role, placed),
                     p.cap_reached)
    waves = [(day, buyer.buy(dice, posture, points, p.cap[role])) for day, points in waves_of]
    bought = [*main, *(t for _, w in waves for t in w)]
    named = _units(side, bought, 1)
    first = [uid for uid, *_ in named[: len(main)]]
    area = layout.areas[role]
    arrivals: list[Mapping[str, Any]] = []
    if area is None:
        dep = deploy.Deployment(dict.fromkeys(first, "reinforcements"), (), 0, 0)
        arrivals.append({"side": side, "day": ENTER_DAY, "units": first, "entry": list(layout.entries[role])})
    else:
        by_name = {q.name: q for q in placed}
        types = {uid: t for uid, t, *_ in named}
        starts = deploy.place_units(dice, by_name, area, [(uid, types[uid]) for uid in first],
                                    defending=role == DEFENSIVE,
                                    keep=layout.keep if role == DEFENSIVE else ())
        left = budget - buyer.total(main) - later if role == DEFENSIVE else 0
        dep = deploy.works(by_name, side, starts, left, p.trenches)
    starts = dict(dep.starts)
    k = len(main)
    for day, wave in waves:
        ids = [uid for uid, *_ in named[k: k + len(wave)]]
        starts.update(dict.fromkeys(ids, "reinforcements"))
        arrivals.append({"side": side, "day": day, "units": ids, "entry": list(layout.entries[role])})
        k += len(wave)
    units = tuple({"id": uid, "name": name, "side": side, "kind": t.kind, "formation": formation,
                   "traits": list(t.traits), "start": starts[uid], "factors": [dict(f) for f in t.factors]}
                  for uid, t, name, formation in named)
    return _Force(tuple(bought), units, area.table if area is not None else None, dep, tuple(arrivals))


def generate(seed: int, options: Options = Options()) -> Generated:  # noqa: B008 (Options is frozen)
    """R24.D: the competitive scenario of `seed` (see the module's docstring)."""
    dice = Dice(seed, 0)
    rolled = mission.roll(dice, _playable)
    p = rolled.plan
    m = p.mission
    sides = _sides(rolled.offensive)
    wx = weather.decide(m, p.budgets, dice, bidding=options.bidding)
    budgets = {r: p.budgets[r] - weather.STEP_PRICE * wx.bids[r] for r in mission.ROLES}
    placed = _board(dice, p)
    specs, map_tables, printed = _map(placed)
    layout = _layout(dice, p, placed, sides)
    sets_up = layout.areas[DEFENSIVE] is not None  # a side that enters the map builds no works
    works = max(p.works, budgets[DEFENSIVE] * buyer.WORKS_SHARE // 100) if sets_up and not p.no_works else 0
    reserved = {OFFENSIVE: 0, DEFENSIVE: works}
    forces = {r: _force(dice, r, sides[r], p, budgets[r], reserved[r], placed, layout) for r in mission.ROLES}
    arrivals = [a for f in forces.values() for a in f.arrivals]
    rules: dict[str, Any] = {
        "offensive": sides[OFFENSIVE],
        "weather": {"prevailing": wx.prevailing, "moisture": wx.moisture},
        "setup_area": [f.area for f in forces.values() if f.area is not None],
        "supply_sources": {sides[r]: list(layout.sources.get(r, ())) for r in mission.ROLES},
        "victory": mission.victory(p, sides[OFFENSIVE], sides[DEFENSIVE], layout.ground),
        "markers": [*printed, *(mk for f in forces.values() for mk in f.deployment.markers)],
        **({"reinforcements": arrivals} if arrivals else {}),
    }
    ident = options.ident or f"competitive-{seed}"
    table = write.scenario(
        ident=ident, title=f"{m.name} (competitive, seed {seed})",
        description=_description(seed, rolled, wx, sides, placed, options),
        days=m.days, maphexes=specs, map_tables=map_tables,
        units=[u for f in forces.values() for u in f.units], rules=rules)
    return Generated(table, write.dumps(table), rolled, wx, tuple(placed),
                     {r: f.bought for r, f in forces.items()}, {r: f.deployment for r, f in forces.items()},
                     budgets, reserved)


def _description(seed: int, rolled: mission.Roll, wx: weather.Weather, sides: Mapping[str, str],
                 placed: Sequence[Placed], options: Options) -> str:
    names = {"allied": "the Allies", "axis": "the Axis"}
    rerolled = "".join(f"{r} ({mission.why_not(r)}: rolled again), " for r in rolled.rolls[:-1])
    bids = (f"; weather bids (R24.D.3): Offensive {wx.bids[OFFENSIVE]} step(s), Defensive "
            f"{wx.bids[DEFENSIVE]}, from {wx.rolled}") if options.bidding else "; no weather bids"
    maps = ", ".join(f"{q.name} = {q.maphex.name}" for q in placed)
    return (f"Seed {seed}: D100 {rerolled}{rolled.rolls[-1]}: {rolled.plan.mission.name} (R24.D.5), "
            f"{names[sides[OFFENSIVE]]} attacking {names[sides[DEFENSIVE]]}; maphexes {maps}; "
            f"{wx.prevailing} weather, ground moisture {wx.moisture}{bids}.")


class _Generator:
    """Foxhole's `rules.ScenarioGenerator`: `tui-wargame generate foxhole` and the title screen."""

    title = "Foxhole competitive scenario (R24.D)"
    options = (GameOption("bidding", "weather bids (R24.D.3)", {
        "on": "each side's computer buyer may spend 150 points a step to move the prevailing weather",
        "off": "the mission's prevailing weather stands; every point buys counters and markers"}),)

    def ident(self, seed: int, choices: Mapping[str, str]) -> str:
        return f"competitive-{seed}" + ("-nobids" if choices.get("bidding") == "off" else "")

    def text(self, seed: int, choices: Mapping[str, str], ident: str) -> str:
        return generate(seed, Options(bidding=choices.get("bidding", "on") == "on", ident=ident)).text


GENERATOR = _Generator()
