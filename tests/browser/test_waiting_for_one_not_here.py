"""A table waited for a player who had closed his page, and nobody could tell: the
status said "waiting for Bob" whether Bob's phone was open or not (a walk-through of a
three-friend Across meet, 2026-12-07: Bob left mid-betting; Ann and Cy sat waiting, the
seats' list at the foot of the page the only place that said he was not "here"). The
status says "waiting for Bob (not here)" while his page is closed, and drops it when he
comes back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    settled,
    small_phone_at,
)

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]


def test_the_status_says_the_player_waited_for_is_not_here(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        move(address, game_id, tokens[asked], {"kind": "pass"})
        waited = next(s for s in range(3) if frame(address, game_id, tokens[s])["your_turn"])
        other = next(s for s in range(3) if s != waited)
        name = SEATS[waited]["name"]
        page = small_phone_at(browser, address, links["seats"][other]["link"])
        try:
            settled(address, game_id, page)
            status = page.locator("#status")
            expect(status).to_have_text(f"waiting for {name} (not here)")
            his = small_phone_at(browser, address, links["seats"][waited]["link"])
            expect(status).to_have_text(f"waiting for {name}")  # his page opened
            his.context.close()
            expect(status).to_have_text(f"waiting for {name} (not here)")  # and closed
        finally:
            page.context.close()
