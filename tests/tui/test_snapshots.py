"""SVG snapshots of the main screens at 80x24 and 160x48 (pytest-textual-snapshot): Suez and Gaza
for what a rule system's capabilities show (layers, notes, an explanation, the CRT, markers),
the testbed for the screens of a system with the required core alone.

After a deliberate change of the look, refresh them with
`python -m pytest tests/tui/test_snapshots.py --snapshot-update` and look at the
SVGs in tests/tui/__snapshots__/ before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.tui.helpers import lobby_listed, suez
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen

#: 80x24 in the quick run; 160x48 only in the long run (--runslow), which CI also runs: the
#: quick run keeps to its 60 s budget.
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48", marks=pytest.mark.slow)]

pytestmark = pytest.mark.usefixtures("short_idle_waits")


def mid_game(testbed: Scenario, tmp_path: Path) -> Game:
    game = Game.new(testbed, tmp_path / "game.toml", seed=7)
    for order in ("move r1 0201 0301 0401", "end"):
        game.submit(order)
    return game



@pytest.mark.parametrize("size", SIZES)
def test_game_screen(snap_compare, testbed: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """The core alone: no layer, no note; the default reach counted in the panel."""
    app = WargameApp(start="play", game=mid_game(testbed, tmp_path))
    assert snap_compare(app, press=["tab", "down"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_suez_game_screen(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """F&M's reach and zones of control on the map, its notes and the layers' legend in the panel."""
    app = WargameApp(start="play", game=suez(tmp_path, seed=3))
    assert snap_compare(app, press=["tab", "Z", "left"], terminal_size=size)


async def cursor_on_2128(pilot) -> None:  # noqa: ANN001
    await pilot.pause()  # the app pushes its first screen once started
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.move_cursor("2128")


@pytest.mark.parametrize("size", SIZES)
def test_attack_preview(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """Suez zero hour: 2/31st's attack on the town of 2128 explained before the die (F&M 7.2-7.6)."""
    game = suez(tmp_path, "move 31-2 2529 2429 2329 2228", "end", seed=3)
    app = WargameApp(start="play", game=game, ascii_only=True)
    assert snap_compare(app, run_before=cursor_on_2128, press=["a"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_detailed_zoom(snap_compare, bigmap: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = WargameApp(start="play", game=Game.new(bigmap, tmp_path / "big.toml", seed=1))
    keys = ["tab"] if size[0] >= 140 else ["tab", "z"]  # large terminals open in the detailed zoom
    assert snap_compare(app, press=keys, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_replay_screen(snap_compare, testbed: Scenario, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    game = mid_game(testbed, tmp_path)
    game.submit("attack r1 0402")
    app = WargameApp(start="replay", game=game)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize(("scenario_id", "size"), [pytest.param("suez1916", (80, 24), id="suez-80x24"),
                                                   pytest.param("gaza1917", (80, 24), id="gaza-80x24"),
                                                   pytest.param("suez1916", (160, 48), id="suez-160x48",
                                                                marks=pytest.mark.slow)])
def test_help_charts(snap_compare, tmp_path: Path, scenario_id: str,  # noqa: ANN001
                     size: tuple[int, int]) -> None:
    """F&M's first help page, the CRT as one grid (F&M 7.3): each terrain row's differentials over
    the result columns, then the rows' terrain and the results in words, below."""
    game = Game.new(scenario_file.find(scenario_id), tmp_path / "g.toml", seed=3)
    app = WargameApp(start="play", game=game)
    assert snap_compare(app, press=["c"], terminal_size=size)


async def cursor_on_1015(pilot) -> None:  # noqa: ANN001
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.move_cursor("1015")


def test_gaza_fire_support_markers(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """Gaza Zero Hour, the British combat phase: face-down markers on 1015 and 1016 (Gaza 18.1),
    their counts on the map and whose they are in the panel."""
    game = Game.new(scenario_file.find("gaza1917"), tmp_path / "g.toml", seed=1)
    for order in ("end", "bombard 1015", "bombard 1016"):
        game.submit(order)
    app = WargameApp(start="play", game=game)
    assert snap_compare(app, run_before=cursor_on_1015, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES)
def test_title_screen(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = WargameApp(scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path / "saves")
    assert snap_compare(app, terminal_size=size)


async def settled(pilot) -> None:  # noqa: ANN001
    """The first screen pushed and the decision's answers opened by themselves."""
    for _ in range(3):
        await pilot.pause()


def test_suez_retreat_picked_on_the_map(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """F&M 7.7 at Suez zero hour: the machine guns of 2129 must retreat two hexes (D2); the
    answers opened by themselves, the retreat chosen, its five hexes marked on the map."""
    game = Game.new(scenario_file.find("suez1916"), tmp_path / "suez4.toml", seed=4)
    for order in ("move 31-1 2228", "move 31-2 2229", "move 31-3 2230", "end", "attack 2129 2228",
                  "attack 2129 2229", "end", "resolve 2129"):
        game.submit(order)
    app = WargameApp(start="play", game=game, hotseat=False)
    assert snap_compare(app, run_before=settled, press=["enter", "left", "down"], terminal_size=(80, 24))


def test_suez_advance_or_stop(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """F&M 7.9 / Suez 10.3: after the retreat the attacker's answers open by themselves, stop last."""
    game = Game.new(scenario_file.find("suez1916"), tmp_path / "suez4.toml", seed=4)
    for order in ("move 31-1 2228", "move 31-2 2229", "move 31-3 2230", "end", "attack 2129 2228",
                  "attack 2129 2229", "end", "resolve 2129", "retreat 52mg 2029 2030"):
        game.submit(order)
    app = WargameApp(start="play", game=game, hotseat=False, ascii_only=True)
    assert snap_compare(app, run_before=settled, terminal_size=(80, 24))


def test_gaza_defensive_fire(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """Gaza 18.1 at zero hour: the Light Horse declare an attack on 1607; the Central Powers' answers
    (fire support against the attackers, or done) open by themselves, each in words."""
    game = Game.new(scenario_file.find("gaza1917"), tmp_path / "gaza.toml", seed=2)
    for order in ("move 3LH 1708", "move 4LH 1608", "end", "attack 1607 1608", "attack 1607 1708", "end"):
        game.submit(order)
    app = WargameApp(start="play", game=game)
    assert snap_compare(app, run_before=settled, terminal_size=(80, 24))


def test_title_screen_lists_where_each_save_stands(snap_compare, testbed: Scenario,  # noqa: ANN001
                                                   tmp_path: Path) -> None:
    """Issue 17: each save with its scenario, turn, side and phase; an unreadable file says so."""
    saves = tmp_path / "saves"
    mid_game(testbed, saves).close()
    with Game.new(testbed, saves / "fresh.toml", seed=7):
        pass
    (saves / "notes.toml").write_text("not a save\n")
    for age, name in enumerate(("notes.toml", "fresh.toml", "game.toml")):  # newest first, as listed
        os.utime(saves / name, (1_000_000 - age, 1_000_000 - age))
    app = WargameApp(scenario_dirs=[TESTBED_DIR], saves_dir=saves)
    assert snap_compare(app, terminal_size=(80, 24))  # the about panel: the scenario (a save's has its date)


def test_suez_live_waiting_screen(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    """A live game played as the British while the Central Powers move: the prompt says whom the
    British wait for and in which phase; the map shows what the British may see."""
    app = WargameApp(start="play", game=suez(tmp_path, "move 31-1 2527", seed=3), side="british")
    assert snap_compare(app, terminal_size=(80, 24))


def test_lobby_screen(snap_compare, testbed: Scenario, tmp_path: Path) -> None:  # noqa: ANN001
    """The lobby at 80x24: the player's own game with a seat open first, then another's, full."""
    import os
    import time

    from tui_wargame.hosting import Host, SealedSeeds

    def host(player: str) -> Host:
        return Host(tmp_path / "saves", SealedSeeds(tmp_path / "sealed"), player, [TESTBED_DIR])

    host("bob").create(testbed, {}, "red").close()
    host("alice").create(testbed, {}, "blue").close()
    host("carol").join(tmp_path / "saves" / "testbed-1.toml", "blue").close()
    for n, minutes in ((1, 125), (2, 5)):
        stamp = time.time() - minutes * 60
        os.utime(tmp_path / "saves" / f"testbed-{n}.toml", (stamp, stamp))
    app = WargameApp(host=host("alice"), scenario_dirs=[TESTBED_DIR], saves_dir=tmp_path / "saves")
    assert snap_compare(app, terminal_size=(80, 24), run_before=lobby_listed)
