"""The replay viewer: step through a save by record, phase or turn; autoplay; play on from any point.

It reads the engine's records and `state_at` (snapshots make stepping back
cheap) and never writes to the save it shows: "play from here" copies the
records up to the shown one into a new save and opens that.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, Static

from tui_wargame import savefile
from tui_wargame.engine import Game
from tui_wargame.model import EMPTY, State, fold
from tui_wargame.rules.capabilities import Layer
from tui_wargame.tui.appscreen import AppScreen
from tui_wargame.tui.cropped import crop_updates
from tui_wargame.tui.forces import forces
from tui_wargame.tui.glyphs import Glyphs
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.info import Namer, record_lines, victory_text
from tui_wargame.tui.keybar import KeyBar
from tui_wargame.tui.mapdraw import Overlay
from tui_wargame.tui.status import conditions_line, header_line
from tui_wargame.tui.touched import touched_hexes
from tui_wargame.views import hidden_units

SPEEDS = (4.0, 2.0, 1.0, 0.5, 0.25)  # seconds per record


class JumpBar(Input):
    """Where to jump: a record number, or t and a turn number. It lives in the replay screen and
    takes the focus at once, so the number typed straight after ":" lands in it."""

    BINDINGS = [Binding("escape", "close", "Cancel", id="jump.cancel")]

    class Chosen(Message):
        """Enter was pressed: `text` is where to jump, empty if cancelled."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def open(self) -> None:
        self.value = ""
        self.display = True
        self.screen.set_focus(self)  # now, not after the keys already queued (as focus() would)

    def action_close(self) -> None:
        self._give("")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._give(event.value.strip())

    def _give(self, text: str) -> None:
        self.display = False
        self.post_message(self.Chosen(text))


