"""Gaza 1917 exclusive rules (10.0-18.0) as hooks into the Fire & Movement system.

Most exclusive rules are data in `scenarios/gaza1917.toml` (the terrain effects chart and the
CRT, 10.3's A3/D3 losses and one-hex advances, 14.0's trench rows and disengagement, 16.1's
stacking limits, 13.2's rail-only armoured train, 11.3's entry edges, 12.3-12.4's VP table).
What needs a decision or a die is here, each method naming its section.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, State, Verdict
from tui_wargame.rules.capabilities import Line
from tui_wargame.rules.fm.combat import STEP, declared
from tui_wargame.rules.fm.ending import beyond_repair
from tui_wargame.rules.fm.fire_support import observed
from tui_wargame.rules.fm.hooks import Hooks, InstantGoal, InstantHold
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes
from tui_wargame.rules.fm.victory import control_events
from tui_wargame.rules.fm.zoc import in_enemy_zoc
from tui_wargame.text import hex_name, unit_name

if TYPE_CHECKING:
    from tui_wargame.dice import Dice

BRITISH, CENTRAL_POWERS = "br", "cp"
GAZA_HOLD = InstantHold(BRITISH, frozenset({"0913", "0914"}))  # 12.1: Gaza east and Gaza west
DIR_EL_BELAH = "1821"
BRITISH_RAILWAY = "the Sinai Military Railway (railhead beyond Deir el Belah)"
GERMAN_FORMATIONS = frozenset({"ak"})  # 12.2 speaks of Ottoman units: the Asienkorps is German
BRITISH_DIVISIONS = frozenset({"52div", "53div", "54div", "74div", "anzmd", "imd"})  # 17.0
ARRIVED = "arrived"  # the F&M system's flag for a reinforcement that may enter now
REINFORCEMENTS, POOL, SET_ASIDE, USED_UP = "reinforcements", "pool", "set-aside", "off-map"
MOVEMENT, COMBAT, DECLARE = "movement", "combat", "declare"
CHARGE_MARKERS = {"anzmd": "ChargeANZMD", "imd": "ChargeIMD"}  # 13.1: one charge per division a game
CHARGE_VALUE = "gaza.charge."  # + division: the turn (index) of its charge
RAIL_VALUE = "gaza.rail"  # the turn (index) whose Ottoman movement phase used the railway (15.0)
BATTALION = "battalion:"  # trait of a three-step regiment: the battalion that replaces it (13.3)
NAVAL = "naval"  # trait of the British naval fire support unit (18.6)
DEPLOYMENT = "deployment"  # the free set-up's phase (11.1): the Central Powers deploy, then the British
NORTH_CORNER = "0101"  # a hex north-east of Wadi el Ghuzze, where the Central Powers' set-up area is found


def ottoman(pos: Position, uid: str) -> bool:
    """Gaza 12.2 speaks of Ottoman units: the Central Powers' units but the German Asienkorps."""
    return pos.side_of(uid) == CENTRAL_POWERS and pos.spec(uid).formation not in GERMAN_FORMATIONS


def railway_on_or_south_of_dir_el_belah(pos: Position) -> frozenset[str]:
    """Gaza 12.2: the railway hexes from Dir el Belah (1821) to the south edge.

    The British railway is listed from its railhead towards Egypt, so these are Dir el Belah
    and every hex after it."""
    route = next(r for r in pos.scenario.map.route if r.name == BRITISH_RAILWAY)
    return frozenset(route.hexes[route.hexes.index(DIR_EL_BELAH):])


_COASTS: dict[str, frozenset[str]] = {}  # content hash -> coast hexes: the naval unit's orders ask often


def coast_hexes(pos: Position) -> frozenset[str]:
    """Gaza 18.6: the land hexes with coastline in them (next to an all-sea hex)."""
    key = pos.scenario.content_hash
    if key not in _COASTS:
        grid = pos.scenario.grid
        sea = {label for label in map(grid.label, grid.hexes()) if pos.terrain_id(label) == "sea"}
        _COASTS[key] = frozenset(label for label in map(grid.label, grid.hexes())
                                 if label not in sea and any(n in sea for n in pos.neighbours(label)))
    return _COASTS[key]


