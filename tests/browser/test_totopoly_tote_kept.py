"""Totopoly: when nobody backed the winner the table's news said "the Tote pays £0; the
clerk keeps £25", which a player at the end of a family's game read as though something
had been paid. It says whom nobody backed and that the clerk keeps the whole pool."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    shows,
    totopoly_three_computers_played,
)

pytestmark = pytest.mark.browser


def test_a_pool_nobody_won_is_said_kept_whole(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, final = totopoly_three_computers_played(address)  # nobody backs the winner
        winner = final["view"]["placings"][0]
        kept = next(n for n in final["notices"] if n["type"] == "tote_kept")
        assert kept["kept"] == kept["pool"] > 0, kept  # nobody backed the winner
        phone = browser.new_context(base_url=address, **SMALL)
        page = phone.new_page()
        page.goto(f"/t/{links['id']}/watch")
        shows(page, final["version"])
        said = f"nobody backed No. {winner}: the clerk keeps the whole pool, £{kept['kept']}"
        expect(page.locator("#tp-lately li", has_text="nobody backed")).to_have_text(said)
        expect(page.locator("#tp-lately")).not_to_contain_text("the Tote pays £0")
        phone.close()
