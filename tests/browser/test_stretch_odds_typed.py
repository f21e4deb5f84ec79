"""Top of the Stretch with real dice typed in: the odds are rolled one horse after
another before anyone bets (ruling S19: the players bet once the morning line is up).
Meanwhile the page said "The windows are open: bet before the off" and listed each
player as betting, with no window to bet at; it says the odds are being rolled, and the
windows open once they are."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    fours_typed,
    frame,
    shows,
    stretch_typed_dice,
    two_phones_at,
)

from homestretch.games.stretch.rules.words import CAPTIONS

pytestmark = pytest.mark.browser


def test_no_window_is_said_open_while_the_odds_are_typed_in(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, token = stretch_typed_dice(address, "quick")
        game_id = links["id"]
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()
            page.goto(links["seats"][0]["link"])
            now = frame(address, game_id, token)
            assert now["view"]["segment"] == "odds" and now["view"]["tote"]["open"]
            shows(page, now["version"])
            expect(page.locator("#roll")).to_be_visible()  # Ann types the odds rolls
            call = page.locator("#stretch-call")
            expect(call).to_have_text(CAPTIONS["odds_rolling"])
            expect(page.locator("#stretch-players")).not_to_contain_text(CAPTIONS["betting"])
            expect(page.locator("#stretch-bet")).to_have_count(0)
            while (now := frame(address, game_id, token))["view"]["segment"] == "odds":
                fours_typed(address, game_id, token)
            shows(page, now["version"])
            expect(page.locator("#stretch-bet")).to_be_visible()  # the morning line is up
            expect(call).to_contain_text(CAPTIONS["windows_open"])
            expect(page.locator("#stretch-players li")).to_have_text(
                [f"{name}: $100.00, {CAPTIONS['betting']}" for name in ("Ann", "Bob")]
            )
        finally:
            context.close()


def test_the_status_tells_the_roller_the_roll_is_hers(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The page's status line over the roll box: "your roll: Odds roll for ..." on the
    phone of Ann, who types the dice in; "waiting for the roll: ..." on Bob's. Both said
    "waiting for the roll", Ann's too, the box to type in right under it."""
    with shared_server.visit() as address:
        links, _ = stretch_typed_dice(address, "quick")
        now = frame(address, links["id"])
        label = now["waiting"]["roll"]["label"]
        with two_phones_at(browser, address, links, now["version"]) as (ann, bob):
            expect(ann.locator("#status")).to_have_text(f"your roll: {label}")
            expect(ann.locator("#roll")).to_be_visible()
            expect(bob.locator("#status")).to_have_text(f"waiting for the roll: {label}")
            expect(bob.locator("#roll")).to_be_hidden()
