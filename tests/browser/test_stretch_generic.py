"""A Top of the Stretch race run to the finish in a real browser through the generic
page. The race has no players' seats: the Trackmaster (the table's creator link) rolls
real dice and types each roll, while two spectators watch, one on a phone and one (a TV
on the wall) reloading mid-race. A roll that cannot be is refused with its reason and
changes nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    context,
    fits_width,
    frame,
    nothing_hidden,
    open_table,
    shows,
    snap,
)
from tests.conftest import serving

from homestretch.core.registry import entry

pytestmark = pytest.mark.browser


def test_the_trackmaster_types_the_dice_and_spectators_watch(
    browser: Browser, tmp_path: Path
) -> None:
    db = str(tmp_path / "games.sqlite")
    with serving(db, tmp_path) as address:
        # the shorter of the harness's quick races: the Champagne Stakes' six runners take
        # 23 typed rolls at these dice, the Ladies Classic's eight 29
        quick = next(
            c
            for c in entry("stretch").harness_configs()
            if c["mode"] == "quick" and c["race"]["name"] == "Champagne Stakes"
        )
        links = open_table(
            address, {"game": "stretch", "config": quick, "seats": [], "dice": "asked"}
        )
        game_id = links["id"]
        contexts = [context(browser, address, phone=(n == 1)) for n in range(3)]
        master, phone, tv = (c.new_page() for c in contexts)
        master.goto(links["admin"])
        phone.goto(f"/t/{game_id}/watch")
        tv.goto(f"/t/{game_id}/watch")
        pages = (master, phone, tv)
        for page in (phone, tv):
            expect(page.locator("#roll")).to_be_hidden()  # only the Trackmaster types dice

        rng = random.Random(7)
        rolls = 0
        for _ in range(200):
            now = frame(address, game_id)
            for page in pages:
                shows(page, now["version"])
            if now["over"]:
                break
            roll = now["waiting"]["roll"]
            expect(master.locator("#roll-label")).to_contain_text(roll["label"])
            if rolls == 0:  # a die does not show a 9: refused, and nothing changes
                master.fill("#roll-faces", " ".join(["9"] * roll["dice"]))
                master.locator("#roll button[type=submit]").click()
                expect(master.locator("#error")).to_be_visible()
                assert frame(address, game_id)["version"] == now["version"]
            faces = [rng.randint(1, 6) for _ in range(roll["dice"])]
            master.fill("#roll-faces", " ".join(map(str, faces)))
            master.locator("#roll button[type=submit]").click()
            line = f"{now['version']}: {roll['label']} {' and '.join(map(str, faces))}"
            expect(phone.locator("#log")).to_contain_text(line)
            rolls += 1
            if rolls == 8:
                tv.reload()  # the TV comes back to the race as it is
        else:
            pytest.fail("the race did not finish")

        assert rolls >= 10
        final = frame(address, game_id)
        winner = next(e for e in final["result"]["entries"] if e["finish"] == 1)["horse"]
        for page in pages:
            # the board draws the result: the whole race's JSON is folded below it
            expect(page.locator("#result-box")).to_be_visible()
            expect(page.locator("#result")).to_be_hidden()
            expect(page.locator("#seed")).to_contain_text(str(final["seed"]))
            assert nothing_hidden(db, game_id, None)  # a race keeps no secret to show
        fits_width(phone)
        snap(phone, tmp_path / "stretch-phone.png")
        folded = phone.evaluate("document.body.scrollHeight")
        phone.click("#result-fold > summary")  # still there for whoever wants it
        expect(phone.locator("#result")).to_be_visible()
        expect(phone.locator("#result")).to_contain_text(winner)
        assert phone.evaluate("document.body.scrollHeight") > folded
        fits_width(phone)
        phone.click("#replay-link")  # the finished race, step by step
        expect(phone.locator("#version")).to_have_text(f"0 of {final['version']}")
        phone.click("#next")
        expect(phone.locator("#version")).to_have_text(f"1 of {final['version']}")
        expect(phone.locator("#log")).to_contain_text("0: ")
        for c in contexts:
            c.close()
