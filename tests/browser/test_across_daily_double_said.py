"""Across the Board: a Daily Double nobody won was said "Daily Double 2-12: no winning
ticket; 1 go into race 3" (a family's meet on phones read it in the table talk): the
fifties are named and the verb agrees, "1 fifty goes into race 3"."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    across_played,
    frame,
    open_table,
    shows,
    small_phone_at,
    token_of,
)

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]


def _choice(shown: dict[str, Any]) -> dict[str, Any] | None:
    """Everyone passes every horse and bets nothing; Ann buys one Daily Double ticket.
    None once the Daily Double is settled (race 2 run)."""
    if any(n["type"] == "daily_double" for n in shown["notices"]):
        return None
    phase = shown["view"]["phase"]
    if phase == "auction":
        return {"kind": "pass"}
    if phase == "choose track":
        return {"kind": "track", "track": "woodbine"}
    if phase == "betting":
        if shown["seat"] == 0 and shown["view"]["race"] == 1 and not shown["view"]["daily_double"]:
            return {"kind": "dd", "first": 2, "second": 12}
        return {"kind": "done"}
    return {"kind": "accept"}


def test_a_daily_double_nobody_won_names_its_fifties(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        config = {"players": 3, "daily_double": True}
        links = open_table(address, {"game": "across", "config": config, "seats": SEATS, "seed": 7})
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        across_played(address, game_id, tokens, _choice)
        now = frame(address, game_id)
        settled = next(n for n in now["notices"] if n["type"] == "daily_double")
        assert settled["tickets"] == 0 and settled["pool"] == 1, settled  # nobody won it
        first, second = settled["pair"]
        page = small_phone_at(browser, address, links["seats"][1]["link"])
        shows(page, now["version"])
        said = f"Daily Double {first}-{second}: no winning ticket; 1 fifty goes into race 3"
        expect(page.locator(".ab-talk li", has_text="Daily Double")).to_have_text(said)
        page.context.close()
