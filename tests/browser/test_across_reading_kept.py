"""Across the Board draws its board anew each frame, so the browser's scroll anchoring
lost its anchor: a player scrolled down reading the table talk saw it pushed down the
screen when a box came above it (her turn to bid: the block's buttons and standing
order, about 200 px on a phone; Lou's whole turn to roll, at a family's meet). What
she reads stays where it was on her screen; the "Your turn" pin says her turn came."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    shows,
    small_phone_at,
)

pytestmark = pytest.mark.browser
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "person", "name": "Cy"},
]
TALK_TOP = """() => document.querySelector('.ab-talk h3').getBoundingClientRect().top"""
READ_AT = 120
"""Where on her screen the reader holds the table talk's heading (px from the top)."""


def test_the_table_talk_stays_put_when_her_turn_comes_above_it(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        # someone passes, so the talk has a line; then the reader is one not asked
        move(address, game_id, tokens[asked], {"kind": "pass"})
        shown = [frame(address, game_id, t) for t in tokens]
        mover = next(f["seat"] for f in shown if f["your_turn"])
        reader = next(s for s in range(3) if s != mover and not shown[s]["your_turn"])
        page = small_phone_at(browser, address, links["seats"][reader]["link"])
        shows(page, shown[reader]["version"])
        expect(page.locator(".ab-talk h3")).to_be_visible()
        page.evaluate(f"window.scrollBy(0, ({TALK_TOP})() - {READ_AT})")
        assert abs(page.evaluate(TALK_TOP) - READ_AT) < 2
        for _ in range(3):  # the others pass until the auction asks the reader
            now = frame(address, game_id, tokens[reader])
            if now["your_turn"]:
                break
            other = next(s for s in range(3) if frame(address, game_id, tokens[s])["your_turn"])
            move(address, game_id, tokens[other], {"kind": "pass"})
        assert frame(address, game_id, tokens[reader])["your_turn"]
        shows(page, frame(address, game_id)["version"])
        expect(page.locator(".ab-block .ab-standing-form")).to_be_attached()  # came above
        assert abs(page.evaluate(TALK_TOP) - READ_AT) < 2, page.evaluate(TALK_TOP)
        expect(page.locator("#your-turn-pin")).to_be_visible()
        page.context.close()
