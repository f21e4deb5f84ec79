"""Totopoly's open bidding (ruling T5) asks every bidder again after each bid, so a
player out of a lot was asked again and again (ten passes on one lot at a table of
computers). The board offers a standing order on the lot up, "Skip this lot" or "Bid
for me up to N": the page answers for him each time he is asked on that lot, shows the
order on the block with a button to cancel it, keeps it through a reload, and drops it
once the lot is sold. "Lately at the table" says each bid on the lot up, in words."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from tests.browser.table_pages import (
    API,
    DRAWN_PAST,
    SMALL,
    SharedServer,
    fits_width,
    frame,
    press,
    shown_secrets,
    shows,
    token_of,
)

pytestmark = pytest.mark.browser
MOST = 400
"""A bound on moves played to reach a point of the game, so a stuck game fails."""


def _open(address: str, seats: list[dict[str, Any]], seed: int) -> tuple[dict[str, Any], list[str]]:
    request = {"game": "totopoly", "config": {"players": len(seats)}, "seats": seats, "seed": seed}
    links = API.post(f"{address}/api/tables", json=request).json()
    return links, [token_of(seat["link"]) for seat in links["seats"]]


def _send(address: str, game_id: int, token: str, shown: dict[str, Any], action: Any) -> None:
    body = {"token": token, "version": shown["version"], "action": action}
    answer = API.post(f"{address}/api/tables/{game_id}/moves", json=body)
    assert answer.status_code == 200, answer.text


def _bidding(shown: dict[str, Any]) -> bool:
    kinds = {entry["action"]["kind"] for entry in shown["legal"]}
    return shown["view"]["phase"] == "auction" and {"bid", "pass"} <= kinds


def _to_the_bidding(address: str, game_id: int, tokens: list[str], seat: int) -> dict[str, Any]:
    """The people's first moves (each passes at the auction) until ``seat`` is asked to
    bid on a lot: his frame."""
    for _ in range(MOST):
        asked = next(f for f in (frame(address, game_id, t) for t in tokens) if f["your_turn"])
        if asked["seat"] == seat and _bidding(asked):
            return asked
        legal = [entry["action"] for entry in asked["legal"]]
        action = next((a for a in legal if a["kind"] == "pass"), legal[0])
        _send(address, game_id, tokens[asked["seat"]], asked, action)
    raise AssertionError("the seat was never asked to bid")


def _lot_of(shown: dict[str, Any]) -> str | None:
    lot = shown["view"].get("lot")
    return lot["card"] if lot and shown["view"]["phase"] == "auction" else None


def _page_answers_until_sold(
    page: Page, address: str, game_id: int, token: str, card: str
) -> dict[str, Any]:
    """Waits while the lot ``card`` is up and the page's seat is asked on it (the page
    answers: the table moves on); the seat's frame once the lot is sold."""
    for _ in range(MOST):
        shown = frame(address, game_id, token)
        if _lot_of(shown) != card:
            return shown
        if shown["your_turn"]:
            page.wait_for_function(DRAWN_PAST, arg=shown["version"])
        else:  # the other person, or the auctioneer offering the next lot: a moment
            page.wait_for_timeout(100)
    raise AssertionError("the lot was never sold")


