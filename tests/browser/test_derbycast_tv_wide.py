"""The Derby Cast TV on a wide screen: a family's TV in the living room at 1920 x 1080
(found walking a whole game as a family: the TV, three phones, one holding two seats).
The page kept to its 60rem column, one thing under another: while the keeper's Top of
the Stretch race (a field of fourteen) was under review, the TV read its call out part
by part below the card, and only the first part ("The pace") was on the screen; the
wire and why it was won came below it, and nobody scrolls a TV. Now the TV takes the
window's width in two columns, the board, the standings and the card on the left, what
the table is doing, the call and the last race on the right: at 1920 x 1080 the board,
every horse of the card and every part of the call are on the first screen, then the
official result; a 1280 x 720 TV the same, its type scaled with its screen. The type is
2% of the screen's height (derbycast.css), the markers' numbers 90% of that: it was
16 px (the markers 15.6 px) at every size, small from a sofa 3 m from a 1920 x 1080 TV;
16 px at least where what the TV shows whole fits at 16 px (a 1280 x 720 laptop's card of
six), stepped down to 2% only where it would not (derbycast.js, fitTheType).
Screenshots are kept in the test's folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    FOURTEEN_HORSES,
    SharedServer,
    derbycast_call_read_out,
    derbycast_family_under_review,
    fits_the_tv,
    move,
    settled,
    snap,
    tv_at,
    twenty_markers_and_a_card,
)

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser


SCREENS = {"tv-1920": (1920, 1080), "tv-1280": (1280, 720)}
READ = 0.02
"""The race's lines (the card, the call, the result, what the table is doing, the board's
headings): 2% of the screen's height at least, 21.6 px on a 1080 px TV."""
MARKERS = 0.018
"""A marker's number on its chip (bold, white on blue): 90% of that, 19.4 px at 1080."""
SIZES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((node) => node.getClientRects().length)
  .map((node) => [node.textContent.slice(0, 30), parseFloat(getComputedStyle(node).fontSize)])"""
LINES = ".dc-card :is(caption, td), .dc-oat th, .dc-status, .dc-call p, .dc-last li"


def _read_across_a_room(tv: Page, height: int) -> None:
    """The race's lines and the markers' numbers in type scaled to the screen's height."""
    small = [(said, size) for said, size in tv.evaluate(SIZES, LINES) if size < READ * height]
    assert not small, (height, small)
    chips = tv.evaluate(SIZES, ".dc-oat .dc-chip")
    assert chips and all(size >= MARKERS * height for _, size in chips), (height, chips)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_tv_shows_the_board_the_card_and_the_whole_call_on_one_screen(
    browser: Browser, shared_server: SharedServer, tmp_path: Path, screen: str
) -> None:
    """At 1920 x 1080 and at 1280 x 720 (where the call was read under the card's
    fourteen rows, off the screen, then beside it only as far as its first part), in
    type read from across a room; then the official result beside the board."""
    width, height = SCREENS[screen]
    with shared_server.visit() as address:
        game_id, watch, call, keeper = derbycast_family_under_review(address)
        with tv_at(browser, address, watch, game_id, width, height, clock=True) as tv:
            derbycast_call_read_out(tv, address, game_id)
            parts = tv.locator(".dc-call p")
            expect(parts).to_have_count(len(call))  # read out whole
            expect(parts.last).to_contain_text(call[-1]["words"][:40])
            snap(tv, tmp_path / f"{screen}-call.png", full_page=False)
            fits_the_tv(tv, ".dc-oat", ".dc-card tr", ".dc-call h3, .dc-call p", ".dc-status")
            _read_across_a_room(tv, height)
            move(address, game_id, keeper, {"kind": "official"})
            settled(address, game_id, tv)
            snap(tv, tmp_path / f"{screen}-official.png", full_page=False)
            fits_the_tv(tv, ".dc-oat", ".dc-last h3, .dc-last li")
            _read_across_a_room(tv, height)


ROOT = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
"""The watch page's type (its root size: every line of the TV is in rem or em)."""

CARDS = {
    # (width, height, horses carded): the least and the most the type may be, in CSS px
    "tv-1920": (1920, 1080, 14, 21.6, 21.6),
    "tv-1280": (1280, 720, 14, 14.4, 16.0),
    "tv-1280-six": (1280, 720, 6, 16.0, 16.0),
}


@cache
def _carded(address: str, horses: int) -> JSON:
    """``twenty_markers_and_a_card`` with the first ``horses`` of ``FOURTEEN_HORSES``, made
    once a server: the tests only watch it (a card of fourteen on two screens)."""
    return twenty_markers_and_a_card(address, FOURTEEN_HORSES[:horses])


@pytest.mark.parametrize("screen", list(CARDS))
def test_a_tv_with_twenty_markers_shows_the_card_picked_from(
    browser: Browser, shared_server: SharedServer, tmp_path: Path, screen: str
) -> None:
    """Twenty markers after a race, the next race's fourteen horses carded: the card is
    under the board, the twenty standings under the card (they stood between the two,
    and put the card being picked from below the screen), the last race beside them; the
    board's twelve lanes and the fourteen horses on the first screen in type read from
    across a room (at 1920 x 1080 and at 1280 x 720). The type as large as fits: 21.6 px
    at 1920 x 1080; at 1280 x 720 (a laptop's, or a TV's) a card of six at 16 px (it
    was 14.4, the size only the fourteen need there), the fourteen smaller only as far
    as they need (derbycast.js, fitTheType)."""
    width, height, horses, least, most = CARDS[screen]
    with shared_server.visit() as address:
        links = _carded(address, horses)
        game_id = links["id"]
        with tv_at(browser, address, links["watch"], game_id, width, height) as tv:
            snap(tv, tmp_path / f"{screen}-twenty.png", full_page=False)
            expect(tv.locator(".dc-card tr")).to_have_count(horses + 1)
            fits_the_tv(tv, ".dc-oat", ".dc-card caption, .dc-card tr", "#status, .dc-last h3")
            _read_across_a_room(tv, height)
            size = tv.evaluate(ROOT)
            assert least - 0.05 <= size <= most + 0.05, (screen, size)
