"""Three friends at a table, one on a small phone, as they would play it: what a page
tells them when things go wrong between the phone and the server (a move that never
left the phone, a server behind a proxy restarting), when the creator gives their seat
to someone else, when a friend taps the invitation in the chat a second time, and where
a finished game offers its replay and says who won."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from tests.browser.table_pages import (
    API,
    SMALL,
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    shown_secrets,
    shows,
    snap,
    stretch_call_read_out,
    token_of,
)

from homestretch.core.registry import entry
from homestretch.web.hub import SEAT_GONE

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
FRIENDS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cat")]
TOTOPOLY = {"game": "totopoly", "config": {"players": 3}, "seats": FRIENDS, "seed": 4}


def _seat_page(browser: Browser, address: str, link: str) -> Page:
    page = browser.new_context(base_url=address, **SMALL).new_page()
    page.goto(link)
    shows(page, frame(address, int(link.split("/")[2]))["version"])
    return page


def _turn(address: str, links: dict[str, Any]) -> int:
    """Whose turn it is, by seat."""
    game_id = links["id"]
    seats = [token_of(seat["link"]) for seat in links["seats"]]
    return next(s for s, token in enumerate(seats) if frame(address, game_id, token)["your_turn"])


def test_a_move_that_never_left_the_phone_is_said_not_sent(
    browser: Browser, shared_server: SharedServer
) -> None:
    """No connection when Ann taps her move: she reads that it was not sent (not a
    dimmed button and silence), nothing is made, and the same tap works once she is
    back online."""
    with shared_server.visit() as address:
        links = open_table(address, TOTOPOLY)
        seat = _turn(address, links)
        page = _seat_page(browser, address, links["seats"][seat]["link"])
        try:
            before = frame(address, links["id"])["version"]
            page.route("**/moves", lambda route: route.abort("internetdisconnected"))
            page.locator(
                "#board button[data-your-move], #board [data-your-move] button"
            ).first.tap()
            said = page.locator("[role=alert]", has_text="Your move was not sent")
            expect(said).to_be_visible()  # by the move (the board's line), in sight
            expect(said).to_be_in_viewport()
            expect(said).to_contain_text("Nothing was made")
            expect(page.locator("#status")).to_have_text("your turn")
            assert frame(address, links["id"])["version"] == before
            snap(page, shared_server.folder / "not-sent.png", full_page=False)
            page.unroute("**/moves")
            page.locator(
                "#board button[data-your-move], #board [data-your-move] button"
            ).first.tap()
            expect(said).to_be_hidden()
            expect(page.locator("#status")).not_to_have_text("your turn")
            assert frame(address, links["id"])["version"] > before
        finally:
            page.context.close()


def test_the_page_connects_again_after_an_error_answer(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Behind a proxy, a server restarting answers "502 Bad Gateway" for a moment. The
    browser gives its event stream up after an error answer; the page tries again, so
    Ann's phone goes on showing the moves of the others, not "reconnecting..." for good."""
    with shared_server.visit() as address:
        links = open_table(address, TOTOPOLY)
        game_id = links["id"]
        seat = _turn(address, links)
        watcher = (seat + 1) % 3
        now = frame(address, game_id, token_of(links["seats"][watcher]["link"]))
        asked: list[int] = []

        def restarting(route: Route) -> None:
            asked.append(1)
            if len(asked) == 1:  # the stream ends (the server stops) ...
                body = f"retry: 300\nevent: frame\ndata: {json.dumps(now)}\n\n"
                route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)
            elif len(asked) == 2:  # ... and the proxy answers for it while it starts
                route.fulfill(status=502, body="Bad Gateway")
            else:
                route.continue_()

        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()
            page.route("**/events**", restarting)
            page.goto(links["seats"][watcher]["link"])
            shows(page, now["version"])
            expect(page.locator("#status")).to_have_text("reconnecting\u2026")
            # someone else moves meanwhile: the page draws it once it is connected again
            mover = frame(address, game_id, token_of(links["seats"][seat]["link"]))
            made = move(address, game_id, token_of(links["seats"][seat]["link"]), mover["legal"][0]["action"])  # fmt: skip
            shows(page, made)
            expect(page.locator("#status")).not_to_have_text("reconnecting\u2026")
            assert len(asked) >= 3
        finally:
            context.close()


