"""A tap held on a move button while the table's seats change at the same version is not
lost (table.js, renderSeats): a guest who takes an open seat and is named, a seat the
creator hands to the computer. The seats list says so at once; the generic moves are
left as they are; the board, which names the seats too and draws its buttons anew, is
drawn again once the finger is lifted (and at once when nothing is held). The finger
goes down on the button, the seats change, the finger comes up: the move is made."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    context,
    frame,
    open_moves,
    shows,
    token_of,
)

pytestmark = pytest.mark.browser
BOARD_BUTTONS = "#board [data-your-move] button"


def _open(address: str, game: str, third: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table of Ann and Bob (people) and a third seat; its links and the frame of the
    person it asks first."""
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}, third]
    request = {"game": game, "config": {"players": 3}, "seats": seats, "seed": 11}
    links = API.post(f"{address}/api/tables", json=request).json()
    tokens = [token_of(seat["link"]) for seat in links["seats"]]
    asked = next(f for f in (frame(address, links["id"], t) for t in tokens) if f["your_turn"])
    return links, asked


def _finger_down(page: Page, buttons: str) -> None:
    if buttons.startswith("#actions"):
        open_moves(page)
    button = page.locator(buttons).first
    button.scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # past the moment a newly drawn button takes no tap
    box = button.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()


def _finger_up_makes_the_move(page: Page, address: str, game_id: int, version: int) -> None:
    with page.expect_request(
        lambda request: request.url.endswith("/moves") and request.method == "POST",
        timeout=5_000,  # sent as the click comes (a lost tap sends nothing)
    ) as sent:
        page.mouse.up()
    assert sent.value.post_data_json["version"] == version
    answer = sent.value.response()
    assert answer is not None and answer.ok, answer and answer.text()
    assert answer.json()["version"] > version
    shows(page, frame(address, game_id)["version"])


@pytest.mark.parametrize(
    ("game", "buttons"), [("across", BOARD_BUTTONS), ("totopoly", "#actions button")]
)
def test_a_tap_held_while_a_seat_is_handed_to_the_computer_makes_the_move(
    browser: Browser, shared_server: SharedServer, game: str, buttons: str
) -> None:
    with shared_server.visit() as address:
        links, asked = _open(address, game, {"kind": "bot", "bot": "sensible", "name": "Cy"})
        game_id, seat = links["id"], asked["seat"]
        other = 1 - seat
        mine = context(browser, address)
        page = mine.new_page()
        page.goto(links["seats"][seat]["link"])
        shows(page, asked["version"])
        seats = page.locator("#seats li")
        expect(seats.nth(other)).not_to_contain_text("computer")
        _finger_down(page, buttons)
        handed = {"token": links["admin_token"], "bot": "random"}
        answer = API.post(f"{address}/api/tables/{game_id}/seats/{other}", json=handed)
        assert answer.status_code == 200, answer.text
        expect(seats.nth(other)).to_contain_text("computer")  # pushed at the same version
        assert frame(address, game_id)["version"] == asked["version"]
        _finger_up_makes_the_move(page, address, game_id, asked["version"])
        mine.close()


def test_a_tap_held_while_a_guest_is_named_makes_the_move_and_the_board_names_him(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Across the Board's board draws anew for every frame: it names the guest once the
    finger is lifted (the held button stays the one pressed till then)."""
    with shared_server.visit() as address:
        seats = [
            {"kind": "person", "name": "Ann"},
            {"kind": "open", "name": "Guest"},
            {"kind": "bot", "bot": "sensible", "name": "Cy"},
        ]
        request = {"game": "across", "config": {"players": 3}, "seats": seats, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id = links["id"]
        asked = frame(address, game_id, token_of(links["seats"][0]["link"]))
        assert asked["your_turn"]  # Ann, the Trackmaster, chooses the track
        mine = context(browser, address)
        page = mine.new_page()
        page.goto(links["seats"][0]["link"])
        shows(page, asked["version"])
        players = page.locator("#board .ab-players")
        expect(players).to_contain_text("Guest")
        _finger_down(page, BOARD_BUTTONS)
        invite = token_of(links["invite"])
        joined = API.post(
            f"{address}/api/tables/{game_id}/join", json={"invite": invite, "name": "Dan"}
        )
        assert joined.status_code == 200, joined.text
        expect(page.locator("#seats li").nth(1)).to_contain_text("Dan")
        assert frame(address, game_id)["version"] == asked["version"]
        _finger_up_makes_the_move(page, address, game_id, asked["version"])
        expect(players).to_contain_text("Dan")
        mine.close()


def test_a_guest_named_while_nothing_is_held_is_named_on_the_board_at_once(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        seats = [
            {"kind": "person", "name": "Ann"},
            {"kind": "person", "name": "Bob"},
            {"kind": "open", "name": "Guest"},
        ]
        request = {"game": "across", "config": {"players": 3}, "seats": seats, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id = links["id"]
        version = frame(address, game_id)["version"]
        mine = context(browser, address)
        page = mine.new_page()
        page.goto(links["seats"][1]["link"])  # Bob's: not asked, nothing to tap
        shows(page, version)
        players = page.locator("#board .ab-players")
        expect(players).to_contain_text("Guest")
        invite = token_of(links["invite"])
        joined = API.post(
            f"{address}/api/tables/{game_id}/join", json={"invite": invite, "name": "Dan"}
        )
        assert joined.status_code == 200, joined.text
        expect(players).to_contain_text("Dan")
        expect(page.locator("#log")).not_to_contain_text("Guest")
        assert frame(address, game_id)["version"] == version  # at the version drawn
        shows(page, version)
        mine.close()
