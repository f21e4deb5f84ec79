"""Across's "At the table" on a 360 px phone (walk xwalk17, across-talk-bob.png): the
last 14 notices were a 16rem box scrolling inside the page, its bottom line cut in half,
and a finger scrolling the page over it scrolled the box instead. Now the newest lines
are shown whole with no box of their own to scroll, the older folded under "N older
notices" as before, and opened on a phone they do not scroll inside the page either."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, expect
from tests.browser.table_pages import SharedServer, screen_at
from tests.browser.test_notices_folded import _across_meet_played_out

pytestmark = pytest.mark.browser

BOB = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
"""Bob's phone in the walk."""


def _scrolls_inside(lines: Locator) -> list[object]:
    """What makes ``lines`` a box scrolling inside the page: its overflow, and its own
    height against what it holds ([] when it shows all it holds and scrolls nothing)."""
    return lines.evaluate(
        "e => { const s = getComputedStyle(e).overflowY;"
        " return (s === 'visible' && e.scrollHeight <= e.clientHeight + 1) ? [] :"
        " [s, e.scrollHeight, e.clientHeight]; }"
    )


def test_at_the_table_reads_whole_lines_on_a_phone_and_leaves_the_page_to_scroll(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, final = _across_meet_played_out(address)
        told = [n["words"] for n in final["notices"]]
        with screen_at(browser, address, links["watch"], links["id"], BOB) as page:
            talk = page.locator(".ab-talk")
            newest = talk.locator("> ul.ab-notices")
            expect(newest.locator("> li").first).to_have_text(told[-1])
            assert newest.locator("> li").count() < 14  # fewer lines, every one whole
            assert _scrolls_inside(newest) == []
            last = newest.locator("> li").last.bounding_box()
            box = newest.bounding_box()
            assert last is not None and box is not None
            assert last["y"] + last["height"] <= box["y"] + box["height"] + 1
            fold = talk.locator("details.ab-older")
            fold.locator("summary").click()
            older = fold.locator("ul.ab-notices")
            expect(older.locator("li").last).to_have_text(told[0])
            assert _scrolls_inside(older) == []  # opened: the page grows, no box scrolls
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"the page is {width} px wide"
