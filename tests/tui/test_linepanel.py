"""The unit panel repaints only the lines that changed (bytes per keystroke on a slow link)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

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
            refreshed.extend(regions)
            return original(*regions, **kwargs)

        panel.refresh = spy  # type: ignore[method-assign]
        panel.update(Text("0202 Clear\n----------\nno units"))
        assert refreshed == [Region(3, 0, 1, 1)]  # the one character that changed
        refreshed.clear()
        panel.update(Text("0202 Clear\n----------"))
        assert refreshed == [Region(0, 2, 8, 1)]  # the text that went away is blanked
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert lines[0].startswith("0202 Clear") and "no units" not in screen_text(app)


@sync
async def test_the_texts_own_style_is_drawn() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(LinePanel)
        panel.update(Text("Movement phase", style="bold"))
        await pilot.pause()
        assert all(seg.style and seg.style.bold for seg in panel.render_line(0) if seg.text.strip())


@sync
async def test_lines_below_the_panel_are_not_refreshed() -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(LinePanel)
        panel.styles.height = 2
        await pilot.pause()
        panel.update(Text("one\ntwo\nthree"))
        refreshed: list[Region] = []
        original = panel.refresh

        def spy(*regions, **kwargs):  # noqa: ANN002, ANN003, ANN202
            refreshed.extend(regions)
            return original(*regions, **kwargs)

        panel.refresh = spy  # type: ignore[method-assign]
        panel.update(Text("one\ntwo\nfour"))  # the third line is out of view: nothing to repaint
        assert refreshed == []


@sync
async def test_text_given_while_hidden_or_without_width_is_shown_when_it_has_one() -> None:
    """Found in review: the lines are wrapped when first drawn, so an update while the panel had no
    width kept the old lines for the old width; and a panel laid out 0 columns wide failed."""
    app = PanelApp()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(LinePanel)
        panel.update(Text("first text"))
        await pilot.pause()
        for hide, show in ((("display", False), ("display", True)),
                           (("styles.width", 0), ("styles.width", "100%"))):
            for name, value in (hide, show):
                target = panel.styles if name.startswith("styles.") else panel
                setattr(target, name.removeprefix("styles."), value)
                await pilot.pause()
                if (name, value) == hide:
                    panel.update(Text(f"shown after {name}"))
            assert f"shown after {hide[0]}" in screen_text(app)
