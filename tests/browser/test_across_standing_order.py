"""Across the Board's auction (ruling R2) asks everyone again after a bid and each time
nobody bids and the price falls a fifty, so a player who wants none of a horse passed
on it again and again. The block offers a standing order on the horse, "Skip it at any
price" or "Bid for me up to N": the page answers for its player each time he is asked
on that horse, shows the order with a button to cancel it, keeps it through a reload
and drops it once the horse is sold."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    API,
    DRAWN_PAST,
    SharedServer,
    across_at_its_first_auction,
    fits_width,
    frame,
    press,
    shows,
    small_phone_at,
)

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY
MOST = 300
"""A bound on moves played, so a stuck game fails."""
WANTED = 8
"""A horse (seed 7) whose price falls while the people pass: each is asked twice."""


def _send(address: str, game_id: int, token: str, shown: dict[str, Any], action: Any) -> None:
    body = {"token": token, "version": shown["version"], "action": action}
    answer = API.post(f"{address}/api/tables/{game_id}/moves", json=body)
    assert answer.status_code == 200, answer.text


def _horse(shown: dict[str, Any]) -> int | None:
    lot = shown["view"]["lot"]
    return lot["horse"] if lot and shown["view"]["phase"] == "auction" else None


def _moves_on(shown: dict[str, Any], seat: int, since: int) -> list[dict[str, Any]]:
    return [e["action"] for e in shown["log"][since:] if e.get("player") == seat]


def test_skip_at_any_price_is_answered_each_time_and_goes_with_the_horse(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        for _ in range(MOST):  # both people pass until the wanted horse asks one of them
            shown = [frame(address, game_id, t) for t in tokens[:2]]
            asked = next(f for f in shown if f["your_turn"])
            if _horse(asked) == WANTED:
                break
            _send(address, game_id, tokens[asked["seat"]], asked, {"kind": "pass"})
        seat, other = asked["seat"], 1 - asked["seat"]
        since = asked["version"]
        page = small_phone_at(browser, address, links["seats"][seat]["link"])
        shows(page, asked["version"])
        press(page, page.locator(".ab-standing-pass"))
        standing = page.locator(".ab-standing")
        expect(standing).to_contain_text(f"passes for you on #{WANTED}")
        fits_width(page)
        page.reload()
        expect(standing).to_contain_text(f"passes for you on #{WANTED}")  # kept
        for _ in range(MOST):  # the other passes; the page answers for the one with the order
            now = [frame(address, game_id, t) for t in tokens[:2]]
            if _horse(now[0]) != WANTED:
                break
            if now[other]["your_turn"]:
                _send(address, game_id, tokens[other], now[other], {"kind": "pass"})
            elif now[seat]["your_turn"]:
                page.wait_for_function(DRAWN_PAST, arg=now[seat]["version"])
        else:
            pytest.fail("the horse was never sold")
        after = frame(address, game_id, tokens[seat])
        sold = next(
            n["at"] for n in after["notices"] if n["type"] == "sale" and n["horse"] == WANTED
        )
        on_it = [e["action"]["kind"] for e in after["log"][since:sold] if e.get("player") == seat]
        assert set(on_it) == {"pass"} and len(on_it) >= 2, on_it  # asked again as it fell
        # sold: the order went with it, and the next horse asks the player himself
        for _ in range(MOST):
            mine = frame(address, game_id, tokens[seat])
            if mine["your_turn"]:
                break
            theirs = frame(address, game_id, tokens[other])
            if theirs["your_turn"]:
                _send(address, game_id, tokens[other], theirs, {"kind": "pass"})
        shows(page, mine["version"])
        assert _horse(mine) == WANTED + 1
        expect(standing).to_have_count(0)
        expect(page.locator(".ab-standing-pass")).to_be_visible()
        assert not page.evaluate("document.body.classList.contains('moving')")  # nothing sent
        assert frame(address, game_id)["version"] == mine["version"]
        page.context.close()


def test_bid_for_me_up_to_n_bids_the_least_bid_then_cancels(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, seat = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        asked = frame(address, game_id, tokens[seat])
        least = asked["view"]["lot"]["min_bid"]
        page = small_phone_at(browser, address, links["seats"][seat]["link"])
        shows(page, asked["version"])
        page.fill(".ab-standing-form input", str(least))
        press(page, page.locator(".ab-standing-upto"))
        moves = _moves_on(frame(address, game_id), seat, asked["version"])
        assert moves[0] == {"kind": "bid", "amount": least, "partner": -1}
        standing = page.locator(".ab-standing")
        now = frame(address, game_id)
        assert now["view"]["lot"]["horse"] == asked["view"]["lot"]["horse"]  # Bob still to answer
        shows(page, now["version"])
        expect(standing).to_contain_text(f"while that is {least} ")
        page.click(".ab-standing-cancel")
        expect(standing).to_have_count(0)
        expect(page.locator(".ab-standing-form")).to_have_count(0)  # not his turn: no form
        fits_width(page)
        page.context.close()
