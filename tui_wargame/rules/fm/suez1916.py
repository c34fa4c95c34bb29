"""Suez 1916 exclusive rules (Suez 10.0-19.0) as hooks into the Fire & Movement system.

The tables are data in scenarios/suez1916.toml: the terrain effects chart, the CRT with
10.3's A3/D3 losses, 10.3's advance limit, 14.2 trench hexsides, 17.1 stacking, the 15.1
surprise and 19.0 night column shifts, 19.0 night disengagement, 12.3-12.4 victory, and 18.0
fire support (limits, observation, daily reuse, no bombardment at night) for the system's
fire support rules. This
module holds the rules that need code, each method naming its section:

- 11.3 British activation: rolls from 4 August Morning, automatic activation, the 42nd
  Division's set-aside fire support markers;
- 11.5 the 27th Division's arrival;
- 12.1 / 12.2 instant victories;
- 14.1 the canal crossing;
- 15.1 / 15.2 surprise (no British movement or fire support at zero hour);
- 16.0 rail movement (`rail UNIT HEX...`);
- 11.1-11.4 the free set-up option (`deploy UNIT HEX`).

Registered as the hooks "suez1916" (`[rules] hooks`) in `tui_wargame.rules.fm`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from fractions import Fraction

from tui_wargame.dice import Dice
from tui_wargame.model import Event, IllegalOrder, Order, Refusal, Scenario, State, Verdict
from tui_wargame.rules.capabilities import Line
from tui_wargame.rules.fm.ending import beyond_repair
from tui_wargame.rules.fm.hooks import Hooks, InstantGoal
from tui_wargame.rules.fm.movement import route_only
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.sequence import MOVEMENT
from tui_wargame.rules.fm.stacking import overstack
from tui_wargame.rules.fm.victory import control_events
from tui_wargame.rules.fm.zoc import in_enemy_zoc
from tui_wargame.text import hex_name, unit_name

BRITISH, CP = "british", "cp"
ZERO_HOUR = "zh"

ACTIVATED = "activated"  # game flag: a British unit released by Suez 11.3
ACTIVATION_FROM = "4am"  # 11.3: the rolls start with the 4 August Morning British turn
ACTIVATION_ROLL = 2  # 11.3: "1-2" activates
ACTIVATION_RANGE = 4  # 11.3: within four hexes (three intervening hexes)
PELUSIUM = "1532"  # 11.3: units set up on and west of Pelusium Station wait for activation
ACTIVATION_FS_FORMATION = "42"  # 11.3: each 42nd Division activation adds a set-aside marker

DEPLOYED = "deployed"  # game flag: placed by the free set-up (11.1)
WAITS = "waits-activation"  # game flag: deployed on or west of Pelusium Station (11.3)
SETUP, DEPLOY_BOX = "setup", "deploy"  # the free set-up's phase and the box of units to place
FREE_SETUP = "free"
# Suez 11.2 and 11.4: where each unit may be deployed. (units or formations, area, hex or column):
# "trench" = a hex beside a British trench hexside; "near" = the hex or one adjacent to it;
# "at" = that hex; "east" = on or east of that column.
DEPLOYMENT: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("52", "160mg"), "trench", ""),
    (("42", "train"), "near", "0239"),
    (("yeo",), "at", "0637"),
    (("icc", "mobc"), "at", "1532"),
    (("3lh",), "at", "0644"),
    (("nzmr",), "at", "0937"),
    (("5lh",), "at", "1336"),
    (("1lh", "2lh", "53"), "near", "2031"),
    (("3", "1ex", "ak"), "east", "26"),
)
DEPLOYMENT_RULE = {BRITISH: "Suez 11.2", CP: "Suez 11.4"}

ARRIVED = "arrived"  # the system's flag: a reinforcement that may enter now
REINFORCEMENT_ROLL = 3  # 11.5: "1-3" brings a regiment
REINFORCEMENT_COLUMN = 20  # 11.5: on or west of the 20xx column
REINFORCEMENT_MARKERS = 2  # 11.5: two markers from the reinforcement box per regiment
SETTLEMENTS = ("town", "village")

RAILED = "rail-moved"  # phase flag: the one British rail move of the phase (16.0)
RAILWAY = "railway"
TRAIN = "train"  # 13.3: the armoured train moves on its own, besides the rail move
CANAL_FEATURES = ("canal", "crossing")
CROSSING = "crossing"  # 14.1: the hexside 0139-0239
ENGINEER = "engineer"  # 12.1


def ordinal(number: str) -> str:
    """ "81" -> "81st", "32" -> "32nd", "79" -> "79th"."""
    n = int(number)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Suez1916(Hooks):
    """The exclusive rules of Suez 1916."""

    def __init__(self) -> None:
        self._areas: dict[tuple[str, str], frozenset[str]] = {}
        self._crossings: dict[str, frozenset[str]] = {}  # content hash -> the crossing's two hexes
        self._canal: dict[str, frozenset[str]] = {}  # content hash -> the hexes beside the canal

    # --- 11.1-11.4 free set-up ---

    def summary(self) -> tuple[tuple[str, str], ...]:
        """Suez's exclusive rules in brief, paraphrased with their sections."""
        return (
            ("10.2", "The Central Powers move first; the game ends after 6 August Afternoon."),
            ("10.3", "A3 and D3: retreat, then lose a step. Only mobile units advance farther than "
                     "the vacated hex."),
            ("11.3", "British units set up at Pelusium or west wait until activated: a die of 1-2 "
                     "each British turn, or at once when an enemy comes near."),
            ("11.5", "While the Central Powers hold a railway town or village, a die of 1-3 brings a "
                     "27th Division regiment in on the east edge."),
            ("12.1-12.2", "Instant victory: a Central Powers engineer beside the canal, or no Central "
                          "Powers unit left on the map."),
            ("12.3", "Otherwise the Central Powers' points for the hexes they control decide."),
            ("13.1", "Kress: once a Central Powers combat phase, one attack shifts a column right."),
            ("13.3", "The armoured train keeps to the railway and ignores zones of control."),
            ("14.1-14.2", "The canal stops movement, zones and combat; a trench hexside costs +1 MP "
                          "and gives British defenders the Town row."),
            ("15.0", "Zero Hour: Central Powers movement doubled and attacks one column right; the "
                     "British do not move."),
            ("16.0", "Rail: one British unit a movement phase, any distance along the railway."),
            ("17.1", "Stacking: three Central Powers units; two British of one division; none in marsh."),
            ("18.0", "Fire support: markers placed face down while attacks are declared."),
            ("19.0", "Night: no fire support; Central Powers leave zones freely; British attacks one "
                     "column left."),
        )

    def describe(self, scenario: Scenario, state: State, event: Event) -> str | None:
        """11.3 activation rolls and notes, and 11.1/11.3 flags, with the unit's name (the events
        carry its id)."""
        flag_words = {DEPLOYED: "is deployed (Suez 11.1)", WAITS: "must wait to be activated (Suez 11.3)"}
        if event.kind == "unit_flagged" and event.get("flag") == ACTIVATED and event.get("on", True):
            return ""  # the note after it tells the activation and why: once is enough
        if event.kind == "unit_flagged" and event.get("flag") in flag_words and event.get("on", True):
            return f"{unit_name(scenario, str(event.get('unit')))} {flag_words[str(event.get('flag'))]}"
        if event.kind == "unit_moved" and self._railed(scenario, state, event):
            start = state.units[str(event["unit"])].location
            return (f"{unit_name(scenario, str(event['unit']))} goes by railway {start} - "
                    f"{' - '.join(event['path'])} (Suez 16.0)")
        if event.kind == "roll" and str(event.get("purpose", "")).startswith("activation of "):
            uid = str(event.get("purpose"))[len("activation of "):].split(" (")[0]
            return f"Activation roll for {unit_name(scenario, uid)}: die {event.get('die')}, " \
                   f"{event.get('outcome')} (Suez 11.3)"
        if event.kind == "note":
            text = str(event.get("text", ""))
            first, _, rest = text.partition(" ")
            if first in scenario.unit and rest.startswith("activates: rolled "):
                return ""  # the activation roll's own line said so, with its die
            if first in scenario.unit:
                return f"{unit_name(scenario, first)} {rest}"
            pool = "joins the pool for "
            if pool in text:
                head, _, uid = text.partition(pool)
                uid, _, tail = uid.partition(" ")
                if uid in scenario.unit:
                    return f"{head[:1].upper()}{head[1:]}{pool}{unit_name(scenario, uid)} {tail}"
        return None

    @staticmethod
    def _railed(scenario: Scenario, state: State, event: Event) -> bool:
        """Suez 16.0: the rail move is the one move of a movement phase that costs no MP (every
        hex costs at least 1/3 otherwise), and its event says no more; not a combat's retreat."""
        u = state.units.get(str(event.get("unit")))
        return (u is not None and state.phase == MOVEMENT and state.pending is None
                and str(event.get("cost")) == "0" and scenario.grid.on_map(u.location))

    def setup_choices(self) -> Mapping[str, str]:
        return {FREE_SETUP: "each side deploys its units by orders within the set-up rules (Suez 11.1-11.4)"}

    def setup(self, pos: Position, option: str) -> list[Event] | None:
        """Suez 11.1: the free set-up; every counter that starts on the map waits in the deploy box;
        the British deploy first (11.2), then the Central Powers (11.4)."""
        if option != FREE_SETUP:
            return None
        return [*(Event.of("unit_placed", unit=uid, to=DEPLOY_BOX)
                  for uid in sorted(pos.state.units) if pos.on_map(uid)),
                Event.of("phase_began", turn=0, phase=SETUP, side=BRITISH)]

    def deployment_area(self, pos: Position, uid: str) -> frozenset[str]:
        """Suez 11.2 / 11.4: the hexes where `uid` may be deployed."""
        key = (pos.scenario.content_hash, uid)
        if key not in self._areas:
            self._areas[key] = frozenset(self._area(pos, uid))
        return self._areas[key]

    def _area(self, pos: Position, uid: str) -> set[str]:
        spec = pos.spec(uid)
        for who, kind, where in DEPLOYMENT:
            if uid not in who and spec.formation not in who:
                continue
            if kind == "trench":
                return {h for f in pos.scenario.map.hexside if f.feature == "trench" for h in f.hexes}
            if kind == "near":
                return {where, *pos.neighbours(where)}
            if kind == "at":
                return {where}
            grid = pos.scenario.grid
            return {label for label in grid.labels() if grid.column(label) >= int(where)}
        return set()

    def why_not_deploy(self, pos: Position, uid: str, label: str) -> Refusal | None:
        """Suez 11.1-11.4: a placement is checked against the area, the terrain, the armoured
        train's railway (13.3) and the stacking limits (17.1), and must leave every unit still to
        be placed somewhere to go."""
        state = pos.state
        side = state.active
        rule = DEPLOYMENT_RULE.get(side, "Suez 11.1")
        if state.phase != SETUP:
            return Refusal("units are deployed only during the set-up", "Suez 11.1")
        if uid not in state.units or state.units[uid].location != DEPLOY_BOX or pos.side_of(uid) != side:
            return Refusal(f"{uid} is not a unit of yours waiting to be deployed", rule)
        if (why := self.misfit(pos, uid, label, {})) is not None:
            return why
        placed = {label: [uid]}
        for other in self.cornered(pos, side):
            if other == uid:
                continue
            fits = self.fitting(pos, other)
            if not any(h != label for h in fits) and not (
                    label in fits and self.misfit(pos, other, label, placed) is None):
                return Refusal(f"{uid} in {label} would leave {other} nowhere to be placed", rule)
        return None

    def cornered(self, pos: Position, side: str) -> list[str]:
        """`side`'s units waiting to be deployed with at most one hex to go to: only a placement
        there could leave one of them nowhere (Suez 11.1), so only these are asked; once a position."""
        cache: dict[str, list[str]] = pos.__dict__.setdefault("suez.cornered", {})
        if side not in cache:
            cache[side] = [uid for uid, st in sorted(pos.state.units.items())
                           if st.location == DEPLOY_BOX and pos.side_of(uid) == side
                           and len(self.fitting(pos, uid)) <= 1]
        return cache[side]

    def fitting(self, pos: Position, uid: str) -> list[str]:
        """The hexes where `uid` may be placed now, computed once per position."""
        cache: dict[str, list[str]] = pos.__dict__.setdefault("suez.fitting", {})
        if uid not in cache:
            cache[uid] = [h for h in sorted(self.deployment_area(pos, uid))
                          if self.misfit(pos, uid, h, {}) is None]
        return cache[uid]

    def misfit(self, pos: Position, uid: str, label: str, placed: dict[str, list[str]]) -> Refusal | None:
        """Why `uid` may not be placed in `label`, with the units of `placed` already there."""
        rule = DEPLOYMENT_RULE.get(pos.side_of(uid), "Suez 11.1")
        if label not in self.deployment_area(pos, uid):
            return Refusal(f"{label} is not in {uid}'s set-up area", rule)
        if pos.terrain(label).move == "P" or pos.occupant(label) not in (None, pos.side_of(uid)):
            return Refusal(f"{uid} may not be placed in {label}", rule)
        only = next((t.split(":", 1)[1] for t in pos.spec(uid).traits if t.startswith("route-only:")), None)
        if only and not any(r.kind == only and label in r.hexes for r in pos.scenario.map.route):
            return Refusal(f"{uid} must be placed on the {only}", "Suez 13.3")
        return overstack(pos, label, [*pos.units_in(label), *placed.get(label, ()), uid])

    def deploy(self, pos: Position, order: Order) -> list[Event]:
        """`deploy UNIT HEX`; the last British placement hands over to the Central Powers, the last
        Central Powers placement begins the game (Suez 10.2: their movement phase, Zero Hour)."""
        if len(order.args) != 2:
            raise IllegalOrder("deploy UNIT HEX: a unit and the hex it is placed in", "Suez 11.1")
        uid, label = order.args
        why = self.why_not_deploy(pos, uid, label)
        if why:
            raise IllegalOrder(why)
        side = pos.state.active
        events = [Event.of("unit_placed", unit=uid, to=label),
                  Event.of("unit_flagged", unit=uid, flag=DEPLOYED)]
        grid = pos.scenario.grid
        if side == BRITISH and grid.column(label) <= grid.column(PELUSIUM):
            events.append(Event.of("unit_flagged", unit=uid, flag=WAITS))
        left = [u for u, st in pos.state.units.items()
                if st.location == DEPLOY_BOX and pos.side_of(u) == side and u != uid]
        if not left:
            nxt = CP if side == BRITISH else ""
            events.append(Event.of("phase_began", turn=0, phase=SETUP if nxt else "movement", side=nxt or CP))
        return events

    def order_note(self, pos: Position, order: Order) -> str | None:
        """Suez 11.1 deployment and 16.0 rail movement in a line each."""
        a = order.args
        if order.verb == "deploy" and len(a) == 2:
            rule = DEPLOYMENT_RULE.get(pos.state.active, "Suez 11.1")
            return f"place {unit_name(pos.scenario, a[0])} in {hex_name(pos.scenario, a[1])} ({rule})"
        if order.verb == "rail" and len(a) >= 2:
            return (f"{unit_name(pos.scenario, a[0])} goes by railway to {hex_name(pos.scenario, a[-1])}"
                    " (Suez 16.0)")
        return None

    def prompt(self, pos: Position) -> str | None:
        """Suez 11.1: the free set-up's phase."""
        if pos.state.phase != SETUP:
            return None
        rule = DEPLOYMENT_RULE.get(pos.state.active, "Suez 11.1")
        return f"Set-up - deploy each unit in its area (deploy UNIT HEX) ({rule})"

    def deploy_orders(self, pos: Position) -> list[Order]:
        side = pos.state.active
        orders = []
        for uid, st in sorted(pos.state.units.items()):
            if st.location != DEPLOY_BOX or pos.side_of(uid) != side:
                continue
            orders += [Order("deploy", (uid, h)) for h in sorted(self.deployment_area(pos, uid))
                       if self.why_not_deploy(pos, uid, h) is None]
        return orders

    # --- 11.3 British activation ---

    def awaits_activation(self, pos: Position, uid: str) -> bool:
        """Suez 11.3: a British unit set up on or west of Pelusium Station, not yet activated."""
        spec = pos.spec(uid)
        u = pos.state.units[uid]
        if spec.side != BRITISH or not pos.is_combat(uid) or u.has(ACTIVATED):
            return False
        if u.has(DEPLOYED):  # free set-up: where the player deployed it
            return u.has(WAITS)
        grid = pos.scenario.grid
        return grid.on_map(spec.start) and grid.column(spec.start) <= grid.column(PELUSIUM)

    def inactive_units(self, pos: Position) -> list[str]:
        return sorted(u for u in pos.on_map_units(BRITISH) if self.awaits_activation(pos, u))

    def activate(self, pos: Position, uid: str, why: str, dice: Dice, set_aside: list[str]) -> list[Event]:
        """Suez 11.3: the unit activates; a 42nd Division unit adds one set-aside marker, drawn at
        random, to the British pool (`set_aside` is the markers left, updated in place)."""
        events = [Event.of("unit_flagged", unit=uid, flag=ACTIVATED),
                  Event.of("note", text=f"{uid} activates: {why} (Suez 11.3)")]
        if pos.spec(uid).formation == ACTIVATION_FS_FORMATION and set_aside:
            marker = dice.choice(set_aside)
            set_aside.remove(marker)
            events += [Event.of("unit_placed", unit=marker, to="pool"),
                       Event.of("note", text=f"a set-aside British fire support marker joins the pool "
                                             f"for {uid} (Suez 11.3)")]
        return events

    def british_set_aside_markers(self, pos: Position) -> list[str]:
        return sorted(u for u, st in pos.state.units.items()
                      if st.location == "set-aside" and pos.spec(u).kind == "marker"
                      and pos.side_of(u) == BRITISH)

    def near_enemy(self, pos: Position, uid: str, hexes: list[str]) -> bool:
        here = pos.location(uid)
        return any(pos.distance(here, h) <= ACTIVATION_RANGE for h in hexes)

    def after_move(self, pos: Position, unit: str, path: list[str], dice: Dice) -> list[Event]:
        """Suez 11.3 automatic activation: a Central Powers unit moving within four hexes."""
        if pos.side_of(unit) != CP:
            return []
        events: list[Event] = []
        set_aside = self.british_set_aside_markers(pos)
        for uid in self.inactive_units(pos):
            if self.near_enemy(pos, uid, path):
                events += self.activate(pos, uid, f"{unit} moved within {ACTIVATION_RANGE} hexes", dice,
                                        set_aside)
        return events

    def british_start_of_turn(self, pos: Position, dice: Dice) -> list[Event]:
        """Suez 11.3: from 4 August Morning, one die for each unit still waiting. (Central Powers
        units coming within four hexes, by any move, activated them at that instant: after_move.)"""
        turns = [t.id for t in pos.scenario.turns]
        if pos.state.turn < turns.index(ACTIVATION_FROM):
            return []
        events: list[Event] = []
        set_aside = self.british_set_aside_markers(pos)
        for uid in self.inactive_units(pos):
            die = dice.roll()
            ok = die <= ACTIVATION_ROLL
            events.append(Event.of("roll", purpose=f"activation of {uid} (Suez 11.3)", die=die,
                                   outcome="activates" if ok else "stays inactive"))
            if ok:
                events += self.activate(pos, uid, f"rolled {die}", dice, set_aside)
        return events

    def after_bombardment(self, pos: Position, side: str, hex_label: str, dice: Dice) -> list[Event]:
        """Suez 11.3 automatic activation: a unit bombarded by Central Powers fire support."""
        if side != CP:
            return []
        set_aside = self.british_set_aside_markers(pos)
        events: list[Event] = []
        for uid in self.inactive_units(pos):
            if pos.location(uid) == hex_label:
                events += self.activate(pos, uid, "bombarded by Central Powers fire support", dice, set_aside)
        return events

    # --- 11.5 Central Powers reinforcements ---

    def regiments_to_come(self, pos: Position) -> dict[str, list[str]]:
        """Suez 11.5: the 27th Division's regiments still in the box, not yet called."""
        found: dict[str, list[str]] = {}
        for r in pos.rules.reinforcement:
            for uid in r.units:
                u = pos.state.units[uid]
                if u.location == "reinforcements" and not u.has(ARRIVED):
                    found.setdefault(uid.split("-")[0], []).append(uid)
        return found

    def reinforcement_trigger(self, pos: Position) -> str | None:
        """Suez 11.5: a railroad hex with a town or village, on or west of the 20xx column,
        held by a Central Powers unit; the first such hex, or None."""
        rail = {h for r in pos.scenario.map.route if r.kind == RAILWAY for h in r.hexes}
        column = pos.scenario.grid.column
        for label in sorted(rail):
            if (column(label) <= REINFORCEMENT_COLUMN and pos.terrain_id(label) in SETTLEMENTS
                    and pos.occupant(label) == CP):
                return label
        return None

    def cp_start_of_turn(self, pos: Position, dice: Dice) -> list[Event]:
        """Suez 11.5: one die if the trigger holds; on 1-3 one regiment (drawn at random) may enter
        on the east edge, and two markers from the reinforcement box join the pool."""
        regiments = self.regiments_to_come(pos)
        trigger = self.reinforcement_trigger(pos)
        if not regiments or trigger is None:
            return []
        die = dice.roll()
        ok = die <= REINFORCEMENT_ROLL
        events = [Event.of("roll", purpose=f"27th Division reinforcements, {trigger} held (Suez 11.5)",
                           die=die, outcome="a regiment arrives" if ok else "none")]
        if not ok:
            return events
        regiment = dice.choice(sorted(regiments))
        events += [Event.of("unit_flagged", unit=uid, flag=ARRIVED) for uid in regiments[regiment]]
        box = sorted(u for u, st in pos.state.units.items()
                     if st.location == "reinforcements" and pos.spec(u).kind == "marker"
                     and pos.side_of(u) == CP)
        for _ in range(min(REINFORCEMENT_MARKERS, len(box))):
            marker = dice.choice(box)
            box.remove(marker)
            events.append(Event.of("unit_placed", unit=marker, to="pool"))
        events.append(Event.of("note", text=f"the {ordinal(regiment)} Regiment may enter on the east edge "
                                            f"(Suez 11.5)"))
        return events

    def start_of_turn(self, pos: Position, dice: Dice) -> list[Event]:
        if pos.state.active == BRITISH:
            return self.british_start_of_turn(pos, dice)
        return self.cp_start_of_turn(pos, dice)

    # --- 15.0 surprise, 11.3 inactive units ---

    def movement_allowance(self, pos: Position, unit: str, allowance: Fraction) -> Fraction:
        """Suez 15.1: Central Powers movement factors doubled on the zero hour turn."""
        return allowance * 2 if self.allowance_note(pos, unit) else allowance

    def allowance_note(self, pos: Position, unit: str) -> Line | None:
        if pos.side_of(unit) == CP and pos.turn.id == ZERO_HOUR:
            return Line("doubled at zero hour", "Suez 15.1")
        return None

    def may_move(self, pos: Position, unit: str) -> Refusal | None:
        """Suez 15.2 (no British movement at zero hour) and 11.3 (inactive units wait)."""
        if pos.side_of(unit) == BRITISH and pos.turn.id == ZERO_HOUR:
            return Refusal("no British unit moves in the zero hour turn", "Suez 15.2")
        if self.awaits_activation(pos, unit):
            return Refusal(f"{unit} has not been activated", "Suez 11.3")
        return None

    def may_bombard(self, pos: Position, side: str) -> Refusal | None:
        """Suez 15.2: no British fire support on the zero hour turn."""
        if side == BRITISH and pos.turn.id == ZERO_HOUR:
            return Refusal("no British fire support in the zero hour turn", "Suez 15.2")
        return None

    # --- 14.1 the Suez Canal ---

    def step_cost(self, pos: Position, unit: str, a: str | None, b: str,
                  cost: Fraction | None) -> Fraction | None:
        """Suez 14.1: a British unit crosses at 0139-0239 only, starting in one hex with its whole
        allowance unspent, which the crossing uses up (so it ends in the other)."""
        if a is None or a not in self.crossing_hexes(pos):  # a quick test: movement asks very often
            return cost
        if not any(f.feature == CROSSING for f in pos.scenario.features_between(a, b)):
            return cost
        u = pos.state.units[unit]
        if pos.side_of(unit) != BRITISH or u.location != a or u.spent != 0:
            return None
        only = route_only(pos, unit)
        if only is not None and only not in pos.scenario.routes_between(a, b):
            return None  # 13.3: a unit bound to its route (the armoured train) crosses on it or not at all
        if pos.occupant(b) not in (None, BRITISH):
            return None
        return self.movement_allowance(pos, unit, Fraction(pos.factor(unit, "move")))

    def crossing_hexes(self, pos: Position) -> frozenset[str]:
        key = pos.scenario.content_hash
        if key not in self._crossings:
            self._crossings[key] = frozenset(h for f in pos.scenario.map.hexside if f.feature == CROSSING
                                             for h in f.hexes)
        return self._crossings[key]

    # --- 16.0 rail movement ---

    def why_not_rail(self, pos: Position, uid: str) -> Refusal | None:
        state = pos.state
        if state.phase != "movement" or state.active != BRITISH:
            return Refusal("rail movement is British, in the movement phase", "Suez 16.0")
        if uid not in state.units or pos.side_of(uid) != BRITISH or not pos.on_map(uid):
            return Refusal(f"{uid} is not a British unit on the map", "Suez 16.0")
        if uid == TRAIN or pos.spec(uid).kind == TRAIN:
            return Refusal("the armoured train moves along the railway by itself", "Suez 13.3")
        if any(u.has(RAILED) for u in state.units.values()):
            return Refusal("one unit per movement phase moves by rail", "Suez 16.0")
        if state.units[uid].has("moved"):
            return Refusal(f"{uid} has moved already this phase", "Suez 16.0")
        if (why := self.may_move(pos, uid)) is not None:
            return why
        if not pos.is_combat(uid):
            return Refusal(f"{uid} does not move", "Suez 16.0")
        here = pos.location(uid)
        if here not in self.rail_hexes(pos):
            return Refusal(f"{uid} is not on a railroad hex", "Suez 16.0")
        if in_enemy_zoc(pos, BRITISH, here):
            return Refusal(f"{uid} starts in an enemy ZOC", "Suez 16.0")
        return None

    def rail_hexes(self, pos: Position) -> set[str]:
        return {h for r in pos.scenario.map.route if r.kind == RAILWAY for h in r.hexes}

    def rail_reach(self, pos: Position, uid: str) -> dict[str, list[str]]:
        """Suez 16.0: every hex reached along contiguous railroad hexes, never into an enemy unit or
        an enemy ZOC, with the shortest path."""
        start = pos.location(uid)
        paths: dict[str, list[str]] = {start: []}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in pos.neighbours(here):
                if n in paths or RAILWAY not in pos.scenario.routes_between(here, n):
                    continue
                if pos.occupant(n) == CP or in_enemy_zoc(pos, BRITISH, n):
                    continue
                paths[n] = [*paths[here], n]
                queue.append(n)
        paths.pop(start)
        return paths

    def rail(self, pos: Position, order: Order) -> list[Event]:
        """Suez 16.0: `rail UNIT HEX...`, a rail move along the given railroad hexes."""
        if len(order.args) < 2:
            raise IllegalOrder("rail UNIT HEX...: a unit and its path along the railway", "Suez 16.0")
        uid, path = order.args[0], list(order.args[1:])
        why = self.why_not_rail(pos, uid)
        if why:
            raise IllegalOrder(why)
        here = pos.location(uid)
        seen = {here}
        for there in path:
            try:
                pos.scenario.grid.parse(there)
            except ValueError as exc:
                raise IllegalOrder(str(exc), "Suez 16.0") from None
            if pos.distance(here, there) != 1 or RAILWAY not in pos.scenario.routes_between(here, there):
                raise IllegalOrder(f"{here}-{there} is not along the railway", "Suez 16.0")
            if there in seen:
                raise IllegalOrder(f"the path comes back to {there}", "Suez 16.0")
            if pos.occupant(there) == CP or in_enemy_zoc(pos, BRITISH, there):
                raise IllegalOrder(f"{there} holds an enemy unit or is in an enemy ZOC", "Suez 16.0")
            seen.add(there)
            here = there
        if (why := beyond_repair(pos, uid, path[-1])) is not None:
            raise IllegalOrder(why)
        return [Event.of("unit_moved", unit=uid, path=path, cost="0"),
                Event.of("unit_flagged", unit=uid, flag="moved", scope="phase"),
                Event.of("unit_flagged", unit=uid, flag=RAILED, scope="phase"),
                *control_events(pos, BRITISH, path)]

    # --- the scenario's own orders ---

    def extra_orders(self, pos: Position) -> list[Order]:
        found: list[Order] = []
        if pos.state.phase == SETUP:
            return self.deploy_orders(pos)
        if pos.state.phase == "movement" and pos.state.active == BRITISH:
            for uid in pos.on_map_units(BRITISH):
                if self.why_not_rail(pos, uid) is None:
                    found += [Order("rail", (uid, *p)) for end, p in sorted(self.rail_reach(pos, uid).items())
                              if overstack(pos, end, [*pos.units_in(end), uid]) is None]
        return sorted(found, key=lambda o: o.text)

    def resolve_extra(self, pos: Position, order: Order, dice: Dice) -> list[Event] | None:
        if order.verb == "deploy":
            return self.deploy(pos, order)
        if order.verb == "rail":
            return self.rail(pos, order)
        return None

    # --- 12.1, 12.2 instant victory ---

    def canal_hexes(self, pos: Position) -> frozenset[str]:
        key = pos.scenario.content_hash
        if key not in self._canal:
            self._canal[key] = frozenset(h for f in pos.scenario.map.hexside if f.feature in CANAL_FEATURES
                                         for h in f.hexes)
        return self._canal[key]

    def instant_goals(self, pos: Position) -> tuple[InstantGoal, ...]:
        """Suez 12.1: the Central Powers' engineers on the map, and the hexes beside the canal
        (none while the set-up runs, as in `instant_victory`)."""
        if pos.state.phase == SETUP:
            return ()
        engineers = frozenset(u for u in pos.on_map_units(CP) if pos.spec(u).kind == ENGINEER)
        return (InstantGoal(CP, engineers, self.canal_hexes(pos)),) if engineers else ()

    def instant_victory(self, pos: Position, moment: str) -> Verdict | None:
        """Suez 12.2: no Central Powers unit on the map, the instant it happens; Suez 12.1: a
        Central Powers engineer beside the canal at the end of a British turn."""
        if pos.state.phase == SETUP:
            return None
        if not pos.on_map_units(CP):
            return Verdict(BRITISH, "instant", "no Central Powers unit is on the map (Suez 12.2)")
        if moment == "end-of-player-turn" and pos.state.active == BRITISH:
            for goal in self.instant_goals(pos):
                for uid in sorted(goal.units):
                    if pos.location(uid) in goal.hexes:
                        return Verdict(CP, "instant", f"{uid} stands beside the Suez Canal at "
                                                      f"{pos.location(uid)} (Suez 12.1)")
        return None
