"""A Top of the Stretch race in a real browser: the board draws the call, the running
lines, the result chart and the scoresheet, on a phone-width page, and the replay
unfolds the call segment by segment."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import API, SharedServer, broken_words, stretch_call_read_out

from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame

pytestmark = pytest.mark.browser
LINE_NAMES = """[...document.querySelectorAll("svg.stretch-lines text")]
    .filter((t) => /^[0-9]+ /.test(t.textContent))
    .map((t) => { const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""
"""Where each horse's name is drawn at the end of its running line (the screen's px)."""


def test_a_race_is_watched_and_replayed_in_the_browser(
    browser: Browser, shared_server: SharedServer
) -> None:
    race = load_race("2009-champagne-stakes")
    config = RaceGame(race, "full").config()
    with shared_server.visit() as address:
        request = {"game": "stretch", "config": config, "seats": [], "seed": 3}
        answer = API.post(f"{address}/api/tables", json=request)
        assert answer.status_code == 200, answer.text
        game_id = answer.json()["id"]
        frame = API.get(f"{address}/api/tables/{game_id}/frame").json()
        assert frame["over"]
        context = browser.new_context(base_url=address, viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.clock.install()  # the call read out at once (stretch_call_read_out)
        page.goto(f"/t/{game_id}/watch")
        call = page.locator("#stretch-call")
        stretch_call_read_out(page, address, game_id)
        expect(call).to_contain_text("At the break.")
        expect(call).to_contain_text("At the wire.")
        for kind in ("morning-line", "off", "official"):  # the race's notices, in their words
            (notice,) = [n for n in frame["notices"] if n["type"] == kind]
            expect(call.locator(f".stretch-n-{kind}")).to_have_text(notice["words"])
        # one running line per horse, from the break to the wire
        expect(page.locator("svg.stretch-lines path.horse")).to_have_count(len(race.runners))
        result = page.locator("#stretch-result tr")
        expect(result).to_have_count(1 + len(race.runners))
        winner = next(e for e in frame["view"]["entries"] if e["finish"] == 1)
        expect(result.nth(1)).to_contain_text(winner["horse"])
        sheet = page.locator("#stretch-sheet")
        expect(sheet).to_contain_text("Form adj")
        expect(sheet.locator("tr")).to_have_count(1 + len(race.runners))
        expect(sheet.locator("th", has_text="Wet")).to_have_count(0)  # a fast track
        # the board fits a phone: only its wide tables scroll, not the page
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        # read on a phone: no price wrapped apart ("9-" over "2"), the running lines'
        # names at a readable size and none printed over another
        assert broken_words(page, "#stretch-call") == []
        names = page.evaluate(LINE_NAMES)
        assert len(names) == len(race.runners)
        assert min(bottom - top for _, top, _, bottom in names) >= 10, names
        for k, (left, top, right, bottom) in enumerate(names):
            for other in names[k + 1 :]:
                apart = (
                    right <= other[0] or other[2] <= left or bottom <= other[1] or other[3] <= top
                )
                assert apart, f"two horses' names overlap: {names}"

        replay = context.new_page()
        replay.goto(f"/t/{game_id}/replay")
        expect(replay.locator("#stretch-call")).to_contain_text("They are in the gate.")
        expect(replay.locator("#stretch-call .stretch-n-morning-line")).to_have_count(0)
        expect(replay.locator("#stretch-result")).to_have_count(0)
        # six odds rolls and six break rolls: the break is called, nothing after it
        replay.evaluate("showReplay(11)")
        expect(replay.locator("#version")).to_have_text(f"11 of {frame['version']}")
        replay.locator("#next").click()
        expect(replay.locator("#version")).to_have_text(f"12 of {frame['version']}")
        expect(replay.locator("#stretch-call")).to_contain_text("At the break.")
        expect(replay.locator("#stretch-call")).to_contain_text("The morning line: #1")
        expect(replay.locator("#stretch-call")).not_to_contain_text("Turning for home.")
        expect(replay.locator("#stretch-call")).not_to_contain_text("Official:")
        expect(replay.locator("svg.stretch-lines path.horse")).to_have_count(len(race.runners))
        replay.evaluate(f"showReplay({frame['version']})")
        expect(replay.locator("#stretch-call")).to_contain_text("At the wire.")
        expect(replay.locator("#stretch-result tr")).to_have_count(1 + len(race.runners))
        context.close()


def test_a_wet_races_scoresheet_shows_the_wet_ratings(
    browser: Browser, shared_server: SharedServer
) -> None:
    """On a sloppy track the board's scoresheet has the Wet column after Form, each horse's
    Wet rating in it, as the terminal's ratings sheet has (ruling S21)."""
    race = load_race("claiming-sprint-sloppy")
    config = RaceGame(race, "quick").config()
    with shared_server.visit() as address:
        request = {"game": "stretch", "config": config, "seats": [], "seed": 5}
        answer = API.post(f"{address}/api/tables", json=request)
        assert answer.status_code == 200, answer.text
        context = browser.new_context(base_url=address)
        page = context.new_page()
        page.clock.install()  # the call read out at once (stretch_call_read_out)
        page.goto(f"/t/{answer.json()['id']}/watch")
        stretch_call_read_out(page, address, answer.json()["id"])
        sheet = page.locator("#stretch-sheet")
        expect(sheet.locator("tr")).to_have_count(1 + len(race.runners))
        headings = sheet.locator("th").all_inner_texts()
        assert headings[3:7] == ["Pace", "Form", "Wet", "Cls"], headings
        wet = sheet.locator('td[data-label="Wet"]').all_inner_texts()
        assert wet == [str(r.horse.wet) for r in race.runners]
        assert len(set(wet)) > 1  # the mudders stand out
        context.close()


PATH_POINTS = """[...document.querySelectorAll("svg.stretch-lines path.horse")]
    .map((p) => p.getAttribute("d").split(/[ML]/).filter(Boolean).map((xy) => xy.trim()))"""
"""Each horse's running line as its points ("x,y"), in the SVG's own units."""


def test_horses_level_at_a_call_are_drawn_apart(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Two horses level at a call were drawn on one spot, one line hiding the other's run
    (seed 11's Gulfstream allowance: Tin Soldier under Glass Harbor from the backstretch
    to the turn). Now they are drawn a lane apart: no two lines share a point."""
    race = load_race("allowance-turf-route")
    config = RaceGame(race, "full").config()
    with shared_server.visit() as address:
        request = {"game": "stretch", "config": config, "seats": [], "seed": 11}
        answer = API.post(f"{address}/api/tables", json=request)
        assert answer.status_code == 200, answer.text
        entries = API.get(f"{address}/api/tables/{answer.json()['id']}/frame").json()["view"][
            "entries"
        ]
        level = [
            at for at in range(3) if len({e["race_points"][at] for e in entries}) < len(entries)
        ]
        assert level, "the race has horses level at a call"
        context = browser.new_context(base_url=address)
        page = context.new_page()
        page.clock.install()  # the call read out at once (stretch_call_read_out)
        page.goto(f"/t/{answer.json()['id']}/watch")
        stretch_call_read_out(page, address, answer.json()["id"])
        expect(page.locator("#stretch-call")).to_contain_text("At the wire.")  # drawn whole
        expect(page.locator("svg.stretch-lines path.horse")).to_have_count(len(entries))
        lines = page.evaluate(PATH_POINTS)
        assert [len(line) for line in lines] == [4] * len(entries)  # break to the wire
        for k, line in enumerate(lines):
            for other in lines[k + 1 :]:
                shared = set(line) & set(other)
                assert not shared, f"two running lines meet on a call's point: {shared}"
        context.close()
