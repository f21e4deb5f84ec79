"""A player's own race file loaded on the race builder (/stretch/new) in the browser:
read as `stretch run` reads it, every field filled in, and ruling S24's check made as the
terminal makes it: an entry whose preset ``apr`` lies 3 points or more from its horse's
card is warned of on the page, in the terminal's words, beside the entry and above the
entries. A good file is not remarked on; a bad one is refused in one line naming the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, fits_width, frame, more_settings, snap
from tests.web.test_pasted_race import SAID, copied_race

from homestretch.games.stretch.content.race_plain import BUNDLED_RACES

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)

CHAMPAGNE = (BUNDLED_RACES / "2009-champagne-stakes.toml").read_text()
ASPIRE = 'horse = "aspire-2009"\njockey = "house-b"\napr = 16'


def test_a_race_file_with_a_preset_far_from_its_card_is_warned_of_on_the_page(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """The Champagne Stakes copied, its third entry (Aspire, apr 16) given Zenyatta, whose
    card gives 24: `stretch run` warns of it on stderr; the builder page warned of nothing."""
    assert ASPIRE in CHAMPAGNE
    copied = tmp_path / "copied.toml"
    copied.write_text(CHAMPAGNE.replace(ASPIRE, ASPIRE.replace("aspire-2009", "zenyatta-2009")))
    good = tmp_path / "champagne.toml"
    good.write_text(CHAMPAGNE)
    broken = tmp_path / "broken.toml"
    broken.write_text(CHAMPAGNE.replace("furlongs =", "distance ="))
    said = (
        "warning: copied.toml, entry 3 (Zenyatta): its preset apr = 16 is 8 points from "
        "the 24 its card gives; the race runs on 16, as written (a preset apr is kept "
        "whatever horse the entry names: drop the line to use the card's)"
    )
    with shared_server.visit() as address:
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto("/stretch/new")
            page.set_input_files("#race-file", str(copied))
            expect(page.locator("#entries li")).to_have_count(CHAMPAGNE.count("[[entries]]"))
            expect(page.locator("#race-name")).to_have_value("Champagne Stakes")
            warnings = page.locator("#race-file-warnings li")
            expect(warnings).to_have_count(1)
            expect(warnings).to_have_text(said)
            expect(page.locator("#race-file-warnings")).to_be_visible()
            entry = page.locator("#entries li").nth(2)
            expect(entry).to_contain_text("Zenyatta")
            expect(entry.locator(".stretch-warning")).to_have_text(said)
            expect(page.locator("#entries .stretch-warning")).to_have_count(1)
            fits_width(page)
            snap(page, shared_server.folder / "race-file-warned.png")
            # the race opens as written (on 16): the warning says so, nothing stops it
            page.fill("#open-seats", "0")
            page.click("button[type=submit]")
            expect(page.locator("#created")).to_be_visible()
            game_id = int(page.locator("#watch").get_attribute("href").split("/")[2])
            (zenyatta,) = [e for e in frame(address, game_id)["view"]["entries"] if e["post"] == 3]
            assert zenyatta["horse"] == "Zenyatta" and zenyatta["start_apr"] == 16

            page.goto("/stretch/new")  # the file as bundled: its presets are its horses'
            page.set_input_files("#race-file", str(good))
            expect(page.locator("#entries li")).to_have_count(CHAMPAGNE.count("[[entries]]"))
            expect(page.locator("#race-file-warnings")).to_be_hidden()
            expect(page.locator("#entries .stretch-warning")).to_have_count(0)
            page.set_input_files("#race-file", str(copied))  # warned; then the conditions
            expect(warnings).to_have_count(1)  # change: every APR from the cards, no warning
            page.select_option("#condition", "sloppy")
            expect(page.locator("#race-file-warnings")).to_be_hidden()
            expect(page.locator("#entries .stretch-warning")).to_have_count(0)

            page.set_input_files("#race-file", str(broken))  # refused, naming the file
            expect(page.locator("#error")).to_be_visible()
            expect(page.locator("#error")).to_contain_text("broken.toml")
            expect(page.locator("#error")).not_to_contain_text("homestretch-race-")
        finally:
            phone.close()


def test_a_race_pasted_into_the_lobby_is_warned_of_as_the_builder_warns(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """The same copied race pasted whole into the lobby's settings as JSON: the table
    opens on it as written, and the links come with ruling S24's warning above them."""
    with shared_server.visit() as address:
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto("/")
            page.select_option("#game", "stretch")
            more_settings(page)
            page.click("#advanced > summary")
            shown = json.loads(page.locator("#config").input_value())
            page.locator("#config").fill(json.dumps({**shown, "race": copied_race(tmp_path)}))
            page.get_by_role("button", name="Open the table").click()
            expect(page.locator("#created")).to_be_visible()
            warnings = page.locator("#created-warnings li")
            expect(warnings).to_have_count(1)
            expect(warnings).to_have_text(SAID)
            expect(page.locator("#created-warnings")).to_be_visible()
            fits_width(page)
            watch = page.locator("#links a").last.get_attribute("href")
            assert watch is not None
            game_id = int(watch.split("/")[2])
            (zenyatta,) = [e for e in frame(address, game_id)["view"]["entries"] if e["post"] == 3]
            assert zenyatta["horse"] == "Zenyatta" and zenyatta["start_apr"] == 16

            # a bundled race chosen instead: nothing to warn of, and the warning is gone
            page.select_option("#setting-race", label="Champagne Stakes (6 horses, 1 mile on dirt)")
            page.get_by_role("button", name="Open the table").click()
            expect(page.locator("#links a").last).not_to_have_attribute("href", watch)
            expect(page.locator("#created-warnings")).to_be_hidden()
        finally:
            phone.close()
