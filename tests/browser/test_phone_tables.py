"""A table read on a small phone (375 px) as friends would read it: everything on the
screen, nothing that scrolls sideways, no word broken over two lines."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    broken_words,
    fits_width,
    frame,
    open_table,
    shows,
)

pytestmark = pytest.mark.browser
expect.set_options(timeout=20_000)  # a bound on waiting for a push on a busy machine

SEVEN = ["Christopher", "Alexandra", "Maximilian", "Bartholomew", "Genevieve", "Sebastian"]
SEVEN.append("Evangeline")

SIDEWAYS = """(selector) => [...document.querySelectorAll(selector)]
    .map((box) => box.scrollWidth - box.clientWidth)"""


def test_seven_across_players_and_their_horses_fit_a_phone(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Seven players at Across the Board, the meet over, watched on a small phone: the
    players' panel shows every name, role, fifties and horse on the screen (the role
    under the name: in its own column it pushed the horses off the screen's edge, into
    a box scrolled sideways)."""
    with shared_server.visit() as address:
        seats = [{"kind": "bot", "bot": "sensible", "name": name} for name in SEVEN]
        config = {"players": 7}
        links = open_table(address, {"game": "across", "config": config, "seats": seats, "seed": 3})
        now = frame(address, links["id"])
        assert now["over"]  # computer players only: played to the end at once
        page = browser.new_context(base_url=address, **SMALL).new_page()
        try:
            page.goto(links["watch"])
            shows(page, now["version"])
            players = page.locator(".ab-players")
            players.scroll_into_view_if_needed()
            assert page.evaluate(SIDEWAYS, ".ab-players") == [0]
            fits_width(page)
            assert broken_words(page, ".ab-players") == []
            for role in ("Trackmaster", "Totemaster", "Auctioneer"):
                expect(players.locator(f"text={role} >> visible=true")).to_have_count(1)
            owners = now["view"]["owners"]
            for horse, owner in owners.items():
                row = players.locator(f"tr[data-seat='{owner[0]}']")
                expect(row).to_contain_text(f"#{horse}")
                box = row.locator("td").last.bounding_box()
                assert box is not None and box["x"] + box["width"] <= 375
            page.screenshot(path=str(shared_server.folder / "across-seven.png"))
        finally:
            page.context.close()
