"""What the panels say, as Rich Text built from the engine's queries (no widgets here).

Every name from a scenario or save goes through `Namer.text`, which strips
control characters (and non-ASCII under `--ascii`); Text objects are never
parsed as markup, so a crafted name is shown as it is written.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from rich.text import Text

from tui_wargame.engine import Game
from tui_wargame.hexgrid import DIRECTION_NAMES
from tui_wargame.model import Event, Order, Refusal, State, apply
from tui_wargame.rules.capabilities import Explanation, Layer, Line
from tui_wargame.text import names_any, plural
from tui_wargame.tui.glyphs import Glyphs, layer_glyph
from tui_wargame.views import turn_name


class Namer:
    """Cleans and (under --ascii) transliterates text from files before it reaches the screen."""

    def __init__(self, game: Game, glyphs: Glyphs) -> None:
        self.game, self.g = game, glyphs

    def text(self, value: object) -> str:
        return self.g.text(value)

    def side(self, sid: str) -> str:
        return self.text(self.game.side_name(sid))

    def short_side(self, sid: str) -> str:
        """The side's short name (CP, Br) where the scenario gives one, for narrow panels."""
        side = self.game.scenario.side.get(sid)
        return self.text(side.short) if side and side.short else self.side(sid)

    def unit(self, uid: str) -> str:
        spec = self.game.scenario.unit.get(uid)
        return self.text(spec.name) if spec else self.text(uid)


def orders_about(orders: Iterable[Order], *, unit: str | None = None, hex: str | None = None) -> list[Order]:
    """The legal orders that name `unit` or `hex` among their arguments."""
    return [o for o in orders if (unit and unit in o.args) or (hex and hex in o.args)]


def fit(text: str, width: int, lines: int, more: str = "") -> list[str]:
    """`text` wrapped to `width`, at most `lines` lines, the last ending in "..." if it was cut,
    then `more` (where to read the rest: " o: in full"); cut after a whole word, never inside one."""
    wrapped = textwrap.wrap(text, width) or [""]
    if len(wrapped) > lines:
        wrapped = wrapped[:lines]
        last, room = wrapped[-1], width - 3 - len(more)
        while len(last) > room and " " in last:
            last = last.rsplit(" ", 1)[0]
        wrapped[-1] = last[: max(room, 0)].rstrip(" ,;:-.") + "..." + more
    return wrapped


def prompt_text(prompt: str, message: Text, hint: str, width: int, *, keys_first: bool = False,
                keep: bool = False, whole: str = "", rest: str = "") -> Text:
    """The prompt bar's two lines. The outcome of the last order (a refusal with its rule) always
    shows, the phase prompt giving way to it; otherwise the phase prompt, then the keys if room.
    With `keys_first` the keys keep the last line unless the outcome needs both. `keep`: the
    prompt keeps its first line (a live game's "Waiting for ...": whom the screen waits for
    matters more than the whole of a result, which `b` shows in full). `whole`: said after a
    prompt cut short on both lines, where to read it whole (" o: in full"); `rest`: said after
    an outcome cut short, where to read the rest (" n: in full", the log)."""
    said = fit(message.plain, width, 1 if keep else 2, rest) if message.plain else []
    wanted = max(2 - len(said) - (1 if keys_first else 0), 1 if keep else 0)
    shown = fit(prompt, width, wanted, whole if wanted == 2 else "") if wanted else []  # not beside a result
    out = Text("\n".join(shown), style="bold")
    for line in said:
        out.append(("\n" if out else "") + line, style=message.style)
    if len(shown) + len(said) < 2:
        out.append("\n" + hint, style="dim")
    return out


#: The room the header keeps for a phase's name, whatever the phase is now: "deployment", the
#: longest the built-in systems use. A longer one still shows, at the cost of the usual fallbacks.
PHASE_ROOM = 10


