"""A Derby Cast player's horse tapped and not yet bet is tapped again after a reload, its
Win, Place and Show under it (it came back with no horse tapped: the phone put away
between the two taps lost the first); kept in the browser tab (another tab of the same
seat starts with none), the horse tapped last, until the bet is made."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, derbycast_family_picking, frame

pytestmark = pytest.mark.browser


def test_a_horse_tapped_outlives_a_reload_until_it_is_bet(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens = derbycast_family_picking(address)
        game_id = links["id"]
        first = next(s for s in range(3) if frame(address, game_id, tokens[s])["your_turn"])
        context = browser.new_context(base_url=address, **SMALL)
        page = context.new_page()
        page.goto(links["seats"][first]["link"])
        horse = page.locator(".dc-horses > button[data-program]")
        expect(horse).to_have_count(14)
        tapped = page.locator(".dc-horses > button[aria-pressed='true']")
        bets = page.locator(".dc-bets button[data-bet]")

        page.locator(".dc-horses > button[data-program='9']").click()
        page.locator(".dc-horses > button[data-program='14']").click()  # changed her mind
        expect(tapped).to_have_attribute("data-program", "14")
        page.reload()
        expect(horse).to_have_count(14)
        expect(tapped).to_have_count(1)
        expect(tapped).to_have_attribute("data-program", "14")
        expect(bets).to_have_count(3)
        expect(bets.first).to_be_in_viewport()  # brought into view as when tapped

        other = context.new_page()  # another tab of the same seat: nothing tapped there
        other.goto(links["seats"][first]["link"])
        expect(other.locator(".dc-horses > button[data-program]")).to_have_count(14)
        expect(other.locator(".dc-horses > button[aria-pressed='true']")).to_have_count(0)
        other.close()

        page.locator(".dc-bets button[data-bet='show']").click()
        expect(page.locator(".dc-mine")).to_contain_text("Curlin")
        mine = frame(address, game_id, tokens[first])["view"]["picks"]
        assert any(p["horse"] == "Curlin" and p["bet"] == "show" for p in mine), mine
        page.reload()  # bet: forgotten
        expect(page.locator(".dc-mine")).to_contain_text("Curlin")
        expect(tapped).to_have_count(0)
        kept = page.evaluate("(key) => sessionStorage.getItem(key)", f"homestretch-drafts:{game_id}:{first}")  # fmt: skip
        assert "dc-tapped" not in (kept or ""), kept
        context.close()
