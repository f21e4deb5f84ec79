"""What a player has half typed on a phone (an amount, a horse picked) is there again
after a reload, at each game's board: kept for the table and the seat (the tab's
sessionStorage), until the move is made; a move refused keeps it, by the rules too (the
page says an amount out of bounds unsent), for a reload too, the refusal said beside it
until the table moves on (table.js tools.refusals: Across, Stretch, Totopoly); a move
refused only as stale (the table moved on) keeps it to press again, an amount its box no
longer takes said."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    frame,
    held_on_its_way,
    move,
    moves_sent,
    shows,
    snap,
    token_of,
    totopoly_asked_to_bid_again,
    totopoly_until_asked_to_bid,
)
from tests.browser.test_across_for_you import SEATS
from tests.browser.test_stretch_betting_phone import new_race
from tests.browser.test_taps import _bob
from tests.browser.test_totopoly_table_talk import _move, _open, _until

pytestmark = pytest.mark.browser


def _drafts(page: Page, game_id: int, seat: int) -> dict[str, Any]:
    """What the page keeps as typed for the table and seat."""
    kept = page.evaluate("(key) => sessionStorage.getItem(key)", f"homestretch-drafts:{game_id}:{seat}")  # fmt: skip
    found: dict[str, Any] = json.loads(kept) if kept else {}
    return found


SAME_DRAFTS = """([key, want]) => {
  const kept = JSON.parse(sessionStorage.getItem(key) || "{}");
  const sorted = (all) => JSON.stringify(Object.keys(all).sort().map((k) => [k, all[k]]));
  return sorted(kept) === sorted(want);
}"""


def _drafts_after_move(page: Page, game_id: int, seat: int, kept: dict[str, Any]) -> None:
    """Once a move is made the page keeps ``kept`` as typed. Waited for: the page drops
    a move's drafts when the server's answer to it comes, which may be after the pushed
    frame that drew the move (what the test waited for)."""
    key = f"homestretch-drafts:{game_id}:{seat}"
    with suppress(PlaywrightTimeoutError):  # said by the assertion below, in full
        page.wait_for_function(SAME_DRAFTS, arg=[key, kept], timeout=20_000)
    assert _drafts(page, game_id, seat) == kept


def _stale(route: Route) -> None:
    """The move sent on as if from a page that saw the table at its start (version 0):
    the server's own answer to a move the table has moved on from, its 409 with its
    refusal (a sentence) and its current frame, not a fake of them."""
    sent = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**sent, "version": 0}))


def test_across_amounts_typed_survive_a_reload_until_the_offer_is_made(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        first = frame(address, game_id, tokens[0])
        version, lot = first["version"], first["view"]["lot"]["horse"]
        assert first["your_turn"], "Ann is not the first on the block here"
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, version)
        lend = ann.locator(".ab-lend")
        lend.locator("select").select_option("1")  # to Bob
        amounts = lend.locator("input")
        amounts.nth(0).fill("7")
        amounts.nth(1).fill("9")
        bid = ann.locator(".ab-block .ab-amount")
        bid.fill("12")  # her bid on the block, not sent
        ann.reload()
        shows(ann, version)
        expect(lend.locator("select")).to_have_value("1")
        expect(amounts.nth(0)).to_have_value("7")
        expect(amounts.nth(1)).to_have_value("9")
        expect(bid).to_have_value("12")
        # refused as stale: kept, to press again (after a reload too)
        assert version > 0, "the stale move is sent at version 0: the table must be past it"
        ann.route("**/moves", _stale)
        with ann.expect_response("**/moves") as answer:
            lend.locator(".ab-offer-lend").click()
        assert answer.value.status == 409, answer.value.text()
        refused = answer.value.json()["error"]
        assert refused.startswith("The table moved on"), refused
        expect(lend.locator(".ab-refused")).to_have_text(refused)
        ann.unroute("**/moves")
        assert _drafts(ann, game_id, 0)["lendAmount"] == "7"
        ann.reload()
        shows(ann, version)
        expect(amounts.nth(0)).to_have_value("7")
        # refused by the rules (Bob's offer to her is answered first, R16; an amount out
        # of bounds the page says unsent): kept for a reload too, with the refusal's words
        # until the table moves on (a reload showed the boxes' first values, to Bob 5 and 5)
        loan = {"kind": "lend_terms", "borrower": 0, "amount": 1, "repay": 1}
        refused_at = move(address, game_id, tokens[1], loan)
        shows(ann, refused_at)
        lend.locator(".ab-offer-lend").click()
        expect(lend.locator(".ab-refused")).to_have_text("answer Bob first")
        expect(amounts.nth(0)).to_have_value("7")
        assert _drafts(ann, game_id, 0)["lendAmount"] == "7"
        ann.reload()
        shows(ann, refused_at)
        expect(lend.locator("select")).to_have_value("1")
        expect(amounts.nth(0)).to_have_value("7")
        expect(amounts.nth(1)).to_have_value("9")
        expect(lend.locator(".ab-refused")).to_have_text("answer Bob first")
        # made (what the screen still shows, as typed): gone, the other drafts (her bid) kept
        answered = move(address, game_id, tokens[0], {"kind": "answer", "accept": False})
        shows(ann, answered)
        expect(lend.locator(".ab-refused")).to_have_count(0)  # the table moved on
        lend.locator(".ab-offer-lend").click()
        expect(ann.locator(".ab-for-you")).to_contain_text("You offer to lend Bob 7 fifties, to be repaid 9")  # fmt: skip
        _drafts_after_move(ann, game_id, 0, {f"bid{lot}": "12"})
        ann.reload()
        shows(ann, answered + 1)
        expect(bid).to_have_value("12")
        snap(ann, shared_server.folder / "across-drafts.png", full_page=False)


def test_stretch_a_bet_half_chosen_survives_a_reload_until_it_is_bought(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Draft Stakes", ("Ann", "Bea"))
        game_id = int(links["id"])
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        ann.select_option("#bet-pool", "place")
        ann.select_option("#bet-horse", "2")
        ann.fill("#bet-dollars", "15")
        for _ in range(2):  # and a tab's second reload
            ann.reload()
            expect(ann.locator("#bet-pool")).to_have_value("place")
            expect(ann.locator("#bet-horse")).to_have_value("2")
            expect(ann.locator("#bet-dollars")).to_have_value("15")
        snap(ann, shared_server.folder / "stretch-drafts.png", full_page=False)
        # another seat at the table keeps nothing of hers
        bea = phone()
        bea.goto(links["seats"][1]["link"])
        expect(bea.locator("#bet-dollars")).to_have_value("")  # blank: the $2 minimum
        ann.locator("#stretch-bet button[type=submit]").click()
        expect(ann.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $15 place #2")  # fmt: skip
        _drafts_after_move(ann, game_id, 0, {})
        ann.reload()
        expect(ann.locator("#bet-dollars")).to_have_value("")


def test_totopoly_a_bid_typed_survives_a_reload_until_a_move_is_made(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        bidder = _until(address, game_id, tokens, "auction")
        while not any(a["action"]["kind"] == "bid" for a in bidder["legal"]):
            _move(address, game_id, tokens)
            bidder = _until(address, game_id, tokens, "auction")
        seat = bidder["seat"]
        page = phone()
        page.goto(links["seats"][seat]["link"])
        shows(page, bidder["version"])
        box = page.locator(".tp-amount-bid input")
        box.fill("3")
        page.reload()
        shows(page, bidder["version"])
        expect(box).to_have_value("3")
        snap(page, shared_server.folder / "totopoly-drafts.png", full_page=False)
        page.locator("#tp-moves button", has_text="Pass").click()
        shows(page, bidder["version"] + 1)
        _drafts_after_move(page, game_id, seat, {})


def test_across_a_dealing_refused_after_a_reload_stays_typed_through_the_next_redraw(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    """A loan typed, the page reloaded, then the offer refused by the rules (Bob's offer to
    her is answered first, R16): the next frame drawn (her answer, from another device)
    shows what she typed, not the boxes' first values (to Bob, 5 and 5). It was in the
    page's keeping alone after the reload, and the refusal dropped it from there."""
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        version = frame(address, game_id, tokens[0])["version"]
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, version)
        lend = ann.locator(".ab-lend")
        to, amounts = lend.locator("select"), lend.locator("input")
        to.select_option("2")  # to Cy
        amounts.nth(0).fill("7")
        amounts.nth(1).fill("9")
        ann.reload()
        shows(ann, version)
        loan = {"kind": "lend_terms", "borrower": 0, "amount": 1, "repay": 1}
        shows(ann, move(address, game_id, tokens[1], loan))
        lend.locator(".ab-offer-lend").click()
        expect(lend.locator(".ab-refused")).to_have_text("answer Bob first")
        shows(ann, move(address, game_id, tokens[0], {"kind": "answer", "accept": False}))
        expect(to).to_have_value("2")
        expect(amounts.nth(0)).to_have_value("7")
        expect(amounts.nth(1)).to_have_value("9")
        # changed by her, the change is what a redraw keeps
        amounts.nth(0).fill("6")
        asked = next(f for f in (frame(address, game_id, t) for t in tokens) if f["legal"])
        bid = next(a["action"] for a in asked["legal"] if a["action"]["kind"] in ("bid", "pass"))
        shows(ann, move(address, game_id, tokens[asked["seat"]], bid))  # on the block
        expect(amounts.nth(0)).to_have_value("6")
        expect(amounts.nth(1)).to_have_value("9")


