"""Derby Cast as a family plays it: a 1920 x 1080 TV (or a 1280 x 720 one) and two
phones, what read badly there.

- The TV as the next race is picked from: the last race's official result, its picks and
  its call under them beside the new card. The lists' margins put the call's last line
  ("The result. ... The time: 1:59.75.") below a 1080 px screen, nobody scrolls a TV.
  At 1280 x 720 the call fits only at 14.4 px: it was kept open, every line of the TV
  at 14.4, where a longer call was folded and the rest read at 16. The family reads the
  card and the result from the sofa (the call was read out to them part by part while
  its race was under review): the call folds there too, under its heading, the TV at 16.
- The page's own lines under the board (its Seats, Notices, Log): the TV's bottom edge
  cut the "Seats" heading in half at 1920 x 1080 and at 1280 x 720.
- A phone picking from a field of fourteen at 375 px: a horse's "W 9 / P 4 / S 2" on its
  button broke over two lines after a long name ("12 American Pharoah 9-1 · W 9 / P 4 /"
  then "S 2" alone)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    TV_TYPE,
    SharedServer,
    cut_at_the_bottom,
    derbycast_family_next_card,
    derbycast_family_picking,
    fits_the_tv,
    fits_width,
    settled,
    small_phone_at,
    tv_at,
)

pytestmark = pytest.mark.browser

SCREENS = {"tv-1920": (1920, 1080), "tv-1280": (1280, 720)}


def test_the_last_races_call_is_whole_on_the_tv_beside_the_next_card(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        game_id, watch, call, _ = derbycast_family_next_card(address)
        with tv_at(browser, address, watch, game_id, 1920, 1080) as tv:
            expect(tv.locator(".dc-last + .dc-call p")).to_have_count(len(call))
            fits_the_tv(
                tv,
                ".dc-oat, .dc-card tr, .dc-status, #status",
                ".dc-last h3, .dc-last li, .dc-call h3, .dc-call p",
            )
            assert tv.evaluate(TV_TYPE) == pytest.approx(21.6, abs=0.05)


def test_at_720_the_last_races_call_folds_rather_than_the_type_shrinking(
    browser: Browser, shared_server: SharedServer
) -> None:
    """At 1280 x 720 the call fitted only at 14.4 px, and every line of the TV was read
    at 14.4: folded under its heading instead, the rest at 16 px; a click opens it."""
    with shared_server.visit() as address:
        game_id, watch, call, _ = derbycast_family_next_card(address)
        with tv_at(browser, address, watch, game_id, 1280, 720) as tv:
            parts = tv.locator(".dc-last + .dc-call p")
            expect(parts).to_have_count(len(call))
            expect(parts.first).to_be_hidden()  # folded
            fits_the_tv(
                tv,
                ".dc-oat, .dc-card tr, .dc-status, #status",
                ".dc-last h3, .dc-last li, .dc-last + .dc-call summary",
            )
            assert tv.evaluate(TV_TYPE) == pytest.approx(16.0, abs=0.05)  # was 14.4
            tv.locator(".dc-call summary").click()  # a laptop's reader opens it
            expect(parts.last).to_be_visible()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_pages_own_lines_under_the_board_are_not_cut_at_the_tvs_bottom(
    browser: Browser, shared_server: SharedServer, screen: str
) -> None:
    """Nobody scrolls a TV: its bottom edge cut the "Seats" heading under the board in
    half (at 1920 x 1080, 1074 to 1108 px). The line the edge cuts starts below it."""
    width, height = SCREENS[screen]
    with shared_server.visit() as address:
        game_id, watch, _, _ = derbycast_family_next_card(address)
        with tv_at(browser, address, watch, game_id, width, height) as tv:
            expect(tv.locator("#seats li")).to_have_count(4)
            assert cut_at_the_bottom(tv) == []


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
