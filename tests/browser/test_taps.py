"""Taps as a person at a table makes them on a phone (table.js, "A tap meant for one
decision never lands on the next"): a quick double tap makes one move, whether the
second tap comes to the same button before the move's frame arrives or to the button
the new frame drew in its place; two players betting at once both have their bets made
(docs/architecture.md, "Moves made at once"); the fold-open headings and the fields are
tap targets of 44 px at least."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, Route, expect
from tests.browser.table_pages import API, SharedServer, context, frame, shows, snap, token_of
from tests.browser.test_stretch_betting_phone import bet, new_race

pytestmark = pytest.mark.browser
BOB_AND_BOTS = [
    {"kind": "bot", "bot": "sensible", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
]


def _moves_sent(page: Page) -> list[Request]:
    """The moves ``page`` sends from now on, as they are sent."""
    sent: list[Request] = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/moves") else None)
    return sent


def _bob(browser: Browser, address: str) -> tuple[Page, int, str]:
    """Totopoly with Bob the one person: his phone, the table and his token."""
    request = {"game": "totopoly", "config": {"players": 3}, "seats": BOB_AND_BOTS, "seed": 11}
    links = API.post(f"{address}/api/tables", json=request).json()
    page = context(browser, address, phone=True).new_page()
    page.goto(links["seats"][0]["link"])
    return page, int(links["id"]), token_of(links["seats"][0]["link"])


TAP_WHAT_IS_DRAWN = """(before) => { window.tapped = (async () => {
  // as soon as the page has drawn the frame after ``before`` with a move in it (and
  // heard the answer to the move), a finger lands where its first move button is:
  // hit-tested as a real tap is. Said back: the version drawn and how long after the
  // button was first seen (at most a frame after it was drawn) the tap came.
  let seen = null;
  await new Promise((done) => {
    const look = () => {
      const drawn = document.body.dataset.version !== before && document.querySelector("#tp-moves button");
      if (drawn && seen === null) seen = performance.now();
      if (drawn && !document.body.classList.contains("moving")) done(); else requestAnimationFrame(look);
    };
    look();
  });
  const button = document.querySelector("#tp-moves button");
  button.scrollIntoView({ block: "center" });
  const box = button.getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  const hit = document.elementFromPoint(x, y);
  const late = performance.now() - seen;
  hit.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, clientX: x, clientY: y }));
  return [document.body.dataset.version, late];
})(); }"""
SOON = 150
"""ms after a button was drawn that a tap surely comes within table.js's SETTLE (200)."""


