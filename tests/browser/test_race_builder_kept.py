"""The race builder on a phone keeps what was typed and picked through a reload, as the
lobby's form does: the numbers (the distance, the people invited, the computer bettors,
the bankroll), the entries and their jockeys. A reload lost them all (the page began
again from a blank race); a reload of the lobby, another's table listed meanwhile, keeps
its settings' numbers as it did."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import API, SharedServer, small_phone_at

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
NUMBERS = {"furlongs": "8", "open-seats": "2", "computers": "1", "bankroll": "250"}


def test_the_race_builders_numbers_and_entries_are_kept_through_a_reload(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page = small_phone_at(browser, address, "/stretch/new")
        for box, typed in NUMBERS.items():
            page.locator(f"#{box}").tap()
            page.locator(f"#{box}").press("Control+a")
            page.keyboard.type(typed)
        page.fill("#horse-search", "secretariat")
        page.locator("#horse-results button", has_text="Add Secretariat (1973)").tap()
        page.fill("#jockey-0", "Ron Turcotte")
        page.fill("#your-name", "Ann")
        page.reload()
        for box, typed in NUMBERS.items():
            expect(page.locator(f"#{box}")).to_have_value(typed)
        expect(page.locator("#distance")).to_have_text("1 mile")  # said for the 8 kept
        expect(page.locator("#entries li")).to_have_count(1)
        expect(page.locator("#entries li")).to_contain_text("Secretariat")
        expect(page.locator("#jockey-0")).to_have_value("Ron Turcotte")
        expect(page.locator("#your-name")).to_have_value("Ann")
        expect(page.locator("#alone-at-tote")).to_be_hidden()  # three others bet too
        # the race opens as kept
        page.fill("#horse-search", "2009")
        page.locator("#horse-results button", has_text="Add Dublin (2009)").tap()
        page.locator("button[type=submit]").tap()
        expect(page.locator("#created")).to_be_visible()
        game_id = int((page.locator("#watch").get_attribute("href") or "").split("/")[2])
        seen = API.get(f"{address}/api/tables/{game_id}/frame", timeout=30).json()
        race = seen["view"]["race"]
        assert race["furlongs"] == 8
        assert [e["horse"] for e in seen["view"]["entries"]] == ["Secretariat", "Dublin"]
        assert len(seen["seats"]) == 4  # Ann, two invited, one computer
        page.context.close()


def test_the_lobbys_number_typed_is_kept_through_a_reload_with_anothers_table_listed(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page = small_phone_at(browser, address, "/")
        page.select_option("#game", "across")
        meets = page.locator("#setting-meets")
        expect(meets).to_have_attribute("inputmode", "numeric")
        meets.tap()
        meets.press("Control+a")
        page.keyboard.type("2")
        listed = page.locator("#tables li a").count()
        seats = [{"kind": "person", "name": "Zed"}, {"kind": "open", "name": "Guest"}]
        request = {"game": "totopoly", "config": {"players": 2}, "seats": seats}
        made = API.post(f"{address}/api/tables", json=request, timeout=30).json()["id"]
        page.reload()
        expect(page.locator("#tables li a")).to_have_count(listed + 1)
        expect(page.locator(f"#tables a[href='/t/{made}/watch']")).to_be_visible()
        expect(page.locator("#game")).to_have_value("across")
        expect(page.locator("#setting-meets")).to_have_value("2")
        page.context.close()
