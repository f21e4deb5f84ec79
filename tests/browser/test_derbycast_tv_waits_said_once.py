"""The Derby Cast TV says whom the table waits for once: in the page's heading, at the top
of the screen, with who is not here. Twenty markers picking, sealed, at 1920 x 1080: the
heading named all twenty, and the right column named them again by marker beside the
card, some eight lines of the same names above the standings. A phone on its own turn
says whom else the table waits for under its own standing (its heading says "your turn")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    cut_at_the_bottom,
    fits_the_tv,
    frame,
    settled,
    snap,
    tv_at,
    twenty_markers_picking_sealed,
)

pytestmark = pytest.mark.browser


def test_the_tv_names_the_awaited_markers_once(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links = twenty_markers_picking_sealed(address)
        game_id = links["id"]
        with tv_at(browser, address, links["watch"], game_id, 1920, 1080) as tv:
            snap(tv, tmp_path / "tv-twenty-waiting.png", full_page=False)
            heading = tv.locator("#status").inner_text()
            assert all(re.search(rf"P{m}\b", heading) for m in range(1, 21)), heading
            expect(tv.locator(".dc-wait")).to_have_count(0)  # not again beside the card
            side = tv.locator(".dc-tv-side").inner_text()
            assert "Waiting for" not in side and "to pick" not in side, side
            fits_the_tv(tv, "#status", ".dc-oat", ".dc-card tr", ".dc-status")
            assert cut_at_the_bottom(tv) == []
        phone_context = context(browser, address, phone=True)
        try:
            phone = phone_context.new_page()
            phone.goto(links["seats"][0]["link"])
            settled(address, game_id, phone)
            said = frame(address, game_id, links["seats"][0]["link"].rsplit("/", 1)[1])
            expect(phone.locator(".dc-wait")).to_have_text(said["view"]["waiting"])
        finally:
            phone_context.close()
