"""A racing fan alone opening a Top of the Stretch race with bets is told, before the
table is opened, that alone the house takes the bets and pays the chart's $2 prices
(ruling S29), and may choose the tote instead. (Before S29 alone at the tote of the
players' own stakes the tickets only ever came back: 'You hold $100.00, as you
started.' after every race, and the note said so.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    fits_width,
    more_settings,
    small_phone_at,
    stretch_call_read_out,
)

pytestmark = pytest.mark.browser

ALONE = "Alone, the house takes your bets and pays the chart's $2 prices (ruling S29)."


def test_one_player_at_the_tote_is_told_before_opening(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page = small_phone_at(browser, address, "/")
        page.select_option("#game", "stretch")
        limits = page.locator("#seat-limits")
        expect(page.locator("#seats li")).to_have_count(2)
        expect(limits).not_to_contain_text(ALONE)  # two players: a tote between them
        page.locator("#seats li[data-seat='1'] button.remove-seat").click()
        expect(page.locator("#seats li")).to_have_count(1)
        expect(limits).to_contain_text(ALONE)
        # who pays a player alone: the lobby's setting, the house chosen
        more_settings(page)  # where the settings most hosts leave are
        choice = page.get_by_label("A player alone is paid by")
        expect(choice).to_be_visible()
        expect(choice.locator("option:checked")).to_have_text("the house, at the chart's $2 prices")
        fits_width(page)
        page.click("#add-seat")  # another to bet against: the note goes
        page.select_option("#seat-1-who", "bot:value")
        expect(limits).not_to_contain_text(ALONE)
        expect(choice).to_be_hidden()  # two bettors: a tote between them
        page.locator("#seats li[data-seat='1'] button.remove-seat").click()
        page.locator("#seats li[data-seat='0'] button.remove-seat").click()
        expect(page.locator("#seats li")).to_have_count(0)  # no players: no tote, no note
        expect(limits).not_to_contain_text(ALONE)
        page.select_option("#game", "derbycast")  # another game's seats: never said
        expect(limits).not_to_contain_text(ALONE)
        page.context.close()


def test_the_race_builder_says_it_too(browser: Browser, shared_server: SharedServer) -> None:
    """The race builder seats its user and whoever is invited or added: nobody else, and
    the same is said under the numbers."""
    with shared_server.visit() as address:
        page = small_phone_at(browser, address, "/stretch/new")
        note = page.locator("#alone-at-tote")
        expect(page.locator("#open-seats")).to_have_value("1")
        expect(note).to_be_hidden()  # one invited: a tote between two
        page.fill("#open-seats", "0")
        expect(note).to_be_visible()
        expect(note).to_contain_text(ALONE)
        expect(page.locator("#lone-bettor")).to_have_value("house")
        fits_width(page)
        page.fill("#computers", "1")
        expect(note).to_be_hidden()
        page.context.close()


def test_the_house_pays_a_player_alone_on_the_page(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ruling S29 on the page: Ann alone bets $10 to win on each of four horses; the
    result says the house paid, what it took and paid out, and her window what she won."""
    horses = ("super-saver-2009", "overlap-2009", "aspire-2009", "dublin-2009")
    race = {"name": "Lone Mile", "furlongs": 8, "entries": [{"horse": h} for h in horses]}
    request = {"race": race, "mode": "quick", "players": [{"kind": "person", "name": "Ann"}]}
    with shared_server.visit() as address:
        links = API.post(f"{address}/api/stretch/races", json=request).json()
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        page.clock.install()  # the call read out at once (stretch_call_read_out)
        # her window says who takes her bets; the board shows her stakes, no tote odds
        expect(page.locator("#stretch-bet")).to_contain_text("Alone, the house takes your bets")
        expect(page.locator("#stretch-tote h4").first).to_contain_text(
            "Your tickets with the house"
        )
        pools = page.locator("#stretch-pools tr")  # the header row: the pools named
        expect(pools.first.locator("th").last).to_have_text("Show")
        for post in range(1, len(horses) + 1):
            page.select_option("#bet-pool", "win")
            page.select_option("#bet-horse", str(post))
            page.fill("#bet-dollars", "10")
            page.locator("#stretch-bet button[type=submit]").click()
            expect(page.locator("#stretch-bet")).to_contain_text(f"$10 win #{post}")
        with page.expect_response("**/moves"):
            page.click("#bet-done")  # the race goes off
        stretch_call_read_out(page, address, links["id"])
        paid = page.locator("#stretch-tote-paid")
        expect(paid).to_contain_text("Paid by the house (S29)", timeout=60_000)
        expect(paid).to_contain_text("The house took $40.00 in stakes and paid out $")
        expect(page.locator(".stretch-mine").first).to_contain_text("The house paid you $")
        fits_width(page)
        page.context.close()
