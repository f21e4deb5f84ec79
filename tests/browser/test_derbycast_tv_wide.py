"""The Derby Cast TV on a wide screen: a family's TV in the living room at 1920 x 1080
(found walking a whole game as a family: the TV, three phones, one holding two seats).
The page kept to its 60rem column, one thing under another: while the keeper's Top of
the Stretch race (a field of fourteen) was under review, the TV read its call out part
by part below the card, and only the first part ("The pace") was on the screen; the
wire and why it was won came below it, and nobody scrolls a TV. Now the TV takes the
window's width in two columns, the board, the standings and the card on the left, what
the table is doing, the call and the last race on the right: at 1920 x 1080 the board,
every horse of the card and every part of the call are on the first screen, then the
official result; at 1280 x 720 the call's first part beside the card, nothing off the
right edge. Screenshots are kept in
the test's folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    derbycast_family_picking,
    fits_width,
    frame,
    move,
    settled,
    token_of,
    twenty_markers_after_a_race,
)

pytestmark = pytest.mark.browser

PICKS = [("1", "win"), ("2", "place"), ("3", "show")]  # Mum, Dad and Kit, by program


def _under_review(address: str) -> tuple[int, str, list[dict[str, str]], str]:
    """The family's Dream Derby (14 horses) picked, closed and run: the table, the TV's
    link, the call the TV reads and the keeper's token."""
    links, tokens = derbycast_family_picking(address)
    game_id = links["id"]
    for token, (program, bet) in zip(tokens[:3], PICKS, strict=True):
        card = frame(address, game_id, token)["view"]["card"]
        horse = card["horses"][card["programs"].index(program)]
        move(address, game_id, token, {"kind": "pick", "horse": horse, "bet": bet})
    keeper = tokens[3]
    move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
    move(address, game_id, keeper, {"kind": "run"})
    call: list[dict[str, str]] = frame(address, game_id)["view"]["call"]
    assert len(call) >= 5 and len(frame(address, game_id)["view"]["card"]["horses"]) == 14
    return game_id, links["watch"], call, keeper


def _whole_on_screen(tv: Page, selector: str) -> None:
    tv.evaluate("scrollTo(0, 0)")
    items = tv.locator(selector)
    assert items.count() > 0, selector
    for item in items.all():
        expect(item).to_be_in_viewport(ratio=1)


def _tv(browser: Browser, address: str, width: int, height: int) -> Any:
    return browser.new_context(base_url=address, viewport={"width": width, "height": height})


def test_a_1920_tv_shows_the_board_the_card_and_the_whole_call_on_one_screen(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        game_id, watch, call, keeper = _under_review(address)
        context = _tv(browser, address, 1920, 1080)
        try:
            tv = context.new_page()
            tv.goto(watch)
            settled(address, game_id, tv)
            parts = tv.locator(".dc-call p")
            expect(parts).to_have_count(len(call))  # read out whole (a part every 1.8 s)
            expect(parts.last).to_contain_text(call[-1]["words"][:40])
            tv.screenshot(path=str(tmp_path / "tv-1920-call.png"))
            fits_width(tv)
            _whole_on_screen(tv, ".dc-oat")
            _whole_on_screen(tv, ".dc-card tr")
            _whole_on_screen(tv, ".dc-call h3, .dc-call p")
            _whole_on_screen(tv, ".dc-status")
            move(address, game_id, keeper, {"kind": "official"})
            settled(address, game_id, tv)
            tv.screenshot(path=str(tmp_path / "tv-1920-official.png"))
            fits_width(tv)
            _whole_on_screen(tv, ".dc-oat")
            _whole_on_screen(tv, ".dc-last h3, .dc-last li")
        finally:
            context.close()


def test_a_1280_tv_shows_the_call_beside_the_card_within_its_width(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """At 1280 x 720 the call is read beside the card (it was under the card's fourteen
    rows, off the screen), its first part on the first screen, nothing past the right
    edge (the right column ran off it when the board was drawn a size larger here too);
    then the official result beside the board."""
    with shared_server.visit() as address:
        game_id, watch, call, keeper = _under_review(address)
        context = _tv(browser, address, 1280, 720)
        try:
            tv = context.new_page()
            tv.goto(watch)
            settled(address, game_id, tv)
            expect(tv.locator(".dc-call p")).to_have_count(len(call))
            tv.screenshot(path=str(tmp_path / "tv-1280-call.png"))
            fits_width(tv)
            _whole_on_screen(tv, ".dc-call h3")
            expect(tv.locator(".dc-call p").first).to_be_in_viewport(ratio=1)  # "The pace"
            move(address, game_id, keeper, {"kind": "official"})
            settled(address, game_id, tv)
            tv.screenshot(path=str(tmp_path / "tv-1280-official.png"))
            fits_width(tv)
            _whole_on_screen(tv, ".dc-oat")
            _whole_on_screen(tv, ".dc-last h3, .dc-last li")  # the result beside the board
        finally:
            context.close()


FIELD = ["Ace", "Bolt", "Comet", "Dash", "Ember", "Flint", "Gale", "Hale", "Iris", "Jet",
         "Kite", "Lark"]  # fmt: skip


def test_a_1920_tv_with_twenty_markers_shows_the_card_picked_from(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Twenty markers after a race, the next race's twelve horses carded: the card is
    under the board, the twenty standings under the card (they stood between the two,
    and put the card being picked from below the screen), the last race beside them."""
    with shared_server.visit() as address:
        links, _ = twenty_markers_after_a_race(address)
        game_id = links["id"]
        keeper = token_of(links["seats"][-1]["link"])
        field = ", ".join(f"{n} {horse}" for n, horse in enumerate(FIELD, start=1))
        odds = ", ".join(f"{n + 1}-1" for n in range(len(FIELD)))
        card = {"kind": "typed-card", "race": "Downs 2", "field": field, "odds": odds}
        move(address, game_id, keeper, {**card, "scratched": ""})
        context = _tv(browser, address, 1920, 1080)
        try:
            tv = context.new_page()
            tv.goto(links["watch"])
            settled(address, game_id, tv)
            tv.screenshot(path=str(tmp_path / "tv-1920-twenty.png"))
            fits_width(tv)
            expect(tv.locator(".dc-card tr")).to_have_count(len(FIELD) + 1)
            _whole_on_screen(tv, ".dc-oat")
            _whole_on_screen(tv, ".dc-card tr")
            _whole_on_screen(tv, ".dc-wait, .dc-last h3")
        finally:
            context.close()
