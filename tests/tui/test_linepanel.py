"""The unit panel repaints only the lines that changed (bytes per keystroke on a slow link)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tests.tui.helpers import screen_text, sync
from tui_wargame.tui.linepanel import LinePanel


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LinePanel(id="panel")


@sync
async def test_only_changed_lines_are_refreshed() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(LinePanel)
        panel.update(Text("0201 Clear\n----------\nno units"))
        await pilot.pause()
        assert "0201 Clear" in screen_text(app) and "no units" in screen_text(app)
        refreshed: list[int] = []
        original = panel.refresh

        def spy(*regions, **kwargs):  # noqa: ANN002, ANN003, ANN202
            refreshed.extend(r.y for r in regions)
            return original(*regions, **kwargs)

        panel.refresh = spy  # type: ignore[method-assign]
        panel.update(Text("0202 Clear\n----------\nno units"))
        assert refreshed == [0]
        refreshed.clear()
        panel.update(Text("0202 Clear\n----------"))
        assert refreshed == [2]  # the line that went away is blanked
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert lines[0].startswith("0202 Clear") and "no units" not in screen_text(app)
