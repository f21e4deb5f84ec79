"""A racing fan alone opening a Top of the Stretch race with bets is told, before the
table is opened, that alone at the tote the bets can only come back: the tote pays the
winners from the other players' stakes (ruling S19), so one player's tickets always end
where they started (seen playing: 'You hold $100.00, as you started.' after every race)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, fits_width

pytestmark = pytest.mark.browser
expect.set_options(timeout=15_000)

ALONE = "Alone at the tote you only ever get your own stakes back"


def test_one_player_at_the_tote_is_told_before_opening(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        context = browser.new_context(base_url=address, **SMALL)
        page = context.new_page()
        page.goto("/")
        page.select_option("#game", "stretch")
        limits = page.locator("#seat-limits")
        expect(page.locator("#seats li")).to_have_count(2)
        expect(limits).not_to_contain_text(ALONE)  # two players: a tote between them
        page.locator("#seats li[data-seat='1'] button.remove-seat").click()
        expect(page.locator("#seats li")).to_have_count(1)
        expect(limits).to_contain_text(ALONE)
        expect(limits).to_contain_text("add a computer player")
        fits_width(page)
        page.click("#add-seat")  # another to bet against: the note goes
        page.select_option("#seat-1-who", "bot:value")
        expect(limits).not_to_contain_text(ALONE)
        page.locator("#seats li[data-seat='1'] button.remove-seat").click()
        page.locator("#seats li[data-seat='0'] button.remove-seat").click()
        expect(page.locator("#seats li")).to_have_count(0)  # no players: no tote, no note
        expect(limits).not_to_contain_text(ALONE)
        page.select_option("#game", "derbycast")  # another game's seats: never said
        expect(limits).not_to_contain_text(ALONE)
        context.close()


def test_the_race_builder_says_it_too(browser: Browser, shared_server: SharedServer) -> None:
    """The race builder seats its user and whoever is invited or added: nobody else, and
    the same is said under the numbers."""
    with shared_server.visit() as address:
        context = browser.new_context(base_url=address, **SMALL)
        page = context.new_page()
        page.goto("/stretch/new")
        note = page.locator("#alone-at-tote")
        expect(page.locator("#open-seats")).to_have_value("1")
        expect(note).to_be_hidden()  # one invited: a tote between two
        page.fill("#open-seats", "0")
        expect(note).to_be_visible()
        expect(note).to_contain_text(ALONE)
        fits_width(page)
        page.fill("#computers", "1")
        expect(note).to_be_hidden()
        context.close()
