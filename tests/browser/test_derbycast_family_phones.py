"""A family of three plays a whole game of Derby Cast on two small phones (375 x 667):
Mum opens the table in the lobby on her phone, for herself and Kit (who plays from
Mum's phone, a tab of her own) and an open seat Dad takes with the invitation on his
phone; the computer keeps score and Top of the Stretch runs every race; they agree on
three races and keep the lobby's "Confirm picks". Each picks in two taps and says the
pick stands; after every race the phone that picks next shows the race just run, its
own line in it, on the first screen, then the new race's name above "Your pick" (under
the result, "Your pick" and "My pick stands" read as the last race's); the log names
each horse with its number on the card."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    settled,
    snap,
    token_of,
    turn_among,
)

pytestmark = pytest.mark.browser

STYLE = {"Mum": (0, "win"), "Kit": (1, "place"), "Dad": (2, "show")}
"""Which horse each taps (by its board odds, the favourite 0) and the bet: Mum the
favourite to win, Kit the second favourite to place, Dad the third to show. Short prices
all, so no one reaches the finish (20 points) in two races and every player's phone is
seen after a race: Kit's win on the longest price, 70-1, ended a game in its first race."""


def _by_the_odds(card: dict[str, Any], rank: int) -> str:
    """The program number of the card's ``rank``-th shortest price, the scratched left out."""
    running = [i for i, horse in enumerate(card["horses"]) if horse not in card["scratched"]]
    running.sort(key=lambda i: (card["spaces"][i]["win"], i))
    program: str = card["programs"][running[rank]]
    return program


def _top(page: Page, selector: str) -> float:
    """Where the first of ``selector`` ends, from the top of the page (px)."""
    bottom: float = page.evaluate(
        "(s) => document.querySelector(s).getBoundingClientRect().bottom + scrollY", selector
    )
    return bottom


def _open_in_the_lobby(lobby: Page) -> dict[str, str]:
    """Mum's phone opens the table: its links by whose they are."""
    lobby.goto("/")
    lobby.select_option("#game", "derbycast")
    lobby.fill("#seat-0-name", "Mum")
    lobby.fill("#seat-1-name", "Kit")
    lobby.get_by_role("button", name="Add a player").click()
    lobby.fill("#seat-2-name", "Dad")
    lobby.select_option("#seat-2-who", "open")
    lobby.fill("#setting-races", "3")
    expect(lobby.locator("#setting-confirm")).to_be_checked()
    lobby.get_by_role("button", name="Open the table").click()
    expect(lobby.locator("#created")).to_be_visible()
    fits_width(lobby)
    links: dict[str, str] = {}
    for link in lobby.locator("#links a").all():
        said, href = link.inner_text(), str(link.get_attribute("href"))
        who = next((n for n in ("Mum", "Kit") if said.startswith(f"{n}'s seat")), None)
        links[who or ("Dad" if said.startswith("Invitation") else said)] = href
    return links