def ottoman_railway(pos: Position) -> dict[str, set[str]]:
    """Gaza 15.0: the railway on the Turkish side of Wadi el Ghuzze, as hex -> connected hexes
    (every railway but the British one, which lies wholly on or south of the wadi)."""
    links: dict[str, set[str]] = {}
    for route in pos.scenario.map.route:
        if route.kind != "railway" or route.name == BRITISH_RAILWAY:
            continue
        for a, b in zip(route.hexes, route.hexes[1:]):
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return links


def north_east_of_the_wadi(pos: Position) -> frozenset[str]:
    """Gaza 11.2: the land hexes north-east of Wadi el Ghuzze (the wadi's own hexes excluded)."""
    seen, todo = {NORTH_CORNER}, [NORTH_CORNER]
    while todo:
        for n in pos.neighbours(todo.pop()):
            if n not in seen and pos.terrain_id(n) not in ("wadi", "sea"):
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


_AREAS: dict[tuple[str, str], frozenset[str]] = {}  # (content hash, unit) -> its set-up area


def deployment_area(pos: Position, uid: str) -> frozenset[str]:
    """Gaza 11.2 and 11.4: where `uid` may be set up: Central Powers north-east of the wadi; British
    combat units on or south of it; the armored train on a railway hex south of Dir el Belah.
    Kept per map and unit: the set-up lists every unit's area for each order."""
    key = (pos.scenario.content_hash, uid)
    if key not in _AREAS:
        _AREAS[key] = _deployment_area(pos, uid)
    return _AREAS[key]


def _deployment_area(pos: Position, uid: str) -> frozenset[str]:
    north = north_east_of_the_wadi(pos)
    if pos.side_of(uid) == CENTRAL_POWERS:
        return north
    if pos.spec(uid).kind == "armored-train":
        return railway_on_or_south_of_dir_el_belah(pos) - {DIR_EL_BELAH}
    grid = pos.scenario.grid
    return frozenset(label for label in map(grid.label, grid.hexes())
                     if label not in north and pos.terrain_id(label) != "sea")


def charging(pos: Position) -> frozenset[str]:
    """Gaza 13.1: the divisions that declared their charge in this British combat phase."""
    if pos.state.active != BRITISH or pos.state.phase != COMBAT:
        return frozenset()
    return frozenset(d for d in CHARGE_MARKERS if pos.state.values.get(CHARGE_VALUE + d) == pos.state.turn)


def charged(pos: Position, attackers: Sequence[str]) -> bool:
    """Gaza 13.1: whether this attack is a charge: every attacker is of a division charging now."""
    formations = {pos.spec(u).formation for u in attackers}
    return bool(formations) and formations <= charging(pos)


def rail_destinations(pos: Position, uid: str) -> dict[str, list[str]]:
    """Gaza 15.0: every hex `uid` may reach by rail now, with its path; empty if it may not go by rail.

    One Ottoman unit a movement phase; it starts on a railway hex not in a British ZOC, has not
    moved, and follows contiguous railway hexes east of the wadi, entering no British ZOC nor unit;
    it may not end beyond the stacking limit where nobody can move away (F&M 5.3)."""
    state = pos.state
    if state.phase != MOVEMENT or state.active != CENTRAL_POWERS:
        return {}
    if state.values.get(RAIL_VALUE) == state.turn:
        return {}
    u = state.units[uid]
    if pos.side_of(uid) != CENTRAL_POWERS or not pos.on_map(uid) or not pos.is_combat(uid):
        return {}
    if u.has("moved") or u.spent:
        return {}
    links = ottoman_railway(pos)
    start = u.location
    if start not in links or in_enemy_zoc(pos, CENTRAL_POWERS, start):
        return {}
    paths: dict[str, list[str]] = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in sorted(links[here]):
            if there in paths or pos.occupant(there) == BRITISH or in_enemy_zoc(pos, CENTRAL_POWERS, there):
                continue
            paths[there] = [*paths[here], there]
            todo.append(there)
    del paths[start]
    return {dest: path for dest, path in paths.items() if beyond_repair(pos, uid, dest) is None}


