"""A Derby Cast phone (390 x 844) marks its own pick at a glance: its horse's button
filled, with "Your pick: win" in a badge of its own (only "picked by you (win)" in the
field's small grey said so, under the name, among fourteen horses); a changed pick moves
the mark to the new horse and bet, and once picks close the card's row of the pick is
marked the same. Nobody else's phone, nor the TV, marks it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    derbycast_family_picking,
    fits_width,
    frame,
    move,
    press,
    settled,
    snap,
)

pytestmark = pytest.mark.browser

FILLED = "(node) => getComputedStyle(node).backgroundColor"


def _tap(phone: Page, program: str, bet: str) -> None:
    phone.locator(f'.dc-horses button[data-program="{program}"]').click()
    press(phone, phone.locator(f'.dc-bets button[data-bet="{bet}"]'))


def _marked(phone: Page, program: str, bet: str, words: str) -> None:
    """Only ``program``'s button is marked as this phone's pick, and it stands out."""
    marked = phone.locator(".dc-horses button[data-yours]")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-program", program)
    expect(marked).to_have_attribute("data-yours", bet)
    badge = marked.locator(".dc-your-pick")
    expect(badge).to_have_text(words)
    badge.scroll_into_view_if_needed()
    expect(badge).to_be_in_viewport(ratio=1)
    other = phone.locator(".dc-horses button:not([data-yours])").first
    assert marked.evaluate(FILLED) != other.evaluate(FILLED)  # filled, the others not
    assert badge.evaluate(FILLED) != marked.evaluate(FILLED)  # the badge stands out on it


def test_a_phone_marks_its_own_pick_and_moves_the_mark_when_it_changes(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links, tokens = derbycast_family_picking(address)
        game_id = links["id"]
        mum_context, dad_context = context(browser, address, True), context(browser, address, True)
        tv_context = context(browser, address)
        try:
            mum, dad, tv = mum_context.new_page(), dad_context.new_page(), tv_context.new_page()
            mum.goto(links["seats"][0]["link"])
            dad.goto(links["seats"][1]["link"])
            tv.goto(links["watch"])
            settled(address, game_id, mum, dad, tv)
            expect(mum.locator("[data-yours], .dc-your-pick")).to_have_count(0)  # none yet

            _tap(mum, "3", "win")
            settled(address, game_id, mum, dad, tv)
            _marked(mum, "3", "win", "Your pick: win")
            fits_width(mum)
            snap(mum, tmp_path / "mum-picked.png", full_page=False)
            for page in (dad, tv):  # Mum's pick is hers alone to see marked
                expect(page.locator("[data-yours], .dc-your-pick")).to_have_count(0)

            _tap(mum, "5", "place")  # changed before picks close: the mark moves
            settled(address, game_id, mum, dad, tv)
            _marked(mum, "5", "place", "Your pick: place")

            _tap(dad, "1", "show")
            kit = frame(address, game_id, tokens[2])
            picks = [legal["action"] for legal in kit["legal"] if legal["action"]["kind"] == "pick"]
            move(address, game_id, tokens[2], picks[0])
            move(address, game_id, tokens[3], {"kind": "scratches", "horses": [], "sit_out": []})
            settled(address, game_id, mum, dad, tv)
            row = mum.locator(".dc-card tr.dc-yours")  # picks closed: the card, its row marked
            expect(row).to_have_count(1)
            expect(row).to_have_attribute("data-program", "5")
            expect(row.locator(".dc-your-pick")).to_have_text("Your pick: place")
            fits_width(mum)
            snap(mum, tmp_path / "mum-picks-closed.png")
            expect(dad.locator(".dc-card tr.dc-yours")).to_have_attribute("data-program", "1")
            expect(tv.locator("[data-yours], .dc-your-pick")).to_have_count(0)
        finally:
            mum_context.close()
            dad_context.close()
            tv_context.close()
