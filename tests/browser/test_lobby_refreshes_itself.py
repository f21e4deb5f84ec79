"""The lobby's list of open tables keeps itself up to date: a table a friend opens on
their own phone is listed on Ann's lobby without a reload (it was listed only after one),
and what Ann is typing in the form meanwhile stays as it is, the focus in its box."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SharedServer, context

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)


def test_a_table_a_friend_opens_is_listed_while_ann_types(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        ann_phone = context(browser, address, phone=True)
        bob_phone = context(browser, address, phone=True)
        try:
            ann = ann_phone.new_page()
            ann.goto("/")
            expect(ann.locator("#tables")).to_have_text("No open tables yet.")
            ann.select_option("#game", "across")
            name = ann.locator("#seat-0-name")
            name.fill("")
            name.press_sequentially("Ann Wil")  # half typed when Bob's table comes
            bob = bob_phone.new_page()
            bob.goto("/")
            bob.select_option("#game", "totopoly")
            bob.fill("#seat-0-name", "Bob")
            bob.click("#open")
            expect(bob.locator("#created")).to_be_visible()
            link = bob.locator("#links a").first.get_attribute("href")
            assert link is not None
            game_id = link.split("/")[2]
            listed = ann.locator("#tables li")
            expect(listed).to_have_count(1)  # no reload
            expect(listed).to_contain_text(f"Table {game_id}: Totopoly")
            expect(name).to_have_value("Ann Wil")
            expect(name).to_be_focused()
            ann.keyboard.type("son")  # the keyboard still types into the box
            expect(name).to_have_value("Ann Wilson")
        finally:
            ann_phone.close()
            bob_phone.close()
