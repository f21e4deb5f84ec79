"""What a racing fan reads on the Stretch's pages says what its numbers are: a card in
the race builder names its Power, distances, Pace and Form (it read "dirt 19; range
6-9; pace 6, form C", with a key to what they measure); the scoresheet's abbreviations
(Cls, Trp, Brk, R2, Fact adj ...) are spelt out under it; and a race where no ticket paid
says so under "Paid by the house", where a phone drew the heading over nothing and a
laptop an empty table of column names."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    PHONE,
    SharedServer,
    fits_width,
    open_table,
    shows,
    stretch_call_read_out,
)

from homestretch.games.stretch.rules.words import CAPTIONS

pytestmark = pytest.mark.browser
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
CALLED = 90_000  # ms: the call read out part by part (1.2 s a part), on a loaded machine
HEADINGS = """(box) => [...box.querySelectorAll("table")].flatMap(
  (t) => [...t.querySelector("tr").querySelectorAll("th")].map((h) => h.innerText.trim()))"""


def test_a_card_in_the_builder_names_its_figures(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        context = browser.new_context(base_url=address, **PHONE)
        try:
            page = context.new_page()
            page.goto("/stretch/new")
            page.fill("#horse-search", "Super Saver")
            found = page.locator("#horse-results li", has_text="Super Saver (2009)")
            expect(found).to_contain_text("Power 19 on dirt; best at 6-9 furlongs; Pace 6, Form C")
            expect(page.locator("#horse-key")).to_contain_text("Pace 0-9: 9 must lead")
            expect(page.locator("#horse-key")).to_contain_text("Form A-E")
            found.locator("button").click()
            expect(page.locator("#entries li").first).to_contain_text(
                "Super Saver (2009): Power 19 on dirt; best at 6-9 furlongs"
            )
            fits_width(page)
        finally:
            context.close()


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_no_ticket_paid_is_said_and_the_sheet_is_spelt_out(
    browser: Browser, shared_server: SharedServer, screen: str
) -> None:
    """Ann alone bets $10 to win on Overlap (20-1), who does not win on seed 1."""
    with shared_server.visit() as address:
        config = {"players": 1, "mode": "full", "race": "2009-champagne-stakes"}
        seats = [{"kind": "person", "name": "Ann"}]
        links = open_table(
            address, {"game": "stretch", "config": config, "seats": seats, "seed": 1}
        )
        context = browser.new_context(base_url=address, **(PHONE if screen == "phone" else LAPTOP))
        try:
            page = context.new_page()
            page.clock.install()  # the call read out at once (stretch_call_read_out)
            page.goto(links["seats"][0]["link"])
            shows(page, 6)  # the morning line up, the window open
            page.select_option("#bet-horse", "2")
            page.fill("#bet-dollars", "10")
            page.locator("#stretch-bet button[type=submit]").click()
            expect(page.locator(".stretch-bet")).not_to_contain_text("No tickets yet")
            with page.expect_response("**/moves"):
                page.get_by_role("button", name="Done betting").click()
            stretch_call_read_out(page, address, links["id"])
            expect(page.locator(".stretch-official-top")).to_be_visible(timeout=CALLED)
            expect(page.locator(".stretch-official-top")).not_to_contain_text("1st #2 ")
            expect(page.locator(".stretch-mine")).to_contain_text("None of your tickets paid")
            paid = page.locator("#stretch-tote-paid")
            expect(paid.locator("h4")).to_have_text(CAPTIONS["paid_house"])
            expect(paid).to_contain_text(CAPTIONS["none_paid"])
            expect(paid.locator("table")).to_have_count(0)  # no empty table of headings
            # every column of the scoresheet but the horse's and the jockey's is spelt out
            sheet = page.locator("#stretch-sheet").locator("xpath=..")
            headings = set(sheet.evaluate(HEADINGS)) - {"Horse", "Jockey"}
            spelt = page.locator(".stretch-sheet-key b").all_inner_texts()
            named = {name for said in spelt for name in said.split(", ")}
            assert {"Cls", "Trp", "Brk", "R3", "Fact adj", "Spd fig"} <= headings, headings
            assert headings <= named, headings - named
            if screen == "phone":
                fits_width(page)
        finally:
            context.close()
