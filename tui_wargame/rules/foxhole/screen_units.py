"""How a Foxhole unit looks on the screen (R5.A, R5.B): its counter's face and its card.

The face is what a counter prints, read as a player reads it: a type letter (`TYPE_LETTERS`),
the Defence (upper left, R5.A.5), the firepower (bottom: Heavy Weapons or Hard before Soft,
R5.A.1-2) and the MPs (bottom right, R5.A.7), then a letter for each condition marker on it
(`CONDITION_LETTERS`): "I3-1/4-4", "T6-5/4-8 P". The map's compact counter keeps what fits of it
(the screen cuts it at its dashes: type and Defence), the detailed one all of it when there is room.

The card says the same in words: the values with their names, the Cadre side, its special types
(R7) with what each does, each condition with what it does and its rule (the narration's words,
`narration.CONDITION_WORDS`), and what the unit did this player turn, so a player never reads a
flag's id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tui_wargame.model import UnitSpec
from tui_wargame.rules.capabilities import Line
from tui_wargame.rules.foxhole import counters, effects, landings, marching, movement, participants, supply
from tui_wargame.rules.foxhole.narration import CONDITION_WORDS
from tui_wargame.rules.foxhole.position import (
    ACTED,
    CONDITIONS,
    EXHAUSTED,
    EXPENDED,
    FATIGUED,
    FIRED,
    MOVED,
    OVERWATCH,
    PINNED,
    SUPPLIED,
    SUPPLY_DEPLETED,
    SUPPLY_REDUCED,
    SUPPRESSED,
    Position,
)

#: The counter's type letter, by the first special type (R7) a unit has in this order, else by
#: its kind (R6): what it is matters more at a glance than any one number.
TYPE_LETTERS: tuple[tuple[str, str], ...] = (
    ("hq", "H"), ("signal", "H"), ("hospital", "+"),
    ("engineer-assault", "E"), ("engineer-combat", "E"), ("engineer-construction", "E"),
    ("engineer-maintenance", "E"), ("engineer-port", "E"), ("engineer-railroad", "E"),
    ("machinegun", "G"), ("partisan", "P"), ("police", "S"), ("political-police", "S"), ("security", "S"),
    ("commando", "C"), ("replacement", "R"),
    ("mortar", "M"), ("light-aa", "F"), ("heavy-aa", "F"), ("antitank", "N"),
    ("sp-artillery", "A"), ("railroad-artillery", "A"), ("rocket-artillery", "A"),
    ("siege-artillery", "A"), ("artillery", "A"),
    ("lvt", "L"), ("recon", "V"), ("assault-gun", "U"),
)
KIND_LETTERS: Mapping[str, str] = {counters.COMPANY: "I", counters.BATTERY: "B", counters.VEHICLE: "T"}
#: What each letter stands for, for the legend (docs/tui.md and the help's Map page).
LETTER_NAMES: Mapping[str, str] = {
    "I": "Company (infantry)", "H": "Headquarters", "+": "Hospital", "E": "Engineers",
    "G": "Machinegun", "P": "Partisans", "S": "Police or Security", "C": "Commando",
    "R": "Replacement", "M": "Mortar", "F": "Antiaircraft", "N": "Antitank", "A": "Artillery",
    "B": "Battery", "T": "Tank or other Vehicle", "L": "LVT", "V": "Recon", "U": "Assault Gun",
}

#: The condition markers a unit may carry (R5.B), each with its letter on the face.
CONDITION_LETTERS: Mapping[str, str] = {
    PINNED: "P", SUPPRESSED: "S", EXHAUSTED: "X", FATIGUED: "F", SUPPLY_DEPLETED: "D",
    SUPPLY_REDUCED: "R", OVERWATCH: "O", EXPENDED: "E",
}

#: The values a counter prints, in the card's order, with their names and rules.
VALUE_NAMES: tuple[tuple[str, str, str], ...] = (
    ("range", "range", "R5.A.6"), ("defence", "defence", "R5.A.5"),
    ("heavy", "heavy weapons", "R5.A.2"), ("hard", "hard firepower", "R5.A.1.b"),
    ("soft", "soft firepower", "R5.A.1.a"), ("mp", "MP", "R5.A.7"),
    ("experience", "experience", "R7.A.4"),
)

#: A player turn's or phase's facts about a unit worth telling, in words with their rules; the
#: other flags are the rules' own bookkeeping.
FACTS: Mapping[str, tuple[str, str]] = {
    MOVED: ("has moved this player turn", "R11"),
    FIRED: ("has fired a Barrage this player turn", "R18.A.1"),
    ACTED: ("has acted this player turn", "R9.A"),
    SUPPLIED: ("traced supply this player turn", "R12"),
    effects.ONCE_REDUCED: ("has been Reduced once: one loss for victory, even if restored", "R24.A.2"),
    effects.REDUCED_TWICE: ("Reduced again after a Hospital restored it: two losses", "R24.A.2"),
    marching.FORCED_MARCH: ("Force Marching this phase", "R19.D"),
    participants.ENGAGED: ("has Fought or Assaulted this phase", "R20"),
    landings.ZERO: ("landed by air at zero strength, not yet improved", "R16.A.2b"),
    landings.ON_ENEMY: ("landed on the enemy: must Assault it, at half firepower", "R16.B.2b"),
    supply.ANCHOR: ("a Headquarters supply was traced to: it may not move this phase", "R17.A"),
}


def type_letter(spec: UnitSpec) -> str:
    """The letter for the unit's type: its first special type in `TYPE_LETTERS`, else its kind's."""
    traits = set(spec.traits)
    return next((letter for trait, letter in TYPE_LETTERS if trait in traits),
                KIND_LETTERS.get(spec.kind, "?"))


def type_name(spec: UnitSpec) -> str:
    """The unit's type in words: its special types (R7) before its kind (R6): "Combat Engineer
    Company", "Mortar Battery", "Vehicle Platoon"."""
    specials = [counters.SPECIALS[t].name for t in spec.traits if t in counters.SPECIALS]
    kind = {counters.COMPANY: "Company", counters.BATTERY: "Battery", counters.VEHICLE: "Vehicle Platoon"}
    return " ".join([*specials[:2], kind.get(spec.kind, spec.kind)])


