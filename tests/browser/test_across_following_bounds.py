"""Across the Board's amount boxes whose bounds hang on another field of the same row, on
a small phone: the ring partner's stake (1 to all but one fifty of the tickets' price,
the tickets typed beside it), the sum a loan's borrower is to owe (at least the sum lent,
typed beside it) and a sale's price (the buyer's fifties, the buyer picked beside it).
Each is said under its row by the page before anything is sent, in the words the server
refuses it with, and as the other field changes the line moves with the bound, goes, or
comes at once (amount-boxes.js follows)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    across_to_race_1_betting,
    frame,
    move,
    open_table,
    refusal,
    settled_small_phone,
    token_of,
)

pytestmark = pytest.mark.browser


def test_the_stake_and_the_sum_repaid_follow_the_boxes_beside_them(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        across_to_race_1_betting(address, game_id, tokens)
        ann = tokens[0]
        for _ in range(5):  # a computer player's offer to Ann is answered first (R16)
            offer = frame(address, game_id, ann)["view"]["offer"]
            if offer is None or offer["to"] != 0:
                break
            move(address, game_id, ann, {"kind": "answer", "accept": False})
        ring = {"kind": "ring", "horse": 2, "partner": 1, "stake": 9}
        one_ticket = refusal(address, game_id, ann, {**ring, "tickets": 1})
        two_tickets = refusal(address, game_id, ann, {**ring, "tickets": 2})
        loan = {"kind": "lend_terms", "borrower": 1, "amount": 6, "repay": 4}
        owes_less = refusal(address, game_id, ann, loan)
        link = links["seats"][0]["link"]
        with settled_small_phone(browser, address, game_id, link) as (page, sent):
            bar = page.locator(".ab-ring")
            tickets = bar.locator('input[aria-label="ring\'s tickets"]')
            stake = bar.locator('input[aria-label="partner\'s fifties"]')
            says = bar.locator(".box-says")
            expect(tickets).to_have_value("1")
            stake.fill("9")  # more than the 3 fifties of one ticket
            stake.press("Enter")
            expect(says).to_have_text(one_ticket)  # the page's own line, the server's words
            expect(stake).to_have_attribute("aria-invalid", "true")
            tickets.fill("2")  # the bound moves with the tickets: 1 to 5 of 6
            expect(says).to_have_text(two_tickets)
            assert one_ticket != two_tickets
            tickets.fill("4")  # 9 of 12 is taken: the line goes
            expect(says).to_have_count(0)
            expect(stake).not_to_have_attribute("aria-invalid", "true")
            tickets.fill("3")  # 9 of 9 is not: said at once, nothing pressed
            expect(says).to_have_text(refusal(address, game_id, ann, {**ring, "tickets": 3}))
            assert sent == []

            lend = page.locator(".ab-lend")
            lend.locator('select[aria-label="borrower"]').select_option("1")
            lent = lend.locator('input[aria-label="amount lent"]')
            back = lend.locator('input[aria-label="to be repaid"]')
            lent.fill("6")
            back.fill("4")
            lend.locator(".ab-offer-lend").click()
            lend_says = lend.locator(".box-says")
            expect(lend_says).to_have_text(owes_less)
            expect(back).to_have_attribute("aria-invalid", "true")
            lent.fill("4")  # the least moves down to 4: the line goes
            expect(lend_says).to_have_count(0)
            lent.fill("5")  # and up past it: said at once
            expect(lend_says).to_have_text(owes_less)
            assert sent == []
            lent.fill("4")
            with page.expect_response("**/moves"):
                back.press("Enter")
            offers = frame(address, game_id, ann)["view"]["offers"]
            assert [(o["kind"], o["amount"], o["repay"]) for o in offers] == [("loan", 4, 4)]


ANN_AND_TWO_COMPUTERS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
    {"kind": "bot", "bot": "sensible", "name": "Dee"},
]


def test_a_sales_price_is_checked_again_when_only_the_buyer_changes(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann owns #2 and offers it to Cy or Dee, who hold different fifties: a price above
    the poorer's is said under the row; the richer picked, the line goes; the poorer
    picked again, it is said at once (it stayed, the poorer's words, before)."""
    with shared_server.visit() as address:
        request = {
            "game": "across",
            "config": {"players": 3},
            "seats": ANN_AND_TWO_COMPUTERS,
            "seed": 7,
        }
        links = open_table(address, request)
        game_id, ann = links["id"], token_of(links["seats"][0]["link"])
        move(address, game_id, ann, {"kind": "track", "track": "woodbine"})
        move(address, game_id, ann, {"kind": "bid", "amount": 10, "partner": -1})
        for _ in range(40):  # Ann lets horses go until the computers hold different fifties
            seen = frame(address, game_id, ann)
            cash = seen["view"]["cash"]
            if cash[1] != cash[2]:
                break
            kinds = {legal["action"]["kind"] for legal in seen["legal"]}
            no = {"kind": "answer", "accept": False}
            move(address, game_id, ann, no if "answer" in kinds else {"kind": "pass"})
        else:
            pytest.fail("the computers' fifties stayed the same")
        assert seen["view"]["owners"].get("2") == [0]
        poorer, richer = sorted((1, 2), key=lambda seat: cash[seat])
        price = cash[poorer] + 1
        words = refusal(
            address, game_id, ann, {"kind": "sell", "horse": 2, "buyer": poorer, "price": price}
        )
        link = links["seats"][0]["link"]
        with settled_small_phone(browser, address, game_id, link) as (page, sent):
            bar = page.locator(".ab-sell")
            buyer = bar.locator('select[aria-label="buyer"]')
            asked = bar.locator('input[aria-label="asking price"]')
            says = bar.locator(".box-says")
            buyer.select_option(str(poorer))
            asked.fill(str(price))
            bar.locator(".ab-offer-sell").click()
            expect(says).to_have_text(words)
            buyer.select_option(str(richer))  # his fifties take the price: the line goes
            expect(says).to_have_count(0)
            expect(asked).not_to_have_attribute("aria-invalid", "true")
            buyer.select_option(str(poorer))  # back: said at once
            expect(says).to_have_text(words)
            expect(asked).to_have_attribute("aria-invalid", "true")
            assert sent == []
