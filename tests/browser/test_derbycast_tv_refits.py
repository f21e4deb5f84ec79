"""The Derby Cast TV fitted to its screen, what the last fits left:

- Twenty markers picking, sealed, at 1280 x 720: under the card not even the leader's
  standing and the fold of the rest fitted, and the standings started below the screen,
  while the right column stood half empty. They stand beside the card there, whole.
- The TV was fitted again at every move (the Log under the board grew, below the
  screen, until it scrolls at 20rem): now only where a height that matters changed.
- The last race's call, open where it fits, folds again when the board is pushed down
  after it was drawn (the status line long again as a lost connection comes back).
- Only the watch page's TV is watched for a change of height: a replay at a TV's width
  is drawn (and fitted) again at each step, the only change its page makes.
- A section under the board hidden or shown below the screen does not fit the TV again:
  hidden, its box (all zeros) read as the screen's top."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.relay import Relay
from tests.browser.table_pages import (
    ALIVE,
    FITTED,
    TV_FITS,
    WATCHED,
    SharedServer,
    _twenty_markers_and_a_keeper,
    cut_at_the_bottom,
    fits_the_tv,
    frame,
    move,
    settled,
    token_of,
    tv_at,
    twenty_markers_picking_sealed,
    twenty_markers_sealed_after_a_called_race,
)

pytestmark = pytest.mark.browser

MARKERS = """(selector) => [...document.querySelectorAll(selector)].map((line) => Number(line.dataset.marker))"""


def test_twenty_sealed_markers_standings_stand_beside_the_card_on_a_720_tv(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Twenty markers picking, sealed, at 1280 x 720: the card's eight horses and the
    sealed note reach the screen's bottom, and the standings started below it. Beside
    the card, under what the table is doing, every marker's standing is on the screen,
    no line cut."""
    with shared_server.visit() as address:
        links = twenty_markers_picking_sealed(address)
        with tv_at(browser, address, links["watch"], links["id"], 1280, 720) as tv:
            expect(tv.locator(".dc-tv-side > .dc-standings-box")).to_have_count(1)
            fits_the_tv(tv, ".dc-oat, .dc-card tr, #status", ".dc-standings-head")
            assert cut_at_the_bottom(tv) == []
            shown = tv.evaluate(MARKERS, ".dc-standings > li[data-marker]")
            folded = tv.evaluate(MARKERS, ".dc-standings-more li[data-marker]")
            assert sorted(shown + folded) == list(range(1, 21))
            whole = ".dc-standings > li:not(.dc-standings-more), .dc-standings-more summary"
            for line in tv.locator(whole).all():
                expect(line).to_be_in_viewport(ratio=1)


