"""Each game's page on a phone is headed by the game's short name on one line (the long
title took three), the rest of the title in a smaller line under it and the whole in
the document's title."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import SharedServer, fits_width, open_table, snap
from tests.browser.test_stretch_betting_phone import new_race

from homestretch.core.protocol import JSON
from homestretch.core.registry import entry

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob")] + [{"kind": "open"}]
"""Ann's, Bob's and one open seat: the invitation's page is a join page, not a full one."""


def _tables(address: str) -> list[tuple[str, str, JSON]]:
    """A table of each game (and Totopoly's short game): its game, title and links."""
    race = new_race(address, "Heading Stakes", ("Ann", "Bea"), open_seats=1)
    made = [("stretch", f"{entry('stretch').title} (Heading Stakes, quickplay)", race)]
    configs = [
        ("across", {"players": 3}),
        ("totopoly", {"players": 3}),
        ("totopoly", {"players": 3, "short": True}),
        ("derbycast", {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper"}),
    ]
    for game, config in configs:
        links = open_table(address, {"game": game, "config": config, "seats": SEATS})
        made.append((game, entry(game).titled(config), links))
    return made


def _lines(page: Page) -> float:
    """How many lines the page's heading takes."""
    height: float = page.evaluate("""() => {
        const h1 = document.querySelector("h1");
        return h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight);
    }""")
    return height


def test_each_game_is_headed_by_its_short_name_on_a_phone(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        for n, (game, title, links) in enumerate(_tables(address)):
            name, rest = title.split(": ", 1)
            page = phone()
            page.goto(links["seats"][0]["link"])
            # the whole title kept (after "Your turn · " while it is the seat's turn)
            expect(page).to_have_title(re.compile(rf"^(Your turn · )?{re.escape(title)}: table {links['id']}$"))  # fmt: skip
            expect(page.locator("header h1")).to_have_text(name)
            expect(page.locator("header .subtitle")).to_have_text(rest)
            assert _lines(page) < 1.5, f"{title}: {_lines(page):.1f} lines"
            fits_width(page)
            snap(page, shared_server.folder / f"heading-{n}-{game}.png", full_page=False)
            if "invite" in links:  # the invitation's page likewise
                page.goto(links["invite"])
                expect(page).to_have_title(f"{title}: join table {links['id']}")
                expect(page.locator("h1")).to_have_text(f"{name}: join table {links['id']}")
                expect(page.locator(".subtitle")).to_have_text(rest)
                assert _lines(page) < 2.5, f"{title}: {_lines(page):.1f} lines to join"
                snap(page, shared_server.folder / f"join-{n}-{game}.png", full_page=False)
