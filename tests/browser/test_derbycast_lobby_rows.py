"""Derby Cast in the lobby's form on a narrow phone (375 px): "Confirm picks" offered
only where a score keeper posts the races (R27: over drawn replays nothing holds picks
back), and a person named on two rows refused by the row that names them again, with
everything typed kept."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.table_pages import SharedServer, fits_width, more_settings

from homestretch.store.db import Store

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)


@pytest.fixture
def page(browser: Browser, shared_server: SharedServer) -> Iterator[Page]:
    made: BrowserContext = browser.new_context(
        base_url=shared_server.address, viewport={"width": 375, "height": 667}, is_mobile=True
    )
    yield made.new_page()
    made.close()


def _stored_config(shared_server: SharedServer, page: Page) -> dict[str, object]:
    link = str(page.locator("#links a").first.get_attribute("href"))
    store = Store(shared_server.db)
    try:
        return dict(store.load(int(link.split("/")[2])).config)
    finally:
        store.close()


def test_confirm_picks_is_not_offered_over_race_replays(
    shared_server: SharedServer, page: Page
) -> None:
    """Over replays the setting is hidden and the table opens with it off (the default
    is on); back to the keeper's races it is offered again as it was."""
    with shared_server.visit():
        page.goto("/")
        page.select_option("#game", "derbycast")
        more_settings(page)
        confirm = page.locator("#setting-confirm")
        expect(confirm).to_be_visible()
        expect(confirm).to_be_checked()
        page.select_option("#setting-source", label="race replays from the library")
        expect(confirm).to_be_hidden()
        expect(page.locator("#setting-draw")).to_be_visible()  # replays' own setting
        fits_width(page)
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        expect(page.locator("#error")).to_be_hidden()
        config = _stored_config(shared_server, page)
        assert (config["source"], config["confirm"]) == ("replays", False)
        page.select_option("#setting-source", label="the score keeper posts each race")
        expect(confirm).to_be_visible()
        expect(confirm).to_be_checked()  # kept in the form while hidden


def test_the_settings_as_json_show_confirm_off_over_race_replays(
    shared_server: SharedServer, page: Page
) -> None:
    """The JSON panel shows what "Open the table" sends: over replays "Confirm picks" is
    hidden and sent off, so the panel says false (it said true); back to the keeper's
    races it says true again, and a table opened from the panel as shown has it off."""
    with shared_server.visit():
        page.goto("/")
        page.select_option("#game", "derbycast")
        more_settings(page)
        page.click("#advanced > summary")
        shown = page.locator("#config")

        def confirm_in_json() -> object:
            return json.loads(shown.input_value())["confirm"]

        expect(shown).to_be_visible()
        assert confirm_in_json() is True
        page.select_option("#setting-source", label="race replays from the library")
        expect(shown).to_have_value(re.compile(r'"source": "replays"'))
        assert confirm_in_json() is False
        fits_width(page)
        page.select_option("#setting-source", label="the score keeper posts each race")
        expect(shown).to_have_value(re.compile(r'"confirm": true'))
        page.select_option("#setting-source", label="race replays from the library")
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        config = _stored_config(shared_server, page)
        assert (config["source"], config["confirm"]) == ("replays", False)


def test_a_person_on_two_rows_is_refused_by_the_row_and_nothing_typed_is_lost(
    shared_server: SharedServer, page: Page
) -> None:
    with shared_server.visit():
        page.goto("/")
        page.select_option("#game", "derbycast")
        page.click("#add-seat")
        typed = {"#seat-0-name": "Ann", "#seat-1-name": "The Foxes", "#seat-2-name": "Di"}
        for where, text in typed.items():
            page.locator(where).fill(text)
        page.locator("#seat-1-team").fill("Bob, ann")
        page.locator("#setting-races").fill("5")
        page.get_by_role("button", name="Open the table").click()
        said = page.locator("[data-error-for='seats.1']")
        expect(said).to_have_text("ann is on Player 1's row already: each person has one marker")
        expect(said).to_be_in_viewport()
        expect(page.locator("#seat-1-team")).to_have_class("seat-team invalid")
        expect(page.locator("#error")).to_be_hidden()  # not one general line
        expect(page.locator("[data-error-for='seats.0']")).to_be_hidden()
        fits_width(page)
        for where, text in {**typed, "#seat-1-team": "Bob, ann", "#setting-races": "5"}.items():
            expect(page.locator(where)).to_have_value(text)
        expect(page.locator("#created")).to_be_hidden()

        page.locator("#seat-1-team").fill("Bob, Cy")  # mended: the row's refusal goes
        expect(said).to_be_hidden()
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        entrants = _stored_config(shared_server, page)["entrants"]
        assert isinstance(entrants, list)
        assert [e["members"] for e in entrants] == [["Ann"], ["Bob", "Cy"], ["Di"]]
