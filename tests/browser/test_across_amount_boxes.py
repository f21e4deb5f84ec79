"""Across the Board's amount boxes (the bid on the block, a dealing's amounts) are given
what a form gives a player on a phone: Enter in the box makes its move, and an amount
below the box's least or above its most (the least bid, the player's fifties: from the
view's ``amounts``) or no whole number at all is said
in a line under the box before anything is sent, in the words the server refuses such a
move with; the line stays through another's move and goes once the box holds what it
may."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    DRAWN_PAST,
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    moves_sent,
    refusal,
    shows,
    small_phone_at,
)

from homestretch.web.words import PAGE

pytestmark = pytest.mark.browser
BID = ".ab-block input.ab-amount"
BID_SAYS = ".ab-block .ab-moves .box-says"


def test_a_bid_below_the_least_is_said_by_its_box_in_the_servers_words_and_not_sent(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, first = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        move(address, game_id, tokens[first], {"kind": "bid", "amount": 1, "partner": -1})
        asked = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        other = 1 - asked
        least = frame(address, game_id, tokens[asked])["view"]["lot"]["min_bid"]
        assert least > 1  # a bid made: the least is above the box's own (1)
        low = {"kind": "bid", "amount": least - 1, "partner": -1}
        words = refusal(address, game_id, tokens[asked], low)
        page = small_phone_at(browser, address, links["seats"][asked]["link"])
        version = frame(address, game_id)["version"]
        shows(page, version)
        sent = moves_sent(page)
        box = page.locator(BID)
        box.click()
        box.press("Control+a")
        page.keyboard.type(str(least - 1))
        page.keyboard.press("Enter")
        says = page.locator(BID_SAYS)
        expect(says).to_have_text(words)  # the server's own words, before anything is sent
        expect(box).to_have_attribute("aria-invalid", "true")
        assert sent == []
        # another's move draws the board anew: the box still says it
        move(address, game_id, tokens[other], {"kind": "lend", "borrower": 2, "amount": 1})
        page.wait_for_function(DRAWN_PAST, arg=version)
        expect(says).to_have_text(words)
        expect(box).to_have_value(str(least - 1))
        # blank: not a number; the button tapped says so too, nothing sent
        box.fill("")
        page.click(".ab-block .ab-bid-own")
        expect(says).to_have_text(PAGE["whole_number"])
        assert page.evaluate(f"document.activeElement === document.querySelector('{BID}')")
        assert sent == []
        # the least typed: the line goes as it is typed, and Enter makes the bid
        page.keyboard.type(str(least))
        expect(says).to_have_count(0)
        expect(box).not_to_have_attribute("aria-invalid", "true")
        version = frame(address, game_id)["version"]
        page.keyboard.press("Enter")
        page.wait_for_function(DRAWN_PAST, arg=version)
        made = [e["action"] for e in frame(address, game_id)["log"] if e.get("player") == asked]
        assert made[-1:] == [{"kind": "bid", "amount": least, "partner": -1}]
        page.context.close()


def test_a_blank_loan_is_said_by_its_box_and_enter_offers_it(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A dealing's box (the fifties lent) outside any form: blank, its button tapped says
    so and sends nothing (a blank was sent as 0); filled, Enter in the box offers it."""
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        page = small_phone_at(browser, address, links["seats"][asked]["link"])
        version = frame(address, game_id)["version"]
        shows(page, version)
        sent = moves_sent(page)
        lent = page.locator(".ab-lend input.ab-amount").first
        lent.fill("")
        page.click(".ab-lend .ab-offer-lend")
        expect(page.locator(".ab-lend .box-says")).to_have_text(PAGE["whole_number"])
        assert sent == []
        lent.fill("2")
        expect(page.locator(".ab-lend .box-says")).to_have_count(0)
        lent.press("Enter")
        page.wait_for_function(DRAWN_PAST, arg=version)
        offers = frame(address, game_id)["view"]["offers"]
        assert [(o["from"], o["amount"]) for o in offers] == [(asked, 2)]
        page.context.close()


def test_more_than_ones_fifties_is_said_by_its_box_in_the_servers_words_and_not_sent(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A loan of more fifties than the player holds, and a bid above them, on a small
    phone: each box says the server's own refusal under its row (the bounds and words
    from the view's ``amounts``), nothing is sent; the player's fifties typed, the line
    goes and the loan is offered."""
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        cash = frame(address, game_id, tokens[asked])["view"]["cash"][asked]
        borrower = 1 - asked
        too_much = {
            "kind": "lend_terms",
            "borrower": borrower,
            "amount": cash + 1,
            "repay": cash + 1,
        }
        lend_words = refusal(address, game_id, tokens[asked], too_much)
        bid_words = refusal(
            address, game_id, tokens[asked], {"kind": "bid", "amount": cash + 1, "partner": -1}
        )
        page = small_phone_at(browser, address, links["seats"][asked]["link"])
        shows(page, frame(address, game_id)["version"])
        sent = moves_sent(page)
        bid = page.locator(BID)
        bid.fill(str(cash + 1))
        bid.press("Enter")
        expect(page.locator(BID_SAYS)).to_have_text(bid_words)
        expect(bid).to_have_attribute("aria-invalid", "true")
        page.locator(".ab-lend select").first.select_option(str(borrower))
        lent = page.locator(".ab-lend input.ab-amount").first
        lent.fill(str(cash + 1))
        page.locator(".ab-lend input.ab-amount").nth(1).fill(str(cash + 1))
        page.click(".ab-lend .ab-offer-lend")
        says = page.locator(".ab-lend .box-says")
        expect(says).to_have_text(lend_words)
        expect(lent).to_have_attribute("aria-invalid", "true")
        assert sent == []
        version = frame(address, game_id)["version"]
        lent.fill(str(cash))
        expect(says).to_have_count(0)
        lent.press("Enter")
        page.wait_for_function(DRAWN_PAST, arg=version)
        offers = frame(address, game_id)["view"]["offers"]
        assert [(o["from"], o["amount"]) for o in offers] == [(asked, cash)]
        page.context.close()
