"""Across the Board on phones: what the table asks of a player, or answers him, is on
the screen his phone opens on (an offer to answer, his own offer's fate, a debt to pay
back), after a reload too; and every word the board says is the one the server sent
(across/rules/words.py), none written into the page."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, Route, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    PHONE,
    SharedServer,
    across_at_its_first_auction,
    across_to_race_1_betting,
    fits_width,
    frame,
    move,
    press,
    shows,
    snap,
)

pytestmark = pytest.mark.browser
SEATS = ANN_BOB_AND_CY
SCREEN = PHONE["viewport"]["height"]
MOST_MOVES = 400
"""A bound on the moves sent to reach a race, so a stuck game fails."""


def _on_first_screen(box: Locator) -> None:
    """Seen without scrolling: the phone's page at its top shows all of ``box``."""
    box.page.evaluate("window.scrollTo(0, 0)")
    found = box.bounding_box()
    assert found is not None, "not shown"
    assert found["y"] + found["height"] <= SCREEN, f"{found['y'] + found['height']:.0f} px down"


def test_an_offer_its_answer_and_the_debt_are_on_the_first_screen(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        ann, bob = (phone() for _ in range(2))
        ann.goto(links["seats"][0]["link"])
        bob.goto(links["seats"][1]["link"])
        # Bob, from his phone or anywhere, offers Ann a loan while she is on the block
        offered = move(address, game_id, tokens[1], {"kind": "lend_terms", "borrower": 0, "amount": 3, "repay": 4})  # fmt: skip
        for reload in (False, True):
            if reload:
                ann.reload()
            shows(ann, offered)
            box = ann.locator(".ab-for-you")
            expect(box).to_contain_text("Bob offers to lend you 3 fifties, to be repaid 4")
            expect(ann.locator(".ab-turn")).to_have_text("Your turn: answer Bob's offer first.")
            _on_first_screen(box.locator(".ab-offer button", has_text="No"))
            expect(ann.locator(".ab-block .ab-bid-own")).to_have_count(0)  # the offer first
        shows(bob, offered)
        mine = bob.locator(".ab-for-you")
        expect(mine).to_contain_text("You offer to lend Ann 3 fifties, to be repaid 4: waiting for Ann's answer")  # fmt: skip
        expect(mine).not_to_contain_text("Bob")  # his own offer said to him
        expect(bob.locator(".ab-turn")).to_contain_text("Waiting for Ann to answer your offer.")
        _on_first_screen(mine)

        ann.locator(".ab-offer button", has_text="Yes").click()
        answered = offered + 1
        shows(bob, answered)
        expect(mine).to_contain_text("You lend Ann 3 fifties, to be repaid 4: Ann accepted")
        _on_first_screen(mine)
        expect(ann.locator(".ab-for-you")).to_contain_text("Bob lends you 3 fifties, to be repaid 4: you accepted")  # fmt: skip
        expect(ann.locator(".ab-talk")).to_contain_text("Bob lends Ann 3 fifties, to be repaid 4: Ann accepted")  # fmt: skip
        for reload in (False, True):
            if reload:
                ann.reload()
            shows(ann, answered)
            owed = ann.locator(".ab-for-you .ab-payback")
            expect(owed).to_contain_text("You owe Bob 4 fifties")
            _on_first_screen(owed.locator(".ab-pay"))
        fits_width(ann)
        snap(ann, shared_server.folder / "across-for-you.png", full_page=False)
        ann.locator(".ab-for-you .ab-amount").fill("4")
        ann.locator(".ab-pay").click()
        expect(ann.locator(".ab-for-you .ab-payback")).to_have_count(0)
        expect(ann.locator(".ab-for-you")).to_contain_text("You pay Bob back 4 fifties (0 still owed)")  # fmt: skip
        expect(ann.locator(".ab-for-you")).not_to_contain_text("Ann")  # all of it said to her


MARK = "\u00b6"
"""Put before every served word: a word the board wrote itself has none."""


def _marked(words: Any) -> Any:
    if isinstance(words, str):
        return MARK + words
    if isinstance(words, list):
        return [_marked(w) for w in words]
    return {key: _marked(w) for key, w in words.items()}


def _serve_marked(page: Page, address: str, game_id: int, token: str) -> None:
    """The page's stream gives it the table's frame with every served word marked."""

    def stream(route: Route) -> None:
        try:
            shown = frame(address, game_id, token)
        except httpx.HTTPError:  # the test is over and its server gone: the page retries
            route.abort()
            return
        shown["view"]["page"] = _marked(shown["view"]["page"])
        body = f"event: frame\ndata: {json.dumps(shown)}\n\n"
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route("**/events**", stream)


def test_the_board_says_the_words_the_server_sends(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        move(address, game_id, tokens[1], {"kind": "lend_terms", "borrower": 0, "amount": 3, "repay": 4})  # fmt: skip
        ann = phone()
        _serve_marked(ann, address, game_id, tokens[0])
        ann.goto(links["seats"][0]["link"])
        board = ann.locator("#board")
        expect(board.locator(".ab-turn")).to_have_text(MARK + "Your turn: answer Bob's offer first.")  # fmt: skip
        _every_word_served(board)
        move(address, game_id, tokens[0], {"kind": "answer", "accept": True})
        ann.reload()  # the auction's own moves, the debt and the dealings' forms
        expect(board.locator(".ab-pay")).to_have_text(MARK + "Pay back")
        expect(board.locator(".ab-block button").first).to_have_text(MARK + "Bid 1")
        _every_word_served(board)
        snap(ann, shared_server.folder / "across-served-words.png")


def _every_word_served(board: Locator) -> None:
    """Headings, buttons, labels and the lines the board words: each starts with the mark
    (the table's news and the game's own names, a horse's or a track's, are not the
    board's words)."""
    said = board.evaluate("""(box) => [...box.querySelectorAll(
        "h3, h4, button, th, .ab-turn, .ab-bin span, .ab-window span, .ab-for-you p:not(.ab-news-yours), "
        + ".ab-moves > span, [aria-label]")]
      .map((node) => node.getAttribute("aria-label") || node.textContent)
      .filter((text) => text.trim())""")
    assert len(said) > 40
    unserved = [text for text in said if not text.startswith(MARK) and MARK not in text[:2]]
    assert unserved == []


def test_after_a_race_the_phone_opens_on_its_result_and_what_it_paid_you(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        for _ in range(MOST_MOVES):  # the people pass, bet once, accept every roll
            shown = [frame(address, game_id, token) for token in tokens]
            view = shown[0]["view"]
            if view["phase"] == "betting" and view["race"] == 2:
                break
            seat = next(s for s in (0, 1) if shown[s]["your_turn"])
            mine = shown[seat]["view"]
            bought = any(t[0] == seat for t in mine["tickets"])
            action: dict[str, Any] = {
                "auction": {"kind": "pass"},
                "betting": {"kind": "done"} if bought else {"kind": "bet", "horse": 6},
                "race": {"kind": "accept"},
            }[mine["phase"]]
            if mine["offer"] is not None and mine["offer"]["to"] == seat:
                action = {"kind": "answer", "accept": False}
            move(address, game_id, tokens[seat], action)
        else:
            pytest.fail("race 2's betting did not open")
        result = next(n["words"] for n in shown[0]["notices"] if n["type"] == "race_result")
        for seat in (0, 1):
            paid = [
                n["words_you"]  # said to the seat: "Race 1: you collect 4 fifties, ..."
                for n in shown[seat]["notices"]
                if n["type"] == "payment" and n["race"] == 1 and n["seat"] == seat
            ]
            assert all(text.startswith("Race 1: you collect") for text in paid)
            page = phone()
            page.goto(links["seats"][seat]["link"])
            shows(page, shown[seat]["version"])
            said = page.locator(".ab-for-you .ab-collected")
            expect(said).to_have_text([result, *(paid or ["Race 1: nothing collected by you"])])
            _on_first_screen(said.last)
            snap(page, shared_server.folder / f"across-after-race-{seat}.png", full_page=False)


def test_a_phone_scrolled_away_is_told_its_turn_came_and_taken_to_it(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, frame(address, game_id, tokens[0])["version"])
        jump = ann.locator("#your-turn-pin")  # the shared page's (table.js)
        ann.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading the bins
        if frame(address, game_id, tokens[0])["your_turn"]:  # her bid is out of sight
            expect(jump).to_be_visible()
            # made before Bob's move is sent (read at once, his could be made first and
            # her pass refused as stale, or hers land between his read and his send)
            press(ann, ann.locator(".ab-block button", has_text="Pass"))
        expect(jump).to_be_hidden()
        ann.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        # Bob's offer makes it her turn while she reads the foot of the page
        offered = move(address, game_id, tokens[1], {"kind": "lend_terms", "borrower": 0, "amount": 3, "repay": 4})  # fmt: skip
        shows(ann, offered)
        expect(jump).to_have_text("Your turn \u2191")
        expect(jump).to_be_visible()
        snap(ann, shared_server.folder / "across-jump.png", full_page=False)
        jump.click()
        expect(ann.locator(".ab-offer button", has_text="No")).to_be_in_viewport()
        expect(jump).to_be_hidden()  # the move is on the screen now


def test_an_offer_that_lapses_leaves_for_you_as_it_lapses(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        across_to_race_1_betting(address, game_id, tokens)
        # the first of Ann and Bob to bet says done; the other then asks him into a ring
        # and is done too: he has had his turn, so the windows close on it unanswered
        done: list[int] = []
        for _ in range(MOST_MOVES):
            shown = [frame(address, game_id, token) for token in tokens]
            if shown[0]["view"]["phase"] != "betting":
                break
            seat = next(s for s in (0, 1) if shown[s]["your_turn"])
            mine = shown[seat]["view"]
            if mine["offer"] is not None and mine["offer"]["to"] == seat:
                move(address, game_id, tokens[seat], {"kind": "answer", "accept": False})
                continue
            if done and seat not in done:
                ring = {"kind": "ring", "horse": 6, "tickets": 1, "partner": done[0], "stake": 1}
                offered = move(address, game_id, tokens[seat], ring)
                asked = phone()
                asked.goto(links["seats"][done[0]]["link"])
                shows(asked, offered)
                expect(asked.locator(".ab-for-you")).to_contain_text(
                    "into a ring: 1 ticket on #6, you putting in 1 of the 3 fifties"
                )
            move(address, game_id, tokens[seat], {"kind": "done"})
            done.append(seat)
        else:
            pytest.fail("race 1's windows did not close")
        race = frame(address, game_id, tokens[0])
        assert race["view"]["phase"] == "race"
        lapsed = [n for n in race["notices"] if n["type"] == "offer_lapsed"]
        assert len(lapsed) == 1 and all("words_you" not in n for n in lapsed)
        for seat in done:
            page = phone()
            page.goto(links["seats"][seat]["link"])
            shows(page, frame(address, game_id, tokens[seat])["version"])
            expect(page.locator(".ab-talk")).to_contain_text("unanswered, it lapses")
            expect(page.locator(".ab-board")).not_to_contain_text("ticket(s)")
            expect(page.locator(".ab-for-you", has_text="ring")).to_have_count(0)  # gone with it
            snap(page, shared_server.folder / f"across-lapsed-{seat}.png", full_page=False)
