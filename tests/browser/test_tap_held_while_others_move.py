"""A finger held on a board's button while another player's move comes in (a new
version) makes its tap when it lifts, where the move leaves what the button does as it
was. The board was drawn anew under the finger, the button taken out of the page, so the
lifted finger made no click and the tap was lost, nothing said: Across the Board's "Pass"
on the block while another player offered the computer a loan (R16: dealings any time),
Totopoly's "Cancel" of a standing order while another bid (and the order then answered
for its player when the bid asked her again). A move that changes what the button does
still draws the board at once (tests/browser/test_taps.py: no tap lands on the next
decision)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.table_pages import (
    API,
    DRAWN_PAST,
    SMALL,
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    press,
    shows,
    small_phone_at,
    token_of,
)

pytestmark = pytest.mark.browser
MOST = 400
"""A bound on moves played to reach a point of the game, so a stuck game fails."""
PASS = """.ab-block button[data-action='{"kind":"pass"}']"""
ACROSS_THREE = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
]
"""Two people and a computer at Across the Board."""


def _phone_at(
    browser: Browser, address: str, links: dict[str, Any], seat: int
) -> tuple[BrowserContext, Page]:
    """A small touch phone (a person of its own) open at ``seat``'s link, the table drawn
    as the server holds it."""
    phone = browser.new_context(base_url=address, **SMALL)
    page = phone.new_page()
    page.goto(links["seats"][seat]["link"])
    shows(page, frame(address, links["id"])["version"])
    return phone, page


def _finger_down(page: Page, selector: str) -> int:
    """The finger down on ``selector`` (past the moment a newly drawn button takes no
    tap); the version the page shows."""
    button = page.locator(selector)
    button.scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # table.js SETTLE: a control just drawn takes no tap
    box = button.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    return int(page.evaluate("document.body.dataset.version"))


def _lifted(page: Page) -> Any:
    """The finger lifted: the move its click sends, answered (a lost tap sends nothing)."""
    with page.expect_request(
        lambda request: request.url.endswith("/moves") and request.method == "POST",
        timeout=5_000,  # sent as the click comes
    ) as sent:
        page.mouse.up()
    answer = sent.value.response()
    assert answer is not None and answer.ok, answer and answer.text()
    return sent.value.post_data_json


def test_across_pass_held_while_a_computer_is_offered_a_loan_is_made(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, ACROSS_THREE)
        game_id, other = links["id"], 1 - asked
        phone, page = _phone_at(browser, address, links, asked)
        before = _finger_down(page, PASS)
        # the other person lends the computer player a fifty (out of turn, R16)
        move(address, game_id, tokens[other], {"kind": "lend", "borrower": 2, "amount": 1})
        page.wait_for_function(DRAWN_PAST, arg=before)  # drawn under the finger
        now = int(page.evaluate("document.body.dataset.version"))
        sent = _lifted(page)
        assert sent["action"] == {"kind": "pass"}
        assert sent["version"] == now  # the table as it is now
        log = frame(address, game_id)["log"]
        assert [e["action"] for e in log if e.get("player") == asked][-1] == {"kind": "pass"}
        phone.close()


def test_across_offer_held_while_the_turn_comes_round_is_made(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The other person's finger on "Offer to lend" (an offer is made whenever the game
    waits, R16) while the asked one passes and the auction asks him: his offer is made
    when it lifts. His turn came, but not what the offer is."""
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, ACROSS_THREE)
        game_id, other = links["id"], 1 - asked
        phone, page = _phone_at(browser, address, links, other)
        assert not frame(address, game_id, tokens[other])["your_turn"]
        before = _finger_down(page, ".ab-offer-lend")
        move(address, game_id, tokens[asked], {"kind": "pass"})
        page.wait_for_function(DRAWN_PAST, arg=before)
        assert frame(address, game_id, tokens[other])["your_turn"]  # asked now
        assert _lifted(page)["action"]["kind"] == "lend_terms"
        expect(page.locator(".ab-block .ab-moves")).to_be_visible()  # then his turn, drawn
        phone.close()


TAP_AS_DRAWN = """([version, selector]) => {
  const watch = new MutationObserver(() => {
    if (document.body.dataset.version === version) return;
    watch.disconnect();  // the frame drawn (this runs once its drawing is through)
    document.querySelector(selector).click();
    window.tappedAt = document.body.dataset.version;
  });
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
}"""
"""A tap on ``selector`` the moment the page has drawn a frame after ``version``."""


