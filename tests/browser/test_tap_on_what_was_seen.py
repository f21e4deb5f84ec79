"""A tap counts when it lands on what the player saw (table.js): a button another
player's move drew anew a line lower (Across's "Offer the loan", below the table talk
that move added a line to) took no tap for 200 ms after, so a finger that came down on
it just after it was drawn was lost, nothing said. (A finger that came down before the
redraw was aimed at what was there then: on the board it holds the board as drawn,
tests/browser/test_tap_held_while_others_move.py; a quick double tap's second tap on the
next decision is still not taken, tests/browser/test_taps.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SMALL,
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    shows,
)

pytestmark = pytest.mark.browser
OFFER = ".ab-offer-lend"
SEATS = ANN_BOB_AND_CY

TAP_AS_DRAWN = """([version, selector]) => {
  // a finger on ``selector`` as a phone's is (down, up, then the click) the moment the
  // page has drawn the frame after ``version``. Said back: where the button stood
  // before and after, and whether it was drawn anew
  const fire = (node, type) => {
    const box = node.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    const make = type === "click" ? new MouseEvent(type, { ...at, detail: 1 }) : new PointerEvent(type, { ...at, pointerType: "touch", isPrimary: true });
    node.dispatchEvent(make);
  };
  const first = document.querySelector(selector);
  window.tapSaid = { before: Math.round(first.getBoundingClientRect().top + window.scrollY) };
  const watch = new MutationObserver(() => {
    if (document.body.dataset.version === version) return;
    watch.disconnect();  // the frame drawn (this runs once its drawing is through)
    const now = document.querySelector(selector);
    window.tapSaid.after = Math.round(now.getBoundingClientRect().top + window.scrollY);
    window.tapSaid.anew = now !== first;
    fire(now, "pointerdown");
    fire(now, "pointerup");
    fire(now, "click");
    window.tapSaid.done = true;
  });
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
}"""


def _offer_tapped_as_the_loan_comes(browser: Browser, address: str) -> tuple[Page, list[Any]]:
    """Bob (not asked) taps "Offer the loan" as Ann's loan to the computer is drawn:
    his page, what the tap said, and the moves his page sent."""
    links, tokens, asked = across_at_its_first_auction(address, SEATS)
    game_id, other = links["id"], 1 - asked
    page = browser.new_context(base_url=address, **SMALL).new_page()
    page.goto(links["seats"][other]["link"])
    version = frame(address, game_id)["version"]
    shows(page, version)
    page.locator(OFFER).scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # the page as drawn, looked at
    sent: list[Any] = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/moves") else None)
    page.evaluate(TAP_AS_DRAWN, [str(version), OFFER])
    move(address, game_id, tokens[asked], {"kind": "lend", "borrower": 2, "amount": 1})
    page.wait_for_function("() => window.tapSaid && window.tapSaid.done === true")
    said = page.evaluate("window.tapSaid")
    assert said["anew"] and said["after"] != said["before"], said  # drawn anew, moved
    return page, sent


def test_a_tap_that_came_down_on_a_moved_button_after_it_was_drawn_is_made(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page, sent = _offer_tapped_as_the_loan_comes(browser, address)
        for _ in range(200):  # a bound on waiting for the request, not a measurement
            if sent:
                break
            page.wait_for_timeout(50)
        assert len(sent) == 1, "the tap was lost"
        assert sent[0].post_data_json["action"]["kind"] == "lend_terms"
        page.context.close()