def header(game: Game, state: State, names: Namer, *, where: str = "", width: int = 80) -> Text:
    """Scenario, turn, phase, active side (and the side owing a decision, when it is the other) and
    the save file (or `where`, the replay's place). The forms of the title (`short_title`), the
    turn and the side names depend on the width alone, so the header keeps its shape from phase to
    phase and side to side: the layout is the first of (turn's name, full side names), (turn's
    name, short side names), (turn number, full), (turn number, short) that fits with the longest
    turn name and side name. Only an owed decision's extra words may force a later form, then a
    cut from the front, so the save's file name (or "(finished)") stays in view."""
    sc, g = game.scenario, names.g
    title = short_title(names.text(sc.title), width)
    tail = where or (names.text(game.path.name) if game.path else "not saved")
    sep = f" {g.sep} "
    if not state.phase:
        choices = [[title, tail]]
    else:
        turn = f"T{state.turn + 1}/{len(sc.turns)}"
        longest_turn = max((len(names.text(t.name)) + len(" (night)") * t.night for t in sc.turns), default=0)
        turn_room = {True: len(f"T{len(sc.turns)}/{len(sc.turns)} ") + longest_turn, False: len(turn) + 1}
        side_room = {form: max(len(form(s)) for s in sc.side) + len(": ") + PHASE_ROOM
                     for form in (names.side, names.short_side)}
        layouts = [(named, form) for named in (True, False) for form in (names.side, names.short_side)]
        fixed = len(title + tail) + 3 * len(sep)
        start = next((i for i, (named, form) in enumerate(layouts)
                      if fixed + turn_room[named] + side_room[form] <= width), len(layouts) - 1)
        choices = [[title, f"{turn} {names.text(turn_name(sc, state))}" if named else turn,
                    _side_part(state, names, form), tail] for named, form in layouts[start:]]
    text = ""
    for parts in choices:
        text = sep.join(parts)
        if len(text) <= width:
            break
    else:  # still too long: cut from the front, never the tail (the save's name, a replay's "(finished)")
        head = width - len(tail) - len(sep)
        text = f"{text[:head]}{sep}{tail}" if head > 0 else tail
    return Text(text, no_wrap=True, overflow="crop")


def _side_part(state: State, names: Namer, form: Callable[[str], str]) -> str:
    """The header's "Side: phase" with the side names in `form`, and who owes a decision if another side."""
    if state.over:  # no side acts and no phase goes on: the verdict is given (v shows it)
        return "game over"
    part = f"{form(state.active)}: {names.text(state.phase)}"
    if state.to_act != state.active:  # the other side owes a decision: it acts now
        part += f" {names.g.sep} {form(state.to_act)} to decide"
    return part