def test_across_tap_the_moment_another_moves_is_made(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A tap on the block's "Pass" right as a friend's offer to another is drawn: the
    board drew its buttons anew, each taking no tap for a moment (a tap aimed at what
    was there before must not land on the next decision), so this one was lost; the
    decision is the same, and "Pass" stands where it stood: it is made."""
    seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Dan")]
    seats.append({"kind": "bot", "bot": "sensible", "name": "Cy"})
    with shared_server.visit() as address:
        links, tokens, asked = across_at_its_first_auction(address, seats)
        game_id = links["id"]
        lender, borrower = (s for s in (0, 1, 2) if s != asked)
        phone, page = _phone_at(browser, address, links, asked)
        version = frame(address, game_id)["version"]
        shows(page, version)
        with page.expect_request(
            lambda request: request.url.endswith("/moves") and request.method == "POST",
            timeout=10_000,  # sent as the click comes (a lost tap sends nothing)
        ) as sent:
            page.evaluate(TAP_AS_DRAWN, [str(version), PASS])
            offer = {"kind": "lend", "borrower": borrower, "amount": 1}
            move(address, game_id, tokens[lender], offer)  # to a person: nobody moves after
        assert page.evaluate("window.tappedAt") == str(version + 1)
        assert sent.value.post_data_json["action"] == {"kind": "pass"}
        assert sent.value.post_data_json["version"] == version + 1
        answer = sent.value.response()
        assert answer is not None and answer.ok, answer and answer.text()
        phone.close()


# --- Totopoly: a standing order's "Cancel" ---------------------------------------------
def _open_totopoly(address: str) -> tuple[dict[str, Any], list[str]]:
    seats = [
        {"kind": "person", "name": "Ann"},
        {"kind": "person", "name": "Bob"},
        {"kind": "bot", "bot": "sensible", "name": "Cy"},
    ]
    request = {"game": "totopoly", "config": {"players": 3}, "seats": seats, "seed": 5}
    links = API.post(f"{address}/api/tables", json=request).json()
    return links, [token_of(seat["link"]) for seat in links["seats"]]


def _send(address: str, game_id: int, token: str, shown: dict[str, Any], action: Any) -> None:
    body = {"token": token, "version": shown["version"], "action": action}
    answer = API.post(f"{address}/api/tables/{game_id}/moves", json=body)
    assert answer.status_code == 200, answer.text


def _lot_of(shown: dict[str, Any]) -> str | None:
    lot = shown["view"].get("lot")
    return lot["card"] if lot and shown["view"]["phase"] == "auction" else None


def _asked_to_bid(address: str, game_id: int, tokens: list[str], seat: int) -> dict[str, Any]:
    """The people pass at the auction until ``seat`` is asked to bid on a lot: his frame."""
    for _ in range(MOST):
        asked = next(f for f in (frame(address, game_id, t) for t in tokens) if f["your_turn"])
        kinds = {entry["action"]["kind"] for entry in asked["legal"]}
        if asked["seat"] == seat and asked["view"]["phase"] == "auction" and "bid" in kinds:
            return asked
        legal = [entry["action"] for entry in asked["legal"]]
        action = next((a for a in legal if a["kind"] == "pass"), legal[0])
        _send(address, game_id, tokens[asked["seat"]], asked, action)
    raise AssertionError("the seat was never asked to bid")


def _until_asked(
    address: str, game_id: int, tokens: list[str], seat: int, card: str
) -> dict[str, Any]:
    """Waits (the computer moves at once) until ``seat`` is asked on the lot ``card``."""
    for _ in range(MOST):
        shown = frame(address, game_id, tokens[seat])
        assert _lot_of(shown) == card, "the lot was sold first"
        if shown["your_turn"]:
            return shown
        API.get(f"{address}/api/tables", timeout=30)  # a moment, spent asking the server
    raise AssertionError("the seat was never asked")


def _moves_on(shown: dict[str, Any], card: str, seat: int) -> list[dict[str, Any]]:
    """The seat's moves on the lot ``card``, from the log."""
    log = shown["log"]
    offered = max(
        i
        for i, e in enumerate(log)
        if e.get("action", {}).get("kind") == "lot" and e["action"].get("card") == card
    )
    return [e["action"] for e in log[offered + 1 :] if e.get("player") == seat]


def test_totopoly_cancel_held_while_another_bids_cancels_the_order(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann's order passes for her; her finger goes down on its "Cancel", Bob bids, which
    asks her again (T5): when the finger lifts the order is cancelled and she is asked
    herself. Drawn under her finger, "Cancel" was gone and the order passed for her."""
    with shared_server.visit() as address:
        links, tokens = _open_totopoly(address)
        game_id = links["id"]
        asked = _asked_to_bid(address, game_id, tokens, 0)
        card = _lot_of(asked)
        assert card is not None
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        shows(page, asked["version"])
        press(page, page.locator(".tp-standing-pass"))  # the order passes for her
        expect(page.locator(".tp-standing")).to_be_visible()
        bob = _until_asked(address, game_id, tokens, 1, card)
        shows(page, bob["version"])
        before = _finger_down(page, ".tp-standing-cancel")
        _send(
            address,
            game_id,
            tokens[1],
            bob,
            {"kind": "bid", "guineas": bob["view"]["lot"]["bid"] + 1},
        )
        ann = _until_asked(address, game_id, tokens, 0, card)  # asked again after the bid
        page.wait_for_function(DRAWN_PAST, arg=before)
        page.mouse.up()
        expect(page.locator(".tp-standing")).to_have_count(0)  # cancelled
        shows(page, ann["version"])
        expect(page.locator(".tp-standing-pass")).to_be_visible()  # hers to answer
        assert frame(address, game_id, tokens[0])["your_turn"]
        assert _moves_on(frame(address, game_id), card, 0) == [{"kind": "pass"}]
        page.context.close()