class Gaza1917(Hooks):
    """The exclusive rules of Gaza 1917 (Decision Games, 2014)."""

    # --- 11.0 Set up: free deployment (the "free" set-up option) ---

    def summary(self) -> tuple[tuple[str, str], ...]:
        """Gaza's exclusive rules in brief, paraphrased with their sections."""
        return (
            ("10.2", "The British move first; the game ends after 19 April Evening."),
            ("10.3", "A3 and D3: retreat, then lose a step. Only mobile units advance farther than "
                     "the vacated hex."),
            ("11.3", "Central Powers reinforcements come in on a die of 1-2 at the start of their turn."),
            ("12.1-12.2", "Instant victory: British units in both hexes of Gaza, or an Ottoman unit "
                          "on the British railway at Dir el Belah or south of it."),
            ("12.3", "Otherwise the British points for the victory hexes they occupy decide."),
            ("13.1", "Charge: once a game for each mounted division, its attacks one column right."),
            ("13.2", "The armoured train keeps to the railway and ignores zones of control."),
            ("13.3", "A 5-6-4 regiment's second step loss leaves its battalion in its place."),
            ("13.4", "Kress: once a Central Powers combat phase, one attack shifts a column right."),
            ("14.0", "Trenches cost 2 MP; Ottoman defenders there use the Fort row."),
            ("15.0", "Rail: one Central Powers unit a movement phase along the Ottoman railway."),
            ("16.0", "Stacking: the British one unit and a tank or motor machine-gun unit; the "
                     "Central Powers two, at most one a regiment."),
            ("17.0", "An attack by units of more than one British division shifts a column left."),
            ("18.0", "Fire support: face-down markers, air units and British naval guns."),
        )

    def setup_choices(self) -> Mapping[str, str]:
        return {"free": "each side redeploys its units by orders within the set-up rules (Gaza 11.1-11.4)"}

    def setup(self, pos: Position, option: str) -> list[Event] | None:
        """Gaza 11.1 as the "free" option: from the historical set-up the Central Powers redeploy
        their units freely within 11.2, then the British within 11.4; then Zero Hour begins (10.2)."""
        if option != "free":
            return None
        return [Event.of("phase_began", turn=0, phase=DEPLOYMENT, side=CENTRAL_POWERS)]

    def order_note(self, pos: Position, order: Order) -> str | None:
        """Gaza 11.1 deployment, 13.1 charges and 15.0 rail movement in a line each."""
        a, sc = order.args, pos.scenario
        if order.verb == "deploy" and len(a) == 2:
            return f"place {unit_name(sc, a[0])} in {hex_name(sc, a[1])} (Gaza 11.1)"
        if order.verb == "deployed" and not a:
            return "this side's units are all placed: the set-up goes on (Gaza 11.1)"
        if order.verb == "charge" and len(a) == 1:
            return (f"the {a[0].upper()} charges: its attacks this phase shift one column right "
                    "(Gaza 13.1)")
        if order.verb == "rail" and len(a) == 2:
            return f"{unit_name(sc, a[0])} goes by railway to {hex_name(sc, a[1])} (Gaza 15.0)"
        return None

    def prompt(self, pos: Position) -> str | None:
        if pos.state.phase != DEPLOYMENT:
            return None
        area = "north-east of Wadi el Ghuzze (Gaza 11.2)" if pos.state.active == CENTRAL_POWERS else \
            "on or south of Wadi el Ghuzze, the armored train by rail south of Dir el Belah (Gaza 11.4)"
        return f"Set-up - place units (deploy UNIT HEX) {area}, then deployed"

    def deployment_orders(self, pos: Position) -> list[Order]:
        side = pos.state.active
        orders = []
        for uid in sorted(pos.on_map_units(side)):
            here = pos.location(uid)
            orders += [Order("deploy", (uid, h)) for h in sorted(deployment_area(pos, uid))
                       if h != here and pos.occupant(h) in (None, side)]
        if not overstacked_hexes(pos, side):
            orders.append(Order("deployed"))
        return orders

    def deploy(self, pos: Position, order: Order) -> list[Event]:
        """Gaza 11.2/11.4: `deploy UNIT HEX` sets one unit up; `deployed` ends the side's set-up."""
        side = pos.state.active
        if order.verb == "deployed":
            over = overstacked_hexes(pos, side)
            if over:
                raise IllegalOrder(f"overstacked at {', '.join(over)}", "Gaza 16.1")
            if side == CENTRAL_POWERS:
                return [Event.of("phase_began", turn=0, phase=DEPLOYMENT, side=BRITISH)]
            return [Event.of("phase_began", turn=0, phase=MOVEMENT, side=BRITISH)]
        if len(order.args) != 2:
            raise IllegalOrder("deploy UNIT HEX", "Gaza 11.1")
        uid, label = order.args
        if uid not in pos.state.units or uid not in pos.on_map_units(side):
            raise IllegalOrder(f"{uid} is not one of your units on the map", "Gaza 11.1")
        rule = "Gaza 11.2" if side == CENTRAL_POWERS else "Gaza 11.4"
        if label not in deployment_area(pos, uid):
            raise IllegalOrder(f"{uid} may not be set up in {label}", rule)
        if pos.occupant(label) not in (None, side):
            raise IllegalOrder(f"{label} holds an enemy unit", rule)
        return [Event.of("unit_placed", unit=uid, to=label)]

    # --- 11.3 Central Powers reinforcements ---

    def start_of_turn(self, pos: Position, dice: Dice) -> list[Event]:
        """Gaza 11.3: at the start of each Central Powers turn, one die for each unit or marker in
        the reinforcements box not yet received; on 1-2 it is received: a unit may enter this
        movement phase (F&M `arrived`), the fire support marker joins the pool."""
        if pos.state.active != CENTRAL_POWERS:
            return []
        events = []
        for uid in sorted(pos.state.units):
            u = pos.state.units[uid]
            if pos.side_of(uid) != CENTRAL_POWERS or u.location != REINFORCEMENTS or u.has(ARRIVED):
                continue
            die = dice.roll()
            received = die <= 2
            events.append(Event.of("reinforcement_rolled", unit=uid, die=die, received=received,
                                   rule="Gaza 11.3"))
            if not received:
                continue
            if pos.is_combat(uid):
                events.append(Event.of("unit_flagged", unit=uid, flag=ARRIVED))
            else:
                events.append(Event.of("unit_placed", unit=uid, to=POOL))
        return events

    # --- the scenario's own orders: 13.1 charge, 15.0 rail movement ---

    def extra_orders(self, pos: Position) -> list[Order]:
        state = pos.state
        found: list[Order] = []
        if state.pending or state.result is not None:
            return found
        if state.phase == DEPLOYMENT:
            return self.deployment_orders(pos)
        if state.phase == COMBAT and state.values.get(STEP) == DECLARE and state.active == BRITISH:
            found += [Order("charge", (d,)) for d in sorted(CHARGE_MARKERS)
                      if self.why_not_charge(pos, d) is None]
        if state.phase == MOVEMENT and state.active == CENTRAL_POWERS:
            for uid in sorted(state.units):
                found += [Order("rail", (uid, dest)) for dest in sorted(rail_destinations(pos, uid))]
        return found

    def resolve_extra(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        if pos.state.phase == DEPLOYMENT:
            return self.deploy(pos, order) if order.verb in ("deploy", "deployed") else None
        handler = {"charge": self.charge, "rail": self.rail}.get(order.verb)
        return handler(pos, order) if handler else None

    # --- 13.1 British cavalry charges ---

    def why_not_charge(self, pos: Position, division: str) -> Refusal | None:
        """Gaza 13.1: a division charges once a game, declared at the start of a British combat phase."""
        state = pos.state
        if division not in CHARGE_MARKERS:
            return Refusal(f"only the ANZMD and the IMD charge, not {division!r}", "Gaza 13.1")
        if state.active != BRITISH or state.phase != COMBAT or state.values.get(STEP) != DECLARE \
                or declared(pos):
            return Refusal("a charge is declared at the start of a British combat phase", "Gaza 13.1")
        if state.units[CHARGE_MARKERS[division]].location != SET_ASIDE:
            return Refusal(f"the {division.upper()} has made its charge already", "Gaza 13.1")
        if not any(pos.spec(u).formation == division for u in pos.on_map_units(BRITISH)):
            return Refusal(f"no unit of the {division.upper()} is on the map", "Gaza 13.1")
        return None

    def charge(self, pos: Position, order: Order) -> list[Event]:
        """Gaza 13.1: play the division's charge marker for this combat phase."""
        if len(order.args) != 1:
            raise IllegalOrder("charge DIVISION: anzmd or imd", "Gaza 13.1")
        division = order.args[0].lower()
        why = self.why_not_charge(pos, division)
        if why:
            raise IllegalOrder(why)
        return [Event.of("unit_placed", unit=CHARGE_MARKERS[division], to=USED_UP),
                Event.of("value_set", key=CHARGE_VALUE + division, value=pos.state.turn),
                Event.of("charge_declared", division=division, rule="Gaza 13.1")]

    def describe(self, scenario: Scenario, state: State, event: Event) -> str | None:
        """Gaza 11.3 reinforcement rolls, 13.1 charges and 13.3 replaced regiments in words."""
        if event.kind == "unit_placed" and event.get("unit") in CHARGE_MARKERS.values() \
                and event.get("to") == USED_UP:
            return ""  # the charge is told by its own report, next
        if event.kind == "charge_declared":
            division = str(event.get("division", "?")).upper()
            return f"The {division} charges this combat phase ({event.get('rule')})"
        if event.kind == "regiment_replaced":
            return (f"{unit_name(scenario, str(event.get('unit')))} is replaced by "
                    f"{unit_name(scenario, str(event.get('by')))} ({event.get('rule')})")
        if event.kind == "reinforcement_rolled":
            uid = str(event.get("unit"))
            if not event.get("received"):
                outcome = "not yet"
            elif Position(scenario, state).is_combat(uid):  # as `start_of_turn` tells them apart
                outcome = "it arrives and may enter the map from now on"
            else:
                outcome = "it arrives and joins its side's pool"
            return f"Reinforcement roll for {unit_name(scenario, uid)}: die {event.get('die')}, {outcome} " \
                   f"({event.get('rule')})"
        if self._received(state, event):
            return ""  # told by its roll, just before: the unit's name once, not twice in a line
        return None

    @staticmethod
    def _received(state: State, event: Event) -> bool:
        """Whether `event` is what a received reinforcement's roll (Gaza 11.3) does: a unit's leave
        to enter, or a marker put into the pool, each from the reinforcements box."""
        unit = state.units.get(str(event.get("unit")))
        if unit is None or unit.location != REINFORCEMENTS:
            return False
        if event.kind == "unit_flagged":
            return event.get("flag") == ARRIVED and event.get("on", True) is not False
        return event.kind == "unit_placed" and event.get("to") == POOL

    def advance_extra(self, pos: Position, unit: str, attackers: Sequence[str]) -> int:
        """Gaza 13.1: cavalry that charged in this attack (it got the charge's shift) may advance one
        hex farther, in any direction; a unit of a charging division in an attack without the shift
        did not charge."""
        return 1 if charged(pos, attackers) else 0

    # --- 13.3 Ottoman battalions ---

    def step_lost(self, pos: Position, unit: str, steps: int) -> list[Event]:
        """Gaza 13.3: a 5-6-4 regiment's second step loss removes it and its battalion takes its place."""
        if steps > 0:
            return []
        for trait in pos.spec(unit).traits:
            battalion = trait.removeprefix(BATTALION)
            if trait.startswith(BATTALION) and pos.state.units[battalion].location == SET_ASIDE:
                return [Event.of("unit_placed", unit=battalion, to=pos.location(unit)),
                        Event.of("regiment_replaced", unit=unit, by=battalion, rule="Gaza 13.3")]
        return []

    # --- 15.0 Rail movement ---

    def rail(self, pos: Position, order: Order) -> list[Event]:
        """Gaza 15.0: one Ottoman unit a movement phase moves along the railway (`rail UNIT HEX`)."""
        if len(order.args) != 2:
            raise IllegalOrder("rail UNIT HEX: a unit on the railway and where it goes", "Gaza 15.0")
        uid, dest = order.args
        if uid not in pos.state.units:
            raise IllegalOrder(f"no unit {uid!r}", "Gaza 15.0")
        paths = rail_destinations(pos, uid)
        if dest not in paths:
            raise IllegalOrder(f"{uid} may not go by rail to {dest} now", "Gaza 15.0")
        return [Event.of("unit_moved", unit=uid, path=paths[dest], cost="0", rail=True),
                Event.of("unit_flagged", unit=uid, flag="moved", scope="phase"),
                Event.of("value_set", key=RAIL_VALUE, value=pos.state.turn),
                *control_events(pos, CENTRAL_POWERS, paths[dest])]

    # --- 18.6 Naval fire support ---

    def may_place_air(self, pos: Position, unit: str, label: str, verb: str) -> Refusal | None:
        """Gaza 18.6: the naval unit bombards on or next to a coastline hex, an observed one (18.1), and
        never observes."""
        if NAVAL not in pos.spec(unit).traits:
            return None
        if verb != "air":
            return Refusal("the naval fire support unit does not observe", "Gaza 18.6")
        coast = coast_hexes(pos)
        if label not in coast and not any(n in coast for n in pos.neighbours(label)):
            return Refusal(f"{label} is neither on nor next to the coast", "Gaza 18.6")
        if label not in observed(pos, pos.side_of(unit)):
            return Refusal(f"{label} is not observed", "Gaza 18.1")
        return None

    # --- 12.0 Victory ---

    def instant_victory(self, pos: Position, moment: str) -> Verdict | None:
        """Gaza 12.1 (British units in both Gaza hexes, at once) and 12.2 (an Ottoman unit on a
        railway hex on or south of Dir el Belah at the end of a game turn)."""
        if moment == "order" and all(pos.occupant(h) == BRITISH for h in GAZA_HOLD.hexes):
            return Verdict(BRITISH, "instant", "British units hold both hexes of Gaza (Gaza 12.1)")
        if moment == "end-of-turn":
            for label in sorted(railway_on_or_south_of_dir_el_belah(pos)):
                if any(ottoman(pos, u) for u in pos.units_in(label)):
                    return Verdict(CENTRAL_POWERS, "instant",
                                   f"an Ottoman unit holds the railway at {label} (Gaza 12.2)")
        return None

    def instant_goals(self, pos: Position) -> tuple[InstantGoal, ...]:
        """Gaza 12.2: the Ottoman units on the map, and the railway on or south of Dir el Belah."""
        ottomans = frozenset(u for u in pos.on_map_units(CENTRAL_POWERS) if ottoman(pos, u))
        if not ottomans:
            return ()
        return (InstantGoal(CENTRAL_POWERS, ottomans, railway_on_or_south_of_dir_el_belah(pos)),)

    def instant_holds(self, pos: Position) -> tuple[InstantHold, ...]:
        """Gaza 12.1: both hexes of Gaza, for the British."""
        return (GAZA_HOLD,)

    # --- 17.0 Coordination ---

    def column_shifts(self, pos: Position, attackers: list[str], defenders: list[str],
                      hex_label: str) -> list[tuple[int, Line]]:
        """Gaza 17.0: British units of more than one infantry or mounted division in one attack
        shift it one column left; Reserve units join any attack without it."""
        shifts: list[tuple[int, Line]] = []
        state = pos.state
        if state.active == BRITISH:
            formations = {pos.spec(u).formation for u in attackers}
            divisions = formations & BRITISH_DIVISIONS
            if len(divisions) > 1:
                shifts.append((-1, Line(f"units of {len(divisions)} divisions attack together", "Gaza 17.0")))
            if charged(pos, attackers):
                who = " and ".join(sorted(formations)).upper()
                shifts.append((1, Line(f"cavalry charge of the {who}", "Gaza 13.1")))
        return shifts
