"""Derby Cast at a TV with the computer keeper (the lobby's "the computer"): the server
ran the race, made it official and posted the next card within a second, so the TV never
read the call part by part and showed the result before it. Now the keeper posts a race
Top of the Stretch ran for review with its call, and a watched table (a page open on it)
holds its next move while the pages read the call at the server's pace (``serve
--call-pace``, short here), then the result alone, then the next card. A screen opened
mid-call goes on from the part the first has reached, the result not shown before the
call's last part, and Ann's phone says the race is being called meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import context, frame, move, open_table, shows, snap, token_of
from tests.conftest import serving

from homestretch.core.protocol import JSON
from homestretch.core.registry import entry
from homestretch.games.derbycast.rules.words import CALLED

pytestmark = pytest.mark.browser

PACE = "0.8"
"""Seconds a part of the call is read for here (the real default is 1.8)."""
SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
"""The score keeper's seat left out: the game's own computer keeper, as from the lobby."""

# What the page shows, each time it changes: the parts of the call read out so far, the
# last official race's heading and the card's caption, told apart by "|".
STORY = """
window.story = [];
new MutationObserver(() => {
  const text = (selector) => (document.querySelector(selector) || {}).textContent || "";
  const parts = document.querySelectorAll("section.dc-call p").length;
  const now = [parts, text(".dc-last h3"), text(".dc-card caption, .dc-picker-head")].join("|");
  if (window.story[window.story.length - 1] !== now) window.story.push(now);
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def _story(page: Page) -> list[tuple[int, str, str]]:
    told: list[str] = page.evaluate("window.story")
    return [(int(p), last, card) for p, last, card in (line.split("|", 2) for line in told)]


def _pick(address: str, game_id: int, token: str) -> None:
    mine = frame(address, game_id, token)
    picks = [legal["action"] for legal in mine["legal"] if legal["action"]["kind"] == "pick"]
    move(address, game_id, token, picks[0])


def _told_in_order(story: list[tuple[int, str, str]], parts: int, first_card: str) -> None:
    """The call read part by part (from ``reached`` on), with no result shown, then the
    result of race 1 with the call whole and no new card, then the next card."""
    result = next(i for i, (_, last, _) in enumerate(story) if last.startswith("Race 1"))
    called = [p for p, last, _ in story[:result] if p]
    assert called and called == sorted(called) and called[-1] == parts, story
    assert all(not last for _, last, _ in story[:result]), story  # no result while calling
    following = story[result:]
    assert following[0][2] in ("", first_card), story  # the result first, alone
    assert any(card and card != first_card for _, _, card in following), story  # then race 2


def test_the_computer_keeper_holds_the_result_for_the_call(
    browser: Browser, tmp_path: Path
) -> None:
    config = dict(entry("derbycast").harness_configs()[0])  # the computer keeper's races
    config["entrants"] = [{"name": n, "members": [n], "bot": False} for n in ("Ann", "Bob")]
    config["confirm"] = False
    with serving(str(tmp_path / "games.sqlite"), tmp_path, ["--call-pace", PACE]) as address:
        links = open_table(address, {"game": "derbycast", "config": config, "seats": SEATS})
        game_id = int(links["id"])
        ann, bob = (token_of(seat["link"]) for seat in links["seats"][:2])
        tv_context, phone_context = context(browser, address), context(browser, address, True)
        other_context = context(browser, address)
        try:
            for each in (tv_context, phone_context, other_context):
                each.add_init_script(STORY)
            tv, phone = tv_context.new_page(), phone_context.new_page()
            tv.goto(links["watch"])
            phone.goto(links["seats"][0]["link"])
            now = frame(address, game_id)
            for page in (tv, phone):
                shows(page, now["version"])
            first_card = tv.locator(".dc-card caption").inner_text()
            _pick(address, game_id, ann)
            _pick(address, game_id, bob)

            # the race under review, its call read out: the result waits for it
            review: JSON = frame(address, game_id)
            assert review["view"]["phase"] == "review" and review["pace"] == float(PACE)
            call = review["view"]["call"]
            assert call and review["view"]["last_race"] is None
            shows(tv, review["version"])
            expect(tv.locator(".dc-status")).to_have_text(CALLED)  # not "Result posted"
            tv.wait_for_function("document.querySelectorAll('section.dc-call p').length >= 2")
            reached = tv.locator("section.dc-call p").count()
            snap(tv, tmp_path / "tv-mid-call.png", full_page=False)
            snap(phone, tmp_path / "phone-mid-call.png", full_page=False)
            expect(phone.locator(".dc-would")).to_have_text(
                "The race is being called: what the result gives you follows at the wire"
            )
            other = other_context.new_page()  # a second screen, opened mid-call
            other.goto(links["watch"])
            expect(tv.locator(".dc-last h3")).to_contain_text("Race 1", timeout=30_000)
            expect(other.locator(".dc-last h3")).to_contain_text("Race 1")
            expect(tv.locator(".dc-card caption")).not_to_have_text(first_card, timeout=30_000)
            snap(tv, tmp_path / "tv-next-card.png", full_page=False)
            _told_in_order(_story(tv), len(call), first_card)
            _told_in_order(_story(phone), len(call), first_card)
            seen = _story(other)
            assert seen[0][0] == 0 or reached <= min(p for p, _, _ in seen if p), seen
        finally:
            for each in (tv_context, phone_context, other_context):
                each.close()


def test_a_server_started_mid_call_holds_the_result_for_what_is_left(
    browser: Browser, tmp_path: Path
) -> None:
    """The server stopped while the call was read (restarted, say): the table is in the
    store under review, and nothing moves it on until a page opens at a server again.
    The TV opened there is told the call's time by the store's clock (what is left of it,
    none if a server's start took longer than the call), never the result before it, then
    the result and the next card: the server moves the table on once it is watched (it
    stayed under review, unwatched, for good)."""
    config = dict(entry("derbycast").harness_configs()[0])
    config["entrants"] = [{"name": n, "members": [n], "bot": False} for n in ("Ann", "Bob")]
    config["confirm"] = False
    db = str(tmp_path / "games.sqlite")
    with serving(db, tmp_path, ["--call-pace", PACE]) as address:
        links = open_table(address, {"game": "derbycast", "config": config, "seats": SEATS})
        game_id = int(links["id"])
        ann, bob = (token_of(seat["link"]) for seat in links["seats"][:2])
        first = context(browser, address)
        try:
            tv = first.new_page()
            tv.goto(links["watch"])
            shows(tv, frame(address, game_id)["version"])
            first_card = tv.locator(".dc-card caption").inner_text()
            _pick(address, game_id, ann)
            _pick(address, game_id, bob)
            review = frame(address, game_id)
            assert review["view"]["phase"] == "review"
        finally:
            first.close()
    with serving(db, tmp_path, ["--call-pace", PACE]) as address:
        assert frame(address, game_id)["view"]["phase"] == "review"  # nobody moved it on
        again = context(browser, address)
        try:
            again.add_init_script(STORY)
            tv = again.new_page()
            tv.goto(links["watch"])
            expect(tv.locator(".dc-last h3")).to_contain_text("Race 1", timeout=30_000)
            expect(tv.locator(".dc-card caption")).not_to_have_text(first_card, timeout=30_000)
            story = _story(tv)
            result = next(i for i, (_, last, _) in enumerate(story) if last.startswith("Race 1"))
            assert all(not last for _, last, _ in story[:result]), story  # the call first
            assert frame(address, game_id)["view"]["race"] == 2
        finally:
            again.close()
