"""An invitation whose open seats are all kept for people by name (the opener made them
for Dan and Fay) said so only once a guest had typed another name and was refused. The
join page says it up front, above the name's box, in sight on a small phone: whom the
seats left are kept for, and to join under that name as it is written."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, open_table

pytestmark = pytest.mark.browser
ANN_DAN_AND_FAY = [
    {"kind": "person", "name": "Ann"},
    {"kind": "open", "name": "Dan"},
    {"kind": "open", "name": "Fay"},
]


def test_the_join_page_says_up_front_whom_the_seats_left_are_kept_for(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seed": 4}
        links = open_table(address, {**request, "seats": ANN_DAN_AND_FAY})
        anyones = [*ANN_DAN_AND_FAY[:2], {"kind": "open", "name": "Player 3"}]
        other = open_table(address, {**request, "seats": anyones})
        phones = [browser.new_context(base_url=address, **SMALL) for _ in range(3)]
        try:
            eve, dan, fay = (phone.new_page() for phone in phones)
            eve.goto(links["invite"])
            kept = eve.locator("#seats-kept")
            expect(kept).to_have_text(
                "The seats left are kept for Dan and Fay: join under your name as it is "
                "written there."
            )
            expect(kept).to_be_in_viewport()
            expect(eve.locator("#name")).to_have_value("")  # before a name is typed
            # the refusal after joining says the same names
            eve.fill("#name", "Eve")
            eve.click("#join button")
            expect(eve.locator("#error")).to_contain_text("kept for Dan and Fay")
            dan.goto(links["invite"])
            dan.fill("#name", "Dan")
            dan.click("#join button")
            expect(dan).to_have_url(re.compile(rf"/t/{links['id']}/seat/"))  # seated
            fay.goto(links["invite"])  # one left, kept for Fay
            expect(fay.locator("#seats-kept")).to_have_text(
                "The seat left is kept for Fay: join under your name as it is written there."
            )
            # a seat left for anyone: a guest of any name is seated, nothing said
            eve.goto(other["invite"])
            expect(eve.locator("#name")).to_be_visible()
            expect(eve.locator("#seats-kept")).to_have_count(0)
        finally:
            for phone in phones:
                phone.close()
