"""Typing on a board on a phone while another player moves (a bid in Across the Board's
box, a line at Derby Cast's desk): the board is drawn anew (the field replaced), and the
field kept what was typed but lost the focus, so the phone's keyboard shut and the next
key went nowhere. The same field takes the focus again at once, its caret where it was,
and typing goes on in it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    family_derbycast,
    frame,
    move,
    shows,
    small_phone_at,
)

from homestretch.web.words import PAGE

pytestmark = pytest.mark.browser
PAST = "(version) => Number(document.body.dataset.version) > version"
BID = ".ab-block input.ab-amount"


def _bidding_on_a_phone(browser: Browser, address: str) -> tuple[Page, Callable[[], None]]:
    """Across's first auction (Ann, Bob and Cy), the player asked to bid on a small phone:
    his page, drawn, and the other person's move (a fifty lent to Cy, out of turn, R16)
    that draws the board anew, returning once the page has drawn it."""
    links, tokens, asked = across_at_its_first_auction(address, ANN_BOB_AND_CY)
    game_id, other = links["id"], 1 - asked
    page = small_phone_at(browser, address, links["seats"][asked]["link"])
    version = frame(address, game_id)["version"]
    shows(page, version)

    def another_moves() -> None:
        page.evaluate(f"document.querySelector('{BID}').dataset.before = ''")  # this box
        move(address, game_id, tokens[other], {"kind": "lend", "borrower": 2, "amount": 1})
        page.wait_for_function(PAST, arg=version)
        expect(page.locator(BID)).not_to_have_attribute("data-before", "")  # drawn anew

    return page, another_moves


def test_a_bid_being_typed_keeps_the_focus_while_another_moves(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page, another_moves = _bidding_on_a_phone(browser, address)
        box = page.locator(BID)
        box.click()
        box.press("Control+a")
        page.keyboard.type("12")
        expect(box).to_have_value("12")
        another_moves()
        expect(box).to_have_value("12")
        assert page.evaluate(f"document.activeElement === document.querySelector('{BID}')")
        page.keyboard.type("3")  # the next key, in the box
        expect(box).to_have_value("123")
        page.context.close()


def test_a_bid_typed_in_the_middle_keeps_its_caret_while_another_moves(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The bid's box is a text box with a phone's number keyboard, not a number box,
    which tells no caret: a player who moved the caret back into "15" to make it "125"
    while another's move came in typed on at its end ("152")."""
    with shared_server.visit() as address:
        page, another_moves = _bidding_on_a_phone(browser, address)
        box = page.locator(BID)
        expect(box).to_have_attribute("inputmode", "numeric")  # a phone's number keys
        box.click()
        box.press("Control+a")
        page.keyboard.type("15")
        page.keyboard.press("ArrowLeft")  # the caret between the 1 and the 5
        another_moves()
        page.keyboard.type("2")  # where the caret was
        expect(box).to_have_value("125")
        page.keyboard.type("x")  # a key a number box would not take is not taken
        expect(box).to_have_value("125")
        sent: list[str] = []
        page.on("request", lambda asked: sent.append(asked.url) if "/moves" in asked.url else None)
        box.evaluate("(box) => { box.value = '1x5'; }")  # (pasted past the keys' filter)
        page.click(".ab-block .ab-bid-own")  # checked as a number when sent: not sent
        expect(page.locator(".ab-block .box-says")).to_have_text(PAGE["whole_number"])
        assert sent == []
        page.context.close()


def test_a_line_being_typed_at_the_desk_keeps_its_caret_while_a_marker_picks(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Derby Cast's keeper typing a missing morning line (R28), the caret moved back
    into it, while a marker's pick comes in: the desk is drawn anew, and the next key
    lands where the caret was."""
    with shared_server.visit() as address:
        links, tokens = family_derbycast(address, races=1)
        game_id = links["id"]
        card = {"kind": "card", "race": "Riverbend", "horses": ["Alpha", "Bravo", "Charlie"]}
        move(address, game_id, tokens[2], card | {"odds": ["2-1", "", "8-1"]})
        desk = small_phone_at(browser, address, links["seats"][2]["link"])
        version = frame(address, game_id)["version"]
        shows(desk, version)
        line = desk.locator("#dc-line-1")  # Bravo's, missing
        line.click()
        desk.keyboard.type("5-1")
        desk.keyboard.press("ArrowLeft")
        desk.keyboard.press("ArrowLeft")  # the caret after the 5
        desk.evaluate("document.getElementById('dc-line-1').dataset.before = ''")
        mover = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        move(address, game_id, tokens[mover], {"kind": "pick", "horse": "Alpha", "bet": "win"})
        desk.wait_for_function(PAST, arg=version)
        expect(line).not_to_have_attribute("data-before", "")  # drawn anew
        expect(line).to_have_value("5-1")
        desk.keyboard.type("0")
        expect(line).to_have_value("50-1")
        desk.context.close()
