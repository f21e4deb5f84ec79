"""A phone holding two seats (Mum's phone: a tab for Mum and a tab for Kit, as the
family phones test plays): the tab on screen said nothing while the other tab's seat was
waited for. It says whose turn it is there and leads to that seat ("Kit's turn: open
Kit's seat"), when this browser holds that seat's link; a phone that does not hold it
(Dad's) says nothing of it. Only who is waited for (every frame says it) and a link this
browser has: nothing of the other seat's view. At 375 px, on the first screen."""

from __future__ import annotations

from pathlib import Path

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
)

pytestmark = pytest.mark.browser

NAMES = ("Mum", "Kit", "Dad")


def _running(card: dict[str, list[str]]) -> list[str]:
    return [h for h in card["horses"] if h not in card["scratched"]]


def _says_turn(page: Page, captions: dict[str, str], name: str, link: str) -> None:
    """The page says it is ``name``'s turn, with the link to ``name``'s seat, on the
    first screen and within its width."""
    line = page.locator(".dc-held-turn")
    expect(line).to_have_count(1)
    turn = captions["held_turn"].replace("{name}", name)
    to = captions["held_link"].replace("{name}", name)
    expect(line).to_have_text(f"{turn} {to}")
    expect(line.get_by_role("link", name=to)).to_have_attribute("href", link)
    page.evaluate("scrollTo(0, 0)")
    expect(line).to_be_in_viewport(ratio=1)
    fits_width(page)


def test_the_tab_on_screen_says_when_it_is_the_other_seats_turn(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        config = {"entrants": [{"name": n} for n in NAMES], "source": "replays", "order": "marker"}
        seats = [{"kind": "person", "name": n} for n in NAMES]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        link = {n: seat["link"] for n, seat in zip(NAMES, links["seats"], strict=True)}
        token = {n: token_of(link[n]) for n in NAMES}
        mums_phone = browser.new_context(base_url=address, **SMALL)
        dads_phone = browser.new_context(base_url=address, **SMALL)
        try:
            mum, kit = mums_phone.new_page(), mums_phone.new_page()
            # Kit's tab drawn before Mum's tab is opened: it learns of Mum's seat when
            # Mum's tab records it, not at the next move (it once raced the two loads)
            kit.goto(link["Kit"])
            settled(address, game_id, kit)
            mum.goto(link["Mum"])
            dad = dads_phone.new_page()
            dad.goto(link["Dad"])
            settled(address, game_id, mum, kit, dad)
            seen = frame(address, game_id, token["Mum"])
            captions = seen["view"]["captions"]
            assert seen["your_turn"] and seen["waiting"]["seats"] == [0]
            # Mum's turn: Kit's tab leads to Mum's; Mum's own tab and Dad's phone say none
            kit.bring_to_front()
            _says_turn(kit, captions, "Mum", link["Mum"])
            expect(mum.locator(".dc-held-turn")).to_have_count(0)
            expect(dad.locator(".dc-held-turn")).to_have_count(0)
            card = seen["view"]["card"]
            move(
                address,
                game_id,
                token["Mum"],
                {"kind": "pick", "horse": _running(card)[0], "bet": "win"},
            )
            settled(address, game_id, mum, kit, dad)
            assert frame(address, game_id, token["Kit"])["your_turn"]
            # Kit's turn: the tab on screen (Mum's) says so and leads to Kit's seat
            mum.bring_to_front()
            _says_turn(mum, captions, "Kit", link["Kit"])
            snap(mum, tmp_path / "mums-tab-kits-turn.png", full_page=False)
            expect(kit.locator(".dc-held-turn")).to_have_count(0)
            expect(dad.locator(".dc-held-turn")).to_have_count(0)
            mum.locator(".dc-held-turn a").click()
            mum.wait_for_url(f"**{link['Kit']}")
            expect(mum.locator(".dc-horses > button").first).to_be_visible()
            # Dad's turn: held by no tab on Mum's phone, so neither tab names it
            kit_card = frame(address, game_id, token["Kit"])["view"]["card"]
            move(
                address,
                game_id,
                token["Kit"],
                {"kind": "pick", "horse": _running(kit_card)[1], "bet": "show"},
            )
            settled(address, game_id, mum, kit, dad)
            assert frame(address, game_id, token["Dad"])["your_turn"]
            for page in (mum, kit):
                expect(page.locator(".dc-held-turn")).to_have_count(0)
        finally:
            mums_phone.close()
            dads_phone.close()
