"""Across the Board while the track is chosen: the Dealings panel says when dealings
open (with the auction), not that they reopen "once the game waits on a player" while
the game is waiting on one (xweb's notes, across-04b)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    frame,
    open_table,
    shows,
    token_of,
)

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY


def test_the_dealings_panel_says_they_open_with_the_auction_while_the_track_is_chosen(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        request = {"game": "across", "config": {"players": 3}, "seats": SEATS, "seed": 7}
        links = open_table(address, request)
        for seat in links["seats"][:2]:  # the chooser and the one waiting on him
            seen = frame(address, links["id"], token_of(seat["link"]))
            assert seen["view"]["phase"] == "choose track"
            page = phone()
            page.goto(seat["link"])
            shows(page, seen["version"])
            panel = page.locator(".ab-dealings-panel")
            expect(panel).to_contain_text(seen["view"]["page"]["dealings_at_track"])
            expect(panel).not_to_contain_text("waits on a player")
