"""Top of the Stretch's scoresheet on the page: a Drop back column after the Final APR
when a horse dropped back turning for home (ruling S30), as the terminal's sheet has
it; the call and the JSON said it, the sheet did not."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from tests.browser.table_pages import SharedServer, frame, open_table, stretch_call_read_out

from homestretch.games.stretch.rules.words import CAPTIONS

pytestmark = pytest.mark.browser

CELLS = """(sheet) => [...sheet.querySelectorAll("tr")].map(
  (row) => [...row.querySelectorAll("th, td")].map((cell) => cell.innerText.trim()))"""


@pytest.mark.parametrize(("seed", "width"), [(4, 1280), (4, 1000), (6, 1280)])
def test_the_sheet_says_who_dropped_back(
    browser: Browser, shared_server: SharedServer, seed: int, width: int
) -> None:
    """Seed 4 drops Overlap (post 2) 4 points, Aspire 2 and Homeboykris 1; seed 6 nobody,
    and the sheet has no such column. At 1000 px the sheet is split in two tables."""
    with shared_server.visit() as address:
        config = {"players": 0, "mode": "full", "race": "2009-champagne-stakes"}
        request = {"game": "stretch", "config": config, "seats": [], "seed": seed}
        links = open_table(address, request)
        now = frame(address, links["id"])
        entries = now["view"]["entries"]
        assert now["over"] and any(e["drop_back"] for e in entries) == (seed == 4)
        context = browser.new_context(base_url=address, viewport={"width": width, "height": 800})
        try:
            page = context.new_page()
            page.clock.install()  # the call read out at once: the sheet comes after it
            page.goto(links["watch"])
            stretch_call_read_out(page, address, links["id"])
            sheet = page.locator("#stretch-sheet")  # its box holds both halves when split
            sheet.scroll_into_view_if_needed()
            tables = [rows for rows in sheet.locator("xpath=..").evaluate(CELLS) if rows]
            heading = next(row for row in tables if CAPTIONS["sheet_headings"][18] in row)
            if seed != 4:
                assert CAPTIONS["sheet_drop"] not in heading
                return
            at = heading.index(CAPTIONS["sheet_drop"])
            assert heading[at - 1] == CAPTIONS["sheet_headings"][18]  # after Final APR
            rows = tables[tables.index(heading) + 1 : tables.index(heading) + 1 + len(entries)]
            assert {int(row[0]): row[at] for row in rows} == {
                e["post"]: str(e["drop_back"]) for e in entries
            }
            width_now = page.evaluate("document.documentElement.scrollWidth")
            assert width_now <= page.evaluate("document.documentElement.clientWidth")
        finally:
            context.close()
