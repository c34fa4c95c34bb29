"""Help and information: the key map, the rule system's pages (its charts, drawn as tables),
the map's legend, the rules' summary, the results so far and victory.

Pages are plain Text in a scroller with a one-line tab bar (no box-drawing
tabs, so `--ascii` holds). Everything comes from the scenario, the rule
system's capabilities (`help_pages`, `layers`, `headline`) and the log, so a
new system or scenario needs no change here.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tui_wargame.engine import Game
from tui_wargame.model import EMPTY, apply
from tui_wargame.narrative import describe
from tui_wargame.rules.capabilities import HelpPage, Layer, OrderMenu, Table
from tui_wargame.tui.glyphs import Glyphs, layer_glyph
from tui_wargame.tui.info import Namer, names_any, victory_text
from tui_wargame.tui.keybar import KeyBar

#: The pages every game has, around the rule system's own (after "keys").
FIRST = (("keys", "Keys"),)
LAST = (("map", "Map"), ("rules", "Rules"), ("results", "Results"), ("victory", "Victory"))

KEY_NAMES = {"question_mark": "?", "colon": ":", "left_square_bracket": "[", "right_square_bracket": "]",
             "equals_sign": "=", "plus": "+", "minus": "-", "full_stop": ".", "comma": ",", "slash": "/",
             "escape": "Esc", "enter": "Enter", "space": "Space", "tab": "Tab", "up": "Up", "down": "Down",
             "left": "Left", "right": "Right", "f1": "F1", "pageup": "PgUp", "pagedown": "PgDn",
             "home": "Home", "end": "End"}
KEY_COLUMN = 16  # where what a key does begins
GAP = 2  # spaces between a table's columns
TAB_ROWS = 3  # lines the page titles may take above a page


#: What each key does, in words, by its binding's id; a binding not listed shows its description.
KEY_WORDS = {
    "map.up": "move the cursor up (the map scrolls half a screen when it comes near an edge)",
    "map.down": "move the cursor down",
    "map.left": "move the cursor left",
    "map.right": "move the cursor right",
    "game.act": "answer the decision owed; move the selected unit to the cursor; else select the unit "
                "there, or attack it",
    "game.select": "select the unit under the cursor (the next of its stack), even where the selected "
                   "unit could move",
    "game.next_unit": "select the next unit that can still act, the map centred on it",
    "game.previous_unit": "select the previous unit that can still act (back through Tab's round)",
    "game.move": "move the selected unit to the cursor (Enter does too)",
    "game.waypoint": "add the cursor's hex to the path the selected unit will follow",
    "game.attack": "attack the hex under the cursor (the odds are shown first)",
    "game.orders": ("list the selected unit's orders other than moves, or with nothing selected "
                    "every order of your side under the phase's prompt in full; while a decision is owed, "
                    "its answers"),
    "game.end_phase": "end the phase, or the step of it (asks first)",
    "game.undo": "take back the last order of this phase",
    "game.suggest": "hint: the computer suggests an order for your side, with its reason (y gives it)",
    "game.skip": "against the computer: show the rest of its turn at once",
    "game.command": "type an order; Tab completes it",
    "game.deselect": "drop the selection and the path",
    "game.zoom": "switch between the compact and the detailed map",
    "game.layers": "show or hide what the rules draw on demand",
    "game.log": "show or hide the story of the game so far",
    "game.help": "this help",
    "game.charts": "the rule system's charts",
    "game.map": "the map's key",
    "game.results": "the results so far, in full",
    "game.victory": "victory: points, hexes and levels",
    "game.replay": "replay the game from the start",
    "game.quit": "leave the game (every order is already saved)",
    "replay.next": "the next record",
    "replay.back": "the record before",
    "replay.phase_next": "the next phase",
    "replay.phase_back": "the phase before",
    "replay.turn_next": "the next turn",
    "replay.turn_back": "the turn before",
    "replay.start": "the start of the game",
    "replay.end": "the end of the game",
    "replay.jump": "jump to a record by its number",
    "replay.autoplay": "play the records one after another, or stop",
    "replay.faster": "play faster",
    "replay.slower": "play slower",
    "replay.zoom": "switch between the compact and the detailed map",
    "replay.play": "play on from here, in a new save",
    "replay.help": "this help",
    "replay.quit": "leave the replay",
}


def keys_text(screens: Sequence[tuple[str, Sequence[BindingType]]], *,
              menus: Sequence[OrderMenu] = (), width: int = 78) -> Text:
    """Every binding of the screens given (a title and its bindings each): its keys and what it
    does in words, wrapped under itself within `width`, in the order given, and the rule system's
    order menus."""
    out = Text()

    def key_line(keys: str, words: str) -> None:
        lines = textwrap.wrap(words, max(width - KEY_COLUMN, 20)) or [""]
        out.append(f"  {keys:<{KEY_COLUMN - 3}} {lines[0]}\n")
        for more in lines[1:]:
            out.append(f"{'':<{KEY_COLUMN}}{more}\n")

    for title, bindings in screens:
        out.append(f"{title}\n", style="bold underline")
        for b in bindings:
            assert isinstance(b, Binding)
            keys = ", ".join(KEY_NAMES.get(k.strip(), k.strip()) for k in b.key.split(","))
            key_line(keys, KEY_WORDS.get(b.id or "", b.description))
    if menus:
        out.append("Orders the rules gather under a key\n", style="bold underline")
        for menu in menus:
            key_line(menu.key, menu.title)
    out.append("\nIn the help: j and k scroll, Left and Right (or a page's number) change page.\n"
               "In dialogs: Enter chooses, Esc or q cancels; y/n answer questions.\n")
    return out


def table_text(table: Table, names: Namer, width: int) -> Text:
    """`table` in aligned columns under its header (words to the left, figures to the right),
    within `width` characters. A column empty in every row is left out; the gap between columns
    narrows to one space before a table too wide is cut into parts that fit, one under the other,
    each repeating the first column; a cell too wide for half the width wraps in its column, so
    no cell is ever cut. Heading rows (`Table.head`) are drawn bold and ruled off."""
    header = [names.text(c) for c in table.columns]
    rows = [[names.text(c) for c in row] for row in table.rows]
    count = max([len(header), *(len(r) for r in rows)])
    cells = [r + [""] * (count - len(r)) for r in [header, *rows]]
    keep = [i for i in range(count) if i == 0 or any(r[i] for r in cells[1:])]
    cells = [[r[i] for i in keep] for r in cells]
    count, body = len(keep), cells[1 + table.head:]
    whole = sum(max(len(r[i]) for r in cells) for i in range(count))
    gap = 1 if whole + GAP * (count - 1) > width >= whole + count - 1 else GAP  # one space if it then fits
    cap = max((width - gap) // 2, 8)  # the first column and one other always fit side by side
    natural = [max(len(r[i]) for r in cells) for i in range(count)]
    widths = [min(n, cap) for n in natural]
    spare = width - sum(widths) - gap * (count - 1)
    for i in range(count):  # a table that fits in one part gives its room to the columns it cut
        grow = min(natural[i] - widths[i], max(spare, 0))
        widths[i] += grow
        spare -= grow
    words = [not all(_figure(r[i]) for r in body) for i in range(count)]  # to the left; figures right
    parts: list[list[int]] = []
    for i in range(1, count) if count > 1 else ():
        if parts and sum(widths[j] + gap for j in (0, *parts[-1], i)) - gap <= width:
            parts[-1].append(i)
        else:
            parts.append([i])
    out = Text(names.text(table.title) + "\n", style="bold")
    for n, part in enumerate(parts or [[]]):
        if n:
            out.append("\n")
        shown = [0, *part]
        for k, row in enumerate(cells):
            wrapped = [textwrap.wrap(row[i], widths[i]) or [""] for i in shown]
            for line in range(max(len(w) for w in wrapped)):
                texts = [w[line] if line < len(w) else "" for w in wrapped]
                laid = [t.ljust(widths[i]) if words[i] or i == 0 else t.rjust(widths[i])
                        for i, t in zip(shown, texts)]
                style = "underline" if k == 0 else "bold" if k <= table.head else ""
                out.append((" " * gap).join(laid).rstrip() + "\n", style=style)
            if table.head and k == table.head:
                out.append(names.g.rule * (sum(widths[i] for i in shown) + gap * len(part)) + "\n",
                           style="dim")
    if table.note:
        out.append(names.text(table.note) + "\n", style="dim")
    return out


def _figure(cell: str) -> bool:
    """A number, a range or a short code ("+2,+3", "1/2", "D2"): lined up on the right. Words that
    begin with a figure ("1/3 for British infantry") are words."""
    return not cell or len(cell) <= 3 or (cell[0] in "+-0123456789" and " " not in cell)


def page_text(page: HelpPage, names: Namer, width: int) -> Text:
    """A rule system's help page: its paragraphs as text, its tables laid out in columns."""
    out = Text()
    for block in page.blocks:
        out.append_text(table_text(block, names, width) if isinstance(block, Table)
                        else Text(names.text(block) + "\n"))
        out.append("\n")
    return out or Text("This page is empty.")


