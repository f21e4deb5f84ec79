"""A reload keeps a phone where it was on a table's page. The page is empty until its
stream brings the first frame, and the browser's own restoring of the scroll came before
that: a player scrolled down to the race card or the news came back at the top. The place
is kept for the tab's life and gone back to once the first frame is drawn (table.js,
every game's page: an Across seat's and a Totopoly seat's); a page drawn shorter than
where the player was at its first frame (a race watched: the call, then the sheets,
drawn a moment later) is followed as it grows until she is back there."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    frame,
    fullplay_derby_run,
    open_table,
    scroll_settled,
    shows,
    small_phone_at,
)
from tests.browser.test_taps import BOB_AND_BOTS

pytestmark = pytest.mark.browser
TOP_OF = "(node) => node.getBoundingClientRect().top"


def _reloaded_in_place(page: Page, version: int, part: str) -> None:
    """Scrolled so that ``part`` heads the screen, reloaded: the page, drawn again, shows
    ``part`` where it was and is scrolled as far."""
    shows(page, version)
    page.locator(part).evaluate("(node) => node.scrollIntoView({ block: 'start' })")
    scroll_settled(page)
    down = page.evaluate("window.scrollY")
    top = page.locator(part).evaluate(TOP_OF)
    assert down > page.viewport_size["height"]  # type: ignore[index]  # well down the page
    page.reload()
    shows(page, version)
    scroll_settled(page)
    assert abs(page.evaluate("window.scrollY") - down) <= 1
    assert abs(page.locator(part).evaluate(TOP_OF) - top) <= 1


def test_an_across_seat_reloaded_on_a_phone_is_where_it_was(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, _, _ = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            _reloaded_in_place(page, frame(address, links["id"])["version"], ".ab-windows")
        finally:
            page.context.close()


def test_a_totopoly_seat_reloaded_on_a_phone_is_where_it_was(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": BOB_AND_BOTS, "seed": 11}
        links = open_table(address, request)
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            _reloaded_in_place(page, frame(address, links["id"])["version"], "#seats")
        finally:
            page.context.close()


LAST_IN_PLACE = """([selector, top]) => {
  const last = [...document.querySelectorAll(selector)].filter((n) => n.getClientRects().length).pop();
  return last !== undefined && Math.abs(last.getBoundingClientRect().top - top) <= 1;
}"""


def test_a_race_watched_reloaded_at_its_chart_is_back_at_the_chart(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        game_id = fullplay_derby_run(address)
        page = small_phone_at(browser, address, f"/t/{game_id}/watch")
        try:
            shows(page, frame(address, game_id)["version"])
            chart = 'td[data-label="Photo"]'  # the result chart's last row, near the foot
            last = page.locator(f"{chart}:visible").last
            expect(last).to_be_visible()
            last.evaluate("(node) => node.scrollIntoView({ block: 'start' })")
            scroll_settled(page)
            top = last.evaluate(TOP_OF)
            assert page.evaluate("window.scrollY") > 3 * page.viewport_size["height"]  # type: ignore[index]
            page.reload()
            page.wait_for_function(LAST_IN_PLACE, arg=[chart, top])
        finally:
            page.context.close()
