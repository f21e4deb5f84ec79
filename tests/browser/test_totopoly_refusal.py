"""A Totopoly button pressed after the table moved on (the same seat's move made first
on another device, which this page has not heard of): the board says the refusal by the
moves where the button was pressed, not only at the page's top, to which a phone jumped
(table.js ``showRefusal`` scrolls to the line the board put up)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import API, SharedServer, context, frame, move, token_of
from tests.browser.test_taps import BOB_AND_BOTS

pytestmark = pytest.mark.browser
SMALL_PHONE = {"width": 375, "height": 420}
"""A 375 px phone, the keyboard up or a short screen: the page's top is far off."""


def test_a_button_pressed_after_the_table_moved_on_is_refused_by_the_moves(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": BOB_AND_BOTS, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id, token = int(links["id"]), token_of(links["seats"][0]["link"])
        seen = frame(address, game_id, token)
        assert seen["your_turn"] and len(seen["legal"]) >= 2, seen["legal"]
        # This phone hears of the table once: it never hears of the move made below.
        stream = f"event: frame\ndata: {json.dumps(seen)}\n\n"
        phone = context(browser, address, phone=True)
        page = phone.new_page()
        page.route(
            "**/events*",
            lambda route: route.fulfill(content_type="text/event-stream", body=stream),
        )
        page.set_viewport_size(SMALL_PHONE)
        page.goto(links["seats"][0]["link"])
        button = page.locator("#tp-moves button").last
        expect(button).to_be_visible()
        move(address, game_id, token, seen["legal"][0]["action"])  # Bob's other device
        button.evaluate("(node) => node.scrollIntoView({ block: 'end' })")
        expect(button).to_be_in_viewport(ratio=0.9)
        button.click()
        refused = page.locator("#tp-refusal .tp-refused")
        expect(refused).to_contain_text("The table moved on")
        expect(refused).to_be_in_viewport(ratio=0.9)
        expect(page.locator("#error")).to_be_hidden()  # said once, on the board
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SMALL_PHONE["width"]
        phone.close()
