"""A Top of the Stretch player on a phone once the race goes off: the call is what she
sees first, not the tote's pools (they come back above the call when it is done); the
result chart then gives no $2 prices of its own beside the tote's (which are paid)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    frame,
    shows,
    snap,
    stretch_call_read_out,
)
from tests.browser.test_stretch_betting_phone import SCREEN, bet, new_race

pytestmark = pytest.mark.browser
EIGHT = (
    "secretariat-1973",
    "seattle-slew-1977",
    "affirmed-1978",
    "citation-1948",
    "man-o-war-1920",
    "spectacular-bid-1980",
    "kelso-career",
    "dr-fager-1968",
)


def test_the_call_comes_first_while_the_race_is_run(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Ann's clock is held from before the off (``clock.install()`` alone does not hold
    a page's timers): on a loaded machine the caller went on to the wire while the test
    looked at his first part, which was then no longer on the page."""
    start = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
    with shared_server.visit() as address:
        links = new_race(address, "Eight Stakes", ("Ann", "Bea"), horses=EIGHT)
        ann, bea = (context(browser, address, phone=True).new_page() for _ in range(2))
        ann.clock.install(time=start)
        for page, seat in ((ann, 0), (bea, 1)):
            page.goto(links["seats"][seat]["link"])
            expect(page.locator("#bet-done")).to_be_visible()
        ann.clock.pause_at(start + timedelta(minutes=10))  # held: the call moves by run_for
        bet(ann, "win", 1, 10)
        ann.click("#bet-done")
        expect(ann.locator("#stretch-bet")).to_have_count(0)
        with bea.expect_response("**/moves"):
            bea.click("#bet-done")  # the last one done: the race goes off
        over = frame(address, int(links["id"]))
        shows(ann, over["version"])
        expect(ann.locator("#status")).to_have_text("the race is being called")
        ann.clock.run_for(1500)  # the caller's first part
        first = ann.locator("#stretch-call p:has(b)").first  # the caller's first part
        expect(first).to_be_visible()
        ann.evaluate("window.scrollTo(0, 0)")
        box = first.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= SCREEN, f"the call starts {box['y']:.0f} px down"
        call_top = ann.locator("#stretch-call").bounding_box()
        tote_top = ann.locator("#stretch-tote").bounding_box()
        assert call_top is not None and tote_top is not None
        assert call_top["y"] < tote_top["y"], "the tote comes before the call"
        snap(ann, tmp_path / "calling.png", full_page=False)

        # once the caller reaches the wire the tote is back above the call
        stretch_call_read_out(ann, address, int(links["id"]))  # the rest of the call
        expect(ann.locator("#status")).to_have_text("the game is over", timeout=60_000)
        call_top = ann.locator("#stretch-call").bounding_box()
        tote_top = ann.locator("#stretch-tote").bounding_box()
        assert call_top is not None and tote_top is not None
        assert tote_top["y"] < call_top["y"]
        headings = ann.locator("#stretch-result tr").first
        expect(headings).to_have_text("FinPPHorseMarginOddsTime")
        expect(ann.locator("#stretch-tote-paid")).to_contain_text("$2")
