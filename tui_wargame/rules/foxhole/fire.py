"""Foxhole R25.C.1b-c (optional "environment"): fire after an attack in Dry ground, and its smoke.

A hex that catches fire gets a `fire` marker (its value counts the player turns it has burned)
and a `burnt-out` marker whose value is what the hex burns to (R5.B.12; `Position.hex_type`
reads it). Each unit in it chooses, one by one, to flee to an adjacent hex or to be Reduced: the
decision `fire:flee`, answered with `flee UNIT HEX` or `burn UNIT`. After two player turns the
fire checks each adjacent hex that can still burn, then goes out (R25.C.1b). While it burns its
smoke stands in the hex (Calm) or one hex downwind (Breeze), none in a Gale (R25.C.1c).

Callers: `after_attack` is called by the barrage and combat rules at the end of each attack; it
may return a `decision_required`, so they call it last. `end_of_player_turn` is the sequence's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, fold
from tui_wargame.rules.foxhole import charts, effects, stacking, weather
from tui_wargame.rules.foxhole.arith import chance
from tui_wargame.rules.foxhole.position import Position

if TYPE_CHECKING:  # sequence calls this module at each player turn's end
    from tui_wargame.rules.foxhole.sequence import Handler

RULE = "R25.C.1b"
OPTION = "environment"
FIRE, BURNT_OUT, SMOKE = "fire", "burnt-out", "smoke"
FLEE = "fire:flee"  # the decision: which units in a burning hex flee, and where
SMOKE_ID = "fire"  # the id of a fire's smoke marker, apart from barrage smoke (R25.C.1c)
SPREAD_AFTER = 2  # full player turns after the one it started in (R25.C.1b)
ATTACKS = ("barrage", "fight", "assault")  # a Smoke Barrage starts no fire


def fire_chance(pos: Position, hex: str, assaulters: Sequence[str] = ()) -> int:
    """R25.C.1b, Chart 2: the hex's chance in 10 (the higher of its type and any Building feature
    on it), doubled when an Assault Engineer assaults it (R7.A.5.a); 0 if it has burnt already."""
    if pos.marker(hex, BURNT_OUT) is not None or pos.marker(hex, FIRE) is not None:
        return 0
    base = max([pos.hex_type(hex).fire] + [charts.FEATURES[m.kind].fire for m in pos.markers(hex)
                                            if m.kind in charts.FEATURES])
    if any("engineer-assault" in pos.spec(u).traits for u in assaulters):
        base *= 2
    return base


def after_attack(pos: Position, hex: str, attack: str, assaulters: Sequence[str], dice: Dice,
                 by: str = "", resume: str = "") -> list[Event]:
    """R25.C.1b: after a Barrage, Fight or Assault on `hex` (`attack`: "barrage", "fight",
    "assault"; "smoke" for a Smoke Barrage, which starts no fire) in Dry ground, roll the hex's
    fire chance; on a fire the hex burns (see `ignite`). `assaulters`: the assaulting units
    (Assault Engineers double the chance). `by`: the attacking side (the acting side if not
    given), who owns the fire it sets (R24.D.5 counts the Burnt Out markers a side placed). Call
    it last: it may ask a decision (`fire:flee`); `resume` names what goes on once the units
    have chosen (`RESUME`: "barrage", the barrage alternation), which the caller then leaves out."""
    if not pos.option(OPTION) or attack not in ATTACKS or weather.ground(pos) != weather.DRY:
        return []
    in_ten = fire_chance(pos, hex, assaulters if attack == "assault" else ())
    if in_ten <= 0:
        return []
    ok, die = chance(dice, in_ten)
    report = Event.of("fire-check", hex=hex, attack=attack, chance=in_ten, die=die, fire=ok)
    return [report, *ignite(pos, hex, by or pos.acting, resume)] if ok else [report]


def ignite(pos: Position, hex: str, side: str, resume: str = "") -> list[Event]:
    """R25.C.1b-c: the Fire and Burnt Out markers, its smoke, then the units' choice: a unit with
    nowhere to flee is Reduced at once; the others are asked (`fire:flee`)."""
    events, trapped = _burn_markers(pos, hex, side)
    then = [resume, side] if resume else []
    return events + _ask(pos.at(fold(pos.state, events)), hex, done=trapped, resume=then)


def _burn_markers(pos: Position, hex: str, side: str) -> tuple[list[Event], list[str]]:
    """The Fire and Burnt Out markers (the latter's value: what the hex burns to, R5.B.12), the
    smoke, and the Reduction of each unit with nowhere to flee (returned too: it has had its
    choice)."""
    burns_to = pos.hex_type(hex).burns_to or pos.hex_type(hex).id
    events = [Event.of("marker_placed", place=hex, marker=FIRE, value=0, side=side),
              Event.of("marker_placed", place=hex, marker=BURNT_OUT, value=burns_to, side=side),
              *_smoke(pos, hex)]
    here = pos.at(fold(pos.state, events))
    trapped = [u for u in here.units_in(hex) if not flee_hexes(here, u)]
    for uid in trapped:
        events += effects.reduce(pos.at(fold(pos.state, events)), uid)
    return events, trapped


def flee_hexes(pos: Position, uid: str) -> list[str]:
    """R25.C.1b: the adjacent hexes a unit may flee to: land, not burning, not holding or next to
    an enemy unit, and with room for it by the stacking rule (R10.A, R10.D with overstacking)."""
    side = pos.side_of(uid)
    found = []
    for n in pos.neighbours(pos.location(uid)):
        if (pos.hex_type(n).mp is None or pos.marker(n, FIRE) is not None or pos.units_in(n, pos.enemy(side))
                or pos.enemy_adjacent(n, side) or stacking.room(pos, n, side, [uid]) is not None):
            continue
        found.append(n)
    return found


def _ask(pos: Position, *hexes: str, done: Sequence[str] = (), resume: Sequence[str] = ()) -> list[Event]:
    """The `fire:flee` decision for the units still in the first burning hex that holds any not
    yet `done` (Reduced in place), the acting side's first (R2.H.3); the other hexes are queued
    behind it in the decision's data."""
    for i, hex in enumerate(hexes):
        units = [u for u in pos.units_in(hex) if u not in done]
        if units:
            side = min({pos.side_of(u) for u in units}, key=lambda s: (s != pos.acting, s))
            prompt = (f"fire in {hex}: each of your units there flees to an adjacent hex or is Reduced "
                      "(R25.C.1b)")
            return [Event.of("decision_required", side=side, decision=FLEE, prompt=prompt,
                             data={"hex": hex, "then": list(hexes[i + 1:]), "done": list(done),
                                   "resume": list(resume)})]
    return []


def _flee_answers(pos: Position) -> list[Order]:
    hex = str(pos.state.pending.data["hex"]) if pos.state.pending else ""
    found = []
    done = pos.state.pending.data.get("done", ()) if pos.state.pending else ()
    for uid in [u for u in pos.units_in(hex, pos.state.pending.side if pos.state.pending else None)
                if u not in done]:
        found += [Order("flee", (uid, n)) for n in flee_hexes(pos, uid)]
        found.append(Order("burn", (uid,)))
    return found


def _pending_unit(pos: Position, order: Order, count: int) -> tuple[str, str]:
    pending = pos.state.pending
    if pending is None or pending.kind != FLEE:
        raise IllegalOrder("no fire to flee from now", RULE)
    if len(order.args) != count:
        raise IllegalOrder(f"`{order.verb}` takes {'UNIT HEX' if count == 2 else 'UNIT'}", RULE)
    hex, uid = str(pending.data["hex"]), order.args[0]
    if uid not in pos.units_in(hex, pending.side) or uid in pending.data.get("done", ()):
        raise IllegalOrder(f"{uid} is not one of your units in the burning hex {hex}", RULE)
    return hex, uid


def _after_answer(pos: Position, events: list[Event], hex: str, stayed: str = "") -> list[Event]:
    """Close this decision, then ask again while undecided units remain in the burning hex, then
    for the hexes queued behind it."""
    data = pos.state.pending.data if pos.state.pending else {}
    queued = [str(h) for h in data.get("then", ())]
    done = [*data.get("done", ()), *([stayed] if stayed else [])]
    resume = [str(x) for x in data.get("resume", ())]
    events = [*events, Event.of("decision_made")]
    asked = _ask(pos.at(fold(pos.state, events)), hex, *queued, done=done, resume=resume)
    if asked or not resume:
        return events + asked
    return events + RESUME[resume[0]](pos.at(fold(pos.state, events)), resume[1])


def flee(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R25.C.1b: `flee UNIT HEX`: the unit leaves the fire for an adjacent hex (no MPs spent)."""
    hex, uid = _pending_unit(pos, order, 2)
    to = order.args[1]
    if to not in flee_hexes(pos, uid):
        raise IllegalOrder(f"{uid} cannot flee to {to}: it must be an adjacent land hex, not burning, "
                           "not holding or next to an enemy, with room to stack", RULE)
    return _after_answer(pos, [Event.of("unit_placed", unit=uid, to=to)], hex)


def burn(pos: Position, order: Order, dice: Dice) -> list[Event]:
    """R25.C.1b: `burn UNIT`: the unit stays and is Reduced."""
    hex, uid = _pending_unit(pos, order, 1)
    return _after_answer(pos, effects.reduce(pos, uid), hex, stayed=uid)


def _resume_barrage(pos: Position, side: str) -> list[Event]:
    from tui_wargame.rules.foxhole import barrage  # the barrage phase imports this module's callers

    return barrage.after_barrage(pos, side)


#: What an attack that set a fire goes on with once the units have chosen (R18.C: the barrage
#: alternation hands on only then).
RESUME: Mapping[str, Callable[[Position, str], list[Event]]] = {"barrage": _resume_barrage}

ORDERS: Mapping[str, Handler] = {"flee": flee, "burn": burn}
ANSWERS = {FLEE: _flee_answers}


def smoke_place(pos: Position, hex: str) -> str | None:
    """R25.C.1c: where a fire's smoke stands: its own hex in Calm, one hex downwind in a Breeze
    (none if that is off the map), none in a Gale."""
    strength, direction = weather.wind(pos)
    if strength == "gale":
        return None
    if strength == "breeze" and direction:
        return pos.scenario.grid.step(hex, direction)
    return hex


def _smoke(pos: Position, hex: str) -> list[Event]:
    place = smoke_place(pos, hex)
    if place is None or pos.marker(place, SMOKE, f"{SMOKE_ID}:{hex}") is not None:
        return []
    return [Event.of("marker_placed", place=place, marker=SMOKE, id=f"{SMOKE_ID}:{hex}")]


def _resmoke(pos: Position, hex: str) -> list[Event]:
    """The fire's smoke where the wind puts it now: moved if the wind changed, put back if a phase
    removed it (R25.C.1c: smoke lasts as long as the fire)."""
    place = smoke_place(pos, hex)
    standing = [e for e in _smoke_of(pos, hex) if e["place"] != place]
    return standing + _smoke(pos.at(fold(pos.state, standing)), hex)


def _smoke_of(pos: Position, hex: str) -> list[Event]:
    """Removing the smoke of the fire in `hex`, wherever it stands."""
    return [Event.of("marker_removed", place=place, marker=SMOKE, id=m.id)
            for place, ms in sorted(pos.state.markers.items()) for m in ms
            if m.kind == SMOKE and m.id == f"{SMOKE_ID}:{hex}"]


def end_of_player_turn(pos: Position, dice: Dice) -> list[Event]:
    """R25.C.1b-c: each fire has burned one more player turn; after two full ones (besides the one
    it started in) it checks every adjacent
    hex that can burn (in Dry ground; a fire in other ground just goes out), then goes out with
    its smoke. Smoke a phase removed is put back while the fire burns (R25.C.1c: smoke lasts as
    long as the fire)."""
    events: list[Event] = []
    new: list[str] = []
    trapped: list[str] = []
    fires = sorted(place for place, ms in pos.state.markers.items() if any(m.kind == FIRE for m in ms))
    for hex in fires:
        here = pos.at(fold(pos.state, events))
        burned = here.marker(hex, FIRE)
        turns = (burned.value if isinstance(burned.value, int) else 0) + 1 if burned else SPREAD_AFTER
        if turns <= SPREAD_AFTER:
            events += [Event.of("marker_changed", place=hex, marker=FIRE, value=turns), *_resmoke(here, hex)]
            continue
        events += [*_smoke_of(here, hex), Event.of("marker_removed", place=hex, marker=FIRE)]
        if weather.ground(here) != weather.DRY:
            continue
        for n in here.neighbours(hex):
            there = pos.at(fold(pos.state, events))
            in_ten = fire_chance(there, n)
            if in_ten <= 0 or there.hex_type(n).mp is None:
                continue
            ok, die = chance(dice, in_ten)
            events.append(Event.of("fire-spread", hex=n, source=hex, chance=in_ten, die=die, fire=ok))
            if ok:
                burnt, reduced = _burn_markers(there, n, burned.side if burned else "")
                events += burnt
                trapped += reduced
                new.append(n)
    here = pos.at(fold(pos.state, events))
    return events + (_ask(here, *new, done=trapped) if here.state.pending is None else [])


def _check_words(pos: Position, e: Event) -> str:
    result = "the hex catches fire" if e["fire"] else "no fire"
    return (f"fire check in {e['hex']} after the {e['attack']}: {e['die']} against {e['chance']} "
            f"in 10, {result} (R25.C.1b)")


def _spread_words(pos: Position, e: Event) -> str:
    result = "it spreads there" if e["fire"] else "it does not spread"
    return (f"the fire in {e['source']} reaches {e['hex']}: {e['die']} against {e['chance']} in 10, "
            f"{result} (R25.C.1b)")


WORDS = {"fire-check": _check_words, "fire-spread": _spread_words}
