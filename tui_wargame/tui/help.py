"""Help and information: the key map, the scenario's tables (CRT), terrain chart, rules, combats, victory.

Pages are plain Text in a scroller with a one-line tab bar (no box-drawing
tabs, so `--ascii` holds). Everything comes from the scenario, the rule
system and the log, so a new system or scenario needs no change here.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tui_wargame.engine import Game
from tui_wargame.narrative import bombardment_text, combat_text
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.info import Namer, names_any, plain, victory_text
from tui_wargame.tui.keybar import KeyBar

PAGES = ("keys", "tables", "terrain", "rules", "combats", "victory")
TITLES = {"keys": "Keys", "tables": "CRT & tables", "terrain": "Terrain", "rules": "Rules",
          "combats": "Combats", "victory": "Victory"}


KEY_NAMES = {"question_mark": "?", "colon": ":", "leftsquarebracket": "[", "rightsquarebracket": "]",
             "equals_sign": "=", "plus": "+", "minus": "-", "period": ".", "comma": ",", "slash": "/"}


def keys_text(screens: Sequence[tuple[str, Sequence[BindingType]]]) -> Text:
    """Every binding of the screens given (a title and its bindings each), with its id (for
    keymaps) and keys, in the order given."""
    out = Text()
    for title, bindings in screens:
        out.append(f"{title}\n", style="bold underline")
        for b in bindings:
            assert isinstance(b, Binding)
            keys = " ".join(KEY_NAMES.get(k.strip(), k.strip()) for k in b.key.split(","))
            out.append(f"  {keys:<22} {b.description:<16} {b.id}\n")
    out.append("\nIn dialogs: Enter chooses, Esc or q cancels; y/n answer questions.\n")
    return out


def _is_grid(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(r, list) for r in value)


def _grid(out: Text, rows: list[list[Any]], header: Any, names: Namer, indent: str) -> None:
    """A table of rows, headed by `header` (a list of column names) when there is one."""
    cells = [[names.text(c) for c in r] for r in rows]
    titled = isinstance(header, list)
    if titled:
        cells.insert(0, [names.text(c) for c in header])
    width = max(len(c) for r in cells for c in r) + 1
    for i, r in enumerate(cells):
        label = "" if titled and i == 0 else str(i if titled else i + 1)
        out.append(f"{indent}{label:>3} " + "".join(c.rjust(width) for c in r) + "\n",
                   style="bold" if titled and i == 0 else "")


def _table(out: Text, key: str, value: Any, siblings: Mapping[str, Any], names: Namer, indent: str) -> None:
    """One entry of the scenario's rule data: grids as tables, mappings entry by entry, the rest as is."""
    if _is_grid(value):
        out.append(f"{indent}{names.text(key)}\n", style="bold")
        header = siblings.get(f"{key}_columns", siblings.get("columns"))
        _grid(out, value, header, names, indent)
    elif isinstance(value, Mapping):
        out.append(f"{indent}{names.text(key)}\n", style="bold")
        for k, v in value.items():
            if k == "columns" and any(_is_grid(x) for x in value.values()):
                continue  # shown as the grid's header
            _table(out, str(k), v, value, names, indent + "  ")
    elif key.endswith("_columns") and _is_grid(siblings.get(key.removesuffix("_columns"))):
        return
    elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        out.append(f"{indent}{names.text(key)}\n", style="bold")  # a list of tables: a line each
        for entry in value:
            out.append(f"{indent}  {names.text(plain(entry))}\n")
    else:
        out.append(f"{indent}{names.text(key)}: {names.text(plain(value))}\n")


def tables_text(game: Game, names: Namer) -> Text:
    """The rule system's data in the scenario, the CRT first: tables as grids, settings as lines."""
    out = Text()
    rules: Mapping[str, Any] = game.scenario.rules
    first = [k for k in rules if k.lower() in ("crt", "combat_results")]  # what "CRT" opens the page for
    for key in [*first, *(k for k in rules if k not in first)]:
        _table(out, key, rules[key], rules, names, "")
    return out or Text("This scenario has no tables.")


