"""Across the Board's "At the table" says the bids and passes on the horse on the block,
in words, among the table's notices in the order they came: a player who looked away
reads who bid what (the block shows only the high bid). From the log as the server
sends it to the seat, so redacted as the seat's view is."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    API,
    SMALL,
    SharedServer,
    across_at_its_first_auction,
    fits_width,
    frame,
    shown_secrets,
    shows,
)

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY


def _fifties(n: int) -> str:
    return f"{n} fifty" if n == 1 else f"{n} fifties"


def test_the_bids_on_the_block_are_said_at_the_table(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        other = 1 - asked
        names = [seat["name"] for seat in SEATS]
        shown = frame(address, game_id, tokens[asked])
        lot = shown["view"]["lot"]
        amount = lot["min_bid"]
        body = {"token": tokens[asked], "version": shown["version"]}
        bid = {**body, "action": {"kind": "bid", "amount": amount, "partner": -1}}
        made = API.post(f"{address}/api/tables/{game_id}/moves", json=bid)
        assert made.status_code == 200, made.text
        phone = browser.new_context(base_url=address, **SMALL)
        page = phone.new_page()
        page.goto(links["seats"][other]["link"])  # Bob's phone, looking now
        shows(page, frame(address, game_id)["version"])
        talk = page.locator(".ab-talk li")
        expect(talk.filter(has_text=f"{names[asked]} bid {_fifties(amount)}")).to_have_count(1)
        # Bob raises: said above Ann's bid (newest first), the horse still on the block
        later = frame(address, game_id, tokens[other])
        assert later["your_turn"] and later["view"]["lot"]["horse"] == lot["horse"]
        raised = later["view"]["lot"]["min_bid"]
        raise_ = {"kind": "bid", "amount": raised, "partner": -1}
        body = {"token": tokens[other], "version": later["version"], "action": raise_}
        made = API.post(f"{address}/api/tables/{game_id}/moves", json=body)
        assert made.status_code == 200, made.text
        now = frame(address, game_id, tokens[other])
        shows(page, now["version"])
        assert now["view"]["lot"]["horse"] == lot["horse"]  # Ann is still in: not sold
        said = talk.all_inner_texts()
        ann = said.index(f"{names[asked]} bid {_fifties(amount)}")
        assert f"{names[other]} bid {_fifties(raised)}" in said[:ann]
        assert shown_secrets(page, shared_server.db, game_id, other) == set()
        fits_width(page)
        phone.close()
