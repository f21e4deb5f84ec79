"""Top of the Stretch's scoresheet before the off: shown to the bettors for its ratings,
with the figures the race works out blank until it does. It read "Pace adj 0, Form adj
0, Final APR 19, Fact adj 0" before a die was rolled, the Final APR the starting one, as
if the race had been run."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    frame,
    open_table,
    shows,
    stretch_call_read_out,
    token_of,
)

from homestretch.games.stretch.rules.words import CAPTIONS

pytestmark = pytest.mark.browser

RACE_DAY = ("Pace adj", "Form adj", "Final APR", "Fact adj")
"""The sheet's columns the race fills in (their served headings)."""


def cells(page: Page, heading: str) -> list[str]:
    """The sheet's cells under ``heading``, a horse's a row."""
    return page.locator(f'#stretch-sheet td[data-label="{heading}"]').all_inner_texts()


def test_the_race_days_figures_are_blank_before_the_off(
    browser: Browser, shared_server: SharedServer
) -> None:
    assert set(RACE_DAY) <= set(CAPTIONS["sheet_headings"])
    with shared_server.visit() as address:
        config = {"players": 1, "mode": "quick", "race": "2009-champagne-stakes"}
        seats = [{"kind": "person", "name": "Ann"}]
        links = open_table(
            address, {"game": "stretch", "config": config, "seats": seats, "seed": 3}
        )
        token = token_of(links["seats"][0]["link"])
        context = browser.new_context(base_url=address, viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            page.clock.install()  # the call read out at once (stretch_call_read_out)
            page.goto(links["seats"][0]["link"])
            shows(page, frame(address, links["id"], token)["version"])
            expect(page.locator("#stretch-sheet")).to_be_visible()
            entries = frame(address, links["id"], token)["view"]["entries"]
            assert cells(page, "Horse") == [e["horse"] for e in entries]
            for heading in RACE_DAY:
                assert cells(page, heading) == [""] * len(entries), heading
            with page.expect_response("**/moves"):
                page.click("#bet-done")  # the race is run: once it is called, the figures
            stretch_call_read_out(page, address, links["id"])
            expect(page.locator("#stretch-call")).to_contain_text("At the wire.")
            run = frame(address, links["id"], token)["view"]["entries"]
            expect(page.locator('#stretch-sheet td[data-label="Final APR"]')).to_have_text(
                [str(e["final_apr"]) for e in run]
            )
            signed = [f"+{e['form_adj']}" if e["form_adj"] > 0 else str(e["form_adj"]) for e in run]
            assert cells(page, "Form adj") == signed
        finally:
            context.close()
