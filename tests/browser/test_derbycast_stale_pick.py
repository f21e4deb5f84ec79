"""Derby Cast on the smallest phone (375 px) whose page went stale (it slept; its stream
gave it nothing new) while the picks were made and the race run: the pick tapped on the
old card is refused, and the player is told so, not left to think it was made."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Route, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    frame,
    move,
    open_table,
    shows,
    snap,
    token_of,
)

pytestmark = pytest.mark.browser
PEOPLE = [{"kind": "person", "name": name} for name in ("Ann", "Bob")]


def test_a_pick_tapped_on_a_stale_card_is_said_refused(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "replays", "races": 3}
        request = {"game": "derbycast", "config": config, "seats": PEOPLE, "seed": 4}
        links = open_table(address, request)
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        first = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        old = frame(address, game_id, tokens[first])  # race 1's picks open: this seat's turn
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()

            def asleep(route: Route) -> None:  # the stream gives the old frame, then nothing
                body = f"retry: 60000\nevent: frame\ndata: {json.dumps(old)}\n\n"
                route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

            page.route("**/events**", asleep)
            page.goto(links["seats"][first]["link"])
            shows(page, old["version"])
            horses = old["view"]["card"]["horses"]
            # made meanwhile: this seat's pick (from another device), the other's, the race
            move(address, game_id, tokens[first], {"kind": "pick", "horse": horses[0], "bet": "show"})  # fmt: skip
            move(address, game_id, tokens[1 - first], {"kind": "pick", "horse": horses[1], "bet": "place"})  # fmt: skip
            now = frame(address, game_id)["version"]
            assert now > old["version"] + 2  # the race was run: race 2's card is up
            page.locator(".dc-horses button").nth(2).tap()
            page.locator('.dc-bets button[data-bet="win"]').tap()
            shows(page, now)  # the refusal brings the table as it is
            said = page.locator("[role=alert]", has_text="moved on")
            expect(said).to_be_visible()
            expect(said).to_be_in_viewport()
            snap(page, shared_server.folder / "dc-stale-pick.png", full_page=False)
            assert frame(address, game_id)["version"] == now  # nothing made
        finally:
            phone.close()