def _printed(pos: Position, uid: str) -> list[tuple[str, int]]:
    """(value name, value) for each value the side the unit shows prints, Defence always (R5.A.5:
    a unit printing none defends with 1), as the rules read them."""
    spec = pos.spec(uid)
    steps = pos.state.units[uid].steps
    side = spec.factors[max(0, min(spec.steps - steps, len(spec.factors) - 1))] if spec.factors else {}
    return [(name, counters.value(spec, steps, name)) for name, _, _ in VALUE_NAMES
            if name in side or name == "defence"]


def face(pos: Position, uid: str) -> str:
    """The counter's face: type letter and Defence, firepower (Heavy or Hard before Soft), MP,
    then the letters of its conditions: "I3-1/4-4", "A1-2/8-1 PF"."""
    spec = pos.spec(uid)
    values = dict(_printed(pos, uid))
    close = values.get("heavy", values.get("hard"))
    fire = f"{close}/{values.get('soft', 0)}" if close else str(values.get("soft", 0))
    text = f"{type_letter(spec)}{values['defence']}-{fire}-{values.get('mp', 0)}"
    marks = "".join(letter for flag, letter in CONDITION_LETTERS.items() if pos.has(uid, flag))
    return f"{text} {marks}" if marks else text


def card(pos: Position, uid: str) -> Sequence[Line]:
    """The unit panel's lines, what decides what it may do now first: its values by name, its Cadre
    side, its conditions, what it did this player turn; then what it is (hardness, Mounted, its
    special types), which does not change."""
    spec, u = pos.spec(uid), pos.state.units[uid]
    named = {name: (words, rule) for name, words, rule in VALUE_NAMES}
    values = ", ".join(f"{value} {named[name][0]}" if name == "mp" else f"{named[name][0]} {value}"
                       for name, value in _printed(pos, uid))
    lines = [Line(f"{type_name(spec)}: {values}", "R5.A")]
    if spec.steps > 1 and u.steps < spec.steps:
        lines.append(Line("Cadre side: Reduced again, it is Eliminated", "R5.A.8-9", strong=True))
    conditions = [flag for flag in CONDITIONS if pos.has(uid, flag)]
    for flag in conditions:
        name, effect, rule = CONDITION_WORDS[flag]
        lines.append(Line(f"{name}: {effect}", rule, strong=True))
    if not conditions:
        lines.append(Line("no condition markers: fit to act", "R5.B"))
    for flag, (words, rule) in FACTS.items():
        if flag == MOVED and pos.has(uid, movement.MOVED_NOW):  # said once, with why it stays put
            lines.append(Line("has moved this phase: it may not move again in it", "R11.B"))
        elif flag in u.flags or flag in u.phase_flags:
            lines.append(Line(words, rule))
    hardness = counters.hardness(spec)
    if spec.kind == counters.VEHICLE or hardness == counters.HARD:
        said = {counters.HARD: "a Hard target: only Hard firepower harms it",
                counters.OPEN_TOP: "Open-Top: Soft firepower in Barrages, Hard in Fights, both in Assaults",
                counters.SOFT: "a Soft target"}[hardness]
        lines.append(Line(said, "R5.A.4"))
    if counters.is_motorized(spec) and spec.kind != counters.VEHICLE:
        lines.append(Line("Mounted: a Motorized unit", "R6.A.4"))
    for trait in spec.traits:  # its special types and printed marks, each with what it does
        special = counters.SPECIALS.get(trait) or counters.MARKS.get(trait)
        if special is not None and trait not in ("hard", "open-top", "mounted", "infantry"):
            lines.append(Line(f"{special.name}: {special.means}", special.rule))
    attributes = {name: counters.attribute(spec, name) for name in counters.ATTRIBUTES}
    if any(attributes.values()):  # the optional rules' attributes, once: every other trait is told above
        rules = ", ".join(dict.fromkeys(counters.ATTRIBUTES[n] for n, v in attributes.items() if v))
        lines.append(Line(", ".join(f"{n} {v}" for n, v in attributes.items() if v), rules))
    return tuple(lines)
