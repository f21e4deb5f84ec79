"""Totopoly's board on a phone (390 px) as the people at the table use it: a bid of
any amount typed on the board itself, other players' money out of sight during the
auction (ruling T41), every move in words (the generic buttons too), the money and
cards each seat was told of in words, and the training ring drawn as a loop."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import API, broken_words, context, frame, shows, snap, token_of
from tests.browser.test_totopoly_board import SEATS, _first_version
from tests.conftest import serving

pytestmark = pytest.mark.browser


def test_bidding_any_amount_on_a_phone_and_the_ring_as_a_loop(
    browser: Browser, tmp_path: Path
) -> None:
    db = str(tmp_path / "games.sqlite")
    with serving(db, tmp_path) as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": SEATS, "seed": 11}
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        phones = [context(browser, address, phone=True) for _ in range(2)]
        pages = [phone.new_page() for phone in phones]
        for page, seat in zip(pages, links["seats"], strict=True):
            page.goto(seat["link"])

        # The people play their first choices until one of them may bid for a lot.
        bidder = None
        for _ in range(80):
            frames = [frame(address, game_id, token) for token in tokens]
            mover = next((f["seat"] for f in frames if f["your_turn"]), None)
            assert mover is not None, frames[0]["waiting"]
            page, seen = pages[mover], frames[mover]
            shows(page, seen["version"])
            for label in page.locator("#actions button").all_inner_texts():
                assert "lease:" not in label, label  # the generic buttons in words too
            if any(legal["action"]["kind"] == "bid" for legal in seen["legal"]):
                bidder = mover
                break
            page.locator("#tp-moves button").first.click()
            expect(page.locator("body")).not_to_have_attribute("data-version", str(seen["version"]))
        assert bidder is not None, "no person was ever asked to bid"

        page, seen = pages[bidder], frames[bidder]
        other = 1 - bidder
        # Ruling T41: the other person's cash is out of sight; one's own is not.
        cash = page.locator(f"#tp-players tr[data-seat='{other}'] td").nth(2)
        expect(cash).to_have_text("unseen")
        own = page.locator(f"#tp-players tr[data-seat='{bidder}'] td").nth(2)
        expect(own).to_have_text(f"£{seen['view']['players'][bidder]['cash']}")
        # each player a block of labelled items on a phone: no word broken to fit a column
        assert broken_words(page, "#tp-players") == []
        expect(page.locator("#tp-players td[data-label='cash']").first).to_be_visible()
        # A bid two guineas over the last, a step the buttons do not list, typed in.
        high = int(seen["view"]["lot"]["bid"])
        bids = [legal["action"] for legal in seen["legal"] if legal["action"]["kind"] == "bid"]
        listed = {action["guineas"] for action in bids}
        amount = high + 2
        assert amount not in listed
        page.locator(".tp-amount-bid input").fill(str(amount))
        page.locator(".tp-amount-bid button").click()
        expect(page.locator("#tp-lot .tp-bid")).to_contain_text(f"{amount} guineas")
        after = frame(address, game_id, tokens[bidder])
        assert after["view"]["lot"]["bid"] == amount or after["view"]["phase"] != "auction"
        news = page.locator("#tp-news li")
        expect(news.first).to_be_visible()
        assert any("you were dealt" in t for t in news.all_inner_texts()), news.all_inner_texts()
        # the board says what the rules worded (words.py, as the terminal prints them)
        told = frame(address, game_id, tokens[bidder])
        shows(page, told["version"])
        assert news.all_inner_texts() == [n["words"] for n in told["notices"][-10:][::-1]]
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, f"the page is {width}px wide on a phone"
        snap(page, tmp_path / "auction-phone.png")

        # Computer players play on to the end; the ring, replayed, is a loop.
        for seat in (0, 1):
            answer = API.post(
                f"{address}/api/tables/{game_id}/seats/{seat}",
                json={"token": links["admin_token"], "bot": "sensible"},
                timeout=300,
            )
            assert answer.status_code == 200, answer.text
        final = frame(address, game_id)
        assert final["over"]
        shows(pages[0], final["version"])
        prizes = pages[0].locator("#tp-news li[data-type='prize']")
        expect(prizes.first).to_contain_text("prize money")
        replay = phones[0].new_page()
        replay.goto(f"/t/{game_id}/replay?seat=0")
        at = _first_version(address, game_id, "training", 4)
        replay.evaluate(f"showReplay({at})")
        shows(replay, at)
        squares = replay.locator("#tp-ring .tp-square")
        expect(squares.first).to_be_visible()
        boxes = squares.evaluate_all(
            "all => all.map(e => { const r = e.getBoundingClientRect();"
            " return [Number(e.dataset.square), r.left, r.top]; })"
        )
        count = len(boxes)
        by_square = {n: (left, top) for n, left, top in boxes}
        # a loop as tall as it must be: on a phone narrower than it is tall, so each
        # square is a fingertip wide (test_totopoly_phone_sizes); its columns read off
        # the top row
        columns = sum(1 for left, top in by_square.values() if round(top) == round(by_square[0][1]))
        rows = (count + 4) // 2 - columns
        across, down = columns - 1, rows - 1
        top_row = {round(by_square[n][1]) for n in range(columns)}
        right = {round(by_square[n][0]) for n in range(across, across + down + 1)}
        bottom = {round(by_square[n][1]) for n in range(across + down, 2 * across + down + 1)}
        assert len(top_row) == 1 and len(right) == 1 and len(bottom) == 1, boxes
        assert by_square[across][0] > by_square[0][0]  # clockwise: along the top first
        assert by_square[across + down][1] > by_square[across][1]  # then down the right
        assert by_square[count - 1][0] == by_square[0][0]  # and back up the left
        snap(replay, tmp_path / "ring-phone.png")
        for phone in phones:
            phone.close()