def test_a_double_tap_makes_one_move_in_totopoly(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Bob taps a move twice, quickly: the second tap, on the same button before the
    move's frame arrives, is not sent (it went to his next decision, or was refused
    there); a tap landing on a button the next frame drew a moment ago is not taken
    either; a tap after that moment is."""
    with shared_server.visit() as address:
        page, game_id, token = _bob(browser, address)
        seen = frame(address, game_id, token)
        assert seen["your_turn"]
        shows(page, seen["version"])
        sent = _moves_sent(page)
        page.locator("#tp-moves button").first.dblclick()
        # the move drawn before the server is read (read at once, it could be before the
        # move arrived: the version it had, "not past it")
        expect(page.locator("body")).not_to_have_attribute("data-version", str(seen["version"]))
        after = frame(address, game_id, token)
        assert after["version"] > seen["version"] and after["your_turn"], after["waiting"]
        shows(page, after["version"])
        page.wait_for_timeout(300)  # a second move would have been sent by now
        assert len(sent) == 1, [r.post_data for r in sent]
        expect(page.locator("#error")).to_be_hidden()

        # his next move, and at once a tap on what the frame after it draws (again on
        # the next decision if the machine was too slow to tap that soon)
        for _ in range(5):
            now = frame(address, game_id, token)["version"]
            shows(page, now)
            page.wait_for_timeout(300)  # the buttons of this frame settled
            made = len(sent)
            page.evaluate(TAP_WHAT_IS_DRAWN, str(now))  # the finger ready
            page.locator("#tp-moves button").first.click()
            drawn, late = page.evaluate("window.tapped")
            page.wait_for_timeout(300)  # a move the tap made would have been sent by now
            if late < SOON:
                assert len(sent) == made + 1, [r.post_data for r in sent[made:]]
                break
        else:
            pytest.fail("no tap came soon enough after a frame was drawn")
        assert frame(address, game_id, token)["version"] == int(drawn)
        made = len(sent)
        page.locator("#tp-moves button").first.click()  # looked at, then tapped: taken
        expect(page.locator("body")).not_to_have_attribute("data-version", drawn)
        assert len(sent) == made + 1
        expect(page.locator("#error")).to_be_hidden()


def test_a_double_tap_buys_one_ticket_at_the_windows(
    browser: Browser, shared_server: SharedServer
) -> None:
    """ "Buy the ticket" tapped twice: one ticket (the window stays open after a bet, so
    the second tap was a second bet); "Done betting" straight after still counts."""
    with shared_server.visit() as address:
        links = new_race(address, "Twice Tapped", ("Ann",))
        game_id = int(links["id"])
        page = context(browser, address, phone=True).new_page()
        page.goto(links["seats"][0]["link"])
        expect(page.locator("#bet-done")).to_be_visible()
        seen = frame(address, game_id)["version"]
        page.select_option("#bet-pool", "show")
        page.select_option("#bet-horse", "2")
        page.fill("#bet-dollars", "10")
        page.locator("#stretch-bet button[type=submit]").dblclick()
        shows(page, seen + 1)
        page.wait_for_timeout(500)
        tickets = frame(address, game_id)["view"]["tote"]["tickets"]
        assert [(t["pool"], t["post"], t["dollars"]) for t in tickets] == [("show", 2, 10)]
        expect(page.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $10 show #2")


def test_two_players_betting_at_once_both_have_their_bets(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Ann and Bea bet at the same moment: Bea's bet reaches the server just after Ann's
    (held on its way until Ann's is made). A bet on the tote means the same whoever bet
    first, so Bea's is made as she sent it, not refused as stale to be pressed again."""
    with shared_server.visit() as address:
        links = new_race(address, "At Once", ("Ann", "Bea"))
        game_id = int(links["id"])
        ann, bea = (context(browser, address, phone=True).new_page() for _ in range(2))
        for page, seat in ((ann, 0), (bea, 1)):
            page.goto(links["seats"][seat]["link"])
            expect(page.locator("#bet-done")).to_be_visible()
        seen = frame(address, game_id)["version"]
        held: list[Route] = []  # her first move, held on its way; any after it goes

        def hold(route: Route) -> None:
            if held:
                route.continue_()
            else:
                held.append(route)

        bea.route("**/moves", hold)
        bet(bea, "show", 2, 4)
        for _ in range(1000):  # a bound on waiting (20 s), not a measurement
            if held:
                break
            bea.wait_for_timeout(20)
        else:
            pytest.fail("Bea's bet never left her page")
        bet(ann, "win", 1, 10)
        shows(ann, seen + 1)
        with bea.expect_response("**/moves") as answer:
            held[0].continue_()
        assert answer.value.ok, answer.value.text()
        shows(bea, seen + 2)
        tickets = frame(address, game_id)["view"]["tote"]["tickets"]
        assert sorted((t["seat"], t["pool"], t["post"], t["dollars"]) for t in tickets) == [
            (0, "win", 1, 10),
            (1, "show", 2, 4),
        ]
        expect(bea.locator("#stretch-bet .stretch-says")).to_have_text("Your tickets: $4 show #2")
        expect(bea.locator("#stretch-bet .stretch-refused")).to_be_hidden()
        expect(bea.locator("#error")).to_be_hidden()


SMALL_TARGETS = """() => [...document.querySelectorAll("summary, button, select, input:not([type=checkbox])")]
  .filter((node) => node.getClientRects().length)
  .map((node) => [node.textContent.trim().slice(0, 30) || node.id || node.className, node.getBoundingClientRect().height])
  .filter(([, height]) => height < 44)"""


def test_fold_open_headings_and_fields_are_big_enough_to_tap(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """On a phone, every heading that folds open ("Moves", "The table") and every field
    is 44 px tall at least (the headings were 25 px), at the windows and in Totopoly."""
    with shared_server.visit() as address:
        links = new_race(address, "Big Enough", ("Ann",))
        page = context(browser, address, phone=True).new_page()
        page.goto(links["seats"][0]["link"])
        expect(page.locator("#bet-done")).to_be_visible()
        assert page.evaluate(SMALL_TARGETS) == []
        bob, _, _ = _bob(browser, address)
        expect(bob.locator("#tp-moves button").first).to_be_visible()
        expect(bob.locator("#turn-fold > summary")).to_be_visible()
        assert bob.evaluate(SMALL_TARGETS) == []
        snap(bob, tmp_path / "totopoly-phone.png")
