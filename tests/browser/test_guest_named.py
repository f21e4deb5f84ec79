"""A guest who takes an open seat by the invitation is named by their own name on the
pages already open at the table, in the log's lines written before they came too (the
lines a page kept said "Guest" where a page opened afterwards says "Dan")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import API, SMALL, SharedServer, frame, open_table, shows, token_of

pytestmark = pytest.mark.browser


def test_the_log_on_an_open_page_names_the_guest_who_took_the_seat(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann's phone shows the deal to the open seat ("to Guest"); Dan takes the seat with
    the invitation; her page, not reloaded, says "to Dan" in every line, as a fresh
    page's log does, and "Guest" nowhere."""
    with shared_server.visit() as address:
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
        seats.append({"kind": "open", "name": "Guest"})
        request = {"game": "totopoly", "config": {"players": 3}, "seats": seats, "seed": 4}
        links = open_table(address, {**request, "private": True})
        game_id = links["id"]
        context = browser.new_context(base_url=address, **SMALL)
        try:
            ann = context.new_page()
            ann.goto(links["seats"][0]["link"])
            shows(ann, frame(address, game_id, token_of(links["seats"][0]["link"]))["version"])
            log = ann.locator("#log")
            expect(log).to_contain_text("to Guest")
            joined = API.post(
                f"{address}/api/tables/{game_id}/join",
                json={"invite": token_of(links["invite"]), "name": "Dan"},
            )
            assert joined.status_code == 200, joined.text
            expect(ann.locator("#seats li[data-seat='2']")).to_contain_text("Dan")
            expect(log).to_contain_text("to Dan")
            expect(log).not_to_contain_text("Guest")
            fresh = frame(address, game_id, token_of(links["seats"][0]["link"]))
            lines = [li.strip() for li in log.locator("li").all_inner_texts()]
            assert len(lines) == len(fresh["log"])  # every line once, none lost or twice
        finally:
            context.close()
