"""Twenty markers picking, sealed, in the SECOND race (the first one Top of the Stretch
ran and called, made official): the status waits for all twenty by name (three lines in
the page's heading), and the TV's right column holds the last race's result, its twenty
pick lines and its call's heading. Under the card the standings started below the
screen: at 1280 x 720 their heading stood alone at the bottom, at 1920 x 1080 P1's line
under it, every other marker's points below the screen. What a family on a sofa needs
is on the screen, nothing cut: the card, where everyone stands (every marker named, on a
line of its own or in the fold's one line), whose pick is awaited, the last race's title.
And once twelve have picked: the sealed note naming them ("picked so far: P1 (marker
1), ..., P12 (marker 12)") on one line widened the board's column past the screen, the
right column (whom the table waits for, the last race) pushed off its right edge.
Screenshots are kept in the test's folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    cut_at_the_bottom,
    fits_the_tv,
    frame,
    move,
    snap,
    token_of,
    tv_at,
    twenty_markers_sealed_after_a_called_race,
)

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser

MARKERS = """(selector) => [...document.querySelectorAll(selector)].map((line) => Number(line.dataset.marker))"""


def test_twenty_sealed_markers_in_the_second_race_see_the_card_the_standings_and_whom_it_waits_for(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links = twenty_markers_sealed_after_a_called_race(address)
        game_id = links["id"]
        for picked in (0, 12):
            if picked:  # twelve tickets in: the sealed note names them
                twelve_sealed_picks(address, game_id, links)
            for width, height in ((1280, 720), (1920, 1080)):
                with tv_at(browser, address, links["watch"], game_id, width, height) as tv:
                    snap(tv, tmp_path / f"sealed-second-race-{picked}-{width}.png", full_page=False)
                    assert re.search(r"P20\b", tv.locator("#status").inner_text())  # P20 awaited
                    expect(tv.locator(".dc-last h3")).to_be_visible()  # a race already called
                    fits_the_tv(
                        tv,
                        "#status",
                        ".dc-oat",
                        ".dc-card tr",
                        ".dc-standings-head",
                        ".dc-last h3",
                    )
                    assert cut_at_the_bottom(tv) == []
                    shown = tv.evaluate(MARKERS, ".dc-standings > li[data-marker]")
                    folded = tv.evaluate(MARKERS, ".dc-standings-more li[data-marker]")
                    assert sorted(shown + folded) == list(range(1, 21)), (width, shown, folded)
                    whole = ".dc-standings > li:not(.dc-standings-more), .dc-standings-more summary"
                    for line in tv.locator(whole).all():
                        expect(line).to_be_in_viewport(ratio=1)


def test_twenty_picks_shown_once_closed_keep_the_tv_within_its_screen(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """The same table, every ticket in and picks closed by the keeper: the card shows the
    picks by name, seven a horse, and its picks' column widened the board's column past
    the screen (the page 119 px too wide at 1280 x 720, 177 px at 1920 x 1080), the
    right column off its edge. The card is held to its column, the names wrapping."""
    with shared_server.visit() as address:
        links = twenty_markers_sealed_after_a_called_race(address)
        game_id = links["id"]
        horses = frame(address, game_id)["view"]["card"]["horses"]
        for marker, seat in enumerate(links["seats"][:20]):
            ticket = f"{marker + 1}|{('win', 'place', 'show')[marker % 3]}|{horses[marker % 3]}"
            move(
                address, game_id, token_of(seat["link"]), {"kind": "sealed-pick", "ticket": ticket}
            )
        keeper = token_of(links["seats"][20]["link"])
        move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
        assert (
            "P19 (win)" in frame(address, game_id)["view"]["card"]["words"]["rows"][0]["picked_by"]
        )
        for width, height in ((1280, 720), (1920, 1080)):
            with tv_at(browser, address, links["watch"], game_id, width, height) as tv:
                snap(tv, tmp_path / f"picks-closed-{width}.png", full_page=False)
                fits_the_tv(tv, ".dc-oat", ".dc-card tr", ".dc-status", ".dc-last h3")
                assert cut_at_the_bottom(tv) == []


def twelve_sealed_picks(address: str, game_id: int, links: JSON) -> None:
    """P1 to P12 send their tickets."""
    horses = frame(address, game_id)["view"]["card"]["horses"]
    for marker, seat in enumerate(links["seats"][:12]):
        ticket = f"{marker + 1}|{('win', 'place', 'show')[marker % 3]}|{horses[marker % 4]}"
        move(address, game_id, token_of(seat["link"]), {"kind": "sealed-pick", "ticket": ticket})
