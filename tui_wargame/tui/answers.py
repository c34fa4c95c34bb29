"""What a key answers the game screen with (an order to give, orders to choose from, a question,
a note), and the answers to a decision laid out for choosing: in a list, or on the map.

The rule system's `decision` words every answer (`Reply`); those that leave a unit on a hex
are grouped by unit into one `Pick`, chosen on the map among the hexes marked by
`pick_layer`. No widgets here, and no rule system's words.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_wargame.frozen import frozen
from tui_wargame.model import Order, Scenario
from tui_wargame.rules.capabilities import Decision, Layer, Reply
from tui_wargame.text import plural, tidy


@frozen
class Give:
    """Give this order now."""

    text: str


@frozen
class Pick:
    """Answers to a decision chosen on the map: the hexes where `unit`'s answers leave it."""

    unit: str
    what: str  # the answer and its unit ("retreat 52nd Division")
    replies: tuple[Reply, ...]

    @property
    def text(self) -> str:
        """The menu's line for it."""
        return f"{self.what}: choose on the map ({plural(len(self.hexes), 'hex')} marked)"

    @property
    def hexes(self) -> list[str]:
        """The marked hexes, where its answers leave the unit, sorted."""
        return sorted({r.hex for r in self.replies})

    @property
    def warning(self) -> str:
        """The warning every one of these answers carries (it is the unit's), else none."""
        said = {r.warning for r in self.replies}
        return said.pop() if len(said) == 1 else ""


@frozen
class Choose:
    """Offer these orders, one to be chosen (or none); `notes` and `warnings` say a line about each
    order (or ""), `picks` are answers to choose on the map instead, offered before the orders."""

    title: str
    orders: tuple[Order, ...]
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    picks: tuple[Pick, ...] = ()
    finish: Order | None = None  # the answer the end key gives from the list (a decision's finish)
    about: str = ""  # the phase's prompt in full, under the title (the prompt bar may cut it)


@frozen
class Confirm:
    """Ask `question` first; give `text` on yes."""

    question: str
    text: str


@frozen
class Note:
    """Nothing to give: what to tell the player instead; `refused` when it is a refusal."""

    text: str
    refused: bool = False


@frozen
class GiveEach:
    """Ask `question`; on yes give the first legal order of `verbs`, again and again, until none
    is left or a decision is owed (every attack declared, say, resolved in turn)."""

    question: str
    verbs: frozenset[str]


Answer = Give | Choose | Confirm | Note | GiveEach


def answers_to(decision: Decision, legal: Sequence[Order], scenario: Scenario) -> Choose | Note:
    """Every answer to `decision`: those that leave a unit on a hex grouped by unit, to be picked
    on the map; the others (advance, stop, deplete) each a line; its finish if it is legal. The
    title is the decision's prompt as saved, tidied (a citation once, "1 hex")."""
    title = tidy(decision.title)
    listed = [r for r in decision.replies if not r.hex]
    by_unit: dict[str, list[Reply]] = {}
    for r in decision.replies:
        if r.hex:
            by_unit.setdefault(r.unit, []).append(r)
    picks = []
    for uid, replies in by_unit.items():
        spec = scenario.unit.get(uid)
        picks.append(Pick(uid, f"{replies[0].order.verb} {spec.name if spec else uid}", tuple(replies)))
    if not listed and not picks:
        return Note(f"{title}: no answer is legal now (type one after :)")
    finish = decision.finish if decision.finish in legal else None
    return Choose(title, tuple(r.order for r in listed), tuple(r.text for r in listed),
                  tuple(r.warning for r in listed), tuple(picks), finish)


def pick_layer(pick: Pick) -> Layer:
    """The hexes of the answers being picked on the map, each with its answers' words."""
    notes: dict[str, str] = {}
    for r in pick.replies:
        notes[r.hex] = f"{notes[r.hex]}; or {r.text}" if r.hex in notes else r.text
    return Layer("pick", "Answers on the map", "Enter on a marked hex gives the answer ending there",
                 dict.fromkeys(notes, ""), "o", style="info", notes=notes)


def picked(pick: Pick, here: str) -> Answer:
    """Enter on hex `here` while picking: the answer ending there (a choice of them when several
    paths end there), or a note naming the marked hexes."""
    ending = [r for r in pick.replies if r.hex == here]
    if not ending:
        return Note(f"Not a marked hex: choose one of {', '.join(pick.hexes)} (x: back to the answers)")
    if len(ending) == 1:
        return Give(ending[0].order.text)
    return Choose(f"{pick.what} to {here}: which way?", tuple(r.order for r in ending),
                  tuple(r.text for r in ending), tuple(r.warning for r in ending))


