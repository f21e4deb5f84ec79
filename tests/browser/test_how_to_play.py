"""A game's "How to play" on the smallest phone (375 px): linked from the lobby beside
the game chosen, and from a seat's page in a tab of its own; the guide fits the screen,
and "Back to the table" closes it onto the seat's page, as it was."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Error, expect
from tests.browser.table_pages import (
    API,
    SMALL,
    SharedServer,
    fits_width,
    frame,
    open_table,
    shows,
    snap,
    token_of,
)

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
GAMES = ("across", "derbycast", "stretch", "totopoly")


def test_the_guide_opens_beside_a_seat_and_closes_back_onto_it(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        across = next(g for g in API.get(f"{address}/api/games").json() if g["name"] == "across")
        seats = [{"kind": "person", "name": f"P{seat}"} for seat in range(across["players"])]
        request = {"game": "across", "config": across["config"], "seats": seats, "seed": 3}
        links = open_table(address, request)
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            table = phone.new_page()
            seat_link = links["seats"][0]["link"]
            table.goto(seat_link)
            version = frame(address, links["id"], token_of(seat_link))["version"]
            shows(table, version)
            link = table.locator("#how-to-play-link")
            snap(table, shared_server.folder / "table-with-guide-link.png", full_page=False)
            box = link.bounding_box()
            assert box is not None and box["height"] >= 44, box  # a finger finds it
            with phone.expect_page() as opened:
                link.tap()
            guide = opened.value
            guide.wait_for_load_state()
            expect(guide.locator("h1")).to_have_text("How to play Across the Board")
            expect(guide.get_by_role("heading", name="How it ends")).to_be_visible()
            fits_width(guide)
            snap(guide, shared_server.folder / "how-to-play-from-table.png", full_page=False)
            back = guide.locator("#back-to-table")
            expect(back).to_be_visible()
            with guide.expect_event("close"):  # the guide's tab closes
                try:
                    back.tap()
                except Error as closed:  # the tab closed before the tap was acknowledged
                    if "has been closed" not in closed.message:
                        raise
            assert table.url.endswith(seat_link)  # the seat's page, where it was
            shows(table, version)
            expect(table.locator("#status")).not_to_contain_text("connecting")
        finally:
            phone.close()


def test_each_guide_fits_a_small_phone_and_the_lobby_links_the_chosen_games(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            for game in GAMES:
                page.goto("/")
                page.select_option("#game", game)
                link = page.locator("#how-to-play-link")
                expect(link).to_have_attribute("href", f"/how-to-play/{game}")
                if game == GAMES[0]:
                    snap(page, shared_server.folder / "lobby-guide-link.png", full_page=False)
                link.tap()
                expect(page.locator("h1")).to_contain_text("How to play")
                fits_width(page)
                snap(page, shared_server.folder / f"how-to-play-{game}.png")
            page.goto("/how-to-play/nonesuch")
            expect(page.locator("h1")).to_contain_text("No game called")
            fits_width(page)
        finally:
            phone.close()
