"""Top of the Stretch's scoresheet on a laptop: all its columns on the screen, the
finishing column too (it was cut at the page's 60rem column, Final APR to Fin behind a
sideways scroll, while the window had room beside it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from tests.browser.table_pages import SharedServer, frame, open_table, snap, stretch_call_read_out

pytestmark = pytest.mark.browser

SIDEWAYS = "(box) => box.scrollWidth - box.clientWidth"


@pytest.mark.parametrize("mode", ["full", "quick"])
def test_a_laptop_shows_the_whole_scoresheet(
    browser: Browser, shared_server: SharedServer, mode: str
) -> None:
    """A 1280 px laptop watching a finished race (Fullplay's 25 columns, Quickplay's
    22): the scoresheet scrolls nowhere sideways, every heading and the last column,
    the finish, lie inside the window, and the page itself is no wider than it."""
    with shared_server.visit() as address:
        config = {"players": 0, "mode": mode, "race": "2009-champagne-stakes"}
        links = open_table(address, {"game": "stretch", "config": config, "seats": [], "seed": 3})
        now = frame(address, links["id"])
        assert now["over"]
        context = browser.new_context(base_url=address, viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            page.clock.install()  # the call read out at once: the sheet comes after it
            page.goto(links["watch"])
            stretch_call_read_out(page, address, links["id"])
            sheet = page.locator("#stretch-sheet")
            sheet.scroll_into_view_if_needed()
            headings = sheet.locator("tr").first.locator("th")
            assert headings.all_inner_texts()[-1] == "Fin"
            assert sheet.locator("xpath=..").evaluate(SIDEWAYS) <= 0
            for cell in (headings.last, sheet.locator("tr").last.locator("td").last):
                box = cell.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1280
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= page.evaluate("document.documentElement.clientWidth")
            snap(page, shared_server.folder / f"sheet-{mode}.png", full_page=False)
        finally:
            context.close()
