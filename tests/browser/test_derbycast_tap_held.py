"""Derby Cast's board holds a finger's tap as every board does (table.js): its own hold
was for the picker's buttons alone, and the board's own timers drew it again under any
finger: a phone reading the next race's call (a part every few seconds) took the last
race's folded call out of the page under a finger opening it, and the fold stayed shut,
nothing said. Held, it opens when the finger lifts, and the call reads on."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    drawn_box,
    family_derbycast,
    frame,
    move,
)

pytestmark = pytest.mark.browser

LONG_CALL = {"race": "claiming-route-big-field", "mode": "full"}
"""A race whose call has six parts or more: time to hold a finger down while it is read."""


def _race_run(address: str, game_id: int, tokens: list[str]) -> int:
    """The keeper cards a race Top of the Stretch runs, the markers pick, it is run:
    the version that made (its call read out from then)."""
    mum, dad, keeper = tokens
    move(address, game_id, keeper, {"kind": "simulate", **LONG_CALL})
    card = frame(address, game_id, mum)["view"]["card"]
    move(address, game_id, mum, {"kind": "pick", "horse": card["horses"][0], "bet": "win"})
    move(address, game_id, dad, {"kind": "pick", "horse": card["horses"][1], "bet": "show"})
    move(address, game_id, keeper, {"kind": "scratches", "horses": []})
    return move(address, game_id, keeper, {"kind": "run"})


def test_the_last_races_call_opened_while_the_next_is_read_opens(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens = family_derbycast(address, races=3)
        game_id = links["id"]
        _race_run(address, game_id, tokens)
        move(address, game_id, tokens[2], {"kind": "official"})
        contexts = [browser.new_context(base_url=address, **SMALL) for _ in range(2)]
        try:
            phone, desk = (each.new_page() for each in contexts)
            phone.goto(links["seats"][1]["link"])
            desk.goto(links["seats"][2]["link"])
            summary = phone.locator(".dc-last-call > summary")
            expect(summary).to_be_visible()
            _race_run(address, game_id, tokens)  # the next race, its call read out
            call = frame(address, game_id, tokens[1])["view"]["call"]
            read = phone.locator(".dc-call p")
            expect(read.first).to_be_visible()
            assert read.count() < len(call) - 1  # time for a part or two more
            summary.scroll_into_view_if_needed()
            box = drawn_box(phone, ".dc-last-call > summary")  # the board redrawn as it is read
            assert box is not None
            phone.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)
            phone.mouse.down()  # her finger on the last race's call
            on_desk = desk.locator(".dc-call p").count()
            expect(desk.locator(".dc-call p")).not_to_have_count(on_desk)  # a part read since
            phone.mouse.up()
            expect(phone.locator(".dc-last-call")).to_have_attribute("open", "")
            expect(read).to_have_count(len(call), timeout=30_000)  # and the call read on
            expect(phone.locator(".dc-last-call")).to_have_attribute("open", "")
        finally:
            for each in contexts:
                each.close()