class ReplayScreen(AppScreen):
    """Shows the game as it stood after one record, with that record's events and dice."""

    BINDINGS = [
        Binding("right,l,full_stop", "step(1)", "Next", id="replay.next"),
        Binding("left,h,comma", "step(-1)", "Back", id="replay.back"),
        Binding("down,j,right_square_bracket", "phase(1)", "Phase+", id="replay.phase_next"),
        Binding("up,k,left_square_bracket", "phase(-1)", "Phase-", show=False, id="replay.phase_back"),
        # not in the key bar, to leave room for ? at 80 columns: the prompt line names PgUp/PgDn
        Binding("pagedown,J", "turn(1)", "Turn+", show=False, id="replay.turn_next"),
        Binding("pageup,K", "turn(-1)", "Turn-", show=False, id="replay.turn_back"),
        Binding("home,g", "jump_to(0)", "Start", show=False, id="replay.start"),
        Binding("end,G", "jump_to(-1)", "End", show=False, id="replay.end"),
        # priority: run as the key arrives, so a number typed after it in the same burst reaches the bar
        Binding("colon,slash", "jump", "Jump", id="replay.jump", priority=True),
        Binding("space,a", "autoplay", "Auto", id="replay.autoplay"),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False, id="replay.faster"),
        Binding("minus", "speed(-1)", "Slower", show=False, id="replay.slower"),
        Binding("z", "zoom", "Zoom", show=False, id="replay.zoom"),
        Binding("p", "play_from_here", "Play on", id="replay.play"),
        Binding("question_mark,f1", "help", "Help", id="replay.help"),
        Binding("q,escape", "leave", "Back", id="replay.quit"),
    ]

    def __init__(self, game: Game, glyphs: Glyphs, *, seq: int | None = None, saves_dir: Path,
                 scenario_dirs: list[Path] | None = None, viewer: str | None = None) -> None:
        """`saves_dir`: where "play on from here" writes its save; `scenario_dirs`: where it finds
        the scenario again."""
        super().__init__()
        crop_updates(self)
        self.game = game
        self.viewer = viewer  # the side at the keyboard; None for a spectator (hidden_units)
        self.g = glyphs
        self.names = Namer(game, glyphs)
        self.seq = game.seq if seq is None else min(max(seq, 0), game.seq)
        self.speed = 2
        self.timer: Timer | None = None
        self.saves_dir = saves_dir
        self.scenario_dirs = scenario_dirs
        self._states: list[State] = []

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield Static(id="conditions")  # shown only while the rule system says something there
        with Horizontal(id="body"):
            yield HexMap.of_game(self.game, self.g)
            yield Static(id="events")
        yield JumpBar(placeholder="record N, or tN for turn N (empty Enter or Esc cancels)", id="jump")
        yield Static(id="prompt")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show(opening=True)

    def show(self, *, opening: bool = False) -> None:
        """Draw record `seq`, the view following the hexes it touched. The set-up (which touches
        every counter), and at the screen's opening a record touching none (a phase's end), show
        the acting side's forces instead, as the game screen does."""
        game, seq = self.game, self.seq
        state = game.state_at(seq)
        touched = touched_hexes(game, seq)
        hidden = hidden_units(game, state, self.viewer)
        follow = touched if touched and seq else self.forces(state, hidden) if opening or not seq else ()
        layers = self.drawn_layers(state)
        overlay = Overlay(cursor=follow[0] if follow else None, marks=frozenset(touched), concealed=hidden,
                          layers=layers)
        self.query_one(HexMap).show(state, overlay, follow=follow)
        width = self.size.width or 80
        self.query_one("#header", Static).update(header_line(game, state, self.names, where=self.where(),
                                                             width=width))
        said = conditions_line(game, state, self.names, width)
        self.query_one("#conditions", Static).display = bool(said.plain)
        self.query_one("#conditions", Static).update(said)
        text = Text()
        for line in record_lines(game, seq, self.names, hidden):
            text.append(line + "\n")
        text.append(self.g.rule * 28 + "\n", style="dim")
        text.append_text(victory_text(game, state, self.names, width=28))
        self.query_one("#events", Static).update(text)
        auto = f"autoplay {SPEEDS[self.speed]:g}s/record" if self.timer else "paused"
        # two lines that fit 80 columns (the prompt is two lines high); the rest is on the ? page
        prompt = Text(f"Record {seq} of {game.seq}  {self.g.sep}  {auto}  {self.g.sep}  ", style="bold")
        play_on = "" if self.nav.host is not None else "p: play on from here  "  # none on a shared host
        prompt.append(f"{play_on}?: help\n", style="dim")
        prompt.append("Left/Right: record  Up/Down: phase  PgUp/PgDn: turn  Space: auto  +/-: speed",
                      style="dim")
        self.query_one("#prompt", Static).update(prompt)

    def where(self) -> str:
        """The header's last part: which record is shown, and whether the game is finished."""
        game = self.game
        return f"replay {self.seq}/{game.seq}" + (" (finished)" if game.state.over else " (unfinished)")

    def forces(self, state: State, hidden: frozenset[str]) -> tuple[str, ...]:
        """Where the game screen would look at `state`: the acting side's forces (`forces.forces`)."""
        if not state.phase or state.over:
            return ()
        actors = self.game.capabilities.actors(self.game.scenario, state)
        return tuple(forces(self.game, state, state.to_act, concealed=hidden, actors=actors))

    def drawn_layers(self, state: State) -> tuple[Layer, ...]:
        """The rule system's layers drawn whatever the player does (a replay selects no unit)."""
        game = self.game
        if not state.phase:
            return ()
        found = game.capabilities.layers(game.scenario, state, self.viewer, None)
        return tuple(layer for layer in found if layer.shown == "always")

    def go(self, seq: int) -> None:
        self.seq = min(max(seq, 0), self.game.seq)
        self.show()

    def _starts(self, key: Callable[[State], object]) -> list[int]:
        """The first record of each run of records whose state gives the same `key` (one fold, cached)."""
        if len(self._states) != len(self.game.records):
            self._states, state = [], EMPTY
            for r in self.game.records:
                state = fold(state, r.events)
                self._states.append(state)
        starts, last = [], None
        for seq, state in enumerate(self._states):
            k = key(state)
            if k != last:
                starts.append(seq)
                last = k
        return starts

    def _step_in(self, starts: list[int], direction: int) -> None:
        if direction > 0:
            later = [s for s in starts if s > self.seq]
            self.go(later[0] if later else self.game.seq)
        else:
            earlier = [s for s in starts if s < self.seq]
            self.go(earlier[-1] if earlier else 0)

    def action_step(self, n: int) -> None:
        self.go(self.seq + n)

    def action_phase(self, n: int) -> None:
        self._step_in(self._starts(lambda s: (s.turn, s.active, s.phase)), n)

    def action_turn(self, n: int) -> None:
        self._step_in(self._starts(lambda s: s.turn), n)

    def action_jump_to(self, seq: int) -> None:
        self.go(self.game.seq if seq < 0 else seq)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Inside the open jump bar ":" and "/" are text, not the keys that open it; on a shared
        host there is no playing on from here."""
        if action == "play_from_here" and self.nav.host is not None:
            return False
        return not (action == "jump" and self.query_one(JumpBar).display)

    def action_jump(self) -> None:
        self.query_one(JumpBar).open()

    @on(JumpBar.Chosen)
    def _jump(self, event: JumpBar.Chosen) -> None:
        self.query_one(HexMap).focus()
        text = event.text
        if not text:
            return
        try:
            if text.lower().startswith("t"):
                turn = int(text[1:]) - 1
                starts = [s for s in self._starts(lambda st: st.turn) if self._states[s].turn == turn]
                if starts:
                    self.go(starts[0])
                else:
                    self.notify(f"No turn {turn + 1} in this game", severity="warning")
            else:
                self.go(int(text))
        except ValueError:
            self.notify(f"Not a record or turn: {self.names.text(text)}", severity="warning", markup=False)

    def action_autoplay(self) -> None:
        if self.timer:
            self.timer.stop()
            self.timer = None
        else:
            if self.seq >= self.game.seq:
                self.seq = 0
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show()

    def _tick(self) -> None:
        if self.seq < self.game.seq:
            self.seq += 1
        if self.seq >= self.game.seq and self.timer:
            self.timer.stop()
            self.timer = None
        self.show()

    def action_speed(self, n: int) -> None:
        self.speed = min(max(self.speed + n, 0), len(SPEEDS) - 1)
        if self.timer:
            self.timer.stop()
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show()

    def action_help(self) -> None:
        """The keys page of the game's help (its other pages, the rules' charts, too)."""
        state = self.game.state_at(self.seq)
        self.nav.open_help(self.game, "keys", hidden=hidden_units(self.game, state, self.viewer),
                           replay=True, layers=self.drawn_layers(state))

    def action_zoom(self) -> None:
        hexmap = self.query_one(HexMap)
        hexmap.set_detailed(not hexmap.detailed)

    def action_play_from_here(self) -> None:
        """Copy the records up to the one shown into a new save and play it; the original is untouched.
        The branch replaces the replay and the game it was opened from, if any (one game at a time)."""
        if self.nav.host is not None:  # a copy would be a game outside the seats (check_action hides it)
            return
        path = branch_path(self.saves_dir, self.game.scenario.id)
        savefile.create(path, savefile.as_new_game(self.game.header), self.game.records[: self.seq + 1])
        branch = Game.open(path, write=True, scenario_dirs=self.scenario_dirs)
        if self.timer:
            self.timer.stop()
            self.timer = None
        greeting = f"Playing on from record {self.seq} in {path}; the original save is unchanged"
        self.nav.open_game(branch, greeting=greeting, instead_of=self.game)

    def action_leave(self) -> None:
        self.nav.leave()


def branch_path(folder: Path, scenario_id: str) -> Path:
    """A new save name in `folder` for a game branched from another."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while (path := folder / f"{scenario_id}-branch-{n}.toml").exists():
        n += 1
    return path