def test_a_seat_handed_over_tells_its_old_page_and_shows_it_nothing_more(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Bob's phone stays on his seat's page while the creator hands the seat to the
    computer (his page goes on) and then opens it for someone else: his page says his
    link plays no seat now and shows none of the seat's cards from then on; the
    invitation opened on his phone no longer leads back to the seat."""
    with shared_server.visit() as address:
        links = open_table(address, TOTOPOLY)
        game_id = links["id"]
        bob = _seat_page(browser, address, links["seats"][1]["link"])
        try:
            expect(bob.get_by_role("heading", name="Your cards")).to_be_visible()
            admin = token_of(links["admin"])
            for kind in ("random", "open"):
                handed = API.post(
                    f"{address}/api/tables/{game_id}/seats/1", json={"token": admin, "bot": kind}
                )
                assert handed.status_code == 200, handed.text
                if kind == "random":
                    shows(bob, frame(address, game_id)["version"])
                    expect(bob.locator("#seats li[data-seat='1']")).to_contain_text("computer")
                    expect(bob.locator("#status")).to_contain_text("the computer plays your seat")
            expect(bob.locator("#error")).to_have_text(SEAT_GONE)
            expect(bob.locator("#status")).to_have_text("this link plays no seat now")
            expect(bob.locator("#board-box")).to_be_hidden()
            assert shown_secrets(bob, shared_server.db, game_id, None) <= set()  # none shown
            assert not bob.get_by_text("Your cards").is_visible()
            fits_width(bob)
            snap(bob, shared_server.folder / "seat-gone.png", full_page=False)
            bob.goto(links["invite"])
            expect(bob.locator("#join")).to_be_visible()
            expect(bob.locator("#back-to-seat")).to_have_count(0)
        finally:
            bob.context.close()


def test_the_invitation_tapped_again_leads_back_to_the_seat_taken(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Dan takes an open seat with the invitation on his phone, closes the tab, and taps
    the invitation in the chat again: it leads back to his seat (not to a second one);
    typing his name again is refused in words; once the game is over the invitation
    still leads him back (his seat's view of the end), and offers the replay."""
    with shared_server.visit() as address:
        seats = [FRIENDS[0], {"kind": "open", "name": "Guest"}, {"kind": "open", "name": "Guest 2"}]
        links = open_table(address, {**TOTOPOLY, "seats": seats, "private": True})
        game_id = links["id"]
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()
            page.goto(links["invite"])
            expect(page.locator("#back-to-seat")).to_have_count(0)
            page.fill("#name", "Dan")
            page.locator("#join button[type=submit]").tap()
            expect(page).to_have_url(_seat_url(address, game_id))
            dan = page.url.removeprefix(address)
            shows(page, frame(address, game_id, token_of(dan))["version"])
            page.close()

            page = context.new_page()  # the tab closed; the invitation tapped again
            page.goto(links["invite"])
            back = page.get_by_role("link", name="Back to Dan's seat")
            expect(back).to_be_visible()
            expect(page.locator("#seat-kept")).to_have_text(
                "This browser holds Dan's seat at this table."
            )
            box = back.bounding_box()
            assert box is not None and box["height"] >= 44, box
            fits_width(page)
            snap(page, shared_server.folder / "invitation-again.png", full_page=False)
            page.fill("#name", "Dan")  # or he types his name once more
            page.locator("#join button[type=submit]").tap()
            expect(page.locator("#error")).to_contain_text("Dan already sits at this table")
            assert frame(address, game_id, dan.rsplit("/", 1)[1])["seats"][2]["kind"] == "open"
            back.tap()
            expect(page).to_have_url(f"{address}{dan}")
            expect(page.locator("#status")).not_to_have_text("connecting\u2026")

            admin = token_of(links["admin"])
            for seat in (0, 2):  # the others leave their seats to the computer: it ends
                handed = API.post(
                    f"{address}/api/tables/{game_id}/seats/{seat}",
                    json={"token": admin, "bot": "random"},
                )
                assert handed.status_code == 200, handed.text
            API.post(
                f"{address}/api/tables/{game_id}/seats/1", json={"token": admin, "bot": "random"}
            )
            assert frame(address, game_id, admin)["over"]
            page.goto(links["invite"])
            expect(page.locator("#over")).to_contain_text("This game is over")
            expect(page.get_by_role("link", name="Back to Dan's seat")).to_be_visible()
            page.get_by_role("link", name="Back to Dan's seat").tap()
            expect(page.locator("#status")).to_have_text("the game is over")
        finally:
            context.close()


def _seat_url(address: str, game_id: int) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(address)}/t/{game_id}/seat/[\w-]+$")


