"""Totopoly's and Top of the Stretch's amount boxes sit in forms: an amount the rules
would refuse for being too small (a bid no more than the last, a ticket under $2), or no
whole number at all, is said in a line beside the box in the server's own words, as
Across's boxes outside a form say it (amount-boxes.js, one code path), and nothing is
sent; the browser's own popup ("3 or more", gone at a touch) said it before. On a 375 px
phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    frame,
    move,
    moves_sent,
    refusal,
    said_beside,
    shows,
    small_phone_at,
    token_of,
    totopoly_until_asked_to_bid,
)
from tests.browser.test_stretch_betting_phone import new_race
from tests.browser.test_taps import BOB_AND_BOTS

from homestretch.web.words import PAGE

pytestmark = pytest.mark.browser


def test_a_totopoly_bid_no_more_than_the_last_is_said_beside_its_box(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": BOB_AND_BOTS, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request, timeout=30).json()
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        seen = totopoly_until_asked_to_bid(address, game_id, token)  # Bob may bid for a lot
        high = int(seen["view"]["lot"]["bid"])
        words = refusal(address, game_id, token, {"kind": "bid", "guineas": high})
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        shows(page, seen["version"])
        sent = moves_sent(page)
        box = page.locator(".tp-amount-bid input")
        says = page.locator(".tp-amount-bid .box-says")
        box.click()
        page.keyboard.type(str(high))
        page.keyboard.press("Enter")  # the form's own way of sending
        expect(says).to_have_text(words)
        expect(says).to_be_in_viewport()
        expect(box).to_have_attribute("aria-invalid", "true")
        assert page.evaluate("document.activeElement.matches('.tp-amount-bid input')")
        # blank: its button says it is no number, in the page's words
        box.fill("")
        page.locator(".tp-amount-bid button").click()
        expect(says).to_have_text(PAGE["whole_number"])
        assert sent == []
        # more than the last: the line goes as it is typed, and the bid is sent
        box.fill(str(high + 1))
        expect(says).to_have_count(0)
        expect(box).not_to_have_attribute("aria-invalid", "true")
        with page.expect_response("**/moves"):
            page.locator(".tp-amount-bid button").click()
        assert len(sent) == 1
        page.context.close()


def test_a_totopoly_stake_above_the_backers_cash_is_said_beside_its_box(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The view gives the Tote box its most (what Bob holds) and the rules' words for
    more: a stake of a pound more is said beside the box, and nothing is sent."""
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": BOB_AND_BOTS, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request, timeout=30).json()
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        seen = totopoly_until_asked_to_bid(address, game_id, token)
        for _ in range(400):  # Bob passes, then takes his first choice, until at the Tote
            if any(legal["action"]["kind"] == "bet" for legal in seen["legal"]):
                break
            move(address, game_id, token, seen["legal"][0]["action"])
            seen = frame(address, game_id, token)
        else:
            pytest.fail("Bob was never at the Tote")
        cash = next(p["cash"] for p in seen["view"]["players"] if p["seat"] == seen["seat"])
        bets = [legal["action"] for legal in seen["legal"] if legal["action"]["kind"] == "bet"]
        horse = bets[0]["horse"]
        words = refusal(
            address, game_id, token, {"kind": "bet", "horse": horse, "pounds": cash + 1}
        )
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        shows(page, seen["version"])
        sent = moves_sent(page)
        box = page.locator(".tp-amount-bet input")
        says = page.locator(".tp-amount-bet .box-says")
        said_beside(box, str(cash + 1), page.locator(".tp-amount-bet button"), says, words)
        assert sent == []
        # all he holds: the line goes as it is typed
        box.fill(str(cash))
        expect(says).to_have_count(0)
        assert sent == []
        page.context.close()


def test_a_stretch_ticket_under_the_least_is_said_beside_its_box(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Beside Stakes", ("Ann",))
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        words = refusal(
            address, game_id, token, {"kind": "bet", "pool": "win", "post": 1, "dollars": 1}
        )
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        expect(page.locator("#bet-done")).to_be_visible()
        sent = moves_sent(page)
        box = page.locator("#bet-dollars")
        says = page.locator("#stretch-bet .box-says")
        said_beside(box, "1", page.locator("#stretch-bet button[type=submit]"), says, words)
        assert sent == []
        # left blank, the form buys the least ticket: nothing to say, the bet is sent
        box.fill("")
        expect(says).to_have_count(0)
        with page.expect_response("**/moves"):
            page.locator("#stretch-bet button[type=submit]").click()
        expect(page.locator("#stretch-bet .stretch-says")).to_contain_text("$2")
        assert len(sent) == 1
        page.context.close()


def test_a_totopoly_bid_or_limit_above_what_the_bidder_can_pay_is_said_beside_its_box(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The view gives the bid box its most (the largest bid Bob's cash pays for with the
    auctioneer's commission) and the rules' words for more: a guinea more is said beside
    the box, and nothing is sent. A standing order's limit is bounded alike (the page
    bids for him no more than he may bid)."""
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": BOB_AND_BOTS, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request, timeout=30).json()
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        seen = totopoly_until_asked_to_bid(address, game_id, token)  # Bob may bid for a lot
        most = seen["view"]["amounts"]["bid"]["most"]
        words = refusal(address, game_id, token, {"kind": "bid", "guineas": most + 1})
        assert words.startswith(f"{most + 1} guineas would cost more than your £")
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        shows(page, seen["version"])
        sent = moves_sent(page)
        box = page.locator(".tp-amount-bid input")
        says = page.locator(".tp-amount-bid .box-says")
        said_beside(box, str(most + 1), page.locator(".tp-amount-bid button"), says, words)
        box.fill(str(most))  # all he can pay: the line goes as it is typed
        expect(says).to_have_count(0)
        # the standing order's limit: the same bound, the same words; no order is set
        limit = page.locator(".tp-standing-form input")
        limit.fill(str(most + 1))
        page.locator(".tp-standing-upto").click()
        expect(page.locator(".tp-standing-form .box-says")).to_have_text(words)
        expect(limit).to_have_attribute("aria-invalid", "true")
        expect(page.locator(".tp-standing")).to_have_count(0)
        limit.fill(str(most))
        expect(page.locator(".tp-standing-form .box-says")).to_have_count(0)
        assert sent == []
        page.context.close()
