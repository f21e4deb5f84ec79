"""One phone holding two seats at a table (a family's phone: Ann's tab and Bob's) keeps
both, in the list of seats this browser holds that every game shares (seats-held.js):
the invitation opened again leads back to each of them, and the lobby lists each. It
kept one seat a table (the last opened), and led back to that one only. A seat opened
for someone else is forgotten; the other stays."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import API, SMALL, SharedServer, fits_width, frame, open_table, shows

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)

SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "open", "name": "Guest"},
]


def test_a_phone_holding_two_seats_at_a_table_is_led_back_to_each(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = open_table(
            address, {"game": "totopoly", "config": {"players": 3}, "seats": SEATS, "seed": 4}
        )
        game_id = links["id"]
        ann, bob = (seat["link"] for seat in links["seats"][:2])
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            for link in (ann, bob):  # Ann's tab, then Bob's, on the one phone
                page.goto(link)
                shows(page, frame(address, game_id)["version"])
            page.goto(links["invite"])
            expect(page.locator("#seat-kept")).to_have_text(
                "This browser holds Ann's and Bob's seats at this table."
            )
            for name, link in (("Ann", ann), ("Bob", bob)):
                back = page.get_by_role("link", name=f"Back to {name}'s seat")
                expect(back).to_have_attribute("href", link)
                box = back.bounding_box()
                assert box is not None and box["height"] >= 44, box
            fits_width(page)
            page.goto("/")
            expect(page.locator("#mine li a")).to_have_text(
                [
                    f"Table {game_id} (Totopoly): Bob's seat",
                    f"Table {game_id} (Totopoly): Ann's seat",
                ]
            )
            # Bob's seat opened for someone else while his tab is open (his link plays no
            # more): his is forgotten, Ann's kept
            page.goto(bob)
            shows(page, frame(address, game_id)["version"])
            handed = API.post(
                f"{address}/api/tables/{game_id}/seats/1",
                json={"token": links["admin"].rsplit("/", 1)[1], "bot": "open"},
            )
            assert handed.status_code == 200, handed.text
            expect(page.locator("#status")).to_have_text("this link plays no seat now")
            page.goto(links["invite"])
            expect(page.locator("#seat-kept")).to_have_text(
                "This browser holds Ann's seat at this table."
            )
            expect(page.get_by_role("link", name="Back to Ann's seat")).to_have_attribute(
                "href", ann
            )
        finally:
            phone.close()
