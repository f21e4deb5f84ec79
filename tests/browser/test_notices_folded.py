"""The Notices list of a long game: an Across the Board meet's ran to 80 lines and more
on a laptop, oldest first under a log that reads newest first. Now it reads newest first
as the log does, each notice numbered in the order it came, the newest five in sight and
the older folded under "N older notices", opened into a box of its own height that
scrolls; a fold opened stays open when the next frame is drawn."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    frame,
    move,
    open_table,
    shows,
    token_of,
)

pytestmark = pytest.mark.browser

MOST_POLLS = 600
"""A bound on asking whether the computer players have finished the meet."""


def test_a_long_games_notices_fold_and_read_newest_first(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        bots = [{"kind": "bot", "bot": "sensible", "name": n} for n in ("Ann", "Bob", "Cy")]
        links = open_table(
            address, {"game": "across", "config": {"players": 3}, "seats": bots, "seed": 3}
        )
        for _ in range(MOST_POLLS):  # computer players only: the server plays it out
            final = frame(address, links["id"])
            if final["over"]:
                break
            time.sleep(0.2)
        else:
            pytest.fail("the computer players did not finish the meet")
        told = [n["words"] for n in final["notices"]]
        assert len(told) > 20  # a long list: the case the fold is for
        laptop = browser.new_context(base_url=address, viewport={"width": 1280, "height": 800})
        try:
            page = laptop.new_page()
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
            page.screenshot(path=str(shared_server.folder / "notices-folded.png"))
        finally:
            laptop.close()


def test_a_short_list_is_whole_and_a_boards_own_numbers_match(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Up to seven notices are all in sight (no fold of one or two), and Totopoly's own
    "Money and cards", newest first too, numbers each notice as the page's list does (its
    newest was 1 there and 6 in the list below)."""
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
            listed = page.locator("#notices > li")
            expect(listed).to_have_count(len(told))
            expect(page.locator("#notices-older")).to_have_count(0)
            assert listed.all_inner_texts() == told[::-1]
            board = page.locator("ol.tp-notices > li")
            expect(board).to_have_count(len(told))
            numbers = [[n.get_attribute("value") for n in where.all()] for where in (listed, board)]
            assert numbers[0] == numbers[1] == [str(k) for k in range(len(told), 0, -1)]
        finally:
            phone.close()
