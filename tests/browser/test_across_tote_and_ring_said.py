"""Across the Board on a small phone (375 px): the totalizator with no tickets on it says
why (at a meet's end the payouts have cleared race 8's tickets) rather than heading an
empty grid with "MPH Totalizator, race 8"; and the ring's form reads as a sentence on
the screen, its ticket-count box with words of its own beside it ("Ring: [1] ticket on
[#2] with [Bob] who puts in [1] of the 3 fifties"), not only an aria-label."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SHOTS,
    SharedServer,
    across_at_its_first_auction,
    across_to_race_1_betting,
    fits_width,
    frame,
    open_table,
    settled,
    small_phone_at,
)

pytestmark = pytest.mark.browser
BOTS = [{"kind": "bot", "bot": "sensible", "name": n} for n in ("Ann", "Bob", "Cy")]

READ_IN_ORDER = """(bar) => {
  // the form's words and boxes as the screen shows them: line by line, left to right
  const parts = [...bar.querySelectorAll("span, select, input")].filter((el) =>
    el.tagName !== "SPAN" || !el.querySelector("span, select, input"));
  const seen = parts.map((el) => {
    const r = el.getBoundingClientRect();
    const text = el.tagName === "SELECT" ? el.selectedOptions[0].textContent
      : el.tagName === "INPUT" ? `[${el.value}]` : el.textContent;
    return { mid: r.top + r.height / 2, left: r.left, text, shown: r.width > 0 && r.height > 0 };
  }).filter((p) => p.shown && p.text.trim());
  const line = (p, q) => Math.abs(p.mid - q.mid) < 8;
  seen.sort((p, q) => (line(p, q) ? p.left - q.left : p.mid - q.mid));
  return seen.map((p) => p.text.trim()).join(" ");
}"""


def test_the_totalizator_says_race_8_was_paid_out_at_the_meets_end(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "across", "config": {"players": 3}, "seats": BOTS, "seed": 5}
        links = open_table(address, request)
        game_id = links["id"]
        over = frame(address, game_id)
        assert over["over"] and over["view"]["phase"] == "over"
        assert over["view"]["race"] == 8 and over["view"]["tickets"] == []  # paid, cleared
        page = small_phone_at(browser, address, f"/t/{game_id}/watch")
        try:
            settled(address, game_id, page)
            tote = page.locator(".ab-tote")
            expect(tote.locator("h3")).to_have_text("MPH Totalizator, race 8")
            expect(tote).to_contain_text(
                "The meet is over: race 8's tickets are paid out and cleared from the board."
            )
            expect(tote.locator("table")).to_have_count(0)  # no empty grid under the heading
            fits_width(page)
            if os.environ.get(SHOTS):  # (table_pages.snap, of the tote alone)
                tote.screenshot(path=str(shared_server.folder / "tote-over-375.png"))
        finally:
            page.context.close()


def _reads(page: Page) -> str:
    said: str = page.locator(".ab-ring").evaluate(READ_IN_ORDER)
    return said


def test_the_ring_form_reads_as_a_sentence_on_a_small_phone(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, ANN_BOB_AND_CY)
        game_id = links["id"]
        across_to_race_1_betting(address, game_id, tokens)
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            settled(address, game_id, page)
            ring = page.locator(".ab-ring")
            expect(ring).to_be_visible()
            count = ring.locator("input").first
            expect(count).to_have_attribute("aria-label", "ring's tickets")
            assert _reads(page) == (
                "Ring: [1] ticket on #2 with Bob who puts in [1] of the 3 fifties"
            )
            count.fill("2")  # the words follow the count typed
            expect(ring).to_contain_text("tickets on")
            assert _reads(page) == (
                "Ring: [2] tickets on #2 with Bob who puts in [1] of the 6 fifties"
            )
            fits_width(page)
            if os.environ.get(SHOTS):  # (table_pages.snap, of the ring alone)
                ring.screenshot(path=str(shared_server.folder / "ring-375.png"))
        finally:
            page.context.close()