def terrain_text(game: Game, names: Namer, g: Glyphs) -> Text:
    sc = game.scenario
    out = Text()
    out.append("Terrain (map glyph, name, the rule tables' entries for it)\n", style="bold")
    for t in sc.terrain:
        entries = [f"{names.text(k)} {names.text(v[t.id])}" for k, v in sc.rules.items()
                   if isinstance(v, Mapping) and t.id in v]
        out.append(f"  {names.text(t.glyph):<3} {names.text(t.name):<16} {'; '.join(entries)}\n")
    features = sorted({hs.feature for hs in sc.map.hexside})
    if features:
        out.append("Hexside features (drawn on the hex edge)\n", style="bold")
        for f in features:
            entries = [f"{names.text(k)} {names.text(v[f])}" for k, v in sc.rules.items()
                       if isinstance(v, Mapping) and f in v]
            out.append(f"  {g.for_feature(f):<3} {names.text(f):<16} {'; '.join(entries)}\n")
    kinds = sorted({r.kind for r in sc.map.route})
    if kinds:
        out.append("Routes (drawn beside the terrain glyph)\n", style="bold")
        for k in kinds:
            entries = [f"{names.text(key)} {names.text(v[k])}" for key, v in sc.rules.items()
                       if isinstance(v, Mapping) and k in v]
            out.append(f"  {g.for_route(k):<3} {names.text(k):<16} {'; '.join(entries)}\n")
    out.append("Map marks\n", style="bold")
    out.append(f"  R4-4 a unit: side letter (lower case: lost steps), first and last factor\n"
               f"  Rx2  a stack of two (the panel lists it)   R??  a hidden unit\n"
               f"  {g.reach}2   the selected unit can reach it for 2 MP   {g.path}  on the path being built\n"
               f"  NamR a victory hex and who holds it        {g.zoc}    enemy zone of control (Z)\n"
               f"  {g.marker}2   two face-down fire-support markers, over the label (the panel: whose)\n"
               f"  reverse video: the cursor and the selected unit\n")
    return out


def rules_text(game: Game, names: Namer) -> Text:
    system = game.system
    out = Text(f"{names.text(getattr(system, 'title', system.id))}\n\n", style="bold")
    doc = inspect.getdoc(sys.modules[type(system).__module__]) or "No summary."
    out.append(_clean_lines(doc, names))
    if game.scenario.description:
        out.append(f"\n\n{names.text(game.scenario.description)}")
    return out


def _clean_lines(text: str, names: Namer) -> str:
    return "\n".join(names.text(line) for line in text.splitlines())


def combats_text(game: Game, names: Namer, hidden: frozenset[str] = frozenset()) -> Text:
    """Every combat and bombardment in full; one that names a unit the reader may not see is told
    only by its place and die."""
    out = Text()
    for r in game.records:
        for e in r.events:
            if e.kind in ("combat", "bombardment"):
                out.append(f"[{r.seq}] ", style="bold")
                if names_any(dict(e.facts), hidden):
                    out.append(f"{e.kind} at {names.text(e.get('hex', '?'))} involving a hidden unit: "
                               f"die {names.text(e.get('die', '?'))}\n")
                    continue
                explain = combat_text if e.kind == "combat" else bombardment_text
                out.append(names.text(explain(game.scenario, e)) + "\n")
    return out or Text("No combats yet.")


class HelpScreen(Screen[None]):
    """Tabbed help; Left/Right or 1-6 change page, q or Esc returns to the game."""

    BINDINGS = [
        Binding("left,h", "page(-1)", "Prev page", id="help.prev"),
        Binding("right,l,tab", "page(1)", "Next page", id="help.next"),
        Binding("1", "goto('keys')", "Keys", show=False, id="help.keys"),
        Binding("2", "goto('tables')", "CRT", show=False, id="help.tables"),
        Binding("3", "goto('terrain')", "Terrain", show=False, id="help.terrain"),
        Binding("4", "goto('rules')", "Rules", show=False, id="help.rules"),
        Binding("5", "goto('combats')", "Combats", show=False, id="help.combats"),
        Binding("6", "goto('victory')", "Victory", show=False, id="help.victory"),
        Binding("q,escape,question_mark", "app.pop_screen", "Back", id="help.back"),
    ]

    def __init__(self, game: Game, glyphs: Glyphs, page: str = "keys", *,
                 hidden: frozenset[str] = frozenset(),
                 keys: Sequence[tuple[str, Sequence[BindingType]]] = ()) -> None:
        """`keys`: the screens whose bindings the keys page lists (given by the app), in order."""
        super().__init__()
        self.keys = keys
        self.game, self.g, self.page = game, glyphs, page if page in PAGES else "keys"
        self.hidden = hidden  # units the side at the keyboard may not see
        self.names = Namer(game, glyphs)

    def compose(self) -> ComposeResult:
        yield Static(id="tabs")
        with VerticalScroll(id="page"):
            yield Static(id="content")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#page").focus()

    def show(self) -> None:
        bar = Text()
        for i, p in enumerate(PAGES, 1):
            bar.append(f" {i} {TITLES[p]} ", style="reverse bold" if p == self.page else "")
        self.query_one("#tabs", Static).update(bar)
        game, names = self.game, self.names
        content = {
            "keys": lambda: keys_text(self.keys),
            "tables": lambda: tables_text(game, names),
            "terrain": lambda: terrain_text(game, names, self.g),
            "rules": lambda: rules_text(game, names),
            "combats": lambda: combats_text(game, names, self.hidden),
            "victory": lambda: victory_text(game, game.state, names),
        }[self.page]()
        self.query_one("#content", Static).update(content)

    def action_page(self, n: int) -> None:
        self.page = PAGES[(PAGES.index(self.page) + n) % len(PAGES)]
        self.show()

    def action_goto(self, page: str) -> None:
        self.page = page
        self.show()
