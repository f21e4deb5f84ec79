"""Sealed bets in the browser (ruling S25): a table opened from the lobby's settings
with "Sealed bets" shows each phone its own tickets alone while the windows are open
(the board headed as the player's own stakes, no tote odds), the log says the other's
ticket was bought and not which, and once the windows close every ticket is shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    frame,
    open_table,
    shows,
    snap,
    stretch_call_read_out,
    token_of,
)
from tests.browser.test_stretch_betting_phone import bet

pytestmark = pytest.mark.browser


def test_a_sealed_table_shows_each_phone_its_own_tickets_until_the_windows_close(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    config = {"race": "2009-champagne-stakes", "mode": "quick", "players": 2, "sealed": True}
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bea"}]
    with shared_server.visit() as address:
        links = open_table(address, {"game": "stretch", "config": config, "seats": seats})
        game_id = int(links["id"])
        ann, bea = (context(browser, address, phone=True).new_page() for _ in range(2))
        bea.clock.install()  # the call read out at once (stretch_call_read_out)
        ann.goto(links["seats"][0]["link"])
        bea.goto(links["seats"][1]["link"])
        version = frame(address, game_id)["version"]
        bet(ann, "win", 1, 20)
        shows(bea, version + 1)
        expect(ann.locator("#stretch-players")).to_contain_text("$20 win #1")
        expect(bea.locator("#stretch-tote")).to_contain_text("Your stakes")
        expect(bea.locator("#stretch-tote")).to_contain_text("sealed")
        expect(bea.locator("#stretch-tote")).not_to_contain_text("$20")
        expect(bea.locator("#stretch-players")).not_to_contain_text("Ann")
        expect(bea.locator("#stretch-bet .stretch-waiting")).to_have_text(
            "You and Ann are still betting."
        )
        bea_frame = frame(address, game_id, token_of(links["seats"][1]["link"]))
        snap(bea, tmp_path / "sealed-window.png")
        said = [e.get("words", "") for e in bea_frame["log"]]
        assert "bought a sealed ticket" in said and not any("#1" in w for w in said)
        bet(bea, "place", 2, 6)
        with bea.expect_response("**/moves"):
            bea.locator("#bet-done").click()
        with ann.expect_response("**/moves"):
            ann.locator("#bet-done").click()  # the last one done: the race goes off
        stretch_call_read_out(bea, address, game_id)
        expect(bea.locator("#stretch-tote-paid")).to_be_visible(timeout=60_000)
        expect(bea.locator("#stretch-players")).to_contain_text("$20 win #1")
        expect(bea.locator("#stretch-players")).to_contain_text("$6 place #2")
