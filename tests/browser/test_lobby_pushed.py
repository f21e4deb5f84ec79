"""The lobby's list is pushed to every lobby open: a table a friend opens on their own
phone, a seat a guest takes by the invitation, shows in Ann's lobby at once, without a
reload (the list was asked for every 8 s, so it showed up to 8 s late); the list is asked
for now and then only while the push is down."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Request, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    context,
    lobby_listing_every,
    lobby_pushed,
    open_table,
)

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
AN_HOUR = 3_600_000
"""ms: the lobby's asking for its list while the push is down, set so long that only the
push can bring a change within the test."""


def test_a_table_opened_and_a_seat_taken_reach_anothers_lobby(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        phones = [context(browser, address, phone=True) for _ in range(3)]
        try:
            ann, bob, cy = (phone.new_page() for phone in phones)
            lobby_listing_every(ann, AN_HOUR)
            ann.goto("/")
            lobby_pushed(ann)
            bob.goto("/")
            bob.select_option("#game", "totopoly")
            bob.fill("#seat-0-name", "Bob")
            bob.select_option("#seat-1-who", "open")
            bob.fill("#seat-1-name", "Cy")
            bob.click("#open")
            expect(bob.locator("#created")).to_be_visible()
            invite = bob.locator("#links a", has_text="Invitation").get_attribute("href")
            assert invite is not None
            game_id = invite.split("/")[2]
            listed = ann.locator("#tables li", has_text=f"Table {game_id}:")
            expect(listed).to_contain_text("Bob, Cy (open seat)")  # no reload
            cy.goto(invite)
            cy.fill("#name", "Cy")
            cy.locator("#join button[type=submit]").click()
            cy.wait_for_url(f"**/t/{game_id}/seat/*")  # seated
            expect(listed).to_contain_text("Bob, Cy")
            expect(listed).not_to_contain_text("open seat")  # Cy sits there now
        finally:
            for phone in phones:
                phone.close()


def _lists(address: str, name: str) -> str:
    """A listed table of Ann and Bob and a computer, opened through the API: its id."""
    seats = [{**ANN_BOB_AND_CY[0], "name": name}, *ANN_BOB_AND_CY[1:]]
    links = open_table(address, {"game": "across", "config": {"players": 3}, "seats": seats})
    return str(links["id"])


def test_the_list_is_asked_for_while_the_push_is_down(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A lobby whose push does not come through (a proxy that drops the stream) asks for
    the list every LIST_EVERY ms as it did before it had a push."""
    with shared_server.visit() as address:
        phone = context(browser, address, phone=True)
        try:
            ann = phone.new_page()
            ann.route("**/api/lobby/events", lambda route: route.abort("connectionrefused"))
            lobby_listing_every(ann, 300)
            ann.goto("/")
            expect(ann.locator("body")).to_have_attribute("data-push", "down")
            game_id = _lists(address, "Ivy")
            expect(ann.locator("#tables li", has_text=f"Table {game_id}:")).to_contain_text("Ivy")
        finally:
            phone.close()


def test_the_list_is_asked_for_only_when_pushed_while_the_push_is_up(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Asking every 100 ms were the push not heard, Ann's lobby asks for the list once
    for each table opened (or fewer: changes close together are told once), however long
    the three tables take to come."""
    with shared_server.visit() as address:
        phone = context(browser, address, phone=True)
        try:
            ann = phone.new_page()
            lobby_listing_every(ann, 100)
            ann.goto("/")
            lobby_pushed(ann)
            asked: list[str] = []

            def listed(request: Request) -> None:
                if request.resource_type == "fetch" and request.url.rstrip("/") == address:
                    asked.append(request.url)

            ann.on("request", listed)
            for name in ("Joy", "Kit", "Lou"):
                game_id = _lists(address, name)
                row = ann.locator("#tables li", has_text=f"Table {game_id}:")
                expect(row).to_contain_text(name)
            assert 1 <= len(asked) <= 3, asked
        finally:
            phone.close()
