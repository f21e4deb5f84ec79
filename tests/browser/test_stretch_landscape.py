"""Top of the Stretch on a phone on its side (740 x 375): the race and the player's
window are on the first screen, unscrolled. The window began below it: five lines of
the page's heading, the race's name over its facts, and the window's fields stacked
over its buttons filled the screen first. Then the call, once the last player is done,
with the tickets the player holds on the race above it, and who won once it is read,
are on the first screen too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    drawn_box,
    fits_width,
    frame,
    shows,
    snap,
    stretch_call_read_out,
    token_of,
)
from tests.browser.test_stretch_betting_phone import bet, new_race

pytestmark = pytest.mark.browser

LANDSCAPE: dict[str, Any] = {
    "viewport": {"width": 740, "height": 375},
    "is_mobile": True,
    "has_touch": True,
}
"""A phone on its side (a 375 x 740 phone turned)."""
SCREEN = LANDSCAPE["viewport"]["height"]


def whole_on_first_screen(page: Page, selector: str) -> None:
    """``selector`` is drawn whole on the first screen, unscrolled."""
    page.evaluate("window.scrollTo(0, 0)")
    screen = page.viewport_size["height"] if page.viewport_size else SCREEN
    box = drawn_box(page, selector)
    assert box is not None, f"{selector} is not drawn"
    assert box["y"] >= 0 and box["y"] + box["height"] <= screen, (
        f"{selector} runs from {box['y']:.0f} to {box['y'] + box['height']:.0f} px down, "
        f"on a screen {screen} px tall"
    )


def test_the_race_and_the_window_are_on_a_landscape_phones_first_screen(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    start = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
    with shared_server.visit() as address:
        links = new_race(
            address,
            "Sideways Stakes",
            ("Ann", "Bea", "Cal"),
            horses=("secretariat-1973", "seattle-slew-1977", "affirmed-1978", "citation-1948"),
            furlongs=9,
            mode="full",  # a call of seven parts, eight seconds and more to look at it
        )
        game_id = int(links["id"])
        pages = []
        for seat in links["seats"]:
            page = browser.new_context(base_url=address, **LANDSCAPE).new_page()
            if not pages:  # Ann's: held while the call is looked at (below)
                page.clock.install(time=start)
            else:  # the call read out at once where it is not looked at (Cal's)
                page.clock.install()
            page.goto(seat["link"])
            expect(page.locator("#bet-done")).to_be_visible()
            pages.append(page)
        ann, bea, cal = pages
        for part in (".stretch-head", "#stretch-bet", "#bet-done", "#stretch-bet button[type=submit]"):  # fmt: skip
            whole_on_first_screen(ann, part)
        fits_width(ann)
        snap(ann, tmp_path / "landscape-window.png", full_page=False)

        bet(ann, "win", 1, 10)  # a ticket bought: the window says so, still in sight
        expect(ann.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $10 win #1")
        whole_on_first_screen(ann, "#stretch-bet")
        ann.reload()
        expect(ann.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $10 win #1")
        whole_on_first_screen(ann, "#stretch-bet")

        for page in (ann, bea):
            page.click("#bet-done")
            expect(page.locator("#stretch-bet")).to_have_count(0)
        whole_on_first_screen(ann, ".stretch-mine")  # done: her own line and whom it waits for
        # Ann's clock held from before the off, so her call moves only when resumed: the
        # looks below, while it is being called, raced its eight seconds (not seen to lose:
        # at part 0 of 7 on a machine at load 30), and each part drawn replaced what they
        # measure (its page's clock has run seconds since start, far less than ten minutes)
        ann.clock.pause_at(start + timedelta(minutes=10))
        with cal.expect_response("**/moves"):
            cal.click("#bet-done")  # the last one done: the race goes off
        over = frame(address, game_id)
        assert over["over"]
        shows(ann, over["version"])
        expect(ann.locator("#stretch-call")).to_contain_text("\u2026")  # being called
        # the ticket Ann holds on the race above its call (it was under it, in the tote)
        expect(ann.locator(".stretch-held")).to_have_text("Your tickets: $10 win #1")
        for part in (".stretch-head", ".stretch-held"):
            whole_on_first_screen(ann, part)
        top = ann.locator("#stretch-call").bounding_box()
        assert top is not None and top["y"] + 40 <= SCREEN, (
            f"the call starts {top['y']:.0f} px down"
        )
        expect(ann.locator("#stretch-call")).to_contain_text("\u2026")  # all while being called
        stretch_call_read_out(cal, address, game_id)
        expect(cal.locator(".stretch-official-top")).to_be_visible(timeout=30_000)
        whole_on_first_screen(cal, ".stretch-official-top")
        expect(cal.locator(".stretch-held")).to_have_count(0)  # Cal bet nothing
        stretch_call_read_out(ann, address, game_id)  # the rest of Ann's call
        expect(ann.locator(".stretch-held")).to_have_count(0, timeout=30_000)  # the wire: paid
        outcome = frame(address, game_id, token_of(links["seats"][0]["link"]))["view"]["yours"]
        expect(ann.locator(".stretch-mine")).to_have_text(outcome["outcome"])
        snap(cal, tmp_path / "landscape-official.png", full_page=False)


def test_a_laptops_window_is_one_row(browser: Browser, shared_server: SharedServer) -> None:
    """On a laptop (1280 x 800) the window's pool, horse, dollars and buttons share a
    row: stacked, each select ran the window's width (900 px for "win") and pushed the
    chances below the first screen."""
    with shared_server.visit() as address:
        links = new_race(address, "Desk Stakes", ("Ann", "Bea"))
        page = browser.new_context(base_url=address, viewport={"width": 1280, "height": 800})
        ann = page.new_page()
        ann.goto(links["seats"][0]["link"])
        expect(ann.locator("#bet-done")).to_be_visible()
        controls = ("#bet-pool", "#bet-horse", "#bet-dollars", "#stretch-bet button[type=submit]", "#bet-done")  # fmt: skip
        boxes = [ann.locator(c).bounding_box() for c in controls]
        assert all(boxes), boxes
        middles = {round(b["y"] + b["height"] / 2) for b in boxes if b}
        assert max(middles) - min(middles) <= 4, dict(zip(controls, boxes, strict=True))
        pool = boxes[0]
        assert pool and pool["width"] < 200, f"the pool's select is {pool} wide"
        expect(ann.locator("#stretch-chances table")).to_be_visible()  # the server's answer drawn
        whole_on_first_screen(ann, "#stretch-chances h4")