def test_a_finished_game_offers_its_replay_on_the_first_screen(
    browser: Browser, shared_server: SharedServer
) -> None:
    """At the end of a long game (a Totopoly table's page is screens long on a phone)
    the replay is offered under the heading, beside "the game is over", not at the foot
    of the page; and where the opener kept the watch link, the invitation of the
    finished game offers the replay alone."""
    with shared_server.visit() as address:
        bots = [{"kind": "bot", "bot": "random", "name": f"R{n}"} for n in (1, 2)]
        request = {"game": "totopoly", "config": {"players": 2}, "seats": bots, "seed": 9}
        links = open_table(address, {**request, "private": True, "invitation_watches": False})
        game_id, key = links["id"], token_of(links["watch"])
        assert frame(address, game_id, key)["over"]
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()
            page.goto(links["watch"])
            expect(page.locator("#status")).to_have_text("the game is over")
            replay = page.get_by_role("link", name="Replay the game move by move")
            expect(replay).to_be_in_viewport()
            assert page.evaluate("document.documentElement.scrollHeight") > 3 * 667
            snap(page, shared_server.folder / "replay-on-top.png", full_page=False)

            page.goto(links["invite"])
            expect(page.locator("#over")).to_contain_text("This game is over")
            expect(page.get_by_role("link", name="See how it ended")).to_have_count(0)
            assert key not in page.content()
            page.get_by_role("link", name="Replay it move by move").tap()
            expect(page.locator("#status")).to_have_text("replay")
            expect(page.locator("#error")).to_be_hidden()
            fits_width(page)
        finally:
            context.close()


