"""Helpers for the TUI tests: a screen as plain text, and games to play."""

from __future__ import annotations

from pathlib import Path

from textual import _wait as textual_wait
from textual.app import App

from tui_wargame import scenario_file
from tui_wargame.engine import Game

#: The sleep slice of the idle waits of `press` (Textual's own is 1/50 s).
KEY_SLICE = 1 / 500


def screen_text(app: App) -> str:
    """What the terminal shows now, as plain lines (styles dropped)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)


async def press(pilot, *keys: str) -> None:  # noqa: ANN001
    """Press keys one at a time, letting the app settle after each (screens push and pop).

    Textual's `Pilot.press` and `Pilot.pause` wait for the process to go idle, each wait at least
    one 50th of a second of sleep: three a key were most of the TUI tests' time. Here they sleep in
    short slices, and a second `pause` follows: the first refreshes the screen (Textual's
    `pause` runs the screen's update itself, not waiting for its timer), the second waits until
    what was to run after that refresh (`call_after_refresh`) has run. (Should a Textual release
    rename its private `_wait.SLEEP_GRANULARITY`, this only sets an unused name: slower, still right.)
    """
    if not keys:  # it pressed nothing and waited for nothing: tests that meant to wait did not
        raise TypeError("press() needs keys; to let the app settle, pause")
    full = getattr(textual_wait, "SLEEP_GRANULARITY", None)
    textual_wait.SLEEP_GRANULARITY = KEY_SLICE
    try:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
    finally:
        if full is None:
            del textual_wait.SLEEP_GRANULARITY
        else:
            textual_wait.SLEEP_GRANULARITY = full


def burst(app: App, text: str) -> None:
    """Post `text`'s keys all at once, as a paste or typeahead over a slow link delivers them:
    no key is handled before the next is queued (Pilot's `press` waits between keys)."""
    from textual import events

    names = {":": "colon", " ": "space", "/": "slash"}
    for ch in text:
        app.post_message(events.Key(names.get(ch, ch), ch))


def sync(test):  # noqa: ANN001, ANN201
    """Run an async Pilot test with asyncio.run, so no async pytest plugin is needed."""
    import asyncio
    import functools

    @functools.wraps(test)
    def run(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        return asyncio.run(test(*args, **kwargs))

    return run


def suez(tmp_path: Path, *orders: str, seed: int = 4) -> Game:
    """A new Suez 1916 game in `tmp_path` with `orders` given (seed 4 unless told)."""
    game = Game.new(scenario_file.find("suez1916"), tmp_path / "suez.toml", seed=seed)
    for order in orders:
        game.submit(order)
    return game


def suez_defensive_fire(tmp_path: Path) -> Game:
    """Suez 18.1: a Central Powers battalion attacks 2128 from 2228 on the 4 August Morning turn,
    and the British owe their defensive fire (seed 4)."""
    game = suez(tmp_path, "move 31-1 2228", "end", "end")
    while not (game.state.active == "cp" and game.state.phase == "combat"):
        game.submit("end")
    game.submit("attack 2128 2228")
    game.submit("end")
    assert game.state.pending is not None and game.state.pending.kind == "defensive_fire"
    return game


async def lobby_listed(pilot) -> None:  # noqa: ANN001
    """Let the lobby's thread worker read the hosted saves and list them (within two seconds)."""
    import asyncio

    from tui_wargame.tui.lobby import LobbyScreen

    for _ in range(400):
        await pilot.pause()
        lobby = [s for s in pilot.app.screen_stack if isinstance(s, LobbyScreen)]
        if lobby and lobby[0].is_mounted and lobby[0]._looking is None:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the lobby's listing never came")
