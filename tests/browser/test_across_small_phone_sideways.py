"""Across the Board on a small phone turned on its side (a 360 x 640 phone: 640 x 360).
The page's heading is laid in two lines on a short, wide screen (table.css), but only
on one wider than 40rem (640 px): this phone, exactly 640 px wide, kept the five lines
of heading (the game's name, its subtitle, "How to play", the table's line), and the
roller's "Accept" and "Reject" ran off the foot of the first screen (a walk-through of
a three-friend meet, 2026-12-07: the buttons began at 340 px on a screen 360 tall). Now
any phone on its side has the short heading, and the roll's two buttons are in sight."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    across_to_race_1_betting,
    frame,
    move,
    settled,
    whole_on_screen,
)

pytestmark = pytest.mark.browser

SIDEWAYS: dict[str, Any] = {
    "viewport": {"width": 640, "height": 360},
    "is_mobile": True,
    "has_touch": True,
}
"""A small phone (360 x 640 CSS pixels, a common Android size) on its side."""
MOST = 300
"""A bound on the looks at the table before a person is asked to roll, so a stuck game fails."""


def test_a_small_phone_on_its_side_shows_the_roll_and_its_buttons(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        across_to_race_1_betting(address, game_id, tokens)
        for _ in range(MOST):  # the people bet nothing and say no to Cy (a computer)
            shown = [frame(address, game_id, token) for token in tokens[:2]]
            asked = next((s for s in shown if s["your_turn"]), None)
            if asked is None:  # Cy's move, on its way
                time.sleep(0.1)
                continue
            offer = asked["view"]["offer"]
            if offer is not None and offer["to"] == asked["seat"]:
                action = {"kind": "answer", "accept": False}
            elif asked["view"]["phase"] == "race":
                break
            else:
                action = {"kind": "done"}
            move(address, game_id, tokens[asked["seat"]], action)
        else:
            pytest.fail("neither person was asked to roll")
        phone = browser.new_context(base_url=address, **SIDEWAYS)
        try:
            page = phone.new_page()
            page.goto(links["seats"][asked["seat"]]["link"])
            settled(address, game_id, page)
            expect(page.locator(".ab-roll button")).to_have_count(2)
            whole_on_screen(page, ".ab-roll button")
        finally:
            phone.close()
