"""The base of this app's full screens (title, lobby, game, replay): each opens the others
through the app, typed here once rather than cast in each."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from tui_wargame.tui.app import WargameApp


class AppScreen(Screen[None]):
    """A full screen of the wargame's app."""

    @property
    def nav(self) -> WargameApp:
        """The app, which opens the other screens."""
        return cast("WargameApp", self.app)
