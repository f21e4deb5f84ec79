"""Totopoly's Tote pad at the end of the game said "Pool: £0" under £50 laid on its
horses (the pool is paid out once the race is run), which a family, walked through a
game on a phone and a laptop, would read as money gone missing. It says what was laid in
all, and that it was settled after the race."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    PHONE,
    SharedServer,
    fits_width,
    screen_at,
    totopoly_three_computers_played,
)

pytestmark = pytest.mark.browser


def test_the_pool_at_the_end_says_what_was_laid(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, final = totopoly_three_computers_played(address)
        laid = sum(final["view"]["tote"]["by_horse"].values())
        assert laid > 0 and final["view"]["tote"]["pool"] == 0  # laid, and paid out
        with screen_at(browser, address, f"/t/{links['id']}/watch", links["id"], PHONE) as page:
            pool = page.locator("#tp-tote .tp-pool")
            expect(pool).to_have_text(
                f"Laid in all: £{laid}, settled after the race (see Money and cards)"
            )
            expect(page.locator("#tp-tote")).not_to_contain_text("Pool: £0")
            fits_width(page)
