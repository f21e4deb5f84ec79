"""Totopoly: a player asked to bid (or to stake, or to offer) typed an amount with no
word of what he held. On a phone the players' table with his cash is a long scroll
below the course and the news (a walk-through of a three-friend game, 2026-12-07), so
he bid blind, and learned his limit only from a refusal. "Your move" says what he
holds, over the buttons and the box, in the server's words."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    settled,
    small_phone_at,
    token_of,
    totopoly_until_asked_to_bid,
)

pytestmark = pytest.mark.browser
ANN_AND_BOTS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "sensible", "name": "Bob"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
]


def test_a_bidder_reads_what_he_holds_over_his_bid(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": ANN_AND_BOTS, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request, timeout=30).json()
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        seen = totopoly_until_asked_to_bid(address, game_id, token)
        cash = next(p["cash"] for p in seen["view"]["players"] if p["seat"] == 0)
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            settled(address, game_id, page)
            held = page.locator("#board .tp-held")
            expect(held).to_have_text(f"You hold \u00a3{cash}.")
            expect(held).to_be_in_viewport()
            expect(page.locator("#board input[name=guineas]")).to_be_visible()
        finally:
            page.context.close()