def test_a_finished_race_says_who_won_on_the_first_screen(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Top of the Stretch on a phone: once the call is read out, the official result
    (who won) is the first thing under the race's name, not screens below under the
    tote and the call; the replay is offered once the call is over, not during it."""
    with shared_server.visit() as address:
        quick = next(c for c in entry("stretch").harness_configs() if c["mode"] == "quick")
        links = open_table(address, {"game": "stretch", "config": quick, "seats": []})
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()
            page.clock.install()
            page.goto(links["watch"])
            official = page.locator(".stretch-official-top")
            stretch_call_read_out(page, address, links["id"])
            expect(official).to_be_visible(timeout=90_000)  # the call read out first
            expect(official).to_contain_text("1st #")
            expect(official).to_be_in_viewport()
            expect(page.get_by_role("link", name="Replay the game move by move")).to_be_visible()
            said = page.locator("#stretch-call .stretch-n-official").inner_text()
            assert official.inner_text() == said  # the same words as the call's end
            fits_width(page)
            snap(page, shared_server.folder / "stretch-who-won.png", full_page=False)
        finally:
            context.close()


def test_the_creators_page_shows_the_links_to_send_again(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann opened the table on her phone and closed the lobby's tab; Bob lost his link.
    Her creator's page lists each seat's link, the invitation and the watch link, each
    with its Copy, on her small screen; once the game is over it offers no seat to hand
    over."""
    with shared_server.visit() as address:
        links = open_table(address, {**TOTOPOLY, "private": True})
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()
            page.goto(links["admin"])
            listed = page.locator("#admin-links li a")
            expect(listed).to_have_count(5)
            hrefs = [link.get_attribute("href") for link in listed.all()]
            seats = [seat["link"] for seat in links["seats"]]
            assert hrefs == [*seats, links["invite"], links["watch"]]
            expect(page.locator("#admin-links li").nth(1)).to_contain_text("Bob's seat: http")
            copy = page.get_by_role("button", name="Copy Bob's seat")
            box = copy.bounding_box()
            assert box is not None and box["height"] >= 44, box
            copy.tap()
            expect(copy).to_have_text(re.compile("^Cop(ied|y it by hand)$"))
            fits_width(page)
            page.locator("#admin-links").scroll_into_view_if_needed()
            snap(page, shared_server.folder / "creator-links.png", full_page=False)
            admin = token_of(links["admin"])
            for seat in range(3):  # everyone leaves it to the computer: it plays out
                handed = API.post(
                    f"{address}/api/tables/{links['id']}/seats/{seat}",
                    json={"token": admin, "bot": "random"},
                )
                assert handed.status_code == 200, handed.text
            expect(page.locator("#status")).to_have_text("the game is over")
            expect(page.get_by_role("button", name=re.compile("^Computer plays"))).to_have_count(0)
            expect(page.get_by_role("heading", name="Hand a seat over")).to_be_hidden()
            expect(listed).to_have_count(2)  # the computer's seats have no link to send
        finally:
            context.close()


def test_a_phone_woken_draws_the_table_as_it_is_now_and_its_tab_says_whose_turn(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann's phone slept with her page open (its stream gave nothing more: a connection
    dead without a word) while she moved from her laptop. When the page is shown again
    it asks for the table at once: her move is drawn and "your turn" gone, from the
    page and from the tab's title, which said it while it was her turn."""
    with shared_server.visit() as address:
        links = open_table(address, TOTOPOLY)
        game_id = links["id"]
        seat = _turn(address, links)
        token = token_of(links["seats"][seat]["link"])
        old = frame(address, game_id, token)
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()

            def asleep(route: Route) -> None:  # the old frame, then nothing
                body = f"retry: 60000\nevent: frame\ndata: {json.dumps(old)}\n\n"
                route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

            page.route("**/events**", asleep)
            page.goto(links["seats"][seat]["link"])
            shows(page, old["version"])
            expect(page).to_have_title(re.compile(r"^Your turn · Totopoly"))
            made = move(address, game_id, token, old["legal"][0]["action"])  # the laptop
            page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # woken
            shows(page, made)
            expect(page.locator("#status")).not_to_have_text("your turn")
            expect(page).to_have_title(re.compile(r"^Totopoly"))
        finally:
            context.close()


def test_a_derby_cast_phone_shows_where_everyone_stands_while_picking(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Friends playing Derby Cast apart (no TV on the wall) with the computer keeping
    score: its next race's card is up as soon as a race is official, so a phone never
    stood "between races", where it showed the standings. While Ann picks for race 2
    her phone shows where everyone stands, in the view's words, under the card."""
    with shared_server.visit() as address:
        config = {"entrants": [{"name": n} for n in ("Ann", "Bob", "Cat")], "races": 3}
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": FRIENDS, "seed": 6}
        )
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        for _ in range(40):  # race 1 picked and run, race 2's card up
            now = frame(address, game_id, tokens[0])
            if now["view"]["card"] and now["view"]["last_race"]:
                break
            seat = next(s for s in range(3) if frame(address, game_id, tokens[s])["your_turn"])
            legal = frame(address, game_id, tokens[seat])["legal"]
            move(address, game_id, tokens[seat], legal[0]["action"])
        view = frame(address, game_id, tokens[0])["view"]
        assert view["card"] and view["last_race"], view
        page = _seat_page(browser, address, links["seats"][0]["link"])
        try:
            standing = page.locator(".dc-standings li")
            expect(standing).to_have_text([row["words"] for row in view["standings"]])
            # captioned, in the rules' words: a bare list under the last race's lines
            # read as more of the race's
            caption = page.locator(".dc-standings-box > h3")
            expect(caption).to_have_text(view["captions"]["standings"])
            expect(caption).to_be_visible()
            fits_width(page)
            page.locator(".dc-standings").scroll_into_view_if_needed()
            snap(page, shared_server.folder / "dc-standings.png", full_page=False)
        finally:
            page.context.close()


def test_the_lobby_lists_the_seats_this_browser_holds(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann plays at two tables from her phone and closes both tabs; the lobby, opened
    again on her phone, lists her seats there, the newest table first, each a touch
    target leading back to the seat. Another browser lists none."""
    with shared_server.visit() as address:
        first = open_table(address, TOTOPOLY)
        second = open_table(address, {**TOTOPOLY, "seed": 5})
        context = browser.new_context(base_url=address, **SMALL)
        try:
            page = context.new_page()
            for links in (first, second):
                page.goto(links["seats"][0]["link"])
                shows(page, frame(address, links["id"])["version"])
            page.goto("/")
            mine = page.locator("#mine li a")
            expect(mine).to_have_text(
                [
                    f"Table {second['id']} (Totopoly): Ann's seat",
                    f"Table {first['id']} (Totopoly): Ann's seat",
                ]  # fmt: skip
            )
            box = mine.first.bounding_box()
            assert box is not None and box["height"] >= 44, box
            fits_width(page)
            mine.last.tap()
            expect(page).to_have_url(f"{address}{first['seats'][0]['link']}")
            other = browser.new_context(base_url=address, **SMALL)
            try:
                stranger = other.new_page()
                stranger.goto("/")
                expect(stranger.locator("#mine-box")).to_be_hidden()
            finally:
                other.close()
        finally:
            context.close()