def test_totopoly_a_bid_kept_below_the_risen_least_is_said_by_its_box_after_a_stale_refusal(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A bid its box took, refused as stale (Bob bid on another device while it was on
    its way, and the bidding came round to him again): the bid is kept to press again, and
    the box shows it, now under the least. Its own line says the least in the rules' words
    at once, and pressing sends nothing; it was shown in silence, as if it would do."""
    with shared_server.visit() as address:
        page, game_id, token = _bob(browser, address)
        seen = totopoly_until_asked_to_bid(address, game_id, token)
        shows(page, seen["version"])
        typed = str(int(seen["view"]["lot"]["bid"]) + 1)
        box = page.locator(".tp-amount-bid input")
        box.fill(typed)
        held_on_its_way(page, lambda: totopoly_asked_to_bid_again(address, game_id, [token], 0))
        page.locator(".tp-amount-bid button").click()
        form = page.locator(".tp-amount-bid")
        expect(form.locator(".tp-refused")).to_contain_text("The table moved on")
        now = frame(address, game_id, token)
        shows(page, now["version"])
        bounds = now["view"]["amounts"]["bid"]
        assert int(typed) < bounds["least"], (typed, bounds)
        expect(box).to_have_value(typed)  # kept, his to change
        expect(form.locator(".box-says")).to_have_text(bounds["below"])
        expect(box).to_have_attribute("aria-invalid", "true")
        sent = moves_sent(page)
        form.locator("button").click()
        expect(form.locator(".box-says")).to_have_text(bounds["below"])
        assert sent == []
        box.fill(str(bounds["least"]))  # a bid it takes: the line goes
        expect(form.locator(".box-says")).to_have_count(0)
        page.context.close()


def test_stretch_a_bet_the_tote_refused_stays_typed_for_a_reload_with_its_refusal(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    """A ticket more than Ann holds ($150), a refusal the page cannot foresee (her box
    bounds no more than the least ticket): what she picked and typed is there again after
    a reload, the tote's words under the window, until the table moves on (Bea's bet); it
    was dropped from the tab's keeping by the refusal, a reload showing a blank window."""
    with shared_server.visit() as address:
        links = new_race(address, "Kept Stakes", ("Ann", "Bea"))
        game_id = int(links["id"])
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        ann.select_option("#bet-pool", "show")
        ann.select_option("#bet-horse", "3")
        ann.fill("#bet-dollars", "150")
        refused = ann.locator("#stretch-bet .stretch-refused")
        with ann.expect_response("**/moves") as answer:
            ann.locator("#stretch-bet button[type=submit]").click()
        assert answer.value.status == 400, answer.value.text()
        words = answer.value.json()["error"]
        assert "too much" in words, words
        expect(refused).to_have_text(words)
        assert _drafts(ann, game_id, 0)["bet-dollars"] == "150"
        version = frame(address, game_id, token_of(links["seats"][0]["link"]))["version"]
        ann.reload()
        shows(ann, version)
        expect(ann.locator("#bet-pool")).to_have_value("show")
        expect(ann.locator("#bet-horse")).to_have_value("3")
        expect(ann.locator("#bet-dollars")).to_have_value("150")
        expect(refused).to_have_text(words)
        # the table moves on: the refusal goes, what she typed stays hers to change
        bea = token_of(links["seats"][1]["link"])
        shows(ann, move(address, game_id, bea, {"kind": "bet", "pool": "win", "post": 1, "dollars": 2}))  # fmt: skip
        expect(refused).to_be_hidden()
        expect(ann.locator("#bet-dollars")).to_have_value("150")
        ann.reload()
        expect(refused).to_be_hidden()
        expect(ann.locator("#bet-dollars")).to_have_value("150")


