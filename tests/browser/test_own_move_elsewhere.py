"""A player's own move made first on another device (her phone), then a press on her
laptop's page from before it, which never heard of that move: the refusal says in words
that it was her own move, made elsewhere, and what it was, where she can read it. At Top
of the Stretch her "done" made on the phone closes her window, so the refusal of a bet
pressed under it is said at the page's top, not under a window that is gone."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, fits_width, frame, move, snap, token_of
from tests.browser.test_stretch_betting_phone import new_race

pytestmark = pytest.mark.browser


def test_a_bet_pressed_after_ones_own_done_elsewhere_is_refused_in_sight(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Two Devices Stakes", ("Ann", "Bea"))
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        seen = frame(address, game_id, token)
        assert any(legal["action"]["kind"] == "done" for legal in seen["legal"])
        stream = f"event: frame\ndata: {json.dumps(seen)}\n\n"  # heard once, never again
        laptop = browser.new_context(base_url=address, **SMALL)
        try:
            page = laptop.new_page()
            page.route(
                "**/events*",
                lambda route: route.fulfill(content_type="text/event-stream", body=stream),
            )
            page.goto(links["seats"][0]["link"])
            expect(page.locator("#bet-done")).to_be_visible()
            move(address, game_id, token, {"kind": "done"})  # Ann's phone
            page.locator("#stretch-bet button[type=submit]").click()  # her laptop
            said = page.locator("#error")
            expect(said).to_be_visible()
            expect(said).to_contain_text(
                "The table moved on before your move reached it (Ann, on another page or "
                "device, was done betting), so yours was not made"
            )
            expect(said).to_be_in_viewport()
            expect(page.locator("#stretch-bet")).to_have_count(0)  # her window is closed
            fits_width(page)
            snap(page, shared_server.folder / "own-done.png", full_page=False)
        finally:
            laptop.close()
