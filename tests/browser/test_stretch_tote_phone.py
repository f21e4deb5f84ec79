"""The tote as a player reads it on a small phone (375 px), where each row of the tote's
table is a card of cells labelled by their columns: the pools' totals row read "Horse
Pool" (its name labelled by the horse column), and the window's "Still betting: Bea."
left out Ann, who had not said she was done."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, expect
from tests.browser.table_pages import SharedServer, fits_width, small_phone_at, snap
from tests.browser.test_stretch_betting_phone import bet, new_race

pytestmark = pytest.mark.browser

READ = """row => [...row.children]
  .filter((cell) => getComputedStyle(cell).display !== "none")
  .map((cell) => {
    const before = getComputedStyle(cell, "::before").content;
    const label = before === "none" || before === "normal" ? "" : cell.dataset.label || "";
    return `${label} ${cell.textContent}`.trim();
  })"""
"""A row's cells as the phone shows them: each with the label its ``::before`` puts in
front (the column's name), the cells the phone hides left out."""


def _read(row: Locator) -> list[str]:
    said: list[str] = row.evaluate(READ)
    return said


def test_the_pools_row_and_who_is_still_betting_read_right_at_375(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Small Stakes", ("Ann", "Bea"))
        ann = small_phone_at(browser, address, links["seats"][0]["link"])
        assert ann.viewport_size == {"width": 375, "height": 667}
        bet(ann, "win", 1, 10)
        waiting = ann.locator("#stretch-bet .stretch-waiting")
        expect(waiting).to_have_text("You and Bea are still betting.")
        rows = ann.locator("#stretch-pools tr")
        expect(rows.last).to_contain_text("$10")
        first = _read(rows.nth(1))
        assert first[:2] == ["PP 1", "Horse Secretariat"], first  # a horse's card, labelled
        totals = _read(rows.last)
        assert totals[0] == "Pool totals", totals  # was "Horse Pool"
        assert totals[1] == "Win $10.00", totals
        assert not any(cell.startswith("Horse") for cell in totals), totals
        fits_width(ann)
        snap(ann, shared_server.folder / "stretch-tote-375.png")
        ann.context.close()
