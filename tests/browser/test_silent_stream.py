"""A table's stream that dies without a word (a phone changing networks, a proxy dropping
a quiet connection: no error, no end, just nothing more) is noticed by the page, which
hears an ``alive`` event at the server's interval when nothing else happens: it says
"reconnecting...", asks for the table, opens its stream again and shows the moves made
meanwhile and after."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from tests.browser.relay import Relay
from tests.browser.table_pages import ALIVE, SMALL, frame, move, open_table, shows, token_of
from tests.conftest import serving

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser
FRIENDS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cat")]
TOTOPOLY = {"game": "totopoly", "config": {"players": 3}, "seats": FRIENDS, "seed": 4}


def _mover(address: str, links: JSON) -> str:
    """The token of the seat whose turn it is."""
    seats = [token_of(seat["link"]) for seat in links["seats"]]
    return next(t for t in seats if frame(address, links["id"], t)["your_turn"])


def test_a_stream_dead_without_a_word_is_opened_again(
    browser: Browser, quick_server: str, tmp_path: Path
) -> None:
    """Cat watches her seat's page while its stream goes silent (the relay between her
    phone and the server passes nothing more, and closes nothing); Ann moves meanwhile.
    Within a few of the server's intervals the page says "reconnecting...", draws Ann's
    move, and its new stream brings the next move as it is made."""
    address = quick_server
    links = open_table(address, TOTOPOLY)
    game_id = links["id"]
    relay = Relay(address)
    context = browser.new_context(base_url=relay.address, **SMALL)
    try:
        page = context.new_page()
        page.goto(links["seats"][2]["link"])
        shows(page, frame(address, game_id)["version"])
        page.wait_for_function(f"aliveEvery === {ALIVE}")  # the server's interval heard
        page.evaluate("""() => {  // every status the page shows, kept (some last a second)
          window.said = [];
          new MutationObserver(() => said.push(document.getElementById("status").textContent))
            .observe(document.getElementById("status"), { childList: true, characterData: true, subtree: true });
        }""")
        assert relay.silence() == 1
        mover = _mover(address, links)
        made = move(address, game_id, mover, frame(address, game_id, mover)["legal"][0]["action"])
        shows(page, made)  # asked for once the silence was noticed
        assert "reconnecting\u2026" in page.evaluate("said")
        expect(page.locator("#status")).not_to_have_text("reconnecting\u2026")  # connected
        assert relay.events_asked() >= 2  # a new stream opened
        mover = _mover(address, links)
        then = move(address, game_id, mover, frame(address, game_id, mover)["legal"][0]["action"])
        shows(page, then)  # pushed on the new stream
    finally:
        context.close()
        relay.close()


def _hold_soon(page: Page) -> datetime:
    """Hold the page's clock 50 ms on from its reading (well inside the stream's
    watch, so no watch fires meanwhile), and say that reading. The clock runs on
    between reading it and holding it: on a loaded machine more than 50 ms went by
    ("Cannot fast-forward to the past"), so such a miss reads the clock again."""
    for attempt in range(10):
        now = datetime.fromtimestamp(page.evaluate("Date.now()") / 1000, UTC)
        try:
            page.clock.pause_at(now + timedelta(milliseconds=50))
            return now
        except PlaywrightError as error:
            if "to the past" not in str(error) or attempt == 9:
                raise
    raise AssertionError("unreachable")


def test_a_page_that_slept_opens_its_silent_stream_again_when_shown(
    browser: Browser, quick_server: str
) -> None:
    """Cat's phone sleeps in her pocket: its timers stop (the page's clock held), its
    stream goes silent meanwhile, and an hour passes. Shown again, the page sees by the
    clock that its stream has been silent too long and opens another at once, not when
    its sleeping watch would have come: the moves made from then on are pushed to it."""
    address = quick_server
    links = open_table(address, TOTOPOLY)
    game_id = links["id"]
    relay = Relay(address)
    context = browser.new_context(base_url=relay.address, **SMALL)
    try:
        page = context.new_page()
        start = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)
        page.clock.install(time=start)
        page.goto(links["seats"][2]["link"])
        shows(page, frame(address, game_id)["version"])
        now = _hold_soon(page)  # asleep: no timer fires
        assert relay.silence() == 1
        page.clock.set_system_time(now + timedelta(hours=1))  # the clock goes on
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # woken
        mover = _mover(address, links)
        made = move(address, game_id, mover, frame(address, game_id, mover)["legal"][0]["action"])
        shows(page, made)  # pushed on the stream opened again (the old one passes nothing)
        assert relay.events_asked() == 2
        expect(page.locator("#status")).not_to_have_text("reconnecting\u2026")
    finally:
        context.close()
        relay.close()


@pytest.fixture(scope="module")
def patient_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose quiet streams say they are alive every 40 seconds (longer than
    the 15 a page was once written for)."""
    folder = tmp_path_factory.mktemp("server")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("HOMESTRETCH_CACHE", str(folder / "exact-odds"))
        env.setenv("HOMESTRETCH_KEEP_ALIVE", "40")
        with serving(str(folder / "games.sqlite"), folder) as address:
            yield address


def test_a_page_watches_for_the_servers_own_silence_from_the_start(
    browser: Browser, patient_server: str
) -> None:
    """Served by a server whose keep-alive comes every 40 seconds, Ann's page waits for
    a silence of that server's, not of 15 seconds' guess, from the moment it opens: a
    minute passes without a word on a sound stream (its first ``alive`` not yet due)
    and the page neither says "reconnecting..." nor opens its stream again."""
    address = patient_server
    links = open_table(address, TOTOPOLY)
    context = browser.new_context(base_url=address, **SMALL)
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.clock.install(time=datetime(2026, 12, 5, 20, 0, tzinfo=UTC))
        page.goto(links["seats"][0]["link"])
        shows(page, frame(address, links["id"])["version"])
        assert page.evaluate("aliveEvery") == 40
        page.clock.run_for(60_000)  # a quiet minute, on the page's clock
        expect(page.locator("#status")).not_to_have_text("reconnecting\u2026")
        assert sum("/events" in url for url in asked) == 1
    finally:
        context.close()


def test_a_finished_table_is_not_asked_for_again_when_its_board_fails(
    browser: Browser, patient_server: str
) -> None:
    """A finished game's stream sends its last frame (and stays open: who comes and
    goes). Should the game's board fail to draw that frame (an old page, a board's bug),
    the page still takes it as the last: it says the game is over and does not open its
    stream again and again ("reconnecting..." for as long as the page is open)."""
    address = patient_server  # no keep-alive due in the page's minute
    seats = [{"kind": "bot", "bot": "random", "name": name} for name in ("Robo", "Rita")]
    links = open_table(address, {"game": "totopoly", "config": {"players": 2}, "seats": seats})
    assert frame(address, links["id"])["over"]
    context = browser.new_context(base_url=address, **SMALL)
    try:
        page = context.new_page()
        failing = "window.homestretchBoard = () => { throw new Error('a board that fails'); };"
        page.route("**/static/games/totopoly.js", lambda route: route.fulfill(body=failing))
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.clock.install(time=datetime(2026, 12, 5, 20, 0, tzinfo=UTC))
        page.goto(links["watch"])
        expect(page.locator("#status")).to_have_text("the game is over")
        page.clock.run_for(60_000)  # a minute on the page's clock: any retry comes
        expect(page.locator("#status")).to_have_text("the game is over")
        assert sum("/events" in url for url in asked) == 1
    finally:
        context.close()
