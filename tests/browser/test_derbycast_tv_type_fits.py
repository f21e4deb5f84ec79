"""The Derby Cast TV fitted to its screen, which nobody scrolls (its type as large as
fits: test_derbycast_tv_wide). What changes the page's height after a draw, with no frame
and no resize (the status line above the board shortened by a lost connection, and long
again once it is back), has the TV fitted again: no line cut at its bottom edge.
And twenty markers' standings, between races, whole on a 1080 px TV: the last three ran
below it; on a 720 px TV (the last four ran below it) their lowest folded into one line
that names them. Only a TV is measured again so: a phone's page and the desk were too.
Screenshots are kept in the test's folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.relay import Relay
from tests.browser.table_pages import (
    ALIVE,
    FITTED,
    SMALL,
    TV_TYPE,
    WATCHED,
    SharedServer,
    cut_at_the_bottom,
    derbycast_family_picking,
    fits_the_tv,
    settled,
    snap,
    tv_at,
    twenty_markers_after_a_race,
    twenty_markers_picking_sealed,
)

pytestmark = pytest.mark.browser


def test_a_lost_connection_said_above_the_board_has_the_tv_fitted_again(
    browser: Browser, quick_server: str, tmp_path: Path
) -> None:
    """Twenty markers picking, sealed, on a 1920 x 1080 TV: the page's status waits for
    all twenty by name ("P1 (not here), ..."), three lines of its heading; beside the
    card every marker's standing, whole. The TV's connection lost (the relay
    between it and the server silent, its new requests failing), the status says
    "reconnecting..." in one line and the board moves up a line, with no frame drawn:
    fitted again, nothing is cut at the bottom (unfitted, the "Seats" heading moved
    below the edge came back up across it, 1074 to 1107 px); the connection back, the
    status two lines again: fitted again, nothing cut. (A watch page sends nothing, so
    no refused move says a line above its board; a lost connection is what changes it.)"""
    address = quick_server
    links = twenty_markers_picking_sealed(address)
    relay = Relay(address)
    try:
        with tv_at(browser, relay.address, links["watch"], links["id"], 1920, 1080) as tv:
            tv.wait_for_function(f"aliveEvery === {ALIVE}")  # the server's interval heard
            waiting = tv.locator("#status").inner_text()
            assert re.search(r"P19\b.*, P20\b", waiting), waiting
            fits_the_tv(tv, ".dc-oat, .dc-card tr, #status")
            assert cut_at_the_bottom(tv) == []
            # every marker's standing on the screen: beside the card, under what the
            # table is doing (under the card not even the leader's line and a fold of
            # the rest fit below the three lines of the status)
            expect(tv.locator(".dc-tv-side .dc-standings > li")).to_have_count(20)
            fits_the_tv(tv, ".dc-standings-head, .dc-standings > li")
            tall = tv.locator("header").bounding_box()
            tv.route(EVERY_REQUEST, lambda route: route.abort())
            assert relay.silence() == 1
            expect(tv.locator("#status")).to_have_text("reconnecting\u2026")
            short = tv.locator("header").bounding_box()
            assert tall and short and short["height"] < tall["height"] - 20  # a line less
            tv.evaluate(FITTED)
            snap(tv, tmp_path / "tv-1920-reconnecting.png", full_page=False)
            assert cut_at_the_bottom(tv) == []
            tv.unroute(EVERY_REQUEST)
            expect(tv.locator("#status")).to_have_text(waiting)  # connected again
            tv.evaluate(FITTED)
            fits_the_tv(tv, ".dc-oat, .dc-card tr, #status")
            assert cut_at_the_bottom(tv) == []
    finally:
        relay.close()


EVERY_REQUEST = "**/api/tables/*/*"
"""The table's stream and its frame asked for: failed while the connection is lost."""


def test_twenty_markers_standings_are_whole_on_a_1080_tv_between_races(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Twenty markers after a race, the next not yet carded: the board and every one of
    the twenty standings under it on a 1920 x 1080 TV (the last three ran below it), at
    the TV's type, 21.6 px."""
    with shared_server.visit() as address:
        links, _ = twenty_markers_after_a_race(address)
        with tv_at(browser, address, links["watch"], links["id"], 1920, 1080) as tv:
            snap(tv, tmp_path / "tv-1920-standings.png", full_page=False)
            expect(tv.locator(".dc-standings li")).to_have_count(20)
            fits_the_tv(tv, ".dc-oat", ".dc-standings-head, .dc-standings li")
            sizes = tv.evaluate(
                """() => [...document.querySelectorAll(".dc-standings li")]
                .map((line) => parseFloat(getComputedStyle(line).fontSize))"""
            )
            assert min(sizes) >= 21.6 - 0.05, sizes  # not a smaller type for them


MARKERS = """(selector) => [...document.querySelectorAll(selector)].map((line) => Number(line.dataset.marker))"""


def test_twenty_markers_standings_fit_a_720_tv_between_races_the_lowest_folded(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Twenty markers after a race, the next not yet carded, on a 1280 x 720 TV: the last
    four standings ran below the screen. The lowest are folded into one line naming each
    of them with its points ("and 5 more: P11, P12, P16, P19, P20 (0 points)"): every
    marker named on the screen, no line cut, the type still 16 px."""
    with shared_server.visit() as address:
        links, points = twenty_markers_after_a_race(address)
        with tv_at(browser, address, links["watch"], links["id"], 1280, 720) as tv:
            snap(tv, tmp_path / "tv-1280-standings.png", full_page=False)
            more = tv.locator(".dc-standings-more summary")
            expect(more).to_be_visible()
            fits_the_tv(tv, ".dc-oat", ".dc-standings-head", ".dc-standings > li")
            shown = tv.evaluate(MARKERS, ".dc-standings > li[data-marker]")
            folded = tv.evaluate(MARKERS, ".dc-standings-more li[data-marker]")
            assert len(shown) >= 3 and sorted(shown + folded) == list(range(1, 21))
            said = more.inner_text()
            assert said.startswith(f"and {len(folded)} more:"), said
            for marker in folded:  # each named, its points after it
                assert re.search(rf"\bP{marker}\b[^(]*\({points[marker]} points?\)", said), said
            assert tv.evaluate(TV_TYPE) == pytest.approx(16.0, abs=0.05)


def test_only_the_tv_is_measured_again_when_its_page_changes_height(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A TV is fitted again when what stands above its board changes height; a phone's
    page and the keeper's desk fit nothing to the screen's height, and had the same
    watch on their heading and board, their cards measured again at every change."""
    with shared_server.visit() as address:
        links, _ = derbycast_family_picking(address)
        screens = {
            "phone": (links["seats"][0]["link"], SMALL),
            "desk": (links["seats"][3]["link"], {"viewport": {"width": 1280, "height": 800}}),
            "tv": (links["watch"], {"viewport": {"width": 1920, "height": 1080}}),
        }
        watched = {}
        for name, (link, screen) in screens.items():
            context = browser.new_context(base_url=address, **screen)
            try:
                page = context.new_page()
                page.add_init_script(f"({WATCHED})()")
                page.goto(link)
                settled(address, links["id"], page)
                watched[name] = page.evaluate("window.sizesWatched")
            finally:
                context.close()
        assert "board-box" not in watched["phone"], watched
        assert "board-box" not in watched["desk"], watched
        assert "board-box" in watched["tv"], watched
