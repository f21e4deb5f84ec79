"""Across the Board: a box being typed in stays where it is on the screen while another
player's offer comes in. Bob, on a small phone, was typing a ring's partner's share
(Dealings) when Cy offered Ann a loan (a walk-through of a three-friend meet,
2026-12-07): the offer's "waiting for Ann's answer" line was drawn at the top of the
same panel, above the box, and the box moved 48 px down under his finger as he typed
(the board kept the panel's top in place, not what was in it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    across_at_its_first_auction,
    across_passing,
    across_played,
    move,
    settled,
    shows,
)

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
SHARE = '.ab-dealings-panel input[aria-label="partner\'s fifties"]'
"""The ring's box for the fifties the partner puts in."""


def test_a_box_typed_in_stays_put_when_an_offer_comes(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        across_played(address, game_id, tokens, across_passing)  # race 1's windows open
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto(links["seats"][1]["link"])
            settled(address, game_id, page)
            share = page.locator(SHARE)
            share.scroll_into_view_if_needed()
            share.click()
            page.keyboard.press("Control+a")
            page.keyboard.type("2")
            before = share.bounding_box()
            offer = {"kind": "lend_terms", "borrower": 0, "amount": 3, "repay": 4}
            shows(page, move(address, game_id, tokens[2], offer))
            panel = page.locator(".ab-dealings-panel")
            expect(panel).to_contain_text("waiting for Ann")  # said above the box
            after = share.bounding_box()
            assert before is not None and after is not None
            assert abs(after["y"] - before["y"]) < 1, (before["y"], after["y"])
            expect(share).to_be_focused()
            page.keyboard.type("0")
            expect(share).to_have_value("20")
        finally:
            phone.close()
