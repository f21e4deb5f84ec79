"""Derby Cast's own odds table brought to the lobby on a small phone (375 px): the file
is uploaded with the new table, a file the loader refuses is said in its one line beside
the choice (nothing opened), and a good one is kept in the game's configuration."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, fits_width, more_settings, snap
from tests.conftest import serving

from homestretch.games.derbycast.content.odds_table import TABLE_FILE
from homestretch.store.db import Store

pytestmark = pytest.mark.browser


def test_an_odds_table_uploaded_in_the_lobby_is_checked_and_kept(
    browser: Browser, tmp_path: Path
) -> None:
    db = str(tmp_path / "games.sqlite")
    bad = tmp_path / "mine.csv"
    bad.write_text(TABLE_FILE.read_text().replace("1/5,1,0,0", "1/10,1,0,0"), encoding="utf-8")
    good = tmp_path / "ours.csv"
    good.write_text(TABLE_FILE.read_text().replace("1/9,1,0,0", "1/9,7,5,3"), encoding="utf-8")
    with serving(db, tmp_path) as address:
        lobby = browser.new_context(base_url=address, **SMALL).new_page()
        lobby.goto("/")
        lobby.select_option("#game", "derbycast")
        more_settings(lobby)
        choice = lobby.get_by_label("Your own odds table")
        expect(choice).to_be_visible()
        fits_width(lobby)

        choice.set_input_files(str(bad))
        lobby.get_by_role("button", name="Open the table").click()
        said = lobby.locator('[data-error-for="table"]')
        expect(said).to_have_text(
            "mine.csv: line 6: odds 1/10 are below line 5's 1/9: odds must increase down the table"
        )
        expect(said).to_be_in_viewport()
        assert Store(db).saved_games() == []  # nothing opened
        fits_width(lobby)
        snap(lobby, tmp_path / "lobby_table_refused.png")

        choice.set_input_files(str(good))
        lobby.get_by_role("button", name="Open the table").click()
        expect(lobby.locator("#created")).to_be_visible()
        [saved] = Store(db).saved_games()
        assert Store(db).load(saved.id).config["table"][0] == ["1-9", 7, 5, 3]
