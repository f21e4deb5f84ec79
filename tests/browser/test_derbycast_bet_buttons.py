"""Win, Place and Show under the horse tapped, on a 375 px phone: each says its bet and
its points on one line. 'Show +4' broke into 'Show' over '+4' (three buttons share the
width, each padded as the horses' are)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    derbycast_family_picking,
    fits_width,
    frame,
)

pytestmark = pytest.mark.browser

LINES = """(button) => {
  const range = document.createRange();
  range.selectNodeContents(button);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
}"""
"""How many lines a button's words are drawn over."""


def test_each_bet_button_reads_on_one_line(browser: Browser, shared_server: SharedServer) -> None:
    with shared_server.visit() as address:
        links, tokens = derbycast_family_picking(address)
        game_id = links["id"]
        first = next(s for s in range(3) if frame(address, game_id, tokens[s])["your_turn"])
        context = browser.new_context(base_url=address, **SMALL)
        page = context.new_page()
        page.goto(links["seats"][first]["link"])
        horses = page.locator(".dc-horses > button[data-program]")
        expect(horses).to_have_count(14)
        for program in ("9", "14"):  # Whirlaway at 16-1 (Show +4), Curlin at 30-1 (Show +7)
            page.locator(f".dc-horses > button[data-program='{program}']").click()
            bets = page.locator(".dc-bets button[data-bet]")
            expect(bets).to_have_count(3)
            for bet in bets.all():
                assert bet.evaluate(LINES) == 1, bet.inner_text()
        fits_width(page)
        context.close()
