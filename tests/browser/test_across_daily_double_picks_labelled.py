"""Across the Board: the Daily Double's two picks were two selects, both showing "#7",
named for race 1 and race 2 only to a screen reader (aria-label). On a phone (a
walk-through of a three-friend meet, 2026-12-07) a player saw "#7" over "#7" under the
heading and had to guess which was the first race's. Each pick has its race's words
beside it, in sight: "race 1 winner", "race 2 winner"."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    across_passing,
    across_played,
    open_table,
    settled,
    small_phone_at,
    token_of,
)

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]


def test_each_daily_double_pick_says_its_race(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        config = {"players": 3, "daily_double": True}
        links = open_table(address, {"game": "across", "config": config, "seats": SEATS, "seed": 7})
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        asked = across_played(address, game_id, tokens, across_passing)  # race 1's windows
        page = small_phone_at(browser, address, links["seats"][asked["seat"]]["link"])
        try:
            settled(address, game_id, page)
            for n, race in enumerate(("race 1 winner", "race 2 winner")):
                pick = page.locator(".ab-dd-pick").nth(n)
                said = pick.locator("xpath=ancestor::label")  # the words the pick is under
                expect(said).to_contain_text(race)
                said.scroll_into_view_if_needed()  # whole on the screen, the words with the pick
                expect(said).to_be_in_viewport(ratio=1)
        finally:
            page.context.close()
