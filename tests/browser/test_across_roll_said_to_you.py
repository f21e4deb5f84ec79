"""Across the Board: the roller's accept-or-reject box said the rolled horse's owner and
its backers by name, so a player who rolled her own horse read "Owner: Ann; tickets:
Ann" about herself, as though someone else's (a family of four played a meet on phones
and Lou read "Owner: Lou; tickets: Lou"). Said to the roller, her own are "you"."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    shows,
    small_phone_at,
)

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
BACKED = (6, 7, 8, 9)
"""The horses Ann buys a ticket on."""
MOST = 600
"""A bound on moves played, so a stuck game fails."""


def _choice(shown: dict[str, Any]) -> dict[str, Any]:
    """Ann buys every horse she can at its least bid and a ticket on each of BACKED; the
    others pass, and everyone accepts every roll."""
    view, legal = shown["view"], [entry["action"] for entry in shown["legal"]]
    ann = shown["seat"] == 0
    if view["phase"] == "auction":
        least = {"kind": "bid", "amount": view["lot"]["min_bid"], "partner": -1}
        return least if ann and least in legal else {"kind": "pass"}
    if view["phase"] == "betting":
        mine = {h for seat, h in view["tickets"] if seat == 0}
        bets = [{"kind": "bet", "horse": h} for h in BACKED if h not in mine]
        return next((b for b in bets if ann and b in legal), {"kind": "done"})
    return {"kind": "accept"}


def test_the_roller_reads_her_own_horse_and_tickets_as_yours(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        for _ in range(MOST):
            shown = next(f for f in (frame(address, game_id, t) for t in tokens) if f["your_turn"])
            view = shown["view"]
            race = view["race_card"]
            rolled = race["rolled"] if view["phase"] == "race" else None
            if shown["seat"] == 0 and rolled in BACKED and view["owners"].get(str(rolled)) == [0]:
                break
            move(address, game_id, tokens[shown["seat"]], _choice(shown))
        else:
            pytest.fail("Ann never rolled a horse of hers she backed")
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        shows(page, shown["version"])
        expect(page.locator(".ab-roll")).to_contain_text("Owner: you; tickets: you")
        page.context.close()
