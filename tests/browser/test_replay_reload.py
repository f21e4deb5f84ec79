"""A finished table replayed on a phone: reloaded (or come back to after the phone
slept), the page shows the move the player had stepped to, not the first again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, frame, open_table

pytestmark = pytest.mark.browser
BOTS = [
    {"kind": "bot", "bot": "random", "name": "R1"},
    {"kind": "bot", "bot": "sensible", "name": "S2"},
]


def test_a_reloaded_replay_comes_back_to_its_move(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 2}, "seats": BOTS, "seed": 9}
        game_id = open_table(address, request)["id"]
        length = frame(address, game_id)["version"]
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto(f"/t/{game_id}/replay")
            expect(page.locator("#version")).to_have_text(f"0 of {length}")
            for at in (1, 2, 3):
                page.locator("#next").tap()
                expect(page.locator("#version")).to_have_text(f"{at} of {length}")
            page.reload()
            expect(page.locator("#version")).to_have_text(f"3 of {length}")
            expect(page.locator("#replay-at")).to_have_value("3")
            page.locator("#previous").tap()
            expect(page.locator("#version")).to_have_text(f"2 of {length}")
        finally:
            phone.close()
