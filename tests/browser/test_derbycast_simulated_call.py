"""Derby Cast over races Top of the Stretch runs for the computer score keeper (the
lobby's "the computer (runs simulated races)"): each race was called only at the
terminal; the pages showed its result alone. Now the keeper posts the call with the
result, in the words the terminal prints (``simulated_call``): the TV shows the last
race's call, a player's phone has it folded under the result (opened, it stays open as
frames come), and the saved game keeps it: a page loaded afresh, rebuilt from the store,
shows it too. A race run from the table's own seed is not named with it: the seed is
kept until the game ends, and would tell the races to come."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    context,
    fits_width,
    frame,
    move,
    open_table,
    shows,
    snap,
    token_of,
)

from homestretch.core.registry import entry
from homestretch.games.derbycast.sources.simulated import simulated_call

pytestmark = pytest.mark.browser

SEED = 11
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
]  # the score keeper's seat left out: the game's own computer keeper, as from the lobby
MOST_MOVES = 20
"""A bound on the players' picks before the first race is official."""


def test_a_simulated_race_is_called_on_the_tv_and_the_phones(
    browser: Browser, shared_server: SharedServer
) -> None:
    config = dict(entry("derbycast").harness_configs()[0])  # the keeper posts the races
    config["entrants"] = [{"name": n, "members": [n], "bot": False} for n in ("Ann", "Bob")]
    config["races"] = 2
    config["confirm"] = False
    with shared_server.visit() as address:
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": SEATS, "seed": SEED}
        )
        game_id = int(links["id"])
        tokens = [token_of(seat["link"]) for seat in links["seats"][:2]]
        for _ in range(MOST_MOVES):  # Ann and Bob pick until race 1 is official
            now = frame(address, game_id)
            if now["view"]["last_race"] is not None:
                break
            seat = now["waiting"]["seats"][0]
            mine = frame(address, game_id, tokens[seat])
            picks = [legal for legal in mine["legal"] if legal["action"]["kind"] == "pick"]
            move(address, game_id, tokens[seat], picks[0]["action"])
        else:
            pytest.fail("race 1 was never made official")
        last = now["view"]["last_race"]
        # the races run from the table's own seed, secret until the game ends: no race is
        # named with its seed (a player could run the races to come with it)
        assert not now["over"] and "(simulated, seed" not in json.dumps(now)
        assert last["name"].endswith("(simulated)"), last["name"]
        feed = {"kind": "simulate", "seed": SEED, "race": None, "mode": "quick"}
        said = simulated_call(feed, 1)  # what the terminal prints for the race
        assert last["call"] == said and len(said) >= 4
        # the saved game keeps it: the result's move in the stored log carries the call
        posted = [e for e in now["log"] if e.get("action", {}).get("kind") == "result"]
        assert posted and posted[0]["action"]["call_words"] == [p["words"] for p in said]

        tv_context = context(browser, address)
        phone_context = browser.new_context(base_url=address, **SMALL)
        try:
            tv, ann = tv_context.new_page(), phone_context.new_page()
            tv.goto(links["watch"])
            ann.goto(links["seats"][0]["link"])
            for page in (tv, ann):
                shows(page, now["version"])
            lines = tv.locator(".dc-call p")
            expect(lines).to_have_count(len(said))
            # (its words, folded or not: on this 1280 x 720 screen it folds under its
            # heading rather than the TV's type shrinking for it, test_derbycast_family_at_a_tv)
            assert lines.all_text_contents() == [f"{p['heading']}. {p['words']}" for p in said]
            fold = ann.locator(".dc-last-call")
            expect(fold.locator("summary")).to_have_text("The call (Top of the Stretch)")
            expect(fold.locator("p").first).to_be_hidden()  # folded under the result
            fold.locator("summary").click()
            expect(fold.locator("p")).to_have_count(len(said))
            expect(fold.locator("p").last).to_contain_text(said[-1]["words"])
            # Bob picks for race 2: Ann's page is drawn again, her fold left open
            seat = frame(address, game_id)["waiting"]["seats"][0]
            mine = frame(address, game_id, tokens[seat])
            picks = [legal for legal in mine["legal"] if legal["action"]["kind"] == "pick"]
            made = move(address, game_id, tokens[seat], picks[0]["action"])
            shows(ann, made)
            expect(ann.locator(".dc-last-call")).to_have_attribute("open", "")
            fits_width(ann)
            snap(ann, shared_server.folder / "dc-call-phone.png")
        finally:
            tv_context.close()
            phone_context.close()
