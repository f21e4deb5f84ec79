"""Typing a bid in Across the Board's box on a phone while another player moves: the
board is drawn anew (the box replaced), and the box kept what was typed but lost the
focus, so the phone's keyboard shut and the next key went nowhere. The same box takes
the focus again at once, and typing goes on in it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    shows,
)

pytestmark = pytest.mark.browser
expect.set_options(timeout=20_000)  # a bound on waiting for a push on a busy machine
PAST = "(version) => Number(document.body.dataset.version) > version"
BID = ".ab-block input.ab-amount"


def test_a_bid_being_typed_keeps_the_focus_while_another_moves(
    browser: Browser, shared_server: SharedServer
) -> None:
    seats = [
        {"kind": "person", "name": "Ann"},
        {"kind": "person", "name": "Bob"},
        {"kind": "bot", "bot": "sensible", "name": "Cy"},
    ]
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, seats)
        game_id, other = links["id"], 1 - asked
        phone = browser.new_context(base_url=address, **SMALL)
        page = phone.new_page()
        page.goto(links["seats"][asked]["link"])
        version = frame(address, game_id)["version"]
        shows(page, version)
        box = page.locator(BID)
        box.click()
        box.press("Control+a")
        page.keyboard.type("12")
        expect(box).to_have_value("12")
        page.evaluate(f"document.querySelector('{BID}').dataset.before = ''")  # this box
        # the other person lends the computer player a fifty (out of turn, R16)
        move(address, game_id, tokens[other], {"kind": "lend", "borrower": 2, "amount": 1})
        page.wait_for_function(PAST, arg=version)
        expect(box).not_to_have_attribute("data-before", "")  # drawn anew
        expect(box).to_have_value("12")
        assert page.evaluate(f"document.activeElement === document.querySelector('{BID}')")
        page.keyboard.type("3")  # the next key, in the box
        expect(box).to_have_value("123")
        phone.close()
