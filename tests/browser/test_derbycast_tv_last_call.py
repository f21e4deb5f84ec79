"""The TV between races: the last race's call (a race Top of the Stretch ran) is drawn
straight under that race's official result, not above it under the next race's card.
It stood under race 2's card and 'They're off', headed only 'The call (Top of the
Stretch)': it read as race 2's call while race 2 was being run."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    family_derbycast,
    frame,
    move,
    screen_at,
)

pytestmark = pytest.mark.browser


def test_the_last_races_call_stands_under_its_own_result(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, (mum, dad, keeper) = family_derbycast(address, races=3)
        game_id = links["id"]
        race = {"kind": "simulate", "race": "maiden-special-weight"}
        for picks in range(2):  # race 1 run and official; race 2 carded, picked and run
            move(address, game_id, keeper, race)
            card = frame(address, game_id, mum)["view"]["card"]
            for token in (mum, dad) if picks == 0 else (dad, mum):
                if frame(address, game_id, token)["your_turn"]:
                    move(
                        address,
                        game_id,
                        token,
                        {"kind": "pick", "horse": card["horses"][0], "bet": "win"},
                    )
            for token in (mum, dad):  # whoever was not asked first picks now
                if frame(address, game_id, token)["your_turn"]:
                    move(
                        address,
                        game_id,
                        token,
                        {"kind": "pick", "horse": card["horses"][1], "bet": "show"},
                    )
            for token in (mum, dad):
                if frame(address, game_id, token)["your_turn"]:
                    move(address, game_id, token, {"kind": "ready"})
            move(address, game_id, keeper, {"kind": "scratches", "horses": []})
            if picks == 0:
                move(address, game_id, keeper, {"kind": "run"})
                move(address, game_id, keeper, {"kind": "official"})
        now = frame(address, game_id)
        assert now["view"]["last_race"]["race"] == 1 and now["view"]["last_race"]["call"]
        assert now["view"]["race"] == 2 and now["view"]["call"] is None  # race 2 not run yet
        with screen_at(browser, address, links["watch"], game_id, {}) as tv:
            expect(tv.locator(".dc-last > h3")).to_contain_text("Race 1")
            called = tv.locator(".dc-last + .dc-call")  # straight under race 1's result
            expect(called.locator("p")).to_have_count(len(now["view"]["last_race"]["call"]))
            expect(tv.locator(".dc-call")).to_have_count(1)  # nowhere else: not under race 2's
