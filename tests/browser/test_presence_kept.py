"""A page asks for the table itself (a tab shown again, a reconnect) while its event
stream is open; the answer, built before a friend's page opened, came after the stream
had said he was here, and was drawn over it: his seat lost its "here" until the next
push (none comes on a final screen, whose stream has ended). The stream's word on who is
here stands against an older answer at the same version."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Route, expect
from tests.browser.table_pages import API, SharedServer, context, frame, shows

pytestmark = pytest.mark.browser

ANSWER_READ = """() => {
  const json = Response.prototype.json;
  Response.prototype.json = async function () {
    const value = await json.call(this);
    // set after what the page does with it (its continuation runs before this task)
    if (this.url.includes("/frame")) setTimeout(() => { window.frameAnswerRead = true; }, 0);
    return value;
  };
}"""
"""Marks when the page has read a frame it asked for, and drawn it."""


def test_an_answer_built_before_a_friend_came_does_not_send_him_away(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
        request = {"game": "totopoly", "config": {"players": 2}, "seats": seats, "seed": 4}
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id = links["id"]
        version = frame(address, game_id)["version"]
        ann = context(browser, address)
        page = ann.new_page()
        held: list[tuple[Route, Any]] = []

        def hold(route: Route) -> None:  # answered by the server now, drawn later
            held.append((route, route.fetch()))

        page.goto(links["seats"][0]["link"])
        shows(page, version)
        bob_seat = page.locator("#seats li[data-seat='1']")
        expect(bob_seat).not_to_contain_text("here")
        page.route("**/api/tables/*/frame*", hold)
        page.evaluate(ANSWER_READ)
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # shown again
        for _ in range(400):  # a bound (20 s, as an expect's) on waiting, not a measurement
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the page did not ask for the table"
        route, answer = held[0]
        assert not answer.json()["seats"][1]["connected"]  # built before Bob came
        bob = context(browser, address)
        bob.new_page().goto(links["seats"][1]["link"])
        expect(bob_seat).to_contain_text("here")  # pushed on Ann's stream
        route.fulfill(response=answer)
        page.wait_for_function("() => window.frameAnswerRead === true")
        expect(bob_seat).to_contain_text("here")
        for each in (ann, bob):
            each.close()