def test_a_family_of_three_plays_a_whole_game_on_two_phones(
    browser: Browser, short_calls_server: SharedServer, tmp_path: Path
) -> None:
    with short_calls_server.visit() as address:
        mums_phone = browser.new_context(base_url=address, **SMALL)
        dads_phone = browser.new_context(base_url=address, **SMALL)
        try:
            links = _open_in_the_lobby(mums_phone.new_page())
            mum, kit = mums_phone.new_page(), mums_phone.new_page()
            mum.goto(links["Mum"])
            kit.goto(links["Kit"])
            dad = dads_phone.new_page()
            dad.goto(links["Dad"])
            dad.get_by_label("Your name").fill("Dad")
            dad.get_by_role("button", name="Take a seat").click()
            dad.wait_for_url(re.compile(r"/seat/"))
            found = re.search(r"/t/(\d+)/", links["Mum"])
            assert found is not None
            game_id = int(found.group(1))
            pages = {"Mum": mum, "Kit": kit, "Dad": dad}
            tokens = {who: token_of(page.url) for who, page in pages.items()}
            settled(address, game_id, *pages.values())
            raced, shot = 0, 0
            for _ in range(60):  # a bound: three races are 18 moves
                who = turn_among(address, game_id, tokens)  # (each race's call read first)
                if who is None:
                    break
                page = pages[who]
                page.bring_to_front()
                seen = frame(address, game_id, tokens[who])
                view = seen["view"]
                kinds = {legal["action"]["kind"] for legal in seen["legal"]}
                if "pick" in kinds and view["last_race"] and view["last_race"]["race"] > raced:
                    # the race just run, on the first screen: its title, the first four
                    # home and this player's own line; then the race picked for, named
                    raced = view["last_race"]["race"]
                    page.evaluate("scrollTo(0, 0)")
                    words = view["last_race"]["words"]
                    expect(page.locator(".dc-last h3")).to_have_text(words["title"])
                    marker = view["board"][seen["seat"]]["marker"]
                    own = next(
                        line
                        for line, pick in zip(
                            words["picks"], view["last_race"]["picks"], strict=True
                        )
                        if pick["marker"] == marker
                    )
                    expect(page.locator(".dc-own-pick")).to_have_text(own)
                    assert _top(page, ".dc-own-pick") <= SMALL["viewport"]["height"]
                    order = page.evaluate(
                        "() => [...document.querySelectorAll('.dc-last, .dc-picker-head, "
                        ".dc-horses')].map((e) => e.className)"
                    )
                    assert order == ["dc-last", "dc-picker-head", "dc-horses"], order
                    expect(page.locator(".dc-picker-head")).to_have_text(
                        view["card"]["words"]["caption"]
                    )
                    shot += 1
                    snap(
                        page, tmp_path / f"{shot:02d}-{who}-after-race-{raced}.png", full_page=False
                    )
                if "ready" in kinds:
                    page.locator("[data-ready]").click()
                else:
                    rank, bet = STYLE[who]
                    program = _by_the_odds(view["card"], rank)
                    page.locator(f'.dc-horses > button[data-program="{program}"]').click()
                    page.locator(f'.dc-bets button[data-bet="{bet}"]').click()
                expect(page.locator("body")).not_to_have_attribute(
                    "data-version", str(seen["version"])
                )
                settled(address, game_id, *pages.values())
            final = frame(address, game_id)
            assert final["over"] and raced >= 2
            (won,) = [n["words"] for n in final["notices"] if n["type"] == "winner"]
            for who, page in pages.items():
                page.bring_to_front()
                page.evaluate("scrollTo(0, 0)")
                expect(page.locator(".dc-winner")).to_have_text(won)
                expect(page.locator(".dc-winner")).to_be_in_viewport()
                fits_width(page)
                snap(page, tmp_path / f"end-{who}.png", full_page=False)
            # the log says each pick with the horse's number on its card
            log = mum.locator("#log").inner_text()
            picks = re.findall(r"picked (\S+) .+? to (?:win|place|show)", log)
            assert len(picks) >= 9 and all(re.fullmatch(r"[1-9][0-9]?[A-Z]?", n) for n in picks)
        finally:
            mums_phone.close()
            dads_phone.close()


def test_a_phone_says_why_a_pick_in_the_money_scored_nothing_and_that_a_tie_break_is_on(
    browser: Browser, short_calls_server: SharedServer
) -> None:
    """Mum's show on a 5-2 winner read "1st at 5-2: +0", nothing to say the table gives a
    show at 5-2 no spaces; and with the one race agreed run and everyone level on 0, the
    next race was carded on the phones with nothing to say it was a tie-break. The TV
    said both; the phones say them now, in the same words. (The file's one server:
    its short calls are nothing to this test, whose race is typed in.)"""
    with short_calls_server.visit() as address:
        names = ["Mum", "Dad"]
        config = {
            "entrants": [{"name": n} for n in names],
            "source": "keeper",
            "feed": {"kind": "manual"},
            "races": 1,
        }
        seats = [{"kind": "person", "name": n} for n in [*names, "Keeper"]]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        mum, dad, keeper = (token_of(seat["link"]) for seat in links["seats"])
        card = {"kind": "typed-card", "race": "Downs 1", "field": "1 Ace, 2 Bolt, 3 Comet"}
        move(address, game_id, keeper, {**card, "odds": "5-2, 4-1, 6-1", "scratched": ""})
        move(address, game_id, mum, {"kind": "pick", "horse": "Ace", "bet": "show"})
        move(address, game_id, dad, {"kind": "pick", "horse": "Comet", "bet": "win"})
        move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
        result = {"kind": "result", "odds": ["5-2", "4-1", "6-1"], "finish": [1, 2, 3]}
        move(address, game_id, keeper, {**result, "official": True})
        move(address, game_id, keeper, {**card, "race": "Downs 2", "odds": "2-1, 3-1, 9-2"})
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto(links["seats"][0]["link"])
            settled(address, game_id, page)
            seen = frame(address, game_id, mum)
            said = seen["view"]["last_race"]["words"]["nothing"]
            assert said == (
                "In the money for 0: Mum (show at 5-2): the odds table gives no points there "
                "(the card's W/P/S)."
            )
            expect(page.locator(".dc-last .dc-nothing")).to_have_text(said)
            (tie,) = [n["words"] for n in seen["notices"] if n["type"] == "tie-break"]
            assert tie == "Mum and Dad are level on 0: a tie-break race, only they pick."
            expect(page.locator(".dc-tie")).to_have_text(tie)
            expect(page.locator(".dc-tie")).to_be_in_viewport()
            fits_width(page)
        finally:
            phone.close()
