"""A fan's race in the browser, from the card set to the tote's payoffs: built on the
race-builder page (a refusal first, in one line), each horse's chances and fair odds
beside the morning line (the proven brackets, then the exact figures), two players
betting against each other on the tote (one on a phone, reloading mid-betting) and a
computer bettor, the race called part by part as it runs, the tote paid, and the race
replayed segment by segment."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    API,
    CALL_STEP_MS,
    SharedServer,
    context,
    fits_width,
    frame,
    shows,
    snap,
    stretch_call_read_out,
)

pytestmark = pytest.mark.browser
EXACT_WAIT = 300_000  # ms: the exact sums run in the background on a loaded machine
HORSES = ["Super Saver", "Dublin", "Aspire", "Overlap", "Homeboykris"]
START = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
"""Where a page's clock is installed before the off, to be held there (``pause_at``)."""


def build_race(page: Page, shots: Path, submit: bool = True) -> None:
    page.goto("/stretch/new")
    page.fill("#race-name", "Phone Derby")
    page.fill("#track", "Belmont Park")
    page.fill("#furlongs", "9")
    expect(page.locator("#distance")).to_have_text("1 1/8 miles")
    page.select_option("#condition", "good")
    page.fill("#horse-search", "2009")
    for name in HORSES:
        page.locator("#horse-results button", has_text=f"Add {name} (2009)").click()
    expect(page.locator("#entries li")).to_have_count(len(HORSES))
    page.fill("#jockey-0", "Nobody Rides")
    page.fill("#your-name", "Ann")
    page.fill("#open-seats", "1")
    page.fill("#computers", "1")
    if not submit:
        fits_width(page)
        snap(page, shots / "builder-phone.png")
        return
    page.click("button[type=submit]")
    # refused by the rules `stretch new` uses, in one line, and nothing is lost
    expect(page.locator("#error")).to_have_text("entry 1: no jockey card 'Nobody Rides'")
    expect(page.locator("#entries li")).to_have_count(len(HORSES))
    page.fill("#jockey-0", "")
    page.click("button[type=submit]")
    expect(page.locator("#created")).to_be_visible()


def bet(page: Page, pool: str, post: int, dollars: int) -> None:
    page.select_option("#bet-pool", pool)
    page.select_option("#bet-horse", str(post))
    page.fill("#bet-dollars", str(dollars))
    page.locator("#stretch-bet button[type=submit]").click()


def dollars(cents: int) -> str:
    return f"${cents / 100:.2f}"


