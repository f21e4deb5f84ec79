"""A Totopoly table played in a real browser: two people on their own seat links (one
reloading mid-game), a spectator, and a computer player, all on one live server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    API,
    fits_width,
    frame,
    on_page,
    open_moves,
    secrets,
    shown_secrets,
    shows,
    snap,
)
from tests.conftest import serving

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY


def _move(page: Page) -> None:
    """The first action offered: a button, or the list when there are many (the generic
    moves, folded under the board)."""
    open_moves(page)
    buttons = page.locator("#actions button")
    if buttons.count():
        buttons.first.click()
    else:
        page.locator("#typed button[type=submit]").click()


def test_two_people_and_a_spectator_play_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    with serving(db, tmp_path) as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": SEATS, "seed": 4}
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id = links["id"]
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in links["seats"][:2]]
        contexts = [browser.new_context(base_url=address) for _ in range(3)]
        ann, bob, watch = (context.new_page() for context in contexts)
        people = [ann, bob]
        for page, seat in zip(people, links["seats"], strict=True):
            page.goto(seat["link"])
        watch.goto(f"/t/{game_id}/watch")

        moves = [0, 0]
        while min(moves) < 2:
            frames = [frame(address, game_id, token) for token in tokens]
            assert not frames[0]["over"], "the game ended before both had moved twice"
            version = frames[0]["version"]
            mover = next(f["seat"] for f in frames if f["your_turn"])
            other = 1 - mover
            for page in (*people, watch):
                shows(page, version)  # each page drew the table by itself
            expect(people[mover].locator("#status")).to_have_text("your turn")
            _move(people[mover])
            name = SEATS[mover]["name"]
            expect(people[other].locator("#log")).to_contain_text(f"{version}: {name}:")
            moves[mover] += 1
            if moves == [1, 1]:
                ann.reload()  # and Ann carries on from where the table is

        now = frame(address, game_id)["version"]
        for page in (*people, watch):
            shows(page, now)
        for page, seat in ((watch, None), (ann, 0), (bob, 1)):
            shown = shown_secrets(page, db, game_id, seat)
            assert not shown, f"seat {seat}'s page holds {sorted(shown)}"
        # the check can fail: the players' pages hold their own secrets, named as
        # hidden_from names them for the others
        assert on_page(ann, secrets(db, game_id, 1)) or on_page(bob, secrets(db, game_id, 0))

        phone: Any = browser.new_context(
            base_url=address, viewport={"width": 390, "height": 844}, is_mobile=True
        )
        page = phone.new_page()
        page.goto(links["seats"][0]["link"])
        shows(page, now)
        fits_width(page)  # the nested tables of the generic view included
        snap(page, tmp_path / "phone.png", full_page=False)

        # A game without a board of its own (here: its script not served) shows the
        # generic moves open, where the board would fold them.
        mover = next(seat for seat in (0, 1) if frame(address, game_id, tokens[seat])["your_turn"])
        plain = phone.new_page()
        plain.route("**/static/games/totopoly.js", lambda route: route.fulfill(body=""))
        plain.goto(links["seats"][mover]["link"])
        shows(plain, now)
        expect(plain.locator("#board-box")).to_be_hidden()
        expect(plain.locator("#turn-fold")).to_have_attribute("open", "")
        expect(plain.locator("#actions button, #typed").first).to_be_visible()
        expect(page.locator("#turn-fold")).not_to_have_attribute("open", "")  # with the board
        for context in (*contexts, phone):
            context.close()