def test_totopoly_a_bids_refusal_is_said_again_after_a_reload_until_the_table_moves_on(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Bob's bid, within its box's bounds, refused (he bid on another device while it was
    on its way, the bidding came round to him again): a reload shows the refusal's words
    under the bid box again, with the bid he typed, until the table moves on (his pass).
    The refusal was the screen's alone: a reload took it away, the kept bid said only by
    its box. (A Totopoly amount the rules refuse at the version drawn the page says unsent:
    the view bounds each bid, stake and offer, and lists only the horses open to back.)"""
    with shared_server.visit() as address:
        page, game_id, token = _bob(browser, address)
        seen = totopoly_until_asked_to_bid(address, game_id, token)
        shows(page, seen["version"])
        typed = str(int(seen["view"]["lot"]["bid"]) + 1)
        form = page.locator(".tp-amount-bid")
        form.locator("input").fill(typed)
        held_on_its_way(page, lambda: totopoly_asked_to_bid_again(address, game_id, [token], 0))
        with page.expect_response("**/moves") as answer:
            form.locator("button").click()
        assert answer.value.status == 409, answer.value.text()
        refused = answer.value.json()["error"]
        expect(form.locator(".tp-refused")).to_have_text(refused)
        now = frame(address, game_id, token)["version"]
        page.reload()
        shows(page, now)
        expect(form.locator(".tp-refused")).to_have_text(refused)
        expect(form.locator("input")).to_have_value(typed)
        passed = move(address, game_id, token, {"kind": "pass"})
        shows(page, passed)
        expect(page.locator(".tp-refused")).to_have_count(0)  # the table moved on
        page.reload()
        page.wait_for_function("(v) => Number(document.body.dataset.version) >= v", arg=passed)
        expect(page.locator(".tp-refused")).to_have_count(0)
        page.context.close()
