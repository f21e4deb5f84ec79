"""The TV's race call of a race Top of the Stretch ran from the keeper's desk (R25): read
out a part at a time while the result is under review, timed by the server's clock so
every screen agrees: a second TV opened mid-call starts at the part the first has
reached, a TV reloaded after the call was read shows it whole at once instead of
starting over, and so does a TV opened once the result is official."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    context,
    frame,
    move,
    open_table,
    shows,
    snap,
    snap_part,
    token_of,
)
from tests.conftest import serving

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser
OWN_SERVER = True  # a second server is started on its store: this module's tables alone (conftest)

# The fewest parts of the call the page has ever shown since it loaded (None: no call
# yet), watched on every change of the page, so a call that starts over from its first
# part is seen however quickly it unfolds again.
FEWEST_PARTS = """
window.fewestParts = null;
new MutationObserver(() => {
  const box = document.querySelector(".dc-call");
  if (!box) return;
  const shown = box.querySelectorAll("p").length;
  window.fewestParts = window.fewestParts === null ? shown : Math.min(window.fewestParts, shown);
}).observe(document, { childList: true, subtree: true });
"""


MAIDEN = {"race": "maiden-special-weight"}
LONG_CALL = {"race": "claiming-route-big-field", "mode": "full"}
"""A race whose call has six parts (Fullplay's trouble and stretch): time to open a page
elsewhere while it is read out."""


def _fewest(page: Page) -> int | None:
    fewest: int | None = page.evaluate("window.fewestParts")
    return fewest


def _picks_closed(address: str, race: JSON = MAIDEN) -> tuple[JSON, str]:
    """A table whose keeper carded a Top of the Stretch race and closed picks (the race is
    not run yet): its links and the keeper's token."""
    config = {
        "entrants": [{"name": "Ann"}, {"name": "Bob"}],
        "source": "keeper",
        "feed": {"kind": "manual"},
        "races": 2,
    }
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
    links = open_table(address, {"game": "derbycast", "config": config, "seats": seats, "seed": 3})
    game_id = links["id"]
    ann, bob, keeper = (token_of(seat["link"]) for seat in links["seats"])
    move(address, game_id, keeper, {"kind": "simulate", **race})
    card = frame(address, game_id, ann)["view"]["card"]
    move(address, game_id, ann, {"kind": "pick", "horse": card["horses"][0], "bet": "win"})
    move(address, game_id, bob, {"kind": "pick", "horse": card["horses"][1], "bet": "show"})
    move(address, game_id, keeper, {"kind": "scratches", "horses": []})
    return links, keeper


def test_a_reloaded_tv_shows_the_call_it_has_read_whole(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links, keeper = _picks_closed(address)
        game_id = links["id"]

        tv_context = context(browser, address)  # a screen on the wall
        tv_context.add_init_script(FEWEST_PARTS)
        tv = tv_context.new_page()
        tv.goto(links["watch"])
        shows(tv, frame(address, game_id)["version"])
        expect(tv.locator(".dc-call")).to_have_count(0)  # not run yet
        move(address, game_id, keeper, {"kind": "run"})
        now = frame(address, game_id)
        call = now["view"]["call"]
        assert len(call) > 3
        parts = tv.locator(".dc-call p")
        tv.wait_for_function("document.querySelectorAll('.dc-call p').length >= 2")
        reached = parts.count()

        # Another screen opened now starts where the first is, not from the first part.
        other_context = context(browser, address, phone=True)  # the watch link on a phone
        other_context.add_init_script(FEWEST_PARTS)
        other = other_context.new_page()
        other.goto(links["watch"])
        shows(other, now["version"])
        expect(other.locator(".dc-call p").first).to_be_visible()
        assert (_fewest(other) or 0) >= reached > 1
        expect(parts).to_have_count(len(call), timeout=30_000)  # read out, part by part
        assert _fewest(tv) == 1
        expect(other.locator(".dc-call p")).to_have_count(len(call))
        snap(other, tmp_path / "tv-opened-mid-call.png")
        other_context.close()
        expect(parts.last).to_contain_text(call[-1]["words"][:30])

        tv.reload()
        shows(tv, frame(address, game_id)["version"])
        expect(parts).to_have_count(len(call))
        assert _fewest(tv) == len(call)  # whole at once: not read out again
        snap_part(tv.locator("#board-box"), tmp_path / "tv-reloaded.png")

        move(address, game_id, keeper, {"kind": "official"})
        late = context(browser, address)
        late.add_init_script(FEWEST_PARTS)
        opened_late = late.new_page()
        opened_late.goto(links["watch"])
        shows(opened_late, frame(address, game_id)["version"])
        expect(opened_late.locator(".dc-last h3")).to_contain_text("Race 1")
        expect(opened_late.locator(".dc-call p")).to_have_count(len(call))
        assert _fewest(opened_late) == len(call)  # official: the call was read out
        tv_context.close()
        late.close()


def test_a_tv_on_a_server_that_loaded_the_table_reads_the_call_in_step(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """A server that loads the table from its store mid-call (restarted, or a second
    process on the same store) times the call from when the store kept the race's start,
    so a TV opened there starts at the part a TV that watched the race run has reached,
    neither from the first part nor with the whole call at once. (The second server is
    started before the table is opened: it has never had it.)"""
    with shared_server.visit() as address, serving(shared_server.db, tmp_path) as loads:
        links, keeper = _picks_closed(address, LONG_CALL)
        game_id = links["id"]
        phone_context = context(browser, loads, phone=True)
        phone_context.add_init_script(FEWEST_PARTS)
        phone = phone_context.new_page()
        tv_context = context(browser, address)
        tv_context.add_init_script(FEWEST_PARTS)
        tv = tv_context.new_page()
        tv.goto(links["watch"])
        shows(tv, frame(address, game_id)["version"])
        move(address, game_id, keeper, {"kind": "run"})
        call = frame(address, game_id)["view"]["call"]
        tv.wait_for_function("document.querySelectorAll('.dc-call p').length >= 2")
        reached = tv.locator(".dc-call p").count()
        assert reached < len(call), "the first TV read the call out too fast to compare"

        # The second server has not had the table: it loads it from the store now.
        phone.goto(links["watch"])
        shows(phone, frame(loads, game_id)["version"])
        expect(phone.locator(".dc-call p").first).to_be_visible()
        fewest = _fewest(phone) or 0
        assert reached <= fewest < len(call)  # in step: not from the start, not all at once
        expect(phone.locator(".dc-call p")).to_have_count(len(call), timeout=30_000)
        snap(phone, tmp_path / "tv-on-the-second-server.png")
        phone_context.close()
        tv_context.close()


def test_a_phone_keeps_what_the_result_gives_it_until_the_tv_reaches_the_wire(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """The TV reads the call a part at a time; a marker's phone says what the result
    under review gives it only once the call has reached the wire (it said "3rd at 10-1:
    +0" while the TV was still at the pace), after a reload too."""
    with shared_server.visit() as address:
        links, keeper = _picks_closed(address, LONG_CALL)
        game_id = links["id"]
        tv = context(browser, address).new_page()
        tv.goto(links["watch"])
        bob = context(browser, address, phone=True).new_page()
        bob.goto(links["seats"][1]["link"])
        shows(bob, frame(address, game_id)["version"])
        move(address, game_id, keeper, {"kind": "run"})
        now = frame(address, game_id, token_of(links["seats"][1]["link"]))
        call, yours = now["view"]["call"], now["view"]["yours"]
        assert len(call) > 3 and yours["would"].startswith("If the result stands: Bob")
        shows(bob, now["version"])
        would = bob.locator(".dc-would")
        expect(would).to_have_text(yours["calling"])
        assert "If the result stands" not in bob.locator("#board-box").inner_text()
        snap(bob, tmp_path / "phone-while-called.png")
        bob.reload()  # a phone woken mid-call: still the TV's to tell
        shows(bob, now["version"])
        expect(would).to_have_text(yours["calling"])
        assert tv.locator(".dc-call p").count() < len(call)  # the TV not at the wire yet
        expect(tv.locator(".dc-call p")).to_have_count(len(call), timeout=30_000)
        expect(would).to_have_text(yours["would"])  # at the wire: drawn again by itself
        expect(would).to_be_in_viewport()  # under the pick, not below the whole field
        snap(bob, tmp_path / "phone-at-the-wire.png")
