"""Helpers for the TUI tests: a screen as plain text, and games to play."""

from __future__ import annotations

from textual.app import App


def screen_text(app: App) -> str:
    """What the terminal shows now, as plain lines (styles dropped)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)


async def press(pilot, *keys: str) -> None:  # noqa: ANN001
    """Press keys one at a time, letting the app settle after each (screens push and pop)."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


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
