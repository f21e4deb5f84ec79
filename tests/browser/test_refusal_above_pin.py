"""A phone's refused move: the reason the board says under the control is scrolled above
the pinned "Your turn" button, not under it (the pin shows once the player's own move
is out of sight, as it is when he deals further down the page)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    across_to_race_1_betting,
    frame,
    move,
    scroll_settled,
    shows,
    snap,
)
from tests.browser.test_across_for_you import SEATS

pytestmark = pytest.mark.browser


def _overlap(page: Page, one: str, other: str) -> float:
    """How many px tall the part of ``one`` is that ``other`` covers."""
    a, b = page.locator(one).bounding_box(), page.locator(other).bounding_box()
    assert a is not None and b is not None
    across = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    down = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return down if across > 0 and down > 0 else 0.0


def test_a_refused_offer_is_read_above_the_your_turn_pin(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        across_to_race_1_betting(address, game_id, tokens)
        seat = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        # the other offers him a loan: his answer comes before any move of his (R16)
        loan = {"kind": "lend_terms", "borrower": seat, "amount": 1, "repay": 1}
        move(address, game_id, tokens[1 - seat], loan)
        page = phone()
        page.goto(links["seats"][seat]["link"])
        shows(page, frame(address, game_id)["version"])
        lend = page.locator(".ab-lend")
        # a loan of his own before he answers: refused by the server (an amount out of
        # bounds the page says before sending, test_across_amount_boxes.py)
        lend.locator("input").nth(0).fill("3")
        lend.locator("input").nth(1).fill("3")
        send = lend.locator("button.ab-offer-lend")
        send.scroll_into_view_if_needed()
        # the button at the screen's foot, where a thumb reaches it: the reason drawn under
        # it is then below the screen, and the page scrolls to it
        send.evaluate(
            "(b) => window.scrollBy(0, b.getBoundingClientRect().bottom - window.innerHeight + 4)"
        )
        send.click()
        reason = page.locator(".ab-lend .ab-refused")
        expect(reason).to_have_text(re.compile(r"^answer (Ann|Bob|Cy) first$"))  # an offer to him
        expect(page.locator("#your-turn-pin")).to_be_visible()
        scroll_settled(page)  # the scroll to the reason, done
        snap(page, shared_server.folder / "refusal-above-pin.png", full_page=False)
        expect(reason).to_be_in_viewport()
        assert _overlap(page, ".ab-lend .ab-refused", "#your-turn-pin") == 0
