"""A family's race Top of the Stretch runs at the keeper's word (the Dream Derby), picks
closed: the TV and the phones said "They're off: waiting for the official result", a
real race's words, while nothing ran until the keeper pressed "They're off: run the
race" at the desk. They say now that the keeper is to run it; once run, that the race is
called and its result follows (the call is read out before the result is shown)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    DERBYCAST_PICKS,
    PHONE,
    SharedServer,
    derbycast_family_picking,
    frame,
    move,
    screen_at,
    settled,
)

from homestretch.games.derbycast.rules.words import CALLED, TO_RUN

pytestmark = pytest.mark.browser


def test_closed_picks_say_the_keeper_is_to_run_the_race(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens = derbycast_family_picking(address)
        game_id = links["id"]
        card = frame(address, game_id)["view"]["card"]
        for token, (program, bet) in zip(tokens[:3], DERBYCAST_PICKS, strict=True):
            horse = card["horses"][card["programs"].index(program)]
            move(address, game_id, token, {"kind": "pick", "horse": horse, "bet": bet})
        keeper = tokens[3]
        move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
        watch = links["watch"]
        with (
            screen_at(
                browser, address, watch, game_id, {"viewport": {"width": 1920, "height": 1080}}
            ) as tv,
            screen_at(browser, address, links["seats"][2]["link"], game_id, PHONE) as kit,
        ):
            for page in (tv, kit):
                expect(page.locator(".dc-status")).to_have_text(TO_RUN)
                expect(page.locator(".dc-status")).to_be_in_viewport()
            assert "They're off" not in tv.locator("#board").inner_text()
            move(address, game_id, keeper, {"kind": "run"})
            settled(address, game_id, tv, kit)
            for page in (tv, kit):
                expect(page.locator(".dc-status")).to_have_text(CALLED)
