"""A bid half typed on a phone while the screen changes size. totopoly.js drew its board
again on every window resize straight from its own handler, not through the page's
drawBoard, which gives the field being typed in its focus and caret back: a phone turned
while a bid was being typed rebuilt the course, the ring and the moves to the new width,
and the bid's box lost the focus (its value was kept), so the keyboard shut and the next
key went nowhere. The board's amount boxes now carry data-keep and the resize draws
through the page (tools.drawAgain). A change of height alone (the keyboard coming up,
the address bar folding) leaves the board as drawn, and the box being typed in with it.
Another person's page opening or closing (a presence push) leaves it too; another's
move cannot come while a Totopoly amount box is up (the rules ask one player at a time).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from tests.browser.table_pages import (
    FITTED,
    SMALL,
    SharedServer,
    fits_width,
    open_table,
    screen_at,
    totopoly_person_asked_to_bid,
)

pytestmark = pytest.mark.browser
PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
BID = "#tp-moves .tp-amount-bid input"
LIMIT = "#tp-moves .tp-standing-form input"
TRACK = "#tp-course .tp-track"
FOCUSED = "(selector) => document.activeElement === document.querySelector(selector)"
DRAWN_WIDTH = "(track) => parseFloat(track.style.width)"
"""The width the course is drawn to (px; set by the script: the course may be folded)."""
CARET = "() => [document.activeElement.selectionStart, document.activeElement.selectionEnd]"


def _asked_to_bid(address: str) -> tuple[dict[str, Any], int]:
    """Ann and Bob's two-player table (seed 5) where one of them is asked to bid: its
    links and the seat asked."""
    links = open_table(
        address, {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE, "seed": 5}
    )
    return links, totopoly_person_asked_to_bid(address, links)["seat"]


def _typed_with_the_caret_inside(page: Page, selector: str) -> Locator:
    """The box typed "15" in, the caret moved back between its digits."""
    box = page.locator(selector)
    box.click()
    page.keyboard.type("15")
    box.press("ArrowLeft")
    assert page.evaluate(CARET) == [1, 1]
    return box


def _still_typed_in(page: Page, selector: str, box: Locator) -> None:
    """The box kept "15", the focus and the caret: the next key lands between the digits."""
    expect(box).to_have_value("15")
    assert page.evaluate(FOCUSED, selector), "the box being typed in lost the focus"
    assert page.evaluate(CARET) == [1, 1]
    page.keyboard.type("2")
    expect(box).to_have_value("125")


@pytest.mark.parametrize("selector", [BID, LIMIT], ids=["bid", "standing-limit"])
def test_a_box_being_typed_in_keeps_the_focus_when_the_phone_turns(
    browser: Browser, shared_server: SharedServer, selector: str
) -> None:
    with shared_server.visit() as address:
        links, seat = _asked_to_bid(address)
        link = links["seats"][seat]["link"]
        with screen_at(browser, address, link, links["id"], SMALL) as page:
            upright = page.locator(TRACK).evaluate(DRAWN_WIDTH)
            box = _typed_with_the_caret_inside(page, selector)
            page.set_viewport_size({"width": 667, "height": 375})  # turned on its side
            page.evaluate(FITTED)
            turned = page.locator(TRACK).evaluate(DRAWN_WIDTH)
            assert turned > upright  # drawn anew
            _still_typed_in(page, selector, box)
            page.set_viewport_size(SMALL["viewport"])  # and upright again
            page.evaluate(FITTED)
            expect(box).to_have_value("125")
            assert page.evaluate(FOCUSED, selector)


def test_a_bid_being_typed_is_left_as_it_is_when_the_keyboard_comes_up(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A change of height alone: nothing drawn anew, nothing out of place."""
    with shared_server.visit() as address:
        links, seat = _asked_to_bid(address)
        link = links["seats"][seat]["link"]
        with screen_at(browser, address, link, links["id"], SMALL) as page:
            page.locator(TRACK).evaluate("(track) => { track.dataset.before = ''; }")
            before = page.locator(TRACK).evaluate(DRAWN_WIDTH)
            box = _typed_with_the_caret_inside(page, BID)
            for height in (360, 300, 667):  # the keyboard up, the address bar folded, down
                page.set_viewport_size({"width": SMALL["viewport"]["width"], "height": height})
                page.evaluate(FITTED)
                assert page.evaluate(FOCUSED, BID)
                assert page.evaluate(CARET) == [1, 1]
            expect(page.locator(TRACK)).to_have_attribute("data-before", "")  # not rebuilt
            after = page.locator(TRACK).evaluate(DRAWN_WIDTH)
            assert after == before
            fits_width(page)
            _still_typed_in(page, BID, box)


def test_a_bid_being_typed_is_left_as_it_is_when_another_comes_and_goes(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, seat = _asked_to_bid(address)
        link = links["seats"][seat]["link"]
        with screen_at(browser, address, link, links["id"], SMALL) as page:
            box = _typed_with_the_caret_inside(page, BID)
            other = links["seats"][1 - seat]["link"]
            name = PEOPLE[1 - seat]["name"]
            seats = page.locator("#seats")
            with screen_at(browser, address, other, links["id"], SMALL):
                expect(seats).to_contain_text(f"{name}: person, here")
                assert page.evaluate(FOCUSED, BID)
                assert page.evaluate(CARET) == [1, 1]
            expect(seats).not_to_contain_text(f"{name}: person, here")
            _still_typed_in(page, BID, box)
