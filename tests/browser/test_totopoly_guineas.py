"""Totopoly's auction on a phone: the bids are in guineas and the money in pounds, so
the auction block says what a guinea costs the buyer (ruling T11)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    fits_width,
    frame,
    open_table,
    shows,
    token_of,
)

from homestretch.games.totopoly.rules.words import PAGE

pytestmark = pytest.mark.browser
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "sensible", "name": "Bert"},
    {"kind": "bot", "bot": "sensible", "name": "Cleo"},
]
MOST_MOVES = 60
"""A bound on Ann's moves to reach the auction, so a stuck game fails."""


def test_the_auction_says_what_a_guinea_costs(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        request = {
            "game": "totopoly",
            "config": {"players": 3, "short": True},
            "seats": SEATS,
            "seed": 5,
        }
        links = open_table(address, request)
        game_id, token = links["id"], token_of(links["seats"][0]["link"])
        for _ in range(MOST_MOVES):  # Ann makes her first choice each time
            seen = frame(address, game_id, token)
            if seen["view"]["phase"] == "auction" and seen["view"].get("lot"):
                break
            if seen["your_turn"]:
                answer = API.post(
                    f"{address}/api/tables/{game_id}/moves",
                    json={
                        "token": token,
                        "version": seen["version"],
                        "action": seen["legal"][0]["action"],
                    },
                    timeout=30,
                )
                assert answer.status_code == 200, answer.text
        else:
            pytest.fail("the auction did not come")
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, seen["version"])
        note = ann.locator("#tp-lot .tp-guinea")
        expect(note).to_have_text(PAGE["guinea_note"])
        expect(note).to_contain_text("\u00a31 a guinea to the bank")
        fits_width(ann)
