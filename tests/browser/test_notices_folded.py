"""The Notices list of a long game: an Across the Board meet's ran to 80 lines and more
on a laptop, oldest first under a log that reads newest first. Now it reads newest first
as the log does, each notice numbered in the order it came, the newest five in sight and
the older folded under "N older notices", opened into a box of its own height that
scrolls; a fold opened stays open when the next frame is drawn."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    frame,
    move,
    open_table,
    shows,
    small_phone_at,
    snap,
    token_of,
)
from tests.browser.test_totopoly_table_talk import _move, _open

pytestmark = pytest.mark.browser

MOST_POLLS = 600
"""A bound on asking whether the computer players have finished the meet."""


def _across_meet_played_out(address: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An Across the Board meet of three computer players, played out by the server: its
    links and its last frame, as a spectator sees it."""
    bots = [{"kind": "bot", "bot": "sensible", "name": n} for n in ("Ann", "Bob", "Cy")]
    links = open_table(
        address, {"game": "across", "config": {"players": 3}, "seats": bots, "seed": 3}
    )
    for _ in range(MOST_POLLS):  # computer players only: the server plays it out
        final = frame(address, links["id"])
        if final["over"]:
            return links, final
        time.sleep(0.2)
    pytest.fail("the computer players did not finish the meet")


def test_a_long_games_notices_fold_and_read_newest_first(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The page's own list, as a game with no board of its own has it (Across's board,
    which says the notices itself, is kept from loading: the list is not drawn for it)."""
    with shared_server.visit() as address:
        links, final = _across_meet_played_out(address)
        told = [n["words"] for n in final["notices"]]
        assert len(told) > 20  # a long list: the case the fold is for
        laptop = browser.new_context(base_url=address, viewport={"width": 1280, "height": 800})
        try:
            page = laptop.new_page()
            page.route("**/static/games/across.js", lambda route: route.fulfill(body=""))
            page.goto(links["watch"])
            shows(page, final["version"])
            newest = page.locator("#notices > li:not(.notices-older)")
            expect(newest).to_have_count(5)
            assert newest.all_inner_texts() == told[::-1][:5]
            numbers = [int(n.get_attribute("value") or 0) for n in newest.all()]
            assert numbers == list(range(len(told), len(told) - 5, -1))
            fold = page.locator("#notices-older")
            expect(fold.locator("summary")).to_have_text(f"{len(told) - 5} older notices")
            expect(fold.locator("li").first).to_be_hidden()
            box = page.locator("#notices-box").bounding_box()
            assert box is not None and box["height"] < 400, box  # not 80 lines of the page
            fold.locator("summary").click()
            older = fold.locator("li")
            expect(older.first).to_be_visible()
            assert older.all_inner_texts() == told[::-1][5:]  # on from where the five end
            scroller = fold.locator("ol")
            high = scroller.evaluate("(box) => [box.clientHeight, box.scrollHeight]")
            assert high[0] <= 16 * 16 < high[1], high  # a box of its own that scrolls
            page.evaluate("refetch()")  # the next frame drawn: the fold is as it was left
            expect(page.locator("#notices-older")).to_have_attribute("open", "")
            log = page.locator("#log li")
            expect(log.first).to_contain_text(
                f"{len(final['log']) - 1}: "
            )  # the log too: newest first
            snap(page, shared_server.folder / "notices-folded.png", full_page=False)
        finally:
            laptop.close()


def test_a_short_list_is_whole_and_a_boards_own_numbers_match(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Totopoly's own "Money and cards", newest first as the page's list is, numbers each
    notice in the order it came (its newest was 1 there and 6 in the page's list below,
    which is not drawn for it now: the board lists them, once), no fold under ten."""
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Cat")]
    with shared_server.visit() as address:
        links = open_table(
            address, {"game": "totopoly", "config": {"players": 3}, "seats": seats, "seed": 4}
        )
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        for _ in range(MOST_POLLS):  # the first moves offered, until Ann has a few notices
            ann = frame(address, game_id, tokens[0])
            if len(ann["notices"]) >= 3:
                break
            seat = ann["waiting"]["seats"][0]
            move(
                address,
                game_id,
                tokens[seat],
                frame(address, game_id, tokens[seat])["legal"][0]["action"],
            )
        told = [n["words"] for n in ann["notices"]]
        assert 3 <= len(told) <= 7, told
        phone = context(browser, address, phone=True)
        try:
            page = phone.new_page()
            page.goto(links["seats"][0]["link"])
            shows(page, ann["version"])
            expect(page.locator("#notices-box")).to_be_hidden()  # the board lists them
            board = page.locator("ol.tp-notices > li")
            expect(board).to_have_count(len(told))
            expect(page.locator("details.tp-older")).to_have_count(0)
            assert board.all_inner_texts() == told[::-1]
            numbers = [n.get_attribute("value") for n in board.all()]
            assert numbers == [str(k) for k in range(len(told), 0, -1)]
        finally:
            phone.close()