def test_a_move_that_changes_nothing_on_the_screen_fits_the_tv_once(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Twenty markers picking, sealed, on a 1920 x 1080 TV, the Log below the screen and
    still short (it scrolls past 20rem): P20 picking again (the status waits for the
    same nineteen) is drawn and fitted once. The Log's new line, below the screen,
    fitted the TV again, twice a move."""
    with shared_server.visit() as address:
        links = twenty_markers_picking_sealed(address)
        game_id = links["id"]
        horses = frame(address, game_id)["view"]["card"]["horses"]
        token = token_of(links["seats"][19]["link"])
        move(address, game_id, token, {"kind": "sealed-pick", "ticket": f"20|show|{horses[0]}"})
        with tv_at(browser, address, links["watch"], game_id, 1920, 1080) as tv:
            tv.evaluate(FITTED)
            log = tv.locator("#log li")
            assert tv.evaluate("document.getElementById('log').getBoundingClientRect().top") > 1080
            for horse in horses[1:4]:  # P20 picks again: the status waits for the same 19
                lines, fits = log.count(), tv.evaluate(TV_FITS)
                header = tv.locator("header").bounding_box()
                height = tv.evaluate("document.getElementById('log').clientHeight")
                move(address, game_id, token, {"kind": "sealed-pick", "ticket": f"20|win|{horse}"})
                settled(address, game_id, tv)
                expect(log).to_have_count(lines + 1)
                tv.evaluate(FITTED)
                tv.evaluate(FITTED)
                assert tv.locator("header").bounding_box() == header  # (nothing above moved)
                assert tv.evaluate("document.getElementById('log').clientHeight") > height
                assert tv.evaluate(TV_FITS) == fits + 1  # the draw's fit, no more


def test_the_last_races_call_folds_again_when_the_status_grows_back(
    browser: Browser, quick_server: str
) -> None:
    """Twenty sealed markers picking from the next card, the last race's call beside it,
    on a 1920 x 1630 screen (a tall window; 1780 before the TV stopped naming them again
    beside the card, eight lines more): the status, waiting for all twenty by name,
    is three lines, and the call runs past the bottom: folded. The connection lost, the
    status says "reconnecting..." in one line, the board moves up and the call opens,
    whole; the connection back, the status is three lines again and pushes the board
    down: the call folds again, nothing cut at the bottom (no frame is drawn for it)."""
    address = quick_server
    links = twenty_markers_sealed_after_a_called_race(address)
    relay = Relay(address)
    try:
        with tv_at(browser, relay.address, links["watch"], links["id"], 1920, 1630) as tv:
            tv.wait_for_function(f"aliveEvery === {ALIVE}")
            call = tv.locator("details.dc-call")
            waiting = tv.locator("#status").inner_text()
            assert re.search(r"P20\b", waiting), waiting
            expect(call).not_to_have_attribute("open", "")
            tv.route(EVERY_REQUEST, lambda route: route.abort())
            assert relay.silence() == 1
            expect(tv.locator("#status")).to_have_text("reconnecting\u2026")
            expect(call).to_have_attribute("open", "")
            fits_the_tv(tv, ".dc-call p")
            tv.unroute(EVERY_REQUEST)
            expect(tv.locator("#status")).to_have_text(waiting)  # connected again
            expect(call).not_to_have_attribute("open", "")
            tv.evaluate(FITTED)
            fits_the_tv(tv, ".dc-oat, .dc-card tr, .dc-call summary")
            assert cut_at_the_bottom(tv) == []
    finally:
        relay.close()


EVERY_REQUEST = "**/api/tables/*/*"
"""The table's stream and its frame asked for: failed while the connection is lost."""


def test_a_replay_at_a_tvs_width_is_not_watched_for_heights(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Twenty markers' one race run and made official, P1 past 21 points on a 30-1
    winner, the table over: its replay at
    1920 x 1080 is drawn as the TV is (two columns, fitted at each step) and watches no
    height; its watch page would (the same board, live)."""
    with shared_server.visit() as address:
        links, tokens = _twenty_markers_and_a_keeper(address, {"races": 1})
        game_id, keeper = links["id"], tokens[-1]
        odds = ["30-1", "2-1", "3-1", "4-1"]
        card = {"kind": "typed-card", "race": "Downs 1", "field": "Ace, Bolt, Comet, Dash"}
        move(address, game_id, keeper, {**card, "odds": ", ".join(odds), "scratched": ""})
        for marker, token in enumerate(tokens[:-1]):  # P1 alone on the 30-1 winner
            pick = (
                {"horse": "Ace", "bet": "win"} if marker == 0 else {"horse": "Dash", "bet": "show"}
            )
            move(address, game_id, token, {"kind": "pick", **pick})
        move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
        result = {"kind": "result", "odds": odds, "finish": [1, 2, 3, 4], "official": True}
        move(address, game_id, keeper, result)
        assert frame(address, game_id)["over"]
        context = browser.new_context(base_url=address, viewport={"width": 1920, "height": 1080})
        try:
            page = context.new_page()
            page.add_init_script(f"({WATCHED})()")
            page.goto(f"/t/{game_id}/replay")
            expect(page.locator("#replay-at")).to_be_visible()
            page.locator("#previous").click()  # a step back: the race under review
            expect(page.locator("#board .dc-tv")).to_be_visible()
            page.wait_for_function(f"{TV_FITS} > 0")
            fitted = page.evaluate(TV_FITS)
            page.locator("#next").click()  # a step on: drawn and fitted again
            page.wait_for_function(f"{TV_FITS} > {fitted}")
            assert "board-box" not in page.evaluate("window.sizesWatched")
        finally:
            context.close()


SECTION_HIDDEN = """([selector, hidden]) => { document.querySelector(selector).hidden = hidden; }"""
"""For ``page.evaluate``: the page's section ``selector`` hidden or shown, as table.js does
at a frame (the Result's box shown at the end, the Notices' hidden with none)."""


def test_a_section_hidden_or_shown_below_the_screen_does_not_fit_the_tv_again(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Twenty markers picking, sealed, on a 1920 x 1080 TV: the Log's section, below the
    screen, hidden and shown again, and the Notices' section, hidden (no notices yet),
    shown below the screen and hidden again, fit the TV no more times (each hiding did
    once); the error line above the board, shown, fits it again (the watch is live: the
    count would move)."""
    with shared_server.visit() as address:
        links = twenty_markers_picking_sealed(address)
        with tv_at(browser, address, links["watch"], links["id"], 1920, 1080) as tv:
            tv.evaluate(FITTED)
            for section in ("section:has(#log)", "#notices-box"):
                hidden = tv.evaluate(f"document.querySelector('{section}').hidden")
                assert hidden or tv.evaluate(f"{TOP}('{section}')") >= 1080  # not on the screen
                fits = tv.evaluate(TV_FITS)
                for now in (not hidden, hidden):
                    tv.evaluate(SECTION_HIDDEN, [section, now])
                    tv.evaluate(FITTED)
                    tv.evaluate(FITTED)
                    assert tv.evaluate(f"{TOP}('{section}')") >= 1080 or now  # (below it, shown)
                    assert tv.evaluate(TV_FITS) == fits, (section, now)
            fits = tv.evaluate(TV_FITS)
            tv.evaluate(ERROR_SHOWN)
            tv.wait_for_function(f"{TV_FITS} > {fits}")


TOP = "((selector) => document.querySelector(selector).getBoundingClientRect().top)"
"""A section's top on the screen (scrolled to the top), by its selector."""
ERROR_SHOWN = "() => { const line = document.getElementById('error'); line.textContent = 'lost'; line.hidden = false; }"
"""The page's error line, above the board, shown."""
