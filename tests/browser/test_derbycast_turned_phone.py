"""A phone turned while it shows Derby Cast's race card: the card is laid out for the
screen it is now on, with no new frame. A field of fourteen read on a 375 px phone has
the picks under the horses' names (their own column leaves no room); turned on its side
(667 px) the picks have their column again, and turned back they go under the names
again. The card was measured only when a frame was drawn: turned, it kept the narrow
layout until the next move came (and a card drawn wide ran off a screen turned narrow)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    derbycast_family_picking,
    fits_width,
    frame,
    move,
    settled,
    small_phone_at,
)

pytestmark = pytest.mark.browser

PORTRAIT = {"width": 375, "height": 667}
LANDSCAPE = {"width": 667, "height": 375}
SAME_CARD = "() => document.querySelector('.dc-card').dataset.kept === 'drawn once'"


def _narrow(phone: Page, narrow: bool) -> None:
    """The card in its narrow layout (picks under the names) or its wide one (a column)."""
    card = phone.locator(".dc-card")
    picks_column = card.locator("tr").first.locator("th").nth(4)
    under_names = card.locator(".dc-picked-in").first
    if narrow:
        expect(card).to_have_class("dc-card dc-card-picks-in")
        expect(picks_column).to_be_hidden()
        expect(under_names).to_be_visible()
    else:
        expect(card).to_have_class("dc-card")
        expect(picks_column).to_be_visible()
        expect(under_names).to_be_hidden()


def test_a_turned_phone_lays_its_card_out_again_without_a_new_frame(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens = derbycast_family_picking(address)
        game_id = links["id"]
        mum, kit = tokens[0], tokens[2]
        card = frame(address, game_id, mum)["view"]["card"]
        move(address, game_id, mum, {"kind": "pick", "horse": card["horses"][0], "bet": "win"})
        assert not frame(address, game_id, kit)["your_turn"]  # Kit reads the card
        phone = small_phone_at(browser, address, links["seats"][2]["link"])
        try:
            settled(address, game_id, phone)
            version = phone.evaluate("document.body.dataset.version")
            expect(phone.locator(".dc-card tr[data-program]")).to_have_count(14)
            expect(phone.locator(".dc-card")).to_contain_text("Mum (win)", use_inner_text=True)
            _narrow(phone, True)
            fits_width(phone)
            phone.evaluate("document.querySelector('.dc-card').dataset.kept = 'drawn once'")
            for screen, narrow in ((LANDSCAPE, False), (PORTRAIT, True), (LANDSCAPE, False)):
                phone.set_viewport_size(screen)
                _narrow(phone, narrow)
                fits_width(phone)
                assert phone.evaluate(SAME_CARD)  # the card drawn before: no frame since
            assert phone.evaluate("document.body.dataset.version") == version
        finally:
            phone.context.close()
