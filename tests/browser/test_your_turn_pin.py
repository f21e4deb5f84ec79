"""Every game on a phone: a player scrolled away from the move the table waits for is
shown a pinned "Your turn" button (the shared page's, its words the server's) that takes
them back to it; it goes once the move is in sight or made, and a player not asked never
sees it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    open_table,
    press,
    scroll_settled,
    shows,
    snap,
    token_of,
)
from tests.browser.test_stretch_betting_phone import new_race

from homestretch.web.words import PAGE

pytestmark = pytest.mark.browser
PIN = "#your-turn-pin"
PEOPLE = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
SIMULATE = {"kind": "simulate", "race": "claiming-route-big-field"}
"""A race of twelve Top of the Stretch runs for Derby Cast's keeper."""


def _to_the_foot(page: Page) -> None:
    """The player scrolls down to the foot of the page (the news, the log)."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")


def _pin_takes_them_back(page: Page, move: Locator, shot: str, folder: Any) -> None:
    """At the top the move is in sight and nothing is pinned; at the foot of the page it
    is not, and the pin is, in the server's words; a tap brings the move into sight."""
    pin = page.locator(PIN)
    page.evaluate("window.scrollTo(0, 0)")
    expect(move).to_be_in_viewport()
    expect(pin).to_be_hidden()
    _to_the_foot(page)
    expect(move).not_to_be_in_viewport()
    expect(pin).to_be_visible()
    expect(pin).to_have_text(PAGE["your_turn_pin"])
    snap(page, folder / f"pin-{shot}.png", full_page=False)
    pin.click()
    expect(move).to_be_in_viewport()
    expect(pin).to_be_hidden()
    snap(page, folder / f"pin-{shot}-taken.png", full_page=False)


def _never_pinned(page: Page) -> None:
    """Not this seat's turn: nothing pinned, wherever the player reads."""
    _to_the_foot(page)
    scroll_settled(page)  # the scroll done and what it shows drawn
    expect(page.locator(PIN)).to_be_hidden()


def test_top_of_the_stretch(shared_server: SharedServer, phone: Callable[[], Page]) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Pin Stakes", ("Ann", "Bea"))
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, frame(address, links["id"])["version"])
        _pin_takes_them_back(ann, ann.locator("#stretch-bet"), "stretch", shared_server.folder)
        _to_the_foot(ann)
        expect(ann.locator(PIN)).to_be_visible()
        press(ann, ann.locator("#bet-done"))  # made from anywhere: her window closes
        expect(ann.locator("#stretch-bet")).to_have_count(0)
        _never_pinned(ann)


def test_across_the_board(shared_server: SharedServer, phone: Callable[[], Page]) -> None:
    with shared_server.visit() as address:
        seats = [*PEOPLE[:2], {"kind": "bot", "bot": "sensible", "name": "Cy"}]
        links, tokens, asked = across_at_its_first_auction(address, seats)
        game_id = links["id"]
        page, other = phone(), phone()
        page.goto(links["seats"][asked]["link"])
        other.goto(links["seats"][1 - asked]["link"])
        version = frame(address, game_id)["version"]
        shows(page, version)
        shows(other, version)
        _pin_takes_them_back(page, page.locator(".ab-block .ab-moves"), "across", shared_server.folder)  # fmt: skip
        _never_pinned(other)
        _to_the_foot(page)
        press(page, page.locator(".ab-block button", has_text="Pass"))
        if not frame(address, game_id, tokens[asked])["your_turn"]:
            _never_pinned(page)


def test_totopoly(shared_server: SharedServer, phone: Callable[[], Page]) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": PEOPLE, "seed": 5}
        links = open_table(address, request)
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        asked = next(s for s, t in enumerate(tokens) if frame(address, game_id, t)["your_turn"])
        page, other = phone(), phone()
        page.goto(links["seats"][asked]["link"])
        other.goto(links["seats"][(asked + 1) % 3]["link"])
        version = frame(address, game_id)["version"]
        shows(page, version)
        shows(other, version)
        _pin_takes_them_back(page, page.locator("#tp-moves"), "totopoly", shared_server.folder)
        _never_pinned(other)


def test_derby_cast(shared_server: SharedServer, phone: Callable[[], Page]) -> None:
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper", "races": 2}
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": seats, "seed": 3}
        )
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        version = move(address, game_id, tokens[2], SIMULATE)
        first = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        page, other, desk = phone(), phone(), phone()
        page.goto(links["seats"][first]["link"])
        other.goto(links["seats"][1 - first]["link"])
        desk.goto(links["seats"][2]["link"])
        for each in (page, other, desk):
            shows(each, version)
        _never_pinned(desk)  # the table waits for a marker, not the keeper
        _never_pinned(other)
        page.locator(".dc-horses button").first.click()
        page.locator('.dc-bets button[data-bet="win"]').click()
        shows(page, version + 1)
        _never_pinned(page)  # picked: the other marker's turn
        # both picked: closing the picks is the keeper's move, above the card of twelve
        horse = frame(address, game_id, tokens[0])["view"]["card"]["horses"][1]
        version = move(address, game_id, tokens[1 - first], {"kind": "pick", "horse": horse, "bet": "show"})  # fmt: skip
        shows(desk, version)
        _pin_takes_them_back(desk, desk.locator(".dc-close"), "derbycast-desk", shared_server.folder)  # fmt: skip
        # race 2: a marker's phone shows the picks under the last race's call and result
        for action in ({"kind": "scratches", "horses": [], "sit_out": []}, {"kind": "run"}, {"kind": "official"}, SIMULATE):  # fmt: skip
            version = move(address, game_id, tokens[2], action)
        asked = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        marker = page if frame(address, game_id, tokens[asked])["seat"] == first else other
        shows(marker, version)
        _pin_takes_them_back(marker, marker.locator(".dc-picker"), "derbycast", shared_server.folder)  # fmt: skip
