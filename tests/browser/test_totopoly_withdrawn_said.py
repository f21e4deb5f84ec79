"""A lot nobody at the table may bid for is withdrawn at once. The table said only "no
bid: ... is withdrawn", as though both had passed, though neither was asked: in a
two-player game, once each holds three horses, every horse lot left comes up and goes
without a word of why. "Lately at the table" says why now, in the rules' words, and
names nobody's lease kept face down (T31): while one lies face down, only the rules that
may hold a player back are said."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    screen_at,
    shown_secrets,
    token_of,
)

pytestmark = pytest.mark.browser
PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
AT_ONCE = "is withdrawn at once: no one here may bid for it"


def test_a_lot_nobody_may_bid_for_is_withdrawn_with_why(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE, "seed": 5}
        links = open_table(address, request)
        game_id, tokens = links["id"], [token_of(s["link"]) for s in links["seats"]]
        said = None
        for _ in range(400):  # each bids the least for every horse lot, else passes
            asked = next(f for f in (frame(address, game_id, t) for t in tokens) if f["your_turn"])
            said = next((line for line in asked["view"]["news"] if AT_ONCE in line), None)
            if said is not None or asked["view"]["phase"] not in (
                "deal",
                "exchange",
                "discard",
                "auction",
            ):
                break
            legal = [entry["action"] for entry in asked["legal"]]
            lot = asked["view"].get("lot") or {}
            bids = [a for a in legal if a["kind"] == "bid"]
            if bids and "horse" in lot:
                action = min(bids, key=lambda a: a["guineas"])
            else:
                action = next((a for a in legal if a["kind"] in ("pass", "done")), legal[0])
            move(address, game_id, tokens[asked["seat"]], action)
        assert said is not None, "no lot was withdrawn with why"
        assert "each held back by a rule: not more than three horses" in said  # face down
        for seat, person in enumerate(PEOPLE):
            with screen_at(browser, address, links["seats"][seat]["link"], game_id, SMALL) as page:
                lately = page.locator("#tp-lately li")
                expect(lately.filter(has_text=said)).to_have_count(1)
                expect(lately.filter(has_text=said)).to_have_text(said)
                assert shown_secrets(page, shared_server.db, game_id, seat) == set()
                fits_width(page)
            # neither's leases are named (they lie face down till the auction ends)
            other = frame(address, game_id, tokens[1 - seat])["view"]["leases"]
            assert [lease["name"] for lease in other if lease["name"] in said] == [], person
