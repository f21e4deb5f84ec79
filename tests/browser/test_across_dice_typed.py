"""Across the Board with real dice typed in by one player (Bob): when the race waits for
the dice, Bob's board asks him for them, what roll and how many dice, over the box at the
page's top; the others' say the table waits for the dice. Bob's said "Waiting for the
dice." as everyone's did, while the table waited on him."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    frame,
    move,
    open_table,
    shows,
    token_of,
    two_phones_at,
)

from homestretch.core.protocol import JSON
from homestretch.games.across.rules.words import PAGE_TEMPLATES

pytestmark = pytest.mark.browser


def _at_the_first_roll(address: str) -> tuple[JSON, list[str]]:
    """A table of Ann, Bob and Cy whose dice Bob types in, played through the API to the
    first race's first roll (the track chosen, every horse passed, nobody betting)."""
    seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
    request = {"game": "across", "config": {"players": 3}, "seats": seats, "dice": "asked"}
    links = open_table(address, {**request, "roller": 1})
    tokens = [token_of(seat["link"]) for seat in links["seats"]]
    while not (now := frame(address, links["id"]))["waiting"]["roll"]:
        seat = now["waiting"]["seats"][0]
        legal = [one["action"] for one in frame(address, links["id"], tokens[seat])["legal"]]
        kinds = {action["kind"]: action for action in legal}
        action = kinds.get("track") or kinds.get("pass") or kinds["done"]
        move(address, links["id"], tokens[seat], action, now["version"])
    return links, tokens


def test_the_player_who_types_the_dice_is_asked_for_them(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens = _at_the_first_roll(address)
        now = frame(address, links["id"], tokens[1])
        assert now["may_roll"] and not now["your_turn"]
        roll = now["waiting"]["roll"]
        with two_phones_at(browser, address, links, now["version"]) as (ann, bob):
            asked = PAGE_TEMPLATES["your_dice"].format(dice=roll["dice"], label=roll["label"])
            expect(bob.locator(".ab-turn")).to_have_text(asked)
            expect(bob.locator("#roll")).to_be_visible()
            expect(ann.locator(".ab-turn")).to_have_text(PAGE_TEMPLATES["waiting_dice"])
            expect(ann.locator("#roll")).to_be_hidden()
            bob.fill("#roll-faces", "3 4")
            bob.click("#roll button")
            shows(ann, now["version"] + 1)  # the roll made: the table goes on
