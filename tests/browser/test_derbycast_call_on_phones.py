"""A family playing Derby Cast on their phones alone, no TV on the wall: while the call of
a race Top of the Stretch ran is read out, each phone and the keeper's desk read it too,
part by part in step with a TV (by the server's clock), and what the result gives a
marker comes at the wire. The phones said only 'The TV is calling the race' and showed
nothing of it: the race passed them by."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, family_derbycast, frame, move, shows

pytestmark = pytest.mark.browser

LONG_CALL = {"race": "claiming-route-big-field", "mode": "full"}
"""A race whose call has six parts or more: time to see it read out a part at a time."""


def test_the_phones_and_the_desk_read_the_call_as_the_tv_does(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, (mum, dad, keeper) = family_derbycast(address, races=2)
        game_id = links["id"]
        move(address, game_id, keeper, {"kind": "simulate", **LONG_CALL})
        card = frame(address, game_id, mum)["view"]["card"]
        move(address, game_id, mum, {"kind": "pick", "horse": card["horses"][0], "bet": "win"})
        move(address, game_id, dad, {"kind": "pick", "horse": card["horses"][1], "bet": "show"})
        move(address, game_id, keeper, {"kind": "scratches", "horses": []})
        phones = [browser.new_context(base_url=address, **SMALL) for _ in range(2)]
        try:
            phone, desk = (each.new_page() for each in phones)
            phone.goto(links["seats"][1]["link"])
            desk.goto(links["seats"][2]["link"])
            made = move(address, game_id, keeper, {"kind": "run"})
            shows(phone, made)
            now = frame(address, game_id, dad)
            call, yours = now["view"]["call"], now["view"]["yours"]
            assert len(call) >= 6, call
            said = [f"{part['heading']}. {part['words']}" for part in call]
            for page in (phone, desk):
                lines = page.locator(".dc-call p")
                expect(lines.first).to_have_text(said[0])  # the call begins on every screen
                assert lines.count() < len(call)  # read out a part at a time, not whole
            expect(phone.locator(".dc-would")).to_have_text(yours["calling"])
            assert "TV" not in yours["calling"]  # a family with no TV on the wall
            for page in (phone, desk):
                expect(page.locator(".dc-call p")).to_have_count(len(call), timeout=30_000)
                assert page.locator(".dc-call p").all_inner_texts() == said
            expect(phone.locator(".dc-would")).to_have_text(yours["would"])  # at the wire
            expect(desk.locator("[data-official]")).to_be_visible()
        finally:
            for each in phones:
                each.close()