def test_a_race_built_bet_on_run_and_replayed(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    shots = tmp_path / "shots"
    with shared_server.visit() as address:  # no other test races these: odds are worked out
        ann_context = context(browser, address)  # Ann at a desktop, Bea on a phone
        bea_context = context(browser, address, phone=True)
        ann = ann_context.new_page()
        bea = bea_context.new_page()
        bea.clock.install()  # her call read out at once once looked at (stretch_call_read_out)
        build_race(bea, shots, submit=False)  # the builder fits a phone
        build_race(ann, shots)
        invite = ann.locator("#invite").get_attribute("href") or ""
        ann.click("#my-seat")
        expect(ann.locator("#stretch-tote")).to_be_visible()
        expect(ann.locator(".stretch-head h3")).to_have_text("Phone Derby, Belmont Park")
        game_id = int(ann.locator("body").get_attribute("data-table") or 0)
        ann_token = ann.locator("body").get_attribute("data-token") or ""

        # chances beside the morning line: brackets at once, the exact figures later
        chances = ann.locator("#stretch-chances")
        expect(chances).to_have_attribute("data-method", "bounds")
        expect(chances).to_contain_text("proven within")
        expect(chances).to_have_attribute("data-method", "exact", timeout=EXACT_WAIT)
        seen = frame(address, game_id, ann_token)
        rows = ann.locator("#stretch-chances-table tr")
        expect(rows).to_have_count(1 + len(HORSES))
        for entry in seen["view"]["entries"]:
            expect(rows.nth(entry["post"])).to_contain_text(entry["odds"])  # the chart odds

        # Bea takes the open seat on her phone; the computer bettor has bet already
        bea.goto(invite)
        bea.fill("#name", "Bea")
        bea.click("button[type=submit]")
        expect(bea.locator("#stretch-bet")).to_be_visible()
        robo = [t for t in frame(address, game_id)["view"]["tote"]["tickets"] if t["seat"] == 2]
        assert [t["pool"] for t in robo] == ["win", "show"]

        bet(bea, "win", 2, 10)
        expect(bea.locator("#stretch-players li[data-seat='1']")).to_contain_text("$10 win #2")
        bet(ann, "win", 1, 20)
        expect(bea.locator("#stretch-players li[data-seat='0']")).to_contain_text("$20 win #1")
        bea.reload()  # the phone reloads mid-betting: everything is drawn from the frame
        expect(bea.locator("#stretch-players li[data-seat='1']")).to_contain_text("$10 win #2")
        bet(bea, "show", 1, 200)  # more than she holds: one line under the window
        expect(bea.locator("#stretch-bet .stretch-refused")).to_contain_text("you hold $90.00")
        bet(bea, "place", 1, 15)
        expect(bea.locator("#stretch-players li[data-seat='1']")).to_contain_text("$15 place #1")
        fits_width(bea)
        snap(bea, shots / "betting-phone.png")
        bea.click("#bet-done")
        expect(bea.locator("#stretch-bet")).to_have_count(0)
        expect(ann.locator("#stretch-players li[data-seat='1']")).to_contain_text("done")

        # Ann says done: the race goes off and both pages call it part by part
        ann.click("#bet-done")
        call = bea.locator("#stretch-call")
        expect(call).to_contain_text("The pace.")
        # the wire is still to come: no result, no sheet, and the money as at the off
        assert bea.locator("#stretch-result").count() == 0
        assert bea.locator("#stretch-sheet").count() == 0
        expect(bea.locator("#stretch-players li[data-seat='1']")).to_contain_text("Bea: $75.00")
        expect(call).to_contain_text("The windows are closed: $")  # the race's notices
        assert "Official:" not in call.inner_text()  # not before the wire is called
        stretch_call_read_out(bea, address, game_id)
        expect(call).to_contain_text("At the wire.")
        expect(bea.locator("#stretch-result tr")).to_have_count(1 + len(HORSES))
        final = frame(address, game_id)
        assert final["over"]
        paid = bea.locator("#stretch-tote-paid")
        tote = final["view"]["tote"]
        names = {0: "Ann", 1: "Bea", 2: "Computer 1"}  # Bea named herself taking the seat
        for player in tote["players"]:
            expect(paid).to_contain_text(f"{names[player['seat']]}: {dollars(player['cash'])}")
        for pool in tote["settled"]:
            for cents in pool["prices"].values():
                expect(paid).to_contain_text(dollars(cents))
        # who collects what on which pool, each worded by the rules, Bea by her own name
        payouts = [n for n in final["notices"] if n["type"] == "payout"]
        assert payouts and sum(n["cents"] for n in payouts) == sum(
            sum(pool["paid"].values()) for pool in tote["settled"]
        )
        expect(call).to_contain_text("Official: 1st #")
        for n in payouts:
            said = names[n["seat"]] + n["words"].removeprefix(n["name"])
            expect(call).to_contain_text(said)
            expect(bea.locator("#notices")).to_contain_text(said)  # the generic list too
        fits_width(bea)
        snap(bea, shots / "paid-phone.png")
        shows(ann, final["version"])
        snap(ann, shots / "paid-ann.png")

        # the replay unfolds the race again: bets first, then the call, then the tote
        replay = bea_context.new_page()  # replayed on the phone
        replay.goto(f"/t/{game_id}/replay")
        first_bet = next(
            i for i, e in enumerate(final["log"]) if e.get("action", {}).get("kind") == "bet"
        )
        replay.evaluate(f"showReplay({first_bet})")
        expect(replay.locator("#stretch-call")).to_contain_text("The windows are open")
        expect(replay.locator("#stretch-tote-paid")).to_have_count(0)
        replay.evaluate(f"showReplay({final['version'] - 1})")
        expect(replay.locator("#stretch-call")).not_to_contain_text("At the wire.")
        replay.locator("#next").click()
        expect(replay.locator("#stretch-call")).to_contain_text("At the wire.")
        expect(replay.locator("#stretch-tote-paid")).to_contain_text("Your tote paid")
        fits_width(replay)
        for page_context in (ann_context, bea_context):
            page_context.close()


def test_a_fullplay_race_is_called_and_drawn_as_it_runs(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Fullplay at a table of one bettor: the simulated chances say so, and once the
    race is off the running lines grow a segment at a time with the call."""
    with shared_server.visit() as address:
        race = {
            "name": "Route Race",
            "furlongs": 9,
            "entries": [{"horse": h} for h in ("secretariat-1973", "seattle-slew-1977")]
            + [{"horse": h} for h in ("affirmed-1978", "citation-1948")],
        }
        request = {"race": race, "mode": "full", "players": [{"kind": "person", "name": "Ann"}]}
        links = API.post(f"{address}/api/stretch/races", json=request).json()
        page = context(browser, address, phone=True).new_page()
        page.clock.install(time=START)
        page.goto(links["seats"][0]["link"])
        chances = page.locator("#stretch-chances")
        expect(chances).to_have_attribute("data-method", "simulated")
        expect(chances).to_contain_text("400,000 Fullplay races")
        bet(page, "show", 3, 10)
        # held from before the off (far less than ten minutes since START have run): the
        # call moves a part at a time with ``run_for``, not with the caller's 1.2 s a part
        page.clock.pause_at(START + timedelta(minutes=10))
        with page.expect_response("**/moves"):
            page.click("#bet-done")
        shows(page, frame(address, links["id"])["version"])
        grid = page.locator("svg.stretch-lines line.grid")
        page.clock.run_for(CALL_STEP_MS)
        expect(page.locator("#stretch-call")).to_contain_text("At the break.")
        expect(grid).to_have_count(1)  # the break only: the rest is still to be called
        page.clock.run_for(CALL_STEP_MS)
        expect(page.locator("#stretch-call")).to_contain_text("Down the backstretch.")
        expect(grid).to_have_count(2)
        stretch_call_read_out(page, address, links["id"])
        expect(page.locator("#stretch-call")).to_contain_text("At the wire.")
        expect(grid).to_have_count(4)  # break, backstretch, turn and the wire
        # the Race Pace reading: the top-two race points (ruling S18)
        expect(page.locator(".stretch-head")).to_contain_text("(top two ")
        expect(page.locator("#stretch-tote-paid")).to_contain_text("Ann")
        fits_width(page)
        snap(page, tmp_path / "fullplay-phone.png")


def test_a_race_starts_from_a_sample_and_is_changed(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """ "Start from" fills the conditions and the entries of a bundled race (its preset
    starting APRs too); everything stays editable, and the table opens on the race as
    changed. Other conditions drop the presets, which were for the sample's."""
    from homestretch.games.stretch.content.race import load_race

    sample = load_race("2009-champagne-stakes")
    with shared_server.visit() as address:
        page = context(browser, address, phone=True).new_page()
        page.goto("/stretch/new")
        page.select_option("#sample", "2009-champagne-stakes")
        expect(page.locator("#race-name")).to_have_value(sample.name)
        expect(page.locator("#track")).to_have_value(sample.track)
        expect(page.locator("#distance")).to_have_text("1 mile")
        entries = page.locator("#entries li")
        expect(entries).to_have_count(len(sample.runners))
        for n, runner in enumerate(sample.runners):
            expect(entries.nth(n)).to_contain_text(runner.horse.name)
            expect(entries.nth(n)).to_contain_text(f"APR {runner.start_apr}, preset")
            expect(page.locator(f"#jockey-{n}")).to_have_value(runner.jockey.name)
        expect(page.locator("#sample-note")).to_contain_text("preset for its own conditions")
        fits_width(page)
        snap(page, tmp_path / "sample-phone.png")

        # changed as the fan likes: a new name, one horse out, another in
        page.fill("#race-name", "Champagne Again")
        page.locator("#entries li button", has_text="Remove").first.click()
        page.fill("#horse-search", "secretariat")
        page.locator("#horse-results button", has_text="Add Secretariat (1973)").click()
        page.fill("#your-name", "Ann")
        page.fill("#open-seats", "0")
        page.click("button[type=submit]")
        expect(page.locator("#created")).to_be_visible()
        page.click("#my-seat")
        expect(page.locator(".stretch-head h3")).to_contain_text("Champagne Again")
        game_id = int(page.locator("body").get_attribute("data-table") or 0)
        shown = frame(address, game_id)["view"]["entries"]
        kept = sample.runners[1:]
        assert [e["horse"] for e in shown] == [r.horse.name for r in kept] + ["Secretariat"]
        assert [e["start_apr"] for e in shown[:-1]] == [r.start_apr for r in kept]
        assert shown[-1]["apr_working"] != "preset on the scoresheet"  # worked from its card

        # at another distance the sample's presets no longer hold
        page.goto("/stretch/new")
        page.select_option("#sample", "2009-champagne-stakes")
        page.fill("#furlongs", "10")
        page.locator("#furlongs").dispatch_event("change")
        expect(page.locator("#entries li", has_text="preset")).to_have_count(0)
        expect(page.locator("#sample-note")).to_contain_text("worked out from the cards")
        page.select_option("#sample", "")  # a blank race again
        expect(page.locator("#entries li")).to_have_count(0)
        expect(page.locator("#race-name")).to_have_value("Dream Race")


def test_a_sample_keeps_its_courses_clock_while_its_track_is_kept(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The Ascot sample times its mile as the race file does (+0.35 s a furlong, ruling
    S22), and the note says so; on another track the course's clock is dropped."""
    from homestretch.games.stretch.content.race import load_race

    ascot = load_race("dream-turf-mile")
    with shared_server.visit() as address:
        page = context(browser, address).new_page()
        for track, course in ((ascot.track, 0.35), ("Belmont Park", 0.0)):
            page.goto("/stretch/new")
            page.select_option("#sample", "dream-turf-mile")
            expect(page.locator("#sample-note")).to_contain_text(
                "Ascot runs 0.35 s a furlong slower than the going chart says"
            )
            page.fill("#track", track)
            page.fill("#your-name", "Ann")
            page.fill("#open-seats", "0")
            page.click("button[type=submit]")
            expect(page.locator("#created")).to_be_visible()
            page.click("#my-seat")
            expect(page.locator(".stretch-head h3")).to_contain_text(ascot.name)
            head = page.locator(".stretch-head p")
            if course:
                said = "1 mile on the turf, firm (the course runs 0.35 s a furlong slow);"
                expect(head).to_contain_text(said)
            else:
                expect(head).not_to_contain_text("the course runs")
            game_id = int(page.locator("body").get_attribute("data-table") or 0)
            race = frame(address, game_id)["view"]["race"]
            assert (race["track"], race["course_seconds_per_furlong"]) == (track, course)
