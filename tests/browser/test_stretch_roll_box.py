"""Top of the Stretch with the dice typed in by a player: the box for the faces sits
under the call's latest line and stays in sight as the call grows, so a player on a
phone reads what the last roll did and types the next without scrolling. It sat at the
page's top while the call grew below it: a scroll up and down each roll."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    fours_typed,
    frame,
    move,
    press,
    shows,
    small_phone_at,
    stretch_typed_dice,
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
            fours_typed(address, game_id, tokens[0])
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
        links, _ = stretch_typed_dice(address, "full")
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


IN_SIGHT = """() => {
  const box = document.getElementById("roll").getBoundingClientRect();
  return !document.getElementById("roll").hidden && box.top >= 0
    && box.bottom <= window.innerHeight;
}"""
"""Whether the roll box is shown and wholly on the screen."""


def test_the_roll_box_is_brought_into_sight_when_it_appears_and_left_after(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The box appeared under the call, below a small phone's screen, when the race came
    to its first roll (the status line said it was Ann's): she scrolled to find it. It is
    scrolled into sight as it appears, and only then: Ann scrolled up to read is left
    there when the next roll's frame is drawn."""
    with shared_server.visit() as address:
        links, ann_token = stretch_typed_dice(address, "full")
        game_id = links["id"]
        while frame(address, game_id)["waiting"]["roll"]:  # the odds, rolled before the bets
            fours_typed(address, game_id, ann_token)
        ann = small_phone_at(browser, address, links["seats"][0]["link"])
        try:
            shows(ann, frame(address, game_id)["version"])
            expect(ann.locator("#roll")).to_be_hidden()  # the windows are open: no roll
            assert ann.evaluate("window.scrollY") == 0
            _to_the_off(address, links)
            expect(ann.locator("#roll")).to_be_visible()
            ann.wait_for_function(IN_SIGHT)  # brought into sight as it appeared
            assert ann.evaluate("window.scrollY") > 0, "it was on the first screen: nothing shown"
            ann.evaluate("scrollTo(0, 0)")  # Ann goes up to read
            assert not ann.evaluate(IN_SIGHT)
            shows(ann, fours_typed(address, game_id, ann_token))  # the next roll's frame
            expect(ann.locator("#roll")).to_be_visible()
            _call_read_out(ann)  # the call's new lines drawn, one redraw after another
            assert ann.evaluate("window.scrollY") == 0  # left where she was reading
        finally:
            ann.context.close()
