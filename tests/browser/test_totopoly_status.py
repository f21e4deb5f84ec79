"""Totopoly's board on a phone, as its player reads it: the status box opens with "Now:"
(no empty line above it), a refused bid is said once, under the box it was typed in
(not again at the top of the page; refused as stale: the box says any bid the rules
would refuse before it is sent), and the log says who dealt which card to whom."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    frame,
    held_on_its_way,
    shows,
    snap,
    totopoly_asked_to_bid_again,
    totopoly_until_asked_to_bid,
)
from tests.browser.test_taps import _bob

pytestmark = pytest.mark.browser

GAP_ABOVE = """() => {
  const box = document.querySelector("#tp-status");
  const style = getComputedStyle(box);
  const inside = box.getBoundingClientRect().top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
  return document.querySelector("#tp-status .tp-phase").getBoundingClientRect().top - inside;
}"""


def test_the_status_a_refused_bid_and_the_deal_read_plainly(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        page, game_id, token = _bob(browser, address)
        seen = frame(address, game_id, token)
        shows(page, seen["version"])
        assert page.evaluate(GAP_ABOVE) <= 1  # "Now:" at the top of its box
        log = page.locator("#log li").all_inner_texts()
        assert not [line for line in log if line.endswith("the deal")], log
        assert any(" deals card 1 of " in line for line in log), log

        seen = totopoly_until_asked_to_bid(address, game_id, token)  # Bob may bid for a lot
        phone = context(browser, address, phone=True).new_page()
        phone.goto(page.url)
        shows(phone, seen["version"])
        # a bid its box takes (one under the last, or more than he can pay, is said by the
        # box, never sent), on its way while Bob bids on his other page and the lot's
        # bidding comes round to him again: refused as stale, the one refusal left
        phone.locator(".tp-amount-bid input").fill(str(int(seen["view"]["lot"]["bid"]) + 1))
        held_on_its_way(
            phone, lambda: totopoly_asked_to_bid_again(address, game_id, [token], seat=0)
        )
        phone.locator(".tp-amount-bid button").click()
        expect(phone.locator(".tp-amount-bid .tp-refused")).to_contain_text(
            "The table moved on before your move reached it (Bob, on another page or device,"
        )
        expect(phone.locator("#error")).to_be_hidden()  # said once, where it was typed
        snap(phone, tmp_path / "refused-bid.png", full_page=False)
