"""Totopoly's players on a small phone turned on its side (667 x 375): the players'
table of nine columns, drawn as a table from 640 px up, needs some 680 px; its last
column ("nominated") ran off its box's edge and the rest were squeezed a word a line.
Up to 800 px each player is a block of labelled items, as on a phone held upright."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    open_table,
    screen_at,
    totopoly_person_asked_to_bid,
)

pytestmark = pytest.mark.browser
PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
SIDEWAYS = {"viewport": {"width": 667, "height": 375}, "is_mobile": True, "has_touch": True}
OFF_THE_BOX = """() => {
  const box = document.querySelector("#tp-players .tp-inner").getBoundingClientRect();
  return [...document.querySelectorAll("#tp-players td, #tp-players th")]
    .filter((cell) => cell.getClientRects().length && cell.getBoundingClientRect().right > box.right + 0.5)
    .map((cell) => cell.textContent);
}"""


def test_the_players_fit_a_small_phone_on_its_side(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE, "seed": 5}
        links = open_table(address, request)
        asked = totopoly_person_asked_to_bid(address, links)  # leases kept face down, cash
        link = links["seats"][asked["seat"]]["link"]
        with screen_at(browser, address, link, links["id"], SIDEWAYS) as page:
            assert page.evaluate(OFF_THE_BOX) == []
            other = asked["view"]["players"][1 - asked["seat"]]
            row = page.locator(f"#tp-players tr[data-seat='{other['seat']}']")
            down = row.locator("td[data-label='face down']")  # read with its label
            expect(down).to_have_text(f"{other['face_down']} leases")
            expect(down).to_be_visible()
