"""Totopoly's "Lately at the table" says each bid on the lot up; once the lot sold, its
bids went and only the sale was left ("... sold to Bob for 7 guineas"), so a player who
looked away never read who bid what on it. The sold lot's bids stay, in one line just
before its sale, while the next lot comes up and its own bids follow."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser
from tests.browser.table_pages import API, SMALL, SharedServer, fits_width, frame, shows, token_of

pytestmark = pytest.mark.browser
MOST = 400
"""A bound on moves played to reach a point of the game, so a stuck game fails."""
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
]


def _send(address: str, game_id: int, token: str, shown: dict[str, Any], action: Any) -> None:
    body = {"token": token, "version": shown["version"], "action": action}
    answer = API.post(f"{address}/api/tables/{game_id}/moves", json=body)
    assert answer.status_code == 200, answer.text


def _asked(address: str, game_id: int, tokens: list[str]) -> dict[str, Any]:
    return next(f for f in (frame(address, game_id, t) for t in tokens) if f["your_turn"])


def _bidding(shown: dict[str, Any]) -> bool:
    kinds = {entry["action"]["kind"] for entry in shown["legal"]}
    return shown["view"]["phase"] == "auction" and {"bid", "pass"} <= kinds


def _lot(shown: dict[str, Any]) -> str | None:
    lot = shown["view"].get("lot")
    return lot["card"] if lot and shown["view"]["phase"] == "auction" else None


def _bids_said(log: list[dict[str, Any]], card: str) -> list[str]:
    """Each bid on the lot ``card`` as the page says it ("Ann bid 5 guineas")."""
    names = [seat["name"] for seat in SEATS]
    offered = next(
        i
        for i, e in enumerate(log)
        if e.get("action", {}).get("kind") == "lot" and e["action"]["card"] == card
    )
    said = []
    for entry in log[offered + 1 :]:
        kind = entry.get("action", {}).get("kind")
        if kind == "lot":
            break
        if kind == "bid":
            said.append(f"{names[entry['player']]} {entry['words']}")
    return said


def test_the_bids_on_the_lot_just_sold_stay_in_one_line_before_its_sale(
    browser: Browser, shared_server: SharedServer
) -> None:
    request = {"game": "totopoly", "config": {"players": 3}, "seats": SEATS, "seed": 5}
    with shared_server.visit() as address:
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id, tokens = links["id"], [token_of(s["link"]) for s in links["seats"]]
        for _ in range(MOST):  # the people's quiet moves until one is asked to bid
            asked = _asked(address, game_id, tokens)
            if _bidding(asked):
                break
            legal = [entry["action"] for entry in asked["legal"]]
            action = next((a for a in legal if a["kind"] in ("pass", "done")), legal[0])
            _send(address, game_id, tokens[asked["seat"]], asked, action)
        card = _lot(asked)
        assert card is not None
        # each person bids a guinea over the last once, then passes until the lot sells
        bid: set[int] = set()
        for _ in range(MOST):
            asked = _asked(address, game_id, tokens)
            if _lot(asked) != card:
                break
            seat = asked["seat"]
            high = asked["view"]["lot"]["bid"]
            action: Any = {"kind": "pass"}
            if seat not in bid:
                bid.add(seat)
                action = {"kind": "bid", "guineas": high + 1}
            _send(address, game_id, tokens[seat], asked, action)
        else:
            pytest.fail("the lot was never sold")
        story = _bids_said(frame(address, game_id)["log"], card)
        assert len(story) >= 2, story
        phone = browser.new_context(base_url=address, **SMALL)
        page = phone.new_page()
        page.goto(links["seats"][0]["link"])
        shows(page, frame(address, game_id, tokens[0])["version"])
        lines = page.locator("#tp-lately li")
        expected = "The bids: " + ", ".join(story)
        texts = lines.all_inner_texts()
        assert expected in texts, texts
        sale = next(i for i, t in enumerate(texts) if " sold to " in t)
        assert texts[sale + 1] == expected, texts  # newest first: just before the sale
        fits_width(page)
        # the next lot up, and a bid on it: the last lot's story is still there, below
        for _ in range(MOST):
            asked = _asked(address, game_id, tokens)
            if _bidding(asked) and _lot(asked) not in (None, card):
                break
            legal = [entry["action"] for entry in asked["legal"]]
            _send(address, game_id, tokens[asked["seat"]], asked, legal[0])
        nxt = asked["view"]["lot"]
        _send(
            address,
            game_id,
            tokens[asked["seat"]],
            asked,
            {"kind": "bid", "guineas": nxt["bid"] + 1},
        )
        shows(page, frame(address, game_id, tokens[0])["version"])
        texts = lines.all_inner_texts()
        assert texts[0].startswith(f"{asked['name']} bid"), texts
        assert expected in texts, texts
        phone.close()
