"""The lobby's new table lists the invitation only where it can seat somebody: a racing
fan and a computer bettor (every seat taken) were handed 'Invitation (takes an open
seat)' anyway, and a friend sent it was told 'Every seat at this table is taken'. A
table with an open seat lists it, after a reload too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import SharedServer, small_phone_at

pytestmark = pytest.mark.browser


def _labels(page: Page) -> list[str]:
    return [text.split(":")[0] for text in page.locator("#links li a").all_inner_texts()]


@pytest.mark.parametrize("second", ["bot:value", "open"])
def test_the_invitation_is_listed_only_with_an_open_seat(
    browser: Browser, shared_server: SharedServer, second: str
) -> None:
    with shared_server.visit() as address:
        page = small_phone_at(browser, address, "/")
        page.select_option("#game", "stretch")
        page.fill("#seat-0-name", "Sam")
        page.select_option("#seat-1-who", second)
        page.click("#open")
        expect(page.locator("#created")).to_be_visible()
        expect(page.locator("#links li a").first).to_contain_text("Sam's seat")
        for shown in (_labels(page), (page.reload(), _labels(page))[1]):  # a reload: the same
            invited = [label for label in shown if label.startswith("Invitation")]
            assert bool(invited) == (second == "open"), shown
            assert "Spectators" in shown
        page.context.close()
