"""Derby Cast as a family plays it: a 1920 x 1080 TV (or a 1280 x 720 one) and two
phones, what read badly there.

- The TV as the next race is picked from: the last race's official result, its picks and
  its call under them beside the new card. The lists' margins put the call's last line
  ("The result. ... The time: 1:59.75.") below a 1080 px screen, nobody scrolls a TV.
- A phone picking from a field of fourteen at 375 px: a horse's "W 9 / P 4 / S 2" on its
  button broke over two lines after a long name ("12 American Pharoah 9-1 · W 9 / P 4 /"
  then "S 2" alone)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    derbycast_family_picking,
    derbycast_family_under_review,
    fits_the_tv,
    fits_width,
    move,
    settled,
    small_phone_at,
    tv_at,
)

pytestmark = pytest.mark.browser

SCREENS = {"tv-1920": (1920, 1080), "tv-1280": (1280, 720)}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_last_races_call_is_whole_on_the_tv_beside_the_next_card(
    browser: Browser, shared_server: SharedServer, screen: str
) -> None:
    width, height = SCREENS[screen]
    with shared_server.visit() as address:
        game_id, watch, call, keeper = derbycast_family_under_review(address)
        move(address, game_id, keeper, {"kind": "official"})
        move(address, game_id, keeper, {"kind": "simulate", "race": "maiden-special-weight"})
        with tv_at(browser, address, watch, game_id, width, height) as tv:
            expect(tv.locator(".dc-last + .dc-call p")).to_have_count(len(call))
            fits_the_tv(
                tv,
                ".dc-oat, .dc-card tr, .dc-status, .dc-wait",
                ".dc-last h3, .dc-last li, .dc-call h3, .dc-call p",
            )


SPACES_LINES = """() => [...document.querySelectorAll(".dc-horses button")].map((button) => {
  // the lines a horse's "W 9 / P 4 / S 2" is drawn over on its button
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent.indexOf("W\\u00a0");
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, node.textContent.length);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return [button.textContent, tops.size];
  }
  return [button.textContent, 0];
})"""


def test_a_horses_spaces_are_one_line_on_its_pick_button(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, _ = derbycast_family_picking(address)
        phone = small_phone_at(browser, address, links["seats"][0]["link"])  # Mum picks
        try:
            settled(address, links["id"], phone)
            expect(phone.locator(".dc-horses button")).to_have_count(14)
            buttons = phone.evaluate(SPACES_LINES)
            assert any("American Pharoah" in said for said, _ in buttons)  # the long name
            assert [b for b in buttons if b[1] != 1] == []
            fits_width(phone)
        finally:
            phone.context.close()
