"""Across the Board played to the end in a real browser through the generic page: two
people (one on a phone) and a computer player, with a spectator and the table's
creator. Ann reloads mid-game, then leaves, and the creator hands her seat to a
computer player of the game's own kind; Bob plays on to the end."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    context,
    fits_width,
    frame,
    nothing_hidden,
    open_moves,
    open_table,
    open_view,
    shows,
    snap,
    token_of,
)
from tests.conftest import serving

from homestretch.core.registry import entry

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY
QUICK = ("pass", "done", "reject")
"""What a person in a hurry chooses when it is offered: the game stays short."""


def _move(page: Page) -> None:
    open_moves(page)  # folded under the board
    buttons = page.locator("#actions button")
    if not buttons.count():  # too many to list as buttons: the first from the list
        page.locator("#typed button[type=submit]").click()
        return
    texts = buttons.all_inner_texts()
    quick = next((i for i, text in enumerate(texts) if text in QUICK), 0)
    buttons.nth(quick).click()


def test_two_people_and_a_computer_play_across_the_board(browser: Browser, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    with serving(db, tmp_path) as address:
        config = {**entry("across").harness_configs()[0], "players": 3, "meets": 1}
        request = {"game": "across", "config": config, "seats": SEATS, "seed": 3}
        links = open_table(address, request)
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        contexts = [context(browser, address, phone=(n == 1)) for n in range(4)]
        ann, bob, watch, admin = (c.new_page() for c in contexts)
        ann.goto(links["seats"][0]["link"])
        bob.goto(links["seats"][1]["link"])
        watch.goto(f"/t/{game_id}/watch")
        admin.goto(links["admin"])
        people = {0: ann, 1: bob}
        pages: list[tuple[Page, int | None]] = [(ann, 0), (bob, 1), (watch, None), (admin, None)]
        open_view(watch)  # folded under the board: opened as a player would
        expect(watch.locator("#view")).to_contain_text("Ann")  # seat names are the game's

        reloaded = handed_over = False
        moves = 0
        started = time.monotonic()
        for _ in range(600):
            now = frame(address, game_id)
            for page, _seat in pages if moves % 10 == 0 else pages[:2]:
                shows(page, now["version"])
            if now["over"]:
                break
            seat = now["waiting"]["seats"][0]
            page = people[seat]
            expect(page.locator("#status")).to_have_text("your turn")
            _move(page)
            moves += 1
            expect(page.locator("body")).not_to_have_attribute("data-version", str(now["version"]))
            if now["view"]["phase"] != "auction" and not reloaded:
                ann.reload()  # the auction is over: Ann's page comes back as it was
                reloaded = True
            if now["view"]["race"] >= 3 and not handed_over:
                for page, seat in pages:  # mid-game, every page as the table is
                    shows(page, frame(address, game_id)["version"])
                    # Across keeps nothing from anyone (bids, tickets and cash are on
                    # the table), so no page can show a secret: said, not checked
                    assert nothing_hidden(db, game_id, seat)
                hand = admin.locator(".hand-over[data-seat='0']")
                hand.locator("select").select_option("sensible")
                hand.locator("button").click()
                expect(admin.locator("#seats li[data-seat='0']")).to_contain_text("sensible")
                del people[0]  # Ann has left; the computer plays her seat from here
                handed_over = True
        else:
            pytest.fail("the game did not end")

        final = frame(address, game_id)
        assert reloaded and handed_over and final["over"], final["waiting"]
        for page, seat in pages:
            shows(page, final["version"])
            expect(page.locator("#result")).to_contain_text("winners")
            assert nothing_hidden(db, game_id, seat)
        assert frame(address, game_id, tokens[1])["over"]
        fits_width(bob)
        snap(bob, tmp_path / "across-phone.png")
        print(f"{moves} moves in the browser, {time.monotonic() - started:.0f} s")
        for c in contexts:
            c.close()
