"""The pinned "Your turn" comes without moving the page: a phone scrolled down to the
generic moves (folded under Across's board, at the page's foot) has its move scrolled
away, so the pin comes; what the player aimed at stays where it was, and a tap on
"Moves" opens them. (The page used to grow by the pin's room as it came and scroll a
player at its foot on by as much: the tap landed on the seats below, the moves stayed
shut -- the whole run's failure at e463f30.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    across_at_its_first_auction,
    frame,
    scroll_settled,
    shows,
)

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY
TO_THE_FOOT = """() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const box = document.querySelector("#turn-fold > summary").getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}"""
"""One scroll to the foot of the page, and where "Moves" is on the screen straight after
it, before the page has answered the scroll: where the player's finger goes."""


def test_a_tap_on_the_moves_at_the_foot_lands_where_it_was_aimed(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        page = phone()
        page.goto(links["seats"][asked]["link"])
        shows(page, frame(address, game_id)["version"])
        fold = page.locator("#turn-fold")
        expect(fold).not_to_have_attribute("open", "")  # folded under the board
        aimed = page.evaluate(TO_THE_FOOT)
        expect(page.locator("#your-turn-pin")).to_be_visible()  # the move scrolled away
        scroll_settled(page)
        summary = page.locator("#turn-fold > summary").bounding_box()
        assert summary is not None
        height = page.evaluate("window.innerHeight")
        assert summary["y"] >= 0 and summary["y"] + summary["height"] <= height, summary
        now = {"x": summary["x"] + summary["width"] / 2, "y": summary["y"] + summary["height"] / 2}
        assert now == pytest.approx(aimed, abs=1), f"'Moves' moved from {aimed} to {now}"
        page.mouse.click(aimed["x"], aimed["y"])
        expect(fold).to_have_attribute("open", "")
        expect(page.locator("#actions button").first).to_be_visible()
