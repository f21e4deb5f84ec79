"""A Top of the Stretch player's finger down on "Buy the ticket" while another player's
bet comes in: the board is drawn again for the new version under the finger, and when it
lifts the ticket is bought. The board took its window out of the page and put it back on
every frame, so the button lifted off was no longer the one pressed: no click, the bet
lost, nothing said (three friends betting at once on their phones)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, frame, shows
from tests.browser.test_stretch_betting_phone import new_race

pytestmark = pytest.mark.browser


def test_a_ticket_pressed_while_another_bets_is_bought(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Busy Window Stakes", ("Ann", "Bea", "Cal"))
        game_id = int(links["id"])
        pages = []
        for seat in links["seats"]:
            page = browser.new_context(base_url=address, **SMALL).new_page()
            page.goto(seat["link"])
            expect(page.locator("#bet-done")).to_be_visible()
            pages.append(page)
        ann, bea, cal = pages
        bea.select_option("#bet-horse", "2")
        bea.fill("#bet-dollars", "25")
        buy = bea.locator("#stretch-bet button[type=submit]")
        buy.scroll_into_view_if_needed()
        box = buy.bounding_box()
        assert box is not None
        window = bea.locator("#stretch-bet")
        window.evaluate("(form) => { form.dataset.first = 'yes'; }")  # the window as drawn
        version = frame(address, game_id)["version"]
        bea.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        bea.mouse.down()  # her finger on "Buy the ticket"
        cal.fill("#bet-dollars", "5")
        cal.locator("#stretch-bet button[type=submit]").click()  # Cal's bet comes in
        shows(bea, version + 1)
        expect(bea.locator("#stretch-players li[data-seat='2']")).to_contain_text("$5 win #1")
        with bea.expect_response("**/moves") as sent:
            bea.mouse.up()  # lifted: her ticket
        assert sent.value.ok, sent.value.text()
        expect(bea.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $25 win #2")
        expect(window).to_have_attribute("data-first", "yes")  # never taken out and put back
        ann.close()
