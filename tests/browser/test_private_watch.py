"""A private table of friends: its opener chooses on the lobby's form whether people
with the invitation may watch while the game runs (ticked unless unticked, shown only
once the table is private); the list of the new table's links says which, and the
invitation then offers "Watch the game" live, a spectator's page that holds no seat's
secrets, or says the opener keeps that link."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import SMALL, SharedServer, fits_width, shown_secrets, snap
from tests.browser.test_stretch_race_builder import build_race

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)


def _open_private_totopoly(page: Page, watches: bool) -> dict[str, str]:
    """Ann here and an open seat for a friend, private; the new table's links by label."""
    page.goto("/")
    page.select_option("#game", "totopoly")
    rows = page.locator("#seats li")
    rows.nth(0).locator("input.seat-name").fill("Ann")
    rows.nth(1).locator("input.seat-name").fill("Guest")
    rows.nth(1).locator("select").select_option("open")
    choice = page.locator("#invitation-watches")
    expect(choice).to_be_hidden()  # a listed table is watched by anyone: nothing to choose
    page.locator("#private").check()
    expect(choice).to_be_visible()
    expect(choice).to_be_checked()  # the default for a table of friends
    box = page.locator("#invitation-watches-box").bounding_box()
    assert box is not None and box["height"] >= 44, box
    if not watches:
        page.locator("#invitation-watches-box").tap()  # a tap on the words unticks it
        expect(choice).not_to_be_checked()
    page.click("#open")
    expect(page.locator("#created")).to_be_visible()
    found: dict[str, str] = {}
    for link in page.locator("#links li a").all():
        found[link.inner_text().split(":")[0]] = str(link.get_attribute("href"))
    return found


def test_the_invitation_to_a_private_table_offers_watching_it_live(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        opener = browser.new_context(base_url=address, **SMALL)
        friend = browser.new_context(base_url=address, **SMALL)
        try:
            page = opener.new_page()
            links = _open_private_totopoly(page, watches=True)
            invitation = links["Invitation (takes an open seat, or watches the game)"]
            fits_width(page)
            snap(page, shared_server.folder / "watch-lobby.png")
            page.goto(links["Ann's seat"])  # the game runs: Ann's hand is dealt
            expect(page.get_by_role("heading", name="Your cards")).to_be_visible()

            asked = friend.new_page()
            asked.goto(invitation)
            expect(asked.locator("#join")).to_be_visible()  # a seat is still open
            watch = asked.get_by_role("link", name="Watch the game")
            expect(watch).to_be_visible()
            box = watch.bounding_box()
            assert box is not None and box["height"] >= 44, box
            fits_width(asked)
            snap(asked, shared_server.folder / "watch-invite.png")
            watch.tap()
            expect(asked.locator("body")).to_have_attribute("data-mode", "watch")
            expect(asked.locator("body")).to_have_attribute("data-version", re.compile(r"^\d+$"))
            expect(asked.get_by_role("heading", name="Your cards")).to_have_count(0)
            game_id = int(invitation.split("/")[2])
            asked.reload()  # a reload comes back to the same page
            expect(asked.locator("body")).to_have_attribute("data-version", re.compile(r"^\d+$"))
            expect(asked.locator("#status")).to_contain_text("waiting for")
            assert shown_secrets(asked, shared_server.db, game_id, None) == set()
            fits_width(asked)
            snap(asked, shared_server.folder / "watch-page.png")
        finally:
            opener.close()
            friend.close()


def test_an_opener_who_keeps_the_watch_link_is_said_so_on_the_invitation(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        opener = browser.new_context(base_url=address, **SMALL)
        try:
            page = opener.new_page()
            links = _open_private_totopoly(page, watches=False)
            invitation = links["Invitation (takes an open seat; the watch link below stays yours)"]
            assert "/watch/" in links["Spectators"]
            page.goto(invitation)
            expect(page.locator("#join")).to_be_visible()
            expect(page.locator("#watch-kept")).to_contain_text("keeps the way to watch it")
            expect(page.get_by_role("link", name="Watch the game")).to_have_count(0)
            fits_width(page)
        finally:
            opener.close()


def test_the_race_builder_offers_the_same_choice(
    browser: Browser, shared_server: SharedServer
) -> None:
    """Top of the Stretch's race builder opens tables too: the same choice, hidden until
    the race is private, and the invitation the same way."""
    with shared_server.visit() as address:
        opener = browser.new_context(base_url=address, **SMALL)
        try:
            page = opener.new_page()
            build_race(page, shared_server.folder, submit=False)
            choice = page.locator("#invitation-watches")
            expect(choice).to_be_hidden()
            page.locator("#private").check()
            expect(choice).to_be_visible()
            expect(choice).to_be_checked()
            page.locator("#invitation-watches-box").click()  # the words untick it
            expect(choice).not_to_be_checked()
            page.fill("#jockey-0", "")
            page.click("button[type=submit]")
            expect(page.locator("#created")).to_be_visible()
            invite = page.locator("#invite")
            expect(invite).to_contain_text("the watch link below stays yours")
            page.goto(str(invite.get_attribute("href")))
            expect(page.locator("#watch-kept")).to_be_visible()
            expect(page.get_by_role("link", name="Watch the game")).to_have_count(0)
        finally:
            opener.close()
