"""The keeper's desk on a phone keeps what was typed through a reload: a card half typed
(the race's name, its field, the morning lines) came back blank when the phone put the
page away and loaded it again. Posted, the card is the one typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, frame, open_table, shows, token_of

pytestmark = pytest.mark.browser

TYPED = {
    "#dc-race": "Race 1: Kentucky Derby",
    "#dc-field": "1 Alpha, 2 Bravo, 3 Charlie",
    "#dc-odds": "2-1, 3-1, 5-2",
}


def test_a_card_half_typed_at_the_desk_outlives_a_reload(
    browser: Browser, shared_server: SharedServer
) -> None:
    config = {
        "entrants": [{"name": n} for n in ("Mum", "Dad", "Kit")],
        "source": "keeper",
        "feed": {"kind": "manual"},
        "races": 2,
    }
    seats = [{"kind": "person", "name": n} for n in ("Mum", "Dad", "Kit", "Keeper")]
    with shared_server.visit() as address:
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        context = browser.new_context(base_url=address, **SMALL)
        desk = context.new_page()
        desk.goto(links["seats"][3]["link"])
        shows(desk, frame(address, game_id)["version"])
        for field, text in TYPED.items():
            desk.fill(field, text)
        desk.reload()
        shows(desk, frame(address, game_id)["version"])
        for field, text in TYPED.items():
            expect(desk.locator(field)).to_have_value(text)
        desk.get_by_role("button", name="Post the card").click()
        mum = token_of(links["seats"][0]["link"])
        expect(desk.locator(".dc-card")).to_contain_text("Charlie")
        card = frame(address, game_id, mum)["view"]["card"]
        assert card["horses"] == ["Alpha", "Bravo", "Charlie"], card
        context.close()
