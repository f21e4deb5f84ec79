"""Across's dealings panel after a player's offer in the auction (walk xwalk17): it said
"You have made your offer for this race." while no race was being run or bet on. An offer
made in an auction counts against the race to come (the offers are counted afresh when
that race's windows open), so the panel says that."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    PHONE,
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    screen_at,
)

from homestretch.games.across.rules.words import PAGE_TEMPLATES

pytestmark = pytest.mark.browser


def test_an_offer_made_in_the_auction_is_said_for_the_auction(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        other = 1 - asked  # the other person, off turn: dealings are made any time (R16)
        assert frame(address, game_id)["view"]["phase"] == "auction"
        move(address, game_id, tokens[other], {"kind": "lend", "borrower": 2, "amount": 1})
        assert frame(address, game_id)["view"]["phase"] == "auction"
        assert other in frame(address, game_id, tokens[other])["view"]["offered"]
        link = links["seats"][other]["link"]
        with screen_at(browser, address, link, game_id, PHONE) as page:
            panel = page.locator(".ab-dealings-panel")
            expect(panel).to_contain_text(PAGE_TEMPLATES["offered_in_auction"])
            expect(panel).not_to_contain_text("for this race")
