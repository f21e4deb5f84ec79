"""Across the Board: the betting box said what a ticket costs but not what the bettor
holds. On a phone the players' table with his fifties is a long scroll below the card,
the news, the dealings and the windows, so a friend tapping tickets at the table (a
walk-through of a three-friend meet, 2026-12-07) could not tell how many more he could
buy, and one with fewer than 3 fifties saw the horses gone and "Done" alone, with no
word why. The box says what he holds, and when he cannot pay for a ticket, that too."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    across_to_race_1_betting,
    frame,
    move,
    settled,
    small_phone_at,
)

pytestmark = pytest.mark.browser
MOST = 300
"""A bound on the looks at the table before Ann is asked to bet, so a stuck game fails."""


def test_the_betting_box_says_what_the_bettor_holds(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        across_to_race_1_betting(address, game_id, tokens)
        for _ in range(MOST):  # Bob bets nothing and says no to Cy (a computer)
            ann, bob = (frame(address, game_id, token) for token in tokens[:2])
            if ann["your_turn"] and ann["view"]["offer"] is None:
                break
            asked = next((s for s in (ann, bob) if s["your_turn"]), None)
            if asked is None:  # Cy's move, on its way
                time.sleep(0.1)
                continue
            offer = asked["view"]["offer"]
            answer = offer is not None and offer["to"] == asked["seat"]
            action = {"kind": "answer", "accept": False} if answer else {"kind": "done"}
            move(address, game_id, tokens[asked["seat"]], action)
        else:
            pytest.fail("Ann was never asked to bet")
        assert ann["view"]["phase"] == "betting"
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            settled(address, game_id, page)
            held = page.locator(".ab-betting .ab-held")
            expect(held).to_have_text(f"You hold {ann['view']['cash'][0]} fifties.")
            expect(held).to_be_in_viewport()
            while frame(address, game_id, tokens[0])["view"]["cash"][0] >= 3:
                move(address, game_id, tokens[0], {"kind": "bet", "horse": 7})
            left = frame(address, game_id, tokens[0])["view"]["cash"][0]
            settled(address, game_id, page)
            fifties = f"{left} fifty" if left == 1 else f"{left} fifties"
            expect(held).to_have_text(
                f"You hold {fifties}: a ticket is 3, so you have none to buy."
            )
            expect(page.locator(".ab-betting .ab-bet")).to_have_count(0)
            expect(page.locator(".ab-betting .ab-done")).to_be_visible()
        finally:
            page.context.close()
