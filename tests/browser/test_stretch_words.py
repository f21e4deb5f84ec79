"""What a Top of the Stretch player reads on a phone at a table: the tote's odds as a
racegoer reads them ("even", "5-2"), the morning line's book said in words beside the
chances (not "book 118.6%" in the race's first line), and a dollars box that takes what
the player types."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SharedServer, context, fits_width, snap
from tests.browser.test_stretch_betting_phone import bet, new_race

pytestmark = pytest.mark.browser


def test_the_tote_and_the_book_read_in_words(browser: Browser, shared_server: SharedServer) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Even Stakes", ("Ann", "Bea"))
        ann, bea = (context(browser, address, phone=True).new_page() for _ in range(2))
        ann.goto(links["seats"][0]["link"])
        bea.goto(links["seats"][1]["link"])
        bet(ann, "win", 1, 10)
        bet(bea, "win", 2, 10)
        rows = ann.locator("#stretch-pools tr")
        expect(rows.nth(1).locator("td").last).to_have_text("even")  # $20 pool, $10 on each
        expect(rows.nth(2).locator("td").last).to_have_text("even")
        expect(rows.nth(3).locator("td").last).to_have_text("")  # nobody on #3
        expect(rows.first.locator("th").last).to_have_text("Tote odds")
        bet(bea, "win", 2, 15)  # $25 of $35 on #2: 2-5; #1 at 5-2
        expect(rows.nth(1).locator("td").last).to_have_text("5-2")
        expect(rows.nth(2).locator("td").last).to_have_text("2-5")
        # the book: not a bare percentage up top, but a sentence beside the chances
        expect(ann.locator(".stretch-head p")).not_to_contain_text("book")
        book = ann.locator("#stretch-chances .stretch-book")
        expect(book).to_contain_text("The morning line's odds imply chances that add up to ")
        expect(book).to_contain_text("fair odds would add up to 100%")
        fits_width(ann)
        snap(ann, shared_server.folder / "stretch-tote-words.png")


def test_the_dollars_box_takes_what_is_typed_and_blank_is_the_least_ticket(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Typed Stakes", ("Ann",))
        ann = context(browser, address, phone=True).new_page()
        ann.goto(links["seats"][0]["link"])
        box = ann.locator("#bet-dollars")
        expect(box).to_have_value("")
        expect(box).to_have_attribute("placeholder", "2 or more")
        # a player taps the box and types 10, as on a phone's keypad
        box.click()
        box.press_sequentially("10")
        ann.select_option("#bet-horse", "1")
        ann.locator("#stretch-bet button[type=submit]").click()
        says = ann.locator("#stretch-bet .stretch-says")
        expect(says).to_have_text("Your tickets: $10 win #1")
        box.fill("")
        ann.select_option("#bet-pool", "show")
        ann.locator("#stretch-bet button[type=submit]").click()
        expect(says).to_have_text("Your tickets: $10 win #1, $2 show #1")
