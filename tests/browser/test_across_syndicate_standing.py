"""At a table of six Across the Board lets two players buy a horse as a syndicate (R8):
a bidder asks another in, and the auction waits on that partner's yes or no. The block's
standing order ("Skip #N at any price", "Bid for me up to N") answered only a player's
own turns to bid, so a partner who wanted none of a horse was still asked by each
proposer, and could not set the order at all while asked (the block's form is for his
turn to bid). The syndicate's question now carries the same form, and the order answers
it: no for a player skipping the horse, yes while the bid is within his limit."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    API,
    DRAWN_PAST,
    SMALL,
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    press,
    shows,
    token_of,
)

pytestmark = pytest.mark.browser
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
MOST = 300
"""A bound on moves played, so a stuck game fails."""


def _table(address: str) -> tuple[dict[str, Any], list[str], int]:
    """Six people at their first auction (seed 7, Woodbine): the links, the tokens and
    the seat asked first to bid."""
    seats = [{"kind": "person", "name": name} for name in NAMES]
    request = {"game": "across", "config": {"players": 6}, "seats": seats, "seed": 7}
    links = open_table(address, request)
    tokens = [token_of(seat["link"]) for seat in links["seats"]]
    chooser = next(s for s, t in enumerate(tokens) if frame(address, links["id"], t)["your_turn"])
    move(address, links["id"], tokens[chooser], {"kind": "track", "track": "woodbine"})
    first = next(s for s, t in enumerate(tokens) if frame(address, links["id"], t)["your_turn"])
    return links, tokens, first


def _send(address: str, game_id: int, token: str, action: Any) -> None:
    shown = frame(address, game_id, token)
    assert shown["your_turn"], shown["waiting"]
    body = {"token": token, "version": shown["version"], "action": action}
    answer = API.post(f"{address}/api/tables/{game_id}/moves", json=body)
    assert answer.status_code == 200, answer.text


def _answers(address: str, game_id: int, seat: int) -> list[bool]:
    log = frame(address, game_id)["log"]
    return [
        e["action"]["accept"]
        for e in log
        if e.get("player") == seat and e["action"]["kind"] == "answer"
    ]


def _answered(page: Page, address: str, game_id: int, seat: int, count: int) -> list[bool]:
    """Waits until the page has answered ``count`` syndicates for ``seat``: his answers."""
    for _ in range(MOST):
        answers = _answers(address, game_id, seat)
        if len(answers) >= count:
            return answers
        page.wait_for_timeout(100)
    raise AssertionError(f"the page answered {_answers(address, game_id, seat)}")


def _phone(browser: Browser, address: str, link: str, version: int) -> Page:
    page = browser.new_context(base_url=address, **SMALL).new_page()
    page.goto(link)
    shows(page, version)
    return page


def test_a_partner_skipping_the_horse_is_answered_no_by_his_page_until_it_sells(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, first = _table(address)
        game_id = links["id"]
        partner = (first + 3) % 6  # neither the first bidder nor either of his neighbours
        view = frame(address, game_id, tokens[first])["view"]
        horse, least = view["lot"]["horse"], view["lot"]["min_bid"]
        _send(address, game_id, tokens[first], {"kind": "bid", "amount": least, "partner": partner})
        page = _phone(
            browser,
            address,
            links["seats"][partner]["link"],
            frame(address, game_id)["version"],
        )
        offer = page.locator(".ab-for-you .ab-offer")
        expect(offer).to_contain_text(f"asks you into a syndicate: {least} for #{horse}")
        press(page, offer.locator(".ab-standing-pass"))  # from the question itself
        assert _answered(page, address, game_id, partner, 1) == [False]
        standing = page.locator(".ab-standing")
        expect(standing).to_contain_text(f"Asked into a syndicate on #{horse}, it says no for you.")
        fits_width(page)
        page.reload()  # kept: the next proposer is answered by the page as it comes back
        _send(address, game_id, tokens[first], {"kind": "pass"})
        second = next(s for s, t in enumerate(tokens) if frame(address, game_id, t)["your_turn"])
        assert second != partner
        _send(
            address, game_id, tokens[second], {"kind": "bid", "amount": least, "partner": partner}
        )
        assert _answered(page, address, game_id, partner, 2) == [False, False]
        for _ in range(MOST):  # everyone else passes; the page passes for the partner
            now = frame(address, game_id)
            if (
                now["view"]["phase"] not in ("auction", "offer")
                or now["view"]["lot"]["horse"] != horse
            ):
                break
            asked = now["waiting"]["seats"]
            if asked == [partner]:
                page.wait_for_function(DRAWN_PAST, arg=now["version"])
            else:
                _send(address, game_id, tokens[asked[0]], {"kind": "pass"})
        else:
            pytest.fail("the horse was never sold")
        log = frame(address, game_id)["log"]
        mine = [e["action"]["kind"] for e in log if e.get("player") == partner]
        on_it = mine[mine.index("answer") :]  # from the first syndicate asked on
        assert set(on_it) == {"answer", "pass"} and on_it.count("pass") >= 1, on_it
        assert _answers(address, game_id, partner) == [False, False]
        expect(standing).to_have_count(0)  # sold: the order went with it


def test_a_partner_bidding_up_to_n_says_no_above_it_and_yes_within_it(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, first = _table(address)
        game_id = links["id"]
        partner = (first + 3) % 6
        view = frame(address, game_id, tokens[first])["view"]
        horse, least = view["lot"]["horse"], view["lot"]["min_bid"]
        over = {"kind": "bid", "amount": least + 3, "partner": partner}
        _send(address, game_id, tokens[first], over)
        page = _phone(
            browser,
            address,
            links["seats"][partner]["link"],
            frame(address, game_id)["version"],
        )
        offer = page.locator(".ab-for-you .ab-offer")
        limit = offer.locator(".ab-standing-form input")
        expect(limit).to_have_value(str(least + 3))  # the bid asked of him, to start from
        limit.fill(str(least + 1))
        press(page, offer.locator(".ab-standing-upto"))
        assert _answered(page, address, game_id, partner, 1) == [False]  # 3 over: no
        expect(page.locator(".ab-standing")).to_contain_text(
            f"it says yes for you while the bid is {least + 1} fifties or less"
        )
        _send(address, game_id, tokens[first], {"kind": "pass"})
        second = next(s for s, t in enumerate(tokens) if frame(address, game_id, t)["your_turn"])
        within = {"kind": "bid", "amount": least + 1, "partner": partner}
        _send(address, game_id, tokens[second], within)
        assert _answered(page, address, game_id, partner, 2) == [False, True]
        lot = frame(address, game_id)["view"]["lot"]
        assert (lot["horse"], lot["high"], lot["bidders"]) == (horse, least + 1, [second, partner])
        fits_width(page)