def map_text(game: Game, names: Namer, g: Glyphs, layers: Sequence[Layer] = ()) -> Text:
    """The map's legend: terrain, hexside features and routes by glyph, the screen's own marks,
    and the rule system's layers (what each draws, by what rule, and when)."""
    sc = game.scenario
    out = Text()
    out.append("Terrain (map glyph, name)\n", style="bold")
    for t in sc.terrain:
        out.append(f"  {names.text(t.glyph):<3} {names.text(t.name)}\n")
    features = sorted({hs.feature for hs in sc.map.hexside})
    if features:
        out.append("Hexside features (drawn on the hex edge)\n", style="bold")
        for f in features:
            out.append(f"  {g.for_feature(f):<3} {names.text(f)}\n")
    kinds = sorted({r.kind for r in sc.map.route})
    if kinds:
        out.append("Routes (drawn beside the terrain glyph)\n", style="bold")
        for k in kinds:
            out.append(f"  {g.for_route(k):<3} {names.text(k)}\n")
    out.append("Map marks\n", style="bold")
    out.append(f"  R4-4 a unit: side letter (lower case: lost steps), then what fits of the values on its\n"
               f"       counter (the panel's stack list shows them all)\n"
               f"  R{g.stack}2  a stack of two (the panel lists it)\n"
               f"  R??  a hidden unit\n"
               f"  NamR a victory hex and who holds it\n"
               f"  {g.path}    on the path being built (w)\n"
               f"  reverse video: the cursor and the selected unit\n")
    when = {"always": "", "selected": ", with a unit selected", "toggle": ", on demand (Z)"}
    if layers:
        out.append("What the rules draw\n", style="bold")
    for layer in layers:
        rule = f" ({names.text(layer.rule)})" if layer.rule else ""
        out.append(f"  {layer_glyph(g, layer.glyph, layer.style):<4} {names.text(layer.name)}: "
                   f"{names.text(layer.legend)}{rule}{when[layer.shown]}\n")
    return out


