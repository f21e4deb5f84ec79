"""Across the Board on a phone: the track card marks a player's own horses, so she need
not look up which letter is hers in the players' table further down; and saying done at
the betting window is right under the horses, not below a loan for each of hers."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import (
    PHONE,
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    shows,
    token_of,
)

pytestmark = pytest.mark.browser
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
    {"kind": "bot", "bot": "sensible", "name": "Dee"},
]


def test_the_track_card_marks_her_own_horses(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        request = {"game": "across", "config": {"players": 3}, "seats": SEATS, "seed": 7}
        links = open_table(address, request)
        game_id, token = links["id"], token_of(links["seats"][0]["link"])
        move(address, game_id, token, {"kind": "track", "track": "woodbine"})
        move(address, game_id, token, {"kind": "bid", "amount": 10, "partner": -1})
        seen = frame(address, game_id, token)
        owners = seen["view"]["owners"]
        assert owners.get("2") == [0], owners  # the computers let #2 go to Ann
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, seen["version"])
        card = ann.locator(".ab-card tr[data-horse] .ab-owner")
        expect(ann.locator(".ab-card tr[data-horse='2'] .ab-owner")).to_have_text("A (you)")
        for horse, owner in owners.items():
            if 0 not in owner:
                expect(
                    ann.locator(f".ab-card tr[data-horse='{horse}'] .ab-owner")
                ).not_to_contain_text("you")
        assert card.count() == 11
        fits_width(ann)  # the wider owner cell still fits a phone


MOST_MOVES = 200
"""A bound on Ann's passes to reach the betting, so a stuck auction fails."""


def test_done_betting_is_on_the_first_screen_above_the_loans(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    """A player who owns horses may borrow on each of them from the 8th-race WIN bin:
    a button a horse, below the Daily Double. Saying done must not wait below them."""
    with shared_server.visit() as address:
        request = {"game": "across", "config": {"players": 3}, "seats": SEATS, "seed": 7}
        links = open_table(address, request)
        game_id, token = links["id"], token_of(links["seats"][0]["link"])
        move(address, game_id, token, {"kind": "track", "track": "woodbine"})
        move(address, game_id, token, {"kind": "bid", "amount": 10, "partner": -1})
        for _ in range(MOST_MOVES):  # Ann lets every other horse go
            seen = frame(address, game_id, token)
            kinds = {legal["action"]["kind"] for legal in seen["legal"]}
            if "done" in kinds:
                break
            asked = "answer" in kinds  # a computer player's offer to Ann comes first (R26)
            no = {"kind": "answer", "accept": False}
            move(address, game_id, token, no if asked else {"kind": "pass"})
        else:
            pytest.fail("the auction did not end")
        assert "loan" in kinds or len(kinds - {"bet", "dd", "done"}) > 0, kinds
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, seen["version"])
        done = ann.locator(".ab-betting .ab-done")
        expect(done).to_be_visible()
        ann.evaluate("window.scrollTo(0, 0)")
        box = done.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= PHONE["viewport"]["height"], f"done at {box['y']:.0f} px"
        loans = ann.locator(".ab-betting .ab-dealings").bounding_box()
        assert loans is not None and box["y"] < loans["y"]
        fits_width(ann)
