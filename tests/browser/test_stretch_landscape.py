"""Top of the Stretch on a phone on its side (740 x 375): the race and the player's
window are on the first screen, unscrolled. The window began below it: five lines of
the page's heading, the race's name over its facts, and the window's fields stacked
over its buttons filled the screen first. Then the call, once the last player is done,
with the tickets the player holds on the race above it, and who won once it is read,
are on the first screen too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import SharedServer, fits_width, frame, shows
from tests.browser.test_stretch_betting_phone import bet, new_race

pytestmark = pytest.mark.browser
expect.set_options(timeout=20_000)

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
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN, (
        f"{selector} runs from {box['y']:.0f} to {box['y'] + box['height']:.0f} px down, "
        f"on a screen {SCREEN} px tall"
    )


def test_the_race_and_the_window_are_on_a_landscape_phones_first_screen(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links = new_race(
            address,
            "Sideways Stakes",
            ("Ann", "Bea", "Cal"),
            horses=("secretariat-1973", "seattle-slew-1977", "affirmed-1978", "citation-1948"),
        )
        game_id = int(links["id"])
        pages = []
        for seat in links["seats"]:
            page = browser.new_context(base_url=address, **LANDSCAPE).new_page()
            page.goto(seat["link"])
            expect(page.locator("#bet-done")).to_be_visible()
            pages.append(page)
        ann, bea, cal = pages
        for part in (".stretch-head", "#stretch-bet", "#bet-done", "#stretch-bet button[type=submit]"):  # fmt: skip
            whole_on_first_screen(ann, part)
        fits_width(ann)
        ann.screenshot(path=str(tmp_path / "landscape-window.png"))

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
        with cal.expect_response("**/moves"):
            cal.click("#bet-done")  # the last one done: the race goes off
        over = frame(address, game_id)
        assert over["over"]
        shows(ann, over["version"])
        expect(ann.locator("#stretch-call")).to_contain_text("\u2026")  # being called
        # the ticket Ann holds on the race above its call (it was under it, in the tote)
        expect(ann.locator(".stretch-held")).to_have_text("Your tickets: $10 win #1")
        whole_on_first_screen(ann, ".stretch-held")
        shows(cal, over["version"])
        expect(cal.locator("#stretch-call")).to_contain_text("\u2026")
        expect(cal.locator(".stretch-held")).to_have_count(0)  # Cal bet nothing
        whole_on_first_screen(cal, ".stretch-head")
        cal.evaluate("window.scrollTo(0, 0)")
        top = cal.locator("#stretch-call").bounding_box()
        assert top is not None and top["y"] + 40 <= SCREEN, (
            f"the call starts {top['y']:.0f} px down"
        )
        expect(cal.locator(".stretch-official-top")).to_be_visible(timeout=30_000)
        whole_on_first_screen(cal, ".stretch-official-top")
        cal.screenshot(path=str(tmp_path / "landscape-official.png"))
