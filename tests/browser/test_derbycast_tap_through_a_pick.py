"""Derby Cast with sealed picks, every phone picking at once: Mum's finger down on "Win"
under her horse while Dad's pick comes in; when it lifts her pick is made. The phone's
board was drawn again under her finger (every button taken out of the page and made
anew), so the lifted finger made no click and her pick was lost, nothing said."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, derbycast_family_picking, frame

pytestmark = pytest.mark.browser

CHANGED = "(version) => document.body.dataset.version !== version"


def test_a_pick_pressed_while_another_picks_is_made(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens = derbycast_family_picking(address, sealed=True)
        game_id = links["id"]
        mum, dad = (browser.new_context(base_url=address, **SMALL).new_page() for _ in range(2))
        for page, seat in ((mum, 0), (dad, 1)):
            page.goto(links["seats"][seat]["link"])
            expect(page.locator(".dc-horses > button[data-program]")).to_have_count(14)
        mum.locator(".dc-horses > button[data-program='3']").click()
        win = mum.locator(".dc-bets button[data-bet='win']")
        win.scroll_into_view_if_needed()
        box = win.bounding_box()
        assert box is not None
        before = mum.evaluate("document.body.dataset.version")
        mum.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        mum.mouse.down()  # her finger on Win
        dad.locator(".dc-horses > button[data-program='5']").click()
        dad.locator(".dc-bets button[data-bet='show']").click()  # Dad's pick comes in
        mum.wait_for_function(CHANGED, arg=before)
        with mum.expect_response("**/moves") as sent:
            mum.mouse.up()  # lifted: her pick
        assert sent.value.ok, sent.value.text()
        expect(mum.locator(".dc-mine")).to_contain_text("Seattle Slew")
        picks = frame(address, game_id, tokens[0])["view"]["yours"]
        assert "Seattle Slew" in picks["pick"], picks
