"""The Derby Cast TV fitted to its screen, which nobody scrolls (its type as large as
fits: test_derbycast_tv_wide). What changes the page's height after a draw, with no frame
and no resize (an error line said above the board), has the TV fitted again: the last
race's call folded where it now runs off the screen; it stood open past the bottom edge.
And twenty markers' standings, between races, whole on a 1080 px TV: the last three ran
below it; on a 720 px TV (the last four ran below it) their lowest folded into one line
that names them. Only a TV is measured again so: a phone's page and the desk were too.
Screenshots are kept in the test's folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SMALL,
    TV_TYPE,
    SharedServer,
    derbycast_family_picking,
    derbycast_family_under_review,
    fits_the_tv,
    move,
    settled,
    tv_at,
    twenty_markers_after_a_race,
)

pytestmark = pytest.mark.browser

ERROR = """(text) => { const line = document.getElementById("error");
  line.textContent = text; line.hidden = false; }"""
"""An error line said above the board, as table.js's showError says one (no frame drawn)."""


def _said_above_the_board(tv: Page, text: str) -> None:
    tv.evaluate(ERROR, text)


def test_a_line_said_above_the_board_after_it_is_drawn_has_the_tv_fitted_again(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """The family's TV at 1920 x 1080 as the next race is picked from: the last race's
    call whole under its result, some 30 px above the screen's bottom. Two lines said
    above the board push it down: its call folds (it stood open past the bottom edge,
    its last line cut) and the next card, the last race's lines and the call's heading
    stay whole on the screen."""
    with shared_server.visit() as address:
        game_id, watch, call, keeper = derbycast_family_under_review(address)
        move(address, game_id, keeper, {"kind": "official"})
        move(address, game_id, keeper, {"kind": "simulate", "race": "maiden-special-weight"})
        with tv_at(browser, address, watch, game_id, 1920, 1080) as tv:
            parts = tv.locator(".dc-last + .dc-call p")
            expect(parts).to_have_count(len(call))
            expect(parts.last).to_be_visible()  # whole: there is room
            fits_the_tv(tv, ".dc-card tr", ".dc-last h3, .dc-last li, .dc-call p")
            words = "The table could not be reached; trying again. " * 8
            _said_above_the_board(tv, words)
            expect(tv.locator("#error")).to_be_visible()
            expect(parts.first).to_be_hidden()  # folded, fitted again
            tv.screenshot(path=str(tmp_path / "tv-1920-said-above.png"))
            fits_the_tv(
                tv, ".dc-oat, .dc-card tr, .dc-status, .dc-wait", ".dc-last h3, .dc-last li"
            )
            fits_the_tv(tv, ".dc-last + .dc-call summary")


def test_twenty_markers_standings_are_whole_on_a_1080_tv_between_races(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Twenty markers after a race, the next not yet carded: the board and every one of
    the twenty standings under it on a 1920 x 1080 TV (the last three ran below it), at
    the TV's type, 21.6 px."""
    with shared_server.visit() as address:
        links, _ = twenty_markers_after_a_race(address)
        with tv_at(browser, address, links["watch"], links["id"], 1920, 1080) as tv:
            tv.screenshot(path=str(tmp_path / "tv-1920-standings.png"))
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
            tv.screenshot(path=str(tmp_path / "tv-1280-standings.png"))
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


WATCHED = """() => {  // what the page's scripts have a ResizeObserver watch, by id or tag
  window.sizesWatched = [];
  const observe = ResizeObserver.prototype.observe;
  ResizeObserver.prototype.observe = function (target, ...rest) {
    window.sizesWatched.push(target.id || target.tagName);
    return observe.call(this, target, ...rest);
  };
}"""


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
