"""Across the Board, one seat on two devices: Ann's laptop and her phone both hold her
seat's page. During the auction she takes a bin loan on her phone; then she bids on the
laptop. Her own loan moved the table on: the laptop's page draws it (it is her move too)
and the bid is made. A laptop whose stream slept through the loan (heard the table once,
then nothing) has its bid refused as stale: the refusal, under the bid, says what changed
(her own loan, on another page or device), the page draws the table as it is, and the
same button bids again, no reload. (Written to reproduce a play round's refused bid:
both cases hold at this commit, the refusal's words since 44e93e4.) In the auction the
bin loan is on the block beside the bids: it was only among the page's folded moves."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    fits_width,
    frame,
    move,
    open_table,
    shows,
    snap,
    token_of,
)

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser

SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
    {"kind": "bot", "bot": "sensible", "name": "Di"},
]
MOST_MOVES = 60
"""A bound on Ann's moves before she may both bid and borrow (the fifth lot at seed 7)."""


def _to_bid_and_borrow(address: str, game_id: int, token: str) -> JSON:
    """Ann's moves by the API until she may both bid on a lot and take a bin loan (she
    has won a horse): bidding on every other lot, else the first move offered."""
    for step in range(MOST_MOVES):
        now = frame(address, game_id, token)
        kinds = {legal["action"]["kind"] for legal in now["legal"]}
        if {"bid", "loan"} <= kinds:
            return now
        bids = [legal for legal in now["legal"] if legal["action"]["kind"] == "bid"]
        rest = [legal for legal in now["legal"] if legal["action"]["kind"] != "pass"]
        chosen = (bids if bids and step % 2 == 0 else rest or now["legal"])[0]
        move(address, game_id, token, chosen["action"])
    pytest.fail("Ann was never offered a bid and a loan at once")


@pytest.mark.parametrize("asleep", [False, True])
def test_a_loan_on_ones_phone_then_a_bid_on_ones_laptop(
    browser: Browser, shared_server: SharedServer, asleep: bool
) -> None:
    with shared_server.visit() as address:
        links = open_table(
            address, {"game": "across", "config": {"players": 3}, "seats": SEATS, "seed": 7}
        )
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        now = _to_bid_and_borrow(address, game_id, token)
        laptop_context = browser.new_context(
            base_url=address, viewport={"width": 1280, "height": 800}
        )
        phone_context = context(browser, address, phone=True)
        try:
            laptop, phone = laptop_context.new_page(), phone_context.new_page()
            if asleep:  # the laptop's stream heard the table once and then nothing more
                seen = f"event: frame\ndata: {json.dumps(now)}\n\n"
                laptop.route(
                    "**/events*",
                    lambda route: route.fulfill(content_type="text/event-stream", body=seen),
                )
            for page in (laptop, phone):
                page.goto(links["seats"][0]["link"])
                shows(page, now["version"])
            expect(laptop.locator(".ab-bid-own")).to_be_visible()
            # her loan on her phone, on the block beside the bids (it was only among the
            # page's folded moves in the auction)
            loans = phone.locator('.ab-block [data-say="auction-loans"] button')
            expect(loans.first).to_contain_text("Borrow")
            fits_width(phone)
            loans.first.click()
            borrowed = now["version"] + 1
            shows(phone, borrowed)
            if not asleep:
                shows(laptop, borrowed)  # her own move made elsewhere: drawn here too
            laptop.locator(".ab-bid-own").click()  # the bid she typed before it
            if asleep:  # refused as stale: what changed, said by the bid; bid again
                said = laptop.locator(".ab-block .ab-refused")
                expect(said).to_contain_text("Ann, on another page or device, ")
                expect(said).to_contain_text("so yours was not made")
                expect(said).to_be_in_viewport()
                shows(laptop, borrowed)
                snap(laptop, shared_server.folder / "across-stale-bid.png", full_page=False)
                laptop.locator(".ab-bid-own").click()
            expect(laptop.locator("body")).not_to_have_attribute("data-version", str(borrowed))
            after = frame(address, game_id, token)
            bids = [e for e in after["log"][borrowed:] if e.get("player") == 0]
            assert bids and bids[0]["action"]["kind"] == "bid", after["log"][borrowed:]
            expect(laptop.locator(".ab-refused")).to_have_count(0)
        finally:
            laptop_context.close()
            phone_context.close()
