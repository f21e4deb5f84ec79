"""Derby Cast's pages as a table sees them, every one a 390 px phone (the keeper's desk
too): who the table waits for said once a page (the TV's and a waiting phone's heading; a
phone on its own turn says whom else in the rules' words, derbycast/rules/words.py; never
waiting for itself, nor for the keeper) and on the desk, the same after a
reload; open picks shown as they are made (R7), the field on a waiting phone; and a
typed card and finish sent as typed, the server's refusal said under the form the keeper
typed in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    broken_words,
    context,
    fits_width,
    frame,
    open_table,
    press,
    settled,
    snap,
)

pytestmark = pytest.mark.browser

PEOPLE = ("Ann", "Bob", "Cy")


def _tap(phone: Page, program: str, bet: str) -> None:
    phone.locator(f'.dc-horses button[data-program="{program}"]').click()
    press(phone, phone.locator(f'.dc-bets button[data-bet="{bet}"]'))


def test_every_page_says_whom_the_table_waits_for_and_the_server_checks_the_finish(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        config = {
            "entrants": [{"name": n} for n in PEOPLE],
            "source": "keeper",
            "feed": {"kind": "manual"},
            "races": 2,
            "tie": "dead-heat",
            "order": "rotate",
            "draw": "fresh",
        }
        seats = [{"kind": "person", "name": n} for n in (*PEOPLE, "Keeper")]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        tokens = [link["link"].rsplit("/", 1)[1] for link in links["seats"]]
        ann, bob, cy, desk, tv = (
            context(browser, address, phone=True).new_page() for _ in range(5)
        )
        phones = (ann, bob, cy)
        for page, seat in zip((*phones, desk), links["seats"], strict=True):
            page.goto(seat["link"])
        tv.goto(links["watch"])
        everyone = (*phones, desk, tv)

        def settled_all() -> None:
            settled(address, game_id, *everyone)

        def worded(page: Page, seat: int | None) -> None:
            """On its own turn a phone's waiting line is its view's words ('' : none
            drawn); else the page's heading says whom it waits for, once (the TV's, not
            again beside the card; a waiting phone's, not again under its standing)."""
            line = frame(address, game_id, tokens[seat] if seat is not None else None)
            waiting = page.locator(".dc-wait")
            if line["view"]["waiting"] and seat is not None and line["your_turn"]:
                expect(waiting).to_have_text(line["view"]["waiting"])
            else:
                expect(waiting).to_have_count(0)

        def looked_at(page: Page, name: str) -> None:
            fits_width(page)
            snap(page, tmp_path / f"{name}.png")

        settled_all()
        # a card that does not read: sent as typed, the server's line under the form
        desk.fill("#dc-race", "Riverbend")
        desk.fill("#dc-field", "1 Alpha, Bravo, 3 Charlie")
        desk.fill("#dc-odds", "2-1, 5-2, 8-1")
        desk.fill("#dc-scratched", "")
        with desk.expect_request("**/moves") as sent:
            desk.get_by_role("button", name="Post the card").click()
        card = json.loads(sent.value.post_data or "{}")["action"]
        assert card == {
            "kind": "typed-card",
            "race": "Riverbend",
            "field": "1 Alpha, Bravo, 3 Charlie",
            "odds": "2-1, 5-2, 8-1",
            "scratched": "",
        }
        expect(desk.locator(".dc-desk-form .dc-refused")).to_have_text(
            "give every horse its program number (like '1A Bravo'), or none"
        )
        expect(desk.locator(".dc-refused")).to_be_in_viewport()
        desk.fill("#dc-field", "1 Alpha, 1A Bravo, 3 Charlie")
        press(desk, desk.get_by_role("button", name="Post the card"))
        settled_all()

        # Ann picks first (race 1, rotating order): everyone else is told so, once, up top
        for page in (bob, cy, tv):
            expect(page.locator("#status")).to_have_text("waiting for Ann")
            expect(page.locator(".dc-wait")).to_have_count(0)  # not again under it
        expect(ann.locator(".dc-wait")).to_have_count(0)  # her own turn
        expect(desk.locator(".dc-status")).to_have_text(
            "Picks are open: waiting for Ann (marker 1) to pick"
        )
        expect(bob.locator(".dc-card tr[data-program]")).to_have_count(3)  # the field, waiting
        looked_at(bob, "bob-waiting")

        _tap(ann, "3", "win")
        settled_all()
        # open picks are seen as they are made (R7): on the TV, and on Bob's buttons, by
        # name (not "picked by 1"), and on Ann's own as hers: its badge, said once (not
        # again as "picked by you (win)" under it)
        expect(tv.locator('.dc-card tr[data-program="3"]')).to_contain_text("Ann (win)")
        expect(bob.locator('.dc-horses button[data-program="3"] .dc-by')).to_have_text(
            "picked by Ann (win)"
        )
        own = ann.locator('.dc-horses button[data-program="3"]')
        expect(own.locator(".dc-your-pick")).to_have_text("Your pick: win")
        expect(own.locator(".dc-by")).to_have_count(0)
        worded(ann, 0)
        worded(cy, 2)
        looked_at(bob, "bob-turn")
        _tap(bob, "1A", "place")
        settled_all()
        _tap(cy, "1", "show")
        settled_all()

        # every marker has picked: no phone waits for anyone (not "Waiting for Keeper")
        for page, seat in ((ann, 0), (bob, 1), (cy, 2), (tv, None)):
            worded(page, seat)
            expect(page.locator(".dc-wait")).to_have_count(0)
        everything_picked = "Every marker has picked: close picks at the off"
        expect(desk.locator(".dc-status")).to_have_text(everything_picked)
        bob.reload()
        desk.reload()
        settled_all()
        expect(bob.locator(".dc-wait")).to_have_count(0)
        expect(bob.locator(".dc-mine")).to_have_text(
            "Your pick: place on 1A Bravo (you may change it until picks close)"
        )
        expect(desk.locator(".dc-status")).to_have_text(everything_picked)
        looked_at(desk, "desk-all-picked")
        looked_at(tv, "tv-all-picked")  # the card with its picks fits a phone-sized TV
        press(desk, desk.get_by_role("button", name="Close picks"))
        settled_all()

        # a finish that does not read: sent as typed, refused by the server in one line,
        # said under the form on the keeper's phone (the page's own line is off screen)
        with desk.expect_request("**/moves") as sent:
            desk.fill("#dc-result-finish", "3, 9")
            desk.get_by_role("button", name="Post for review").click()
        action = json.loads(sent.value.post_data or "{}")["action"]
        assert (action["kind"], action["typed"], action["finish"]) == ("result", "3, 9", [])
        refusal = "'9' is not a horse in this race (program numbers 1, 1A, 3)"
        expect(desk.locator("#error")).to_have_text(refusal)
        under = desk.locator(".dc-desk-form .dc-refused")
        expect(under).to_have_text(refusal)
        expect(under).to_be_in_viewport()
        looked_at(desk, "desk-refused")
        assert frame(address, game_id)["view"]["phase"] == "result"  # nothing posted

        desk.fill("#dc-result-finish", "3=1, 1a")  # a dead heat for 1st; 1A typed 1a
        press(desk, desk.get_by_role("button", name="Post for review"))
        settled_all()
        expect(desk.locator(".dc-refused")).to_have_count(0)
        runners = frame(address, game_id)["view"]["review"]["runners"]
        assert [r["finish"] for r in runners] == [1, 3, 1]
        expect(cy.locator(".dc-would")).to_have_text(
            "If the result stands: Cy (marker 3): show on 1 Alpha, 1st at 2-1: +0"
        )
        price = cy.locator(".dc-would .dc-odds")  # "2-1" never broken into "2-" and "1"
        expect(price).to_have_text("2-1")
        expect(price).to_have_css("white-space", "nowrap")
        assert broken_words(cy, ".dc-would, .dc-card") == []
        looked_at(cy, "cy-review")

        # official: between races every page says what the table waits for
        press(desk, desk.locator("[data-official]"))
        settled_all()
        bob.reload()
        settled_all()
        view = frame(address, game_id)["view"]
        for page in (ann, bob, cy, tv):
            expect(page.locator(".dc-status")).to_have_text("Waiting for the keeper to post race 2")
            expect(page.locator(".dc-standings li")).to_have_text(
                [r["words"] for r in view["standings"]]
            )
        looked_at(bob, "bob-between-races")
