"""The lobby walked as each game's host, on a phone (390 x 844) and a laptop (1280 x
800): a table opened with Ann here and an open seat, the page saying what to do next;
a guest joins from the invitation and is seated by name; Ann's seat shows the game. A
choice whose words the select cuts (a race with its distance, on a phone) is said whole
under it; the creator's link promises typed dice only where they are typed there."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    PHONE,
    SharedServer,
    fits_width,
    frame,
    more_settings,
    shows,
    snap,
)

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)

SCREENS: dict[str, dict[str, Any]] = {
    "phone": PHONE,
    "laptop": {"viewport": {"width": 1280, "height": 800}},
}
NEXT = (
    "Send the invitation to whoever is to take the open seat: Copy it, then paste it into a "
    "message. Then open Ann's seat to play."
)


@pytest.fixture
def screens(browser: Browser, shared_server: SharedServer) -> Iterator[list[Page]]:
    """Two pages, the host's and the guest's, each a browser of its own (closed after);
    the screen is set by the test (``use``)."""
    made: list[Page] = []
    yield made
    for page in made:
        page.context.close()


def use(browser: Browser, address: str, screen: str, made: list[Page]) -> Page:
    made.append(browser.new_context(base_url=address, **SCREENS[screen]).new_page())
    return made[-1]


@pytest.mark.parametrize("screen", ["phone", "laptop"])
@pytest.mark.parametrize("game", ["stretch", "across", "totopoly", "derbycast"])
def test_a_host_opens_a_table_and_a_guest_joins_from_the_invitation(
    browser: Browser,
    shared_server: SharedServer,
    screens: list[Page],
    game: str,
    screen: str,
    tmp_path: Path,
) -> None:
    with shared_server.visit() as address:
        host = use(browser, address, screen, screens)
        host.goto("/")
        host.select_option("#game", game)
        host.locator("#seat-0-name").fill("Ann")
        host.select_option("#seat-1-who", "open")
        fits_width(host)
        host.get_by_role("button", name="Open the table").click()
        expect(host.locator("#created")).to_be_visible()
        expect(host.locator("#created-next")).to_have_text(NEXT)
        creator = host.locator("#links a", has_text="Creator")
        expect(creator).to_contain_text("Creator (hand seats to the computer):")  # no dice
        fits_width(host)
        snap(host, tmp_path / f"created-{game}-{screen}.png")
        invite = str(host.locator("#links a", has_text="Invitation").get_attribute("href"))
        ann = str(host.locator("#links a", has_text="Ann's seat").get_attribute("href"))
        game_id = int(ann.split("/")[2])

        guest = use(browser, address, screen, screens)
        guest.goto(invite)
        guest.fill("#name", "Bob")
        guest.get_by_role("button", name="Take a seat").click()
        expect(guest).to_have_url(re.compile("/seat/"))
        seated = frame(address, game_id)
        assert [(s["name"], s["kind"]) for s in seated["seats"][:2]] == [
            ("Ann", "person"),
            ("Bob", "person"),
        ]
        shows(guest, seated["version"])
        host.goto(ann)
        shows(host, frame(address, game_id)["version"])
        fits_width(guest)
        snap(guest, tmp_path / f"guest-{game}-{screen}.png")


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_a_choice_cut_by_its_select_is_said_whole_under_it(
    browser: Browser, shared_server: SharedServer, screens: list[Page], screen: str
) -> None:
    """Top of the Stretch's race, "Champagne Stakes (6 horses, 1 mile on dirt)", is cut
    by its select on a phone: said whole under it there, not on a laptop; the version's
    words fit either way. A folded choice is said when unfolded (Totopoly's exchange)."""
    with shared_server.visit() as address:
        host = use(browser, address, screen, screens)
        host.goto("/")
        host.select_option("#game", "stretch")
        race = host.locator("#setting-race + .chosen-whole")
        words = "Champagne Stakes (6 horses, 1 mile on dirt)"
        if screen == "phone":
            expect(race).to_be_visible()
            expect(race).to_have_text(words)
        else:
            expect(race).to_be_hidden()
        expect(host.locator("#setting-mode + .chosen-whole")).to_be_hidden()
        host.select_option("#game", "totopoly")
        more_settings(host)
        exchange = host.locator("#setting-rules-small_table_exchange + .chosen-whole")
        if screen == "phone":
            expect(exchange).to_have_text("every player exchanges a card with the dummy")
            host.select_option("#setting-rules-small_table_exchange", label="nobody exchanges")
        expect(exchange).to_be_hidden()
        host.select_option("#game", "across")  # a list's rows are left as they are
        host.get_by_role("button", name="Add to Tracks").click()
        expect(host.locator(".list-row select")).to_have_count(1)
        host.locator("#more > summary").click()  # folded and unfolded: said again
        more_settings(host)
        expect(host.locator(".list-row select")).to_be_visible()
        expect(host.locator(".list-row .chosen-whole")).to_have_count(0)
