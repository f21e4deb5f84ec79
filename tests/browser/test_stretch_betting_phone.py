"""A Top of the Stretch player betting on a phone: when the window is open the betting
form comes first (the chances and the tote a jump below it), after a reload too, and a
bet half chosen stays as it is when another player's bet redraws the page."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect
from tests.browser.table_pages import (
    API,
    PHONE,
    SharedServer,
    broken_words,
    context,
    drawn_box,
    fits_width,
    frame,
    move,
    shows,
    snap,
    stretch_call_read_out,
    token_of,
)

from homestretch.core.protocol import JSON
from homestretch.games.stretch.rules.betting import TICKET_AT_LEAST

pytestmark = pytest.mark.browser
SCREEN = PHONE["viewport"]["height"]


THREE_HORSES = ("secretariat-1973", "seattle-slew-1977", "affirmed-1978")
DONE: JSON = {"kind": "done"}
"""A player's "Done betting", sent through the API where no check reads that player's
page (their page opened only to press it cost a browser of its own)."""


def seat_token(links: JSON, seat: int) -> str:
    """The token of the race's seat ``seat`` (for its moves through the API)."""
    return token_of(links["seats"][seat]["link"])


def new_race(
    address: str,
    name: str,
    people: tuple[str, ...],
    horses: tuple[str, ...] = THREE_HORSES,
    furlongs: int = 6,
    mode: str = "quick",
    open_seats: int = 0,
) -> dict:
    """A race built through the server's API with ``people`` at its windows and
    ``open_seats`` for the invitation: its links."""
    race = {"name": name, "furlongs": furlongs, "entries": [{"horse": h} for h in horses]}
    players = [{"kind": "person", "name": person} for person in people]
    players += [{"kind": "open"}] * open_seats
    answer = API.post(
        f"{address}/api/stretch/races", json={"race": race, "mode": mode, "players": players}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def bet(page: Page, pool: str, post: int, dollars: int) -> None:
    page.select_option("#bet-pool", pool)
    page.select_option("#bet-horse", str(post))
    page.fill("#bet-dollars", str(dollars))
    page.locator("#stretch-bet button[type=submit]").click()


def on_first_screen(page: Page, selector: str) -> None:
    """``selector`` is drawn whole on the phone's first screen, unscrolled."""
    page.evaluate("window.scrollTo(0, 0)")
    box = drawn_box(page, selector)
    assert box is not None, f"{selector} is not drawn"
    assert box["y"] + box["height"] <= SCREEN, (
        f"{selector} ends {box['y'] + box['height']:.0f} px down"
    )


def test_the_window_comes_first_on_a_phone(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links = new_race(
            address,
            "Phone Stakes",
            ("Ann", "Bea"),
            horses=("secretariat-1973", "seattle-slew-1977", "affirmed-1978", "citation-1948"),
        )
        ann = context(browser, address).new_page()
        ann.goto(links["seats"][0]["link"])
        bet(ann, "win", 1, 20)  # Ann bets before Bea has looked
        expect(ann.locator("#stretch-players li[data-seat='0']")).to_contain_text("$20 win #1")

        bea = context(browser, address, phone=True).new_page()
        bea.goto(links["seats"][1]["link"])
        expect(bea.locator("#stretch-players li[data-seat='0']")).to_contain_text("$20 win #1")
        on_first_screen(bea, "#stretch-bet")
        expect(bea.locator("#stretch-bet h4")).to_have_text("Your window: you hold $100.00")
        expect(bea.locator("#stretch-bet .stretch-says")).to_have_text("No tickets yet.")
        fits_width(bea)
        assert broken_words(bea, "#stretch-bet, .stretch-jumps") == []
        snap(bea, tmp_path / "window-first.png")

        # a bet half chosen when Ann bets again: the push leaves it as Bea left it
        bea.select_option("#bet-pool", "place")
        bea.select_option("#bet-horse", "3")
        bea.fill("#bet-dollars", "15")
        version = frame(address, int(links["id"]))["version"]
        bet(ann, "show", 2, 10)
        shows(bea, version + 1)
        expect(bea.locator("#stretch-players li[data-seat='0']")).to_contain_text("$10 show #2")
        expect(bea.locator("#bet-pool")).to_have_value("place")
        expect(bea.locator("#bet-horse")).to_have_value("3")
        expect(bea.locator("#bet-dollars")).to_have_value("15")
        bea.locator("#stretch-bet button[type=submit]").click()
        expect(bea.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $15 place #3")
        expect(bea.locator("#stretch-bet h4")).to_have_text("Your window: you hold $85.00")

        # after a reload the window is first again; the chances and the tote a tap away
        bea.reload()
        expect(bea.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $15 place #3")
        on_first_screen(bea, "#stretch-bet")
        on_first_screen(bea, ".stretch-jumps")
        for target in ("stretch-chances", "stretch-tote"):
            bea.evaluate("window.scrollTo(0, 0)")
            bea.locator(f".stretch-jumps a[href='#{target}']").click()
            expect(bea.locator(f"#{target}")).to_be_in_viewport()
        snap(bea, tmp_path / "window-reloaded.png")

        # once Bea is done her window goes; the board is the race's again
        bea.click("#bet-done")
        expect(bea.locator("#stretch-bet")).to_have_count(0)
        expect(bea.locator(".stretch-jumps")).to_have_count(0)
        expect(bea.locator("#stretch-players li[data-seat='1']")).to_contain_text("done")


def test_nothing_below_tells_the_finish_before_the_caller(
    phone: Callable[[], Page], shared_server: SharedServer, tmp_path: Path
) -> None:
    """Ann's phone watching the off: while the call comes in part by part, the page's
    notices, log and result (below the board) say nothing of the finish; once the
    caller reaches the wire they are back. Ann's clock is held from before the off, so
    the looks while the call comes do not race the caller's few seconds to the wire, and
    let go to hear the rest."""
    start = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
    with shared_server.visit() as address:
        links = new_race(address, "Quiet Stakes", ("Ann", "Bea"))
        ann = phone()
        ann.clock.install(time=start)
        ann.goto(links["seats"][0]["link"])
        expect(ann.locator("#bet-done")).to_be_visible()
        bet(ann, "win", 1, 10)
        ann.click("#bet-done")
        expect(ann.locator("#stretch-bet")).to_have_count(0)  # her bet and done both landed
        # held: the page's clock has run seconds since start, far less than ten minutes
        ann.clock.pause_at(start + timedelta(minutes=10))
        move(address, links["id"], seat_token(links, 1), DONE)  # Bea, the last: it goes off
        over = frame(address, int(links["id"]))
        assert over["over"]
        official = next(n["words"] for n in over["notices"] if n["type"] == "official")
        shows(ann, over["version"])
        expect(ann.locator("#stretch-call")).to_contain_text("\u2026")  # still being called
        assert official not in ann.locator("body").inner_text()
        for hidden in ("#notices", "#log", "#result-box"):
            expect(ann.locator(hidden)).to_be_hidden()
        expect(ann.locator("#status")).to_have_text("the race is being called")
        snap(ann, tmp_path / "calling.png")
        stretch_call_read_out(ann, address, int(links["id"]))  # the rest of the call
        expect(ann.locator("#stretch-call .stretch-n-official")).to_have_text(
            official, timeout=30_000
        )
        expect(ann.locator("#notices")).to_contain_text(official)
        expect(ann.locator("#notices")).to_be_visible()
        expect(ann.locator("#status")).to_have_text("the game is over")


def test_the_last_at_the_window_is_told_the_race_waits_for_them(
    phone: Callable[[], Page], shared_server: SharedServer
) -> None:
    """Cal's phone; Ann and Bea bet and say done through the API (their pages unread)."""
    with shared_server.visit() as address:
        links = new_race(address, "Last Stakes", ("Ann", "Bea", "Cal"))
        game_id, ann, bea = links["id"], seat_token(links, 0), seat_token(links, 1)
        cal = phone()
        cal.goto(links["seats"][2]["link"])
        waiting = cal.locator("#stretch-bet .stretch-waiting")
        expect(waiting).to_have_text("You, Ann and Bea are still betting.")
        # only one ticket on the win pool: the tote board says it pays the stake back
        move(address, game_id, ann, {"kind": "bet", "pool": "win", "post": 1, "dollars": 10})
        expect(cal.locator("#stretch-pools tr").nth(1)).to_contain_text("stake back")
        expect(cal.locator("#log")).to_contain_text("Ann: bet $10 to win on #1 Secretariat")
        move(address, game_id, ann, DONE)
        expect(waiting).to_have_text("You and Bea are still betting.")
        move(address, game_id, bea, DONE)
        expect(waiting).to_have_text("Everyone else is done: the race goes off when you are.")
        on_first_screen(cal, "#stretch-bet")


def test_done_straight_after_a_bet_counts_both(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A player pressing "Done betting" straight after "Buy the ticket", before the
    bet's frame has come back: both moves are the player's own, so neither is refused
    as stale. The event stream here only ever sends the first frame, so no frame can
    come between the two."""
    with shared_server.visit() as address:
        links = new_race(address, "Quick Hands", ("Ann",))
        first = frame(address, int(links["id"]), token_of(links["seats"][0]["link"]))
        stream = f"event: frame\ndata: {json.dumps(first)}\n\n"
        page = context(browser, address, phone=True).new_page()
        page.route(
            "**/events*",
            lambda route: route.fulfill(content_type="text/event-stream", body=stream),
        )
        page.goto(links["seats"][0]["link"])
        expect(page.locator("#bet-done")).to_be_visible()
        with page.expect_response("**/moves") as bought:
            bet(page, "show", 2, 10)
        with page.expect_response("**/moves") as done:
            page.click("#bet-done")
        assert bought.value.ok, bought.value.text()
        assert done.value.ok, done.value.text()
        over = frame(address, int(links["id"]))
        assert over["over"]
        tickets = over["view"]["tote"]["tickets"]
        assert [(t["pool"], t["post"], t["dollars"]) for t in tickets] == [("show", 2, 10)]
        expect(page.locator("#error")).to_be_empty()


def test_a_refused_bet_is_said_under_the_window_until_the_table_moves_on(
    phone: Callable[[], Page], shared_server: SharedServer, tmp_path: Path
) -> None:
    """A bet the tote refuses (more than the player holds) is said under the window on
    her phone, where she pressed, not at the top of the page; it goes when another
    player's bet changes the table, and with her own next good bet."""
    with shared_server.visit() as address:
        links = new_race(address, "Short Stakes", ("Ann", "Bea"))
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        expect(ann.locator("#bet-done")).to_be_visible()
        refused = ann.locator("#stretch-bet .stretch-refused")
        bet(ann, "win", 1, 500)
        expect(refused).to_contain_text("$100")  # what she holds, in the tote's words
        expect(ann.locator("#error")).to_be_hidden()
        on_first_screen(ann, "#stretch-bet .stretch-refused")
        snap(ann, tmp_path / "refused.png")

        # Bea bets (through the API): the table moves on, Ann's refusal no longer applies
        bea_bet = {"kind": "bet", "pool": "show", "post": 2, "dollars": 10}
        shows(ann, move(address, links["id"], seat_token(links, 1), bea_bet))
        expect(refused).to_be_hidden()

        bet(ann, "win", 1, 500)
        expect(refused).to_be_visible()
        bet(ann, "win", 1, 20)  # her next good bet
        expect(ann.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $20 win #1")
        expect(refused).to_be_hidden()
        expect(ann.locator("#error")).to_be_hidden()


def test_a_player_reads_her_own_lines_first_when_done_and_after_the_race(
    phone: Callable[[], Page], shared_server: SharedServer, tmp_path: Path
) -> None:
    """Once Ann is done betting her phone's first screen says her tickets and whom the
    race waits for (they were under the chances and the tote, two screens down); once
    the caller reaches the wire, what the tote paid her and where that leaves her, not
    before."""
    with shared_server.visit() as address:
        links = new_race(address, "Own Stakes", ("Ann", "Bea"))
        ann = phone()
        ann.clock.install()  # the call read out at once (stretch_call_read_out)
        ann.goto(links["seats"][0]["link"])
        expect(ann.locator("#bet-done")).to_be_visible()
        bet(ann, "win", 1, 10)
        expect(ann.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $10 win #1")
        ann.click("#bet-done")
        mine = ann.locator(".stretch-mine")
        expect(mine).to_have_text(
            "You are done betting (your tickets: $10 win #1). "
            "Waiting for Bea: the race goes off when they are done."
        )
        on_first_screen(ann, ".stretch-mine")
        ann.reload()
        expect(mine).to_contain_text("Waiting for Bea")
        snap(ann, tmp_path / "done-waiting.png", full_page=False)

        move(address, links["id"], seat_token(links, 1), DONE)  # Bea, through the API
        over = frame(address, int(links["id"]), seat_token(links, 0))
        assert over["over"]
        outcome = over["view"]["yours"]["outcome"]
        # Ann alone bet to win: the pool pays her stake back if #1 won, else it is given
        # back (no paying ticket); either way her $10 came back, said as what happened
        (win,) = (pool for pool in over["view"]["tote"]["settled"] if pool["pool"] == "win")
        assert outcome == (
            "Your win stake ($10.00 on #1) came back: nobody held a paying win ticket. "
            "You hold $100.00, as you started."
            if win["refunded"]
            else "The tote paid you $10.00: you hold $100.00, as you started."
        )
        shows(ann, over["version"])
        expect(ann.locator("#stretch-call")).to_contain_text("\u2026")  # being called
        expect(mine).to_have_count(0)  # what she won would tell the finish
        stretch_call_read_out(ann, address, int(links["id"]))
        expect(mine).to_have_text(outcome, timeout=30_000)
        # her stake back: neither up nor down, and not "even", a price on this board
        expect(ann.locator("#stretch-tote-paid .stretch-paid li").first).to_have_text(
            "Ann: $100.00 (as at the start)"
        )
        on_first_screen(ann, ".stretch-mine")
        snap(ann, tmp_path / "paid.png", full_page=False)


def test_a_phone_woken_at_the_off_hears_the_call_with_the_others(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Bea's phone slept through the off and reloads while the race is being called: it
    picks the call up where Ann's open page is, by the server's clock, and does not
    tell her the finish first (it showed the race whole, the official order on top)."""
    with shared_server.visit() as address:
        links = new_race(
            address,
            "Woken Stakes",
            ("Ann", "Bea"),
            horses=("secretariat-1973", "seattle-slew-1977", "affirmed-1978", "citation-1948"),
            furlongs=9,
            mode="full",
        )
        ann, bea = (context(browser, address, phone=True).new_page() for _ in range(2))
        for page, seat in ((ann, 0), (bea, 1)):
            page.clock.install()  # the rest of the call read out at once, at the end
            page.goto(links["seats"][seat]["link"])
            expect(page.locator("#bet-done")).to_be_visible()
        ann.click("#bet-done")
        expect(ann.locator("#stretch-bet")).to_have_count(0)
        with bea.expect_response("**/moves"):
            bea.click("#bet-done")  # the last one done: the race goes off
        over = frame(address, int(links["id"]))
        assert over["over"]
        official = next(n["words"] for n in over["notices"] if n["type"] == "official")
        bea.reload()
        shows(bea, over["version"])
        expect(bea.locator("#stretch-call")).to_contain_text("\u2026")  # still being called
        assert official not in bea.locator("body").inner_text()
        expect(bea.locator("#status")).to_have_text("the race is being called")
        snap(bea, tmp_path / "woken.png")
        for page in (ann, bea):
            stretch_call_read_out(page, address, int(links["id"]))
            expect(page.locator("#stretch-call .stretch-n-official")).to_have_text(official)


def test_no_empty_running_lines_before_the_break_is_called(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Fullplay, Ann's page open at the off, its clock held: before the caller reaches
    the break the page draws no running-lines figure (it drew an empty one, a blank
    screenful on a phone); with the break called it does.

    ``clock.install()`` alone does not hold the page's clock: its timers go on firing
    in real time, so the caller reached the break 1.2 s after the off whenever the test
    was slower than that to look (a loaded machine) and the figure, rightly drawn by
    then, failed the test. The clock is paused before the off, so the call moves only
    with ``run_for``."""
    start = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
    with shared_server.visit() as address:
        links = new_race(address, "Held Stakes", ("Ann",), furlongs=9, mode="full")
        ann = context(browser, address, phone=True).new_page()
        ann.clock.install(time=start)
        ann.goto(links["seats"][0]["link"])
        expect(ann.locator("#bet-done")).to_be_visible()
        # held from here, before the off: the page's clock has run a few seconds since
        # start (its loading), far less than the ten minutes jumped to
        ann.clock.pause_at(start + timedelta(minutes=10))
        with ann.expect_response("**/moves"):
            ann.click("#bet-done")
        over = frame(address, int(links["id"]))
        shows(ann, over["version"])
        expect(ann.locator("#stretch-call")).to_contain_text("\u2026")
        expect(ann.locator("#stretch-call b")).to_have_count(0)  # the break not called yet
        expect(ann.locator(".stretch-lines")).to_have_count(0)
        assert over["view"]["call"][0]["heading"] == "At the break"
        ann.clock.run_for(1500)  # one part of the call
        expect(ann.locator("#stretch-call b").first).to_have_text("At the break. ")
        expect(ann.locator(".stretch-lines")).to_have_count(1)


def test_the_jumps_below_the_window_are_tap_targets_on_a_phone(
    browser: Browser, shared_server: SharedServer
) -> None:
    """ "Before you bet: the chances and fair odds · the tote and who bet what": on a
    phone each link is 44 px tall (it was a 16 px line of text) and takes the player to
    its table; on a desktop it stays one line of text."""
    with shared_server.visit() as address:
        links = new_race(address, "Jump Stakes", ("Ann",))
        ann = context(browser, address, phone=True).new_page()
        ann.goto(links["seats"][0]["link"])
        jumps = ann.locator(".stretch-jumps a")
        expect(jumps).to_have_count(2)
        for jump in jumps.all():
            box = jump.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
        jumps.last.click()
        expect(ann.locator("#stretch-tote")).to_be_in_viewport()
        desk = context(browser, address).new_page()
        desk.set_viewport_size({"width": 1280, "height": 800})
        desk.goto(links["seats"][0]["link"])
        line = desk.locator(".stretch-jumps")
        expect(line).to_be_visible()
        box = line.bounding_box()
        assert box is not None and box["height"] < 30, f"{box} on a desktop: one line of text"


def test_a_bet_below_the_least_ticket_is_not_sent(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The dollars' box is a text box with a phone's number keys (its caret kept through
    another's bet), not a number box: the least a number box checked ($2, the least
    ticket) its form still checks, in the server's words, before anything is sent."""
    with shared_server.visit() as address:
        links = new_race(address, "Least Stakes", ("Ann",))
        page = context(browser, address, phone=True).new_page()
        page.goto(links["seats"][0]["link"])
        expect(page.locator("#bet-done")).to_be_visible()
        sent: list[JSON] = []

        def seen(asked: Request) -> None:
            if "/moves" in asked.url:
                sent.append(asked.post_data_json)

        page.on("request", seen)
        box = page.locator("#bet-dollars")
        expect(box).to_have_attribute("inputmode", "numeric")
        bet(page, "win", 1, 1)
        expect(page.locator("#stretch-bet .box-says")).to_have_text(TICKET_AT_LEAST)
        with page.expect_response("**/moves"):
            bet(page, "win", 1, 2)
        assert [one["action"]["dollars"] for one in sent] == [2]  # the $1 bet never sent
        page.context.close()


def test_a_bet_the_box_stops_takes_the_last_refusal_away(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A bet the tote refused ($150, more than Ann holds) is said under the window; her
    next bet, $0, is stopped by the box itself (its line beside the box): the line of the
    $150 goes, or the window said "a $150 ticket is too much" over a box holding 0."""
    with shared_server.visit() as address:
        links = new_race(address, "Stale Stakes", ("Ann", "Bea"))
        page = context(browser, address, phone=True).new_page()
        page.goto(links["seats"][0]["link"])
        expect(page.locator("#bet-done")).to_be_visible()
        refused = page.locator("#stretch-bet .stretch-refused")
        with page.expect_response("**/moves"):
            bet(page, "win", 1, 150)
        expect(refused).to_contain_text("$150")
        bet(page, "win", 1, 0)
        expect(page.locator("#stretch-bet .box-says")).to_have_text(TICKET_AT_LEAST)
        expect(refused).to_be_hidden()
        page.context.close()
