"""The TV as the next race is picked from, after a race the TV itself ran (so it has a
call), with twenty markers: the last race's title, its finish and twenty pick lines, and
its call under them, ran some 600 px below a 1080 px TV (the call cut mid-line, its last
parts off the screen nobody scrolls). The family wants the card they pick from and what
each pick made whole; the call was read out to them part by part while that race was
under review. So on the TV the last race's call folds under its heading (a summary, a
click opens it again) where it would run off the screen; with two markers it still
stands whole (test_derbycast_family_at_a_tv). And at 1280 x 720, the twenty standings
under a card of fourteen: the bottom edge cut the "Standings" heading in half; a line the
edge cuts now starts wholly below it. Screenshots are kept in the test's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    FOURTEEN_HORSES,
    SharedServer,
    cut_at_the_bottom,
    fits_the_tv,
    frame,
    move,
    settled,
    snap,
    token_of,
    tv_at,
    twenty_markers_after_a_called_race,
    twenty_markers_and_a_card,
)

pytestmark = pytest.mark.browser

SIDE = """() => [...document.querySelectorAll(".dc-tv-side :is(h3, li, p, summary)")]
  .filter((line) => line.checkVisibility())  // (not a folded call's lines)
  .map((line) => [line.textContent.slice(0, 40), line.getBoundingClientRect().bottom])"""
"""What the TV's right column shows (what the table is doing, the last race and its
call): each line's first words and its bottom, scrolled to the top."""


def test_the_next_card_and_the_last_result_fit_a_1080_tv_the_call_folded(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links, _ = twenty_markers_after_a_called_race(address)
        game_id = links["id"]
        now = frame(address, game_id)["view"]
        call = now["last_race"]["call"]
        assert now["card"] and now["race"] == 2 and now["call"] is None  # race 2 carded
        assert len(now["last_race"]["words"]["picks"]) == 20 and len(call) >= 5
        with tv_at(browser, address, links["watch"], game_id, 1920, 1080) as tv:
            snap(tv, tmp_path / "tv-1920-next-card.png", full_page=False)
            fits_the_tv(
                tv,
                ".dc-oat, .dc-card caption, .dc-card tr, .dc-status, #status",
                ".dc-last h3, .dc-last li, .dc-last p",
                ".dc-last + .dc-call summary",  # the call's heading, under it
            )
            below = [said for said, bottom in tv.evaluate(SIDE) if bottom > 1080.5]
            assert below == []  # the call's lines ran off the screen, one cut mid-line
            assert cut_at_the_bottom(tv) == []  # (the page's too, the board's lines not alone)
            parts = tv.locator(".dc-last + .dc-call p")
            expect(parts).to_have_count(len(call))
            expect(parts.first).to_be_hidden()  # folded
            tv.locator(".dc-call summary").click()  # opened, as a laptop's reader would
            expect(parts.last).to_be_visible()
            expect(parts.last).to_contain_text(call[-1]["words"][:40])
            horse = now["card"]["horses"][0]
            move(address, game_id, token_of(links["seats"][0]["link"]), {"kind": "pick", "horse": horse, "bet": "win"})  # fmt: skip
            settled(address, game_id, tv)  # drawn again: left open as its reader left it
            expect(parts.last).to_be_visible()


def test_the_standings_heading_is_not_cut_at_the_bottom_of_a_720_tv(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links = twenty_markers_and_a_card(address, FOURTEEN_HORSES)
        game_id = links["id"]
        with tv_at(browser, address, links["watch"], game_id, 1280, 720) as tv:
            snap(tv, tmp_path / "tv-1280-standings.png", full_page=False)
            expect(tv.locator(".dc-card tr")).to_have_count(len(FOURTEEN_HORSES) + 1)
            fits_the_tv(tv, ".dc-oat, .dc-card caption, .dc-card tr")
            head = tv.locator(".dc-standings-head").bounding_box()
            assert head is not None
            assert head["y"] + head["height"] <= 720.5 or head["y"] >= 719.5, head  # not cut
            assert cut_at_the_bottom(tv) == []
