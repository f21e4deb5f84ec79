"""The lobby's form as a host meets it on a phone (390 x 844): the settings most hosts
leave as they are folded under "More settings", which says what it holds and what in it
was changed; their values kept while folded and after a reload, and the table opened
with them; a refusal of one unfolds it. Derby Cast, which throws no dice, offers none."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import PHONE, SharedServer, fits_width, more_settings, snap

from homestretch.store.db import Store

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)


@pytest.fixture
def lobby(browser: Browser, shared_server: SharedServer) -> Iterator[Page]:
    """The lobby on a phone (``PHONE``: 390 x 844) of its own."""
    context = browser.new_context(base_url=shared_server.address, **PHONE)
    page = context.new_page()
    page.goto("/")
    yield page
    context.close()


def form_height(page: Page) -> float:
    height: float = page.evaluate(
        "document.getElementById('create').getBoundingClientRect().height"
    )
    return height


def test_totopoly_s_form_is_short_and_its_folded_settings_are_kept(
    lobby: Page, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit():
        lobby.select_option("#game", "totopoly")
        expect(lobby.locator("#setting-short")).to_be_visible()
        for folded in ("#setting-banker", "#setting-rules-auction", "#own-content", "#dice"):
            expect(lobby.locator(folded)).to_be_hidden()
        summary = lobby.locator("#more > summary")
        expect(summary).to_contain_text("More settings")
        expect(summary).to_contain_text("7 more of Totopoly's settings")
        expect(summary).to_contain_text("real dice")
        # the form, two players' rows to the button, in less than a screen and a half
        # (it was two and a half with every setting drawn open)
        assert form_height(lobby) < 1.5 * 844
        fits_width(lobby)
        snap(lobby, tmp_path / "lobby-totopoly-folded.png")

        more_settings(lobby)
        lobby.select_option("#setting-banker", label="Player 2")  # its name said once
        lobby.select_option("#setting-rules-auction", label="a pass is final for that lot")
        summary.click()  # folded again: what was changed is said on the fold
        expect(lobby.locator("#setting-banker")).to_be_hidden()
        expect(summary).to_contain_text(
            "Changed from the defaults: Banker, Bidding at the auction."
        )

        lobby.reload()  # folded still, the changes kept
        expect(lobby.locator("#more")).not_to_have_attribute("open", "")
        expect(summary).to_contain_text(
            "Changed from the defaults: Banker, Bidding at the auction."
        )
        more_settings(lobby)
        expect(lobby.locator("#setting-banker")).to_have_value("1")
        expect(lobby.locator("#setting-rules-auction")).to_have_value("1")
        lobby.reload()  # unfolded, it stays so
        expect(lobby.locator("#setting-banker")).to_be_visible()

        lobby.get_by_role("button", name="Open the table").click()
        expect(lobby.locator("#created")).to_be_visible()
        link = str(lobby.locator("#links a").first.get_attribute("href"))
        store = Store(shared_server.db)
        try:
            config = store.load(int(link.split("/")[2])).config
        finally:
            store.close()
        assert (config["banker"], config["rules"]["auction"]) == (1, "final_pass")


def test_each_game_folds_what_most_hosts_leave_and_derby_cast_offers_no_dice(
    lobby: Page, shared_server: SharedServer
) -> None:
    """What each game shows unfolded, and that its "More settings" holds the rest; the
    dice are offered for the games that throw them, never for Derby Cast."""
    shown = {
        "stretch": ["#setting-race", "#setting-mode", "#setting-bankroll"],
        "across": ["#setting-meets", "#setting-daily_double"],
        "totopoly": ["#setting-short"],
        "derbycast": ["#setting-source", "#dc-keeper", "#setting-races"],
    }
    folded = {
        "stretch": ["#setting-odds", "#setting-takeout", "#setting-sealed"],
        "across": ["#setting-payoff", "#setting-rotation", "#own-track"],
        "totopoly": ["#setting-auctioneer", "#setting-rules-bend_fall_back"],
        "derbycast": ["#setting-tie", "#setting-order", "#setting-sealed", "#dc-lobby-table"],
    }
    with shared_server.visit():
        for game in ("stretch", "across", "totopoly", "derbycast"):
            lobby.select_option("#game", game)
            expect(lobby.locator("#more")).not_to_have_attribute("open", "")
            for each in shown[game] + ["#private"]:
                expect(lobby.locator(each)).to_be_visible()
            for each in folded[game]:
                expect(lobby.locator(each)).to_be_hidden()
            more_settings(lobby)
            for each in folded[game]:
                expect(lobby.locator(each)).to_be_visible()
            dice = lobby.locator("#dice")
            if game == "derbycast":  # its chance is a race simulated or drawn: no dice
                expect(dice).to_be_hidden()
                expect(lobby.locator("#more > summary")).not_to_contain_text("dice")
                seen = lobby.locator("#create").inner_text()  # what is drawn, no more
                assert "dice" not in seen.lower(), seen
            else:
                expect(dice).to_be_visible()
            lobby.locator("#more > summary").click()


def test_a_refused_folded_setting_unfolds_it_beside_its_field(
    lobby: Page, shared_server: SharedServer
) -> None:
    with shared_server.visit():
        lobby.select_option("#game", "across")
        more_settings(lobby)
        lobby.click("#advanced > summary")
        config = json.loads(lobby.locator("#config").input_value())
        lobby.locator("#config").fill(json.dumps({**config, "payoff": "double"}))
        lobby.locator("#more > summary").click()  # folded: the bad value out of sight
        expect(lobby.locator("#setting-payoff")).to_be_hidden()
        lobby.get_by_role("button", name="Open the table").click()
        error = lobby.locator("[data-error-for='payoff']")
        expect(error).to_be_visible()
        expect(error).to_contain_text("What a ticket collects: one of")
        expect(lobby.locator("#created")).to_be_hidden()
