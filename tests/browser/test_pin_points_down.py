"""The "Your turn" pin pointed up ("Your turn \u2191") wherever the move was. On a small
phone (360 x 640) at the top of an Across auction, a friend who had just said no to an
offer had its answer in a box above the block, and his bid buttons below the screen's
foot (a walk-through of a three-friend meet, 2026-12-07): the pin sent him up the page,
where there was nothing to do. Its arrow points the way to the move: down while the
move is below the screen, up once he has scrolled past it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    settled,
)

from homestretch.web.words import PAGE

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
SMALL_PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
"""A small phone (a common Android size)."""


def test_the_pin_points_down_to_a_move_below_the_screen(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        lender = next(s for s in range(3) if s != asked)
        offer = {"kind": "lend_terms", "borrower": asked, "amount": 3, "repay": 4}
        move(address, game_id, tokens[lender], offer)
        move(address, game_id, tokens[asked], {"kind": "answer", "accept": False})
        assert frame(address, game_id, tokens[asked])["your_turn"]  # his bid, next
        phone = browser.new_context(base_url=address, **SMALL_PHONE)
        try:
            page = phone.new_page()
            page.goto(links["seats"][asked]["link"])
            settled(address, game_id, page)
            expect(page.locator(".ab-for-you")).to_contain_text("you declined")
            bids = page.locator(".ab-block .ab-moves")
            assert page.evaluate("scrollY") == 0  # at the top: the bids out of sight below
            pin = page.locator("#your-turn-pin")
            expect(pin).to_be_visible()
            expect(pin).to_have_text(PAGE["your_turn_pin_below"])
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            expect(pin).to_have_text(PAGE["your_turn_pin"])  # now above him
            pin.click()
            expect(bids).to_be_in_viewport()
            expect(pin).to_be_hidden()
        finally:
            phone.close()