def test_pass_on_this_lot_is_answered_by_the_page_each_time_and_ends_with_the_lot(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann and five computers (seed 3: each bid of theirs asks her again): one tap."""
    seats = [{"kind": "person", "name": "Ann"}] + [
        {"kind": "bot", "bot": "sensible", "name": name} for name in ("Bo", "Cy", "Di", "Ed", "Flo")
    ]
    with shared_server.visit() as address:
        links, tokens = _open(address, seats, seed=3)
        game_id = links["id"]
        asked = _to_the_bidding(address, game_id, tokens, 0)
        card = _lot_of(asked)
        assert card is not None
        phone = browser.new_context(base_url=address, **SMALL)
        page = phone.new_page()
        page.goto(links["seats"][0]["link"])
        shows(page, asked["version"])
        # the page's answer held while the block is looked at: the order is shown while
        # its lot is up, and on a loaded machine the page had answered on until the lot
        # was sold (the order gone with it) before the test looked (the browser keeps
        # the answer paused until it is let go, whenever the handler holding it runs)
        held: list[Route] = []
        holding = True

        def hold(route: Route) -> None:
            if holding:
                held.append(route)
            else:
                route.continue_()

        page.route("**/moves", hold)
        with page.expect_request("**/moves"):
            page.click(".tp-standing-pass")  # answered at once: Ann is asked
        expect(page.locator(".tp-standing")).to_contain_text("passes for you")
        fits_width(page)
        holding = False
        for route in held:  # let go (or, not yet handed to hold, it goes on there)
            route.continue_()
        page.wait_for_function(DRAWN_PAST, arg=asked["version"])
        page.unroute("**/moves")
        after = _page_answers_until_sold(page, address, game_id, tokens[0], card)
        moves = [a["kind"] for a in _on_the_lot_of(after, card, 0)]
        assert moves and set(moves) == {"pass"}
        assert len(moves) >= 2, moves  # asked again after a computer's bid: answered again
        # the lot is gone: so is the order; the next lot asks Ann herself
        nxt = _to_the_bidding(address, game_id, tokens, 0)
        shows(page, nxt["version"])
        expect(page.locator(".tp-standing")).to_have_count(0)
        expect(page.locator(".tp-standing-pass")).to_be_visible()
        assert not page.evaluate("document.body.classList.contains('moving')")
        assert frame(address, game_id, tokens[0])["your_turn"]
        phone.close()


def _on_the_lot_of(shown: dict[str, Any], card: str, seat: int) -> list[dict[str, Any]]:
    """The seat's moves on the lot ``card`` (offered once), from the log."""
    log = shown["log"]
    offered = next(
        i
        for i, e in enumerate(log)
        if e.get("action", {}).get("kind") == "lot" and e["action"].get("card") == card
    )
    moves = []
    for entry in log[offered + 1 :]:
        if entry.get("action", {}).get("kind") == "lot":
            break
        if entry.get("player") == seat:
            moves.append(entry["action"])
    return moves


def _guineas(n: int) -> str:
    return f"{n} guinea" if n == 1 else f"{n} guineas"


def _until_asked(
    address: str, game_id: int, tokens: list[str], seat: int, card: str
) -> dict[str, Any]:
    """Waits (the computer moves at once; a page's order answers) until ``seat`` is
    asked on the lot ``card``: his frame."""
    for _ in range(MOST):
        shown = frame(address, game_id, tokens[seat])
        assert _lot_of(shown) == card, "the lot was sold first"
        if shown["your_turn"]:
            return shown
        API.get(f"{address}/api/tables", timeout=30)  # a moment, spent asking the server
    raise AssertionError("the seat was never asked")


def test_bid_for_me_up_to_n_bids_a_guinea_over_then_passes_survives_a_reload_and_cancels(
    browser: Browser, shared_server: SharedServer
) -> None:
    seats = [
        {"kind": "person", "name": "Ann"},
        {"kind": "person", "name": "Bob"},
        {"kind": "bot", "bot": "sensible", "name": "Cy"},
    ]
    with shared_server.visit() as address:
        links, tokens = _open(address, seats, seed=5)
        game_id = links["id"]
        asked = _to_the_bidding(address, game_id, tokens, 0)
        card = _lot_of(asked)
        assert card is not None
        high = asked["view"]["lot"]["bid"]
        phone = browser.new_context(base_url=address, **SMALL)
        page = phone.new_page()
        page.goto(links["seats"][0]["link"])
        shows(page, asked["version"])
        page.fill(".tp-standing-form input", str(high + 2))
        press(page, page.locator(".tp-standing-upto"))
        shown = frame(address, game_id, tokens[0])
        assert _on_the_lot_of(shown, card, 0)[-1] == {"kind": "bid", "guineas": high + 1}
        standing = page.locator(".tp-standing")
        expect(standing).to_contain_text(f"up to {_guineas(high + 2)}")
        # the bid said in words where a player who looked away reads the table's news
        expect(page.locator(".tp-said li").first).to_have_text(f"Ann bid {_guineas(high + 1)}")
        assert shown_secrets(page, shared_server.db, game_id, 0) == set()
        page.reload()
        expect(standing).to_contain_text(f"up to {_guineas(high + 2)}")  # kept
        # Bob goes over Ann's limit: asked again, the page passes for her
        bob = _until_asked(address, game_id, tokens, 1, card)
        over = bob["view"]["lot"]["bid"] + 1
        _send(address, game_id, tokens[1], bob, {"kind": "bid", "guineas": over})
        expect(page.locator(".tp-said")).to_contain_text(f"Bob bid {_guineas(over)}")
        for _ in range(MOST):  # Bob passes from now on; Ann's page answers for her
            shown = [frame(address, game_id, token) for token in tokens[:2]]
            if _lot_of(shown[0]) != card:
                break
            if shown[1]["your_turn"]:
                _send(address, game_id, tokens[1], shown[1], {"kind": "pass"})
            elif shown[0]["your_turn"]:
                page.wait_for_function(DRAWN_PAST, arg=shown[0]["version"])
        else:
            pytest.fail("the lot was never sold")
        ann = _on_the_lot_of(frame(address, game_id), card, 0)
        assert ann[0] == {"kind": "bid", "guineas": high + 1} and ann[-1] == {"kind": "pass"}
        assert all(a["guineas"] <= high + 2 for a in ann if a["kind"] == "bid")
        expect(standing).to_have_count(0)  # sold: the order went with it
        # the next lot: an order set, then cancelled while Bob is asked; Ann is asked again
        asked = _to_the_bidding(address, game_id, tokens, 0)
        card = _lot_of(asked)
        assert card is not None
        shows(page, asked["version"])
        press(page, page.locator(".tp-standing-pass"))
        bob = _until_asked(address, game_id, tokens, 1, card)
        shows(page, bob["version"])
        page.click(".tp-standing-cancel")
        expect(standing).to_have_count(0)
        _send(
            address,
            game_id,
            tokens[1],
            bob,
            {"kind": "bid", "guineas": bob["view"]["lot"]["bid"] + 1},
        )
        again = _until_asked(address, game_id, tokens, 0, card)
        shows(page, again["version"])
        assert not page.evaluate("document.body.classList.contains('moving')")  # nothing sent
        assert frame(address, game_id, tokens[0])["version"] == again["version"]
        expect(page.locator(".tp-standing-pass")).to_be_visible()
        fits_width(page)
        phone.close()


def test_an_order_answered_after_the_player_moved_elsewhere_is_refused_in_words(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann passes on another device while her page's order is on its way: the page's
    move is refused as stale and says so where she looks, and nothing else is made."""
    seats = [
        {"kind": "person", "name": "Ann"},
        {"kind": "person", "name": "Bob"},
        {"kind": "bot", "bot": "sensible", "name": "Cy"},
    ]
    with shared_server.visit() as address:
        links, tokens = _open(address, seats, seed=5)
        game_id = links["id"]
        asked = _to_the_bidding(address, game_id, tokens, 0)
        phone = browser.new_context(base_url=address, **SMALL)
        page = phone.new_page()
        page.goto(links["seats"][0]["link"])
        shows(page, asked["version"])

        held: list[Route] = []

        def elsewhere_first(route: Route) -> None:  # her other phone's pass lands first
            if not held:
                _send(address, game_id, tokens[0], asked, {"kind": "pass"})
            held.append(route)
            route.continue_()

        page.route("**/moves", elsewhere_first)
        with page.expect_response(lambda answer: answer.url.endswith("/moves")) as sent:
            page.click(".tp-standing-pass")
        assert sent.value.status == 409
        refused = page.locator("#tp-refusal .tp-refused")
        expect(refused).to_contain_text("Ann, on another page or device, passed")
        expect(refused).to_contain_text("so yours was not made")
        expect(refused).to_be_in_viewport()
        moves = _on_the_lot_of(frame(address, game_id), _lot_of(asked) or "", 0)
        assert moves == [{"kind": "pass"}]  # hers from the other phone, no second one
        fits_width(page)
        phone.close()
