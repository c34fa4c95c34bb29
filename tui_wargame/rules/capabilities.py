"""What a rule system may offer beyond its required core, and what is used when it does not.

The core (`rules.RuleSystem`) is what a game cannot be played without: check the
scenario, set up, legal orders, resolve, prompt, victory points. Everything the
screens and the narrative would like to know besides is a *capability*: a
method with the name below that a system may define. `Capabilities(system)`
binds each one to the system's own method when it has one, else to the default
here, so callers never ask "does this system do that?".

The values a capability returns are plain frozen data, free of any one
system's vocabulary: the TUI draws a `Layer` or a `Table` without knowing that
it shows zones of control or a combat results table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from attrs import field

from tui_wargame.frozen import frozen
from tui_wargame.model import Event, Order, Refusal, Scenario, State

if TYPE_CHECKING:
    from tui_wargame.rules import RuleSystem


@frozen
class GameOption:
    """A choice made when a game is created (F&M: historical or free set-up), offered by the CLI
    (`new --option NAME=CHOICE`) and the title screen, each choice with a line of its own."""

    name: str
    description: str
    choices: Mapping[str, str]  # choice -> what it means, one line; the first is the default

    @property
    def default(self) -> str:
        return next(iter(self.choices))


@frozen
class Line:
    """One line of an explanation or a note: the text and the rule section behind it."""

    text: str
    rule: str = ""
    strong: bool = False  # the line the reader needs first (the final column, the result)


@frozen
class Explanation:
    """An order explained before it is given (attack odds, a barrage's strength), without dice."""

    summary: str
    lines: tuple[Line, ...] = ()


@frozen
class Layer:
    """Something a system wants drawn on the map: hexes, each with a short mark, and a legend.

    `marks` maps a hex label to at most three 7-bit ASCII characters (a cost "1.5", a count
    "2", or "" for the glyph alone), drawn in the hex after `glyph` in the palette's `style`.
    `glyph` is one ASCII character too; the TUI may draw the Unicode character it keeps for
    the `style` instead (reach "*" as a bullet, marker "!" as a star), so `--ascii` needs no
    transliteration. `notes` gives a hex a line for the hex panel ("reach: 2 MP",
    "face-down markers: CP 2"). `shown` says when the TUI draws it: `always`, `selected` (only
    while a unit is selected), or `toggle` (when the player asks: `key` names the key it wants,
    which the TUI may refuse).
    """

    id: str
    name: str
    legend: str
    marks: Mapping[str, str]
    glyph: str
    style: Literal["reach", "threat", "marker", "info"] = "info"
    shown: Literal["always", "selected", "toggle"] = "always"
    rule: str = ""
    notes: Mapping[str, str] = field(factory=dict)
    key: str = ""


@frozen
class Table:
    """A table from the rulebook's charts, as text cells the TUI lays out in columns. The first
    `head` rows are headings too (a CRT's differentials, one row per terrain, over its results),
    drawn like the header and ruled off from the rows below."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    head: int = 0


@frozen
class HelpPage:
    """A page of the in-game help: paragraphs and tables in order."""

    id: str
    title: str
    blocks: tuple[str | Table, ...] = field(factory=tuple)


@frozen
class OrderMenu:
    """Orders the screen gathers under one key (F&M's fire support; Foxhole's barrage). With
    `each`, the key gives every one of them in turn instead (F&M: resolve every declared attack),
    stopping as soon as a decision is owed."""

    key: str
    title: str
    verbs: frozenset[str]
    each: bool = False


@frozen
class Reply:
    """One answer to a decision, in words. Answers with a `hex` (where they leave `unit`) are
    picked on the map among the hexes of that unit's answers; the others from a list."""

    order: Order
    text: str
    unit: str = ""
    hex: str = ""
    warning: str = ""  # what to know before choosing it: "this eliminates the unit"


@frozen
class Decision:
    """A decision the side to act owes (a retreat, an advance), with every answer. `finish` is the
    answer that ends it doing nothing more (stop advancing, no more fire), given by the end key."""

    title: str
    replies: tuple[Reply, ...]
    finish: Order | None = None


@frozen
class Track:
    """Where the game stands in its sequence of play (Foxhole R15): the steps of the current turn
    or part of it in order, and the one being played, for a track the screen keeps in view."""

    title: str  # what the steps make up: "Allied player turn", "Day 1 Morning"
    steps: tuple[str, ...]  # each step's short name, in order: "Barrage", "Combat"
    at: int  # index in `steps` of the step being played; -1 when none is
    rule: str = ""
    short: tuple[str, ...] = ()  # the steps with the sides' short names ("US turn"), if any differ


def flag_words(flag: str) -> str:
    """A unit's flag or trait as words: "attacks:0405" as "attacks 0405", "route-only:railway" as
    "route only railway" (an id the rules set, never meant to be read as it is)."""
    return " ".join(flag.replace(":", " ").replace("_", " ").replace("-", " ").split())


def named_units(scenario: Scenario, orders: Iterable[Order]) -> frozenset[str]:
    """The units `orders` name, in any of their arguments."""
    units = scenario.unit
    return frozenset(a for o in orders for a in o.args if a in units)


class Capabilities:
    """The optional capabilities of one rule system, each the system's own or the default."""

    #: Every capability by name: a system defines a method of that name to supply its own.
    NAMES: tuple[str, ...] = ("options", "describe", "headline", "explain", "layers", "unit_notes",
                              "help_pages", "concealed", "order_menus", "reach", "move_order",
                              "decision", "order_note", "formation_name", "unit_face", "unit_card",
                              "hex_notes", "conditions", "track", "settled", "actors")

    def __init__(self, system: RuleSystem) -> None:
        self.system = system
        for name in self.NAMES:
            own = getattr(system, name, None)
            if own is not None:
                setattr(self, name, own)

    def options(self, scenario: Scenario) -> Sequence[GameOption]:
        """The choices a new game of `scenario` offers; none by default."""
        return ()

    def describe(self, scenario: Scenario, state: State, event: Event) -> str | None:
        """A sentence for `event` applied to `state`; "" to leave it untold; None for the
        narrative's own wording (state events) or a plain listing of a report's facts."""
        return None

    def headline(self, scenario: Scenario, state: State, event: Event) -> str | None:
        """One line for a prompt bar when `event` is the news of its order (a combat's die and
        result); None for an event that is not, which is every event by default."""
        return None

    def explain(self, scenario: Scenario, state: State, order: Order) -> Explanation | Refusal | None:
        """What `order` would do, before any die; a Refusal if it would be refused; None if the
        system has nothing to say about it."""
        return None

    def layers(self, scenario: Scenario, state: State, viewer: str | None,
               selected: str | None) -> Sequence[Layer]:
        """What to draw on the map for `viewer` (None: a spectator), with `selected` the unit
        the player has selected, if any; nothing by default."""
        return ()

    def unit_notes(self, scenario: Scenario, state: State, unit: str) -> Sequence[Line]:
        """What the rules say about `unit` now (its movement this phase, a zone it stands in)."""
        return ()

    def help_pages(self, scenario: Scenario) -> Sequence[HelpPage]:
        """The system's pages of the in-game help (its charts and tables); none by default."""
        return ()

    def concealed(self, scenario: Scenario, state: State, viewer: str) -> frozenset[str]:
        """Ids of the units whose identity `viewer` may not see now; none by default."""
        return frozenset()

    def order_menus(self, scenario: Scenario) -> Sequence[OrderMenu]:
        """Groups of orders the screen offers under a key of their own; none by default."""
        return ()

    def reach(self, scenario: Scenario, state: State, unit: str) -> Mapping[str, Fraction]:
        """Hex -> cost, for every hex `unit` may move to now. By default, the last argument of
        each legal order that names `unit` first and ends on a hex of the map, at cost 1."""
        grid = scenario.grid
        return {o.args[-1]: Fraction(1) for o in self.system.legal_orders(scenario, state)
                if len(o.args) >= 2 and o.args[0] == unit and grid.on_map(o.args[-1])}

    def move_order(self, scenario: Scenario, state: State, unit: str, path: Sequence[str]) -> Order | None:
        """The order that moves `unit` along `path` (hex labels, the last its destination). By
        default, the legal order naming `unit` and the whole path, else `unit` and the destination."""
        legal = [o for o in self.system.legal_orders(scenario, state) if o.args[:1] == (unit,)]
        for wanted in ((unit, *path), (unit, path[-1])):
            for o in legal:
                if o.args == wanted:
                    return o
        return None

    def decision(self, scenario: Scenario, state: State) -> Decision | None:
        """The decision owed now with its answers in words; None when none is owed. By default the
        pending decision's prompt, each legal order an answer worded as itself."""
        if state.pending is None or state.over:
            return None
        orders = self.system.legal_orders(scenario, state)
        return Decision(state.pending.prompt, tuple(Reply(o, o.text) for o in orders))

    def order_note(self, scenario: Scenario, state: State, order: Order) -> str:
        """One line saying what `order` does, for a menu of orders ("" when it speaks for itself,
        as every order does by default). For `end`: what it really ends ("end the Red movement")."""
        return ""

    def settled(self, scenario: Scenario, state: State) -> frozenset[str]:
        """The acting side's units whose choice this phase is made, though an order could still
        change it (an arrival timed at a Briefing): the question before a phase ends does not
        name them among those that could still act. None by default."""
        return frozenset()

    def actors(self, scenario: Scenario, state: State) -> frozenset[str]:
        """The units named in an order the side to act may give now: where a screen opens at a
        phase's start. By default read from every legal order; a system whose list is costly
        to make (every path of every unit) answers it more cheaply, and exactly the same."""
        return named_units(scenario, self.system.legal_orders(scenario, state))

    def formation_name(self, scenario: Scenario, formation: str) -> str:
        """A unit's formation as players know it ("3rd Division"); by default its id as the
        scenario gives it."""
        return formation

    def unit_face(self, scenario: Scenario, state: State, unit: str) -> str:
        """The values printed on `unit`'s counter now, as the map and the stack list show them
        ("5-4-4-8"); by default its factors for the steps it has lost, joined by "-"."""
        spec = scenario.unit[unit]
        lost = min(max(spec.steps - state.units[unit].steps, 0), len(spec.factors) - 1)
        return "-".join(str(v) for v in spec.factors[lost].values()) if spec.factors else ""

    def unit_card(self, scenario: Scenario, state: State, unit: str) -> Sequence[Line]:
        """The selected unit's values, condition and traits in words, for the unit panel; by default
        its factors by name ("attack 5, defence 4"), its flags as they are ("status: ready") and its
        traits ("traits: cavalry"). A system's own card says each trait its own way, or not at all."""
        spec, u = scenario.unit[unit], state.units[unit]
        lost = min(max(spec.steps - u.steps, 0), len(spec.factors) - 1)
        factors = spec.factors[lost] if spec.factors else {}
        words = [flag_words(f) for f in sorted(u.flags | u.phase_flags)]
        traits = (Line("traits: " + ", ".join(flag_words(t) for t in spec.traits)),) if spec.traits else ()
        return (Line(", ".join(f"{k} {v}" for k, v in factors.items())),
                Line("status: " + (", ".join(words) if words else "ready")), *traits)

    def hex_notes(self, scenario: Scenario, state: State, hex: str) -> Sequence[Line]:
        """What lies in `hex` besides its units (markers, works, smoke), one line each with what
        it does and its rule, for the hex panel; none by default."""
        return ()

    def conditions(self, scenario: Scenario, state: State) -> str:
        """One line of what holds for the whole map now (Foxhole: weather, moisture, forecast,
        the part of the Day), which the screen keeps in view; "" for none, the default."""
        return ""

    def track(self, scenario: Scenario, state: State) -> Track | None:
        """Where the game stands in its sequence of play; None (the default) when the header's
        phase says enough."""
        return None
