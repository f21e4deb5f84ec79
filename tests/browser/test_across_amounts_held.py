"""Across the Board's amounts typed and kept (drafts, through redraws and a reload) that
the table's moves have put out of bounds since: a bid typed at the least, the least
risen by others' bids when the bidding comes round again; a loan typed of all her
fifties, fewer once she has bought the horse. Each is said under its row at once, in the
words the server refuses the same amount with, kept for her to change, and nothing is
sent; it was shown in silence until pressed (amount-boxes.js sayHeld, as Totopoly's)."""

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

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser


def _until_asked(address: str, game_id: int, tokens: list[str], me: int, least: int) -> JSON:
    """Bob raises the bid on the horse on the block (the people's other moves: no to an
    offer) until ``me`` is asked again on it, its least now above ``least``: her frame."""
    horse = frame(address, game_id, tokens[me])["view"]["lot"]["horse"]
    for _ in range(100):
        seen = frame(address, game_id, tokens[me])
        if seen["your_turn"]:
            lot = seen["view"]["lot"]
            assert lot["horse"] == horse and lot["min_bid"] > least, lot
            return seen
        move(address, game_id, *_other_move(address, game_id, tokens, "raise"))
    pytest.fail("never asked again")


def _until_sold(address: str, game_id: int, tokens: list[str], me: int, horse: int) -> JSON:
    """``me`` bids the least each time she is asked (her other device), the others pass,
    until ``horse`` is hers: her frame then."""
    for _ in range(100):
        seen = frame(address, game_id, tokens[me])
        if seen["view"]["owners"].get(str(horse)) == [me]:
            return seen
        if seen["your_turn"]:
            bid = {"kind": "bid", "amount": seen["view"]["lot"]["min_bid"], "partner": -1}
            move(address, game_id, tokens[me], bid)
        else:
            move(address, game_id, *_other_move(address, game_id, tokens, "pass"))
    pytest.fail(f"#{horse} never hers")


def _other_move(address: str, game_id: int, tokens: list[str], bid: str) -> tuple[str, JSON]:
    """Whoever of the people is asked: his token and move (no to an offer put to him, else
    the least bid for ``"raise"``, a pass for ``"pass"``)."""
    asked = next(f for f in (frame(address, game_id, t) for t in tokens) if f["your_turn"])
    view = asked["view"]
    bids = [a["action"] for a in asked["legal"] if a["action"]["kind"] == "bid"]
    if view["offer"] is not None and view["offer"]["to"] == asked["seat"]:
        action: JSON = {"kind": "answer", "accept": False}
    elif bid == "raise" and bids:
        action = min(bids, key=lambda each: int(each["amount"]))
    else:
        action = {"kind": "pass"}
    return tokens[asked["seat"]], action


def test_a_kept_bid_and_loan_the_table_put_out_of_bounds_are_said_at_once(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, me = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id, link = links["id"], links["seats"][me]["link"]
        seen = frame(address, game_id, tokens[me])
        least, cash = seen["view"]["lot"]["min_bid"], seen["view"]["cash"][me]
        with settled_small_phone(browser, address, game_id, link) as (page, sent):
            block, lend = page.locator(".ab-block"), page.locator(".ab-lend")
            bid = block.locator(".ab-amount")
            lent = lend.locator('input[aria-label="amount lent"]')
            bid.fill(str(least))  # each taken as typed: nothing said
            lent.fill(str(cash))
            lend.locator('input[aria-label="to be repaid"]').fill(str(cash))
            expect(page.locator(".box-says")).to_have_count(0)
            # she bids on her other device, and Bob raises it: asked again, the least risen
            move(address, game_id, tokens[me], {"kind": "bid", "amount": least, "partner": -1})
            asked = _until_asked(address, game_id, tokens, me, least)
            words = refusal(
                address, game_id, tokens[me], {"kind": "bid", "amount": least, "partner": -1}
            )
            assert str(asked["view"]["lot"]["min_bid"]) in words, words
            for reload in (False, True):  # kept by the page, then by the tab's storage
                if reload:
                    page.reload()
                settled(address, game_id, page)
                expect(bid).to_have_value(str(least))  # kept, hers to change
                expect(block.locator(".box-says")).to_have_text(words)
                expect(bid).to_have_attribute("aria-invalid", "true")
                expect(lend.locator(".box-says")).to_have_count(0)  # her fifties still
            bid.fill(str(asked["view"]["lot"]["min_bid"]))  # one it takes: the line goes
            expect(block.locator(".box-says")).to_have_count(0)
            # she buys the horse (her other device): a loan of all she had is more now
            bought = _until_sold(address, game_id, tokens, me, seen["view"]["lot"]["horse"])
            now = bought["view"]["cash"][me]
            assert now < cash, (now, cash)
            words = refusal(
                address,
                game_id,
                tokens[me],
                {"kind": "lend_terms", "borrower": (me + 1) % 2, "amount": cash, "repay": cash},
            )
            settled(address, game_id, page)
            expect(lent).to_have_value(str(cash))
            expect(lend.locator(".box-says")).to_have_text(words)
            expect(lent).to_have_attribute("aria-invalid", "true")
            assert sent == []
