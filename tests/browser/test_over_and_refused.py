"""The pages a link opens when there is no table to play at: a finished table's
invitation ("This game is over") and a refused link. On the smallest phone (375 px) each
way on is a touch target, and a private table's invitation, once the game is over, takes
its holder to watch and replay it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    API,
    SMALL,
    SharedServer,
    fits_width,
    frame,
    open_table,
    snap,
    token_of,
)

pytestmark = pytest.mark.browser
BOTS = [
    {"kind": "bot", "bot": "random", "name": "R1"},
    {"kind": "bot", "bot": "sensible", "name": "S2"},
]
TAP = 44
"""The least height and width of a touch target, in CSS pixels (the site's buttons')."""


def _finished(address: str, private: bool) -> dict[str, Any]:
    """A Totopoly table of two computer players, over as soon as it opens."""
    request = {"game": "totopoly", "config": {"players": 2}, "seats": BOTS, "seed": 9}
    links = open_table(address, {**request, "private": private})
    key = token_of(links["watch"]) if private else None
    assert frame(address, links["id"], key)["over"]
    return links


def _small_links(page: Page) -> list[str]:
    """The links on the page smaller than a fingertip, each with its size."""
    found: list[str] = page.evaluate(
        """(tap) => [...document.querySelectorAll("a")]
        .map((a) => [a.textContent.trim(), a.getBoundingClientRect()])
        .filter(([, box]) => box.height < tap || box.width < tap)
        .map(([text, box]) => `${text}: ${box.width.toFixed(0)}x${box.height.toFixed(0)}`)""",
        TAP,
    )
    return found


def test_a_private_tables_invitation_leads_to_watching_and_replaying_once_over(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = _finished(address, private=True)
        game_id, key = links["id"], token_of(links["watch"])
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto(links["invite"])
            expect(page.locator("#over")).to_contain_text("This game is over")
            snap(page, shared_server.folder / "over-private.png")
            page.get_by_role("link", name="See how it ended").tap()
            expect(page).to_have_url(f"{address}/t/{game_id}/watch/{key}")
            expect(page.locator("body")).to_have_attribute(
                "data-version", str(frame(address, game_id, key)["version"])
            )
            expect(page.locator("#result-box")).to_be_visible()
            replay = page.locator("#replay-link")  # at the foot of the finished table
            expect(replay).to_be_visible()
            size = replay.bounding_box()
            assert size is not None and size["height"] >= TAP, size
            page.go_back()
            fits_width(page)
            assert _small_links(page) == []
            page.get_by_role("link", name="Replay it move by move").tap()
            expect(page.locator("#replay-controls")).to_be_visible()
            expect(page.locator("#status")).to_have_text("replay")
            expect(page.locator("#error")).to_be_hidden()
        finally:
            phone.close()


def test_the_ways_on_from_over_and_refused_pages_are_touch_targets(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = _finished(address, private=False)
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto(links["invite"])
            expect(page.locator("#over")).to_be_visible()
            expect(page.locator("a")).to_have_count(3)  # watch, replay, the lobby
            assert _small_links(page) == []
            fits_width(page)
            page.goto(f"/t/{links['id']}/seat/not-a-seat")
            expect(page.locator("#error")).to_be_visible()
            snap(page, shared_server.folder / "refused.png")
            expect(page.locator("a")).to_have_count(1)
            assert _small_links(page) == []
            page.get_by_role("link", name="Go to the lobby").tap()
            expect(page.locator("#tables")).to_be_visible()
        finally:
            phone.close()


def test_an_invitation_to_a_full_table_says_so_and_a_seat_taken_first_is_said(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Every seat taken when the invitation is opened: said at once, with the way to watch
    (a listed table). The last seat taken by someone else while the page was open: the
    refusal reads as a sentence."""
    with shared_server.visit() as address:
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "open", "name": "Guest"}]
        request = {"game": "totopoly", "config": {"players": 2}, "seats": seats}
        links = open_table(address, request)
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            page = phone.new_page()
            page.goto(links["invite"])
            expect(page.locator("#name")).to_be_visible()
            taken = API.post(
                f"{address}/api/tables/{links['id']}/join",
                json={"invite": token_of(links["invite"]), "name": "Cleo"},
            )
            assert taken.status_code == 200, taken.text
            page.fill("#name", "Dan")
            page.get_by_role("button", name="Take a seat").tap()
            expect(page.locator("#error")).to_have_text("Every seat at this table is taken.")
            page.reload()  # opened again: said before a name is typed
            expect(page.locator("#full")).to_have_text(
                "Every seat at this table is taken: you can watch the game instead."
            )
            expect(page.locator("#name")).to_have_count(0)
            snap(page, shared_server.folder / "full.png", full_page=False)
            assert _small_links(page) == []
            page.get_by_role("link", name="Watch the game").tap()
            expect(page).to_have_url(f"{address}/t/{links['id']}/watch")
            expect(page.locator("#status")).not_to_have_text("connecting\u2026")
        finally:
            phone.close()
