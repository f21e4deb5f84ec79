"""Derby Cast's day's card brought to the lobby on a phone: the file is uploaded with the
new table, a file with a mistake is refused in one line (by the parser the keeper's desk
uses), and the keeper's desk then offers the card's first race to post."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import context, fits_width, more_settings, snap
from tests.conftest import serving

from homestretch.store.db import Store

pytestmark = pytest.mark.browser
DAY_CARD = Path(__file__).parents[2] / "samples" / "derbycast" / "day_card.csv"


def test_a_days_card_uploaded_in_the_lobby_is_offered_at_the_desk(
    browser: Browser, tmp_path: Path
) -> None:
    db = str(tmp_path / "games.sqlite")
    bad = tmp_path / "downs.csv"
    bad.write_text("race,horse,odds\nR1,Alpha,7-x\nR1,Bravo,3-1\n", encoding="utf-8")
    with serving(db, tmp_path) as address:
        lobby = context(browser, address, phone=True).new_page()
        lobby.goto("/")
        expect(lobby.locator("#dc-lobby")).to_be_hidden()  # another game is chosen first
        lobby.select_option("#game", "derbycast")
        more_settings(lobby)  # a day's card: one of the files of one's own
        expect(lobby.locator("#dc-lobby")).to_be_visible()
        fits_width(lobby)

        lobby.set_input_files("#dc-lobby-card", str(bad))
        lobby.get_by_role("button", name="Open the table").click()
        error = lobby.locator("#error")
        expect(error).to_have_text(
            "downs.csv: line 2: cannot read odds '7-x' (write them like 7-2, 7/2, 3.5 or even)"
        )
        assert Store(db).saved_games() == []  # nothing opened
        snap(lobby, tmp_path / "lobby_refused.png")

        lobby.set_input_files("#dc-lobby-card", str(DAY_CARD))
        lobby.get_by_role("button", name="Open the table").click()
        expect(lobby.locator("#created")).to_be_visible()
        expect(error).to_be_hidden()
        keeper = lobby.locator("#links a", has_text="Score keeper's seat")
        expect(keeper).to_have_count(1)  # a person keeps score, to post the card
        fits_width(lobby)

        desk = context(browser, address, phone=True).new_page()
        desk.goto(str(keeper.get_attribute("href")))
        # the desk's own heading (its standings are captioned too, since xplay5)
        expect(desk.locator(".dc-desk h3", has_text="Post race 1")).to_have_text(
            "Post race 1 from the day's card"
        )
        expect(desk.locator("#dc-race")).to_have_value("Riverbend race 5")
        expect(desk.locator("#dc-field")).to_have_value(
            "1 Lantern Bay, 1A Lantern Reef, 2 Copper Sail, 3 Morning Parade, 4 Blue Thimble, "
            "5 Kestrel Road"
        )
        fits_width(desk)
        snap(desk, tmp_path / "desk_from_lobby.png")
