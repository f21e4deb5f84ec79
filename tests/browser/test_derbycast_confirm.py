"""Derby Cast with sealed picks and each pick said to stand (R22, R24), on phones: the
button saying a pick stands is under the pick, on the first screen, not below a field of
fourteen; who has picked is said by name, not by marker number alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    fits_width,
    frame,
    move,
    open_table,
    shows,
    snap,
    token_of,
)

from homestretch.games.derbycast.rules.words import PHONE_BUTTONS, STANDS

pytestmark = pytest.mark.browser
BIG_FIELD = {"race": "claiming-route-big-field", "mode": "quick"}


def test_a_phone_says_its_pick_stands_on_its_first_screen(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        config = {
            "entrants": [{"name": "Ann"}, {"name": "Bob"}],
            "source": "keeper",
            "feed": {"kind": "manual"},
            "races": 1,
            "sealed": True,
            "confirm": True,
        }
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": seats, "seed": 3}
        )
        game_id = links["id"]
        ann, bob, keeper = (token_of(seat["link"]) for seat in links["seats"])
        move(address, game_id, keeper, {"kind": "simulate", **BIG_FIELD})
        horses = frame(address, game_id, ann)["view"]["card"]["horses"]
        assert len(horses) >= 12  # a field that fills more than a phone's screen
        move(address, game_id, ann, {"kind": "sealed-pick", "ticket": f"1|win|{horses[0]}"})
        tv = context(browser, address).new_page()
        tv.goto(links["watch"])
        shows(tv, frame(address, game_id)["version"])
        expect(tv.locator(".dc-sealed")).to_have_text(
            "Picks are sealed until the keeper closes them; picked so far: Ann (marker 1)"
        )
        move(address, game_id, bob, {"kind": "sealed-pick", "ticket": f"2|show|{horses[1]}"})

        phone = context(browser, address, phone=True).new_page()
        phone.goto(links["seats"][0]["link"])
        shows(phone, frame(address, game_id)["version"])
        stands = phone.locator("[data-ready]")
        expect(stands).to_have_text(PHONE_BUTTONS["stands"])
        expect(stands).to_be_in_viewport()  # no scrolling past the field to find it
        fits_width(phone)
        snap(phone, tmp_path / "phone-confirm.png", full_page=False)
        stands.click()
        expect(phone.locator(".dc-stands")).to_have_text(STANDS)
        expect(phone.locator(".dc-stands")).to_be_in_viewport()
