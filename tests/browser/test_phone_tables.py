"""A table read on a small phone (375 px) as friends would read it: everything on the
screen, nothing that scrolls sideways, no word broken over two lines."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    broken_words,
    fits_width,
    frame,
    move,
    open_table,
    shows,
    snap,
    stretch_call_read_out,
    token_of,
)

from homestretch.games.stretch.terminal.bettors import bettors_line

pytestmark = pytest.mark.browser

SEVEN = ["Christopher", "Alexandra", "Maximilian", "Bartholomew", "Genevieve", "Sebastian"]
SEVEN.append("Evangeline")

SIDEWAYS = """(selector) => [...document.querySelectorAll(selector)]
    .map((box) => box.scrollWidth - box.clientWidth)"""


@pytest.mark.parametrize("names", [SEVEN, ["Al", "Bo", "Cy"]], ids=["seven", "three"])
def test_across_players_and_their_horses_fit_a_phone(
    browser: Browser, shared_server: SharedServer, names: list[str]
) -> None:
    """Seven players at Across the Board (or three with short names), the meet over,
    watched on a small phone: the players' panel shows every name, role, fifties and
    horse on the screen (the role under the name: in its own column it pushed the horses
    off the screen's edge, into a box scrolled sideways), no role broken in two."""
    with shared_server.visit() as address:
        seats = [{"kind": "bot", "bot": "sensible", "name": name} for name in names]
        config = {"players": len(names)}
        links = open_table(address, {"game": "across", "config": config, "seats": seats, "seed": 3})
        now = frame(address, links["id"])
        assert now["over"]  # computer players only: played to the end at once
        page = browser.new_context(base_url=address, **SMALL).new_page()
        try:
            page.goto(links["watch"])
            shows(page, now["version"])
            players = page.locator(".ab-players")
            players.scroll_into_view_if_needed()
            assert page.evaluate(SIDEWAYS, ".ab-players") == [0]
            fits_width(page)
            assert broken_words(page, ".ab-players") == []
            for role in ("Trackmaster", "Totemaster", "Auctioneer"):
                expect(players.locator(f"text={role} >> visible=true")).to_have_count(1)
            owners = now["view"]["owners"]
            for horse, owner in owners.items():
                row = players.locator(f"tr[data-seat='{owner[0]}']")
                expect(row).to_contain_text(f"#{horse}")
                box = row.locator("td").last.bounding_box()
                assert box is not None and box["x"] + box["width"] <= 375
            snap(page, shared_server.folder / "across-seven.png", full_page=False)
        finally:
            page.context.close()


def test_a_race_among_friends_says_which_of_them_won(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann, Bob and Cat bet on a Top of the Stretch race; once the call is read out,
    Bob's phone says under the official result who of them ends with the most money and
    by how much, in the terminal's words (it said only what the tote paid him), and so
    does the TV."""
    with shared_server.visit() as address:
        config = {"players": 3, "race": "2009-champagne-stakes", "mode": "quick"}
        seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cat")]
        request = {"game": "stretch", "config": config, "seats": seats, "seed": 8}
        links = open_table(address, request)
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        for post in range(1, 7):  # Ann the odd posts, Bob the even: one of them wins it all
            bet = {"kind": "bet", "pool": "win", "post": post, "dollars": 10}
            move(address, game_id, tokens[(post + 1) % 2], bet)
        for token in tokens:
            move(address, game_id, token, {"kind": "done"})
        result = frame(address, game_id)["result"]
        said = bettors_line(result)
        assert said.endswith(").") and "the most money" in said, said
        phone = browser.new_context(base_url=address, **SMALL)
        tv = browser.new_context(base_url=address)
        try:
            bob, watch = phone.new_page(), tv.new_page()
            for page, link in ((bob, links["seats"][1]["link"]), (watch, links["watch"])):
                page.clock.install()
                page.goto(link)
            for page in (bob, watch):
                stretch_call_read_out(page, address, game_id)
                won = page.locator(".stretch-bettors-won")
                expect(won).to_have_text(said, timeout=90_000)  # once the call is read out
            expect(bob.locator(".stretch-bettors-won")).to_be_in_viewport()
            fits_width(bob)
            snap(bob, shared_server.folder / "stretch-friends-won.png", full_page=False)
        finally:
            phone.close()
            tv.close()


def test_no_notices_heading_over_nothing(browser: Browser, shared_server: SharedServer) -> None:
    """A spectator of a Totopoly table just dealt has no notices (the cards dealt are
    the players' own): the page shows no "Notices" heading over an empty list; Ann's
    page, dealt her cards, shows her notice under her board's heading."""
    with shared_server.visit() as address:
        seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cat")]
        request = {"game": "totopoly", "config": {"players": 3}, "seats": seats, "seed": 4}
        links = open_table(address, request)
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()  # a spectator's first, then Ann's seat on it
            page.goto(links["watch"])
            now = frame(address, links["id"])
            assert not now["notices"]
            shows(page, now["version"])
            expect(page.get_by_role("heading", name="Notices")).to_be_hidden()
            ann = page
            ann.goto(links["seats"][0]["link"])
            shows(ann, now["version"])
            # Ann's, dealt her cards, on her board's "Money and cards" (Totopoly's board
            # lists the notices itself: the page's list is not drawn for it)
            expect(ann.locator("#tp-news h3")).to_be_visible()
            expect(ann.locator("ol.tp-notices li").first).to_contain_text("you were dealt")
            expect(ann.get_by_role("heading", name="Notices")).to_be_hidden()
        finally:
            context.close()


def test_a_page_drawing_its_own_notices_list_has_no_heading_till_there_is_one(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Derby Cast's board leaves the notices to the page's own list (Totopoly's and
    Across's boards list them themselves): before the first race is run there are none,
    and the page shows no "Notices" heading over an empty list; the race run and under
    review, its notice comes under the heading."""
    with shared_server.visit() as address:
        entrants = [{"name": name} for name in ("Ann", "Bob")]
        config = {"entrants": entrants, "source": "keeper", "feed": {"kind": "manual"}, "races": 2}
        seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Keeper")]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        ann, bob, keeper = (token_of(seat["link"]) for seat in links["seats"])
        move(address, game_id, keeper, {"kind": "simulate", "race": "maiden-special-weight"})
        horses = frame(address, game_id)["view"]["card"]["horses"]
        move(address, game_id, ann, {"kind": "pick", "horse": horses[0], "bet": "win"})
        move(address, game_id, bob, {"kind": "pick", "horse": horses[1], "bet": "win"})
        move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
        context = browser.new_context(base_url=address, **SMALL)
        try:
            watch = context.new_page()
            watch.goto(links["watch"])
            before = frame(address, game_id)
            assert not before["notices"]
            shows(watch, before["version"])
            expect(watch.get_by_role("heading", name="Notices")).to_be_hidden()
            run = move(address, game_id, keeper, {"kind": "run"})
            shows(watch, run)
            expect(watch.get_by_role("heading", name="Notices")).to_be_visible()
            expect(watch.locator("#notices li").first).to_contain_text(
                frame(address, game_id)["notices"][-1]["words"]
            )
        finally:
            context.close()
