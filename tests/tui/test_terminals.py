"""Terminals: too small, --ascii, NO_COLOR, and names from files shown as text, never markup."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest
import textual.constants
from rich.color import Color, ColorSystem

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import press, screen_text, sync
from tui_wargame import cli, scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.glyphs import wants_ascii
from tui_wargame.tui.hexmap import HexMap
from tui_wargame.tui.mapdraw import SIDE_STYLES


@sync
async def test_a_small_terminal_is_told_so_and_recovers(game: Game) -> None:
    app = WargameApp(start="play", game=game)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert "The terminal is 60x20; tui-wargame needs at least 80x24" in screen_text(pilot.app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "0101" in screen_text(pilot.app)


def assert_ascii(text: str) -> None:
    bad = sorted({ch for ch in text if not ch.isascii()})
    assert not bad, f"non-ASCII on screen: {bad}"


@sync
async def test_ascii_mode_puts_only_ascii_on_screen(game: Game, tmp_path: Path) -> None:
    game.submit("move r1 0201 0301 0401")
    game.submit("end")
    app = WargameApp(start="play", game=game, ascii_only=True, saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = [screen_text(pilot.app)]
        for keys in (["tab", "down"], ["a"], ["q", "z"], ["Z", "n"], ["colon", "a"], ["enter"],
                     ["question_mark"], ["2"], ["3"], ["4"], ["5"], ["6"], ["q", "r"], ["left"]):
            await press(pilot, *keys)
            seen.append(screen_text(pilot.app))
        for text in seen:
            assert_ascii(text)
    title = WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path)
    async with title.run_test(size=(80, 24)) as pilot:
        assert_ascii(screen_text(pilot.app))


@sync
async def test_no_color_keeps_sides_and_states_apart_without_hue(game: Game, monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = WargameApp(start="play", game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        assert pilot.app.no_color
        await press(pilot, "tab")
        shown = screen_text(pilot.app)
        assert "R4-4" in shown and "B1-3" in shown  # sides by letter
        hexmap = pilot.app.screen.query_one(HexMap)
        styles = {style for row in hexmap.rows for _, style in row}
        assert all(s.color is None and s.bgcolor is None for s in styles)  # greyed hues could vanish
        assert any(s.reverse for s in styles) and any(s.bold for s in styles)
    with Game.new(scenario_file.find("suez1916"), tmp_path / "s.toml", seed=1) as suez:
        async with WargameApp(start="play", game=suez).run_test(size=(80, 24)) as pilot:
            await press(pilot, "tab", "Z")
            shown = screen_text(pilot.app)
            assert "\N{BULLET}" in shown and "z" in shown  # the rules' layers by glyph: reach, threat
            rows = pilot.app.screen.query_one(HexMap).rows
            assert all(st.color is None and st.bgcolor is None for row in rows for _, st in row)


@sync
async def test_sixteen_colours_keep_every_mark_legible(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")  # TERM=xterm, the Linux console
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        async with WargameApp(start="play", game=game).run_test(size=(80, 24)) as pilot:
            assert pilot.app.console.color_system == "standard"
            await press(pilot, "tab", "Z")  # a unit selected, its reach and the enemy ZOC shown
            hexmap = pilot.app.screen.query_one(HexMap)
            assert hexmap.painter.terrain_bg == {}  # the terrain glyph tells it, as without colour
            for y, strip in enumerate(pilot.app.screen._compositor.render_strips()):
                for seg in strip:
                    style = seg.style
                    if not style or not seg.text.strip():
                        continue
                    fg, bg = (standard(c) for c in (style.color, style.bgcolor))
                    if style.reverse:
                        fg, bg = bg, fg
                    assert fg is None or fg != bg, f"line {y}: {seg.text!r} in {style} is unreadable"
    assert len({standard(s.color) for s in SIDE_STYLES}) == len(SIDE_STYLES)  # the sides keep apart


def standard(colour: Color | None) -> int | None:
    """The colour a 16-colour terminal shows for `colour` (None: the terminal's default)."""
    return None if colour is None else colour.downgrade(ColorSystem.STANDARD).number


@sync
async def test_names_from_files_are_text_not_markup(tmp_path: Path) -> None:
    source = (TESTBED_DIR / "testbed.toml").read_text()
    evil = source.replace('name = "1st Red Rifles"', 'name = "[bold red]Evil[/] \\u001b[2J[link=x]y"')
    evil = evil.replace('title = "Testbed: the River Crossing"', 'title = "[reverse]Crafted[/reverse]"')
    path = tmp_path / "testbed.toml"
    path.write_text(evil)
    scenario = scenario_file.load(path)
    with Game.new(scenario, tmp_path / "g.toml", seed=1) as game:
        app = WargameApp(start="play", game=game)
        async with app.run_test(size=(120, 30)) as pilot:  # room for the whole title in the header
            await press(pilot, "tab")
            shown = screen_text(pilot.app)
            assert "[reverse]Crafted[/reverse]" in shown
            assert "[bold red]Evil[/]" in shown and "[2J[link=x]y" in shown
            assert "\x1b" not in shown


# --- over the wire: the bytes a real terminal gets, in a pseudo-terminal ---

REPO = Path(__file__).parents[2]
#: SGR parameters that set a colour: 30-49 (38 and 48 lead 256-colour and true-colour codes, 39 and
#: 49 are the default colours) and the bright 90-107.
COLOUR_PARAMETERS = {*range(30, 50), *range(90, 108)}


def play_in_a_pty(tmp_path: Path, keys: bytes, **env: str) -> tuple[bytes, int]:
    """Run `tui-wargame play suez1916` in an 80x24 pseudo-terminal until its first frame, type
    `keys`, and return all it wrote and its exit status (it must exit by itself)."""
    environ = {**os.environ, "PYTHONPATH": str(REPO), "TUI_WARGAME_SAVES": str(tmp_path / "saves"),
               "TERM": "xterm-256color", **env}
    if "NO_COLOR" not in env:
        environ.pop("NO_COLOR", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: an 80x24 terminal, then the game
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.chdir(tmp_path)
        os.execvpe(sys.executable, [sys.executable, "-m", "tui_wargame", "play", "suez1916", "--seed", "1"],
                   environ)
    seen, sent, deadline, status = b"", False, time.monotonic() + 30, None
    try:
        while time.monotonic() < deadline:
            if not sent and b"Quit" in seen:  # the key bar is drawn: the first frame is complete
                os.write(fd, keys)
                sent = True
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # EIO: the program has exited and closed the terminal
                    break
                if not chunk:
                    break
                seen += chunk
        else:
            raise AssertionError(f"no exit within 30 s; last output: {seen[-300:]!r}")
        _, status = os.waitpid(pid, 0)
        return seen, os.waitstatus_to_exitcode(status)
    finally:
        os.close(fd)
        if status is None:  # not exited by itself: this test's own child is ended
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


def colour_codes(output: bytes) -> list[str]:
    """The SGR sequences in `output` that set a colour."""
    found = []
    for params in re.findall(rb"\x1b\[([0-9;:]*)m", output):
        numbers = [int(p) for p in re.split(rb"[;:]", params) if p]
        if COLOUR_PARAMETERS & set(numbers):
            found.append(params.decode())
    return found


def shown(output: bytes) -> bytes:
    """What a terminal shows of `output`: its text without escape sequences (the header's side
    names are short or long by the width, so the tests look for the title and the phase)."""
    return re.sub(rb"\x1b(\[[0-9;?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|.)", b"", output)


@pytest.mark.slow  # a real start in a pseudo-terminal: over a second
def test_no_color_sends_no_colour_code_at_all_and_a_quit_before_any_order_leaves_no_save(
        tmp_path: Path) -> None:
    output, code = play_in_a_pty(tmp_path, b"q", NO_COLOR="1")
    assert code == 0 and b"Suez 1916" in shown(output) and b": movement" in shown(output)
    assert re.search(rb"\x1b\[[0-9;]*[17][;m]", output)  # bold and reverse still tell things apart
    assert colour_codes(output) == []
    assert not list((tmp_path / "saves").glob("*.toml"))  # left at once: no save behind


@pytest.mark.slow  # a real start in a pseudo-terminal: over a second
def test_the_linux_console_gets_the_ascii_set_without_asking(tmp_path: Path) -> None:
    output, code = play_in_a_pty(tmp_path, b"q", TERM="linux")
    text = shown(output)
    assert code == 0 and b"Suez 1916" in text and b": movement" in text
    assert text.isascii(), sorted({chr(c) for c in text.decode(errors="replace").encode() if c > 127})[:10]


@sync
async def test_no_color_screens_render_to_no_colour_code(game: Game, monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """The quick form of the test above: what each screen renders, as the driver would write it."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = WargameApp(start="play", game=game, saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for keys in ([], ["tab"], ["question_mark"]):  # the game screen, a unit selected, the help
            await (press(pilot, *keys) if keys else pilot.pause())
            strips = pilot.app.screen._compositor.render_strips()
            wire = "".join(strip.render(pilot.app.console) for strip in strips)
            assert "\x1b[" in wire and colour_codes(wire.encode()) == []
            assert any(seg.style and seg.style.reverse for seg in strips[0])  # the header bar, in reverse


def test_vt_terminals_and_the_linux_console_get_the_ascii_set() -> None:
    for term in ("linux", "vt100", "vt220", "VT102", "ansi"):
        assert wants_ascii({"TERM": term}), term
    for term in ("xterm-256color", "screen", "tmux-256color", ""):
        assert not wants_ascii({"TERM": term}), term
    assert not wants_ascii({})


@sync
async def test_a_quit_before_the_first_order_leaves_no_save(testbed: Scenario, tmp_path: Path) -> None:
    """A new game started on the screen leaves nothing behind until its first order: quitting at
    the "terminal too small" screen, or going back to the title at once."""
    game = Game.new(testbed, tmp_path / "small.toml", seed=1, keep_unplayed=False)
    async with WargameApp(start="play", game=game).run_test(size=(60, 20)) as pilot:
        await press(pilot, "q")  # the too-small screen's quit
    assert not (tmp_path / "small.toml").exists()
    title = WargameApp(ascii_only=True, scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path / "saves")
    async with title.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        assert (tmp_path / "saves" / "testbed-1.toml").exists()  # the set-up is on disk at once
        await press(pilot, "q")
        assert not (tmp_path / "saves" / "testbed-1.toml").exists()
        assert "testbed-1" not in screen_text(pilot.app)  # nor in the title's list of saves


def test_the_command_line_picks_the_ascii_set_for_the_linux_console(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick form of the pseudo-terminal test above: TERM reaches the app's glyphs."""
    chosen: list[bool] = []
    monkeypatch.setattr(WargameApp, "run", lambda self: chosen.append(self.g.ascii))  # started, not run
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    game.close()
    for term in ("linux", "xterm-256color"):
        monkeypatch.setenv("TERM", term)
        assert cli.main(["--scenarios", str(TESTBED_DIR), "play", str(game.path)]) == 0
    assert chosen == [True, False]


@sync
async def test_no_color_title_screen_marks_the_highlighted_choice_without_colour(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = WargameApp(scenario_dirs=[TESTBED_DIR], saves_dir=game.path.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab")  # to the saves: the game's save highlighted, the scenario list blurred
        strips = pilot.app.screen._compositor.render_strips()
        assert colour_codes("".join(strip.render(pilot.app.console) for strip in strips).encode()) == []
        marked = {seg.text.strip() for strip in strips for seg in strip if seg.style and seg.style.underline}
        assert game.path.name in marked and "Testbed: the River Crossing" in marked


def test_play_left_unplayed_leaves_no_save_but_a_live_game_keeps_it_for_the_other_side(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def quit_at_once(args, start, game=None, greeting="", **more):  # noqa: ANN001, ANN003, ANN202, ARG001
        game.close()
        return 0

    monkeypatch.setattr(cli, "_run_app", quit_at_once)
    monkeypatch.setattr(cli, "_on_a_terminal", lambda: True)
    monkeypatch.setenv("TUI_WARGAME_SAVES", str(tmp_path))
    dirs = ["--scenarios", str(TESTBED_DIR)]
    assert cli.main(["play", "testbed", *dirs]) == 0
    assert list(tmp_path.glob("*.toml")) == []
    assert cli.main(["play", "testbed", "--as", "red", *dirs]) == 0
    assert [p.name for p in tmp_path.glob("*.toml")] == ["testbed-1.toml"]  # where blue joins
