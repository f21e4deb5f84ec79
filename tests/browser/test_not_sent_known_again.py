"""A move whose request failed in the browser (blocked, the table's stream up all the
while) is said "not sent" until the page knows the table again: the next frame pushed
(here: Bob's page opened, so Ann's is told he is here), not only Ann's next move. The
line stayed at the top of the page and under the move, through any number of frames."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    YOUR_MOVE,
    SharedServer,
    across_at_its_first_auction,
    frame,
    moves_blocked,
    open_table,
    shows,
    small_phone_at,
    token_of,
)

pytestmark = pytest.mark.browser
PEOPLE = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cat")]
NOT_SENT = "Your move was not sent"


def _not_sent_then_a_frame(
    browser: Browser, address: str, links: dict, seat: int, box: str | None = None
) -> None:
    """Seat ``seat``'s phone taps its move with moves blocked (said not sent, and in
    ``box`` if given), then the next seat's phone opens the table: the first phone,
    pushed that frame, no longer says it (nor shows ``box``); nothing was made."""
    game_id = links["id"]
    version = frame(address, game_id)["version"]
    other = (seat + 1) % 3
    page = small_phone_at(browser, address, links["seats"][seat]["link"])
    try:
        shows(page, version)
        said = page.locator("[role=alert]", has_text=NOT_SENT)
        with moves_blocked(page):
            page.locator(YOUR_MOVE).first.click()
            expect(said.first).to_be_visible()
            if box:
                expect(page.locator(box)).to_be_visible()
        bob = small_phone_at(browser, address, links["seats"][other]["link"])
        bob_here = page.locator(f"#seats li[data-seat='{other}']")
        expect(bob_here).to_contain_text("here")  # the frame that said so drawn
        expect(said).to_have_count(0)
        expect(page.locator("#error")).to_be_hidden()
        if box:
            expect(page.locator(box)).to_be_hidden()
        expect(page.locator("#status")).to_have_text("your turn")
        assert frame(address, game_id)["version"] == version
        bob.context.close()
    finally:
        page.context.close()


def test_across_not_sent_goes_with_the_next_frame(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Across says it at the top of the page and under the move."""
    with shared_server.visit() as address:
        links, _tokens, asked = across_at_its_first_auction(address, PEOPLE)
        _not_sent_then_a_frame(browser, address, links, asked)


def test_totopoly_not_sent_goes_with_the_next_frame_and_its_box(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Totopoly says it in a box of its own above the board, which goes with it."""
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": PEOPLE, "seed": 4}
        links = open_table(address, request)
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        mover = next(s for s, t in enumerate(tokens) if frame(address, links["id"], t)["your_turn"])
        _not_sent_then_a_frame(browser, address, links, mover, box="#tp-refusal")
