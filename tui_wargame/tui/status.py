"""The situation line and the track: what a rule system says of the whole game now.

A system's `conditions` (weather, ground, the part of the day) is one line under the header,
shown only while the system has something to say (a system without the capability keeps the
screen as it was). Its `track` (where the game stands in the sequence of play) takes the place of
the header's phase: the steps in order, the one being played in brackets and reverse video, so
it reads without colour too. The header's parts give way in a fixed order as the width shrinks
(the track's step names are shortened first, then the turn's name and the title go), chosen for
the longest step any position of the track could show, so that the header keeps its shape from
step to step.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from tui_wargame.engine import Game
from tui_wargame.model import State
from tui_wargame.rules.capabilities import Track
from tui_wargame.tui.info import Namer, fit, header, short_title
from tui_wargame.views import turn_name

#: How the track's steps are written, richest first: joined by " > ", by spaces, then each step
#: but the current one cut to so many characters.
FORMS: tuple[int | str, ...] = (" > ", " ", 6, 5, 4, 3, 2, 1)
#: The shortest form kept before the scenario's title gives way.
WITH_TITLE = 3
#: The shortest form in which a step's name cut short ends with a full stop.
CUT_MARKED = 4


def cut(word: str, width: int) -> str:
    """A step's name in `width` characters: its first word, and if that is longer, cut with a
    full stop to mark it ("Weath.", never "Weathe"); at 3 or less, its first letters alone."""
    first = word.split(" ")[0]
    if len(first) <= width:
        return first
    if width < CUT_MARKED:
        return first[:width].rstrip(".-/")
    return first[:width - 1].rstrip(".-/") + "."


def track_text(track: Track, names: Namer, form: int | str, *, short: bool = False) -> Text:
    """The track's steps in `form` (see FORMS), with the sides' short names if `short`: the current
    step whole, in brackets and reverse video; the steps before it dim."""
    out = Text()
    sep = form if isinstance(form, str) else " "
    for i, step in enumerate(track.short if short and track.short else track.steps):
        word = names.text(step)
        if i:
            out.append(sep)
        if i == track.at:
            out.append(f"[{word}]", style="reverse")
        else:
            shown = word if isinstance(form, str) else cut(word, form)
            out.append(shown, style="dim" if 0 <= i < track.at else "")
    return out


def _widest(track: Track, names: Namer, form: int | str, short: bool) -> int:
    """The track's width in `form` with the step that makes it widest being played."""
    return max(len(track_text(Track(track.title, track.steps, at, short=track.short), names, form,
                              short=short).plain)
               for at in range(len(track.steps)))


def header_line(game: Game, state: State, names: Namer, *, where: str = "", width: int = 80) -> Text:
    """The header: `info.header`'s, or with the system's track in place of the phase (title, turn,
    "Side: track", the save or `where`)."""
    track = game.capabilities.track(game.scenario, state) if state.phase else None
    if track is None:
        return header(game, state, names, where=where, width=width)
    sc, g = game.scenario, names.g
    sep = f" {g.sep} "
    tail = where or (names.text(game.path.name) if game.path else "not saved")
    turn = f"T{state.turn + 1}/{len(sc.turns)}"
    longest = max((len(names.text(t.name)) for t in sc.turns), default=0)
    owed = f" {g.sep} {{}} to decide" if state.to_act != state.active else ""
    forms: tuple[Callable[[str], str], ...] = (names.side, names.short_side)
    widest = {(shape, form): _widest(track, names, shape, form == names.short_side)
              for shape in FORMS for form in forms}
    sides = {form: max(len(form(s)) for s in sc.side) for form in forms}
    full_turn = len(f"T{len(sc.turns)}/{len(sc.turns)}")

    def used(titled: bool, shape: int | str, named: bool, form: Callable[[str], str]) -> int:
        title = len(short_title(names.text(sc.title), width)) + len(sep) if titled else 0
        turn_room = full_turn + (1 + longest if named else 0)
        # an owed decision may force a later form
        decide = len(owed.format(form(state.to_act))) if owed else 0
        return (title + turn_room + len(sep) * 2 + sides[form] + len(": ") + widest[shape, form] + decide
                + len(tail))

    def rank(c: tuple[bool, int | str, bool, Callable[[str], str]]) -> tuple[object, ...]:
        """While the steps keep a word each: the sides' full names first (a newcomer knows "Axis",
        not "Ge"), the steps whole, the title, the steps' names as long as they fit, the turn's
        name. Cut to initials: the longest steps first, with the short names made for narrow
        places ("Ax", not "Axi")."""
        titled, shape, named, form = c
        short, initials = form == names.short_side, isinstance(shape, int) and shape < CUT_MARKED
        if initials:
            return (1, FORMS.index(shape), not short, not titled, not named)
        return (0, short, isinstance(shape, int), not titled, FORMS.index(shape), not named)

    candidates = sorted(((titled, shape, named, form) for titled in (True, False)
                         for shape in FORMS if not (titled and isinstance(shape, int) and shape < WITH_TITLE)
                         for named in (True, False) for form in forms
                         if not (shape == FORMS[0] and form == names.short_side)),  # arrows beside full names
                        key=rank)
    titled, shape, named, form = next((c for c in candidates if used(*c) <= width),
                                      (False, FORMS[-1], False, names.short_side))
    out = Text(no_wrap=True, overflow="crop")
    if titled:
        out.append(short_title(names.text(sc.title), width) + sep)
    out.append((f"{turn} {names.text(turn_name(sc, state))}" if named else turn) + sep)
    out.append(f"{form(state.active)}: ")
    out.append_text(track_text(track, names, shape, short=form == names.short_side))
    if owed:
        out.append(owed.format(form(state.to_act)))
    room = width - len(sep) - len(tail)
    if len(out.plain) > room:  # a decision's words made it too long: cut, never the tail
        out = out[:max(room, 0)]
    out.append(sep + tail)
    return out


def conditions_line(game: Game, state: State, names: Namer, width: int = 80) -> Text:
    """The system's conditions, cut at a word with "..." if too long; empty when it has none."""
    said = game.capabilities.conditions(game.scenario, state) if state.phase else ""
    return Text(fit(names.text(said), width, 1)[0] if said else "", no_wrap=True, overflow="crop")
