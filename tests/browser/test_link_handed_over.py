"""A player whose seat the creator handed over (to the computer, then opened for a new
person, which ends the old link) opens his old link on his phone: he reads why it opens nothing, in a sentence on a page that fits his screen, and
the way to the lobby, not a line of JSON."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    context,
    fits_width,
    frame,
    open_table,
    shows,
    snap,
    token_of,
)

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def test_an_old_seat_link_says_why_in_words(browser: Browser, shared_server: SharedServer) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 2}, "seats": SEATS, "seed": 4}
        links = open_table(address, request)
        game_id = links["id"]
        phone = context(browser, address, phone=True)
        try:
            bob = phone.new_page()
            bob.goto(links["seats"][1]["link"])
            shows(bob, frame(address, game_id)["version"])
            for bot in ("random", "open"):  # to the computer, then opened for a new person
                handed = API.post(
                    f"{address}/api/tables/{game_id}/seats/1",
                    json={"token": token_of(links["admin"]), "bot": bot},
                )
                assert handed.status_code == 200, handed.text
            bob.reload()  # he comes back later with the link he had
            said = bob.locator("#error")
            expect(said).to_have_text("That link belongs to no seat at this table.")
            expect(bob.get_by_role("link", name="Go to the lobby")).to_have_attribute("href", "/")
            snap(bob, shared_server.folder / "link-handed-over.png", full_page=False)
            fits_width(bob)
            # to anything but a browser the server still answers in one line of JSON
            answer = API.get(f"{address}{links['seats'][1]['link']}")
            assert answer.status_code == 403
            assert answer.json() == {"error": "that link belongs to no seat at this table"}
        finally:
            phone.close()
