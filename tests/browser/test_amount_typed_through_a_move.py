"""An amount being typed while another player's move draws the board anew: a bid of "12"
typed as far as "1" (the least above 1) was said out of bounds under its box, mid-typing
(amount-boxes.js sayHeld, on every redraw). The box being typed in is judged when she
leaves it, presses Enter or its button; only an amount above its most, which no key
typed on mends, is said at once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    refusal,
    settled,
    settled_small_phone,
)

pytestmark = pytest.mark.browser
BID = ".ab-block input.ab-amount"
SAYS = ".ab-block .box-says"
TYPING = f"document.activeElement === document.querySelector('{BID}')"


def test_a_bid_half_typed_is_not_said_out_of_bounds_when_another_moves(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, first = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        move(address, game_id, tokens[first], {"kind": "bid", "amount": 1, "partner": -1})
        asked = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        other = 1 - asked
        seen = frame(address, game_id, tokens[asked])
        least, cash = seen["view"]["lot"]["min_bid"], seen["view"]["cash"][asked]
        assert 1 < least <= 12 <= cash, (least, cash)  # "1" on its way to "12"
        low = refusal(address, game_id, tokens[asked], {"kind": "bid", "amount": 1, "partner": -1})
        high = {"kind": "bid", "amount": cash + 1, "partner": -1}
        over = refusal(address, game_id, tokens[asked], high)
        link = links["seats"][asked]["link"]
        with settled_small_phone(browser, address, game_id, link) as (page, sent):
            box = page.locator(BID)
            box.click()
            box.press("Control+a")
            page.keyboard.type("1")
            # the other person lends Cy a fifty (out of turn, R16): the board drawn anew
            move(address, game_id, tokens[other], {"kind": "lend", "borrower": 2, "amount": 1})
            settled(address, game_id, page)
            expect(box).to_have_value("1")
            assert page.evaluate(TYPING)  # still hers to type in
            expect(page.locator(SAYS)).to_have_count(0)  # not said mid-typing
            expect(box).not_to_have_attribute("aria-invalid", "true")
            page.keyboard.type("2")
            expect(box).to_have_value("12")
            expect(page.locator(SAYS)).to_have_count(0)
            # "1" left there (the box left for the page's heading): said then
            box.press("Backspace")
            expect(box).to_have_value("1")
            page.locator("h1").first.click()
            expect(page.locator(SAYS)).to_have_text(low)
            expect(box).to_have_attribute("aria-invalid", "true")
            assert sent == []
            box.fill("12")  # the line goes as it is typed
            expect(page.locator(SAYS)).to_have_count(0)
            # more than her fifties, being typed as another moves: no key typed on
            # mends it, so it is said at once
            box.fill(str(cash + 1))
            expect(page.locator(SAYS)).to_have_count(0)
            # (she offers Cy a fifty on her other device: one offer a player a race)
            move(address, game_id, tokens[asked], {"kind": "lend", "borrower": 2, "amount": 1})
            settled(address, game_id, page)
            assert page.evaluate(TYPING)
            expect(page.locator(SAYS)).to_have_text(over)
            assert sent == []