def rules_text(game: Game, names: Namer, summary: HelpPage | None = None, width: int = 76) -> Text:
    """The rule system and the scenario: what the game is, then the system's rules in brief (its
    page "rules", if it has one). Never the system's code documentation."""
    out = Text(f"{names.text(game.system.title)}: {names.text(game.scenario.title)}\n", style="bold")
    out.append(names.text(game.scenario.description) or "No description.")
    out.append("\n\n")
    if summary is not None:
        out.append_text(page_text(summary, names, width))
    out.append("The orders legal now: Tab after `:` completes them; `o` lists those about the selected "
               "unit or the cursor's hex; `tui-wargame legal` prints them all.")
    return out


def results_text(game: Game, names: Namer, hidden: frozenset[str] = frozenset()) -> Text:
    """Every event the rule system headlines (the news of its order: a die and its result),
    told in full; one that names a unit the reader may not see is told only by its record."""
    out, state = Text(), EMPTY
    for r in game.records:
        for e in r.events:
            if game.capabilities.headline(game.scenario, state, e):
                out.append(f"[{r.seq}] ", style="bold")
                if names_any(dict(e.facts), hidden):
                    out.append("a result involving a hidden unit\n")
                else:
                    out.append(names.text(describe(game, state, e) or "") + "\n")
            state = apply(state, e)
    return out or Text("No results yet.")


