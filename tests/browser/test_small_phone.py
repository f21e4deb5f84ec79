"""On the smallest phone a player brings (375 px wide, an iPhone SE), what the table
shows a player waiting for others fits the screen: nothing is cut off at the right."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    shows,
    snap,
    token_of,
)

pytestmark = pytest.mark.browser
SMALL = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True}


def test_derby_casts_race_card_of_fourteen_fits(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper", "races": 1}
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": seats, "seed": 3}
        )
        keeper = token_of(links["seats"][2]["link"])
        derby = {"kind": "simulate", "race": "dream-derby"}  # fourteen runners
        version = move(address, links["id"], keeper, derby)
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            bob = phone.new_page()  # Ann picks first: Bob reads the card
            bob.goto(links["seats"][1]["link"])
            shows(bob, version)
            card = bob.locator(".dc-card")
            expect(card).to_contain_text("Secretariat")
            snap(bob, shared_server.folder / "dc-card-375.png")
            fits_width(bob)
        finally:
            phone.close()


LINES_OF_SPACES = """() => [...document.querySelectorAll(".dc-card tr[data-program]")].map((row) => {
  // the lines the fourth column's words ("W 3 / P 1 / S 0") are drawn over
  const range = document.createRange();
  range.selectNodeContents(row.children[3]);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return [row.dataset.program, row.children[3].textContent, tops.size];
})"""


def test_derby_casts_spaces_are_one_line_a_horse_on_a_small_phone(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A horse's 'W 3 / P 1 / S 0' on one line at 375 px, before any pick and with one
    (shown under the horse's name): broken at each ' / ' it was three lines a horse, a
    field of fourteen some 750 px tall."""
    with shared_server.visit() as address:
        names = ("Ann", "Bob", "Cy")
        config = {"entrants": [{"name": n} for n in names], "source": "keeper", "races": 1}
        seats = [{"kind": "person", "name": n} for n in (*names, "Keeper")]
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": seats, "seed": 3}
        )
        keeper = token_of(links["seats"][3]["link"])
        version = move(address, links["id"], keeper, {"kind": "simulate", "race": "dream-derby"})
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            cy = phone.new_page()  # Ann picks first, then Bob: Cy reads the card
            cy.goto(links["seats"][2]["link"])
            shows(cy, version)
            expect(cy.locator(".dc-card tr[data-program]")).to_have_count(14)
            for picked in (False, True):
                if picked:  # Ann's pick in: on the card by name, the card no wider
                    ann = token_of(links["seats"][0]["link"])
                    card = frame(address, links["id"])["view"]["card"]
                    horse, program = card["horses"][6], card["programs"][6]
                    shows(cy, move(address, links["id"], ann, {"kind": "pick", "horse": horse, "bet": "place"}))  # fmt: skip
                    row = cy.locator(f'.dc-card tr[data-program="{program}"]')
                    expect(row).to_contain_text("Ann (place)", use_inner_text=True)  # shown
                rows = cy.evaluate(LINES_OF_SPACES)
                assert all(text.startswith("W\u00a0") for _, text, _ in rows), rows  # the column
                assert [r for r in rows if r[2] != 1] == []
                fits_width(cy)
        finally:
            phone.close()