def test_totopolys_notices_are_listed_once_on_a_phone_the_oldest_still_there(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Totopoly's board says the notices itself ("Money and cards", newest first): the
    page's own "Notices" list below it said the same lines again on a phone. Now they are
    listed once, on the board: the last ten in sight, the older folded under "N older
    notices" (the board showed the last ten alone), the oldest readable there."""
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        for _ in range(MOST_POLLS):  # quiet moves until Ann has more notices than ten
            ann = frame(address, game_id, tokens[0])
            if len(ann["notices"]) > 12:
                break
            _move(address, game_id, tokens)
        else:
            pytest.fail("Ann was told too little")
        told = [n["words"] for n in ann["notices"]]
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            shows(page, ann["version"])
            board = page.locator("#tp-news")
            expect(board.locator("ol.tp-notices").first.locator("> li")).to_have_count(10)
            oldest = _listed_once_the_oldest_folded(
                page, board.locator("details.tp-older"), told, 10
            )
            expect(oldest).to_have_attribute("value", "1")
            snap(page, shared_server.folder / "totopoly-notices-once.png", full_page=False)
        finally:
            page.context.close()


def test_acrosss_notices_are_listed_once_on_a_phone_the_oldest_still_there(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Across's board says the notices itself ("At the table", its last 8 with the bids
    on the horse up): the page's own "Notices" list below it said the same lines again.
    Now they are listed once, on the board, the older folded under "N older notices"
    (the board showed the last 14 alone), the oldest readable there. The first list is 8
    lines, shown whole with no box scrolling in the page (test_across_talk_whole): a list
    not endless all the same."""
    with shared_server.visit() as address:
        links, final = _across_meet_played_out(address)
        told = [n["words"] for n in final["notices"]]
        assert len(told) > 20
        page = small_phone_at(browser, address, links["watch"])
        try:
            shows(page, final["version"])
            talk = page.locator(".ab-talk")
            expect(talk.locator("ul.ab-notices").first.locator("> li")).to_have_count(8)
            _listed_once_the_oldest_folded(page, talk.locator("details.ab-older"), told, 8)
        finally:
            page.context.close()


def _listed_once_the_oldest_folded(
    page: Page, fold: Locator, told: list[str], shown: int
) -> Locator:
    """A board listing the notices itself (the last ``shown`` of ``told`` in sight): its
    newest is on the page once (the page's own list not drawn), the rest are under
    ``fold`` ("N older notices"), opened, the oldest readable there: that line."""
    newest = page.get_by_text(told[-1], exact=True).filter(visible=True)
    expect(newest).to_have_count(told[-shown:].count(told[-1]))  # listed once
    expect(page.locator("#notices-box")).to_be_hidden()
    expect(fold.locator("summary")).to_have_text(f"{len(told) - shown} older notices")
    fold.locator("summary").click()
    oldest = fold.locator("li").last
    oldest.scroll_into_view_if_needed()
    expect(oldest).to_be_visible()
    expect(oldest).to_have_text(told[0])
    return oldest
