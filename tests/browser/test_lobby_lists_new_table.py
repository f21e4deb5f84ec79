"""The lobby on a phone: a table opened from the form is listed under "Open tables"
at once, not only after a reload (the list said "No open tables yet." above the new
table's links)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SharedServer, context

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)


def test_the_table_just_opened_is_listed(browser: Browser, shared_server: SharedServer) -> None:
    with shared_server.visit() as address:
        phone = context(browser, address, phone=True)
        try:
            lobby = phone.new_page()
            lobby.goto("/")
            expect(lobby.locator("#tables")).to_have_text("No open tables yet.")
            lobby.select_option("#game", "across")
            lobby.fill("#seat-0-name", "Ann")
            lobby.click("#open")
            expect(lobby.locator("#created")).to_be_visible()
            link = lobby.locator("#links a").first.get_attribute("href")
            assert link is not None
            game_id = link.split("/")[2]
            listed = lobby.locator("#tables li")
            expect(listed).to_have_count(1)
            expect(listed).to_contain_text(f"Table {game_id}: Across the Board")
            expect(listed.locator("a")).to_have_attribute("href", f"/t/{game_id}/watch")
        finally:
            phone.close()
