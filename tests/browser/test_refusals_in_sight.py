"""A refused move's reason comes into sight on a phone (table.js, ``showRefusal``): each
board says it under the control that sent it, and a control pressed at the foot of a
small phone's screen leaves that line below the screen, so the player sees nothing
happen. One test a board: Across the Board, Totopoly, Top of the Stretch (Derby Cast's
desk does it itself: test_derbycast_waiting)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from tests.browser.table_pages import (
    FITTED,
    SharedServer,
    context,
    frame,
    held_on_its_way,
    move,
    open_table,
    shows,
    token_of,
    totopoly_asked_to_bid_again,
    totopoly_until_asked_to_bid,
)
from tests.browser.test_stretch_betting_phone import new_race
from tests.browser.test_taps import _bob

pytestmark = pytest.mark.browser
KEYBOARD_UP = {"width": 375, "height": 420}
"""A 375 px phone's screen left above its keyboard: each move here sends an amount just
typed, so the keyboard is still up when the button is pressed."""


def _press_at_the_foot(page: Page, control: Locator) -> None:
    """The player has scrolled so that ``control`` sits at the bottom of the screen (as
    far as the page lets it), and presses it."""
    page.set_viewport_size(KEYBOARD_UP)
    page.evaluate(FITTED)  # what the resize set off is done (a board drawn to the width)
    control.evaluate("(node) => node.scrollIntoView({ block: 'end' })")
    expect(control).to_be_in_viewport(ratio=0.9)
    control.click()


def test_a_refused_loan_in_across_is_scrolled_into_sight(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        seats = [
            {"kind": "person", "name": "Ann"},
            {"kind": "person", "name": "Bob"},
            {"kind": "bot", "bot": "sensible", "name": "Cy"},
        ]
        request = {"game": "across", "config": {"players": 3}, "seats": seats, "seed": 7}
        links = open_table(address, request)
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        chooser = next(t for t in tokens if frame(address, game_id, t)["your_turn"])
        move(address, game_id, chooser, {"kind": "track", "track": "woodbine"})
        # Ann offers Bob a loan: he is to answer it before any move of his own (R16)
        loan = {"kind": "lend_terms", "borrower": 1, "amount": 1, "repay": 1}
        version = move(address, game_id, tokens[0], loan)
        bob = context(browser, address, phone=True).new_page()
        bob.goto(links["seats"][1]["link"])
        shows(bob, version)
        panel = bob.locator(".ab-dealings-panel")
        panel.locator('select[aria-label="borrower"]').select_option("2")
        # a loan of his own offered first: refused by the server alone (an amount out of
        # bounds is said by the page, before sending: test_across_amount_boxes.py)
        panel.locator('input[aria-label="amount lent"]').fill("3")
        panel.locator('input[aria-label="to be repaid"]').fill("3")
        _press_at_the_foot(bob, panel.locator(".ab-offer-lend"))
        refused = panel.locator(".ab-lend .ab-refused")
        expect(refused).to_have_text("answer Ann first")
        expect(refused).to_be_in_viewport(ratio=0.9)


def test_a_refused_bid_in_totopoly_is_scrolled_into_sight(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page, game_id, token = _bob(browser, address)
        seen = totopoly_until_asked_to_bid(address, game_id, token)  # Bob may bid for a lot
        shows(page, seen["version"])
        # a bid its box takes, on its way while Bob bids on another page and the bidding
        # comes round to him again: refused as stale (a bid under the last, or more than
        # he can pay, is said by its box before it is sent)
        page.locator(".tp-amount-bid input").fill(str(int(seen["view"]["lot"]["bid"]) + 1))
        held_on_its_way(
            page, lambda: totopoly_asked_to_bid_again(address, game_id, [token], seat=0)
        )
        _press_at_the_foot(page, page.locator(".tp-amount-bid button"))
        refused = page.locator(".tp-amount-bid .tp-refused")
        expect(refused).to_contain_text("The table moved on before your move reached it")
        expect(refused).to_be_in_viewport(ratio=0.9)


def test_a_refused_bet_in_the_stretch_is_scrolled_into_sight(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Sight Stakes", ("Ann",))
        ann = context(browser, address, phone=True).new_page()
        ann.goto(links["seats"][0]["link"])
        expect(ann.locator("#bet-done")).to_be_visible()
        ann.select_option("#bet-pool", "win")
        ann.fill("#bet-dollars", "500")  # more than she holds
        _press_at_the_foot(ann, ann.locator("#stretch-bet button[type=submit]"))
        refused = ann.locator("#stretch-bet .stretch-refused")
        expect(refused).to_contain_text("$100")
        expect(refused).to_be_in_viewport(ratio=0.9)
