"""The creator's page, on a phone, names the computer players a seat may be handed to
as the lobby's form named them when the table was opened ("the computer (never
bets)"), not by the server's names for them ("never-bet"); and every page's list of
seats names the computer players sitting there so too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import ANN_BOB_AND_CY, API, SharedServer, context, open_table, snap

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY


def test_the_creator_hands_a_seat_to_a_computer_player_named_in_words(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "across", "config": {"players": 3}, "seats": SEATS, "seed": 3}
        links = open_table(address, request)
        games = {g["name"]: g for g in API.get(f"{address}/api/games").json()}
        said = games["across"]["bot_words"]  # as the lobby's "Who plays" said them
        phone = context(browser, address, phone=True)
        try:
            creator = phone.new_page()
            creator.goto(links["admin"])
            bob = creator.get_by_label("computer player for Bob")
            expect(bob).to_be_visible()
            bob.scroll_into_view_if_needed()
            snap(creator, shared_server.folder / "creator-words.png", full_page=False)
            shown = bob.locator("option").all_inner_texts()
            assert shown == [said[kind] for kind in games["across"]["bots"]]
            assert "the computer (never bets)" in shown
            bob.select_option(label="the computer (never bets)")
            creator.get_by_role("button", name="Computer plays Bob").click()
            expect(creator.locator("#seats")).to_contain_text("Bob: the computer (never bets)")
        finally:
            phone.close()


def test_every_page_names_the_computer_players_at_the_table_in_words(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Cy"}], "races": 2}
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Cy"}]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        phone = context(browser, address, phone=True)
        try:
            ann = phone.new_page()
            ann.goto(links["seats"][0]["link"])
            listed = ann.locator("#seats li")
            expect(listed.nth(1)).to_have_text("Cy: the computer (plays at random)")
            expect(listed.nth(2)).to_have_text("Score keeper: the computer")  # the game's own
        finally:
            phone.close()