class HelpScreen(Screen[None]):
    """Tabbed help; Left/Right or the page's number change page, q or Esc returns to the game."""

    BINDINGS = [
        Binding("j,down", "scroll(1)", "Scroll", show=False, id="help.down"),
        Binding("k,up", "scroll(-1)", "Scroll up", show=False, id="help.up"),
        Binding("left,h", "page(-1)", "Prev page", id="help.prev"),
        Binding("right,l,tab", "page(1)", "Next page", id="help.next"),
        *(Binding(str(n), f"goto({n})", f"Page {n}", show=False, id=f"help.page{n}") for n in range(1, 10)),
        Binding("q,escape,question_mark", "app.pop_screen", "Back", id="help.back"),
    ]

    def __init__(self, game: Game, glyphs: Glyphs, page: str = "keys", *,
                 hidden: frozenset[str] = frozenset(),
                 keys: Sequence[tuple[str, Sequence[BindingType]]] = (),
                 layers: Sequence[Layer] = ()) -> None:
        """`page`: a page's id, or "charts" for the rule system's first page (the keys if it has
        none); `keys`: the screens whose bindings the keys page lists (given by the app), in
        order; `layers`: the rule system's map layers for the map's legend."""
        super().__init__()
        self.keys = keys
        self.game, self.g = game, glyphs
        self.hidden = hidden  # units the side at the keyboard may not see
        self.map_layers = layers
        self.names = Namer(game, glyphs)
        self.system_pages = {p.id: p for p in game.capabilities.help_pages(game.scenario)}
        last = {pid for pid, _ in LAST}  # a system page of such an id is shown on that page
        own = [(pid, self.names.text(p.title)) for pid, p in self.system_pages.items() if pid not in last]
        self.pages: list[tuple[str, str]] = [*FIRST, *own, *LAST]
        ids = [pid for pid, _ in self.pages]
        if page == "charts":
            page = own[0][0] if own else "keys"
        self.page = page if page in ids else "keys"

    def compose(self) -> ComposeResult:
        yield Static(id="tabs")
        with VerticalScroll(id="page"):
            yield Static(id="content")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#page").focus()

    def _tabs(self, width: int) -> Text:
        """The page numbers and titles, on up to TAB_ROWS lines where one is too narrow (80 columns);
        where even those are, the numbers alone but the shown page's title."""
        cells = [(f" {i} {title} ", pid == self.page) for i, (pid, title) in enumerate(self.pages, 1)]
        rows: list[list[tuple[str, bool]]] = [[]]
        for cell in cells:
            if rows[-1] and sum(len(text) for text, _ in rows[-1]) + len(cell[0]) > width:
                rows.append([])
            rows[-1].append(cell)
        if len(rows) > TAB_ROWS:
            rows = [[(text if here else f" {i} ", here) for i, (text, here) in enumerate(cells, 1)]]
        bar = Text(no_wrap=True, overflow="crop")
        for n, row in enumerate(rows):
            if n:
                bar.append("\n")
            for text, here in row:
                bar.append(text, style="reverse bold" if here else "")
        return bar

    def show(self) -> None:
        width = self.app.size.width or 80
        self.query_one("#tabs", Static).update(self._tabs(width))
        game, names, pages = self.game, self.names, self.system_pages
        menus = game.capabilities.order_menus(game.scenario)
        inner = width - (0 if self.g.ascii else 2)  # a vertical scrollbar is two cells (none in --ascii)

        def victory() -> Text:
            out = victory_text(game, game.state, names, inner)
            if "victory" in pages:  # the system's levels under the hexes
                out.append("\n")
                out.append_text(page_text(pages["victory"], names, inner))
            return out

        content = {
            "keys": lambda: keys_text(self.keys, menus=menus, width=inner),
            "map": lambda: map_text(game, names, self.g, self.map_layers),
            "rules": lambda: rules_text(game, names, pages.get("rules"), inner),
            "results": lambda: results_text(game, names, self.hidden),
            "victory": victory,
        }.get(self.page, lambda: page_text(pages[self.page], names, inner))()
        self.query_one("#content", Static).update(content)
        self.query_one("#page", VerticalScroll).scroll_home(animate=False)

    def action_scroll(self, lines: int) -> None:
        """j/k (and the arrows): scroll the page a line."""
        self.query_one("#page", VerticalScroll).scroll_relative(y=lines, animate=False)

    def _ids(self) -> list[str]:
        return [pid for pid, _ in self.pages]

    def action_page(self, n: int) -> None:
        ids = self._ids()
        self.page = ids[(ids.index(self.page) + n) % len(ids)]
        self.show()

    def action_goto(self, page: int) -> None:
        ids = self._ids()
        if page <= len(ids):
            self.page = ids[page - 1]
            self.show()
