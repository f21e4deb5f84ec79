"""Across the Board's auction on a small phone says who runs it and whose offer is to be
answered, in the terminal's words: the block's "Fifties:" line marks the Auctioneer
(whose bids the table hears as "Auctioneer's bid is N"), as the terminal's auction
screen does, and a player asked to answer an offer is headed "answer Bob's offer", as
the terminal heads his screen. The words are the ones Python gives the terminal
(render.holdings_line, cli.screen_title), served with the view, not written twice."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    fits_width,
    frame,
    move,
    shows,
    small_phone_at,
)

from homestretch.games.across.terminal.cli import screen_title
from homestretch.games.across.terminal.render import holdings_line

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY


def test_the_auction_marks_the_auctioneer_and_heads_an_offer_to_answer(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        names = [seat["name"] for seat in SEATS]
        ann = small_phone_at(browser, address, links["seats"][0]["link"])
        bob = small_phone_at(browser, address, links["seats"][1]["link"])
        try:
            shown = frame(address, game_id, tokens[0])
            view = shown["view"]
            auctioneer = view["roles"]["auctioneer"]
            for page in (ann, bob):
                shows(page, shown["version"])
            line = ann.locator(".ab-block .ab-holdings")
            expect(line).to_have_text(holdings_line(view))  # the terminal's line
            said = line.inner_text()
            cash = view["cash"][auctioneer]
            marked = "(you, Auctioneer)" if auctioneer == 0 else "(Auctioneer)"
            assert f"{names[auctioneer]} {cash} {marked}" in said, said
            assert said.count("Auctioneer") == 1, said
            head = ann.locator(".ab-head span")
            expect(head).to_contain_text(f"\u00b7 {view['page']['phases']['auction']}")

            # Bob offers Ann a loan while the auction is on: her screen is headed with it
            offered = move(address, game_id, tokens[1], {"kind": "lend_terms", "borrower": 0, "amount": 3, "repay": 4})  # fmt: skip
            for page in (ann, bob):
                shows(page, offered)
            asked = frame(address, game_id, tokens[0])["view"]
            title = screen_title(0, asked)
            assert title == f"answer {names[1]}'s offer"  # the terminal's heading
            expect(head).to_contain_text(f"\u00b7 {title}")
            expect(head).not_to_contain_text(view["page"]["phases"]["auction"])
            expect(head).to_be_in_viewport()
            # Bob, who made it, goes on in the auction; the Auctioneer is still marked
            expect(bob.locator(".ab-head span")).not_to_contain_text("answer")
            mine = frame(address, game_id, tokens[1])["view"]
            expect(bob.locator(".ab-block .ab-holdings")).to_have_text(holdings_line(mine))
            for page in (ann, bob):
                fits_width(page)  # 375 px

            ann.locator(".ab-offer button", has_text="No").click()
            shows(ann, offered + 1)
            expect(head).not_to_contain_text("answer")
            expect(head).to_contain_text(view["page"]["phases"]["auction"])
        finally:
            ann.context.close()
            bob.context.close()