def short_title(title: str, width: int) -> str:
    """The title as the header shows it at `width`: whole if it takes at most a quarter of the
    width, else the part before its colon ("Battle 1916"), else cut at the end of a word."""
    budget = max(width // 4, 4)
    if len(title) <= budget:
        return title
    head = title.split(":", 1)[0].strip()
    return head if len(head) <= budget else _cut_at_word(title, budget)


def _cut_at_word(title: str, keep: int, least: int = 4) -> str:
    """`title` cut to at most `keep` characters, at the end of a word where one ends after the
    `least`th character ("Battle 1916", never "Battle 191", which reads as another year)."""
    if keep >= len(title):
        return title
    cut = title[:keep]
    if title[keep] != " " and " " in cut and len(cut.rsplit(" ", 1)[0].rstrip(":;,-")) >= least:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(":;,-")


def hex_panel(game: Game, state: State, label: str, names: Namer, *, selected: str | None,
              concealed: frozenset[str], reach: Mapping[str, Fraction],
              layers: Sequence[Layer] = (), orders: Sequence[Order] = (), width: int = 29) -> Text:
    """The hex under the cursor, what the drawn layers say of it, its stack, the selected unit and
    what it may do, and the legend of the drawn layers, for a panel `width` cells wide: a unit's
    line gives way in its name (at a word), never in its id or its factors."""
    sc, g = game.scenario, names.g
    out = Text(no_wrap=False)
    terrain = sc.terrain_at(label)
    out.append(f"{label} ", style="bold")
    out.append(names.text(terrain.name) + "\n")
    for layer in layers:  # the layer's own words for the hex, else its mark and name
        if label in layer.notes or label in layer.marks:
            told = layer.notes.get(label) or f"{layer.marks[label]} {layer.name}".strip()
            out.append(f"{layer_glyph(g, layer.glyph, layer.style)} {names.text(told)}\n", style="bold")
    sectors = sc.grid.sectors(label) if sc.grid.on_map(label) else frozenset()
    if sectors:  # a maphex board's (Foxhole R3.A); a hex on the line between two is in both
        maphex = label.rpartition("-")[0]  # the maphex's name, as its labels give it ("A-0504")
        out.append((f"maphex {names.text(maphex)}, " if maphex else "")
                   + ("sector " if len(sectors) == 1 else "sectors ")
                   + ", ".join(name for name in DIRECTION_NAMES if name in sectors) + " (N is up)\n")
    place = sc.places.get(label)
    if place:
        holder = state.control.get(label)
        who = names.side(holder) if holder else "nobody"
        vp = f", {place.vp} VP" if place.vp else ""
        out.append(f"{names.text(place.name)}{vp}, held by {who}\n")
    grid = sc.grid
    try:
        here = grid.parse(label)
        for n in grid.neighbours(here):
            other = grid.label(n)
            for f in sc.features_between(label, other):
                out.append(f"{names.text(f.feature)} to {other}\n")
    except ValueError:
        pass
    for note in game.capabilities.hex_notes(sc, state, label) if state.phase else ():
        out.append_text(line_text(note, names))
    rule = g.rule * (width - 3) + "\n"
    out.append(rule, style="dim")
    stack = state.units_at(label)
    for uid in stack:
        spec = sc.unit[uid]
        mark = ">" if uid == selected else " "
        if uid in concealed:
            line = f"{mark}{_cut_at_word(names.side(spec.side), width - 6)} {g.hidden}"
        else:
            values = names.text(game.capabilities.unit_face(sc, state, uid))
            room = width - 4 - len(names.text(uid)) - len(values)
            name = _cut_at_word(names.unit(uid), room, least=1) if room > 0 else ""
            line = " ".join(x for x in (f"{mark}{names.text(uid)}", name, values) if x)
        out.append(line + "\n", style="reverse" if uid == selected else "")
    if not stack:
        out.append("no units\n", style="dim")
    if selected and selected in state.units:
        out.append_text(unit_panel(game, state, selected, names, concealed=concealed, reach=reach,
                                   orders=orders, width=width))
    marking = [layer for layer in layers if layer.marks]  # the legend of what is drawn
    if marking:
        out.append(rule, style="dim")
        out.append("  ".join(f"{layer_glyph(g, layer.glyph, layer.style)} {names.text(layer.name)}"
                             for layer in marking) + "\n", style="dim")
    return out


def unit_panel(game: Game, state: State, uid: str, names: Namer, *, concealed: frozenset[str],
               reach: Mapping[str, Fraction], orders: Sequence[Order] = (), width: int = 29) -> Text:
    """The selected unit: identity, factors, steps, what the rules note of it, status, and what it
    may do now."""
    sc, g = game.scenario, names.g
    spec, u = sc.unit[uid], state.units[uid]
    out = Text()
    out.append(g.rule * (width - 3) + "\n", style="dim")
    out.append(f"{names.unit(uid)}", style="bold")
    out.append(f" ({names.text(uid)})\n")
    if uid in concealed:
        out.append(f"{names.side(spec.side)}: hidden\n")
        return out
    named = game.capabilities.formation_name(sc, spec.formation) if spec.formation else ""
    formation = f", {names.text(named)}" if named else ""
    out.append(f"{names.side(spec.side)} {names.text(spec.kind)}{formation}\n")
    card = game.capabilities.unit_card(sc, state, uid)
    for line in card[:1]:  # the values first, then where the unit is, then its condition
        out.append_text(line_text(line, names))
    box = sc.box.get(u.location)
    what = f": {names.text(box.description)}" if box and box.description else ""
    out.append(f"steps {u.steps} of {spec.steps}  at {names.text(u.location)}{what}\n")
    for note in game.capabilities.unit_notes(sc, state, uid) if state.phase else ():
        out.append_text(line_text(note, names))
    for line in card[1:]:  # the system's card tells the traits (the default: "traits: ...")
        out.append_text(line_text(line, names))
    if reach:
        out.append(f"reach: {plural(len(reach), 'hex')}\n", style="bold")
    # orders naming the unit, and those naming its hex but no unit (a system may order hex to hex)
    by_hex = [o for o in orders_about(orders, hex=u.location) if not any(a in sc.unit for a in o.args)]
    verbs = sorted({o.verb for o in [*orders_about(orders, unit=uid), *by_hex]} - {"end", "undo"})
    if game.state is state and spec.side == state.to_act:
        out.append(("can: " + ", ".join(verbs)) if verbs else "no orders for it now", style="italic")
        out.append("\n")
    return out


def victory_text(game: Game, state: State, names: Namer, width: int = 80) -> Text:
    """Victory points, each victory hex (its name in full, wrapped in its column when `width` is
    short, never cut), its points and who holds it, and the result once the game is over."""
    sc = game.scenario
    out = Text()
    vp = game.system.victory_points(sc, state) if state.phase else {}
    if vp:  # a system that keeps no points has no line for them; short names where long ones wrap
        for who in (names.side, names.short_side):
            line = "VP: " + ", ".join(f"{who(s)} {n}" for s, n in vp.items())
            if len(line) <= width:
                break
        out.append(line + "\n", style="bold")
    places = [p for p in sc.map.place if p.vp]
    if places:
        rows = [(p.hex, names.text(p.name), str(p.vp), state.control.get(p.hex)) for p in places]
        label, points = max(len(r[0]) for r in rows), max(len(r[2]) for r in rows)
        for who in (names.side, names.short_side):
            holders = [who(r[3]) if r[3] else "-" for r in rows]
            room = width - label - points - max(len(h) for h in holders) - 4
            if room >= max(len(r[1]) for r in rows) or who is names.short_side:
                break
        room = max(room, 6)
        name_width = min(room, max(len(r[1]) for r in rows))
        for (hex_, name, vps, _), holder in zip(rows, holders):
            lines = textwrap.wrap(name, name_width) or [""]
            out.append(f"{hex_:<{label}} {lines[0]:<{name_width}} {vps:>{points}} {holder}".rstrip() + "\n")
            for more in lines[1:]:
                out.append(f"{'':<{label}} {more}\n")
    if state.result:  # told as the game's end is told everywhere, in the rule system's words if it has them
        from tui_wargame.narrative import describe

        r = state.result
        ended = Event.of("game_ended", winner=r.winner, level=r.level, reason=r.reason)
        out.append(f"Game over. {names.text(describe(game, state, ended) or '')}\n", style="bold")
    return out


def line_text(line: Line, names: Namer) -> Text:
    """A rule system's line with its rule after it; a strong line in bold."""
    text, rule = names.text(line.text), names.text(line.rule)
    cited = f"{text} ({rule})" if rule and not text.endswith(f"({rule})") else text  # the rule once
    return Text(cited + "\n", style="bold" if line.strong else "")


def explain_text(game: Game, order: Order, names: Namer) -> Text:
    """What `order` would do before any die, by the rule system's `explain`: its summary, then
    each line with its rule; a refusal with its rule; empty when the system says nothing."""
    try:
        said = game.capabilities.explain(game.scenario, game.state, order)
    except (ValueError, KeyError, IndexError, TypeError):  # an order still being typed
        return Text("")
    if isinstance(said, Refusal):
        return Text(f"refused: {names.text(said)}", style="italic")
    if not isinstance(said, Explanation):
        return Text("")
    out = Text(names.text(said.summary) + "\n")
    for line in said.lines:
        out.append_text(line_text(line, names))
    return out


def record_lines(game: Game, seq: int, names: Namer, hidden: frozenset[str] = frozenset()) -> list[str]:
    """The narrative of record `seq`: who gave which order, then a sentence per event.

    Orders and events naming a unit in `hidden` (those the reader may not see) are told without it.
    """
    from tui_wargame.narrative import event_as_seen, order_as_seen

    record = game.records[seq]
    state = game.state_at(seq - 1)
    who = names.side(record.side) if record.side else "set-up"
    lines = [f"[{seq}] {who}: {names.text(order_as_seen(record.order, hidden))}"]
    if record.kind == "seat":  # a hosted game's player sitting down (seats.py)
        lines = [f"[{seq}] {names.text(record.by)} takes the {who} seat"]
    for e in record.events:
        line = event_as_seen(game, state, e, hidden)
        state = apply(state, e)
        if e.kind == "phase_began":
            lines.append(f"  -- {names.text(turn_name(game.scenario, state))}: {names.side(state.active)} "
                         f"{names.text(state.phase).replace('-', ' ')} --")  # a phase id in words
        if line:
            lines.append("  " + names.text(line))
    return lines


def short_report(game: Game, seq: int, names: Namer, hidden: frozenset[str] = frozenset(), *,
                 theirs: bool = False) -> str:
    """One line on what record `seq` did, for the prompt bar: the rule system's headline of it
    first (a die and its result), else its story. `theirs`: the other side's order, in a live
    game, told as theirs where there is no story ("British: end", not "Accepted: end")."""
    record = game.records[seq]
    given = f"{names.side(record.side)}:" if theirs else "Accepted:"
    state = game.state_at(seq - 1)
    for e in record.events:
        news = game.capabilities.headline(game.scenario, state, e)
        if news and not (hidden and names_any(dict(e.facts), hidden)):
            return f"{names.text(news)} (b: results in full)"
        state = apply(state, e)
    lines = [line.strip() for line in record_lines(game, seq, names, hidden)[1:]]
    said = [line for line in lines if not line.startswith("--")]
    told = " ".join(line if line.endswith((".", "!", "?")) or i == len(said) - 1 else f"{line}."
                    for i, line in enumerate(said))  # one sentence after another, each ended
    phases = [line.strip("- ") for line in lines if line.startswith("--")]
    if not told and phases:
        return f"{given} {names.text(record.order)}; now {phases[-1]}"
    return told or f"{given} {names.text(record.order)}"
