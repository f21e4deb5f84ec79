"""Top of the Stretch with the dice typed in by a player: the box for the faces sits
under the call's latest line and stays in sight as the call grows, so a player on a
phone reads what the last roll did and types the next without scrolling. It sat at the
page's top while the call grew below it: a scroll up and down each roll."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    frame,
    move,
    open_table,
    press,
    shows,
    small_phone_at,
    token_of,
)

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser

WHERE = """() => {
  const roll = document.getElementById("roll").getBoundingClientRect();
  const lines = document.querySelectorAll("#stretch-call p");
  const last = lines[lines.length - 1].getBoundingClientRect();
  return { rollTop: roll.top, rollBottom: roll.bottom, lastTop: last.top,
           lastBottom: last.bottom, screen: window.innerHeight };
}"""
"""Where the roll box and the call's latest line are on the screen, measured at once."""

ROLLS = 12
"""Rolls typed on the phone: the pace, then each horse's form and on (the call outgrows
a small phone's screen a few rolls in)."""


def _to_the_off(address: str, links: JSON) -> None:
    """The odds rolled and both windows shut, through the API: the race waits on its
    first roll after the betting."""
    game_id, tokens = links["id"], [token_of(seat["link"]) for seat in links["seats"]]
    while (now := frame(address, game_id))["view"]["segment"] in ("odds", "betting"):
        if now["waiting"]["roll"]:
            faces = [4] * now["waiting"]["roll"]["dice"]
            roll = {"token": tokens[0], "version": now["version"], "roll": faces}
            answer = httpx.post(f"{address}/api/tables/{game_id}/moves", json=roll, timeout=30)
            assert answer.status_code == 200, answer.text
        else:
            seat = now["waiting"]["seats"][0]
            move(address, game_id, tokens[seat], {"kind": "done"})


def _call_read_out(page: Page) -> None:
    """The call's parts so far all read out (no "…" line waiting for the next)."""
    expect(page.locator("#stretch-call p").last).not_to_have_text("\u2026")


def test_the_roll_box_follows_the_call_on_a_phone(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        config = {"players": 2, "mode": "full", "race": "2009-champagne-stakes"}
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
        request = {"game": "stretch", "config": config, "seats": seats, "dice": "asked"}
        links = open_table(address, {**request, "roller": 0})
        _to_the_off(address, links)
        ann = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            shows(ann, frame(address, links["id"])["version"])
            box = ann.locator("#roll")
            box.scroll_into_view_if_needed()  # Ann goes to the box once; it keeps in sight
            below = 0
            for _ in range(ROLLS):
                now = frame(address, links["id"])
                if not now["waiting"]["roll"]:
                    break
                expect(box).to_be_visible()
                ann.fill("#roll-faces", " ".join(["3"] * now["waiting"]["roll"]["dice"]))
                press(ann, ann.locator("#roll button"))
                _call_read_out(ann)
                where = ann.evaluate(WHERE)
                # right under the call's latest line, and on the screen with it
                assert where["rollTop"] >= where["lastBottom"] - 1, where
                assert where["rollTop"] - where["lastBottom"] < 80, where
                assert where["lastTop"] >= 0 and where["rollBottom"] <= where["screen"] + 1, where
                below += ann.evaluate("window.scrollY") > 0
            assert below, "the call never outgrew the screen: the test showed nothing"
        finally:
            ann.context.close()
