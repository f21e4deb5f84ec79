"""A tap held on a move button while another player's page opens at the table is not lost
(table.js, render: a frame at the version drawn, pushed so the seats list can say who is
"here", redraws the seats and leaves the buttons and the board as they are). The finger
goes down on the button, a friend opens his seat's page (the first page is pushed the
table again at the same version), the seats list says he is here, the finger comes up:
the move is made."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    API,
    SharedServer,
    context,
    frame,
    open_moves,
    shows,
    token_of,
)

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY


def _asked(address: str, game_id: int, tokens: list[str]) -> dict[str, Any]:
    """The frame of the person asked to move (Cy, the computer, moves at once)."""
    return next(f for f in (frame(address, game_id, t) for t in tokens) if f["your_turn"])


@pytest.mark.parametrize(
    ("game", "buttons"),
    [("across", "#board [data-your-move] button"), ("totopoly", "#actions button")],
)
def test_a_tap_held_while_a_friend_opens_his_page_makes_the_move(
    browser: Browser, shared_server: SharedServer, game: str, buttons: str
) -> None:
    """On a board's buttons (Across the Board's draws its DOM anew for every frame) and on
    the generic ones folded under a board (Totopoly's own keep their DOM at a version)."""
    with shared_server.visit() as address:
        request = {"game": game, "config": {"players": 3}, "seats": SEATS, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"][:2]]
        asked = _asked(address, game_id, tokens)
        seat, other = asked["seat"], 1 - asked["seat"]
        mine = context(browser, address)
        page = mine.new_page()
        page.goto(links["seats"][seat]["link"])
        shows(page, asked["version"])
        if buttons.startswith("#actions"):
            open_moves(page)
        seats = page.locator("#seats li")
        expect(seats.nth(other)).not_to_contain_text("here")
        button = page.locator(buttons).first
        button.scroll_into_view_if_needed()
        page.wait_for_timeout(300)  # past the moment a newly drawn button takes no tap
        box = button.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        friend = context(browser, address)
        friend.new_page().goto(links["seats"][other]["link"])
        expect(seats.nth(other)).to_contain_text("here")  # the push at the same version drawn
        assert frame(address, game_id)["version"] == asked["version"]
        with page.expect_request(
            lambda request: request.url.endswith("/moves") and request.method == "POST",
            timeout=5_000,  # sent as the click comes (a lost tap sends nothing)
        ) as sent:
            page.mouse.up()
        assert sent.value.post_data_json["version"] == asked["version"]
        answer = sent.value.response()  # the computer's moves after it made too: may take a while
        assert answer is not None and answer.ok, answer and answer.text()
        assert answer.json()["version"] > asked["version"]  # made (and Cy's moves after it)
        shows(page, frame(address, game_id)["version"])
        for each in (mine, friend):
            each.close()
