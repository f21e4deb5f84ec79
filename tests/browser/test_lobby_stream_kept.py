"""The lobby's own stream (``/api/lobby/events``) is kept as a table's is: a stream that
dies without a word is noticed by its silence and opened again, a stream the server
refuses is tried again after a wait that grows, and a hidden lobby (a phone's tab in the
background) holds no stream at all: it is opened again, and the list asked for, when
the lobby is shown. Each time the lobby then lists the table opened meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from tests.browser.relay import Relay
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SMALL,
    SharedServer,
    context,
    lobby_listing_every,
    lobby_pushed,
    open_table,
    set_hidden,
    streams_kept,
    visibility_held,
)

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
AN_HOUR = 3_600_000
"""ms: the lobby's asking for its list while its push is down, set so long that only the
stream (or the page's own catching up) can bring a change within the test."""


def _opened(address: str, name: str) -> str:
    """A listed table of ``name``, Bob and a computer, opened through the API: its id."""
    seats = [{**ANN_BOB_AND_CY[0], "name": name}, *ANN_BOB_AND_CY[1:]]
    links = open_table(address, {"game": "across", "config": {"players": 3}, "seats": seats})
    return str(links["id"])


def _until(page: Page, done: Callable[[], bool]) -> None:
    """Wait (on the test's side) until ``done()``; a bound on a hang, not a measurement."""
    for _ in range(400):
        if done():
            return
        page.wait_for_timeout(50)
    raise AssertionError("never came")


def _refused(page: Page, stream: int) -> None:
    """Wait until the page's ``stream``-th event stream is closed (refused: its error
    handled, the next try's timer set, in the same task as the close)."""
    _until(page, lambda: page.evaluate(f"eventStreams[{stream}]?.readyState") == 2)


def test_a_lobby_stream_dead_without_a_word_is_opened_again(
    browser: Browser, quick_server: str, tmp_path: Path
) -> None:
    """Ann's lobby stream goes silent (the relay between her phone and the server passes
    nothing more on it, and closes nothing), and Dot opens a table meanwhile. Silent for
    2.5 of the server's intervals, the stream is taken for dead: the lobby opens another
    and lists Dot's table (without it only the once-a-minute asking would)."""
    address = quick_server
    relay = Relay(address)
    phone = browser.new_context(base_url=relay.address, **SMALL)
    try:
        ann = phone.new_page()
        lobby_listing_every(ann, AN_HOUR)
        ann.goto("/")
        lobby_pushed(ann)
        assert relay.silence() == 1
        game_id = _opened(address, "Dot")
        expect(ann.locator("#tables li", has_text=f"Table {game_id}:")).to_contain_text("Dot")
        assert relay.events_asked() >= 2  # a new stream opened
        lobby_pushed(ann)
    finally:
        phone.close()
        relay.close()


def test_a_refused_lobby_stream_is_tried_again_after_a_growing_wait(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The server (a proxy before it, say, while the server restarts) answers Ann's lobby
    stream with an error twice. The lobby does not ask again at once: it waits 2 s, then
    4 s (on the page's clock), and the third stream, answered, brings the table Eve
    opened meanwhile."""
    with shared_server.visit() as address:
        phone = context(browser, address, phone=True)
        try:
            ann = phone.new_page()
            asked: list[str] = []

            def refused_twice(route: Route) -> None:
                asked.append(route.request.url)
                if len(asked) <= 2:
                    route.fulfill(status=503, body="restarting")
                else:
                    route.continue_()

            ann.route("**/api/lobby/events", refused_twice)
            streams_kept(ann)
            lobby_listing_every(ann, AN_HOUR)
            start = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)
            ann.clock.install(time=start)
            ann.clock.pause_at(start + timedelta(seconds=10))  # no timer runs but the test's
            ann.goto("/")
            opened = "eventStreams.length"  # each opened at once when its timer runs
            _refused(ann, 0)
            expect(ann.locator("body")).to_have_attribute("data-push", "down")
            game_id = _opened(address, "Eve")
            ann.clock.run_for(1_900)
            assert ann.evaluate(opened) == 1  # not asked again at once
            ann.clock.run_for(200)
            assert ann.evaluate(opened) == 2  # 2 s on
            _refused(ann, 1)  # refused again
            ann.clock.run_for(3_900)
            assert ann.evaluate(opened) == 2  # the wait grew
            ann.clock.run_for(200)
            assert ann.evaluate(opened) == 3  # 4 s on: answered
            lobby_pushed(ann)
            row = ann.locator("#tables li", has_text=f"Table {game_id}:")
            expect(row).to_contain_text("Eve")
        finally:
            phone.close()


def test_a_hidden_lobby_holds_no_stream_and_catches_up_when_shown(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann's lobby goes to the background (her phone's screen off): its stream is
    closed, a connection held for nothing otherwise (a browser keeps a few a server, and
    the tables' pages need theirs). Fay opens a table meanwhile. Shown again, the lobby
    asks for its list, lists Fay's table, and opens a stream again."""
    with shared_server.visit() as address:
        phone = context(browser, address, phone=True)
        try:
            ann = phone.new_page()
            visibility_held(ann)
            streams_kept(ann)
            lobby_listing_every(ann, AN_HOUR)
            ann.goto("/")
            lobby_pushed(ann)
            set_hidden(ann, True)
            assert ann.evaluate("eventStreams.map((s) => s.readyState)") == [2]  # closed
            expect(ann.locator("body")).to_have_attribute("data-push", "down")
            game_id = _opened(address, "Fay")
            row = ann.locator("#tables li", has_text=f"Table {game_id}:")
            set_hidden(ann, False)
            expect(row).to_contain_text("Fay")
            lobby_pushed(ann)
            assert ann.evaluate("eventStreams.map((s) => s.readyState)") == [2, 1]
        finally:
            phone.close()
